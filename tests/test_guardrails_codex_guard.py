"""The finish guard in Codex: the same fixed script, run as the Stop hook adoption writes into the
project's `.codex/hooks.json`, reads Codex's rollout and holds a finish where the check has not run
since the last edit, in the words it gives Claude Code. The real `codex exec` against the loopback
fake model shows it held and then let go; its reader is held to a rollout the real codex wrote.

    python -m tests.test_guardrails_codex_guard   (rewrites the fixture with the real codex)"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.guardrails import finish_guard
from skillopt_sleep.guardrails.forms import FINISH_CHECK, Guardrail
from skillopt_sleep.guardrails.install import CODEX_HOOKS, codex_guard_command, planned_files
from skillopt_sleep.guardrails.replay import CODEX, Enforcement
from tests.agent_clis import missing
from tests.fakes import FakeOpenAI, codex_cli_path, codex_env, text, tool_use
from tests.fakes.conversation import last_user_text

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "guard" / "codex-held-rollout.jsonl"
CHECK = "make check"
CALC = "def add(a, b):\n    return a - b\n"
MAKEFILE = "check:\n\tpython3 -c 'import calc; assert calc.add(2, 3) == 5'\n"


def patch(path: str, old: str, new: str) -> str:
    return (f"apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: {path}\n@@\n-{old}\n+{new}\n"
            "*** End Patch\nEOF\n")


# What the fake model does: a patch that fails (no such file), the check before any edit, the fix,
# a first finish (held), the check, and a second finish (let go).
SCRIPT = [tool_use("exec_command", {"cmd": patch("missing.py", "x", "y")}), tool_use("exec_command", {"cmd": CHECK}),
          tool_use("exec_command", {"cmd": patch("calc.py", "    return a - b", "    return a + b")}),
          text("Fixed add."), tool_use("exec_command", {"cmd": CHECK}), text("Fixed add; make check passes.")]


def adopted_project(root: Path) -> Path:
    """A repository with the Codex finish guard written as adoption writes it."""
    project = root / "calc"
    project.mkdir(parents=True)
    (project / "calc.py").write_text(CALC)
    (project / "Makefile").write_text(MAKEFILE)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    for planned in planned_files(project, [Guardrail(FINISH_CHECK, CHECK)], {CODEX}):
        planned.live_path.parent.mkdir(parents=True, exist_ok=True)
        planned.live_path.write_text(planned.proposed_text)
    return project


def codex_home_env(fake: FakeOpenAI, root: Path, project: Path) -> dict[str, str]:
    # The project trusted as `codex exec --trust` or the folder prompt records it.
    return codex_env(fake, root / "home", extra_toml=f'[projects."{project}"]\ntrust_level = "trusted"\n')


def trust_hooks(codex: Path, env: dict[str, str], project: Path) -> list[dict]:
    """Trust the project's hooks as the review in Codex's `/hooks` does, through the app-server
    requests its own UI makes (`hooks/list`, then `config/batchWrite` of the hash it lists): the
    trust lands in config.toml under `hooks.state`. The hooks as listed afterwards."""
    server = subprocess.Popen([str(codex), "app-server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=env, cwd=project)

    def ask(number: int, method: str, params: dict) -> dict:
        server.stdin.write(json.dumps({"id": number, "method": method, "params": params}) + "\n")
        server.stdin.flush()
        while (line := server.stdout.readline()):
            if (answer := json.loads(line)).get("id") == number:
                assert "error" not in answer, answer
                return answer["result"]
        raise AssertionError("codex app-server closed")

    try:
        ask(1, "initialize", {"clientInfo": {"name": "skillopt-sleep-tests", "version": "1"}})
        [listed] = ask(2, "hooks/list", {"cwds": [str(project)]})["data"]
        state = {h["key"]: {"trusted_hash": h["currentHash"]} for h in listed["hooks"]}
        ask(3, "config/batchWrite", {"edits": [{"keyPath": "hooks.state", "value": state, "mergeStrategy": "upsert"}]})
        return ask(4, "hooks/list", {"cwds": [str(project)]})["data"][0]["hooks"]
    finally:
        server.kill()
        server.wait(timeout=30)


def run_codex(codex: Path, env: dict[str, str], project: Path, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(codex), "exec", *flags, "--json", "--skip-git-repo-check", "--sandbox", "danger-full-access",
                           "-C", str(project), "-m", "gpt-5.5", "-"], input="fix add", env=env, capture_output=True,
                          text=True, timeout=300)


def rollout_of(root: Path) -> Path:
    [found] = (root / "home" / ".codex" / "sessions").rglob("rollout-*.jsonl")
    return found


@pytest.fixture
def codex():
    found = codex_cli_path()
    if found is None:
        pytest.skip(missing("codex"))
    return found


def test_codex_exec_is_held_by_the_guard_until_the_check_runs_after_the_last_edit(tmp_path, codex):
    project = adopted_project(tmp_path)
    hooks = json.loads((project / CODEX_HOOKS).read_text())
    assert hooks == {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": codex_guard_command(), "timeout": 10}]}]}}
    with FakeOpenAI() as fake:
        env = codex_home_env(fake, tmp_path, project)
        [hook] = trust_hooks(codex, env, project)
        assert (hook["eventName"], hook["source"], hook["trustStatus"]) == ("stop", "project", "trusted")
        fake.push(*SCRIPT)
        done = run_codex(codex, env, project)  # the user's plain `codex exec`, the hook trusted as they trust it
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    assert (project / "calc.py").read_text() == CALC.replace("a - b", "a + b")
    assert len(requests) == len(SCRIPT)  # one more request than the model's turns: the hold sent it back
    held = last_user_text(requests[4])
    assert finish_guard.message([CHECK]) in held and "hook_prompt" in held
    # The replay loop's emulation of Codex holds in the same words.
    assert Enforcement([Guardrail(FINISH_CHECK, CHECK)], CODEX).finish_hold([("edit", "calc.py")]) in held
    finished = [json.loads(line) for line in done.stdout.splitlines() if '"agent_message"' in line]
    assert [e["item"]["text"] for e in finished] == ["Fixed add.", "Fixed add; make check passes."]
    lines = rollout_of(tmp_path).read_text().splitlines()
    assert finish_guard.rollout_actions(lines)[-2:] == [("edit", str(project / "calc.py")), ("run", CHECK)]


def test_codex_exec_finishes_unheld_where_the_check_ran_after_the_last_edit(tmp_path, codex):
    """The first stop, not a repeated one (`stop_hook_active`), is let through: the guard read the
    check after the edit in the rollout."""
    project = adopted_project(tmp_path)
    with FakeOpenAI() as fake:
        env = codex_home_env(fake, tmp_path, project)
        trust_hooks(codex, env, project)
        fake.push(SCRIPT[2], SCRIPT[1], text("Fixed add; make check passes."))
        done = run_codex(codex, env, project)
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    assert len(requests) == 3 and not any("hook_prompt" in json.dumps(r.json) for r in requests)


def test_an_unreviewed_hook_in_a_trusted_project_does_not_run(tmp_path, codex):
    """What stands between adoption and a held finish: Codex skips a hook nobody has trusted."""
    project = adopted_project(tmp_path)
    with FakeOpenAI() as fake:
        fake.push(*SCRIPT[:4])
        done = run_codex(codex, codex_home_env(fake, tmp_path, project), project)
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    assert len(requests) == 4 and (project / "calc.py").read_text() != CALC  # edited, and finished unchecked


def test_the_rollout_reader_reads_a_rollout_the_real_codex_wrote():
    """The fixture is the rollout of the held session above: the patch that did not apply is no edit,
    the check before the edit does not count, the one after it does."""
    lines = FIXTURE.read_text().splitlines()
    actions = finish_guard.rollout_actions(lines)
    assert [kind for kind, _ in actions] == ["run", "edit", "run"]
    assert actions[0] == ("run", CHECK) and actions[1][1].endswith("/calc.py") and actions[2] == ("run", CHECK)
    held_at = next(i for i, line in enumerate(lines) if '"HookPrompt"' in line)
    assert finish_guard.unmet(finish_guard.rollout_actions(lines[:held_at]), [CHECK]) == [CHECK]
    assert finish_guard.unmet(actions, [CHECK]) == []
    assert finish_guard.transcript_actions(lines) == []  # no Claude Code record in it


def test_the_guard_run_for_codex_reads_codex_data_and_its_rollout(tmp_path):
    project = tmp_path / "p"
    (project / ".git").mkdir(parents=True)
    rollout = tmp_path / "rollout.jsonl"
    held_at = next(i for i, line in enumerate(FIXTURE.read_text().splitlines()) if '"HookPrompt"' in line)
    rollout.write_text("\n".join(FIXTURE.read_text().splitlines()[:held_at]) + "\n")
    payload = json.dumps({"cwd": str(project), "transcript_path": str(rollout), "stop_hook_active": False})

    def guard(*argv: str) -> tuple[int, str]:
        said = io.StringIO()
        return finish_guard.main(list(argv), io.StringIO(payload), said), said.getvalue()

    (project / finish_guard.DATA).parent.mkdir(parents=True)
    (project / finish_guard.DATA).write_text(json.dumps({"checks": [CHECK]}))
    assert guard("--agent", "codex") == (0, "")  # Claude Code's data does not hold Codex
    (project / ".codex").mkdir()
    (project / finish_guard.CODEX_DATA).write_text(json.dumps({"checks": [CHECK]}))
    assert guard("--agent", "codex") == (2, finish_guard.message([CHECK]) + "\n")
    assert guard() == (0, "")  # read as Claude Code's transcript, it holds no edit
    rollout.write_text(FIXTURE.read_text())
    assert guard("--agent", "codex") == (0, "")


def test_the_hook_passes_where_the_engine_it_names_is_gone(tmp_path):
    command = codex_guard_command(tmp_path / "gone" / "finish_guard.py")
    done = subprocess.run(["sh", "-c", command], input="{}", capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stderr == ""


def write_fixture() -> None:
    """Run the held session with the real codex and keep its rollout, vendor prompts blanked."""
    import tempfile

    from tests.fixtures.scrub import blank_long_strings

    codex = codex_cli_path()
    if codex is None:
        raise SystemExit(missing("codex"))
    with tempfile.TemporaryDirectory() as folder, FakeOpenAI() as fake:
        root = Path(folder)
        project = adopted_project(root)
        fake.push(*SCRIPT)
        done = run_codex(codex, codex_home_env(fake, root, project), project, "--dangerously-bypass-hook-trust")
        if done.returncode != 0:
            raise SystemExit(done.stderr)
        records = [blank_long_strings(json.loads(line)) for line in rollout_of(root).read_text().splitlines()]
        text_out = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).replace(folder, "/tmp/skillopt-fixture")
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(text_out)
    print(f"wrote {FIXTURE}")


if __name__ == "__main__":
    sys.exit(write_fixture())
