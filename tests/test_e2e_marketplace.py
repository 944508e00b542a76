"""A new user who only installed the plugin, end to end through the real `claude` CLI:

`claude plugin marketplace add <copy of this repo>` and `claude plugin install`, on a machine
whose Python entries on PATH are pyenv-style shims (the inactive ones exit 127 with pyenv's
message) and with no interpreter override. Sessions are recorded by the plugin's hooks; then the
user types `/skillopt-sleep ingest`, `mine` and `run` by their short names, hears about the
proposal when the next session starts, and runs `review`, `adopt` and `revert`, each without a
permission prompt (in -p mode a denied tool call would show in `permission_denials`).

The agent's model is a loopback fake that issues the Bash call the command's text asks for;
the night's models are a fake OpenAI-compatible server (the student follows its skill, the
teacher proposes nothing), so what is tested is the plumbing a user meets, not learning.
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

from tests.fakes import FakeAnthropic, FakeOpenAI, claude_env, text, tool_use
from tests.test_e2e_plugin import PROMPTS, SKILL, cli_or_skip, night_models
from tests.test_plugin_shims import inactive_shim
from tests.test_plugin import exe

REPO = Path(__file__).resolve().parent.parent
RUNNER_LINE = r'"([^"\n]*/plugin/bin/skillopt-sleep-command)" --plugin-data "([^"\n]+)"'
PLUGIN_PARTS = ("skillopt_sleep", "plugin", "hooks", ".claude-plugin", "assets")


def repo_copy(target: Path) -> Path:
    """The repository as a user clones it (no build outputs, no caches)."""
    for part in PLUGIN_PARTS:
        shutil.copytree(REPO / part, target / part, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "LICENSE", "README.md"):
        shutil.copy2(REPO / name, target / name)
    return target


def pyenv_shims(folder: Path) -> Path:
    """pyenv's shims: `python3` is the global version (without the engine's dependencies), the
    version that has them is reachable only by its own name, and the others are inactive."""
    minor = f"python3.{sys.version_info.minor}"
    base = Path(getattr(sys, "_base_executable", sys.executable))
    exe(folder / "python3", f"#!/bin/sh\nexec '{base}' \"$@\"\n")
    for name in ("python3.14", "python3.13", "python3.12", "python3.11", "python3.10"):
        if name != minor:
            inactive_shim(folder / name)
    exe(folder / minor, f"#!/bin/sh\nexec '{sys.executable}' \"$@\"\n")
    return folder


def project_config(night_url: str) -> str:
    """What a user writes in .skillopt-sleep.yaml: the skill, and cheap models for the night."""
    return (
        "skill: .claude/skills/brief-writer/SKILL.md\n"
        f"student: {{backend: openai, model: student-mini, base_url: '{night_url}'}}\n"
        f"teacher: {{backend: openai, model: teacher-mini, base_url: '{night_url}'}}\n"
        "capture: {include_headless: true}\n"  # these sessions are headless `claude -p` runs
        "night: {val_fraction: 0.5, seed: 3}\n"
        "rules: {min_tasks: 1}\n"
    )


def runs_the_command(request):
    """The agent's model: runs the command's Bash line as written, then reports its output."""
    if request.tool_results:
        return text("The engine printed:\n" + request.tool_results[-1][:6000])
    found = re.search(RUNNER_LINE + r"[^\n`]*", request.text)
    if not found:
        return text("no skillopt-sleep command reached me")
    return tool_use("Bash", {"command": found.group(0).strip(), "description": "run skillopt-sleep", "timeout": 600000})


def test_a_plugin_only_user_gets_from_sessions_to_an_adopted_and_reverted_proposal(tmp_path):
    claude = cli_or_skip()
    user = tmp_path / "user"
    sk_home = tmp_path / "sk"
    project = tmp_path / "proj"
    skill = project / ".claude" / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_bytes(SKILL.encode())
    original = skill.read_bytes()
    marketplace = repo_copy(tmp_path / "clone")
    shims = pyenv_shims(tmp_path / "pyenv" / "shims")

    with FakeAnthropic() as agent_model, FakeOpenAI() as night_server:
        night_server.respond_with(night_models)
        (project / ".skillopt-sleep.yaml").write_text(project_config(night_server.base_url))
        env = claude_env(agent_model, user)
        env = {k: v for k, v in env.items() if not k.startswith("SKILLOPT_SLEEP_")}
        env.update({"SKILLOPT_SLEEP_HOME": str(sk_home), "CLAUDE_CONFIG_DIR": str(user / ".claude"),
                    "OPENAI_API_KEY": "sk-test", "PATH": f"{shims}{os.pathsep}/usr/bin:/bin"})

        def cli(*argv: str) -> str:
            result = subprocess.run([str(claude), *argv], env=env, cwd=tmp_path, capture_output=True, text=True,
                                    timeout=120)
            assert result.returncode == 0, result.stdout + result.stderr
            return result.stdout + result.stderr

        def session(prompt: str) -> list[dict]:
            """One headless session; its events (stream-json), ending with the result."""
            result = subprocess.run([str(claude), "-p", prompt, "--output-format", "stream-json", "--verbose",
                                     "--model", "claude-haiku-4-5"],
                                    env=env, cwd=project, capture_output=True, text=True, timeout=300)
            assert result.returncode == 0, result.stdout + result.stderr
            return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]

        def slash(action: str) -> tuple[list[dict], str]:
            """Type `/skillopt-sleep ACTION`; the session's events and the engine's output as the
            Bash tool returned it. The runner must run without a permission prompt."""
            before = len(agent_model.requests)
            events = session(f"/skillopt-sleep {action}")
            asked = agent_model.requests[before].text
            assert re.search(RUNNER_LINE + " " + re.escape(action), asked), asked[-3000:]
            assert events[-1]["type"] == "result" and events[-1]["permission_denials"] == [], events[-1]
            outputs = [r.tool_results[-1] for r in agent_model.requests[before:] if r.tool_results]
            assert outputs, events[-1]
            return events, outputs[-1]

        # Install as the README says: the marketplace, then the plugin.
        cli("plugin", "marketplace", "add", str(marketplace))
        cli("plugin", "install", "skillopt-sleep@skillopt-sleep")
        installed = [p.parent.parent for p in (user / ".claude" / "plugins").rglob("plugin/bin/skillopt-sleep-command")]
        assert installed, list((user / ".claude").rglob("*"))[:50]

        # 1. Real sessions end; the plugin's hooks record them (with the shims' python3).
        agent_model.respond_with(lambda request: text("Here is a brief. We should go ahead."))
        running = [subprocess.Popen([str(claude), "-p", prompt, "--output-format", "json", "--model", "claude-haiku-4-5"],
                                    env=env, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                   for prompt in PROMPTS]
        for finished in running:
            out, err = finished.communicate(timeout=300)
            assert finished.returncode == 0, out + err
        spool = sk_home / "data" / "capture-spool.jsonl"
        deadline = time.monotonic() + 30
        while (not spool.is_file() or len(spool.read_text().splitlines()) < len(PROMPTS)) and time.monotonic() < deadline:
            time.sleep(0.2)

        # 2. ingest and mine, by their short names.
        agent_model.respond_with(runs_the_command)
        _, ingested = slash("ingest")
        assert f"transcripts read: {len(PROMPTS)} ({len(PROMPTS)} new" in ingested, ingested
        assert "unchanged: 0" in ingested, ingested
        _, mined = slash("mine")
        assert "real tasks" in mined, mined

        # 3. run: a night with the project's config stages a proposal.
        _, night = slash("run")
        match = re.search(r"proposal (\S+) staged", night)
        assert match, night
        proposal = match.group(1)
        assert "`/skillopt-sleep review`" in night and "`skillopt-sleep review`" not in night.replace("/skillopt-sleep", "")
        assert skill.read_bytes() == original

        # 4. The next session hears about it: the model as context, the user as a message.
        before = len(agent_model.requests)
        events, reviewed = slash("review")
        notice = re.search(r"skillopt-sleep: 1 proposal pending for skill brief-writer: held-out (\d\.\d\d) → (\d\.\d\d); "
                           r"/skillopt-sleep review", agent_model.requests[before].text)
        assert notice, agent_model.requests[before].text[-3000:]
        assert float(notice.group(2)) > float(notice.group(1))
        [started] = [json.loads(e["stdout"]) for e in events if e.get("subtype") == "hook_response"
                     and e.get("hook_event") == "SessionStart" and e.get("stdout", "").strip()]
        assert started["systemMessage"] == started["hookSpecificOutput"]["additionalContext"] == notice.group(0)

        # 5. review, adopt, revert.
        assert proposal in reviewed and "Key Risks" in reviewed and "Arithmetic:" in reviewed
        _, adopted = slash(f"adopt {proposal}")
        assert skill.read_bytes() != original and b"Key Risks" in skill.read_bytes(), adopted
        _, reverted = slash("revert")
        assert skill.read_bytes() == original, reverted

        # The plugin folder the agent installed is as it was copied: no build outputs in it.
        for root in installed:
            assert not (root / "build").exists() and not list(root.glob("*.egg-info"))
