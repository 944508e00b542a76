"""The user's own agent as the student: `claude -p` run headless inside the sandbox, in the copy,
with the skill under test placed where Claude Code reads a project's skills
(`.claude/skills/<name>/SKILL.md`), so the replay uses the real mechanism.

The CLI runs with a cheap model, only the file and shell tools (its Bash is the sandbox's), a
permission mode that never prompts, a turn limit, project settings only (never the user's
hooks or settings: the sandbox has no view of the user's home anyway) and no session written.
Its one way out is the model API, through the egress's unix socket (relay.py).

The whole episode is one recorded call: the recorder keys it by the skill, the request, the
repository's commit and the sample, stores the Episode (redacted) with the CLI's own usage and
cost, and a resumed night gets it back from the record with its change re-applied to the fresh
copy, so the judge sees what the agent left.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from skillopt_sleep.agent.relay import Egress, inside_relay_command
from skillopt_sleep.agent.streams import claude_episode, json_lines
from skillopt_sleep.backends.base import Completion, CompletionRequest, Message, Usage
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.markers import REPLAY_ENV, REPLAY_MARKER
from skillopt_sleep.episode import Episode
from skillopt_sleep.errors import BackendError, ConfigError
from skillopt_sleep.records import Task
from skillopt_sleep.sandbox import Limits, SandboxError
from skillopt_sleep.sandbox.workspace import git_env

if TYPE_CHECKING:
    from skillopt_sleep.sandbox import Sandbox, Workspace

CLAUDE_TOOLS = "Read,Edit,Write,Bash,Glob,Grep,Skill"
RELAY_PORT = 18080  # inside the sandbox's own loopback, which nothing else uses
# The CLI is a large runtime that reserves far more address space than it touches.
DEFAULT_LIMITS = Limits(wall_s=600, cpu_s=600, memory_mb=32768, processes=256, output_bytes=4_000_000)


@dataclass
class HeadlessClaude:
    """How to start the CLI: its path, the model, and where the model API is (`base_url`; an
    http URL is forwarded as is, an https one through a CONNECT tunnel to its host only)."""

    cli: Path
    model: str
    base_url: str = "https://api.anthropic.com"
    api_env: dict[str, str] = field(default_factory=dict)  # ANTHROPIC_API_KEY or a token the CLI reads
    max_turns: int = 12
    output_chars: int = 2000
    limits: Limits = field(default_factory=lambda: dataclasses.replace(DEFAULT_LIMITS))
    name: str = "claude-headless"


def skill_path(skill_name: str) -> str:
    return f".claude/skills/{skill_name}/SKILL.md"


def run_claude_episode(task: Task, skill_text: str, skill_name: str, agent: HeadlessClaude, recorder: CallRecorder,
                       workspace: "Workspace", sandbox: "Sandbox", *, sample: int = 0, seed: int | None = None,
                       role: str = "student") -> Episode:
    """One episode of the headless CLI on `task` in `workspace`; its change stays in the copy."""
    request = CompletionRequest(
        system=skill_text,
        messages=[Message("user", json.dumps({"request": task.intent, "context": task.context, "skill": skill_name,
                                              "repo": _repo_identity(task), "max_turns": agent.max_turns}, sort_keys=True))],
        seed=seed,
    )
    runner = _EpisodeRun(agent, task, skill_text, skill_name, workspace, sandbox)
    completion = recorder.complete(role, runner, request, sample=sample)
    episode = Episode.from_dict(json.loads(completion.text))
    if not runner.ran and episode.diff:
        _apply(workspace, episode.diff)  # answered from the record: the change goes into this copy too
    return episode


def _repo_identity(task: Task) -> dict:
    repo = task.repo
    if repo is None:
        raise ConfigError(f"task {task.task_id} is not a repo task: a headless agent needs a repository")
    return {"commit": repo.commit, "patch": hashlib.sha256(repo.patch.encode()).hexdigest() if repo.patch else ""}


class _EpisodeRun:
    """A Backend for the recorder whose one call is the whole CLI episode."""

    supports_tools = False

    def __init__(self, agent: HeadlessClaude, task: Task, skill_text: str, skill_name: str, workspace, sandbox):
        self.name, self.model = agent.name, agent.model
        self.agent, self.task, self.skill_text, self.skill_name = agent, task, skill_text, skill_name
        self.workspace, self.sandbox = workspace, sandbox
        self.ran = False

    def complete(self, request: CompletionRequest) -> Completion:
        self.ran = True
        stdout, usage, cost = self._run()
        episode = claude_episode(stdout, self.agent.output_chars)
        episode.diff = self.workspace.diff()
        episode.changed_files = list(self.workspace.changed_files())
        return Completion(text=json.dumps(episode.to_dict(), ensure_ascii=False), usage=usage, cost_usd=cost,
                          model=self.model, stop_reason="completed" if episode.finished else "error")

    def _run(self) -> tuple[str, Usage, float]:
        placed = self.workspace.resolve(skill_path(self.skill_name))
        before = placed.read_bytes() if placed.is_file() else None
        placed.parent.mkdir(parents=True, exist_ok=True)
        placed.write_text(self.skill_text, encoding="utf-8")
        try:
            with Egress(self.workspace.state_dir("egress"), **_egress_route(self.agent.base_url)) as egress:
                result = _with_mounts(self.sandbox, (self.agent.cli.parent, egress.folder)).run(
                    self.workspace, self._command(egress), limits=self.agent.limits, env=self._env())
        finally:
            _restore(placed, before)
        events = json_lines(result.output)
        final = next((e for e in reversed(events) if e.get("type") == "result"), None)
        if final is None:
            tail = "\n".join(result.output.strip().splitlines()[-5:]) or f"exit code {result.exit_code}"
            raise BackendError(f"claude -p gave no result in the sandbox: {tail}")
        if final.get("is_error") and _api_failure(str(final.get("result") or "")):
            raise BackendError(f"claude -p could not reach its model: {final.get('result')}")
        raw = final.get("usage") or {}
        usage = Usage(input_tokens=int(raw.get("input_tokens") or 0), output_tokens=int(raw.get("output_tokens") or 0),
                      cache_read_tokens=int(raw.get("cache_read_input_tokens") or 0),
                      cache_write_tokens=int(raw.get("cache_creation_input_tokens") or 0))
        return result.output, usage, float(final.get("total_cost_usd") or 0.0)

    def _inside_base_url(self) -> str:
        parts = urlsplit(self.agent.base_url)
        if parts.scheme == "https":
            return self.agent.base_url
        return urlunsplit(("http", f"127.0.0.1:{RELAY_PORT}", parts.path, parts.query, ""))

    def _env(self) -> dict[str, str]:
        env = {**self.agent.api_env, "ANTHROPIC_BASE_URL": self._inside_base_url(), REPLAY_ENV: "1",
               "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_MAX_RETRIES": "0"}
        if urlsplit(self.agent.base_url).scheme == "https":
            env["HTTPS_PROXY"] = f"http://127.0.0.1:{RELAY_PORT}"
        return env

    def _command(self, egress: Egress) -> str:
        prompt = self.task.intent if not self.task.context.strip() else f"{self.task.intent}\n\nContext:\n{self.task.context}"
        cli = [str(self.agent.cli), "-p", prompt, "--output-format", "stream-json", "--verbose", "--model", self.agent.model,
               "--tools", CLAUDE_TOOLS, "--allowedTools", CLAUDE_TOOLS, "--permission-mode", "acceptEdits",
               "--max-turns", str(self.agent.max_turns), "--setting-sources", "project", "--no-session-persistence",
               "--append-system-prompt", REPLAY_MARKER]
        relay = inside_relay_command(str(egress.path), RELAY_PORT)
        # The CLI's own messages go to a file and only their end is shown, after the JSON stream.
        return (f"{relay} || exit 70\n{shlex.join(cli)} 2>/tmp/agent.err\nstatus=$?\n"
                "tail -c 2000 /tmp/agent.err >&2\nexit $status")


def _egress_route(base_url: str) -> dict:
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"a headless agent's model API must be an http(s) URL, got {base_url!r}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if parts.scheme == "https":
        return {"allow_hosts": (parts.hostname,)}
    return {"target": f"{parts.hostname}:{port}"}


def _with_mounts(sandbox, folders: tuple[Path, ...]):
    """The sandbox with `folders` also visible, read-only, at their own paths."""
    toolchain = getattr(sandbox, "toolchain", None)
    if toolchain is None or not dataclasses.is_dataclass(sandbox):
        raise SandboxError(f"the {sandbox.name} sandbox cannot show the agent CLI inside it; headless agents need bubblewrap")
    mounts = tuple(dict.fromkeys([*toolchain.mounts, *(Path(f) for f in folders)]))
    return dataclasses.replace(sandbox, toolchain=dataclasses.replace(toolchain, mounts=mounts))


def _restore(placed: Path, before: bytes | None) -> None:
    if before is not None:
        placed.write_bytes(before)
        return
    placed.unlink(missing_ok=True)
    for folder in (placed.parent, placed.parent.parent, placed.parent.parent.parent):  # skills/<name>, skills, .claude
        try:
            folder.rmdir()
        except OSError:
            break


def _api_failure(message: str) -> bool:
    lowered = message.lower()
    return any(word in lowered for word in ("api error", "authentication", "invalid api key", "connection error",
                                            "unable to connect", "credit balance"))


def _apply(workspace: "Workspace", diff: str) -> None:
    done = subprocess.run(["git", "apply", "--whitespace=nowarn", "-"], input=diff.encode(), cwd=workspace.path,
                          env=git_env(workspace.state_dir("git-home")), capture_output=True, timeout=120)
    if done.returncode != 0:
        raise SandboxError(f"the recorded change does not apply to a fresh copy: {done.stderr.decode(errors='replace')[:200]}")
