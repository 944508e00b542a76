"""A deterministic scripted backend for unit tests of the loop and for benchmarks of the engine's
own overhead. It is never a default and never evidence that learning works.

Replies come from rules: the first rule whose `match` regex is found in the request's system
prompt plus last message gives the reply. A reply may use `{system}` to echo the system prompt
(a student that follows its skill literally), and a responder callable may be passed in code.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Callable

from skillopt_sleep.backends.base import Completion, CompletionRequest, ToolCall, Usage
from skillopt_sleep.errors import ConfigError

Responder = Callable[[CompletionRequest], "str | Completion"]


def _tokens(text: str) -> int:
    return max(1, len(text) // 4)


class ScriptedBackend:
    name = "scripted"
    supports_tools = True
    supports_images = True

    def __init__(self, responder: Responder, *, model: str = "scripted", delay_s: float = 0.0):
        self.model = model
        self.responder = responder
        self.delay_s = delay_s
        self.calls = 0

    def complete(self, request: CompletionRequest) -> Completion:
        self.calls += 1
        if self.delay_s:
            time.sleep(self.delay_s)
        reply = self.responder(request)
        if isinstance(reply, Completion):
            return reply
        prompt = request.system + "".join(m.content for m in request.messages)
        return Completion(text=reply, usage=Usage(input_tokens=_tokens(prompt), output_tokens=_tokens(reply)), model=self.model)


def rules_responder(rules: list[dict]) -> Responder:
    compiled = []
    for rule in rules:
        try:
            compiled.append((re.compile(rule.get("match", ""), re.S), rule))
        except re.error as exc:
            raise ConfigError(f"scripted backend: bad match regex {rule.get('match')!r}: {exc}") from None

    def respond(request: CompletionRequest) -> str | Completion:
        last = request.messages[-1].content if request.messages else ""
        haystack = request.system + "\n" + last
        for pattern, rule in compiled:
            if pattern.search(haystack):
                if "tool_call" in rule and not any(m.role == "tool" for m in request.messages):
                    call = rule["tool_call"]
                    return Completion(text="", tool_calls=[ToolCall(name=call["name"], arguments=call.get("arguments", {}), call_id="call-1")])
                return str(rule.get("reply", "")).replace("{system}", request.system)
        return ""

    return respond


def create(model: str, options: dict) -> ScriptedBackend:
    script = options.get("script")
    if not script:
        raise ConfigError("the scripted backend is for tests: it needs options['script'] (a JSON list of rules)")
    rules = json.loads(Path(script).read_text()) if isinstance(script, (str, Path)) else script
    return ScriptedBackend(rules_responder(rules), model=model or "scripted", delay_s=float(options.get("delay_s", 0.0)))
