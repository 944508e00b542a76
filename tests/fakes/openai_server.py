"""A fake OpenAI API: Chat Completions and Responses (JSON and SSE streaming), Models, Files and
the Batch API. Also what OpenAI-compatible servers (vLLM, llama.cpp, Ollama) and `codex exec`
talk to.

Usage is estimated from the request unless a reply gives it. Automatic prompt caching is
simulated as OpenAI documents it: a request whose leading segments (tools, instructions,
messages) match an earlier request's reports that common prefix as cached tokens, in steps of
128, when it is at least `cache_min_tokens` long. Cached tokens are part of the prompt tokens.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from typing import Any

from tests.fakes.base import FakeModelServer, PrefixCache
from tests.fakes.conversation import estimate_tokens
from tests.fakes.http import FakeRequest, JsonResponse, RawResponse, Response, SseResponse
from tests.fakes.script import ErrorReply, Reply

# kind -> (status, type, code, default message)
ERRORS = {
    "rate_limit": (429, "requests", "rate_limit_exceeded", "Rate limit reached for requests. Please try again later."),
    "overloaded": (503, "server_error", None, "The server is overloaded or not ready yet."),
    "server": (500, "server_error", None, "The server had an error while processing your request."),
    "auth": (401, "invalid_request_error", "invalid_api_key", "Incorrect API key provided."),
    "permission": (403, "invalid_request_error", "permission_denied", "You are not allowed to access this resource."),
    "quota": (
        429,
        "insufficient_quota",
        "insufficient_quota",
        "You exceeded your current quota, please check your plan and billing details.",
    ),
    "not_found": (404, "invalid_request_error", "model_not_found", "The model does not exist or you do not have access to it."),
    "bad_request": (400, "invalid_request_error", None, "Invalid request."),
}

FINISH_REASONS = {"end_turn": "stop", "tool_use": "tool_calls", "max_tokens": "length", "stop_sequence": "stop"}
BATCH_ENDPOINTS = ("/v1/chat/completions", "/v1/responses")


@dataclass
class FakeFile:
    id: str
    filename: str
    purpose: str
    content: bytes
    created_at: int

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "object": "file",
            "bytes": len(self.content),
            "created_at": self.created_at,
            "filename": self.filename,
            "purpose": self.purpose,
            "status": "processed",
            "status_details": None,
        }


@dataclass
class FakeBatch:
    id: str
    endpoint: str
    input_file_id: str
    completion_window: str
    metadata: dict | None
    created_at: int
    polls_left: int
    total: int
    status: str = "validating"
    output_file_id: str | None = None
    error_file_id: str | None = None
    completed_at: int | None = None
    cancelled_at: int | None = None
    completed: int = 0
    failed: int = 0


class FakeOpenAI(FakeModelServer):
    turn_apis = ("openai.chat", "openai.responses")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cache = PrefixCache()
        self.files: dict[str, FakeFile] = {}
        self.batches: dict[str, FakeBatch] = {}
        self._batch_lock = threading.RLock()
        self.route("POST", "/v1/chat/completions", self._chat)
        self.route("POST", "/v1/responses", self._responses)
        self.route("GET", "/v1/models", self._list_models)
        self.route("GET", "/v1/models/(?P<id>.+)", self._get_model)
        self.route("POST", "/v1/files", self._upload)
        self.route("GET", "/v1/files/(?P<id>[^/]+)", self._file)
        self.route("GET", "/v1/files/(?P<id>[^/]+)/content", self._file_content)
        self.route("POST", "/v1/batches", self._create_batch)
        self.route("GET", "/v1/batches", self._list_batches)
        self.route("GET", "/v1/batches/(?P<id>[^/]+)", self._retrieve_batch)
        self.route("POST", "/v1/batches/(?P<id>[^/]+)/cancel", self._cancel_batch)

    @property
    def base_url(self) -> str:
        """What the openai SDK and codex take as base URL (the API root, with /v1)."""
        return f"{self.url}/v1"

    def env(self) -> dict[str, str]:
        return {"OPENAI_BASE_URL": self.base_url, "OPENAI_API_KEY": self.api_key or "sk-dummy"}

    # -- classification and auth ----------------------------------------------------------
    def classify(self, request: FakeRequest) -> str:
        path = request.path
        for prefix, name in (
            ("/v1/chat/completions", "openai.chat"),
            ("/v1/responses", "openai.responses"),
            ("/v1/models", "openai.models"),
            ("/v1/files", "openai.files"),
            ("/v1/batches", "openai.batches"),
        ):
            if path.startswith(prefix):
                return name
        return "openai.other"

    def check_auth(self, request: FakeRequest) -> Response | None:
        if self.api_key is None or request.headers.get("authorization") == f"Bearer {self.api_key}":
            return None
        return self.error_response(ErrorReply(kind="auth"))

    def error_response(self, error: ErrorReply) -> JsonResponse:
        status, kind, code, message = ERRORS[error.kind]
        headers = {"x-request-id": self.new_id("req_")}
        if error.retry_after is not None:
            headers["retry-after"] = str(int(error.retry_after)) if float(error.retry_after).is_integer() else str(error.retry_after)
        if error.kind == "not_found" and error.model and not error.message:
            message = self.model_missing_message(error.model)
        body = {"error": {"message": error.message or message, "type": kind, "param": None, "code": code}}
        return JsonResponse(error.status or status, body, headers, delay_s=error.delay_s)

    def model_missing_message(self, model: str) -> str:
        return f"The model `{model}` does not exist or you do not have access to it."

    def not_found(self, request: FakeRequest) -> Response:
        return JsonResponse(404, {"error": {"message": f"Invalid URL ({request.method} {request.path})", "type": "invalid_request_error", "param": None, "code": None}})

    # -- shared usage ---------------------------------------------------------------------
    def _prompt_usage(self, model: str, segments: list[Any]) -> tuple[int, int]:
        """(prompt tokens, cached tokens) with the simulated automatic cache."""
        tokens = [estimate_tokens(s) for s in segments]
        chain = PrefixCache.chain(model, segments)
        seen = self.cache.longest_seen(chain)
        self.cache.add(chain)
        prefix = sum(tokens[:seen])
        cached = (prefix // 128) * 128 if prefix >= self.cache_min_tokens else 0
        return max(1, sum(tokens) + 3 * len(segments)), cached

    def _answer(self, request: FakeRequest) -> Reply | Response:
        answer = self.answer_for(request)
        if isinstance(answer, ErrorReply):
            return self.error_response(answer)
        return answer

    # -- chat completions -----------------------------------------------------------------
    def _chat(self, request: FakeRequest, _match) -> Response:
        body = request.json
        if not isinstance(body, dict) or "messages" not in body or "model" not in body:
            return self.error_response(ErrorReply(kind="bad_request", message="'model' and 'messages' are required"))
        answer = self._answer(request)
        if not isinstance(answer, Reply):
            return answer
        completion = self.chat_completion(request, answer)
        headers = {"x-request-id": self.new_id("req_")}
        if request.stream:
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            return SseResponse(self._chat_stream(completion, include_usage), headers, delay_s=answer.delay_s)
        return JsonResponse(200, completion, headers, delay_s=answer.delay_s)

    def chat_completion(self, request: FakeRequest, reply: Reply) -> dict:
        body = request.json
        tool_calls = [
            {"id": c.id or self.new_id("call_"), "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.input)}}
            for c in reply.tool_calls
        ]
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or (None if tool_calls else ""), "refusal": None}
        if tool_calls:
            message["tool_calls"] = tool_calls
        if reply.usage is not None:
            prompt, cached, output = reply.usage.input_tokens + reply.usage.cache_read_tokens, reply.usage.cache_read_tokens, reply.usage.output_tokens
        else:
            prompt, cached = self._prompt_usage(request.model, list(body.get("tools") or []) + list(body.get("messages") or []))
            output = self.output_tokens(reply)
        return {
            "id": self.new_id("chatcmpl-"),
            "object": "chat.completion",
            "created": int(time.time()),
            "model": reply.model or request.model,
            "system_fingerprint": "fp_fake",
            "choices": [{"index": 0, "message": message, "finish_reason": FINISH_REASONS.get(reply.resolved_stop_reason(), "stop"), "logprobs": None}],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": output,
                "total_tokens": prompt + output,
                "prompt_tokens_details": {"cached_tokens": cached, "audio_tokens": 0},
                "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
            },
        }

    def _chat_stream(self, completion: dict, include_usage: bool):
        base = {k: completion[k] for k in ("id", "created", "model", "system_fingerprint")}
        base["object"] = "chat.completion.chunk"
        choice = completion["choices"][0]
        message = choice["message"]

        def chunk(delta: dict, finish: str | None = None) -> dict:
            out = dict(base, choices=[{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}])
            if include_usage:
                out["usage"] = None
            return out

        yield None, chunk({"role": "assistant", "content": "", "refusal": None})
        for piece in self.chunks(message.get("content") or "", self.stream_chunk_chars):
            yield None, chunk({"content": piece})
        for index, call in enumerate(message.get("tool_calls") or []):
            opening = {"index": index, "id": call["id"], "type": "function", "function": {"name": call["function"]["name"], "arguments": ""}}
            yield None, chunk({"tool_calls": [opening]})
            for piece in self.chunks(call["function"]["arguments"], self.stream_chunk_chars):
                yield None, chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
        yield None, chunk({}, choice["finish_reason"])
        if include_usage:
            yield None, dict(base, choices=[], usage=completion["usage"])
        yield None, "[DONE]"

    # -- responses ------------------------------------------------------------------------
    def _responses(self, request: FakeRequest, _match) -> Response:
        body = request.json
        if not isinstance(body, dict) or "model" not in body or "input" not in body:
            return self.error_response(ErrorReply(kind="bad_request", message="'model' and 'input' are required"))
        answer = self._answer(request)
        if not isinstance(answer, Reply):
            return answer
        response = self.response_object(request, answer)
        headers = {"x-request-id": self.new_id("req_")}
        if request.stream:
            return SseResponse(self._responses_stream(response), headers, delay_s=answer.delay_s)
        return JsonResponse(200, response, headers, delay_s=answer.delay_s)

    def response_object(self, request: FakeRequest, reply: Reply) -> dict:
        body = request.json
        output: list[dict] = []
        if reply.text or not reply.tool_calls:
            output.append({
                "type": "message",
                "id": self.new_id("msg_"),
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": reply.text, "annotations": [], "logprobs": []}],
            })
        for call in reply.tool_calls:
            output.append({
                "type": "function_call",
                "id": self.new_id("fc_"),
                "call_id": call.id or self.new_id("call_"),
                "name": call.name,
                "arguments": json.dumps(call.input),
                "status": "completed",
            })
        if reply.usage is not None:
            prompt, cached, out_tokens = reply.usage.input_tokens + reply.usage.cache_read_tokens, reply.usage.cache_read_tokens, reply.usage.output_tokens
        else:
            items = body.get("input")
            items = [{"role": "user", "content": items}] if isinstance(items, str) else list(items or [])
            prompt, cached = self._prompt_usage(request.model, list(body.get("tools") or []) + [body.get("instructions") or ""] + items)
            out_tokens = self.output_tokens(reply)
        incomplete = reply.resolved_stop_reason() == "max_tokens"
        return {
            "id": self.new_id("resp_"),
            "object": "response",
            "created_at": int(time.time()),
            "status": "incomplete" if incomplete else "completed",
            "error": None,
            "incomplete_details": {"reason": "max_output_tokens"} if incomplete else None,
            "instructions": body.get("instructions"),
            "max_output_tokens": body.get("max_output_tokens"),
            "model": reply.model or request.model,
            "output": output,
            "parallel_tool_calls": bool(body.get("parallel_tool_calls", True)),
            "previous_response_id": body.get("previous_response_id"),
            "reasoning": {"effort": None, "summary": None},
            "store": bool(body.get("store", True)),
            "temperature": body.get("temperature", 1.0),
            "text": body.get("text") or {"format": {"type": "text"}},
            "tool_choice": body.get("tool_choice", "auto"),
            "tools": body.get("tools") or [],
            "top_p": body.get("top_p", 1.0),
            "truncation": "disabled",
            "usage": {
                "input_tokens": prompt,
                "input_tokens_details": {"cached_tokens": cached},
                "output_tokens": out_tokens,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": prompt + out_tokens,
            },
            "user": None,
            "metadata": body.get("metadata") or {},
        }

    def _responses_stream(self, response: dict):
        sequence = iter(range(1_000_000))

        def event(name: str, **fields: Any) -> tuple[str, dict]:
            return name, {"type": name, "sequence_number": next(sequence), **fields}

        opening = dict(response, status="in_progress", output=[], usage=None)
        yield event("response.created", response=opening)
        yield event("response.in_progress", response=opening)
        for index, item in enumerate(response["output"]):
            if item["type"] == "message":
                part = item["content"][0]
                yield event("response.output_item.added", output_index=index, item=dict(item, status="in_progress", content=[]))
                yield event("response.content_part.added", item_id=item["id"], output_index=index, content_index=0,
                            part=dict(part, text=""))
                for piece in self.chunks(part["text"], self.stream_chunk_chars):
                    yield event("response.output_text.delta", item_id=item["id"], output_index=index, content_index=0, delta=piece, logprobs=[])
                yield event("response.output_text.done", item_id=item["id"], output_index=index, content_index=0, text=part["text"], logprobs=[])
                yield event("response.content_part.done", item_id=item["id"], output_index=index, content_index=0, part=part)
            else:
                yield event("response.output_item.added", output_index=index, item=dict(item, status="in_progress", arguments=""))
                for piece in self.chunks(item["arguments"], self.stream_chunk_chars):
                    yield event("response.function_call_arguments.delta", item_id=item["id"], output_index=index, delta=piece)
                yield event("response.function_call_arguments.done", item_id=item["id"], output_index=index, arguments=item["arguments"])
            yield event("response.output_item.done", output_index=index, item=item)
        final = "response.incomplete" if response["status"] == "incomplete" else "response.completed"
        yield event(final, response=response)

    # -- models ---------------------------------------------------------------------------
    def _model_object(self, model: str) -> dict:
        return {"id": model, "object": "model", "created": 1_700_000_000, "owned_by": "fake"}

    def _list_models(self, request: FakeRequest, _match) -> Response:
        return JsonResponse(200, {"object": "list", "data": [self._model_object(m) for m in sorted(self.models or [])]})

    def _get_model(self, request: FakeRequest, match) -> Response:
        if self.models is not None and match["id"] not in self.models:
            return self.error_response(ErrorReply(kind="not_found", message=self.model_missing_message(match["id"])))
        return JsonResponse(200, self._model_object(match["id"]))

    # -- files ----------------------------------------------------------------------------
    def _upload(self, request: FakeRequest, _match) -> Response:
        form = request.json if isinstance(request.json, dict) else {}
        upload = form.get("file")
        if not isinstance(upload, dict) or "purpose" not in form:
            return self.error_response(ErrorReply(kind="bad_request", message="'file' and 'purpose' are required"))
        stored = self.add_file(upload["content"], upload.get("filename") or "upload.jsonl", str(form["purpose"]))
        return JsonResponse(200, stored.to_dict())

    def add_file(self, content: bytes, filename: str, purpose: str) -> FakeFile:
        stored = FakeFile(self.new_id("file-"), filename, purpose, content, int(time.time()))
        with self._batch_lock:
            self.files[stored.id] = stored
        return stored

    def _file(self, request: FakeRequest, match) -> Response:
        stored = self.files.get(match["id"])
        if stored is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"No such File object: {match['id']}"))
        return JsonResponse(200, stored.to_dict())

    def _file_content(self, request: FakeRequest, match) -> Response:
        stored = self.files.get(match["id"])
        if stored is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"No such File object: {match['id']}"))
        return RawResponse(200, stored.content, content_type="application/octet-stream")

    # -- batches --------------------------------------------------------------------------
    def _create_batch(self, request: FakeRequest, _match) -> Response:
        body = request.json if isinstance(request.json, dict) else {}
        endpoint = body.get("endpoint")
        if endpoint not in BATCH_ENDPOINTS:
            return self.error_response(ErrorReply(kind="bad_request", message=f"endpoint must be one of {', '.join(BATCH_ENDPOINTS)}"))
        stored = self.files.get(str(body.get("input_file_id")))
        if stored is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"No such File object: {body.get('input_file_id')}"))
        try:
            lines = _jsonl(stored.content)
        except ValueError as exc:
            return self.error_response(ErrorReply(kind="bad_request", message=f"input file is not JSONL: {exc}"))
        ids = [line.get("custom_id") for line in lines]
        if not lines or any(not i for i in ids) or len(set(ids)) != len(ids):
            return self.error_response(ErrorReply(kind="bad_request", message="each input line needs a unique custom_id"))
        if any(line.get("url") != endpoint for line in lines):
            return self.error_response(ErrorReply(kind="bad_request", message=f"every input line's url must be {endpoint}"))
        batch = FakeBatch(
            id=self.new_id("batch_"),
            endpoint=endpoint,
            input_file_id=stored.id,
            completion_window=str(body.get("completion_window", "24h")),
            metadata=body.get("metadata"),
            created_at=int(time.time()),
            polls_left=self.batch_polls,
            total=len(lines),
        )
        with self._batch_lock:
            self.batches[batch.id] = batch
        return JsonResponse(200, self._batch_object(batch))

    def _retrieve_batch(self, request: FakeRequest, match) -> Response:
        batch = self.batches.get(match["id"])
        if batch is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"No such batch: {match['id']}"))
        with self._batch_lock:
            if batch.status in ("validating", "in_progress", "cancelling"):
                if batch.polls_left <= 0:
                    self._finish(batch)
                else:
                    batch.polls_left -= 1
                    if batch.status == "validating":
                        batch.status = "in_progress"
        return JsonResponse(200, self._batch_object(batch))

    def finish_batches(self) -> None:
        with self._batch_lock:
            for batch in self.batches.values():
                if batch.status in ("validating", "in_progress", "cancelling"):
                    self._finish(batch)

    def _finish(self, batch: FakeBatch) -> None:
        if batch.status == "cancelling":
            batch.status, batch.cancelled_at = "cancelled", int(time.time())
            return
        outputs, errors = [], []
        for line in _jsonl(self.files[batch.input_file_id].content):
            params = line.get("body") or {}
            inner = FakeRequest(
                method="POST",
                path=batch.endpoint,
                query={},
                headers={},
                body=json.dumps(params).encode(),
                json=params,
                api="openai.batch_item",
                batch_id=batch.id,
                custom_id=line["custom_id"],
            )
            self.batch_items.append(inner)
            answer = self.answer_for(inner)
            record = {"id": self.new_id("batch_req_"), "custom_id": line["custom_id"], "error": None}
            if isinstance(answer, Reply):
                result = self.chat_completion(inner, answer) if batch.endpoint == "/v1/chat/completions" else self.response_object(inner, answer)
                record["response"] = {"status_code": 200, "request_id": self.new_id("req_"), "body": result}
                outputs.append(record)
            else:
                failure = answer if isinstance(answer, JsonResponse) else self.error_response(answer)
                record["response"] = {"status_code": failure.status, "request_id": self.new_id("req_"), "body": failure.body}
                errors.append(record)
        if outputs:
            batch.output_file_id = self.add_file(_to_jsonl(outputs), f"{batch.id}_output.jsonl", "batch_output").id
        if errors:
            batch.error_file_id = self.add_file(_to_jsonl(errors), f"{batch.id}_error.jsonl", "batch_output").id
        batch.completed, batch.failed = len(outputs), len(errors)
        batch.status, batch.completed_at = "completed", int(time.time())

    def _cancel_batch(self, request: FakeRequest, match) -> Response:
        batch = self.batches.get(match["id"])
        if batch is None:
            return self.error_response(ErrorReply(kind="not_found", message=f"No such batch: {match['id']}"))
        with self._batch_lock:
            if batch.status in ("validating", "in_progress"):
                batch.status = "cancelling"
        return JsonResponse(200, self._batch_object(batch))

    def _list_batches(self, request: FakeRequest, _match) -> Response:
        with self._batch_lock:
            data = [self._batch_object(b) for b in reversed(list(self.batches.values()))]
        return JsonResponse(200, {"object": "list", "data": data, "first_id": data[0]["id"] if data else None,
                                  "last_id": data[-1]["id"] if data else None, "has_more": False})

    def _batch_object(self, batch: FakeBatch) -> dict:
        return {
            "id": batch.id,
            "object": "batch",
            "endpoint": batch.endpoint,
            "errors": None,
            "input_file_id": batch.input_file_id,
            "completion_window": batch.completion_window,
            "status": batch.status,
            "output_file_id": batch.output_file_id,
            "error_file_id": batch.error_file_id,
            "created_at": batch.created_at,
            "in_progress_at": batch.created_at if batch.status != "validating" else None,
            "expires_at": batch.created_at + 86_400,
            "finalizing_at": batch.completed_at,
            "completed_at": batch.completed_at,
            "failed_at": None,
            "expired_at": None,
            "cancelling_at": batch.cancelled_at,
            "cancelled_at": batch.cancelled_at,
            "request_counts": {"total": batch.total, "completed": batch.completed, "failed": batch.failed},
            "metadata": batch.metadata,
        }


def _jsonl(content: bytes) -> list[dict]:
    lines = []
    for number, raw in enumerate(content.decode("utf-8").splitlines(), 1):
        if raw.strip():
            try:
                value = json.loads(raw)
            except ValueError as exc:
                raise ValueError(f"line {number}: {exc}") from None
            if not isinstance(value, dict):
                raise ValueError(f"line {number}: not an object")
            lines.append(value)
    return lines


def _to_jsonl(records: list[dict]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()
