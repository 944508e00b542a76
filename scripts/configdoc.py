"""The configuration reference (docs/configuration.md), written from the config schema so the
document cannot drift from the keys the engine accepts: `python scripts/configdoc.py`."""

from __future__ import annotations

import sys

from skillopt_sleep.config import ENV_PREFIX, PROJECT_FILE, SCHEMA, Key

INTRO = f"""# Configuration reference

Precedence, lowest first: the defaults below < the user file (`config.yaml` in the platform
config dir) < the project's `{PROJECT_FILE}` < `{ENV_PREFIX}*` environment variables (a dot
becomes a double underscore: `{ENV_PREFIX}NIGHT__EDIT_BUDGET=2`) < flags (`--set night.edit_budget=2`).
An unknown key or a bad value is an error naming the file and key; `skillopt-sleep config` prints
the effective value of every key and where it came from. `SKILLOPT_SLEEP_HOME` moves every file
the tool writes (store, staging, backups, logs) under one folder.

This page is generated from the schema in `skillopt_sleep/config.py`:
`python scripts/configdoc.py > docs/configuration.md`.
"""


def _type_name(spec: Key) -> str:
    kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
    name = " or ".join(k.__name__ for k in kinds)
    return f"{name} or null" if spec.nullable else name


def _default(spec: Key) -> str:
    if spec.default is None:
        return "unset"
    if isinstance(spec.default, bool):
        return "true" if spec.default else "false"
    return f"`{spec.default!r}`" if isinstance(spec.default, (list, str)) else f"`{spec.default}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _allowed(spec: Key) -> str:
    parts = []
    if spec.choices:
        parts.append("one of " + ", ".join(f"`{c}`" for c in spec.choices))
    if spec.minimum is not None:
        parts.append(f"at least {spec.minimum:g}")
    return "; ".join(parts)


def reference_markdown() -> str:
    sections: dict[str, list[str]] = {}
    for key, spec in SCHEMA.items():
        group = key.split(".", 1)[0] if "." in key else "general"
        allowed = _allowed(spec)
        row = f"| `{key}` | {_type_name(spec)} | {_default(spec)} | {_cell(spec.help)}{'; ' + allowed if allowed else ''} |"
        sections.setdefault(group, []).append(row)
    out = [INTRO]
    for group, rows in sections.items():
        out += [f"## {group}", "", "| key | type | default | what it does |", "|---|---|---|---|", *rows, ""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(reference_markdown())
