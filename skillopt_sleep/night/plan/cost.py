"""What a night will cost before it spends anything: calls, tokens and dollars per role.

The night plans its calls (how many replays and reflections, about how long each prompt and
reply is) as `PlannedCall`s; `estimate_calls` prices them with the same table the backends
use. Agent CLIs wrap every prompt in their own instructions, which the estimate adds. A paid
model missing from the price table makes the dollar figure unknown (None), with a note,
never a silent zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.backends.base import Usage
from skillopt_sleep.backends.pricing import PriceTable

# Tokens each CLI adds to every call on top of our prompt, measured against the fake servers
# (which count about four characters a token) with Claude Code 2.1.332 and codex 0.171.
CLI_OVERHEAD_TOKENS = {"claude-code": 350, "codex": 9800}
FREE_BACKENDS = ("local", "scripted")


@dataclass(frozen=True)
class PlannedCall:
    role: str
    backend: str
    model: str
    input_tokens: int
    output_tokens: int
    batch: bool = False
    calls: int = 1  # how many such calls (a night plans hundreds of alike replays)
    cached_input_tokens: int = 0  # of input_tokens, how many a warm prompt cache should serve


@dataclass
class Totals:
    """Calls, tokens and dollars (None: unknown) summed over some planned calls."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    usd: float | None = 0.0

    def totals_dict(self) -> dict:
        return {"calls": self.calls, "input_tokens": self.input_tokens, "output_tokens": self.output_tokens,
                "usd": None if self.usd is None else round(self.usd, 6)}


@dataclass
class RoleEstimate(Totals):
    models: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {**self.totals_dict(), "models": self.models}


@dataclass
class Estimate(Totals):
    by_role: dict[str, RoleEstimate] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {**self.totals_dict(), "by_role": {role: e.to_dict() for role, e in self.by_role.items()},
                "notes": list(self.notes)}

    def render(self) -> str:
        def dollars(value: float | None) -> str:
            return "unknown" if value is None else f"${value:.4f}"

        lines = [f"{'role':<10} {'calls':>7} {'input tok':>11} {'output tok':>11} {'dollars':>10}  models"]
        for role, e in self.by_role.items():
            lines.append(f"{role:<10} {e.calls:>7} {e.input_tokens:>11} {e.output_tokens:>11} {dollars(e.usd):>10}  {', '.join(e.models)}")
        lines.append(f"{'total':<10} {self.calls:>7} {self.input_tokens:>11} {self.output_tokens:>11} {dollars(self.usd):>10}")
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def estimate_calls(planned: list[PlannedCall], *, prices: PriceTable | None = None) -> Estimate:
    prices = prices or PriceTable.load()
    estimate = Estimate()
    unknown: set[str] = set()
    for call in planned:
        if call.calls < 0 or call.input_tokens < 0 or call.output_tokens < 0:
            raise ValueError(f"a planned call cannot have negative counts: {call}")
        role = estimate.by_role.setdefault(call.role, RoleEstimate())
        label = f"{call.backend}:{call.model}"
        if label not in role.models:
            role.models.append(label)
        input_each = call.input_tokens + CLI_OVERHEAD_TOKENS.get(call.backend, 0)
        cached = min(call.cached_input_tokens, input_each)
        role.calls += call.calls
        role.input_tokens += input_each * call.calls
        role.output_tokens += call.output_tokens * call.calls
        cost = _cost(call, input_each - cached, cached, prices)
        if cost is None:
            role.usd = None
            unknown.add(label)
        elif role.usd is not None:
            role.usd += cost * call.calls
    for role in estimate.by_role.values():
        estimate.calls += role.calls
        estimate.input_tokens += role.input_tokens
        estimate.output_tokens += role.output_tokens
        estimate.usd = None if (estimate.usd is None or role.usd is None) else estimate.usd + role.usd
    for label in sorted(unknown):
        estimate.notes.append(f"{label} has no price in the price table: dollars are unknown (tokens are counted)")
    if any(c.backend in CLI_OVERHEAD_TOKENS for c in planned):
        estimate.notes.append("agent CLIs add their own instructions to every call; included as measured overhead")
    return estimate


def _cost(call: PlannedCall, uncached: int, cached: int, prices: PriceTable) -> float | None:
    if call.backend in FREE_BACKENDS:
        return 0.0
    price = prices.lookup(call.model)
    if price is None:
        return None
    usage = Usage(input_tokens=uncached, output_tokens=call.output_tokens, cache_read_tokens=cached)
    return price.cost(usage, batch=call.batch)
