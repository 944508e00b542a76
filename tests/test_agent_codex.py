"""The user's own agent as a student: the real `codex exec`, headless, inside the bubblewrap
sandbox (no network), reaching only the loopback fake Responses server through the egress."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillopt_sleep.students.codex import HeadlessCodex
from skillopt_sleep.students.base import Texts
from skillopt_sleep.students.headless import run_headless_episode
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.markers import REPLAY_MARKER
from skillopt_sleep.sandbox import Workspace
from tests.agent_clis import missing
from skillopt_sleep.students.keys import PLACEHOLDER
from tests.agent_kit import BUGGY, CHECK, ENV_DUMP, FIXED, REFUSED, make_repo, relay_probe, repo_task
from tests.fakes import FakeOpenAI, codex_cli_path, text, tool_use

CODEX = codex_cli_path()
pytestmark = pytest.mark.skipif(CODEX is None, reason=missing("codex"))
MODEL = "gpt-5.5"  # a model codex has metadata for: it offers its shell and patch tools
SKILL = "---\nname: house-rules\ndescription: House rules of this repository; use for any change.\n---\nRun the tests.\n"
MEMORY = "MEMORY-MARKER: keep changes small."
PATCH = ("apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: calc.py\n@@\n-    return a - b\n+    return a + b\n"
         "*** End Patch\nEOF\n")


@pytest.fixture
def spec(tmp_path):
    return make_repo(tmp_path / "calc")


def agent(fake: FakeOpenAI, **options) -> HeadlessCodex:
    return HeadlessCodex(cli=CODEX, model=MODEL, base_url=fake.base_url, **options)


def fix_script(fake: FakeOpenAI) -> None:
    # codex's shell tool is exec_command; a patch given to it as `apply_patch` is applied by codex itself.
    fake.push(tool_use("exec_command", {"cmd": "cat calc.py"}), tool_use("exec_command", {"cmd": PATCH}),
              tool_use("exec_command", {"cmd": CHECK}), text("Fixed add; the tests pass."))


def episode_of(fake, spec, store, sandbox, ws, namespace=None, **options):
    return run_headless_episode(repo_task(spec), Texts(SKILL, MEMORY), agent(fake, **options), CallRecorder(store, namespace),
                                ws, sandbox)


def test_codex_fixes_the_bug_in_the_sandbox_with_the_skill_in_place(store, spec, sandbox):
    with FakeOpenAI() as fake, Workspace.create(spec) as ws:
        fix_script(fake)
        episode = episode_of(fake, spec, store, sandbox, ws)
        requests = fake.model_requests()
        assert (ws.path / "calc.py").read_text() == FIXED
        assert not (ws.path / ".agents").exists()  # the placed skill is gone again
    assert episode.finished and episode.error == "" and episode.final_message == "Fixed add; the tests pass."
    tools = [s for s in episode.steps if s.kind == "tool"]
    assert [s.name for s in tools] == ["run", "edit", "run"]
    assert tools[0].arguments == {"command": "cat calc.py"} and tools[0].exit_code == 0 and "a - b" in tools[0].output
    assert tools[1].arguments == {"path": "calc.py", "kind": "update"} and tools[1].error == ""
    assert tools[2].arguments == {"command": CHECK} and tools[2].exit_code == 0 and "OK" in tools[2].output
    assert episode.turns == 4 and len(requests) == 4
    assert episode.changed_files == ["calc.py"] and "+    return a + b" in episode.diff
    # The real skill mechanism: codex listed the repository's skill to the model; the memory is its AGENTS.md.
    first = requests[0].text
    assert "house-rules: House rules of this repository" in first and MEMORY in first and REPLAY_MARKER in first
    assert Path(spec.root, "calc.py").read_text() == BUGGY


def test_a_failing_command_keeps_its_exit_code_and_the_model_server_is_reached_only_through_the_egress(store, spec, sandbox):
    with FakeOpenAI() as fake, Workspace.create(spec) as ws:
        probe = f"python3 -c \"import socket; socket.create_connection(('127.0.0.1', {fake.port}), timeout=3)\""
        fake.push(tool_use("exec_command", {"cmd": probe}), text("could not"))
        episode = episode_of(fake, spec, store, sandbox, ws)
    (run,) = episode.commands()
    assert run.exit_code == 1 and "Connection refused" in run.output
    assert len(fake.model_requests()) == 2  # only codex's own calls, through the egress


def test_a_resumed_episode_comes_from_the_record_and_its_change_is_applied(store, spec, sandbox):
    with FakeOpenAI() as fake, Workspace.create(spec) as ws:
        fix_script(fake)
        first = episode_of(fake, spec, store, sandbox, ws, namespace="n1")
    with FakeOpenAI() as silent, Workspace.create(spec) as ws:
        recorder = CallRecorder(store, "n1")
        again = run_headless_episode(repo_task(spec), Texts(SKILL, MEMORY), agent(silent), recorder, ws, sandbox)
        assert (ws.path / "calc.py").read_text() == FIXED and ws.changed_files() == ["calc.py"]
    assert silent.model_requests() == [] and recorder.stats.cached == 1
    assert again.to_dict() == first.to_dict()


def test_the_egress_keeps_the_turn_bound_codex_lacks(store, spec, sandbox):
    with FakeOpenAI() as fake, Workspace.create(spec) as ws:
        fake.respond_with(lambda request: tool_use("exec_command", {"cmd": "ls"}))  # never finishes by itself
        episode = episode_of(fake, spec, store, sandbox, ws, max_turns=3)
    assert len(fake.model_requests()) == 3 and episode.turns == 3
    assert not episode.finished and "turn limit" in episode.error
    assert [s.name for s in episode.steps if s.kind == "tool"] == ["run", "run", "run"]


def test_a_skill_folder_codex_turned_into_a_link_to_a_host_folder_loses_nothing_there(store, spec, sandbox, tmp_path):
    host = tmp_path / "host" / "skills"  # a host folder out of the sandbox's sight, holding a SKILL.md
    host.mkdir(parents=True)
    (host / "SKILL.md").write_text("a skill of the user's, elsewhere\n")
    with FakeOpenAI() as fake, Workspace.create(spec) as ws:
        fake.push(tool_use("exec_command", {"cmd": f"rm -r .agents/skills/house-rules && ln -s {host} "
                                                   ".agents/skills/house-rules"}), text("done"))
        episode = episode_of(fake, spec, store, sandbox, ws)
        linked = (ws.path / ".agents" / "skills" / "house-rules").is_symlink()
    assert (host / "SKILL.md").read_text() == "a skill of the user's, elsewhere\n"
    assert linked and episode.commands()[0].exit_code == 0  # the agent's link stays in its copy


def test_the_api_key_stays_on_the_host_and_the_relay_forwards_only_the_responses_api(store, spec, sandbox):
    key = "sk-proj-real-key-7f3a"
    with FakeOpenAI(api_key=key) as fake, FakeOpenAI() as other, Workspace.create(spec) as ws:
        fake.push(tool_use("exec_command", {"cmd": ENV_DUMP}), tool_use("exec_command", {"cmd": relay_probe(other.port)}),
                  text("done"))
        episode = episode_of(fake, spec, store, sandbox, ws, api_env={"OPENAI_API_KEY": key})
        envs, probed = (ws.path / "envs.txt").read_text(), (ws.path / "probe.txt").read_text().splitlines()
        requests, elsewhere = fake.model_requests(), list(other.requests)
    assert key not in envs and "OPENAI_API_KEY=sk-proj-" + PLACEHOLDER in envs
    assert len(requests) == 3 and all(r.headers["authorization"] == f"Bearer {key}" for r in requests)
    assert probed == REFUSED and elsewhere == []
    assert episode.finished and [s.exit_code for s in episode.commands()] == [0, 0]
