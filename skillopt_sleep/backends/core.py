"""What every backend that calls a model service keeps: the model, the retry policy and the log of
retries, the per-call timeout, how many calls it prefers at once, and whether it knows the dollar
cost of a call (when it does not, `price_note` says so, and a dollar budget cannot cap it)."""

from __future__ import annotations

from skillopt_sleep.backends.pricing import unknown_price_note
from skillopt_sleep.backends.retry import RetryLog, RetryPolicy


class BackendCore:
    name = ""

    def __init__(self, model: str, *, policy: RetryPolicy, timeout_s: float, concurrency: int, cost_known: bool) -> None:
        self.model = model
        self.policy = policy
        self.timeout_s = timeout_s
        self.retries = RetryLog()
        self.preferred_concurrency = concurrency
        self.cost_known = cost_known
        self.price_note = "" if cost_known else unknown_price_note(model, self.name)
