"""The event streams of the headless agent CLIs, read as Episode steps.

`claude -p --output-format stream-json --verbose` prints one JSON object a line: `assistant`
messages with `text` and `tool_use` blocks, `user` messages with the `tool_result` blocks that
answer them, and a last `result`. Tool names become the built-in loop's where they mean the
same (Read -> read, Bash -> run); a failed command's result starts "Exit code N".

`codex exec --json` prints `item.completed` events whose item is a `command_execution` (the
command as its shell ran it, `aggregated_output`, `exit_code`), a `file_change` (paths inside
the sandbox, each `add`, `update` or `delete`, status `failed` when the patch did not apply), an
`agent_message` or `reasoning`; then `turn.completed`, or `turn.failed` / `error`.
"""

from __future__ import annotations

import re
import shlex

from skillopt_sleep.backends.jsonlines import json_lines
from skillopt_sleep.students.tools import cut
from skillopt_sleep.capture.redact import redact
from skillopt_sleep.episode import Episode, EpisodeStep

CLAUDE_TOOLS = {"Read": "read", "Edit": "edit", "Write": "edit", "MultiEdit": "edit", "Bash": "run", "Glob": "list",
                "Grep": "search", "LS": "list"}
_EXIT_CODE = re.compile(r"^Exit code (\d+)", re.M)


def _result_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(block.get("text", "")) for block in content if isinstance(block, dict))
    return ""


def claude_episode(stdout: str, output_chars: int, inside_root: str = "") -> Episode:
    episode = Episode()
    by_id: dict[str, EpisodeStep] = {}
    for event in json_lines(stdout):
        kind = event.get("type")
        message = event.get("message")  # a string on some system events (a refused permission)
        content = (message.get("content") if isinstance(message, dict) else None) or []
        if kind == "assistant":
            episode.turns += 1
            texts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
            episode.steps.append(EpisodeStep(kind="model", output=redact("\n".join(texts))))
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    name = str(block.get("name", ""))
                    arguments = dict(block.get("input") or {})
                    if "file_path" in arguments:  # named as the loop names it, relative to the copy
                        arguments["path"] = _relative(str(arguments["file_path"]), inside_root)
                    step = EpisodeStep(kind="tool", name=CLAUDE_TOOLS.get(name, name), arguments=arguments)
                    by_id[str(block.get("id", ""))] = step
                    episode.steps.append(step)
        elif kind == "user" and isinstance(content, list):
            for block in content:
                if not (isinstance(block, dict) and block.get("type") == "tool_result"):
                    continue
                step = by_id.get(str(block.get("tool_use_id", "")))
                if step is None:
                    continue
                text = redact(_result_text(block.get("content")))
                failed = bool(block.get("is_error"))
                if step.name == "run":
                    found = _EXIT_CODE.search(text)
                    step.exit_code = int(found.group(1)) if found else (1 if failed else 0)
                if failed:
                    step.error = cut(text, output_chars)
                else:
                    step.output = cut(text, output_chars, keep_tail=step.name == "run")
        elif kind == "result":
            episode.final_message = redact(str(event.get("result") or ""))
            episode.finished = event.get("subtype") == "success" and not event.get("is_error")
            if not episode.finished:
                episode.error = f"claude ended with {event.get('subtype') or 'an error'}: {episode.final_message[:200]}"
    if episode.steps and not any(e.get("type") == "result" for e in json_lines(stdout)):
        episode.error = episode.error or "claude stopped without a result"
    return episode



def _shell_inner(command: str) -> str:
    """`/bin/sh -lc 'pytest -q'` as the command the model asked for: `pytest -q`."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    if len(words) == 3 and words[0].rsplit("/", 1)[-1] in ("sh", "bash", "zsh") and words[1] in ("-c", "-lc"):
        return words[2]
    return command


def _relative(path: str, inside_root: str) -> str:
    root = inside_root.rstrip("/") + "/"
    return path[len(root):] if inside_root and path.startswith(root) else path


def codex_episode(stdout: str, output_chars: int, inside_root: str) -> Episode:
    episode = Episode()
    for event in json_lines(stdout):
        kind = event.get("type")
        item = event.get("item") or {}
        if kind == "item.completed":
            _codex_item(episode, item, output_chars, inside_root)
        elif kind == "turn.completed":
            episode.finished = not episode.error
        elif kind in ("turn.failed", "error"):
            message = str((event.get("error") or {}).get("message") if kind == "turn.failed" else event.get("message"))
            episode.finished = False
            episode.error = episode.error or f"codex ended with an error: {redact(message)[:200]}"
    if not episode.finished and not episode.error:
        episode.error = "codex stopped without completing its turn"
    return episode


def _codex_item(episode: Episode, item: dict, output_chars: int, inside_root: str) -> None:
    kind = item.get("type")
    failed = item.get("status") == "failed"
    if kind == "agent_message":
        text = redact(str(item.get("text") or ""))
        episode.steps.append(EpisodeStep(kind="model", output=text))
        episode.final_message = text
    elif kind == "command_execution":
        output = redact(str(item.get("aggregated_output") or ""))
        exit_code = item.get("exit_code")
        episode.steps.append(EpisodeStep(kind="tool", name="run", arguments={"command": _shell_inner(str(item.get("command") or ""))},
                                         output=cut(output, output_chars, keep_tail=True),
                                         exit_code=int(exit_code) if exit_code is not None else (1 if failed else 0)))
    elif kind == "file_change":
        for change in item.get("changes") or []:
            step = EpisodeStep(kind="tool", name="edit", arguments={"path": _relative(str(change.get("path", "")), inside_root),
                                                                     "kind": str(change.get("kind", ""))})
            if failed:
                step.error = "the patch did not apply"
            episode.steps.append(step)
    elif kind in ("mcp_tool_call", "web_search", "todo_list"):
        episode.steps.append(EpisodeStep(kind="tool", name=str(kind), error="failed" if failed else ""))
