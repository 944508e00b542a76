"""Every model call goes through here: looked up in the store's record first, budget-checked,
timed, and written down (role, model, prompt hash, response, usage, cost, latency).

The record doubles as a replay cache: a night that is killed and started again issues the same
requests (same seed) and gets the finished ones back for free.

No paid call goes unrecorded: before the first call it would pay for, the recorder checks that the
store takes a write and has room; if the record of a finished call still cannot be written, it
raises a StoreError and the caller stops there rather than pay for more calls it cannot keep.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field

from skillopt_sleep.backends.base import Backend, Completion, CompletionRequest, Usage
from skillopt_sleep.errors import BudgetExceeded, StoreError
from skillopt_sleep.records import stable_json
from skillopt_sleep.store import Store, utc_now


def request_hash(request: CompletionRequest) -> str:
    return hashlib.sha256(stable_json(request.to_dict()).encode()).hexdigest()


def cache_key(backend: Backend, request: CompletionRequest, sample: int, namespace: str = "") -> str:
    """The record's key. A namespace (an experiment cell) keeps one run's answers from being
    reused by another that asks the same thing; the empty namespace is shared."""
    fields = {"backend": backend.name, "model": backend.model, "sample": sample, "prompt": request_hash(request)}
    if namespace:
        fields["namespace"] = namespace
    return hashlib.sha256(stable_json(fields).encode()).hexdigest()


@dataclass
class Budget:
    """Hard per-night caps, checked before each call (a call in flight is allowed to finish)."""

    max_tokens: int | None = None
    max_usd: float | None = None
    max_wall_s: float | None = None
    max_calls: int | None = None
    started: float = field(default_factory=time.monotonic)
    tokens: int = 0
    usd: float = 0.0
    calls: int = 0
    in_flight: int = 0  # calls sent and not yet answered: they count against the call cap

    @classmethod
    def from_config(cls, config) -> "Budget":
        """The caps the config's budget.* keys set (None: no cap)."""
        return cls(max_tokens=config["budget.max_tokens"], max_usd=config["budget.max_usd"],
                   max_wall_s=config["budget.max_wall_s"], max_calls=config["budget.max_calls"])

    def check(self) -> None:
        if self.max_calls is not None and self.calls + self.in_flight >= self.max_calls:
            raise BudgetExceeded(f"call cap reached: {self.calls} of {self.max_calls} calls")
        if self.max_tokens is not None and self.tokens >= self.max_tokens:
            raise BudgetExceeded(f"token cap reached: {self.tokens} of {self.max_tokens} tokens")
        if self.max_usd is not None and self.usd >= self.max_usd:
            raise BudgetExceeded(f"dollar cap reached: ${self.usd:.4f} of ${self.max_usd:.4f}")
        elapsed = time.monotonic() - self.started
        if self.max_wall_s is not None and elapsed >= self.max_wall_s:
            raise BudgetExceeded(f"wall-time cap reached: {elapsed:.0f}s of {self.max_wall_s:.0f}s")

    def charge(self, completion: Completion) -> None:
        self.in_flight -= 1
        self.tokens += completion.usage.total
        self.usd += completion.cost_usd
        self.calls += 1


@dataclass
class CallStats:
    calls: int = 0  # calls actually sent to a backend
    cached: int = 0  # calls answered from the record
    errors: int = 0
    usage: Usage = field(default_factory=Usage)
    cost_usd: float = 0.0
    latency_s: float = 0.0
    by_role: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "calls": self.calls,
            "cached": self.cached,
            "errors": self.errors,
            "input_tokens": self.usage.input_tokens,
            "output_tokens": self.usage.output_tokens,
            "cache_read_tokens": self.usage.cache_read_tokens,
            "cache_write_tokens": self.usage.cache_write_tokens,
            "cost_usd": round(self.cost_usd, 6),
            "latency_s": round(self.latency_s, 3),
            "by_role": self.by_role,
        }


class CallRecorder:
    def __init__(self, store: Store, night_id: str | None, budget: Budget | None = None, *, use_cache: bool = True,
                 namespace: str = ""):
        self.store = store
        self.namespace = namespace
        self.night_id = night_id
        self.budget = budget or Budget()
        self.use_cache = use_cache
        self.stats = CallStats()
        self._lock = threading.Lock()
        self._writable = False  # checked once, before the first call that costs anything
        self._unrecorded: StoreError | None = None  # set when a paid call's record failed: pay for nothing more

    def lookup(self, key: str) -> Completion | None:
        row = self.store.query_one(
            "SELECT response_json FROM model_calls WHERE cache_key = ? AND error IS NULL AND response_json IS NOT NULL "
            "ORDER BY id DESC LIMIT 1",
            (key,),
        )
        return Completion.from_dict(json.loads(row["response_json"])) if row else None

    def complete(self, role: str, backend: Backend, request: CompletionRequest, *, sample: int = 0) -> Completion:
        key = cache_key(backend, request, sample, self.namespace)
        if self.use_cache:
            cached = self.lookup(key)
            if cached is not None:
                with self._lock:
                    self.stats.cached += 1
                    self._role(role)["cached"] += 1
                return cached
        with self._lock:
            if self._unrecorded is not None:
                raise self._unrecorded
            if not self._writable:
                self.store.check_writable()
                self._writable = True
            self.budget.check()
            self.budget.in_flight += 1
        started = time.monotonic()
        try:
            completion = backend.complete(request)
        except Exception as exc:
            with self._lock:
                self.budget.in_flight -= 1
                self.stats.errors += 1
            self._write(key, role, backend, request, None, f"{type(exc).__name__}: {exc}", time.monotonic() - started)
            raise
        latency = time.monotonic() - started
        try:
            self._write(key, role, backend, request, completion, None, latency)
        except StoreError as exc:
            failure = StoreError(f"a finished {role} call to {backend.name}:{backend.model} could not be recorded, "
                                 f"so nothing more is sent: {exc}")
            with self._lock:
                self.budget.in_flight -= 1
                self._unrecorded = self._unrecorded or failure
            raise failure from None
        with self._lock:
            self.budget.charge(completion)
            self.stats.calls += 1
            self.stats.usage.add(completion.usage)
            self.stats.cost_usd += completion.cost_usd
            self.stats.latency_s += latency
            entry = self._role(role)
            entry["calls"] += 1
            entry["input_tokens"] += completion.usage.input_tokens
            entry["output_tokens"] += completion.usage.output_tokens
            entry["cost_usd"] = round(entry["cost_usd"] + completion.cost_usd, 6)
        return completion

    def _role(self, role: str) -> dict:
        return self.stats.by_role.setdefault(
            role, {"calls": 0, "cached": 0, "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0}
        )

    def _write(self, key, role, backend, request, completion, error, latency) -> None:
        usage = completion.usage if completion else Usage()
        self.store.insert(
            "model_calls",
            {
                "cache_key": key,
                "night_id": self.night_id,
                "role": role,
                "backend": backend.name,
                "model": backend.model,
                "prompt_hash": request_hash(request),
                "request_json": stable_json(request.to_dict()),
                "response_json": json.dumps(completion.to_dict(), ensure_ascii=False) if completion else None,
                "error": error,
                "input_tokens": usage.input_tokens,
                "output_tokens": usage.output_tokens,
                "cache_read_tokens": usage.cache_read_tokens,
                "cache_write_tokens": usage.cache_write_tokens,
                "cost_usd": completion.cost_usd if completion else 0.0,
                "latency_s": latency,
                "created_at": utc_now(),
            },
        )
