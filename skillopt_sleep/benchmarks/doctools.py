"""A multi-turn tool loop over a folder of documents, as an environment episode: OfficeQA's
published local tool set (glob file names, read lines of a file, grep a file for a literal
string), the model calling the tools natively until it replies without a tool call; that reply
is its answer (the text inside <answer>...</answer> when it gives one). Files are named by their
path inside the folder, never a path of this machine, and nothing outside the folder is read.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from skillopt_sleep.backends.base import ToolSpec
from skillopt_sleep.students.environment import Action
from skillopt_sleep.records import Score, Task

READ_CHARS = 4000  # the published bounds on what one call returns
READ_LINES = 80
GREP_MATCHES = 20
GLOB_MATCHES = 50
ANSWER_TAG = re.compile(r"<answer>(.*?)</answer>", re.S | re.I)

TOOLS = [
    ToolSpec("glob", "Find document files whose name or path matches a glob pattern, such as *2019*.txt.",
             {"type": "object", "properties": {"pattern": {"type": "string"}}, "required": ["pattern"]}),
    ToolSpec("read", "Read lines of a document file, from line `start` (1-based), at most `limit` lines.",
             {"type": "object", "properties": {"path": {"type": "string"}, "start": {"type": "integer"},
                                               "limit": {"type": "integer"}}, "required": ["path"]}),
    ToolSpec("grep", "The lines of a document file that contain a literal string (any case), with line numbers.",
             {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}},
              "required": ["pattern", "path"]}),
]


def answer_of(reply: str) -> str:
    tagged = ANSWER_TAG.findall(reply or "")
    return (tagged[-1] if tagged else reply or "").strip()


class Documents:
    """Text files: a folder on disk, or documents given inline (name -> text)."""

    def __init__(self, folder: Path | None = None, inline: dict[str, str] | None = None):
        self.folder = folder.resolve() if folder else None
        self.inline = inline or {}

    def names(self) -> list[str]:
        if self.folder is None:
            return sorted(self.inline)
        return sorted(str(p.relative_to(self.folder)) for p in self.folder.rglob("*") if p.is_file())

    def lines(self, name: str) -> list[str]:
        if self.folder is None:
            if name not in self.inline:
                raise ValueError(f"no document {name!r}; glob lists them")
            return self.inline[name].splitlines()
        path = (self.folder / name).resolve()
        if self.folder not in path.parents or not path.is_file():
            raise ValueError(f"no document {name!r}; glob lists them")
        return path.read_text(encoding="utf-8", errors="replace").splitlines()


def _int(arguments: dict, key: str, default: int) -> int:
    try:
        return int(arguments.get(key) or default)
    except (TypeError, ValueError):
        raise ValueError(f"{key} must be a whole number") from None


@dataclass
class DocumentLoop:
    task: Task
    documents: Documents
    scorer: Callable[[Task, str], Score]
    max_turns: int
    answer: str = ""
    answered: bool = False

    def tools(self) -> list[ToolSpec]:
        return list(TOOLS)

    def observe(self) -> str:
        return (f"The documents are files in a folder ({len(self.documents.names())} in all); use the tools glob, "
                "read and grep to find the evidence. When you know the answer, reply without a tool call and put "
                "the answer inside <answer>...</answer>.")

    def act(self, action: Action) -> str:
        if not action.tool:
            self.answer, self.answered = answer_of(action.text), True
            return "Answer received."
        args = action.arguments
        if action.tool == "glob":
            pattern = str(args.get("pattern") or "*")
            found = [n for n in self.documents.names() if fnmatch.fnmatch(n, pattern) or fnmatch.fnmatch(Path(n).name, pattern)]
            return "\n".join(found[:GLOB_MATCHES]) or "no matches"
        if action.tool == "read":
            lines = self.documents.lines(str(args.get("path") or ""))
            start = max(_int(args, "start", 1), 1)
            limit = max(_int(args, "limit", READ_LINES), 1)
            return "\n".join(lines[start - 1:start - 1 + limit])[:READ_CHARS] or "(no lines there)"
        if action.tool == "grep":
            needle = str(args.get("pattern") or "").lower()
            if not needle:
                raise ValueError("grep needs a pattern")
            lines = self.documents.lines(str(args.get("path") or ""))
            hits = [f"{number}: {line}" for number, line in enumerate(lines, 1) if needle in line.lower()]
            return "\n".join(hits[:GREP_MATCHES]) or "no matches"
        raise ValueError(f"unknown tool {action.tool!r}; the tools are glob, read and grep")

    def done(self) -> bool:
        return self.answered

    def score(self) -> Score:
        return self.scorer(self.task, self.answer)

    def close(self) -> None:
        return None
