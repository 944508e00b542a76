"""The checks a session's later turns give a task: every turn kept on the task's request or on a
request after it that the agent changed course after, read from the actions alone, with the
convention the change points at made a check the registry takes. No model is asked here: mining
runs without one."""

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
            for change in read_behaviour(read.turn).changes:
                check = convention_check(change.convention) if change.convention else None
                if check is None or check_problem(check) is not None or any(f.check == check for f in found):
                    continue
                found.append(TurnCheck(number, change.signal, change.evidence, change.convention, check))
    return found
