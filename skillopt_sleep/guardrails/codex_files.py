"""The restrictions a project's own Codex files put in force, as Codex reads them: each
`prefix_rule(..., decision="forbidden")` of `.codex/rules/*.rules` (in the files' name order,
since Codex names the first forbidding rule), and the finish guard's checks where its Stop hook is
in `.codex/hooks.json`. Only restrictions are read: an `allow` rule widens nothing Codex would
forbid (its strictest decision wins) and a `prompt` rule asks a person a replay does not have.

A rule's words are kept: its justification, or Codex's own words where it has none. A pattern's
alternatives (`["git", ["push", "fetch"]]`) are one rule each. What cannot be read as Codex reads
it (a file that is not plain literal calls, a word a shell would split) forbids nothing here."""

from __future__ import annotations

import ast
import itertools
import json
import re
from pathlib import Path

from skillopt_sleep.guardrails import finish_guard
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, Guardrail, guardrail

RULES = Path(".codex") / "rules"
HOOKS = Path(".codex") / "hooks.json"
_MAX = 1 << 20
_MAX_FILES = 64
_MAX_ALTERNATIVES = 256  # one rule's pattern, its alternatives multiplied out
_GUARD = re.compile(r"finish_guard\.py['\"]?\s+--agent\s+" + finish_guard.CODEX + r"\b")


def _text(path: Path) -> str:
    try:
        if not path.is_file() or path.is_symlink():
            return ""
        with path.open("rb") as handle:
            return handle.read(_MAX).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _calls(text: str) -> list[dict]:
    """The keyword arguments of each top-level `prefix_rule(...)` whose arguments are literals."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    found = []
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "prefix_rule"):
            continue
        try:
            found.append({k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg})
        except (ValueError, SyntaxError, TypeError):
            continue
    return found


def _patterns(pattern: object) -> list[list[str]]:
    """Each word list a pattern matches the start of, its alternatives multiplied out."""
    if not isinstance(pattern, list) or not pattern:
        return []
    choices = [[p] if isinstance(p, str) else p for p in pattern]
    if not all(isinstance(c, list) and c and all(isinstance(w, str) for w in c) for c in choices):
        return []
    return [list(words) for words in itertools.islice(itertools.product(*choices), _MAX_ALTERNATIVES)]


def _rule(words: list[str], justification: object) -> Guardrail | None:
    if not all(w and w.split() == [w] for w in words):
        return None
    value = " ".join(words)
    plain = guardrail(COMMAND, value)
    if plain is None:
        return None
    if justification is None:
        return guardrail(COMMAND, value, said=f"policy forbids commands starting with `{value}`") or plain
    if not isinstance(justification, str) or justification == plain.reason():
        return plain
    ours = re.fullmatch(r"Use (.+) instead of " + re.escape(value), justification)
    named = guardrail(COMMAND, value, ours.group(1)) if ours else None
    if named is not None and named.reason() == justification:
        return named  # the words adoption writes: the guardrail it wrote
    return guardrail(COMMAND, value, said=justification) or plain


def forbidden(project: Path) -> list[Guardrail]:
    """The commands the project's Codex rules forbid, in the order Codex reads them."""
    folder = project / RULES
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix == ".rules")[:_MAX_FILES] if folder.is_dir() else []
    except OSError:
        return []
    found: list[Guardrail | None] = []
    for path in files:
        for call in _calls(_text(path)):
            if call.get("decision") == "forbidden":
                found += [_rule(words, call.get("justification")) for words in _patterns(call.get("pattern"))]
    return list(dict.fromkeys(g for g in found if g is not None))


def _guard_hooked(project: Path) -> bool:
    """Whether the project's Codex hooks run the finish guard when a session stops."""
    try:
        data = json.loads(_text(project / HOOKS) or "{}")
    except ValueError:
        return False
    hooks = data.get("hooks") if isinstance(data, dict) else None
    stop = hooks.get("Stop") if isinstance(hooks, dict) else None
    for entry in stop if isinstance(stop, list) else []:
        inner = entry.get("hooks") if isinstance(entry, dict) else None
        for hook in inner if isinstance(inner, list) else []:
            if isinstance(hook, dict) and isinstance(hook.get("command"), str) and _GUARD.search(hook["command"]):
                return True
    return False


def finish_checks(project: Path) -> list[Guardrail]:
    """The checks Codex's finish guard holds a session to: its data, where its hook is in place."""
    if not _guard_hooked(project):
        return []
    try:
        checks = json.loads(_text(project / finish_guard.CODEX_DATA) or "{}").get("checks")
    except (ValueError, AttributeError):
        return []
    found = [guardrail(FINISH_CHECK, c) for c in checks if isinstance(c, str)] if isinstance(checks, list) else []
    return [g for g in found if g is not None]


def in_force(project: Path) -> list[Guardrail]:
    return list(dict.fromkeys(forbidden(project) + finish_checks(project)))
