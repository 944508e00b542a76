"""`skillopt-sleep skills`: each skill the recorded sessions used, and the SKILL.md it resolves
to, or why it does not resolve (missing, ambiguous). Only resolved skills get nights."""

from __future__ import annotations

import json

from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep import api
from skillopt_sleep.api.rules import describe, resolutions


def register(sub, parent) -> None:
    p = sub.add_parser("skills", parents=[parent], help="the skills the sessions used and the SKILL.md each resolves to")
    add_json_option(p)
    p.set_defaults(func=run)


def run(args) -> int:
    config = config_from_args(args)
    with api.Places.from_config(config).open_store() as store:
        found = resolutions(store)
    if args.json:
        print(json.dumps([r.to_dict() for r in found], indent=2, ensure_ascii=False))
        return 0
    if not found:
        print("No recorded session used a skill yet.")
        return 0
    for resolution in found:
        print(describe(resolution))
    unresolved = sum(1 for r in found if not r.resolved)
    if unresolved:
        print(f"{unresolved} skill use(s) do not resolve to one SKILL.md; their tasks get no night")
    return 0
