"""A new user who only installed the plugin, end to end through the real `claude` CLI:

`claude plugin marketplace add <clone of this repo>` and `claude plugin install`, on a machine
whose only Python is one with nothing but the standard library, reached through pyenv-style
shims (the inactive versions exit 127 with pyenv's message), with no interpreter override. The
plugin builds its own environment on first use and installs the night's backend when the night
first needs it (pip reads a local wheelhouse: no network). Sessions are recorded by the plugin's
hooks; then the user types `/skillopt-sleep ingest`, `mine` and `run`, hears about the proposal
when the next session starts, and runs `review`; `adopt` asks for permission (in -p mode a tool
call that would ask shows in `permission_denials`) until the user adds the rule the plugin's
README gives, then `adopt` and `revert` run. The installed plugin folder stays byte for byte as
installed, and it holds the engine and the plugin, not the tests and experiments.

The agent's model is a loopback fake that issues the Bash call the skill's text asks for; the
night's models are fake servers (the student follows its skill, the teacher proposes nothing),
so what is tested is the plumbing a user meets, not learning. The openai backend runs by default;
anthropic and claude-code (`pytest -m slow`) install their own packages the same way.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fakes import FakeAnthropic, FakeOpenAI, claude_env, text, tool_use
from tests.test_e2e_plugin import PROMPTS, SKILL, cli_or_skip, night_models
from tests.test_plugin import CHANGING, exe
from tests.test_plugin_shims import inactive_shim, stdlib_python, tree_digest
from tests.wheelhouse import offline_pip, wheelhouse

REPO = Path(__file__).resolve().parent.parent
RUNNER_LINE = r'"([^"\n]*/runners/skillopt-sleep-(?:command|change))" --plugin-data "([^"\n]+)"'
BACKEND_EXTRAS = {"openai": "openai", "anthropic": "anthropic", "claude-code": "claude"}


def repo_clone(target: Path) -> Path:
    """The repository as a user clones it: the plugin folder with its links to the engine."""
    for part in ("skillopt_sleep", "plugin", ".claude-plugin", "tests", "experiments"):
        shutil.copytree(REPO / part, target / part, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "LICENSE", "README.md"):
        shutil.copy2(REPO / name, target / name)
    return target


def pyenv_shims(folder: Path, python: Path, log: Path) -> Path:
    """pyenv's shims: `python3` and this minor version run the global Python (standard library
    only), each run logged; the other versions are inactive."""
    minor = f"python3.{sys.version_info.minor}"
    for name in ("python3", minor):
        exe(folder / name, f"#!/bin/sh\necho \"$0\" >>'{log}'\nexec '{python}' \"$@\"\n")
    for name in ("python3.14", "python3.13", "python3.12", "python3.11", "python3.10", "python"):
        if name != minor:
            inactive_shim(folder / name)
    return folder


def project_config(backend: str, night_url: str) -> str:
    """What a user writes in .skillopt-sleep.yaml: the skill, and cheap models for the night."""
    return (
        "skill: .claude/skills/brief-writer/SKILL.md\n"
        f"student: {{backend: {backend}, model: student-mini, base_url: '{night_url}'}}\n"
        f"teacher: {{backend: {backend}, model: teacher-mini, base_url: '{night_url}'}}\n"
        "capture: {include_headless: true}\n"  # these sessions are headless `claude -p` runs
        "night: {val_fraction: 0.5, seed: 3}\n"
        "rules: {min_tasks: 1}\n"
    )


def runs_the_command(request):
    """The agent's model: runs the skill's Bash line for the action typed (the change script for
    the actions that change files), then reports its output."""
    if request.tool_results:
        return text("The engine printed:\n" + request.tool_results[-1][:6000])
    lines = {m.group(0).strip(): m for m in re.finditer(RUNNER_LINE + r"[^\n`]*", request.text)}
    if not lines:
        return text("no skillopt-sleep command reached me")
    for line in lines:
        action = line.split('"', 4)[-1].split()[:1]
        changing = bool(action) and action[0] in CHANGING
        if line.split('"')[1].endswith("-change") == changing:
            return tool_use("Bash", {"command": line, "description": "run skillopt-sleep", "timeout": 600000})
    return text("no line for that action")


class PluginUser:
    """A user with the plugin installed from a marketplace clone, a project with a skill, and
    the night's model server; `slash` types `/skillopt-sleep ACTION` in a headless session."""

    def __init__(self, tmp_path: Path, agent_model: FakeAnthropic, backend: str, night_url: str):
        self.claude = cli_or_skip()
        self.tmp = tmp_path
        self.agent_model = agent_model
        self.user = tmp_path / "user"
        self.sk_home = tmp_path / "sk"
        self.project = tmp_path / "proj"
        self.skill = self.project / ".claude" / "skills" / "brief-writer" / "SKILL.md"
        self.skill.parent.mkdir(parents=True)
        self.skill.write_bytes(SKILL.encode())
        (self.project / ".skillopt-sleep.yaml").write_text(project_config(backend, night_url))
        self.shim_log = tmp_path / "shim-runs.log"
        shims = pyenv_shims(tmp_path / "pyenv" / "shims", stdlib_python(tmp_path / "global-python"), self.shim_log)
        env = claude_env(agent_model, self.user)
        env = {k: v for k, v in env.items() if not k.startswith(("SKILLOPT_SLEEP_", "PIP_", "PYTHON"))}
        env.update({"SKILLOPT_SLEEP_HOME": str(self.sk_home), "CLAUDE_CONFIG_DIR": str(self.user / ".claude"),
                    "OPENAI_API_KEY": "sk-test", "PATH": f"{shims}{os.pathsep}/usr/bin:/bin",
                    **offline_pip(wheelhouse(BACKEND_EXTRAS[backend]))})
        self.env = env
        self.cli("plugin", "marketplace", "add", str(repo_clone(tmp_path / "clone")))
        self.cli("plugin", "install", "skillopt-sleep@skillopt-sleep")
        [self.installed] = [p.parent.parent for p in (self.user / ".claude" / "plugins" / "cache").rglob("runners/skillopt-sleep-command")]

    def cli(self, *argv: str) -> str:
        result = subprocess.run([str(self.claude), *argv], env=self.env, cwd=self.tmp, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout + result.stderr

    def session(self, prompt: str) -> list[dict]:
        """One headless session; its events (stream-json), ending with the result."""
        result = subprocess.run([str(self.claude), "-p", prompt, "--output-format", "stream-json", "--verbose",
                                 "--model", "claude-haiku-4-5"],
                                env=self.env, cwd=self.project, capture_output=True, text=True, timeout=900)
        assert result.returncode == 0, result.stdout + result.stderr
        return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]

    def record_sessions(self) -> None:
        """Real sessions end; the plugin's hooks record them (through the shims' python3)."""
        self.agent_model.respond_with(lambda request: text("Here is a brief. We should go ahead."))
        running = [subprocess.Popen([str(self.claude), "-p", prompt, "--output-format", "json", "--model", "claude-haiku-4-5"],
                                    env=self.env, cwd=self.project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                   for prompt in PROMPTS]
        for finished in running:
            out, err = finished.communicate(timeout=300)
            assert finished.returncode == 0, out + err
        spool = self.sk_home / "data" / "capture-spool.jsonl"
        deadline = time.monotonic() + 30
        while (not spool.is_file() or len(spool.read_text().splitlines()) < len(PROMPTS)) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert spool.is_file() and len(spool.read_text().splitlines()) >= len(PROMPTS)
        self.agent_model.respond_with(runs_the_command)

    def slash(self, action: str, allowed: bool = True) -> tuple[list[dict], str]:
        """Type `/skillopt-sleep ACTION`; the session's events and the engine's output as the
        Bash tool returned it. `allowed`: whether it runs without a permission prompt."""
        before = len(self.agent_model.requests)
        events = self.session(f"/skillopt-sleep {action}")
        asked = self.agent_model.requests[before].text
        assert re.search(RUNNER_LINE + " " + re.escape(action), asked), asked[-3000:]
        result = events[-1]
        assert result["type"] == "result", result
        assert (result["permission_denials"] == []) == allowed, result
        outputs = [r.tool_results[-1] for r in self.agent_model.requests[before:] if r.tool_results]
        assert outputs, result
        return events, outputs[-1]

    def night(self, backend: str) -> str:
        """ingest, mine and run by their short names; the night installs its backend and stages
        a proposal. Returns the proposal id."""
        _, ingested = self.slash("ingest")
        assert "first use: installing the engine" in ingested, ingested
        assert f"transcripts read: {len(PROMPTS)} ({len(PROMPTS)} new" in ingested, ingested
        _, mined = self.slash("mine")
        assert "real tasks" in mined, mined
        _, night = self.slash("run")
        assert f"the {backend} backend needs" in night and "installing it into the plugin's environment" in night, night
        match = re.search(r"proposal (\S+) staged", night)
        assert match, night
        return match.group(1)

    def shim_runs(self) -> int:
        return len(self.shim_log.read_text().splitlines()) if self.shim_log.exists() else 0


def test_a_plugin_only_user_gets_from_sessions_to_an_adopted_and_reverted_proposal(tmp_path):
    with FakeAnthropic() as agent_model, FakeOpenAI() as night_server:
        night_server.respond_with(night_models)
        user = PluginUser(tmp_path, agent_model, "openai", night_server.base_url)
        installed = user.installed
        # What the user's agent installed: the engine and the plugin, not the tests and experiments.
        assert (installed / "skillopt_sleep" / "__init__.py").is_file() and (installed / "pyproject.toml").is_file()
        assert not (installed / "tests").exists() and not (installed / "experiments").exists()
        assert not [p for p in installed.rglob("*") if p.is_symlink()]
        as_installed = tree_digest(installed)

        user.record_sessions()
        proposal = user.night("openai")
        assert user.skill.read_bytes() == SKILL.encode()

        # The runner remembered the environment it built: a later call starts it directly.
        memory = user.user / ".claude" / "plugins" / "data"
        [remembered] = [p.read_text().strip() for p in memory.rglob("interpreter")]
        assert remembered.endswith("/engine-venv/bin/python")
        shims_before = user.shim_runs()

        # The next session hears about it: the model as context, the user as a message.
        before = len(agent_model.requests)
        events, reviewed = user.slash("review")
        notice = re.search(r"skillopt-sleep: 1 proposal pending for skill brief-writer: held-out (\d\.\d\d) → (\d\.\d\d); "
                           r"/skillopt-sleep review", agent_model.requests[before].text)
        assert notice, agent_model.requests[before].text[-3000:]
        assert float(notice.group(2)) > float(notice.group(1))
        [started] = [json.loads(e["stdout"]) for e in events if e.get("subtype") == "hook_response"
                     and e.get("hook_event") == "SessionStart" and e.get("stdout", "").strip()]
        assert started["systemMessage"] == started["hookSpecificOutput"]["additionalContext"] == notice.group(0)
        assert proposal in reviewed and "Key Risks" in reviewed and "Arithmetic:" in reviewed
        assert user.shim_runs() == shims_before  # SessionStart, the command and the hooks: no shim

        # adopt changes a file: it runs on the user's own typed command, with no rule to add.
        _, adopted = user.slash(f"adopt {proposal}")
        assert b"Key Risks" in user.skill.read_bytes(), adopted
        _, reverted = user.slash("revert")
        assert user.skill.read_bytes() == SKILL.encode(), reverted

        # The plugin folder the agent installed is exactly as it was copied: no bytecode, no build output.
        assert tree_digest(installed) == as_installed


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["anthropic", "claude-code"])
def test_a_plugin_only_user_runs_a_night_with_another_backend(tmp_path, backend):
    with FakeAnthropic() as agent_model, FakeAnthropic() as night_server:
        night_server.respond_with(night_models)
        user = PluginUser(tmp_path, agent_model, backend, night_server.url)
        user.env["ANTHROPIC_API_KEY"] = "sk-ant-test"
        as_installed = tree_digest(user.installed)
        user.record_sessions()
        user.night(backend)
        assert tree_digest(user.installed) == as_installed
