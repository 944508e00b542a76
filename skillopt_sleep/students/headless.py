"""The user's own agent as the student, run headless inside the sandbox, in the copy, with the
skill under test placed where that agent reads a project's skills, so the replay uses the real
mechanism. Each agent (claude.py, codex.py) says where its skill goes, what to show the sandbox,
how to start it and how to read what it printed; this module does the rest alike for all.

Its one way out is the model API, through the egress's unix socket (relay.py), which adds the
API key there: the CLI inside holds a placeholder of it (keys.py). An agent that keeps no turn
limit of its own gets one at the egress (turnbound.py).

The whole episode is one recorded call: the recorder keys it by the agent, the skill (and the
memory), the request, the repository's commit and the sample, stores the Episode (redacted) with
the CLI's own usage and cost, and a resumed night gets it back from the record with its change
re-applied to the fresh copy, so the judge sees what the agent left.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit, urlunsplit

from skillopt_sleep.students.forward import Route
from skillopt_sleep.students.relay import Egress, inside_relay_command
from skillopt_sleep.backends.base import Completion, CompletionRequest, Message, Usage
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.episode import Episode
from skillopt_sleep.errors import ConfigError, StagingError
from skillopt_sleep.guardrails.forms import Guardrail
from skillopt_sleep.guardrails.headless import Merge
from skillopt_sleep.records import Task
from skillopt_sleep.sandbox import Limits, PatchRejected, SandboxError, beneath
from skillopt_sleep.sandbox.execlog import Watch, as_executed
from skillopt_sleep.sandbox.patching import apply_inside
from skillopt_sleep.students.base import EpisodeSample, Texts

if TYPE_CHECKING:
    from skillopt_sleep.sandbox import Sandbox, Workspace

log = logging.getLogger(__name__)

RELAY_PORT = 18080  # inside the sandbox's own loopback, which nothing else uses
SKILL_BYTES = 4_000_000  # a skill file the user keeps in the repository is far smaller


def agent_cli_limits() -> Limits:
    """The bounds of one headless agent CLI episode: the CLI is a large runtime that reserves far
    more address space than it touches."""
    return Limits(wall_s=600, cpu_s=600, memory_mb=32768, processes=256, output_bytes=4_000_000)


_SKILL_NAME = re.compile(r"^name:\s*['\"]?([A-Za-z0-9][A-Za-z0-9_-]{0,63})['\"]?\s*$", re.M)


class HeadlessAgent(Protocol):
    """What the runner needs from one agent CLI."""

    name: str
    model: str
    base_url: str  # the model API, reached from the host; the CLI inside talks plain http to the relay
    max_turns: int
    limits: Limits
    guardrails: tuple[Guardrail, ...]  # what the replay holds the CLI to (guardrails/headless.py)
    keeps_turn_limit: bool  # False: the egress counts the model requests instead

    def skill_path(self, skill_name: str) -> str:
        """Where the skill goes in the copy, relative to its root."""
        ...

    def copy_files(self) -> dict[str, Merge]:
        """The files, relative to the copy's root, that hold the CLI to the guardrails under test,
        each made from what the copy holds there."""
        ...

    def mounts(self) -> tuple[Path, ...]:
        """Folders the CLI needs to run, shown read-only."""
        ...

    def env(self, inside_base_url: str) -> dict[str, str]:
        """The CLI's environment inside: never a key, only placeholders of them (keys.py)."""
        ...

    def route(self) -> Route:
        """What the relay forwards: the API's own requests, with the key the CLI is not given."""
        ...

    def command(self, prompt: str, memory_text: str, inside_start: str, inside_base_url: str) -> str:
        """The shell lines that run the CLI in the copy, from `inside_start` (the session's folder
        in it), its JSON events on stdout."""
        ...

    def read(self, output: str, inside_root: str) -> tuple[Episode, Usage, float]:
        """The episode, usage and cost from what the CLI printed; BackendError when it could not
        reach its model or gave no result."""
        ...


def skill_name_of(task: Task, skill_text: str) -> str:
    """The name the agent knows the skill by: the task's skill, else the skill's frontmatter name."""
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", task.skill or ""):
        return task.skill
    found = _SKILL_NAME.search(skill_text[:2000])
    return found.group(1) if found else "skill-under-test"


def run_headless_episode(task: Task, texts: Texts, agent: HeadlessAgent, recorder: CallRecorder, workspace: "Workspace",
                         sandbox: "Sandbox", at: EpisodeSample = EpisodeSample(), skill_name: str | None = None) -> Episode:
    """One episode of the headless CLI on `task` in `workspace`; its change stays in the copy. The
    skill goes in under `skill_name` (default: the name the task or the skill gives). Runs of the
    watched programs are kept from the sandbox's own record (Episode.executed)."""
    skill_name = skill_name or skill_name_of(task, texts.skill)
    asked = {"request": task.intent, "context": task.context, "skill": skill_name, "repo": _repo_identity(task),
             "max_turns": agent.max_turns}
    if agent.guardrails:
        asked["guardrails"] = sorted((g.to_dict() for g in agent.guardrails), key=lambda d: json.dumps(d, sort_keys=True))
    if texts.memory:
        asked["memory"] = hashlib.sha256(texts.memory.encode()).hexdigest()
    request = CompletionRequest(system=texts.skill, messages=[Message("user", json.dumps(asked, sort_keys=True))],
                                seed=at.seed)
    runner = _EpisodeRun(agent, task, texts.skill, skill_name, texts.memory, workspace, sandbox, at.watched)
    completion = recorder.complete(at.role, runner, request, sample=at.sample)
    episode = Episode.from_dict(json.loads(completion.text))
    if not runner.ran and episode.diff:
        _apply(workspace, sandbox, episode.diff)  # answered from the record: the change goes into this copy too
    return episode


def _repo_identity(task: Task) -> dict:
    repo = task.repo
    if repo is None:
        raise ConfigError(f"task {task.task_id} is not a repo task: a headless agent needs a repository")
    return {"commit": repo.commit, "patch": hashlib.sha256(repo.patch.encode()).hexdigest() if repo.patch else ""}


class _EpisodeRun:
    """A Backend for the recorder whose one call is the whole CLI episode."""

    supports_tools = False

    def __init__(self, agent: HeadlessAgent, task: Task, skill_text: str, skill_name: str, memory_text: str,
                 workspace, sandbox, watched: tuple[str, ...] = ()):
        self.name, self.model = agent.name, agent.model
        self.agent, self.task, self.skill_text, self.skill_name = agent, task, skill_text, skill_name
        self.memory_text, self.workspace, self.sandbox, self.watched = memory_text, workspace, sandbox, watched
        self.ran = False

    def complete(self, request: CompletionRequest) -> Completion:
        self.ran = True
        inside_path = getattr(self.sandbox, "inside_path", None)
        if inside_path is None:
            raise SandboxError(f"the {self.sandbox.name} sandbox has no loopback of its own for the model relay; "
                               "headless agents need bubblewrap")
        inside = inside_path(self.workspace)
        output, turns, executed = self._run(inside)
        episode, usage, cost = self.agent.read(output, inside)
        if turns is not None:
            episode.turns = turns
        episode.executed = executed  # what ran, from the sandbox's record, never from the CLI's stream
        episode.diff = self.workspace.diff()
        episode.changed_files = list(self.workspace.changed_files())
        return Completion(text=json.dumps(episode.to_dict(), ensure_ascii=False), usage=usage, cost_usd=cost,
                          model=self.model, stop_reason="completed" if episode.finished else "error")

    def _run(self, inside_root: str) -> tuple[str, int | None, list[dict] | None]:
        """What the CLI printed, the model requests it sent where the egress counted them, and the
        sandbox's record of the runs of the programs the task's checks name."""
        root = self.workspace.path
        placed: list[_Placed] = []
        files = {self.agent.skill_path(self.skill_name): lambda _: self.skill_text, **self.agent.copy_files()}
        bound = None if self.agent.keeps_turn_limit else self.agent.max_turns
        prompt = self.task.intent if not self.task.context.strip() else f"{self.task.intent}\n\nContext:\n{self.task.context}"
        try:
            for relative, make in files.items():
                placed.append(_put(root, self.workspace.resolve(relative), make))
            with Egress(self.workspace.state_dir("egress"), self.agent.route(), max_requests=bound) as egress:
                relay = inside_relay_command(str(egress.path), RELAY_PORT)
                # The CLI's own messages go to a file and only their end is shown, after the JSON stream.
                inside_url = self._inside_base_url()
                folder = self.workspace.start_folder
                start = f"{inside_root}/{folder}" if folder else inside_root  # where the session worked
                agent = self.agent.command(prompt, self.memory_text, start, inside_url)
                command = f"{relay} || exit 70\n{agent} 2>/tmp/agent.err\nstatus=$?\ntail -c 2000 /tmp/agent.err >&2\nexit $status"
                sandbox = self.sandbox.with_read_only((*self.agent.mounts(), egress.folder))
                if self.watched:
                    with Watch(self.workspace, sandbox, self.watched) as watch:
                        result = watch.sandbox.run(self.workspace, watch.command(command), limits=self.agent.limits,
                                                   env=self.agent.env(inside_url))
                    executed = as_executed(watch.entries, self.workspace.last_change())
                else:
                    result = sandbox.run(self.workspace, command, limits=self.agent.limits, env=self.agent.env(inside_url))
                    executed = None
        finally:
            for put in reversed(placed):
                _restore(root, put)
        return result.output, egress.budget.sent if egress.budget is not None else None, executed

    def _inside_base_url(self) -> str:
        parts = urlsplit(self.agent.base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"a headless agent's model API must be an http(s) URL, got {self.agent.base_url!r}")
        return urlunsplit(("http", f"127.0.0.1:{RELAY_PORT}", parts.path, parts.query, ""))


@dataclass(frozen=True)
class _Placed:
    """A file put in the copy for the episode: where, what was there before, the folders made for it."""

    path: str
    before: bytes | None
    created: list[str]


def _put(root: Path, real: Path, make: Merge) -> _Placed:
    """The file at `real` (the user's own links in its path already followed: after the episode
    the host follows none) made from what the copy holds there."""
    placed = real.relative_to(Path(root).resolve()).as_posix()
    before = beneath.read_file(root, placed, SKILL_BYTES) if beneath.entry(root, placed) is not None else None
    try:
        text = make(before.decode("utf-8") if before is not None else "")
    except (UnicodeDecodeError, StagingError) as exc:
        raise SandboxError(f"{placed} in the copy cannot hold what the replay needs there: {exc}") from None
    created = beneath.make_folders(root, str(Path(placed).parent))
    beneath.write_file(root, placed, text.encode("utf-8"))
    return _Placed(placed, before, created)


def _restore(root: Path, put: _Placed) -> None:
    """The copy as it was at `put.path`, through no link the agent made: the user's own file back
    as a regular file (a link or FIFO there is replaced, never written through), or the placed
    one removed with the folders made for it. Where the agent made a folder on the way a link,
    what is beyond it is left alone, and the episode's diff shows the link."""
    try:
        if put.before is not None:
            beneath.write_file(root, put.path, put.before)
            return
        beneath.remove_file(root, put.path)
    except (SandboxError, OSError) as exc:
        log.warning("%s was not put back: %s", put.path, exc)
        return
    for folder in reversed(put.created):  # innermost first; a folder the agent wrote into stays
        if not beneath.remove_empty_folder(root, folder):
            break


def _apply(workspace: "Workspace", sandbox: "Sandbox", diff: str) -> None:
    try:
        apply_inside(sandbox, workspace, diff, what="the recorded change")
    except PatchRejected as exc:
        raise SandboxError(f"the recorded change does not apply to a fresh copy: {exc}") from None
