"""`skillopt-sleep rules`: the rules ledger - every rule a night proposed, where it came from,
its measured effect and what became of it: one entry per rule with its history across nights
(`--night`: that night's entries alone)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep import api
from skillopt_sleep.api.rules import histories, ledger, one_per_rule


def register(sub, parent) -> None:
    p = sub.add_parser("rules", parents=[parent], help="the rules the nights proposed, their effect and status")
    p.add_argument("--night", metavar="ID", help="only the rules of this night")
    p.add_argument("--all-skills", action="store_true", help="every skill's rules, not only --skill's")
    p.add_argument("--status", choices=ledger.STATUSES, help="only rules with this status")
    add_json_option(p)
    p.set_defaults(func=run_rules)


def run_rules(args) -> int:
    config = config_from_args(args)
    with api.Places.from_config(config).open_store() as store:
        items = one_per_rule(ledger.entries(store, night_id=args.night))
        if config["skill"] and not args.all_skills:
            # Nights record the skill path as they were given it: compare the files, not the spellings.
            wanted = Path(config["skill"]).expanduser().resolve()
            items = [item for item in items if Path(item.skill_path).expanduser().resolve() == wanted]
        folded = {id(h.latest): h for h in histories(store, items)} if not args.night else {}
    if folded:
        items = [item for item in items if id(item) in folded]
    if args.status:
        items = [item for item in items if item.status == args.status]
    if args.json:
        print(json.dumps([{**dataclasses.asdict(item), **({"history": folded[id(item)].to_dict()} if folded else {})}
                          for item in items], indent=2, ensure_ascii=False))
    else:
        shown = {key: h.words() for key, h in folded.items() if len(h.nights) > 1 or h.rejected_by_you}
        print(ledger.render(items, shown))
    return 0
