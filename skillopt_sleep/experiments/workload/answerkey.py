"""The answer key of a session workload (the personas' true standing preferences) and how the
mined checks and a night's skill are scored against it. Only measurement reads the key."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.records import Check, Task

KEY = "answer-key.json"  # in the workload's folder


@dataclass
class Preference:
    id: str
    statement: str
    key: list[Check]  # what a good answer must pass
    accept: list[Check]  # mined checks that count as recovering the preference
    cue: str  # a regex: a skill that matches it states the preference

    def accepts(self, check: Check) -> bool:
        return any((check.op, check.arg) == (a.op, a.arg) for a in self.accept)


@dataclass
class PersonaKey:
    name: str
    skill: str
    preferences: list[Preference]
    heldout: list[Task] = field(default_factory=list)


def checks_of(items: list[dict]) -> list[Check]:
    return [Check(op=c["op"], arg=c.get("arg")) for c in items]


def read_key(path: Path) -> dict:
    """An answer key's JSON; a missing or malformed file is an ExperimentError naming it."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ExperimentError(f"answer key {path}: {exc}") from None


def load_key(path: Path) -> dict[str, PersonaKey]:
    data = read_key(path)
    personas = {}
    for name, item in data.get("personas", {}).items():
        prefs = [Preference(p["id"], p["statement"], checks_of(p["key"]), checks_of(p["accept"]), p["cue"])
                 for p in item["preferences"]]
        heldout = [Task.from_dict({**t, "origin": "benchmark", "split": "test", "skill": item["skill"],
                                   "meta": {"prefers": t["prefers"], "workload": name}}) for t in item["heldout"]]
        personas[name] = PersonaKey(name, item["skill"], prefs, heldout)
    return personas


@dataclass
class MiningScore:
    checks: int  # distinct mined checks
    matched: int  # of them, ones that recover a planted preference
    recovered: list[str]  # preference ids with at least one accepted check mined
    missed: list[str]
    unmatched: list[str]  # mined checks that match no preference, as "op arg"

    @property
    def precision(self) -> float:
        return self.matched / self.checks if self.checks else 0.0

    @property
    def recall(self) -> float:
        total = len(self.recovered) + len(self.missed)
        return len(self.recovered) / total if total else 0.0

    def to_dict(self) -> dict:
        return {"checks": self.checks, "matched": self.matched, "precision": round(self.precision, 4),
                "recall": round(self.recall, 4), "recovered": self.recovered, "missed": self.missed,
                "unmatched": self.unmatched}


def score_mining(tasks: list[Task], key: PersonaKey) -> MiningScore:
    """Precision over the distinct checks the mined tasks carry; recall over the preferences."""
    distinct: dict[tuple, Check] = {}
    for task in tasks:
        for check in task.judge.checks:
            distinct.setdefault((check.op, json.dumps(check.arg)), check)
    matched = [c for c in distinct.values() if any(p.accepts(c) for p in key.preferences)]
    recovered = [p.id for p in key.preferences if any(p.accepts(c) for c in distinct.values())]
    return MiningScore(
        checks=len(distinct), matched=len(matched), recovered=recovered,
        missed=[p.id for p in key.preferences if p.id not in recovered],
        unmatched=sorted(c.name() for c in distinct.values() if c not in matched),
    )


def stated_preferences(skill_text: str, key: PersonaKey) -> list[str]:
    """The preferences a skill text states (its cue is there)."""
    return [p.id for p in key.preferences if re.search(p.cue, skill_text, re.I)]
