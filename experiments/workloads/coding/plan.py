"""The coding workload's plan, read from workload.yaml: who asks what in which week, the steps
the agent takes, and the held-out requests; plus `replay`, which carries a session's steps out
directly on a repository (no agent), so a plan is checked before anything is recorded and
the held-out fixes are made the same way."""

from __future__ import annotations

import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SPEC = HERE / "workload.yaml"
STEP_KINDS = ("read", "edit", "run", "say")
COMMAND_TIMEOUT_S = 120


@dataclass
class Step:
    kind: str  # read | edit | run | say
    path: str = ""
    old: str = ""  # edit: the exact text replaced; its first line may start mid-line (after the indentation)
    new: str = ""
    cmd: str = ""
    exit: int = 0  # run: the exit status the command must give
    text: str = ""  # say

    @classmethod
    def from_dict(cls, data: dict) -> "Step":
        (kind, value), = data.items()
        if kind not in STEP_KINDS:
            raise ValueError(f"unknown step {kind!r}")
        if kind == "read":
            return cls(kind, path=value)
        if kind == "edit":
            return cls(kind, path=value["path"], old=value["old"], new=value["new"])
        if kind == "run":
            return cls(kind, cmd=value["cmd"], exit=int(value.get("exit", 0)))
        return cls(kind, text=value)


@dataclass
class Turn:
    user: str
    steps: list[Step]
    corrects: list[str] = field(default_factory=list)  # convention ids this user turn corrects


@dataclass
class PlannedSession:
    persona: str
    repo: str
    id: str
    week: int
    agent: str  # claude-code | codex
    missed: list[str]
    turns: list[Turn]

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Convention:
    id: str
    statement: str
    checks: list[dict]


@dataclass
class HeldOut:
    id: str
    request: str
    conventions: list[str]
    judge_files: dict[str, str]  # path -> content: the tests added only when judging
    fix: list[Step]  # the reference fix


@dataclass
class Persona:
    name: str
    repo: str
    skill: str
    description: str
    author: str
    session_check: str  # what the person runs to check their work
    judge_check: str  # the same check with nothing but the repository's own tools (no pnpm)
    conventions: list[Convention]
    sessions: list[PlannedSession]
    heldout: list[HeldOut]


def _turn(data: dict) -> Turn:
    steps = [Step.from_dict(s) for s in data["steps"]]
    if not steps or steps[-1].kind != "say" or any(s.kind == "say" for s in steps[:-1]):
        raise ValueError(f"turn {data['user']!r}: exactly one 'say', the last step")
    return Turn(data["user"], steps, list(data.get("corrects", [])))


def agent_for(index: int) -> str:
    """The second of every three sessions runs in Codex, the rest in Claude Code."""
    return "codex" if index % 3 == 1 else "claude-code"


def load_personas(path: Path = SPEC) -> list[Persona]:
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    personas = []
    for item in spec["personas"]:
        conventions = [Convention(c["id"], c["statement"], c["checks"]) for c in item["conventions"]]
        known = {c.id for c in conventions}
        sessions = []
        for index, raw in enumerate(item["sessions"]):
            turns = [_turn(t) for t in raw["turns"]]
            corrected = [c for t in turns for c in t.corrects]
            if sorted(corrected) != sorted(raw["missed"]) or not set(corrected) <= known:
                raise ValueError(f"{item['name']}/{raw['id']}: missed {raw['missed']} but corrected {corrected}")
            sessions.append(PlannedSession(item["name"], item["repo"], raw["id"], int(raw["week"]), agent_for(index),
                                           list(raw["missed"]), turns))
        heldout = [HeldOut(h["id"], h["request"], list(h["conventions"]), dict(h["judge_files"]),
                           [Step.from_dict(s) for s in h["fix"]]) for h in item["heldout"]]
        personas.append(Persona(item["name"], item["repo"], item["skill"], item["description"], item["author"],
                                item["verification"]["session"], item["verification"]["judge"], conventions,
                                sessions, heldout))
    return personas


def full_lines(text: str, old: str) -> tuple[str, str]:
    """The indentation before `old`'s single match in `text`, and `old` from its line start: an
    edit's text may begin after the indentation of its first line."""
    count = text.count(old)
    if count != 1:
        raise ValueError(f"the edit's text occurs {count} times, not once: {old[:60]!r}")
    start = text.index(old)
    line_start = text.rfind("\n", 0, start) + 1
    return text[line_start:start], text[line_start:start] + old


def apply_edit(repo: Path, step: Step) -> None:
    target = repo / step.path
    text = target.read_text(encoding="utf-8")
    full_lines(text, step.old)
    target.write_text(text.replace(step.old, step.new), encoding="utf-8")


def run_command(repo: Path, cmd: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, shell=True, cwd=repo, env=env, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)


def replay(repo: Path, steps: list[Step], env: dict[str, str]) -> None:
    """Carry the steps out on `repo`; a command whose exit status is not the planned one is an error."""
    for step in steps:
        if step.kind == "read" and not (repo / step.path).is_file():
            raise FileNotFoundError(repo / step.path)
        if step.kind == "edit":
            apply_edit(repo, step)
        elif step.kind == "run":
            done = run_command(repo, step.cmd, env)
            if done.returncode != step.exit:
                raise RuntimeError(f"{step.cmd!r} in {repo} exited {done.returncode}, planned {step.exit}:\n"
                                   f"{(done.stdout + done.stderr)[-2000:]}")
