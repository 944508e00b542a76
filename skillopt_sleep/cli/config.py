"""`skillopt-sleep config`: the effective configuration and where each value came from."""

from __future__ import annotations

import json

from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.config import render


def register(sub, parent) -> None:
    p = sub.add_parser("config", parents=[parent], help="print the effective config and each value's source")
    add_json_option(p, "print JSON instead of a table")
    p.set_defaults(func=run)


def run(args) -> int:
    config = config_from_args(args)
    if args.json:
        print(json.dumps({k: {"value": v, "source": config.sources[k]} for k, v in config.snapshot().items()}, indent=2))
    else:
        print(render(config))
    return 0
