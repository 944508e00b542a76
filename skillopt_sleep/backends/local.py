"""The embedded local model: a small GGUF model run in-process by llama.cpp. No key, no network.

Small models write malformed JSON and malformed tool calls, so both are constrained by a
grammar built from a JSON schema: a `json_schema` request can only produce text of that schema,
and a turn that offers tools can only produce `{"tool": <name>, "arguments": {...}}` or
`{"answer": ...}`. The reply is then turned into `Completion.tool_calls` or `Completion.text`.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillopt_sleep.backends.base import Completion, CompletionRequest, Message, ToolCall, ToolSpec, Usage
from skillopt_sleep.errors import BackendError, ModelUnavailableError
from skillopt_sleep.backends.localmodel import ResolvedModel, resolve
from skillopt_sleep.records import stable_json

INSTALL_HINT = "pip install 'skillopt-sleep[local]'"
DEFAULT_N_CTX = 4096
REPEAT_PENALTY = 1.1  # llama-cpp-python's chat default, under which the replies here were measured


def require_llama_cpp() -> None:
    if importlib.util.find_spec("llama_cpp") is None:
        raise ModelUnavailableError(
            f"the local backend needs llama-cpp-python, which is not installed; install it with: {INSTALL_HINT}"
        )


def available_threads() -> int:
    """The cores this process may run on, less one.

    llama.cpp's worker threads spin while they wait for each other, so one thread that loses
    its core to another process stalls them all: on 2 cores with one other busy process the
    0.5B wrote 2.5 tokens/s with 2 threads and 19.5 with 1. One core is left to the rest of
    the machine; `local.threads` overrides this.
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class Deadline:
    """A llama.cpp stopping criterion that ends generation once the call's time is up."""

    def __init__(self, seconds: float | None):
        self.at = time.monotonic() + seconds if seconds else None
        self.fired = False

    def __call__(self, tokens: Any, logits: Any) -> bool:
        if self.at is not None and time.monotonic() >= self.at:
            self.fired = True
        return self.fired


@dataclass
class Prompt:
    tokens: list[int]
    prefix: tuple[int, ...]  # the leading tokens shared by every call with the same system prompt
    stop: list[str]  # end-of-generation tokens end a reply anyway; this catches them as text


class LoadedModel:
    """One llama.cpp model and context. A context is not thread-safe: callers hold `lock`.

    Reproducibility: the same request and seed must give the same reply, but logits differ in
    their last bits with how the prompt was split into evaluation batches, which prefix reuse
    would change from call to call. So the system prefix is always evaluated alone, from an
    empty context, and the rest of the prompt in one go after it; reusing a prefix that was
    evaluated that way changes nothing, and keeps the speed of not re-reading the skill.
    """

    def __init__(self, llama: Any):
        self.llama = llama
        self.lock = threading.Lock()
        self._formatter = _chat_formatter(llama)
        self._prefix: tuple[int, ...] = ()  # what sits alone at the start of the KV cache

    def _tokenize(self, messages: list[dict]) -> list[int]:
        try:
            text = self._formatter(messages=messages).prompt
        except Exception as exc:  # jinja raises its own error types and ValueError
            raise BackendError(f"the model's chat template rejected the conversation: {exc}") from None
        return self.llama.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    def prompt(self, messages: list[dict]) -> Prompt:
        tokens = self._tokenize(messages)
        system_only = self._tokenize(messages[:1]) if messages and messages[0]["role"] == "system" else []
        shared = 0
        for a, b in zip(tokens, system_only):
            if a != b:
                break
            shared += 1
        eos = self._formatter.eos_token
        return Prompt(tokens=tokens, prefix=tuple(tokens[:shared]), stop=[eos] if eos else [])

    def place_prefix(self, prefix: tuple[int, ...]) -> None:
        """Leave exactly `prefix`, evaluated alone, at the start of the context."""
        llama = self.llama
        if prefix and prefix == self._prefix and llama.n_tokens >= len(prefix):
            llama.n_tokens = len(prefix)  # generation drops the rest of the KV cache
            return
        llama.reset()
        self._prefix = ()
        if prefix:
            llama.eval(list(prefix))
            self._prefix = prefix


def _chat_formatter(llama: Any) -> Any:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter  # noqa: PLC0415

    template = llama.metadata.get("tokenizer.chat_template")
    if not template:
        raise BackendError("this GGUF file has no chat template in its metadata; use the GGUF of an instruct model")
    eos_id, bos_id = llama.token_eos(), llama.token_bos()

    def text_of(token: int) -> str:
        return llama.detokenize([token], special=True).decode("utf-8", "replace") if token != -1 else ""

    return Jinja2ChatFormatter(template=template, eos_token=text_of(eos_id), bos_token=text_of(bos_id))


class LlamaPool:
    """Loaded models of this process, one per (path, n_ctx, threads): loading twice would hold
    the weights twice."""

    def __init__(self) -> None:
        self._models: dict[tuple[str, int, int], LoadedModel] = {}
        self._lock = threading.Lock()
        self._close_registered = False

    def get(self, path: Path, n_ctx: int, n_threads: int) -> LoadedModel:
        key = (str(path), n_ctx, n_threads)
        with self._lock:
            loaded = self._models.get(key)
            if loaded is None:
                loaded = LoadedModel(_load(path, n_ctx, n_threads))
                self._models[key] = loaded
                if not self._close_registered:
                    # Freed at interpreter teardown, llama.cpp objects print tracebacks; free them first.
                    atexit.register(self.close)
                    self._close_registered = True
            return loaded

    def close(self) -> None:
        with self._lock:
            models, self._models = list(self._models.values()), {}
        for loaded in models:
            with loaded.lock:
                loaded.llama.close()

    def loaded(self) -> list[tuple[str, int, int]]:
        with self._lock:
            return list(self._models)


def _load(path: Path, n_ctx: int, n_threads: int) -> Any:
    require_llama_cpp()
    from llama_cpp import Llama  # noqa: PLC0415 - heavy optional import, only when a model loads

    try:
        return Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, n_threads_batch=n_threads, verbose=False)
    except (ValueError, RuntimeError) as exc:
        raise BackendError(f"llama.cpp could not load {path}: {exc}") from None


# The process's loaded weights, shared by every LocalBackend (student and teacher alike).
SHARED_POOL = LlamaPool()


# --- the strict tool-call format -------------------------------------------------------------

def _arguments_schema(tool: ToolSpec) -> dict:
    schema = dict(tool.parameters or {})
    schema.setdefault("type", "object")
    if schema.get("properties") and "additionalProperties" not in schema:
        schema["additionalProperties"] = False  # a small model otherwise invents extra keys
    return schema


def tool_turn_schema(tools: list[ToolSpec], answer_schema: dict | None = None) -> dict:
    """Exactly one tool call of a known tool with valid arguments, or a final answer."""
    alternatives = [
        {
            "type": "object",
            "properties": {"tool": {"const": tool.name}, "arguments": _arguments_schema(tool)},
            "required": ["tool", "arguments"],
            "additionalProperties": False,
        }
        for tool in tools
    ]
    alternatives.append({
        "type": "object",
        "properties": {"answer": answer_schema or {"type": "string"}},
        "required": ["answer"],
        "additionalProperties": False,
    })
    return {"oneOf": alternatives}


def _argument_hint(tool: ToolSpec) -> str:
    properties = (tool.parameters or {}).get("properties") or {}
    if not properties:
        return "{}"
    fields = ", ".join(f'"{name}": {spec.get("type", "value")}' for name, spec in properties.items())
    return "{" + fields + "}"


def tool_protocol(tools: list[ToolSpec], answer_is_json: bool) -> str:
    # Measured on the 0.5B: it takes whichever option is listed first, whatever its skill says
    # (and so does its own chat template's tool format). Tools come first: a task offers a
    # tool to be used.
    lines = ["", "Tools you can call:"]
    for tool in tools:
        lines.append(f"- {tool.name}: {tool.description.strip()} Arguments: {_argument_hint(tool)}")
    answer = '{"answer": <the final answer as the requested JSON>}' if answer_is_json else '{"answer": "<your final answer>"}'
    lines += [
        "",
        "Reply with exactly one JSON object and nothing else: either",
        '{"tool": "<tool name>", "arguments": {...}} to call a tool, or',
        f"{answer} when you are done.",
        "After a tool call you receive its result and may call another tool or answer.",
    ]
    return "\n".join(lines)


# Measured on the 0.5B: a neutral "another call or an answer" made it answer the literal word
# "search" or repeat the call; pointing it at the result makes it answer from it.
AFTER_RESULT_WITH_TOOLS = (
    'Use this result to answer the question above. Reply {"answer": "<your complete answer>"}, '
    "or call a tool again only if the result did not help."
)
AFTER_RESULT_NO_TOOLS = "No more tool calls are possible now. Reply with your final answer."


def _tool_call_json(call: ToolCall) -> str:
    return json.dumps({"tool": call.name, "arguments": call.arguments}, ensure_ascii=False)


def _tool_result_text(message: Message, names: dict[str, str]) -> str:
    name = names.get(message.tool_call_id, "tool")
    return f"Result of the {name} call:\n{message.content}"


def render_messages(request: CompletionRequest) -> list[dict]:
    """The request as chat messages any GGUF chat template accepts: system first, then strictly
    alternating user/assistant turns; tool calls and results become plain text of our format."""
    system = request.system
    if request.tools:
        system = (system + "\n" if system else "") + tool_protocol(request.tools, request.json_schema is not None)
    names = {c.call_id: c.name for m in request.messages for c in m.tool_calls}
    turns: list[dict] = []
    for message in request.messages:
        if message.role == "assistant":
            parts = [message.content] if message.content and not message.tool_calls else []
            parts += [_tool_call_json(c) for c in message.tool_calls]
            role, content = "assistant", "\n".join(parts)
        elif message.role == "tool":
            role, content = "user", _tool_result_text(message, names)
        elif message.role == "user":
            role, content = "user", message.content
        else:
            raise BackendError(f"local backend: unknown message role {message.role!r}")
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"] += "\n\n" + content
        else:
            turns.append({"role": role, "content": content})
    if turns and request.messages and request.messages[-1].role == "tool":
        turns[-1]["content"] += "\n\n" + (AFTER_RESULT_WITH_TOOLS if request.tools else AFTER_RESULT_NO_TOOLS)
    messages = [{"role": "system", "content": system}] if system else []
    return messages + turns


@dataclass
class ParsedTurn:
    text: str
    tool_calls: list[ToolCall]
    stop_reason: str


def _salvage_answer(raw: str) -> str | None:
    """The answer string of a reply cut off by max_tokens, e.g. `{"answer": "Yes, because`."""
    head = raw.lstrip()
    prefix = '{"answer":'
    if not head.replace(" ", "").startswith(prefix):
        return None
    body = head[head.index(":") + 1:].lstrip()
    if not body.startswith('"'):
        return None
    body = body[1:]
    for cut in range(len(body), max(len(body) - 8, -1), -1):  # drop a half-written escape
        try:
            return json.loads('"' + body[:cut] + '"', strict=False)
        except ValueError:
            continue
    return None


def parse_tool_turn(raw: str, finish_reason: str, prior_calls: int) -> ParsedTurn:
    try:
        value = json.loads(raw, strict=False)  # the grammar allows raw newlines inside strings
    except ValueError:
        salvaged = _salvage_answer(raw) if finish_reason == "length" else None
        if salvaged is not None:
            return ParsedTurn(text=salvaged, tool_calls=[], stop_reason="length")
        return ParsedTurn(text=raw, tool_calls=[], stop_reason=finish_reason or "error")
    if isinstance(value, dict) and "tool" in value:
        call = ToolCall(name=str(value["tool"]), arguments=dict(value.get("arguments") or {}), call_id=f"call-{prior_calls + 1}")
        return ParsedTurn(text="", tool_calls=[call], stop_reason="tool_use")
    if isinstance(value, dict) and "answer" in value:
        answer = value["answer"]
        text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
        return ParsedTurn(text=text, tool_calls=[], stop_reason=finish_reason or "stop")
    return ParsedTurn(text=raw, tool_calls=[], stop_reason=finish_reason or "stop")


def _normalise_json(raw: str) -> str:
    """Strict JSON text for a schema-constrained reply (raw newlines in strings re-escaped)."""
    try:
        return json.dumps(json.loads(raw, strict=False), ensure_ascii=False)
    except ValueError:
        return raw  # cut off by max_tokens: the caller sees stop_reason "length"


# --- the backend -----------------------------------------------------------------------------

class LocalBackend:
    name = "local"
    # One in-process model computes one reply at a time; more threads would only queue.
    max_concurrency = 1
    supports_tools = True

    def __init__(self, resolved: ResolvedModel, *, n_ctx: int = DEFAULT_N_CTX, n_threads: int | None = None,
                 timeout_s: float | None = None, pool: LlamaPool | None = None):
        self.model = resolved.name
        self.path = resolved.path
        self.verified_sha256 = resolved.verified_sha256
        self.n_ctx = n_ctx
        self.n_threads = n_threads or available_threads()
        self.timeout_s = timeout_s
        self._pool = pool or SHARED_POOL
        self._grammars: dict[str, Any] = {}
        self._grammar_lock = threading.Lock()

    def _grammar(self, schema: dict) -> Any:
        key = stable_json(schema)
        with self._grammar_lock:
            grammar = self._grammars.get(key)
            if grammar is None:
                from llama_cpp import LlamaGrammar  # noqa: PLC0415

                try:
                    grammar = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
                except Exception as exc:  # the converter raises bare Exceptions and ValueErrors
                    raise BackendError(f"local backend: cannot turn this JSON schema into a grammar: {exc}") from None
                self._grammars[key] = grammar
            return grammar

    def complete(self, request: CompletionRequest) -> Completion:
        from llama_cpp import StoppingCriteriaList  # noqa: PLC0415

        loaded = self._pool.get(self.path, self.n_ctx, self.n_threads)
        schema = tool_turn_schema(request.tools, request.json_schema) if request.tools else request.json_schema
        grammar = self._grammar(schema) if schema is not None else None
        messages = render_messages(request)
        with loaded.lock:
            prompt = loaded.prompt(messages)
            room = self.n_ctx - len(prompt.tokens)
            if room < 1:
                raise BackendError(f"local model {self.model}: the prompt has {len(prompt.tokens)} tokens, more than the "
                                   f"context window of {self.n_ctx}; raise local.n_ctx")
            loaded.place_prefix(prompt.prefix)
            deadline = Deadline(self.timeout_s)  # from here on: the prompt is read, then generation
            try:
                response = loaded.llama.create_completion(
                    prompt=prompt.tokens,
                    max_tokens=min(request.max_tokens, room),
                    temperature=request.temperature,
                    seed=request.seed,
                    stop=prompt.stop,
                    stopping_criteria=StoppingCriteriaList([deadline]),
                    grammar=grammar,
                    repeat_penalty=REPEAT_PENALTY,
                )
            except ValueError as exc:
                raise BackendError(f"local model {self.model}: {exc}") from None
        if deadline.fired:
            raise BackendError(f"local model {self.model}: no complete reply within {self.timeout_s:.0f}s "
                               "(calls.timeout_s); lower max_tokens or raise the timeout")
        choice = response["choices"][0]
        raw = choice.get("text") or ""
        finish = choice.get("finish_reason") or ""
        usage = response.get("usage") or {}
        completion = Completion(
            text=raw,
            usage=Usage(input_tokens=int(usage.get("prompt_tokens", 0)), output_tokens=int(usage.get("completion_tokens", 0))),
            cost_usd=0.0,
            model=self.model,
            stop_reason=finish,
            raw={"finish_reason": finish, "constrained": schema is not None, "output": raw},
        )
        if request.tools:
            prior = sum(len(m.tool_calls) for m in request.messages)
            turn = parse_tool_turn(raw, finish, prior)
            completion.text, completion.tool_calls, completion.stop_reason = turn.text, turn.tool_calls, turn.stop_reason
        elif request.json_schema is not None:
            completion.text = _normalise_json(raw)
        return completion


def create(model: str, options: dict) -> LocalBackend:
    require_llama_cpp()
    resolved = resolve(model, options.get("model_path"))
    threads = options.get("threads")
    timeout = options.get("timeout_s")
    return LocalBackend(
        resolved,
        n_ctx=int(options.get("n_ctx") or DEFAULT_N_CTX),
        n_threads=int(threads) if threads else None,
        timeout_s=float(timeout) if timeout else None,
    )
