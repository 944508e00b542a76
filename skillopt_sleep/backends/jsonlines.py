"""The JSON objects an agent CLI printed one a line (its event stream), other lines skipped."""

from __future__ import annotations

import json


def json_lines(stdout: str) -> list[dict]:
    events = []
    for line in stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            events.append(value)
    return events
