"""A mechanical convention as a guardrail, and the guardrail in each agent's own syntax.

Three kinds: a command never to run (`command`), files never edited by hand (`path`), and a check
to run after the last edit before finishing (`finish_check`). Every form a guardrail has denies or
holds; none allows. A value that could break out of its agent's syntax is no guardrail."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass

from skillopt_sleep.tasks.corrections.behaviour import Convention

COMMAND = "command"
PATH = "path"
FINISH_CHECK = "finish_check"
KINDS = (COMMAND, PATH, FINISH_CHECK)

# The commands that add a dependency to a manifest: "no new dependency" denies them.
_ADDERS = {
    "package.json": ("npm add", "pnpm add", "yarn add", "bun add"),
    "pyproject.toml": ("poetry add", "uv add", "pdm add"),
    "Cargo.toml": ("cargo add",),
    "go.mod": ("go get",),
    "composer.json": ("composer require",),
    "Gemfile": ("bundle add",),
}
_WORD = re.compile(r"[A-Za-z0-9_.+@/=-]+")  # an option ("-rf") may follow the program
_PROGRAM = re.compile(r"(?:\.?/)?[A-Za-z0-9_][A-Za-z0-9_.+@/=-]*")
_GLOB = re.compile(r"/?[A-Za-z0-9_.*?@+-][A-Za-z0-9_./*?@+-]*")
_CHECK = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_ ./:=@+-]*")  # words a finish guard looks for, nothing a shell reads


@dataclass(frozen=True)
class Guardrail:
    """One enforceable convention. `instead`: the command to use in its place (a command) or that
    makes the files (a path); shown in the reason the agent reads. `said`: the reason in the
    words of a rule the user's agent already has (a Codex rule's own justification), where they
    are not the words a guardrail would write."""

    kind: str
    value: str
    instead: str = ""
    said: str = ""

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "value": self.value}
        if self.instead:
            out["instead"] = self.instead
        if self.said:
            out["said"] = self.said
        return out

    @classmethod
    def from_dict(cls, data: object) -> "Guardrail | None":
        if not isinstance(data, dict):
            return None
        return guardrail(data.get("kind"), data.get("value"), data.get("instead", ""), data.get("said", ""))

    def words(self) -> list[str]:
        return self.value.split()

    def reason(self) -> str:
        """Why the agent is stopped, naming the alternative where there is one."""
        if self.said:
            return self.said
        if self.kind == COMMAND:
            return f"Use {self.instead} instead of {self.value}" if self.instead else f"Do not run {self.value} in this project"
        if self.kind == PATH:
            made = f"; run {self.instead} to regenerate them" if self.instead else ""
            return f"Files matching {self.value} are not edited by hand{made}"
        return f"Run {self.value} after your last edit, before you finish"


def guardrail(kind: object, value: object, instead: object = "", said: object = "") -> Guardrail | None:
    """A guardrail from untrusted parts, or None where a part could say more than it should."""
    if kind not in KINDS or not isinstance(value, str) or not isinstance(instead, str) or not isinstance(said, str):
        return None
    if said and (len(said) > 500 or not said.isprintable() or said != said.strip()):
        return None  # a reason is one line of text, written as a JSON string
    value, instead = " ".join(value.split()), " ".join(instead.split())
    if len(value) > 200 or len(instead) > 200:
        return None
    if kind == COMMAND and not (value and _PROGRAM.fullmatch(value.split()[0]) and all(_WORD.fullmatch(w) for w in value.split())):
        return None
    if kind == PATH and not (_GLOB.fullmatch(value) and value.strip("/*") and ".." not in value.split("/")):
        return None
    if kind == FINISH_CHECK and not _CHECK.fullmatch(value):
        return None
    if instead and not _CHECK.fullmatch(instead):
        return None
    return Guardrail(kind, value, instead, said)


def from_convention(convention: Convention) -> list[Guardrail]:
    """The guardrails that enforce a mined convention; none for a kind no agent can enforce
    mechanically (a command to use, a test to add, code not to add): its prose line stands alone."""
    kind, value = convention.kind, convention.value
    found: list[Guardrail | None] = []
    if kind == "command_avoided":
        found = [guardrail(COMMAND, value, convention.instead)]
    elif kind == "path_untouched":
        found = [guardrail(PATH, value)]
    elif kind == "generator_run" and convention.path:
        found = [guardrail(PATH, convention.path, value)]
    elif kind == "check_run_after_last_edit":
        found = [guardrail(FINISH_CHECK, value)]
    elif kind == "dependency_set_unchanged":
        manifest = value.rsplit("/", 1)[-1]
        found = [guardrail(COMMAND, adder, "") for adder in _ADDERS.get(manifest, ())]
    return [g for g in found if g is not None]


# -- each agent's syntax -----------------------------------------------------------------------

def claude_deny_rules(guardrails: list[Guardrail]) -> list[str]:
    """Claude Code `permissions.deny` entries (an Edit rule covers every file-editing tool)."""
    rules = []
    for g in guardrails:
        if g.kind == COMMAND:
            rules.append(f"Bash({g.value}:*)")
        elif g.kind == PATH:
            rules.append(f"Edit({g.value})")
    return list(dict.fromkeys(rules))


def finish_checks(guardrails: list[Guardrail]) -> list[str]:
    """The checks the finish guard holds a session to (its data, never code)."""
    return list(dict.fromkeys(g.value for g in guardrails if g.kind == FINISH_CHECK))


def codex_rules(guardrails: list[Guardrail]) -> str:
    """A Codex `.rules` file: one forbidden prefix rule per command, its justification naming the
    alternative. Codex has no rule for a file's edits: those stay prose."""
    lines = []
    for g in guardrails:
        if g.kind == COMMAND:
            lines.append(f"prefix_rule(pattern={json.dumps(g.words())}, decision=\"forbidden\", "
                         f"justification={json.dumps(g.reason(), ensure_ascii=False)})")
    return "".join(line + "\n" for line in dict.fromkeys(lines))


def opencode_permission(guardrails: list[Guardrail]) -> dict:
    """OpenCode's `permission` object: bash and edit patterns denied (its last matching rule
    wins, and these are the only rules it adds)."""
    bash: dict[str, str] = {}
    edit: dict[str, str] = {}
    for g in guardrails:
        if g.kind == COMMAND:
            bash[g.value] = "deny"
            bash[f"{g.value} *"] = "deny"
        elif g.kind == PATH:
            edit[g.value] = "deny"
    out = {}
    if bash:
        out["bash"] = bash
    if edit:
        out["edit"] = edit
    return out


def from_check(op: str, arg: object) -> list[Guardrail]:
    """The guardrails that enforce a rule stated from a check (an edit's `check`), as
    `from_convention` does for the convention the check came from."""
    if op == "command_avoided" and isinstance(arg, str):
        return from_convention(Convention("command_avoided", arg))
    if op == "path_untouched" and isinstance(arg, str):
        return from_convention(Convention("path_untouched", arg))
    if op == "generator_run" and isinstance(arg, dict):
        return from_convention(Convention("generator_run", str(arg.get("command") or ""), path=str(arg.get("path") or "")))
    if op == "ran_before_finish" and isinstance(arg, str):
        return from_convention(Convention("check_run_after_last_edit", arg))
    if op == "dependency_set_unchanged" and isinstance(arg, str):
        return from_convention(Convention("dependency_set_unchanged", arg))
    return []


def from_check_name(name: str) -> list[Guardrail]:
    """`from_check` of a check as an edit names it ("command_avoided 'npm'")."""
    op, _, arg = name.partition(" ")
    try:
        value = ast.literal_eval(arg) if arg else None
    except (ValueError, SyntaxError):
        return []
    return from_check(op, value)
