"""Loopback fake model servers for tests and bench scripts (stdlib only, 127.0.0.1, free port).

`FakeAnthropic` serves the Messages API (JSON and SSE streaming with the real event sequence),
count_tokens, Message Batches and Models. `FakeOpenAI` serves Chat Completions and Responses
(JSON and SSE), Models, Files and the Batch API. Both log every request (`fake.requests`, each a
`FakeRequest` with method, path, lower-cased headers, raw body and parsed `json`, plus `api`,
`model`, `text`, `system`, `last_user_text`, `tool_results`, `tool_names`), estimate usage from
the request (about 4 characters a token), simulate prompt caching, and answer from a script.

Scripting: each request takes the next queued answer (`fake.push(...)`); when the queue is
empty a responder function decides (`fake.respond_with(fn)`, fn(request) -> answer or None);
else the server's `default`; else a clear 400 "nothing scripted" (kept in
`fake.script.unscripted`). Answers:

    text("hello")                              # a text turn
    tool_use("search", {"q": "refunds"})       # a tool call (text= for text before it)
    Reply(text=..., tool_calls=[ToolUse(...)], usage=FakeUsage(100, 20), delay_s=2.0)
    rate_limited(retry_after=1), overloaded(), server_error(503), unauthorized(),
    quota_exhausted(), model_not_found("x"), error("permission")

Errors come out in each provider's own status and body (Anthropic 529 overloaded_error, its
"credit balance is too low" 400, OpenAI 429 insufficient_quota, ...). `FakeAnthropic(api_key=
"k")` rejects other keys with 401; `models={"m"}` makes any other model a model-not-found 404.
Batches end after `batch_polls` status polls (or `fake.finish_batches()`); their items are
answered from the same script and logged in `fake.batch_items`.

A Claude Code session with a tool call (the real CLI writes a real transcript under HOME):

    from tests.fakes import FakeAnthropic, claude_cli_path, claude_env, text, tool_use
    with FakeAnthropic() as fake:
        fake.respond_with(lambda req: text("done: " + req.tool_results[-1]) if req.tool_results
                          else tool_use("Bash", {"command": "echo hi", "description": "echo"}))
        subprocess.run([str(claude_cli_path()), "-p", "say hi", "--output-format", "json",
                        "--allowedTools", "Bash", "--model", "claude-haiku-4-5"],
                       env=claude_env(fake, tmp_path / "home"), cwd=project, check=True)
    # transcript: tmp_path/home/.claude/projects/<slug of cwd>/<session id>.jsonl

Every claude turn carries its full tool list; `req.tool_results` is empty on the first turn of
a prompt and holds the tool output on the turn after a tool call. The CLI sends no side
requests when CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 (claude_env sets it).

A Codex session with a tool call (codex's shell tool is `exec_command` with a `cmd` string):

    from tests.fakes import FakeOpenAI, codex_cli_path, codex_env, text, tool_use
    with FakeOpenAI() as fake:
        fake.push(tool_use("exec_command", {"cmd": "echo hi"}), text("it printed hi"))
        subprocess.run([str(codex_cli_path()), "exec", "--json", "--skip-git-repo-check",
                        "--sandbox", "read-only", "-C", str(project), "-m", "gpt-5-mini", "-"],
                       input="say hi", text=True, env=codex_env(fake, tmp_path / "home"), check=True)
    # without --ephemeral the rollout lands in tmp_path/home/.codex/sessions/YYYY/MM/DD/

codex_env writes `home/.codex/config.toml` with a `fake` model provider (Responses API) and
sets HOME and CODEX_HOME. Tests skip codex runs when `codex_cli_path()` is None.

From a bench script, put the repository root on sys.path first, then import as above.
"""

from tests.fakes.agents import claude_cli_path, claude_env, codex_cli_path, codex_env, write_codex_config
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.http import FakeRequest
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.script import (
    ErrorReply,
    FakeUsage,
    Reply,
    ToolUse,
    error,
    model_not_found,
    overloaded,
    quota_exhausted,
    rate_limited,
    server_error,
    text,
    tool_use,
    unauthorized,
)

__all__ = [
    "ErrorReply",
    "FakeAnthropic",
    "FakeOpenAI",
    "FakeRequest",
    "FakeUsage",
    "Reply",
    "ToolUse",
    "claude_cli_path",
    "claude_env",
    "codex_cli_path",
    "codex_env",
    "error",
    "model_not_found",
    "overloaded",
    "quota_exhausted",
    "rate_limited",
    "server_error",
    "text",
    "tool_use",
    "unauthorized",
    "write_codex_config",
]
