"""A guardrail file as the safety screen reads it: the rule each of its guardrails states, one a
line, in words (a deny rule or a Codex rule is a rule about what the agent may run, and the screen
judges rules). What the file holds beyond the guardrail forms is the user's and left out."""

from __future__ import annotations

import json
import re

from skillopt_sleep.guardrails import claude
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, PATH, Guardrail, guardrail

_CODEX = re.compile(r'prefix_rule\(pattern=(\[[^\]\n]*\]), decision="forbidden", justification=("[^"\n]*")\)')


def _json(text: str) -> dict:
    try:
        data = json.loads(text) if text.strip() else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def guardrails_in(name: str, text: str) -> list[Guardrail]:
    """The guardrails a file of one of the forms states (by the file's name)."""
    data = _json(text) if name.endswith(".json") else {}
    found: list[Guardrail | None] = []
    if name.startswith("settings"):
        deny = (data.get("permissions") or {}).get("deny") if isinstance(data.get("permissions"), dict) else None
        prefixes, globs = claude.parse_rules([r for r in deny if isinstance(r, str)] if isinstance(deny, list) else [])
        found += [guardrail(COMMAND, " ".join(p)) for p in prefixes] + [guardrail(PATH, g) for g in globs]
    elif name.endswith("finish-checks.json"):  # Claude Code's data, and Codex's
        checks = data.get("checks")
        found += [guardrail(FINISH_CHECK, c) for c in checks if isinstance(c, str)] if isinstance(checks, list) else []
    elif name.endswith(".rules"):
        for match in _CODEX.finditer(text):
            try:
                words, why = json.loads(match.group(1)), json.loads(match.group(2))
            except ValueError:
                continue
            instead = why.removeprefix("Use ").split(" instead of ")[0] if " instead of " in why else ""
            found.append(guardrail(COMMAND, " ".join(w for w in words if isinstance(w, str)), instead))
    elif name == "opencode.json":
        permission = data.get("permission") if isinstance(data.get("permission"), dict) else {}
        bash, edit = permission.get("bash"), permission.get("edit")
        found += [guardrail(COMMAND, p) for p, d in (bash.items() if isinstance(bash, dict) else []) if d == "deny" and "*" not in p]
        found += [guardrail(PATH, p) for p, d in (edit.items() if isinstance(edit, dict) else []) if d == "deny"]
    return list(dict.fromkeys(g for g in found if g is not None))


def as_rules(name: str, text: str) -> str:
    """The rules a guardrail file states, as the screen reads a skill's lines."""
    return "".join(f"- {g.reason()}.\n" for g in guardrails_in(name, text))
