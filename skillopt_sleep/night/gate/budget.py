"""A night's false-accept budget, shared by the gates that could stage an edit.

One paired gate accepts an edit that does nothing at most 1 - confidence of the time. A night
runs several: one per round, and the slow update's on a night it is due. Each of them, given the
whole budget, is one more chance for an idle edit (measured with a coin-flip student over 1,000
default nights: 0.217 of lone nights staged one, against a bound of 0.20). So the gates share it:
gate k of n may use its share (the first round most of it: it judges the rules stated from the
failures the night was run for) plus whatever earlier gates left unused, and a gate uses the
attained size of every look it takes (night/gate/verdict.py), whatever that look decided. By the union
bound, a night whose edits all do nothing then stages one at most 1 - confidence of the time."""

from __future__ import annotations

from dataclasses import dataclass, replace

from skillopt_sleep.night.sequencing.settings import GateSettings


FIRST_SHARE = 0.9  # measured on the power study beside 1/2, 2/3, 4/5 and 19/20 (false-accept.md)


def share_through(gate_number: int, gates: int) -> float:
    """The part of the budget that gates 1..gate_number may use together: the first round, where
    the rules stated from the failing checks are judged, may use FIRST_SHARE of it, the later
    gates share the rest equally."""
    if gate_number <= 0:
        return 0.0
    if gates <= 1 or gate_number >= gates:
        return 1.0
    return FIRST_SHARE + (1.0 - FIRST_SHARE) * (gate_number - 1) / (gates - 1)


@dataclass
class NightBudget:
    total: float  # 1 - gate.confidence
    gates: int  # the gates the night may hold
    used: float = 0.0
    opened: int = 0

    def next_gate(self, settings: GateSettings) -> GateSettings:
        """The settings of the night's next gate: its confidence leaves it what it may use."""
        self.opened += 1
        self.gates = max(self.gates, self.opened)  # a gate the night did not plan for gets what is left
        left = max(0.0, self.total * share_through(self.opened, self.gates) - self.used)
        return replace(settings, confidence=1.0 - left)

    def spend(self, amount: float) -> None:
        self.used += max(0.0, amount)
