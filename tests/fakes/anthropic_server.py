"""A fake Anthropic API: Messages (JSON and SSE streaming), count_tokens, Message Batches, Models.

Usage is estimated from the request (about four characters a token) unless a reply gives it.
Prompt caching is simulated the way the API documents it: the prefix up to the last block
marked `cache_control` is written to the cache on first sight (cache_creation_input_tokens) and
read on later requests with the same prefix (cache_read_input_tokens); input_tokens counts only
the rest. Prefixes shorter than `cache_min_tokens` are not cached.
"""

from __future__ import annotations

import copy
import json
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from tests.fakes.base import FakeModelServer, PrefixCache
from tests.fakes.conversation import estimate_tokens
from tests.fakes.http import FakeRequest, JsonResponse, RawResponse, Response, SseResponse
from tests.fakes.script import ErrorReply, Reply

# kind -> (status, error type, default message)
ERRORS = {
    "rate_limit": (429, "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit."),
    "overloaded": (529, "overloaded_error", "Overloaded"),
    "server": (500, "api_error", "Internal server error"),
    "auth": (401, "authentication_error", "invalid x-api-key"),
    "permission": (403, "permission_error", "Your API key does not have permission to use the specified resource."),
    "quota": (
        400,
        "invalid_request_error",
        "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
    ),
    "not_found": (404, "not_found_error", "Not found"),
    "bad_request": (400, "invalid_request_error", "Invalid request"),
}


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass
class FakeMessageBatch:
    id: str
    requests: list[dict]
    created_at: datetime
    polls_left: int
    status: str = "in_progress"  # in_progress | canceling | ended
    ended_at: datetime | None = None
    cancel_initiated_at: datetime | None = None
    results: list[dict] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        if self.status != "ended":
            counts["processing"] = len(self.requests)
            return counts
        for result in self.results:
            counts[result["result"]["type"]] += 1
        return counts


class FakeAnthropic(FakeModelServer):
    turn_apis = ("anthropic.messages",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.batches: dict[str, FakeMessageBatch] = {}
        self._batch_lock = threading.RLock()
        self.cache = PrefixCache()
        self.route("POST", "/v1/messages", self._messages)
        self.route("POST", "/v1/messages/count_tokens", self._count_tokens)
        self.route("POST", "/v1/messages/batches", self._create_batch)
        self.route("GET", "/v1/messages/batches", self._list_batches)
        self.route("GET", "/v1/messages/batches/(?P<id>[^/]+)", self._retrieve_batch)
        self.route("GET", "/v1/messages/batches/(?P<id>[^/]+)/results", self._batch_results)
        self.route("POST", "/v1/messages/batches/(?P<id>[^/]+)/cancel", self._cancel_batch)
        self.route("DELETE", "/v1/messages/batches/(?P<id>[^/]+)", self._delete_batch)
        self.route("GET", "/v1/models", self._list_models)
        self.route("GET", "/v1/models/(?P<id>[^/]+)", self._get_model)

    def env(self) -> dict[str, str]:
        """Environment that points the claude CLI / anthropic SDK at this server."""
        return {"ANTHROPIC_BASE_URL": self.url, "ANTHROPIC_API_KEY": self.api_key or "sk-ant-dummy"}

    # -- classification and auth ----------------------------------------------------------
    def classify(self, request: FakeRequest) -> str:
        path = request.path
        if path == "/v1/messages":
            return "anthropic.title" if _asks_for_a_title(request.json) else "anthropic.messages"
        if path == "/v1/messages/count_tokens":
            return "anthropic.count_tokens"
        if path.startswith("/v1/messages/batches"):
            return "anthropic.batches"
        if path.startswith("/v1/models"):
            return "anthropic.models"
        return "anthropic.other"

    def check_auth(self, request: FakeRequest) -> Response | None:
        if self.api_key is None:
            return None
        bearer = request.headers.get("authorization", "")
        if request.headers.get("x-api-key") == self.api_key or bearer == f"Bearer {self.api_key}":
            return None
        return self.error_response(ErrorReply(kind="auth"))

    def error_response(self, error: ErrorReply) -> JsonResponse:
        status, kind, message = ERRORS[error.kind]
        headers = {"request-id": self.new_id("req_")}
        if error.retry_after is not None:
            headers["retry-after"] = _seconds(error.retry_after)
        if error.kind == "not_found" and error.model and not error.message:
            message = self.model_missing_message(error.model)
        body = {"type": "error", "error": {"type": kind, "message": error.message or message}}
        return JsonResponse(error.status or status, body, headers, delay_s=error.delay_s)

    def model_missing_message(self, model: str) -> str:
        return f"model: {model}"

    def not_found(self, request: FakeRequest) -> Response:
        return self.error_response(ErrorReply(kind="not_found", message=f"fake server: no route for {request.method} {request.path}"))

    # -- messages -------------------------------------------------------------------------
    def _messages(self, request: FakeRequest, _match) -> Response:
        body = request.json
        if not isinstance(body, dict) or "messages" not in body or "model" not in body:
            return self.error_response(ErrorReply(kind="bad_request", message="model and messages: field required"))
        # Claude Code names each session with a side request of its own, at a moment of its own:
        # it is answered here, so a test's script holds only the conversation's turns.
        answer = Reply(text='{"title": "A session"}') if request.api == "anthropic.title" else self.answer_for(request)
        if isinstance(answer, (JsonResponse, RawResponse, SseResponse)):
            return answer
        if isinstance(answer, ErrorReply):
            return self.error_response(answer)
        message = self.message(request, answer)
        headers = {"request-id": self.new_id("req_")}
        if request.stream:
            return SseResponse(self._stream_events(message), headers, delay_s=answer.delay_s)
        return JsonResponse(200, message, headers, delay_s=answer.delay_s)

    def message(self, request: FakeRequest, reply: Reply, *, service_tier: str = "standard") -> dict:
        content: list[dict] = []
        if reply.text or not reply.tool_calls:
            content.append({"type": "text", "text": reply.text})
        for call in reply.tool_calls:
            content.append({"type": "tool_use", "id": call.id or self.new_id("toolu_"), "name": call.name, "input": call.input})
        if reply.usage is not None:
            usage = {
                "input_tokens": reply.usage.input_tokens,
                "output_tokens": reply.usage.output_tokens,
                "cache_creation_input_tokens": reply.usage.cache_write_tokens,
                "cache_read_input_tokens": reply.usage.cache_read_tokens,
            }
        else:
            usage = self._usage(request.json)
            usage["output_tokens"] = self.output_tokens(reply)
        usage["service_tier"] = service_tier
        return {
            "id": self.new_id("msg_"),
            "type": "message",
            "role": "assistant",
            "model": reply.model or request.model,
            "content": content,
            "stop_reason": reply.resolved_stop_reason(),
            "stop_sequence": None,
            "usage": usage,
        }

    def _usage(self, body: dict) -> dict:
        """Input usage with the simulated prompt cache applied."""
        segments, marked = _segments(body)
        tokens = [estimate_tokens(s) for s in segments]
        total = sum(tokens) + 4 * len(body.get("messages") or [])  # a few tokens of role framing per turn
        cached = cache_read = cache_write = 0
        if marked >= 0:
            cached = sum(tokens[: marked + 1])
            if cached >= self.cache_min_tokens:
                key = PrefixCache.chain(str(body.get("model", "")), segments[: marked + 1])[-1]
                if self.cache.contains(key):
                    cache_read = cached
                else:
                    cache_write = cached
                    self.cache.add([key])
            else:
                cached = 0
        return {
            "input_tokens": max(1, total - cached),
            "cache_creation_input_tokens": cache_write,
            "cache_read_input_tokens": cache_read,
        }

    def _stream_events(self, message: dict):
        usage = message["usage"]
        start = dict(message, content=[], stop_reason=None, usage=dict(usage, output_tokens=1))
        yield "message_start", {"type": "message_start", "message": start}
        yield "ping", {"type": "ping"}
        for index, block in enumerate(message["content"]):
            if block["type"] == "text":
                yield "content_block_start", {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}}
                for piece in self.chunks(block["text"], self.stream_chunk_chars):
                    yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": piece}}
            else:
                opening = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
                yield "content_block_start", {"type": "content_block_start", "index": index, "content_block": opening}
                arguments = json.dumps(block["input"])
                for piece in [""] + self.chunks(arguments, self.stream_chunk_chars):
                    yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": piece}}
            yield "content_block_stop", {"type": "content_block_stop", "index": index}
        final_usage = {k: usage[k] for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")}
        yield "message_delta", {
            "type": "message_delta",
            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
            "usage": final_usage,
        }
        yield "message_stop", {"type": "message_stop"}

    def _count_tokens(self, request: FakeRequest, _match) -> Response:
        body = request.json if isinstance(request.json, dict) else {}
        segments, _ = _segments(body)
        return JsonResponse(200, {"input_tokens": max(1, sum(estimate_tokens(s) for s in segments))})

    # -- batches --------------------------------------------------------------------------
    def _create_batch(self, request: FakeRequest, _match) -> Response:
        body = request.json if isinstance(request.json, dict) else {}
        requests = body.get("requests")
        if not isinstance(requests, list) or not requests:
            return self.error_response(ErrorReply(kind="bad_request", message="requests: must be a non-empty list"))
        ids = [r.get("custom_id") for r in requests if isinstance(r, dict)]
        if len(ids) != len(requests) or any(not i for i in ids) or len(set(ids)) != len(ids):
            return self.error_response(ErrorReply(kind="bad_request", message="requests: each needs a unique custom_id"))
        batch = FakeMessageBatch(
            id=self.new_id("msgbatch_"),
            requests=copy.deepcopy(requests),
            created_at=datetime.now(timezone.utc),
            polls_left=self.batch_polls,
        )
        with self._batch_lock:
            self.batches[batch.id] = batch
        return JsonResponse(200, self._batch_object(batch, request))

    def _batch(self, batch_id: str) -> FakeMessageBatch | None:
        with self._batch_lock:
            return self.batches.get(batch_id)

    def _retrieve_batch(self, request: FakeRequest, match) -> Response:
        batch = self._batch(match["id"])
        if batch is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"batch {match['id']} not found"))
        with self._batch_lock:
            if batch.status != "ended":
                if batch.polls_left <= 0:
                    self._finish(batch)
                else:
                    batch.polls_left -= 1
        return JsonResponse(200, self._batch_object(batch, request))

    def finish_batches(self) -> None:
        """End every open batch now (answers come from the script, as for any request)."""
        with self._batch_lock:
            for batch in self.batches.values():
                if batch.status != "ended":
                    self._finish(batch)

    def _finish(self, batch: FakeMessageBatch) -> None:
        canceled = batch.status == "canceling"
        for item in batch.requests:
            if canceled:
                batch.results.append({"custom_id": item["custom_id"], "result": {"type": "canceled"}})
                continue
            inner = FakeRequest(
                method="POST",
                path="/v1/messages",
                query={},
                headers={},
                body=json.dumps(item.get("params", {})).encode(),
                json=item.get("params", {}),
                api="anthropic.batch_item",
                batch_id=batch.id,
                custom_id=item["custom_id"],
            )
            self.batch_items.append(inner)
            answer = self.answer_for(inner)
            if isinstance(answer, Reply):
                result = {"type": "succeeded", "message": self.message(inner, answer, service_tier="batch")}
            else:
                error_body = answer.body if isinstance(answer, JsonResponse) else self.error_response(answer).body
                result = {"type": "errored", "error": error_body}
            batch.results.append({"custom_id": item["custom_id"], "result": result})
        batch.status = "ended"
        batch.ended_at = datetime.now(timezone.utc)

    def _batch_object(self, batch: FakeMessageBatch, request: FakeRequest) -> dict:
        base = f"http://{request.headers.get('host', f'127.0.0.1:{self.port}')}"
        return {
            "id": batch.id,
            "type": "message_batch",
            "processing_status": batch.status,
            "request_counts": batch.counts(),
            "ended_at": _iso(batch.ended_at) if batch.ended_at else None,
            "created_at": _iso(batch.created_at),
            "expires_at": _iso(batch.created_at + timedelta(hours=24)),
            "archived_at": None,
            "cancel_initiated_at": _iso(batch.cancel_initiated_at) if batch.cancel_initiated_at else None,
            "results_url": f"{base}/v1/messages/batches/{batch.id}/results" if batch.status == "ended" else None,
        }

    def _batch_results(self, request: FakeRequest, match) -> Response:
        batch = self._batch(match["id"])
        if batch is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"batch {match['id']} not found"))
        if batch.status != "ended":
            return self.error_response(ErrorReply(kind="bad_request", message=f"batch {batch.id} is still {batch.status}"))
        lines = "".join(json.dumps(r) + "\n" for r in batch.results)
        return RawResponse(200, lines.encode(), content_type="application/binary")

    def _cancel_batch(self, request: FakeRequest, match) -> Response:
        batch = self._batch(match["id"])
        if batch is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"batch {match['id']} not found"))
        with self._batch_lock:
            if batch.status == "in_progress":
                batch.status = "canceling"
                batch.cancel_initiated_at = datetime.now(timezone.utc)
        return JsonResponse(200, self._batch_object(batch, request))

    def _delete_batch(self, request: FakeRequest, match) -> Response:
        with self._batch_lock:
            batch = self.batches.get(match["id"])
            if batch is None:
                return self.error_response(ErrorReply(kind="not_found", message=f"batch {match['id']} not found"))
            if batch.status != "ended":
                return self.error_response(ErrorReply(kind="bad_request", message="a batch must end before it is deleted"))
            del self.batches[batch.id]
        return JsonResponse(200, {"id": batch.id, "type": "message_batch_deleted"})

    def _list_batches(self, request: FakeRequest, _match) -> Response:
        with self._batch_lock:
            data = [self._batch_object(b, request) for b in self.batches.values()]
        data.reverse()  # newest first, as the API lists them
        return JsonResponse(200, _page(data))

    # -- models ---------------------------------------------------------------------------
    def _model_object(self, model: str) -> dict:
        return {"type": "model", "id": model, "display_name": model, "created_at": "2025-01-01T00:00:00Z"}

    def _list_models(self, request: FakeRequest, _match) -> Response:
        return JsonResponse(200, _page([self._model_object(m) for m in sorted(self.models or [])]))

    def _get_model(self, request: FakeRequest, match) -> Response:
        if self.models is not None and match["id"] not in self.models:
            return self.error_response(ErrorReply(kind="not_found", message=f"model: {match['id']}"))
        return JsonResponse(200, self._model_object(match["id"]))


def _page(data: list[dict]) -> dict:
    return {"data": data, "has_more": False, "first_id": data[0]["id"] if data else None, "last_id": data[-1]["id"] if data else None}


def _seconds(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _segments(body: dict) -> tuple[list[Any], int]:
    """The request split into the blocks the cache sees, in cache order (tools, system,
    messages), with `cache_control` removed; and the index of the last marked block (-1: none)."""
    segments: list[Any] = []
    marked = -1

    def take(block: Any) -> None:
        nonlocal marked
        if isinstance(block, dict) and "cache_control" in block:
            marked = len(segments)
            block = {k: v for k, v in block.items() if k != "cache_control"}
        segments.append(block)

    for tool in body.get("tools") or []:
        take(tool)
    system = body.get("system")
    if isinstance(system, str) and system:
        take({"type": "text", "text": system})
    elif isinstance(system, list):
        for block in system:
            take(block)
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        content = message.get("content")
        if isinstance(content, str):
            take({"role": message.get("role"), "text": content})
        elif isinstance(content, list):
            for block in content:
                take(block)
    return segments, marked


def _asks_for_a_title(body: object) -> bool:
    """Claude Code's session-title request: its output must be an object holding a title alone."""
    schema = ((body or {}).get("output_config") or {}).get("format", {}).get("schema", {}) if isinstance(body, dict) else {}
    return isinstance(schema, dict) and set(schema.get("properties") or ()) == {"title"}
