"""The event stream of a headless agent CLI, read as Episode steps.

`claude -p --output-format stream-json --verbose` prints one JSON object a line: `assistant`
messages with `text` and `tool_use` blocks, `user` messages with the `tool_result` blocks that
answer them, and a last `result`. Tool names become the built-in loop's where they mean the
same (Read -> read, Bash -> run); a failed command's result starts "Exit code N".
"""

from __future__ import annotations

import json
import re

from skillopt_sleep.agent.tools import cut
from skillopt_sleep.capture.redact import redact
from skillopt_sleep.episode import Episode, EpisodeStep

CLAUDE_TOOLS = {"Read": "read", "Edit": "edit", "Write": "edit", "MultiEdit": "edit", "Bash": "run", "Glob": "list",
                "Grep": "search", "LS": "list"}
_EXIT_CODE = re.compile(r"^Exit code (\d+)", re.M)


def json_lines(stdout: str) -> list[dict]:
    events = []
    for line in stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            events.append(value)
    return events


def _result_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(block.get("text", "")) for block in content if isinstance(block, dict))
    return ""


def claude_episode(stdout: str, output_chars: int) -> Episode:
    episode = Episode()
    by_id: dict[str, EpisodeStep] = {}
    for event in json_lines(stdout):
        kind = event.get("type")
        content = (event.get("message") or {}).get("content") or []
        if kind == "assistant":
            episode.turns += 1
            texts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
            episode.steps.append(EpisodeStep(kind="model", output=redact("\n".join(texts))))
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    name = str(block.get("name", ""))
                    step = EpisodeStep(kind="tool", name=CLAUDE_TOOLS.get(name, name), arguments=dict(block.get("input") or {}))
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

