"""The session plan of the persona workload: who asks what, in which week, which preferences the
agent misses and how the user corrects them; plus the answer key and the scripted student that
go beside the recorded sessions. Pure functions of personas.json, so a plan is reproducible.

Every standing preference is missed each time it applies in the learning weeks and corrected in
the next user turn (the correction wordings rotate); held-out weeks are recorded the same way,
but only their first request is scored, with checks from the answer key."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC = HERE / "personas.json"


@dataclass
class Turn:
    user: str
    reply: str


@dataclass
class PlannedSession:
    persona: str
    week: int
    agent: str
    kind: str  # an intent id, or a noise kind (one-off, chit-chat, aborted)
    turns: list[Turn]
    corrected: list[str] = field(default_factory=list)  # preference ids corrected in this session
    heldout: bool = False

    def to_dict(self) -> dict:
        return asdict(self)


def load_spec(path: Path = SPEC) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _padded(pref: dict) -> str:
    """The answer that misses the preference; a length preference is missed by running long."""
    text = pref["bad"]
    while len(text) < pref.get("bad_min_chars", 0):
        text += " " + pref["bad"]
    return text


def _reply(prefs: list[dict], honoured: set[str]) -> str:
    parts = [p["good"] if p["id"] in honoured else _padded(p) for p in prefs]
    return "\n\n".join(parts)


def _intent_session(persona: dict, intent: dict, week: int, occurrence: int, counters: dict, agent: str,
                    heldout: bool) -> PlannedSession:
    by_id = {p["id"]: p for p in persona["preferences"]}
    prefs = [by_id[p] for p in intent["prefers"]]
    honoured: set[str] = set()
    request = intent["wordings"][occurrence % len(intent["wordings"])]
    turns = [Turn(request, _reply(prefs, honoured))]
    for pref in prefs:  # the agent misses each preference; the user corrects one per turn
        said = pref["corrections"][counters.get(pref["id"], 0) % len(pref["corrections"])]
        counters[pref["id"]] = counters.get(pref["id"], 0) + 1
        honoured.add(pref["id"])
        turns.append(Turn(said, _reply(prefs, honoured)))
    return PlannedSession(persona["name"], week, agent, intent["id"], turns, [p["id"] for p in prefs], heldout)


def plan_persona(persona: dict, weeks: int, heldout_weeks: list[int]) -> list[PlannedSession]:
    """Each intent once a week in a new wording, one noise session a week; codex (when the
    persona uses it) takes every third session."""
    sessions: list[PlannedSession] = []
    counters: dict[str, int] = {}
    agents = persona["agents"]
    for week in range(1, weeks + 1):
        heldout = week in heldout_weeks
        for intent in persona["intents"]:
            agent = agents[len(sessions) % 3 == 2 and len(agents) > 1]
            sessions.append(_intent_session(persona, intent, week, week - 1, counters, agent, heldout))
        noise = persona["noise"]
        if not heldout and week - 1 < len(noise):
            item = noise[week - 1]
            turns = [Turn(u, r) for u, r in zip(item["turns"], item["replies"])]
            sessions.append(PlannedSession(persona["name"], week, agents[0], item["kind"], turns))
    return sessions


def plan(spec: dict) -> list[PlannedSession]:
    return [s for persona in spec["personas"] for s in plan_persona(persona, spec["weeks"], spec["heldout_weeks"])]


def answer_key(spec: dict, sessions: list[PlannedSession]) -> dict:
    """Per persona: the preferences with their checks, and the held-out requests to score."""
    key: dict = {"about": "The true standing preferences of each persona (never read by the package, only by the "
                          "measurement), and the held-out requests with the checks a good answer must pass.",
                 "personas": {}}
    for persona in spec["personas"]:
        by_id = {p["id"]: p for p in persona["preferences"]}
        intents = {i["id"]: i for i in persona["intents"]}
        heldout = []
        for number, session in enumerate(s for s in sessions if s.persona == persona["name"] and s.heldout):
            checks = [c for pref in intents[session.kind]["prefers"] for c in by_id[pref]["key"]]
            heldout.append({"task_id": f"{persona['name']}-heldout-{number + 1}", "intent": session.turns[0].user,
                            "prefers": intents[session.kind]["prefers"], "judge": {"kind": "rule", "checks": checks}})
        key["personas"][persona["name"]] = {
            "skill": persona["skill"], "project": persona["project"],
            "preferences": [{k: p[k] for k in ("id", "statement", "key", "accept", "cue")} for p in persona["preferences"]],
            "heldout": heldout,
        }
    return key


def scripted_rules(persona: dict) -> list[dict]:
    """Rules for the scripted backend: a teacher that proposes nothing (the night's check-derived
    rules carry the preferences), then a student that honours a preference exactly when its cue is
    in the skill or the request, one rule per combination of cues, most honoured first."""
    prefs = persona["preferences"]
    rules = [{"match": r"^You (?:improve the instruction document|turn a request)",
              "reply": json.dumps({"diagnosis": "scripted teacher: no edit", "edits": [], "checkable": False, "checks": []})}]
    combos = sorted(range(2 ** len(prefs)), key=lambda mask: -bin(mask).count("1"))
    for mask in combos:
        honoured = {p["id"] for i, p in enumerate(prefs) if mask >> i & 1}
        looks = "".join(("(?=[\\s\\S]*?" if p["id"] in honoured else "(?![\\s\\S]*?") + p["cue"] + ")" for p in prefs)
        reply = _reply(prefs, honoured)
        rules.append({"match": "(?i)\\A" + looks, "reply": reply})
    for rule in rules[1:]:
        re.compile(rule["match"])
    return rules
