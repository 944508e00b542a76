"""Real git repositories for the repo-task tests, and episodes recorded by really doing the work
in them: each edit writes the file, each run runs the command and keeps its exit status, and the
change is the repository's own diff against its start."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import tempfile
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from unittest import mock

from skillopt_sleep.capture.repo_start import dirty_patch
from skillopt_sleep.episode import Episode, EpisodeStep

GIT_ENV = {"GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "T",
           "GIT_COMMITTER_EMAIL": "t@example.com"}

MAKEFILE = "check:\n\tpython3 -m unittest discover -s tests -q\n"
CALC = "def add(a, b):\n    return a - b\n"
TEST = ("import unittest\nimport sys\nsys.path.insert(0, '.')\nfrom calc import add\n\n\n"
        "class AddTest(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n")


def git(root: Path, *args: str, when: str | None = None) -> str:
    env = {**os.environ, **GIT_ENV}
    if when:
        env.update(GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    return subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, text=True).stdout.strip()


def make_repo(root: Path, files: dict[str, str] | None = None, when: str = "2026-11-30T10:00:00Z") -> str:
    """A repository with one commit of `files` (a small Python project checked by `make check`
    by default); returns the commit."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    for name, text in (files or {"Makefile": MAKEFILE, "calc.py": CALC, "tests/test_calc.py": TEST}).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start", when=when)
    return git(root, "rev-parse", "HEAD")


def commit_all(root: Path, message: str, when: str) -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message, when=when)
    return git(root, "rev-parse", "HEAD")


def tree_digest(root: Path) -> str:
    """A hash of every file under `root`, .git included (its index, refs and config): a repository
    that a reader left alone has the same digest after."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "objects" not in p.relative_to(root).parts):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class Work:
    """Does an agent's work in `root` for real and records it as an Episode."""

    def __init__(self, root: Path):
        self.root = root
        self.steps: list[EpisodeStep] = []
        self.final = ""
        self.finished = False

    def edit(self, name: str, text: str) -> "Work":
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        self.steps.append(EpisodeStep(kind="tool", name="edit", arguments={"path": name, "content": text}, output="ok"))
        return self

    def run(self, command: str) -> "Work":
        done = subprocess.run(command, shell=True, cwd=self.root, capture_output=True, text=True, timeout=60)
        self.steps.append(EpisodeStep(kind="tool", name="run", arguments={"command": command},
                                      output=(done.stdout + done.stderr)[-2000:], exit_code=done.returncode))
        return self

    def finish(self, message: str) -> "Work":
        self.final, self.finished = message, True
        self.steps.append(EpisodeStep(kind="tool", name="finish", arguments={"message": message}))
        return self

    def episode(self) -> Episode:
        # A root night hands a copy to the sandbox's own id (sandbox/identity.py); git here, standing
        # in for the agent, reads it as the agent's with a HOME that trusts it.
        with tempfile.TemporaryDirectory() as home:
            Path(home, ".gitconfig").write_text("[safe]\n\tdirectory = *\n")
            with mock.patch.dict(os.environ, {"HOME": home}):
                patch, problem = dirty_patch(str(self.root))
        assert not problem, problem
        changed = sorted({line.split(" b/", 1)[1] for line in patch.splitlines() if line.startswith("diff --git ")})
        return Episode(steps=list(self.steps), final_message=self.final, finished=self.finished, diff=patch,
                       changed_files=changed, turns=len(self.steps))


# -- coding-session transcripts in the agents' own formats ------------------------------------------
# Each record is a copy of a record the real CLI wrote (tests/fixtures, made by make_fixtures.py)
# with its content, folder, ids and time replaced: the fields and their shapes stay the CLI's.

FIXTURES = Path(__file__).parent / "fixtures"
_CLAUDE_FIXTURE = FIXTURES / "claude/projects/-tmp-skillopt-fixture-work-billing/ac959067-b629-4b4c-9da9-7b47b289996a.jsonl"
_CODEX_FIXTURES = FIXTURES / "codex/sessions"


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def write_lines(path: Path, records: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def _claude_templates() -> dict[str, dict]:
    found = {}
    for record in _records(_CLAUDE_FIXTURE):
        content = record.get("message", {}).get("content")
        if record["type"] == "attachment" and record["attachment"].get("type") == "session_context":
            found.setdefault("context", record)
        elif record["type"] == "user" and isinstance(content, str):
            found.setdefault("prompt", record)
        elif record["type"] == "user" and isinstance(content, list):
            found.setdefault("result", record)
        elif record["type"] == "assistant" and content and content[0]["type"] == "tool_use":
            found.setdefault("tool", record)
        elif record["type"] == "assistant":
            found.setdefault("text", record)
    return found


class ClaudeTranscript:
    """A Claude Code session: say() / tool() / answer() append records shaped as the CLI writes them."""

    def __init__(self, session_id: str, cwd: str, branch: str, start: datetime):
        self.session_id, self.cwd, self.branch, self.clock = session_id, cwd, branch, start
        self.templates = _claude_templates()
        self.lines: list[dict] = []
        self.calls = 0

    def _record(self, kind: str, content) -> None:
        record = copy.deepcopy(self.templates[kind])
        record["message"]["content"] = content
        self._stamp(record)

    def _stamp(self, record: dict) -> None:
        self.clock += timedelta(seconds=2)
        record.update(cwd=self.cwd, sessionId=self.session_id, gitBranch=self.branch, uuid=str(uuid.uuid4()),
                      parentUuid=self.lines[-1]["uuid"] if self.lines else None,
                      timestamp=self.clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.clock.microsecond // 1000:03d}Z")
        if "session_id" in record:
            record["session_id"] = self.session_id
        self.lines.append(record)

    def say(self, text: str) -> "ClaudeTranscript":
        self._record("prompt", text)
        return self

    def git_status(self, text: str) -> "ClaudeTranscript":
        """The system context the CLI records at start, with its `gitStatus` (`git_status_text`)."""
        record = copy.deepcopy(self.templates["context"])
        record["attachment"]["context"] = {"gitStatus": text}
        self._stamp(record)
        return self

    def tool(self, name: str, tool_input: dict, result: str, error: bool = False) -> "ClaudeTranscript":
        self.calls += 1
        call_id = f"toolu_{self.calls:020d}"
        self._record("tool", [{"type": "tool_use", "id": call_id, "name": name, "input": tool_input}])
        block = {"type": "tool_result", "content": result, "tool_use_id": call_id}
        if error:
            block["is_error"] = True
        self._record("result", [block])
        return self

    def bash(self, command: str, exit_code: int, output: str = "") -> "ClaudeTranscript":
        if exit_code:
            return self.tool("Bash", {"command": command, "description": "run"}, f"Exit code {exit_code}\n{output}", error=True)
        return self.tool("Bash", {"command": command, "description": "run"}, output)

    def answer(self, text: str) -> "ClaudeTranscript":
        self._record("text", [{"type": "text", "text": text}])
        return self

    def write(self, folder: Path) -> Path:
        return write_lines(folder / f"{self.session_id}.jsonl", self.lines)


def git_status_text(branch: str, status: list[str], head: str) -> str:
    """Claude Code's gitStatus, as its CLI writes it: the branch, `git status --short`, the recent
    commits with HEAD first."""
    return ("This is the git status at the start of the conversation. Note that this status is a snapshot in time, "
            f"and will not update during the conversation.\nCurrent branch: {branch}\n\n"
            "Main branch (you will usually use this for PRs): main\n\nStatus:\n"
            + ("\n".join(status) or "(clean)") + f"\n\nRecent commits:\n{head[:7]} start")


def _codex_templates() -> dict[str, dict]:
    found = {}
    for path in sorted(_CODEX_FIXTURES.rglob("*.jsonl")):
        for record in _records(path):
            payload = record.get("payload", {})
            key = record["type"] if record["type"] in ("session_meta", "turn_context") else payload.get("type")
            if key == "item_completed":
                key = payload["item"]["type"]  # UserMessage, AgentMessage, CommandExecution
            found.setdefault(key, record)
    return found


class CodexTranscript:
    """A Codex rollout built from records the real `codex` wrote: its session_meta (with the git
    commit Codex records at start), the user's and agent's event messages, tool calls and outputs."""

    def __init__(self, session_id: str, cwd: str, start: datetime, git_info: dict | None):
        self.session_id, self.clock = session_id, start
        self.templates = _codex_templates()
        self.lines: list[dict] = []
        meta = self._record("session_meta", id=session_id, cwd=cwd, git=git_info, originator="codex_cli_rs", source="cli")
        meta["payload"].pop("thread_source", None)
        self.calls = 0

    def _record(self, key: str, **payload) -> dict:
        record = copy.deepcopy(self.templates[key])
        self.clock += timedelta(seconds=2)
        record["timestamp"] = self.clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.clock.microsecond // 1000:03d}Z"
        record["payload"].update(payload)
        self.lines.append(record)
        return record

    def _message(self, kind: str, text: str) -> "CodexTranscript":
        record = self._record(kind, thread_id=self.session_id)
        record["payload"]["item"]["content"] = [{"type": "text", "text": text, "text_elements": []}]
        return self

    def say(self, text: str) -> "CodexTranscript":
        return self._message("UserMessage", text)

    def answer(self, text: str) -> "CodexTranscript":
        return self._message("AgentMessage", text)

    def shell(self, command: str, exit_code: int, output: str = "") -> "CodexTranscript":
        self.calls += 1
        call_id = f"call_{self.calls:020d}"
        self._record("function_call", name="exec_command", arguments=json.dumps({"cmd": command}), call_id=call_id)
        self._record("function_call_output", call_id=call_id,
                     output=f"Chunk ID: 0\nWall time: 0.1000 seconds\nProcess exited with code {exit_code}\nOutput:\n{output}")
        return self

    def snapshot(self, commit: str, parent: str, untracked: list[str]) -> "CodexTranscript":
        """The ghost snapshot Codex records at a turn's start: a commit of the working tree."""
        self.clock += timedelta(seconds=2)
        stamp = self.clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.clock.microsecond // 1000:03d}Z"
        self.lines.append({"timestamp": stamp, "type": "response_item", "payload": {
            "type": "ghost_snapshot", "ghost_commit": {"id": commit, "parent": parent, "preexisting_untracked_files": untracked,
                                                       "preexisting_untracked_dirs": []}}})
        return self

    def apply_patch(self, patch: str) -> "CodexTranscript":
        self.calls += 1
        call_id = f"call_{self.calls:020d}"
        record = self._record("function_call", name="apply_patch", call_id=call_id)
        record["payload"].update(type="custom_tool_call", input=patch)
        record["payload"].pop("arguments", None)
        out = self._record("function_call_output", call_id=call_id,
                           output=json.dumps({"output": "Success.", "metadata": {"exit_code": 0}}))
        out["payload"]["type"] = "custom_tool_call_output"
        return self

    def write(self, folder: Path) -> Path:
        return write_lines(folder / f"rollout-2026-12-02T18-00-00-{self.session_id}.jsonl", self.lines)
