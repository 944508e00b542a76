"""The checks a session's later turns give a task: every turn kept on the task's request or on a
request after it that the agent changed course after, with the convention the change points at
made a check the registry takes; and, for a correction whose rule the teacher's reader named
(the actions showed none, or no change at all), that rule's check. The pattern reader's rules
reach the task through the session's feedback (`repo/miner.py`), not here. No model is asked
here: the turns were read before."""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.records import Check
from skillopt_sleep.tasks.checks import check_problem
from skillopt_sleep.tasks.corrections.behaviour import Convention, read_behaviour
from skillopt_sleep.tasks.corrections.kinds import convention_check
from skillopt_sleep.tasks.corrections.requests import Request


@dataclass(frozen=True)
class TurnCheck:
    index: int  # the request the turn was kept on
    signal: str
    evidence: str
    convention: Convention
    check: Check

    def to_dict(self) -> dict:
        return {"intent": self.index, "signal": self.signal, "evidence": self.evidence,
                "convention": self.convention.to_dict(), "check": {"op": self.check.op, "arg": self.check.arg}}


def session_checks(requests: list[Request], index: int) -> list[TurnCheck]:
    """The checks of the turns kept on request `index` and on the requests after it, in order,
    each check once."""
    found: list[TurnCheck] = []
    for number, request in enumerate(requests[index:], index):
        for read in request.turns:
            named = [(c.signal, c.evidence, c.convention) for c in read_behaviour(read.turn).changes if c.convention]
            if not named and read.reading.named_by == "model" and read.reading.label == "correction":
                named = [("model", read.turn.user[:200], read.reading.convention)]
            for signal, evidence, convention in named:
                check = convention_check(convention)
                if check is None or check_problem(check) is not None or any(f.check == check for f in found):
                    continue
                found.append(TurnCheck(number, signal, evidence, convention, check))
    return found
