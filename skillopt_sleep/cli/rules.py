"""`skillopt-sleep rules`: the rules ledger — every rule a night proposed, where it came from,
its measured effect on held-out tasks and what became of it."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from skillopt_sleep.cli.args import config_from_args
from skillopt_sleep.proposals import ledger
from skillopt_sleep.store import Store


def register(sub, parent) -> None:
    p = sub.add_parser("rules", parents=[parent], help="list the rules ledger: source, measured effect, status")
    p.add_argument("--night", help="only the rules of this night")
    p.add_argument("--status", choices=ledger.STATUSES, help="only rules with this status")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    config = config_from_args(args)
    skill = str(Path(config["skill"]).expanduser()) if config["skill"] else None
    with Store(config["store.path"]) as store:
        items = ledger.entries(store, skill_path=skill, night_id=args.night)
    if args.status:
        items = [item for item in items if item.status == args.status]
    print(json.dumps([asdict(i) for i in items], indent=2) if args.json else ledger.render(items))
    return 0
