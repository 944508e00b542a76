"""The user's own agent as a student: the real `claude` CLI, headless, inside the bubblewrap
sandbox (no network), reaching only the loopback fake model server through the egress socket."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillopt_sleep.students.claude import HeadlessClaude
from skillopt_sleep.students.base import EpisodeSample, Texts
from skillopt_sleep.students.headless import run_headless_episode
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.markers import REPLAY_MARKER
from skillopt_sleep.sandbox import SandboxUnavailable, Workspace, find_sandbox
from skillopt_sleep.store import Store
from skillopt_sleep.students.keys import PLACEHOLDER
from tests.agent_kit import BUGGY, CHECK, ENV_DUMP, FIXED, REFUSED, make_repo, relay_probe, repo_task
from tests.fakes import FakeAnthropic, claude_cli_path, text, tool_use

SKILL = "---\nname: house-rules\ndescription: House rules of this repository; use for any change.\n---\nRun the tests.\n"


@pytest.fixture(scope="module")
def sandbox():
    try:
        found = find_sandbox()
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox here: {exc}")
    if not hasattr(found, "toolchain"):
        pytest.skip(f"headless agents need bubblewrap, not {found.name}")
    return found


@pytest.fixture
def spec(tmp_path):
    return make_repo(tmp_path / "calc")


def agent(fake: FakeAnthropic) -> HeadlessClaude:
    return HeadlessClaude(cli=claude_cli_path(), model="claude-haiku-4-5", base_url=fake.url,
                          api_env={"ANTHROPIC_API_KEY": "sk-ant-dummy"})


def fix_script(fake: FakeAnthropic, inside: str) -> None:
    fake.push(tool_use("Read", {"file_path": f"{inside}/calc.py"}),
              tool_use("Edit", {"file_path": f"{inside}/calc.py", "old_string": "a - b", "new_string": "a + b"}),
              tool_use("Bash", {"command": CHECK, "description": "run the tests"}),
              text("Fixed add; the tests pass."))


def test_claude_fixes_the_bug_in_the_sandbox_with_the_skill_in_place(store, spec, sandbox):
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fix_script(fake, sandbox.inside_path(ws))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), agent(fake), CallRecorder(store, None), ws, sandbox)
        requests = fake.model_requests()
        assert (ws.path / "calc.py").read_text() == FIXED
        assert not (ws.path / ".claude").exists()  # the placed skill is gone again
    assert episode.finished and episode.error == "" and episode.final_message == "Fixed add; the tests pass."
    assert [s.name for s in episode.steps if s.kind == "tool"] == ["read", "edit", "run"]
    assert [s.arguments["path"] for s in episode.steps if s.name in ("read", "edit")] == ["calc.py", "calc.py"]
    assert episode.commands()[0].exit_code == 0 and "OK" in episode.commands()[0].output
    assert episode.changed_files == ["calc.py"] and "+    return a + b" in episode.diff
    # The real skill mechanism: Claude Code listed the project's skill to the model.
    assert "House rules of this repository" in requests[0].text and REPLAY_MARKER in requests[0].text
    assert Path(spec.root, "calc.py").read_text() == BUGGY


def test_inside_the_sandbox_the_model_server_is_out_of_reach_except_through_the_egress(store, spec, sandbox):
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        probe = f"python3 -c \"import socket; socket.create_connection(('127.0.0.1', {fake.port}), timeout=3)\""
        fake.push(tool_use("Bash", {"command": probe, "description": "reach out"}), text("could not"))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), agent(fake), CallRecorder(store, None), ws, sandbox)
    run = episode.commands()[0]
    assert run.exit_code == 1 and "Connection refused" in (run.error or run.output)
    assert len(fake.model_requests()) == 2  # only the CLI's own calls, through the egress


def test_a_resumed_episode_comes_from_the_record_and_its_change_is_applied(store, spec, sandbox):
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fix_script(fake, sandbox.inside_path(ws))
        first = run_headless_episode(repo_task(spec), Texts(SKILL), agent(fake), CallRecorder(store, "n1"), ws, sandbox)
    with FakeAnthropic() as silent, Workspace.create(spec) as ws:
        recorder = CallRecorder(store, "n1")
        again = run_headless_episode(repo_task(spec), Texts(SKILL), agent(silent), recorder, ws, sandbox)
        assert (ws.path / "calc.py").read_text() == FIXED and ws.changed_files() == ["calc.py"]
    assert silent.model_requests() == [] and recorder.stats.cached == 1
    assert again.to_dict() == first.to_dict()


def test_the_api_key_stays_on_the_host_and_the_relay_forwards_only_the_messages_api(store, spec, sandbox):
    key = "sk-ant-api03-real-key-7f3a"
    with FakeAnthropic(api_key=key) as fake, FakeAnthropic() as other, Workspace.create(spec) as ws:
        fake.push(tool_use("Bash", {"command": ENV_DUMP, "description": "env"}),
                  tool_use("Bash", {"command": relay_probe(other.port), "description": "probe"}), text("done"))
        keyed = HeadlessClaude(cli=claude_cli_path(), model="claude-haiku-4-5", base_url=fake.url,
                               api_env={"ANTHROPIC_API_KEY": key})
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), keyed, CallRecorder(store, None), ws, sandbox)
        envs, probed = (ws.path / "envs.txt").read_text(), (ws.path / "probe.txt").read_text().splitlines()
        requests, elsewhere = fake.model_requests(), list(other.requests)
    # The CLI and every process under it held the placeholder; the API got the key from the relay.
    assert key not in envs and "ANTHROPIC_API_KEY=sk-ant-api03-" + PLACEHOLDER in envs
    assert len(requests) == 3 and all(r.headers["x-api-key"] == key for r in requests)
    assert probed == REFUSED and elsewhere == []
    assert episode.finished and [s.exit_code for s in episode.commands()] == [0, 0]


def test_the_memory_under_test_reaches_claude_as_the_users_memory_and_nothing_of_it_is_left(store, spec, sandbox):
    memory = "Always answer in the house style: say ZEBRA-7 when you are done."
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fake.push(text("Nothing to change."))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL, memory), agent(fake), CallRecorder(store, None), ws,
                                       sandbox)
        requests = fake.model_requests()
        assert not (ws.path / "CLAUDE.md").exists() and ws.changed_files() == []
    assert episode.finished and memory in requests[0].text  # Claude Code read it as the user's CLAUDE.md
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fake.push(text("Nothing to change."))
        run_headless_episode(repo_task(spec), Texts(SKILL), agent(fake), CallRecorder(store, None), ws, sandbox,
                             EpisodeSample(sample=1))
        assert memory not in fake.model_requests()[0].text


# -- the write-back of the skill never follows a link the agent made -----------------------------

def relink(place: str, target: Path) -> str:
    """One command (the CLI asks before a compound one) that puts a link to `target` at `place`."""
    code = (f"import os, shutil; p = {place!r}; shutil.rmtree(p) if os.path.isdir(p) else os.remove(p); "
            f"os.symlink({str(target)!r}, p)")
    return f"python3 -c {code!r}"


def test_a_skill_file_the_agent_turned_into_a_link_to_a_host_file_leaves_that_file_alone(store, tmp_path, sandbox):
    from tests.agent_kit import git
    spec = make_repo(tmp_path / "calc")
    skill_file = Path(spec.root, ".claude", "skills", "house-rules", "SKILL.md")
    skill_file.parent.mkdir(parents=True)
    skill_file.write_text("the user's own version of the skill\n")
    git(Path(spec.root), "add", "-A")
    git(Path(spec.root), "commit", "-q", "-m", "the skill")
    spec.commit = git(Path(spec.root), "rev-parse", "HEAD")
    host_file = tmp_path / "host" / ".bashrc"  # out of the sandbox's sight: only its path is known
    host_file.parent.mkdir()
    host_file.write_text("export PS1='mine'\n")
    swap = relink(".claude/skills/house-rules/SKILL.md", host_file)
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fake.push(tool_use("Bash", {"command": swap, "description": "swap"}), text("done"))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), agent(fake), CallRecorder(store, None), ws,
                                       sandbox)
        placed = ws.path / ".claude" / "skills" / "house-rules" / "SKILL.md"
        restored = None if placed.is_symlink() else placed.read_text()
    assert host_file.read_text() == "export PS1='mine'\n"
    assert episode.commands()[0].exit_code == 0
    assert restored == "the user's own version of the skill\n"  # the link is gone, the file is back


def test_a_skill_folder_the_agent_turned_into_a_link_to_a_host_folder_loses_nothing_there(store, spec, tmp_path, sandbox):
    host = tmp_path / "host" / "skills"  # a host folder that holds a SKILL.md of its own
    host.mkdir(parents=True)
    (host / "SKILL.md").write_text("a skill of the user's, elsewhere\n")
    swap = relink(".claude/skills/house-rules", host)
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fake.push(tool_use("Bash", {"command": swap, "description": "swap"}), text("done"))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), agent(fake), CallRecorder(store, None), ws,
                                       sandbox)
    assert episode.commands()[0].exit_code == 0
    assert (host / "SKILL.md").read_text() == "a skill of the user's, elsewhere\n"


def test_a_command_the_cli_refuses_is_a_failed_step_not_a_crash_of_the_night(store, spec, sandbox):
    # Claude Code asks before a compound command that changes its own .claude folder, and headless
    # it refuses; it reports that with an event whose "message" is a string, not a message object.
    refused = "rm -r .claude/skills/house-rules && ln -s /nonexistent .claude/skills/house-rules"
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fake.push(tool_use("Bash", {"command": refused, "description": "swap"}), text("could not"))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), agent(fake), CallRecorder(store, None), ws,
                                       sandbox)
        assert ws.changed_files() == []
    [run] = episode.commands()
    assert run.arguments["command"] == refused and run.error and episode.final_message == "could not"
