"""Batch mode behind the ordinary one-call-at-a-time protocol.

The night calls `backend.complete()` from several threads at once. A batching backend hands
each request to a `BatchCollector`, which gathers the requests that arrive within a short
window (or until a size is reached), submits them as one batch through a provider's
`BatchApi`, polls until the batch ends, and wakes each caller with its own result.

Every submitted request is written to the store (batch id and custom id under a key of the
request) before anyone waits on it. A night restarted after a crash issues the same requests,
finds them in the store and collects the batch it already paid for instead of submitting
again; finished results are kept too, so a second restart downloads nothing.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import Counter
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Protocol

from skillopt_sleep.backends.base import Completion
from skillopt_sleep.errors import BackendError, SkilloptError
from skillopt_sleep.records import stable_json
from skillopt_sleep.store import Store, utc_now

# A batch's state as the collector sees it.
RUNNING, ENDED, FAILED = "running", "ended", "failed"
# Consecutive failed polls (each already retried with backoff) before callers are told.
MAX_POLL_FAILURES = 3


@dataclass
class BatchState:
    state: str  # running | ended | failed
    detail: str = ""


@dataclass
class ItemResult:
    completion: Completion | None = None
    error: SkilloptError | None = None


class BatchApi(Protocol):
    """One provider's batch endpoints. `endpoint` names the server and API (it scopes keys:
    a batch id means nothing to another server)."""

    provider: str
    endpoint: str

    def submit(self, items: list[tuple[str, dict]]) -> str:
        """Submit (custom_id, request params) pairs; return the batch id."""
        ...

    def state(self, batch_id: str) -> BatchState: ...

    def results(self, batch_id: str) -> dict[str, ItemResult]:
        """Results by custom id; requests the batch did not answer are simply absent."""
        ...


@dataclass
class _Item:
    key: str
    custom_id: str
    params: dict
    future: Future


class BatchCollector:
    def __init__(
        self,
        api: BatchApi,
        store: Store,
        *,
        model: str,
        window_s: float = 1.0,
        max_size: int = 1000,
        poll_s: float = 30.0,
        max_wait_s: float = 26 * 3600.0,
    ) -> None:
        self.api = api
        self.store = store
        self.model = model
        self.window_s = window_s
        self.max_size = max(1, max_size)
        self.poll_s = poll_s
        self.max_wait_s = max_wait_s
        self.submitted: list[str] = []  # batch ids this collector submitted
        self.resumed: list[str] = []  # batch ids found in the store and collected
        self._pending: list[_Item] = []
        self._waiters: dict[str, dict[str, list[Future]]] = {}
        self._pollers: dict[str, threading.Thread] = {}
        self._occurrences: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._timer: threading.Timer | None = None

    # -- the per-call entry point ---------------------------------------------------------
    def complete(self, params: dict) -> Completion:
        future = self._enqueue(params)
        try:
            return future.result(timeout=self.max_wait_s)
        except FutureTimeout:
            raise BackendError(
                f"{self.api.provider} batch still running after {self.max_wait_s:.0f}s; "
                "it stays recorded in the store and a rerun collects it"
            ) from None

    def request_key(self, params: dict, occurrence: int) -> str:
        material = stable_json({"provider": self.api.provider, "endpoint": self.api.endpoint, "model": self.model,
                                "params": params, "occurrence": occurrence})
        return hashlib.sha256(material.encode()).hexdigest()

    def _enqueue(self, params: dict) -> Future:
        future: Future = Future()
        flush_now = False
        with self._lock:
            if self._closed.is_set():
                raise BackendError(f"the {self.api.provider} batch backend is closed")
            # Identical requests (same prompt, same seed) are told apart by arrival order.
            base = stable_json(params)
            occurrence = self._occurrences[base]
            self._occurrences[base] += 1
            key = self.request_key(params, occurrence)
            row = self.store.query_one(
                "SELECT r.batch_id, r.custom_id, r.status, r.response_json FROM batch_requests r WHERE r.request_key = ?",
                (key,),
            )
            if row is not None and row["status"] == "succeeded" and row["response_json"]:
                future.set_result(Completion.from_dict(json.loads(row["response_json"])))
                return future
            if row is not None and row["status"] == "submitted":
                self._wait_on(row["batch_id"], row["custom_id"], future)
                if row["batch_id"] not in self.resumed and row["batch_id"] not in self.submitted:
                    self.resumed.append(row["batch_id"])
                self._ensure_poller(row["batch_id"], first_wait=0.0)
                return future
            self._pending.append(_Item(key=key, custom_id=key[:40], params=params, future=future))
            if len(self._pending) >= self.max_size:
                flush_now = True
            elif self._timer is None:
                self._timer = threading.Timer(self.window_s, self._flush)
                self._timer.daemon = True
                self._timer.start()
        if flush_now:
            self._flush()
        return future

    # -- submit ---------------------------------------------------------------------------
    def _flush(self) -> None:
        with self._lock:
            items, self._pending = self._pending, []
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        if not items:
            return
        try:
            batch_id = self.api.submit([(item.custom_id, item.params) for item in items])
        except Exception as exc:  # every caller of this batch learns why
            error = exc if isinstance(exc, SkilloptError) else BackendError(f"{self.api.provider} batch submit failed: {exc}")
            for item in items:
                item.future.set_exception(error)
            return
        now = utc_now()
        with self.store.transaction() as conn:
            conn.execute(
                "INSERT INTO batch_jobs (batch_id, provider, endpoint, model, status, request_count, submitted_at) "
                "VALUES (?, ?, ?, ?, 'submitted', ?, ?)",
                (batch_id, self.api.provider, self.api.endpoint, self.model, len(items), now),
            )
            for item in items:
                conn.execute(
                    "INSERT OR REPLACE INTO batch_requests (request_key, batch_id, custom_id, status, submitted_at) "
                    "VALUES (?, ?, ?, 'submitted', ?)",
                    (item.key, batch_id, item.custom_id, now),
                )
        with self._lock:
            self.submitted.append(batch_id)
            closed = self._closed.is_set()
            if not closed:
                for item in items:
                    self._wait_on(batch_id, item.custom_id, item.future)
                self._ensure_poller(batch_id, first_wait=self.poll_s)
        if closed:  # closed while the submit was in flight: the batch is recorded, nobody polls
            error = BackendError(f"the {self.api.provider} batch backend was closed; batch {batch_id} is collected on the next run")
            for item in items:
                item.future.set_exception(error)

    def _wait_on(self, batch_id: str, custom_id: str, future: Future) -> None:
        self._waiters.setdefault(batch_id, {}).setdefault(custom_id, []).append(future)

    # -- poll and collect -----------------------------------------------------------------
    def _ensure_poller(self, batch_id: str, *, first_wait: float) -> None:
        if batch_id in self._pollers:
            return
        thread = threading.Thread(target=self._poll, args=(batch_id, first_wait), name=f"batch-{batch_id[:16]}", daemon=True)
        self._pollers[batch_id] = thread
        thread.start()

    def _poll(self, batch_id: str, first_wait: float) -> None:
        failures = 0
        wait = first_wait
        while not self._closed.wait(wait):
            wait = self.poll_s
            try:
                state = self.api.state(batch_id)
                if state.state == RUNNING:
                    failures = 0
                    continue
                results = self.api.results(batch_id)
            except SkilloptError as exc:
                # Auth, quota and the like are final; a plain BackendError (retries used up on a
                # flaky network) may pass, so the batch gets a few more chances.
                failures += 1
                if type(exc) is not BackendError or failures >= MAX_POLL_FAILURES:
                    self._fail_waiters(batch_id, exc)
                    return
                continue
            except Exception as exc:
                failures += 1
                if failures >= MAX_POLL_FAILURES:
                    self._fail_waiters(batch_id, BackendError(f"{self.api.provider} batch {batch_id}: polling failed: {exc}"))
                    return
                continue
            self._settle(batch_id, state, results)
            return

    def _settle(self, batch_id: str, state: BatchState, results: dict[str, ItemResult]) -> None:
        now = utc_now()
        with self._lock:
            rows = self.store.query("SELECT request_key, custom_id FROM batch_requests WHERE batch_id = ?", (batch_id,))
            with self.store.transaction() as conn:
                for row in rows:
                    result = results.get(row["custom_id"])
                    if result is not None and result.completion is not None:
                        conn.execute(
                            "UPDATE batch_requests SET status = 'succeeded', response_json = ?, error = NULL, finished_at = ? WHERE request_key = ?",
                            (json.dumps(result.completion.to_dict(), ensure_ascii=False), now, row["request_key"]),
                        )
                    else:
                        message = str(result.error) if result is not None and result.error else f"no result ({state.detail or state.state})"
                        conn.execute(
                            "UPDATE batch_requests SET status = 'errored', error = ?, finished_at = ? WHERE request_key = ?",
                            (message, now, row["request_key"]),
                        )
                conn.execute(
                    "UPDATE batch_jobs SET status = ?, detail = ?, finished_at = ? WHERE batch_id = ?",
                    (state.state, state.detail, now, batch_id),
                )
            waiters = self._waiters.pop(batch_id, {})
            self._pollers.pop(batch_id, None)
        for custom_id, futures in waiters.items():
            result = results.get(custom_id)
            for future in futures:
                if result is not None and result.completion is not None:
                    future.set_result(result.completion)
                elif result is not None and result.error is not None:
                    future.set_exception(result.error)
                else:
                    future.set_exception(BackendError(
                        f"{self.api.provider} batch {batch_id} {state.state} without a result for this request"
                        + (f" ({state.detail})" if state.detail else "")
                    ))

    def _fail_waiters(self, batch_id: str, error: SkilloptError) -> None:
        with self._lock:
            waiters = self._waiters.pop(batch_id, {})
            self._pollers.pop(batch_id, None)
        for futures in waiters.values():
            for future in futures:
                future.set_exception(error)

    # -- shutdown -------------------------------------------------------------------------
    def close(self) -> None:
        """Stop polling. Callers still waiting get an error; submitted batches stay in the
        store, so a later collector (a restarted night) collects them."""
        with self._lock:
            self._closed.set()
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            pending, self._pending = self._pending, []
            waiters, self._waiters = self._waiters, {}
        closed = BackendError(f"the {self.api.provider} batch backend was closed; submitted batches are collected on the next run")
        for item in pending:
            item.future.set_exception(closed)
        for by_id in waiters.values():
            for futures in by_id.values():
                for future in futures:
                    future.set_exception(closed)
