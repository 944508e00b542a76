"""The six tools of the built-in loop, over a throwaway copy of a repository: list, read,
search, edit, run, finish.

File tools reach files only through beneath.py, which opens a path under the copy's root without
following any link and reads or writes regular files only (a FIFO or device the agent made is
refused, never waited on); commands run only through the sandbox, which records each run of a
program a check names (sandbox/execlog.py). Every output is cut to a
budget, and a tool never raises for a bad call: it returns the error, which goes back to the
model. What a command prints is made stable (the copy's own path and durations replaced), so an
episode replayed after a crash asks the model the same thing and the record answers it.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skillopt_sleep.students.actions import TOOL_NAMES, Action
from skillopt_sleep.students.placeholders import placeholder_reason
from skillopt_sleep.capture.redact import redact
from skillopt_sleep.sandbox import SandboxError, beneath
from skillopt_sleep.sandbox.execlog import Watch

if TYPE_CHECKING:
    from skillopt_sleep.sandbox import Limits, Sandbox, Workspace

_SKIPPED_DIRS = {".git"}
_DURATION = re.compile(r"\b\d+\.\d+ ?(s|ms|sec|secs|seconds)\b")
_BINARY_PROBE = 8192


@dataclass
class ToolBudget:
    """How much a tool may show the model, and how long a command may run."""

    output_chars: int = 2000
    list_entries: int = 100
    read_lines: int = 200
    search_hits: int = 30
    search_files: int = 2000
    file_bytes: int = 1_000_000  # larger files are neither read nor searched


@dataclass
class ToolOutcome:
    output: str = ""
    error: str = ""
    exit_code: int | None = None
    finished: bool = False

    def shown(self) -> str:
        """What the model sees."""
        return f"error: {self.error}" if self.error else self.output


def cut(text: str, limit: int, *, keep_tail: bool = False) -> str:
    """`text` within `limit` characters, saying how much was left out. A command's last lines
    (its summary) matter most; a file's first."""
    if len(text) <= limit:
        return text
    left_out = len(text) - limit
    if keep_tail:
        head = limit // 3
        return f"{text[:head]}\n[... {left_out} characters cut ...]\n{text[len(text) - (limit - head):]}"
    return f"{text[:limit]}\n[... {left_out} more characters cut ...]"


class WorkspaceTools:
    def __init__(self, workspace: "Workspace", sandbox: "Sandbox", budget: ToolBudget | None = None,
                 limits: "Limits | None" = None, watched: tuple[str, ...] = ()):
        self.workspace = workspace
        self.sandbox = sandbox
        self.budget = budget or ToolBudget()
        self.limits = limits
        self.watched = watched  # programs whose runs the sandbox records, in `executed`
        self.executed: list[dict] = []
        self.root = Path(workspace.path)
        # Where the copy is as the model may have seen it: on the host, or inside the sandbox
        # (command output shows that path, and models copy it into file paths).
        self._host_roots = sorted({str(self.root), os.path.realpath(self.root)}, key=len, reverse=True)
        inside = getattr(sandbox, "inside_path", None)
        self._roots = self._host_roots + ([inside(workspace)] if inside else [])

    def call(self, action: Action) -> ToolOutcome:
        handler = getattr(self, f"_{action.name}", None) if action.name in TOOL_NAMES else None
        if handler is None:
            return ToolOutcome(error=f"unknown tool {action.name!r}; the tools are {', '.join(TOOL_NAMES)}")
        try:
            outcome = handler(action.arguments)
        except (SandboxError, OSError, UnicodeError) as exc:
            return ToolOutcome(error=self._stable(str(exc)))
        # A repository may hold keys (a .env file): they never reach the model or the record.
        return ToolOutcome(redact(outcome.output), redact(outcome.error), outcome.exit_code, outcome.finished)

    # -- the tools ---------------------------------------------------------------------------
    def _resolve(self, relative: str) -> str:
        """The path relative to the copy's root (SandboxError for one outside it)."""
        for root in self._roots:
            if relative == root or relative.startswith(root + "/"):
                relative = relative[len(root):].lstrip("/") or "."
                break
        return "/".join(beneath.parts_of(relative)) or "."

    def _list(self, arguments: dict) -> ToolOutcome:
        relative = _text(arguments.get("path")) or "."
        path = self._resolve(relative)
        info = beneath.entry(self.root, path)
        if not _is_folder(info):
            regular = info is not None and stat.S_ISREG(info.st_mode)
            return ToolOutcome(error=f"{relative} is not a folder" + (" (read it instead)" if regular else ""))
        entries = self._entries(path)
        shown = entries[: self.budget.list_entries]
        if len(entries) > len(shown):
            shown.append(f"[... {len(entries) - len(shown)} more entries]")
        return ToolOutcome(output="\n".join(shown) if shown else "(empty folder)")

    def _read(self, arguments: dict) -> ToolOutcome:
        relative = _text(arguments.get("path"))
        if not relative:
            return ToolOutcome(error="read needs a path")
        path = self._resolve(relative)
        problem = self._unreadable(path, relative)
        if problem:
            return ToolOutcome(error=problem)
        data = beneath.read_file(self.root, path, self.budget.file_bytes)
        if b"\0" in data[:_BINARY_PROBE]:
            return ToolOutcome(error=f"{relative} is a binary file")
        lines = data.decode("utf-8", errors="replace").splitlines()
        start = max(1, _number(arguments.get("start"), 1))
        end = _number(arguments.get("end"), start + self.budget.read_lines - 1)
        end = min(len(lines), end, start + self.budget.read_lines - 1)
        if not lines:
            return ToolOutcome(output=f"{relative} is empty")
        if start > len(lines):
            return ToolOutcome(error=f"{relative} has only {len(lines)} lines")
        header = "" if (start, end) == (1, len(lines)) else f"[{relative}: lines {start}-{end} of {len(lines)}]\n"
        return ToolOutcome(output=cut(header + "\n".join(lines[start - 1:end]), self.budget.output_chars))

    def _search(self, arguments: dict) -> ToolOutcome:
        pattern = _text(arguments.get("pattern"))
        if not pattern:
            return ToolOutcome(error="search needs a pattern")
        try:
            regex = re.compile(pattern)
        except re.error:
            regex = re.compile(re.escape(pattern))  # a model's "foo(" means the text foo(
        under = _text(arguments.get("path")) or "."
        start = self._resolve(under)
        if beneath.entry(self.root, start) is None:
            return ToolOutcome(error=f"{under} does not exist; {self._nearest_listing(start)}")
        hits: list[str] = []
        for relative, text in self._texts(start):
            for number, line in enumerate(text.splitlines(), 1):
                if regex.search(line):
                    hits.append(f"{relative}:{number}: {line.strip()[:200]}")
                    if len(hits) > self.budget.search_hits:
                        hits[-1] = f"[... more matches; narrow the pattern or the path]"
                        return ToolOutcome(output=cut("\n".join(hits), self.budget.output_chars))
        return ToolOutcome(output=cut("\n".join(hits), self.budget.output_chars) if hits else f"no match for {pattern!r}")

    def _edit(self, arguments: dict) -> ToolOutcome:
        relative = _text(arguments.get("path"))
        if not relative:
            return ToolOutcome(error="edit needs a path")
        path = self._resolve(relative)
        if ".git" in path.split("/"):
            return ToolOutcome(error="the .git folder cannot be edited")
        info = beneath.entry(self.root, path)
        if info is not None and not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
            return ToolOutcome(error=_not_regular(relative, info))
        if "old" in arguments and arguments.get("old") not in (None, ""):
            return self._replace(path, info, relative, arguments)
        if "content" in arguments:
            return self._write(path, info, relative, _text(arguments.get("content"), strip=False))
        if arguments.get("new") and info is None:  # "old": "" to create a file
            return self._write(path, info, relative, _text(arguments["new"], strip=False))
        return ToolOutcome(error='edit needs "old" and "new" (replace text) or "content" (write the whole file)')

    def _replace(self, path: str, info: os.stat_result | None, relative: str, arguments: dict) -> ToolOutcome:
        if info is None or not stat.S_ISREG(info.st_mode):
            return ToolOutcome(error=f"{relative} does not exist; write it whole with \"content\"")
        if "new" not in arguments or arguments["new"] is None:
            return ToolOutcome(error='a replacing edit needs "new" (the text that replaces "old")')
        old, new = _text(arguments["old"], strip=False), _text(arguments["new"], strip=False)
        text = beneath.read_file(self.root, path, self.budget.file_bytes).decode("utf-8")
        count = text.count(old)
        if count == 0 and old.strip() and text.count(old.strip()) == 1:
            old, new, count = old.strip(), new.strip(), 1  # the model padded the text with blank lines
        if count == 0 and _escaped(old) != old and text.count(_escaped(old)) == 1:
            # A small model writes line breaks as `\\n` inside its JSON string: the text as written
            # is nowhere in the file, the breaks it meant are there once, so read both texts so.
            old, new, count = _escaped(old), _escaped(new), 1
        if count == 0:
            return ToolOutcome(error=f"the old text is not in {relative}; read the file and copy the text exactly")
        if count > 1:
            return ToolOutcome(error=f"the old text occurs {count} times in {relative} ({_occurrences(text, old)}); "
                                     "include the line above it in both old and new so it occurs once")
        reason = placeholder_reason(new, old)
        if reason:
            return ToolOutcome(error=f"edit refused, {relative} is unchanged: {reason}")
        beneath.write_file(self.root, path, text.replace(old, new, 1).encode("utf-8"))
        return ToolOutcome(output=f"edited {relative}")

    def _write(self, path: str, info: os.stat_result | None, relative: str, content: str) -> ToolOutcome:
        regular = info is not None and stat.S_ISREG(info.st_mode)
        existing = beneath.read_file(self.root, path, self.budget.file_bytes) if regular else b""
        existing_text = existing.decode("utf-8", errors="replace")
        if not content.strip():
            return ToolOutcome(error=f"edit refused, {relative} is unchanged: the new content is empty")
        reason = placeholder_reason(content, existing_text)
        if reason:
            return ToolOutcome(error=f"edit refused, {relative} is unchanged: {reason}")
        if _is_folder(info):
            return ToolOutcome(error=f"{relative} is a folder")
        beneath.make_folders(self.root, os.path.dirname(path) or ".")
        beneath.write_file(self.root, path, (content if content.endswith("\n") else content + "\n").encode("utf-8"))
        return ToolOutcome(output=f"{'wrote' if existing_text else 'created'} {relative}")

    def _run(self, arguments: dict) -> ToolOutcome:
        command = _text(arguments.get("command"))
        if not command:
            return ToolOutcome(error="run needs a command")
        bounds = {"limits": self.limits} if self.limits is not None else {}
        if self.watched:
            with Watch(self.workspace, self.sandbox, self.watched) as watch:
                result = watch.sandbox.run(self.workspace, watch.command(command), **bounds)
            self.executed += watch.entries
        else:
            result = self.sandbox.run(self.workspace, command, **bounds)
        status = f"exit code {result.exit_code}"
        if result.timed_out:
            status += " (stopped: the time limit ran out)"
        output = self._stable(result.output).rstrip()
        body = cut(output, self.budget.output_chars, keep_tail=True) if output else "(no output)"
        return ToolOutcome(output=f"{status}\n{body}", exit_code=result.exit_code)

    def _finish(self, arguments: dict) -> ToolOutcome:
        message = _text(arguments.get("message"))
        return ToolOutcome(output=message or "finished", finished=True)

    # -- helpers -----------------------------------------------------------------------------
    def _unreadable(self, path: str, relative: str) -> str:
        info = beneath.entry(self.root, path)
        if info is None:
            return f"{relative} does not exist; {self._nearest_listing(path)}"
        if stat.S_ISDIR(info.st_mode):
            return f"{relative} is a folder (list it instead)"
        if not stat.S_ISREG(info.st_mode):
            return _not_regular(relative, info)
        if info.st_size > self.budget.file_bytes:
            return f"{relative} is too large to read ({info.st_size} bytes); search it instead"
        return ""

    def _nearest_listing(self, missing: str, shown: int = 20) -> str:
        """What the closest existing folder above a missing path holds: a small model that guessed
        a path reads the real names here instead of guessing again."""
        folder = os.path.dirname(missing)
        while folder and not _is_folder(beneath.entry(self.root, folder)):
            folder = os.path.dirname(folder)
        entries = self._entries(folder or ".")
        where = folder or "."
        listed = ", ".join(entries[:shown]) + (f", and {len(entries) - shown} more" if len(entries) > shown else "")
        return f"{where}/ holds: {listed}" if entries else f"{where}/ is empty"

    def _entries(self, folder: str) -> list[str]:
        """A folder's names in order, folders marked with a slash, .git left out."""
        return sorted(name + ("/" if stat.S_ISDIR(mode) else "") for name, mode in beneath.list_folder(self.root, folder)
                      if name not in _SKIPPED_DIRS)

    def _texts(self, start: str):
        """(path, text) of the text files at or under `start`, in a stable order, never through a link."""
        seen = 0
        for relative, size in beneath.regular_files(self.root, start, frozenset(_SKIPPED_DIRS)):
            if size > self.budget.file_bytes:
                continue
            seen += 1
            if seen > self.budget.search_files:
                return
            try:
                data = beneath.read_file(self.root, relative, self.budget.file_bytes)
            except SandboxError:
                continue
            if b"\0" not in data[:_BINARY_PROBE]:
                yield relative, data.decode("utf-8", errors="replace")

    def _stable(self, text: str) -> str:
        for root in self._host_roots:
            text = text.replace(root + os.sep, "").replace(root, ".")
        return _DURATION.sub("<time>", text)


def _text(value: object, *, strip: bool = True) -> str:
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    return text.strip() if strip else text


def _number(value: object, default: int) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default


def _is_folder(info: os.stat_result | None) -> bool:
    return info is not None and stat.S_ISDIR(info.st_mode)


def _not_regular(relative: str, info: os.stat_result) -> str:
    if stat.S_ISLNK(info.st_mode):
        return f"{relative} is a link, which the file tools do not follow; use the path it leads to"
    return f"{relative} is not a regular file ({beneath.kind_of(info.st_mode)})"


def _occurrences(text: str, old: str, shown: int = 4) -> str:
    """Where `old` occurs in `text`, each by its line and the line above it: what a small model
    needs to make its edit's text occur once."""
    lines = text.splitlines()
    places, start = [], text.find(old)
    while start >= 0 and len(places) < shown:
        line = text.count("\n", 0, start)
        above = next((lines[i].strip() for i in range(line - 1, -1, -1) if lines[i].strip()), "")
        places.append(f"line {line + 1}" + (f", after `{above[:80]}`" if above else ", the first line"))
        start = text.find(old, start + 1)
    return "; ".join(places)


def _escaped(text: str) -> str:
    """`text` with the escapes a model meant as characters (a line break, a tab) turned into them."""
    return text.replace("\\n", "\n").replace("\\t", "\t")
