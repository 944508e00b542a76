"""Retry policy and failure classification shared by the backends."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest

from skillopt_sleep.backends.retry import Failure, RetryLog, RetryPolicy, call_with_retries, classify_status, parse_retry_after
from skillopt_sleep.errors import AuthError, BackendError, ModelNotFoundError, QuotaError


def status(http_status: int, **kwargs) -> Failure:
    return classify_status(provider="p", model="m", status=http_status, **kwargs)


@pytest.mark.parametrize("code", [408, 409, 429, 500, 502, 503, 504, 529])
def test_transient_statuses_are_retried(code):
    assert status(code).retryable


def test_overloaded_error_type_is_retried_whatever_the_status():
    assert status(400, error_type="overloaded_error").retryable


@pytest.mark.parametrize(
    ("http_status", "kwargs", "error"),
    [
        (401, {}, AuthError),
        (403, {}, AuthError),
        (400, {"error_type": "authentication_error"}, AuthError),
        (402, {}, QuotaError),
        (429, {"code": "insufficient_quota"}, QuotaError),
        (400, {"message": "Your credit balance is too low to access the Anthropic API."}, QuotaError),
        (404, {"message": "model: claude-x"}, ModelNotFoundError),
        (404, {"code": "model_not_found"}, ModelNotFoundError),
    ],
)
def test_fatal_failures_name_their_cause(http_status, kwargs, error):
    failure = status(http_status, **kwargs)
    assert not failure.retryable and type(failure.error) is error


def test_a_404_without_a_model_points_at_the_base_url():
    failure = status(404, message="Invalid URL (POST /v2/chat)")
    assert type(failure.error) is BackendError and "base URL" in str(failure.error)


def test_other_client_errors_are_not_retried():
    failure = status(400, message="messages: field required")
    assert not failure.retryable and "field required" in str(failure.error)


def test_retry_after_in_seconds_milliseconds_and_http_dates():
    assert parse_retry_after({"Retry-After": "7"}) == 7.0
    assert parse_retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    soon = format_datetime(datetime.now(timezone.utc) + timedelta(seconds=30), usegmt=True)
    assert 25 <= parse_retry_after({"retry-after": soon}) <= 30
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({}) is None and parse_retry_after(None) is None


def flaky(failures: list[Exception], result: str = "ok"):
    remaining = list(failures)

    def attempt() -> str:
        if remaining:
            raise remaining.pop(0)
        return result

    return attempt


def classify_by_message(exc: Exception) -> Failure | None:
    if isinstance(exc, TimeoutError):
        return Failure(True, "timeout", retry_after=None)
    if isinstance(exc, ConnectionError):
        return Failure(True, "limited", retry_after=2.5)
    if isinstance(exc, PermissionError):
        return Failure(False, "denied", error=AuthError("denied"))
    return None


def test_backoff_doubles_with_jitter_and_retry_after_wins():
    waits: list[float] = []
    log = RetryLog()
    policy = RetryPolicy(max_retries=5, base_delay_s=1.0, max_delay_s=3.0)
    result = call_with_retries(flaky([TimeoutError(), TimeoutError(), ConnectionError(), TimeoutError()]), classify_by_message,
                               policy=policy, log=log, sleep=waits.append, rng=random.Random(3))
    assert result == "ok" and log.count == 4 and waits == [e.delay_s for e in log.events]
    assert 0.5 <= waits[0] <= 1.0 and 1.0 <= waits[1] <= 2.0  # full jitter in [ceiling/2, ceiling]
    assert waits[2] == 2.5  # the server's retry-after
    assert 1.5 <= waits[3] <= 3.0  # capped at max_delay_s


def test_fatal_errors_raise_at_once_and_unknown_errors_pass_through():
    waits: list[float] = []
    with pytest.raises(AuthError):
        call_with_retries(flaky([PermissionError()]), classify_by_message, policy=RetryPolicy(), sleep=waits.append)
    with pytest.raises(KeyError):
        call_with_retries(flaky([KeyError("bug")]), classify_by_message, policy=RetryPolicy(), sleep=waits.append)
    assert waits == []


def test_running_out_of_retries_says_how_many_were_made():
    with pytest.raises(BackendError, match="after 2 retries: timeout"):
        call_with_retries(flaky([TimeoutError()] * 3), classify_by_message, policy=RetryPolicy(max_retries=2), sleep=lambda s: None)


def test_a_retry_after_longer_than_the_night_can_wait_fails_instead_of_sleeping():
    waits: list[float] = []
    far = lambda exc: Failure(True, "rate limited", retry_after=7200.0)  # noqa: E731
    with pytest.raises(BackendError, match="asks to wait 7200s"):
        call_with_retries(flaky([TimeoutError()]), far, policy=RetryPolicy(), sleep=waits.append)
    assert waits == []
