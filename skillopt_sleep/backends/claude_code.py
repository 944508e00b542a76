"""Claude Code backend, through `claude-agent-sdk` (so a Claude subscription login works with
no API key).

Each call runs the real `claude` CLI isolated from the user's setup: no settings files (so no
hooks, plugins or CLAUDE.md), no MCP servers but ours, no built-in tools, a temporary working
folder, no session written to disk, `REPLAY_ENV=1` in its environment and `REPLAY_MARKER` at
the start of the system prompt, so a replay is never captured back as user work.

Tool replays keep the caller in charge of the tools. The request's tools are offered as an
in-process SDK MCP server; when the model calls one, `complete()` returns that call as a
`ToolCall` and the CLI waits, suspended inside the tool handler. The caller runs the tool (the
task's ToolEnvironment) and calls `complete()` again with the result appended; the backend
recognises the tool-call ids, hands the result to the waiting handler and returns the model's
next turn. A conversation with no live session (a replay resumed from the record) starts a
fresh one with the earlier turns written out as a transcript.

Usage and cost come from the CLI: per turn from its assistant messages, and the final turn
carries the rest of the result's `usage` and `total_cost_usd`, so a conversation's turns add up
to exactly what the CLI reported. Transcripts, usage and error results are read and written in
claude_code_turns.py.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import os
import sys
import tempfile
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.backends.auto import claude_login_evidence, default_model
from skillopt_sleep.backends.base import Completion, CompletionRequest, ToolCall, ToolSpec, Usage
from skillopt_sleep.backends.claude_code_turns import (
    LOGIN_HINT,
    classify_exception,
    classify_result,
    final_completion,
    render_transcript,
    usage_from_cli,
)
from skillopt_sleep.backends.claude_on_path import claude_on_path
from skillopt_sleep.backends.core import BackendCore
from skillopt_sleep.backends.extras import backend_hint
from skillopt_sleep.backends.loopthread import LoopThread
from skillopt_sleep.backends.pricing import PriceTable, cost_or_zero
from skillopt_sleep.backends.retry import ClassifiedFailure, Failure, RetryPolicy, policy_from_options, retry_classified
from skillopt_sleep.capture.markers import REPLAY_ENV, REPLAY_MARKER
from skillopt_sleep.errors import AuthError, BackendError, ConfigError

SERVER = "replay"  # the in-process MCP server's name; tools appear as mcp__replay__<name>
TOOL_PREFIX = f"mcp__{SERVER}__"
# A json_schema reply arrives through the CLI's own StructuredOutput tool, one extra turn.
STRUCTURED_TURNS = 3


@dataclass
class _Block:
    id: str
    name: str
    input: dict
    claimed: bool = False


@dataclass
class _Session:
    """One running CLI conversation, possibly suspended inside a tool handler."""

    request: CompletionRequest
    events: asyncio.Queue
    blocks: list[_Block] = field(default_factory=list)
    results: dict[str, asyncio.Future] = field(default_factory=dict)
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    reported: Usage = field(default_factory=Usage)
    reported_cost: float = 0.0
    task: asyncio.Task | None = None
    workdir: tempfile.TemporaryDirectory | None = None
    done: bool = False
    stderr: deque = field(default_factory=lambda: deque(maxlen=20))


DEFAULT_MAX_TURNS = 12  # tool turns of one call that gives the model tools
DEFAULT_CONCURRENCY = 4  # CLI processes at once


class ClaudeCodeBackend(BackendCore):
    name = "claude-code"
    supports_tools = True

    def __init__(
        self,
        model: str,
        *,
        policy: RetryPolicy,
        timeout_s: float,
        cli_path: str | None = None,
        env: dict[str, str] | None = None,
        max_turns: int = DEFAULT_MAX_TURNS,
        concurrency: int = DEFAULT_CONCURRENCY,
        prices: PriceTable | None = None,
    ) -> None:
        # The CLI reports total_cost_usd for every run: the cost is always known.
        super().__init__(model, policy=policy, timeout_s=timeout_s, concurrency=concurrency, cost_known=True)
        self.cli_path = cli_path
        self.extra_env = dict(env or {})
        self.max_turns = max_turns
        self.prices = prices or PriceTable.load()
        self._slots = threading.BoundedSemaphore(concurrency)
        self._lock = threading.Lock()
        self._by_tool_id: dict[str, _Session] = {}
        self._sessions: set[int] = set()
        # The CLI sessions live on this loop; a backend nobody closed still ends them at exit.
        self._sessions_loop = LoopThread("claude-code-sessions")

    def _run(self, coroutine, timeout: float):
        try:
            return self._sessions_loop.run(coroutine, timeout)
        except concurrent.futures.TimeoutError:
            raise ClassifiedFailure(Failure(True, f"claude-code: no reply within {timeout:.0f}s")) from None

    # -- the protocol ---------------------------------------------------------------------
    def complete(self, request: CompletionRequest) -> Completion:
        return retry_classified(lambda: self._turn(request), policy=self.policy, log=self.retries, what="claude-code")

    def _turn(self, request: CompletionRequest) -> Completion:
        session = self._session_to_continue(request) if request.tools else None
        if session is None:
            session = self._start(request)
        else:
            self._hand_results(session, request)
        return self._next(session)

    def _session_to_continue(self, request: CompletionRequest) -> _Session | None:
        trailing = []
        for message in reversed(request.messages):
            if message.role != "tool":
                break
            trailing.append(message)
        if not trailing:
            return None
        with self._lock:
            sessions = {id(self._by_tool_id.get(m.tool_call_id)) for m in trailing}
            session = self._by_tool_id.get(trailing[0].tool_call_id)
        if session is None or len(sessions) != 1 or session.done:
            return None
        return session

    def _hand_results(self, session: _Session, request: CompletionRequest) -> None:
        loop = self._sessions_loop.loop()
        for message in request.messages:
            if message.role != "tool":
                continue
            with self._lock:
                owner = self._by_tool_id.pop(message.tool_call_id, None)
            future = session.results.get(message.tool_call_id)
            if owner is session and future is not None:
                loop.call_soon_threadsafe(lambda f=future, text=message.content: f.done() or f.set_result(text))

    def _start(self, request: CompletionRequest) -> _Session:
        if not self._slots.acquire(timeout=self.timeout_s):
            raise ClassifiedFailure(Failure(True, f"claude-code: no free session slot within {self.timeout_s:.0f}s"))
        try:
            return self._run(self._open(request), timeout=self.timeout_s)
        except BaseException:
            self._slots.release()
            raise

    def _next(self, session: _Session) -> Completion:
        # The inner wait times out first and abandons the session; this one only guards the loop.
        event = self._run(self._next_event(session), timeout=self.timeout_s + 30)
        if isinstance(event, ClassifiedFailure):
            raise event
        if isinstance(event, BaseException):
            raise ClassifiedFailure(Failure(False, str(event), error=BackendError(f"claude-code failed: {type(event).__name__}: {event}")))
        return event

    async def _next_event(self, session: _Session):
        try:
            return await asyncio.wait_for(session.events.get(), timeout=self.timeout_s)
        except asyncio.TimeoutError:
            self._abandon(session)
            return ClassifiedFailure(Failure(True, f"claude-code: no reply within {self.timeout_s:.0f}s"))

    # -- one CLI conversation -------------------------------------------------------------
    async def _open(self, request: CompletionRequest) -> _Session:
        from claude_agent_sdk import ClaudeAgentOptions  # optional SDK (the `claude` extra): imported on use

        session = _Session(request=request, events=asyncio.Queue())
        session.workdir = tempfile.TemporaryDirectory(prefix="skillopt-replay-")
        tools = [self._tool(session, spec) for spec in request.tools]
        env = {
            REPLAY_ENV: "1",
            "CLAUDE_CODE_MAX_OUTPUT_TOKENS": str(request.max_tokens),
            "CLAUDE_CODE_MAX_RETRIES": "0",  # ours are the only retries
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            **self.extra_env,
        }
        turns = self.max_turns if request.tools else 1
        if request.json_schema:
            turns = max(turns, STRUCTURED_TURNS)
        options = ClaudeAgentOptions(
            system_prompt=f"{REPLAY_MARKER}\n{request.system}",
            model=self.model or None,
            tools=[],
            allowed_tools=[TOOL_PREFIX + spec.name for spec in request.tools],
            mcp_servers=self._server(tools) if tools else {},
            strict_mcp_config=True,
            setting_sources=[],
            cwd=session.workdir.name,
            env=env,
            max_turns=turns,
            extra_args={"no-session-persistence": None},
            output_format={"type": "json_schema", "schema": request.json_schema} if request.json_schema else None,
            cli_path=self.cli_path,
            stderr=session.stderr.append,
        )
        self._sessions.add(id(session))
        session.task = asyncio.get_running_loop().create_task(self._drive(session, render_transcript(request.messages), options))
        # Frees the slot however the run ends, even if it is cancelled before it starts.
        session.task.add_done_callback(lambda _task: self._release(session))
        return session

    @staticmethod
    def _server(tools: list) -> dict:
        from claude_agent_sdk import create_sdk_mcp_server  # optional SDK (the `claude` extra): imported on use

        return {SERVER: create_sdk_mcp_server(SERVER, tools=tools)}

    def _tool(self, session: _Session, spec: ToolSpec):
        from claude_agent_sdk import tool  # optional SDK (the `claude` extra): imported on use

        async def handler(args: dict) -> dict:
            block = await self._claim(session, TOOL_PREFIX + spec.name, args)
            if block is None:
                return {"content": [{"type": "text", "text": "error: this tool call was not recognised"}], "is_error": True}
            try:
                result = await asyncio.wait_for(session.results[block.id], timeout=self.timeout_s)
            except asyncio.TimeoutError:
                self._abandon(session)
                return {"content": [{"type": "text", "text": "error: the tool did not answer in time"}], "is_error": True}
            return {"content": [{"type": "text", "text": str(result)}]}

        return tool(spec.name, spec.description, spec.parameters or {"type": "object", "properties": {}})(handler)

    async def _claim(self, session: _Session, name: str, args: dict) -> _Block | None:
        """The tool_use block this handler call answers (same name, same input; else the first
        of that name), waiting briefly for the assistant message that announces it."""
        deadline = time.monotonic() + 30.0
        async with session.changed:
            while True:
                unclaimed = [b for b in session.blocks if not b.claimed and b.name == name]
                match = next((b for b in unclaimed if b.input == args), unclaimed[0] if unclaimed else None)
                if match is not None:
                    match.claimed = True
                    return match
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                try:
                    await asyncio.wait_for(session.changed.wait(), timeout=remaining)
                except asyncio.TimeoutError:
                    return None

    async def _drive(self, session: _Session, prompt: str, options) -> None:
        from claude_agent_sdk import AssistantMessage, ResultMessage, TextBlock, ToolUseBlock, query  # optional SDK (the `claude` extra): imported on use

        pending_text: list[str] = []
        assistant_error: str | None = None
        result = None
        try:
            async for message in query(prompt=prompt, options=options):
                if isinstance(message, AssistantMessage):
                    assistant_error = message.error or assistant_error
                    pending_text += [b.text for b in message.content if isinstance(b, TextBlock)]
                    uses = [b for b in message.content if isinstance(b, ToolUseBlock) and b.name.startswith(TOOL_PREFIX)]
                    if uses:
                        await self._announce(session, uses, "".join(pending_text), message)
                        pending_text = []
                elif isinstance(message, ResultMessage):
                    result = message
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the SDK raises after an error result; the result says why
            if result is None:
                await session.events.put(ClassifiedFailure(classify_exception(exc, list(session.stderr))))
                return
        finally:
            session.done = True
        if result is None:
            await session.events.put(ClassifiedFailure(Failure(True, "claude-code ended without a result")))
        elif result.is_error:
            await session.events.put(ClassifiedFailure(classify_result(result, assistant_error, self.model)))
        else:
            await session.events.put(self._final(session, result))

    async def _announce(self, session: _Session, uses: list, text: str, message) -> None:
        loop = asyncio.get_running_loop()
        calls = []
        async with session.changed:
            for use in uses:
                session.blocks.append(_Block(id=use.id, name=use.name, input=dict(use.input or {})))
                session.results[use.id] = loop.create_future()
                calls.append(ToolCall(name=use.name[len(TOOL_PREFIX):], arguments=dict(use.input or {}), call_id=use.id))
            session.changed.notify_all()
        with self._lock:
            for call in calls:
                self._by_tool_id[call.call_id] = session
        usage = usage_from_cli(getattr(message, "usage", None))
        price = self.prices.lookup(getattr(message, "model", "") or self.model)
        cost = cost_or_zero(price, usage)
        session.reported.add(usage)
        session.reported_cost += cost
        await session.events.put(Completion(text=text, usage=usage, cost_usd=cost, model=getattr(message, "model", "") or self.model,
                                            tool_calls=calls, stop_reason="tool_use"))

    def _final(self, session: _Session, result) -> Completion:
        return final_completion(result, session.reported, session.reported_cost, self.prices, self.model)

    def _release(self, session: _Session) -> None:
        if id(session) in self._sessions:
            self._sessions.discard(id(session))
            self._slots.release()
        with self._lock:
            for key in [k for k, v in self._by_tool_id.items() if v is session]:
                del self._by_tool_id[key]
        if session.workdir is not None:
            session.workdir.cleanup()
            session.workdir = None

    def _abandon(self, session: _Session) -> None:
        """The caller stopped answering: end the CLI run and free its slot."""
        if session.task is not None and not session.task.done():
            session.task.cancel()

    # -- checks and shutdown --------------------------------------------------------------
    def preflight(self) -> None:
        """Fail before the night when there is no CLI or no login (instead of scoring zeros)."""
        cli = Path(self.cli_path) if self.cli_path else bundled_cli()
        if cli is None or not cli.exists():
            raise ConfigError(f"claude-code: the claude CLI is missing; {backend_hint('claude-code')}")
        said = f"the claude CLI at {cli}" if self.cli_path else f"the SDK's own claude CLI ({cli})"
        print(f"skillopt-sleep: the {self.model} replays of the claude-code backend run {said}", file=sys.stderr, flush=True)
        env = {**os.environ, **self.extra_env}
        if env.get("ANTHROPIC_API_KEY") or env.get("ANTHROPIC_AUTH_TOKEN") or env.get("ANTHROPIC_BASE_URL"):
            return
        if claude_login_evidence(env, Path(env.get("HOME") or Path.home())) is None:
            raise AuthError(f"claude-code: no Claude login found; {LOGIN_HINT}")

    def close(self) -> None:
        """End every CLI run (suspended tool sessions included) and stop the session loop."""
        self._sessions_loop.stop()


def bundled_cli() -> Path | None:
    try:
        import claude_agent_sdk  # optional SDK (the `claude` extra): imported on use
    except ModuleNotFoundError:
        return None
    path = Path(claude_agent_sdk.__file__).parent / "_bundled" / "claude"
    return path if path.exists() else None


def create(model: str, options: dict) -> ClaudeCodeBackend:
    if importlib.util.find_spec("claude_agent_sdk") is None:  # fail early, with the install hint
        raise ConfigError(f"the claude-code backend needs claude-agent-sdk; {backend_hint('claude-code')}")
    env = {str(k): str(v) for k, v in (options.get("env") or {}).items()}
    if options.get("base_url"):
        env["ANTHROPIC_BASE_URL"] = str(options["base_url"])
    if options.get("api_key"):
        env["ANTHROPIC_API_KEY"] = str(options["api_key"])
    cli_path = options.get("cli_path")
    if not cli_path:  # the user's own claude where it is a supported version; else the SDK's copy
        found = claude_on_path(env.get("PATH") or os.environ.get("PATH"))
        cli_path = found.path if found is not None and found.supported else None
    return ClaudeCodeBackend(
        model or default_model("claude-code", options.get("role") or "student"),
        policy=policy_from_options(options),
        timeout_s=float(options.get("timeout_s") or 300.0),
        cli_path=cli_path,
        env=env,
        max_turns=int(options.get("max_turns") or DEFAULT_MAX_TURNS),
        concurrency=int(options.get("concurrency") or DEFAULT_CONCURRENCY),
        prices=PriceTable.load(options.get("prices_file")),
    )
