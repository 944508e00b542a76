"""What the HTTP API backends (Anthropic, OpenAI and OpenAI-compatible servers) share.

A provider module supplies only what differs: the request body (`params`), the one call that
sends it (`send`), how a provider's error reply is read (`classify_reply`) and its batch
endpoints (`batch_api`). This base runs every call through a concurrency limit and our retries
(retry.py), treats timeouts and dropped connections alike for both SDKs, fails at once when
nothing listens at the base URL, prices usage, and switches batch mode on from the options.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, Mapping, TypeVar

from skillopt_sleep.backends.base import Completion, CompletionRequest
from skillopt_sleep.backends.batching import BatchApi, BatchCollector
from skillopt_sleep.backends.core import BackendCore
from skillopt_sleep.backends.pricing import ModelPrice
from skillopt_sleep.backends.retry import (
    ConcurrencyLimit,
    Failure,
    RetryPolicy,
    call_with_retries,
    connection_refused,
)
from skillopt_sleep.errors import BackendError, ConfigError
from skillopt_sleep.store import Store

T = TypeVar("T")

DEFAULT_TIMEOUT_S = 300.0
DEFAULT_CONCURRENCY = 8


class HttpApiBackend(BackendCore, ABC):
    """name: the registry name. timeout_error / connection_error: the SDK's exception classes
    for a request that got no reply in time and for one that never reached the server."""

    name = ""
    supports_tools = True
    supports_images = True  # both APIs take images in a user turn
    timeout_error: type[Exception] = TimeoutError
    connection_error: type[Exception] = ConnectionError

    def __init__(
        self,
        model: str,
        client: Any,
        *,
        policy: RetryPolicy,
        timeout_s: float,
        price: ModelPrice | None,
        cost_known: bool,
        concurrency: int = DEFAULT_CONCURRENCY,
    ) -> None:
        super().__init__(model, policy=policy, timeout_s=timeout_s, concurrency=concurrency, cost_known=cost_known)
        self.client = client
        self.price = price
        self.base_url = str(client.base_url).rstrip("/")
        self.where = self.name  # how errors name the server; a compatible server says more
        self.limit = ConcurrencyLimit(concurrency)
        self.batch: BatchCollector | None = None

    # -- what a provider supplies ---------------------------------------------------------
    @abstractmethod
    def params(self, request: CompletionRequest) -> dict:
        """The provider's request body (also what a batch item carries)."""

    @abstractmethod
    def send(self, params: dict) -> Completion:
        """One call with that body, through `self.call`."""

    @abstractmethod
    def classify_reply(self, exc: Exception) -> Failure | None:
        """A provider's own exceptions (error replies, missing credentials); None: not ours."""

    @abstractmethod
    def batch_api(self) -> BatchApi:
        """The provider's batch endpoints."""

    # -- shared -----------------------------------------------------------------------------
    def complete(self, request: CompletionRequest) -> Completion:
        params = self.params(request)
        if self.batch is not None:
            return self.batch.complete(params)
        return self.send(params)

    def call(self, what: str, attempt: Callable[[], T]) -> T:
        def limited() -> T:
            with self.limit.slot():
                return attempt()

        return call_with_retries(limited, self.classify, policy=self.policy, log=self.retries, what=f"{self.where} {what}")

    def classify(self, exc: Exception) -> Failure | None:
        if isinstance(exc, self.timeout_error):  # before connection_error: the SDKs derive one from the other
            return Failure(True, f"{self.where}: no reply within {self.timeout_s:.0f}s")
        if isinstance(exc, self.connection_error):
            if connection_refused(exc):
                # Nothing listens there: retrying for a minute would only delay the same answer.
                reason = f"cannot reach {self.base_url}: connection refused; is the server running?"
                return Failure(False, reason, error=BackendError(reason))
            return Failure(True, f"{self.where}: connection failed: {exc}")
        return self.classify_reply(exc)

    def enable_batch(self, store: Store, *, poll_s: float, window_s: float, max_size: int, max_wait_s: float) -> None:
        self.batch = BatchCollector(self.batch_api(), store, model=self.model, window_s=window_s, max_size=max_size,
                                    poll_s=poll_s, max_wait_s=max_wait_s)
        self.preferred_concurrency = max_size

    def enable_batch_from_options(self, options: Mapping[str, Any]) -> None:
        """Batch mode when `options["batch"]` is set, recorded in `store` (or the store at `store_path`)."""
        if not options.get("batch"):
            return
        store = options.get("store")
        if store is not None and not isinstance(store, Store):
            raise ConfigError(f"{self.name}: options['store'] must be a Store")
        self.enable_batch(
            store or Store(options.get("store_path")),
            poll_s=float(options.get("batch_poll_s") or 30.0),
            window_s=float(options.get("batch_window_s") or 1.0),
            max_size=int(options.get("batch_max_size") or 1000),
            max_wait_s=float(options.get("batch_max_wait_s") or 26 * 3600.0),
        )

    def close(self) -> None:
        if self.batch is not None:
            self.batch.close()
        self.client.close()


def timeout_from_options(options: Mapping[str, Any]) -> float:
    return float(options.get("timeout_s") or DEFAULT_TIMEOUT_S)


def concurrency_from_options(options: Mapping[str, Any]) -> int:
    return int(options.get("concurrency") or DEFAULT_CONCURRENCY)
