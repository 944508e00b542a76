"""What both fake model APIs share: the script, credentials, known models and id generation."""

from __future__ import annotations

import hashlib
import itertools
import json
import threading
from typing import Any, Iterable

from tests.fakes.conversation import estimate_tokens
from tests.fakes.http import FakeRequest, JsonResponse, LoopbackServer, Response
from tests.fakes.script import Answer, ErrorReply, Reply, Responder, Script


class FakeModelServer(LoopbackServer):
    """A fake model API.

    api_key: when set, requests must carry it (else 401 in the provider's format).
    models: when set, a request for any other model gets the provider's model-not-found error.
    default: the answer when nothing is queued and no responder answers; None makes such a
    request a clear 400 error ("nothing scripted"), recorded in `script.unscripted`.
    cache_min_tokens: shortest prefix the fake's prompt cache keeps (the real APIs use 1024+).
    batch_polls: status polls of a batch that still report it in progress before it ends.
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        models: Iterable[str] | None = None,
        default: Answer | None = None,
        cache_min_tokens: int = 1024,
        batch_polls: int = 1,
        stream_chunk_chars: int = 12,
    ) -> None:
        super().__init__()
        self.api_key = api_key
        self.models = set(models) if models is not None else None
        self.script = Script(default)
        self.cache_min_tokens = cache_min_tokens
        self.batch_polls = batch_polls
        self.stream_chunk_chars = max(1, stream_chunk_chars)
        self.batch_items: list[FakeRequest] = []  # requests answered inside batches
        self._ids = itertools.count(1)
        self._id_lock = threading.Lock()

    # -- scripting ------------------------------------------------------------------------
    def push(self, *answers: Answer) -> None:
        """Queue answers; each request (HTTP or batch item) takes the next one."""
        self.script.push(*answers)

    def respond_with(self, responder: Responder | None) -> None:
        """Decide answers with a function of the request (used once the queue is empty)."""
        self.script.respond_with(responder)

    def model_requests(self) -> list[FakeRequest]:
        """HTTP requests that asked the model for a turn (not batches, models or token counts)."""
        with self._lock:
            return [r for r in self.requests if r.api in self.turn_apis]

    turn_apis: tuple[str, ...] = ()

    # -- helpers for subclasses -----------------------------------------------------------
    def new_id(self, prefix: str) -> str:
        with self._id_lock:
            number = next(self._ids)
        return f"{prefix}{number:06d}{hashlib.sha1(f'{prefix}{number}{self.port}'.encode()).hexdigest()[:14]}"

    def answer_for(self, request: FakeRequest) -> Answer | Response:
        """The scripted answer, or an error response when the model is unknown or nothing is scripted."""
        if self.models is not None and request.model and request.model not in self.models:
            return ErrorReply(kind="not_found", model=request.model)
        answer = self.script.next(request)
        if answer is None:
            return self.error_response(
                ErrorReply(kind="bad_request", message=f"fake server: nothing scripted for {request.api or request.path}")
            )
        return answer

    def model_missing_message(self, model: str) -> str:
        return f"model: {model}"

    def error_response(self, error: ErrorReply) -> JsonResponse:
        raise NotImplementedError

    @staticmethod
    def chunks(text: str, size: int) -> list[str]:
        return [text[i : i + size] for i in range(0, len(text), size)] or []

    @staticmethod
    def output_tokens(reply: Reply) -> int:
        tokens = estimate_tokens(reply.text) + sum(estimate_tokens(c.input) + estimate_tokens(c.name) for c in reply.tool_calls)
        return max(1, tokens)


class PrefixCache:
    """A simulated prompt cache: remembers prefixes (hash chains of request segments) it has seen."""

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._lock = threading.Lock()

    @staticmethod
    def chain(model: str, segments: list[Any]) -> list[str]:
        digest = hashlib.sha256(model.encode())
        hashes = []
        for segment in segments:
            digest.update(json.dumps(segment, sort_keys=True, ensure_ascii=False).encode())
            hashes.append(digest.copy().hexdigest())
        return hashes

    def contains(self, key: str) -> bool:
        with self._lock:
            return key in self._seen

    def add(self, keys: Iterable[str]) -> None:
        with self._lock:
            self._seen.update(keys)

    def longest_seen(self, keys: list[str]) -> int:
        """Length of the longest prefix already seen (0 if none)."""
        with self._lock:
            for length in range(len(keys), 0, -1):
                if keys[length - 1] in self._seen:
                    return length
        return 0
