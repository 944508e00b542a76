"""What finally became of each edit a night tried, in one word, so a reader never has to put a
round's line and a later "dropped" line together:

- kept: in the document the night ends with (staged for review, or kept by a dry run);
- dropped: it landed and passed with its round, then measuring it alone showed it did not pay
  (attribution), or the night ended without keeping anything;
- rejected: the gate compared the text and kept it out;
- held: not decided; it may come back (the gate could not yet tell its gain from noise, or it won
  once and waits on probation for a second winning night, or the night stopped before its gate);
- unverified: its held-out replays failed, so the comparison says nothing about it;
- skipped: it never landed in the document (its anchor was missing, a limit was reached).
"""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.night.gate import verdict as gatelib
from skillopt_sleep.records import Edit

FATES = ("kept", "dropped", "rejected", "held", "unverified", "skipped")


@dataclass
class EditFate:
    round: int
    edit: dict
    fate: str
    why: str = ""


def _rule_words(report) -> dict[str, tuple[str, str]]:
    """Rule text -> (status, reason) from the night's rules, where one text has one rule."""
    seen: dict[str, list[tuple[str, str]]] = {}
    for rule in report.rules or []:
        seen.setdefault(rule.get("text", ""), []).append((rule.get("status", ""), rule.get("reason", "")))
    return {text: words[0] for text, words in seen.items() if len(words) == 1}


def _effect(value) -> str:
    return f"effect {value:+.3f}" if isinstance(value, (int, float)) else ""


def edit_fates(report) -> list[list[EditFate]]:
    """The fate of each edit of each round, in the order of the rounds' outcomes."""
    kept = {Edit.from_dict(item["edit"]).key(): item.get("effect") for item in report.kept_rules}
    words = _rule_words(report)
    fates: list[list[EditFate]] = []
    for record in report.rounds:
        gate = record.gate or {}
        dropped = {Edit.from_dict(item["edit"]).key(): item["why"] for item in gate.get("dropped") or []}
        fates.append([_fate(record.round, outcome, gate, dropped, kept, words, report) for outcome in record.outcomes])
    return fates


def _fate(round_no: int, outcome: dict, gate: dict, dropped: dict, kept: dict, words: dict, report) -> EditFate:
    data = outcome["edit"]
    edit = Edit.from_dict(data)
    key = edit.key()
    if not outcome["landed"]:
        return EditFate(round_no, data, "skipped", outcome.get("reason") or "it did not land")
    if key in dropped:
        return EditFate(round_no, data, "dropped", dropped[key])
    if key in kept:
        if report.status == "accepted":
            return EditFate(round_no, data, "kept", _effect(kept[key]))
        return EditFate(round_no, data, "dropped", f"the night ended {report.status}")
    if not gate:
        return EditFate(round_no, data, "held", "not judged: the night stopped before its gate")
    if gate.get("decision") == gatelib.UNVERIFIED:
        return EditFate(round_no, data, "unverified", gate.get("reason", ""))
    status, reason = words.get(edit.summary(), ("", ""))
    if status in ("undecided", "probation"):
        return EditFate(round_no, data, "held", reason)
    if status == "dropped":
        return EditFate(round_no, data, "dropped", reason)
    if gate.get("applied"):  # passed, then left out of the final document
        return EditFate(round_no, data, "held", reason or "passed, but not in the final document")
    if gate.get("undecided") and status != "rejected":
        return EditFate(round_no, data, "held", gate.get("reason", ""))
    return EditFate(round_no, data, "rejected", reason or gate.get("reason", ""))


def with_fates(report) -> dict:
    """The report as a dict, each round's outcome with its edit's `fate` and `fate_why`."""
    data = report.to_dict()
    for record, fates in zip(data["rounds"], edit_fates(report)):
        for outcome, fate in zip(record["outcomes"], fates):
            outcome["fate"], outcome["fate_why"] = fate.fate, fate.why
    return data
