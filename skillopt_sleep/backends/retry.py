"""Retries, classification of API failures, and a concurrency limit, shared by every backend.

Transient failures (429, 5xx, overloaded, timeouts, dropped connections) are retried with
exponential backoff and full jitter, or after the server's retry-after when it sends one.
Failures that retrying cannot fix raise at once: AuthError (401/403), QuotaError (402, 429
insufficient_quota, "credit balance is too low"), ModelNotFoundError (404 naming a model), and
BackendError for other bad requests, so a night aborts with the reason instead of scoring
every task 0. The SDKs' own retries are switched off so that these are the only ones, and
each is logged.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from datetime import datetime, timezone
from typing import Callable, Iterator, Mapping, TypeVar

from skillopt_sleep.errors import AuthError, BackendError, ModelNotFoundError, QuotaError, SkilloptError

T = TypeVar("T")
logger = logging.getLogger(__name__)

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529})
RETRYABLE_TYPES = frozenset({"overloaded_error", "rate_limit_error", "api_error", "server_error", "timeout_error"})
QUOTA_MARKERS = ("insufficient_quota", "credit balance", "billing", "exceeded your current quota", "out of credits")


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 4
    base_delay_s: float = 1.0
    max_delay_s: float = 60.0
    # A retry-after beyond this is treated as "not tonight": fail instead of sleeping for hours.
    max_retry_after_s: float = 900.0

    def delay(self, retry: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait before retry number `retry` (1-based)."""
        if retry_after is not None:
            return max(0.0, retry_after)
        ceiling = min(self.max_delay_s, self.base_delay_s * (2 ** (retry - 1)))
        return rng.uniform(ceiling / 2, ceiling)


@dataclass
class Failure:
    """A classified failed attempt: retry it, or raise `error`."""

    retryable: bool
    reason: str
    retry_after: float | None = None
    error: SkilloptError | None = None


@dataclass
class RetryEvent:
    attempt: int
    reason: str
    delay_s: float
    at: float = field(default_factory=time.time)


class RetryLog:
    """Every retry a backend made (thread-safe), so reports and tests can count them."""

    def __init__(self) -> None:
        self._events: list[RetryEvent] = []
        self._lock = threading.Lock()

    def add(self, event: RetryEvent) -> None:
        with self._lock:
            self._events.append(event)

    @property
    def events(self) -> list[RetryEvent]:
        with self._lock:
            return list(self._events)

    @property
    def count(self) -> int:
        with self._lock:
            return len(self._events)


def call_with_retries(
    attempt: Callable[[], T],
    classify: Callable[[Exception], Failure | None],
    *,
    policy: RetryPolicy,
    log: RetryLog | None = None,
    sleep: Callable[[float], None] = time.sleep,
    rng: random.Random | None = None,
    what: str = "the call",
) -> T:
    """Run `attempt` until it succeeds, a failure is not retryable, or retries run out.

    `classify` turns an exception into a Failure; None means "not ours", re-raised unchanged.
    """
    rng = rng or random.Random()
    retries = 0
    while True:
        try:
            return attempt()
        except SkilloptError:
            raise
        except Exception as exc:
            failure = classify(exc)
            if failure is None:
                raise
            if not failure.retryable:
                raise (failure.error or BackendError(f"{what} failed: {failure.reason}")) from exc
            if failure.retry_after is not None and failure.retry_after > policy.max_retry_after_s:
                raise BackendError(
                    f"{what} failed: {failure.reason}; the server asks to wait {failure.retry_after:.0f}s, "
                    f"longer than {policy.max_retry_after_s:.0f}s"
                ) from exc
            if retries >= policy.max_retries:
                raise BackendError(f"{what} failed after {retries} retries: {failure.reason}") from exc
            retries += 1
            delay = policy.delay(retries, failure.retry_after, rng)
            if log is not None:
                log.add(RetryEvent(attempt=retries, reason=failure.reason, delay_s=delay))
            logger.warning("%s: retry %d of %d in %.1fs: %s", what, retries, policy.max_retries, delay, failure.reason)
            sleep(delay)


class ClassifiedFailure(Exception):
    """A failure a backend classified where it happened, read back by `retry_classified`."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.reason)
        self.failure = failure


def retry_classified(attempt: Callable[[], T], *, policy: RetryPolicy, log: RetryLog | None, what: str) -> T:
    """`call_with_retries` for an attempt that raises its failures as `ClassifiedFailure`."""
    return call_with_retries(attempt, lambda exc: exc.failure if isinstance(exc, ClassifiedFailure) else None,
                             policy=policy, log=log, what=what)


def connection_refused(exc: BaseException) -> bool:
    """Whether `exc` (or an error it was raised from) is a refused connection: nothing listens
    on that port, and waiting a few seconds will not change that."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, ConnectionRefusedError):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def parse_retry_after(headers: Mapping[str, str] | None) -> float | None:
    """Seconds from `retry-after-ms` or `retry-after` (seconds or an HTTP date); None if absent."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    raw_ms = lowered.get("retry-after-ms")
    if raw_ms:
        try:
            return max(0.0, float(raw_ms) / 1000)
        except ValueError:
            pass
    raw = lowered.get("retry-after")
    if not raw:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        moment = parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return max(0.0, (moment - datetime.now(timezone.utc)).total_seconds())


def classify_status(
    *,
    provider: str,
    model: str,
    status: int | None,
    error_type: str = "",
    code: str = "",
    message: str = "",
    retry_after: float | None = None,
    key_hint: str = "",
) -> Failure:
    """Decide what an HTTP error from a model API means."""
    error_type, code = (error_type or "").lower(), (code or "").lower()
    text = (message or "").strip() or error_type or code or f"HTTP {status}"
    lowered = text.lower()
    where = f"{provider} (HTTP {status}{', ' + (code or error_type) if (code or error_type) else ''}): {text}"
    if status == 401 or error_type == "authentication_error" or code == "invalid_api_key":
        hint = f" Check {key_hint}." if key_hint else ""
        return Failure(False, where, error=AuthError(f"{provider} rejected the credentials: {where}.{hint}"))
    if status == 403 or error_type == "permission_error":
        return Failure(False, where, error=AuthError(f"{provider} refused access: {where}"))
    if status == 402 or code == "insufficient_quota" or error_type == "insufficient_quota" or any(m in lowered for m in QUOTA_MARKERS):
        return Failure(False, where, error=QuotaError(f"{provider} account is out of quota or credit: {where}"))
    if status == 404 or error_type == "not_found_error" or code == "model_not_found":
        if "model" in lowered or code == "model_not_found":
            return Failure(False, where, error=ModelNotFoundError(f"{provider} does not know model {model!r}: {where}"))
        return Failure(False, where, error=BackendError(f"{provider} endpoint not found (is the base URL right?): {where}"))
    if status in RETRYABLE_STATUS or error_type in RETRYABLE_TYPES or (status is not None and status >= 500):
        return Failure(True, where, retry_after=retry_after)
    return Failure(False, where, error=BackendError(f"{provider} rejected the request: {where}"))


class ConcurrencyLimit:
    """At most `limit` calls in flight through one backend (the rest wait their turn)."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a concurrency limit must be at least 1")
        self.limit = limit
        self._semaphore = threading.BoundedSemaphore(limit)

    @contextmanager
    def slot(self) -> Iterator[None]:
        with self._semaphore:
            yield


def policy_from_options(options: Mapping[str, object]) -> RetryPolicy:
    return RetryPolicy(
        max_retries=int(options.get("max_retries", 4) or 0),  # type: ignore[arg-type]
        base_delay_s=float(options.get("retry_base_s", 1.0)),  # type: ignore[arg-type]
        max_delay_s=float(options.get("retry_max_s", 60.0)),  # type: ignore[arg-type]
    )
