"""The embedded local model: a small GGUF model run in-process by llama.cpp. No key, no network.

Small models write malformed JSON and malformed tool calls, so both are constrained by a
grammar built from a JSON schema: a `json_schema` request can only produce text of that schema,
and a turn that offers tools can only produce `{"tool": <name>, "arguments": {...}}` or
`{"answer": ...}`. The reply is then turned into `Completion.tool_calls` or `Completion.text`.
The format lives in localformat.py, the loaded models in llamapool.py.
"""

from __future__ import annotations

import json
import queue
import threading
from typing import Any

from skillopt_sleep.backends.base import Completion, CompletionRequest, Usage
from skillopt_sleep.backends.llamapool import SHARED_POOL, Deadline, LlamaPool, LoadedModel, local_layout, require_llama_cpp
from skillopt_sleep.backends.localformat import normalise_json, parse_tool_turn, render_messages, tool_turn_schema
from skillopt_sleep.backends.localmodel import ResolvedModel, resolve
from skillopt_sleep.errors import BackendError
from skillopt_sleep.records import stable_json

DEFAULT_N_CTX = 4096
REPEAT_PENALTY = 1.1  # llama-cpp-python's chat default, under which the replies here were measured


class LocalBackend:
    name = "local"
    supports_tools = True

    def __init__(self, resolved: ResolvedModel, *, n_ctx: int = DEFAULT_N_CTX, n_threads: int | None = None,
                 instances: int | None = None, timeout_s: float | None = None, pool: LlamaPool | None = None):
        self.model = resolved.name
        self.path = resolved.path
        self.verified_sha256 = resolved.verified_sha256
        self.n_ctx = n_ctx
        self.instances, self.n_threads = local_layout(instances, n_threads)
        # Each instance computes one reply at a time: more calls in flight would only queue.
        self.max_concurrency = self.instances
        self._idle: queue.SimpleQueue[int] = queue.SimpleQueue()  # the instances no call of this backend holds
        for instance in range(self.instances):
            self._idle.put(instance)
        self.timeout_s = timeout_s
        self._pool = pool or SHARED_POOL
        self._grammars: dict[str, Any] = {}
        self._grammar_lock = threading.Lock()

    def _grammar(self, schema: dict) -> Any:
        key = stable_json(schema)
        with self._grammar_lock:
            grammar = self._grammars.get(key)
            if grammar is None:
                from llama_cpp import LlamaGrammar  # noqa: PLC0415 - heavy optional dependency, loaded with the model

                try:
                    grammar = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
                except Exception as exc:  # the converter raises bare Exceptions and ValueErrors
                    raise BackendError(f"local backend: cannot turn this JSON schema into a grammar: {exc}") from None
                self._grammars[key] = grammar
            return grammar

    def complete(self, request: CompletionRequest) -> Completion:
        instance = self._idle.get()  # waits while every instance answers another call
        try:
            return self._complete(request, self._pool.get(self.path, self.n_ctx, self.n_threads, instance))
        finally:
            self._idle.put(instance)

    def _complete(self, request: CompletionRequest, loaded: LoadedModel) -> Completion:
        from llama_cpp import StoppingCriteriaList  # noqa: PLC0415 - heavy optional dependency, loaded with the model

        schema = tool_turn_schema(request.tools, request.json_schema) if request.tools else request.json_schema
        grammar = self._grammar(schema) if schema is not None else None
        messages = render_messages(request)
        with loaded.lock:  # another backend on the same model (student and teacher) may hold it
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
            completion.text = normalise_json(raw)
        return completion


def create(model: str, options: dict) -> LocalBackend:
    require_llama_cpp()
    resolved = resolve(model, options.get("model_path"))
    threads, instances, timeout = options.get("threads"), options.get("instances"), options.get("timeout_s")
    return LocalBackend(
        resolved,
        n_ctx=int(options.get("n_ctx") or DEFAULT_N_CTX),
        n_threads=int(threads) if threads else None,
        instances=int(instances) if instances else None,
        timeout_s=float(timeout) if timeout else None,
    )
