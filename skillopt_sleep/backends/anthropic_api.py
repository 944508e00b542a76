"""Anthropic Messages API backend, through the `anthropic` SDK.

- Prompt caching: when a request sets `cache_system` (the skill, which repeats across a
  night's calls) the system prompt goes out as a block marked `cache_control: ephemeral`; the
  usage's cache_creation / cache_read tokens are priced at the table's cache prices.
- Batch mode (`anthropic.batch`): requests go through the Message Batches API at the batch
  price, collected from concurrent callers by a `BatchCollector` (see batching.py), and a
  restarted night collects the batch it already submitted.
- Reliability: the SDK's own retries are off; ours (retry.py) retry 429 / 5xx / overloaded /
  timeouts, honour retry-after, and raise AuthError / QuotaError / ModelNotFoundError at once.

The SDK's Messages API here takes no temperature or seed, so those request fields are not sent.
"""

from __future__ import annotations

import os
from typing import Any

import anthropic

from skillopt_sleep.backends.auto import default_model
from skillopt_sleep.backends.base import Completion, CompletionRequest, Message, ToolCall, Usage
from skillopt_sleep.backends.batching import ENDED, FAILED, RUNNING, BatchState, ItemResult
from skillopt_sleep.backends.http_api import DEFAULT_CONCURRENCY, HttpApiBackend, concurrency_from_options, timeout_from_options
from skillopt_sleep.backends.pricing import ModelPrice, PriceTable, priced_completion
from skillopt_sleep.backends.retry import Failure, RetryPolicy, classify_status, parse_retry_after, policy_from_options
from skillopt_sleep.errors import AuthError, BackendError, SkilloptError

KEY_ENV = "ANTHROPIC_API_KEY"
PROVIDER = "anthropic"


# -- request and response mapping ---------------------------------------------------------
def build_params(request: CompletionRequest, model: str, *, prompt_cache: bool, structured_output: bool = True) -> dict:
    """The Messages API body for one request (also what a batch item carries)."""
    params: dict[str, Any] = {"model": model, "max_tokens": request.max_tokens, "messages": to_messages(request.messages)}
    if request.system:
        if request.cache_system and prompt_cache:
            params["system"] = [{"type": "text", "text": request.system, "cache_control": {"type": "ephemeral"}}]
        else:
            params["system"] = request.system
    if request.tools:
        params["tools"] = [{"name": t.name, "description": t.description, "input_schema": t.parameters} for t in request.tools]
    if request.json_schema and structured_output:
        params["output_config"] = {"format": {"type": "json_schema", "schema": request.json_schema}}
    return params


def to_messages(messages: list[Message]) -> list[dict]:
    out: list[dict] = []
    for number, message in enumerate(messages):
        if message.role == "tool":
            block = {"type": "tool_result", "tool_use_id": message.tool_call_id, "content": message.content}
            previous = out[-1] if out else None
            # Results of one assistant turn travel together in one user turn.
            if previous and previous["role"] == "user" and isinstance(previous["content"], list) and all(
                b.get("type") == "tool_result" for b in previous["content"]
            ):
                previous["content"].append(block)
            else:
                out.append({"role": "user", "content": [block]})
        elif message.role == "assistant":
            if not message.tool_calls:
                out.append({"role": "assistant", "content": message.content})
                continue
            blocks: list[dict] = [{"type": "text", "text": message.content}] if message.content else []
            for index, call in enumerate(message.tool_calls):
                blocks.append({"type": "tool_use", "id": call.call_id or f"toolu_{number}_{index}", "name": call.name, "input": call.arguments})
            out.append({"role": "assistant", "content": blocks})
        elif message.role == "user" and message.images:
            out.append({"role": "user", "content": [
                *({"type": "image", "source": {"type": "base64", "media_type": image.media_type, "data": image.data}}
                  for image in message.images),
                {"type": "text", "text": message.content}]})
        elif message.role == "user":
            out.append({"role": "user", "content": message.content})
        else:
            raise BackendError(f"anthropic: unknown message role {message.role!r}")
    return out


def completion_from_message(message: dict, price: ModelPrice | None, *, batch: bool) -> Completion:
    text_parts, calls = [], []
    for block in message.get("content") or []:
        if block.get("type") == "text":
            text_parts.append(block.get("text") or "")
        elif block.get("type") == "tool_use":
            calls.append(ToolCall(name=block["name"], arguments=dict(block.get("input") or {}), call_id=block.get("id", "")))
    raw_usage = message.get("usage") or {}
    usage = Usage(
        input_tokens=int(raw_usage.get("input_tokens") or 0),
        output_tokens=int(raw_usage.get("output_tokens") or 0),
        cache_read_tokens=int(raw_usage.get("cache_read_input_tokens") or 0),
        cache_write_tokens=int(raw_usage.get("cache_creation_input_tokens") or 0),
    )
    return priced_completion(price, usage, batch=batch, text="".join(text_parts), model=str(message.get("model") or ""),
                             tool_calls=calls, stop_reason=str(message.get("stop_reason") or ""))


def classify_reply(exc: Exception, *, model: str) -> Failure | None:
    """Missing credentials and error replies; timeouts and dropped connections are the base's."""
    if isinstance(exc, anthropic.CredentialsError):
        return Failure(False, str(exc), error=AuthError(f"anthropic: no usable credentials: {exc}. Set {KEY_ENV}."))
    if isinstance(exc, anthropic.APIStatusError):
        body = exc.body if isinstance(exc.body, dict) else {}
        error = body.get("error") if isinstance(body.get("error"), dict) else {}
        return classify_status(
            provider=PROVIDER,
            model=model,
            status=exc.status_code,
            error_type=str(error.get("type") or ""),
            message=str(error.get("message") or exc.message),
            retry_after=parse_retry_after(exc.response.headers),
            key_hint=KEY_ENV,
        )
    return None


def error_from_result(error: dict, *, model: str) -> SkilloptError:
    """A batch item's error object ({"type": "error", "error": {...}}) as our error class."""
    inner = error.get("error") if isinstance(error.get("error"), dict) else error
    kind = str(inner.get("type") or "")
    status = {"authentication_error": 401, "permission_error": 403, "not_found_error": 404,
              "rate_limit_error": 429, "overloaded_error": 529, "api_error": 500}.get(kind, 400)
    failure = classify_status(provider=PROVIDER, model=model, status=status, error_type=kind, message=str(inner.get("message") or ""))
    return failure.error or BackendError(f"anthropic batch item failed: {failure.reason}")


# -- the backend ----------------------------------------------------------------------------
class AnthropicBackend(HttpApiBackend):
    name = PROVIDER
    timeout_error = anthropic.APITimeoutError
    connection_error = anthropic.APIConnectionError

    def __init__(
        self,
        model: str,
        client: anthropic.Anthropic,
        *,
        policy: RetryPolicy,
        timeout_s: float,
        prompt_cache: bool = True,
        structured_output: bool = True,
        concurrency: int = DEFAULT_CONCURRENCY,
        price: ModelPrice | None = None,
    ) -> None:
        super().__init__(model, client, policy=policy, timeout_s=timeout_s, price=price, cost_known=price is not None,
                         concurrency=concurrency)
        self.prompt_cache = prompt_cache
        self.structured_output = structured_output

    def params(self, request: CompletionRequest) -> dict:
        return build_params(request, self.model, prompt_cache=self.prompt_cache, structured_output=self.structured_output)

    def send(self, params: dict) -> Completion:
        message = self.call("messages.create", lambda: self.client.messages.create(**params))
        return completion_from_message(message.model_dump(), self.price, batch=False)

    def classify_reply(self, exc: Exception) -> Failure | None:
        return classify_reply(exc, model=self.model)

    def batch_api(self) -> "AnthropicBatchApi":
        return AnthropicBatchApi(self)

    def preflight(self) -> None:
        """Check credentials and the model name with one free request (no tokens spent)."""
        self.call("models.retrieve", lambda: self.client.models.retrieve(self.model))


class AnthropicBatchApi:
    """The Message Batches endpoints, as the BatchCollector needs them."""

    provider = PROVIDER

    def __init__(self, backend: AnthropicBackend) -> None:
        self.backend = backend
        self.endpoint = backend.base_url + "/v1/messages/batches"

    def submit(self, items: list[tuple[str, dict]]) -> str:
        requests = [{"custom_id": custom_id, "params": params} for custom_id, params in items]
        batch = self.backend.call("batches.create", lambda: self.backend.client.messages.batches.create(requests=requests))
        return batch.id

    def state(self, batch_id: str) -> BatchState:
        batch = self.backend.call("batches.retrieve", lambda: self.backend.client.messages.batches.retrieve(batch_id))
        if batch.processing_status != "ended":
            return BatchState(RUNNING, batch.processing_status)
        counts = batch.request_counts
        detail = f"{counts.succeeded} succeeded, {counts.errored} errored, {counts.canceled} canceled, {counts.expired} expired"
        return BatchState(ENDED if counts.succeeded or counts.errored else FAILED, detail)

    def results(self, batch_id: str) -> dict[str, ItemResult]:
        entries = self.backend.call("batches.results", lambda: list(self.backend.client.messages.batches.results(batch_id)))
        out: dict[str, ItemResult] = {}
        for entry in entries:
            result = entry.result.model_dump()
            kind = result.get("type")
            if kind == "succeeded":
                out[entry.custom_id] = ItemResult(completion=completion_from_message(result["message"], self.backend.price, batch=True))
            elif kind == "errored":
                out[entry.custom_id] = ItemResult(error=error_from_result(result.get("error") or {}, model=self.backend.model))
            else:  # canceled or expired: the request never ran
                out[entry.custom_id] = ItemResult(error=BackendError(f"anthropic batch {batch_id}: request {kind}"))
        return out


def create(model: str, options: dict) -> AnthropicBackend:
    model = model or default_model(PROVIDER, options.get("role") or "student")
    base_url = options.get("base_url") or None
    api_key = options.get("api_key") or os.environ.get(KEY_ENV)
    if not api_key and not base_url and not os.environ.get("ANTHROPIC_AUTH_TOKEN"):
        raise AuthError(f"the anthropic backend needs an API key: set {KEY_ENV} (or use the claude-code backend with a Claude login)")
    timeout_s = timeout_from_options(options)
    client = anthropic.Anthropic(
        api_key=api_key or "no-key-needed-by-this-endpoint",
        base_url=base_url,
        timeout=timeout_s,
        max_retries=0,  # ours are the only retries, so each one is counted
    )
    backend = AnthropicBackend(
        model,
        client,
        policy=policy_from_options(options),
        timeout_s=timeout_s,
        prompt_cache=bool(options.get("prompt_cache", True)),
        structured_output=bool(options.get("structured_output", True)),
        concurrency=concurrency_from_options(options),
        price=PriceTable.load(options.get("prices_file")).lookup(model),
    )
    backend.enable_batch_from_options(options)
    return backend
