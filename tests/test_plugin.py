"""The Claude Code plugin at the repository root: its manifests pass the real validator, its
hooks and command point only inside the tree, the runner finds (or refuses to guess) a Python,
and the SessionStart line announces a real staged proposal and nothing else."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from skillopt_sleep import __version__
from skillopt_sleep.proposals.notice import pending_line
from tests.agent_clis import claude_cli_path

REPO = Path(__file__).resolve().parent.parent
PLUGIN = REPO / "plugin"  # the Claude Code plugin's root: what the marketplace installs
RUNNER = PLUGIN / "runners" / "skillopt-sleep"
COMMAND = PLUGIN / "runners" / "skillopt-sleep-command"
CHANGE = PLUGIN / "runners" / "skillopt-sleep-change"
HOOK = PLUGIN / "runners" / "skillopt-sleep-hook"
CHANGING = ["adopt", "reject", "revert", "schedule", "unschedule"]
ACTIONS = ["status", "run", "dry-run", "review", "ingest", "mine", "harvest", "tasks", "skills", "model", "rules",
           "config", *CHANGING]
SLASH_SKILL = PLUGIN / "skills" / "skillopt-sleep" / "SKILL.md"
SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"


def claude_cli() -> Path:
    return claude_cli_path()


def frontmatter(path: Path) -> tuple[dict, str]:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    assert match, f"{path} has no YAML frontmatter"
    return yaml.safe_load(match.group(1)), match.group(2)


def plugin_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKILLOPT_SLEEP_", "CLAUDE_"))}
    env.update({"SKILLOPT_SLEEP_HOME": str(tmp_path / "home"), "HOME": str(tmp_path / "user")})
    env.update(extra)
    return env


def exe(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


# -- manifests --------------------------------------------------------------------------------


def test_claude_plugin_validate_strict_passes_with_no_warning():
    cli = claude_cli()
    if not cli.is_file():
        pytest.skip(f"claude-agent-sdk has no bundled claude CLI at {cli}")
    result = subprocess.run([str(cli), "plugin", "validate", "--strict", "--json", str(PLUGIN)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["manifest"]["errors"] == [] and report["manifest"]["warnings"] == []
    assert report["directory"]["findings"] == []  # e.g. a missing icon is reported here
    provides = report["provides"]
    assert [h["event"] for h in provides["hooks"]] == ["Stop", "Stop", "SessionEnd", "SessionStart", "SessionStart",
                                                       "UserPromptSubmit", "PreToolUse"]
    # One name per surface: the slash-invocable skill, and no command that clashes with it.
    assert provides["skills"] == ["skillopt-sleep:skillopt-sleep"] and not provides.get("commands")
    market = subprocess.run([str(cli), "plugin", "validate", "--strict", str(REPO)], capture_output=True, text=True,
                            timeout=120)
    assert market.returncode == 0 and "Validation passed" in market.stdout, market.stdout + market.stderr


def test_the_icons_the_manifests_name_are_square_pngs_of_a_listing_size():
    claude = json.loads((PLUGIN / ".claude-plugin" / "plugin.json").read_text())["icon"]
    codex = json.loads((REPO / "plugin" / "codex" / ".codex-plugin" / "plugin.json").read_text())["interface"]
    assert codex["composerIcon"] == codex["logo"] == claude  # the Codex bundle copies assets/ in
    data = (PLUGIN / claude).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width == height and 512 <= width <= 2048
    assert len(data) < 2 * 1024 * 1024


def test_manifests_agree_and_match_the_package_version():
    plugin = json.loads((PLUGIN / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    codex = json.loads((REPO / "plugin" / "codex" / ".codex-plugin" / "plugin.json").read_text())
    entry = market["plugins"][0]
    assert plugin["name"] == entry["name"] == codex["name"] == "skillopt-sleep"
    assert plugin["version"] == entry["version"] == codex["version"] == __version__
    assert entry["source"] == "./plugin"  # the plugin folder alone, not the tests and experiments


def hook_commands(path: Path) -> list[tuple[str, str]]:
    hooks = json.loads(path.read_text())["hooks"]
    return [(event, h["command"]) for event, groups in hooks.items() for group in groups for h in group["hooks"]]


def test_hooks_record_on_stop_and_session_end_without_blocking_and_announce_on_start():
    listed = hook_commands(PLUGIN / "hooks" / "hooks.json")
    commands = dict(listed)
    capture = '"${CLAUDE_PLUGIN_ROOT}/runners/skillopt-sleep-hook" --plugin-data "${CLAUDE_PLUGIN_DATA}" --agent claude-code'
    guard = '"${CLAUDE_PLUGIN_ROOT}/runners/skillopt-sleep-guard" --plugin-data "${CLAUDE_PLUGIN_DATA}"'
    assert [command for event, command in listed if event == "Stop"] == [capture, guard]
    assert commands["SessionEnd"] == capture
    starts = [command for event, command in listed if event == "SessionStart"]
    assert "session-start" in starts[0] and "--no-install" in starts[0]
    assert starts[1] == capture  # the repository the session starts in is recorded too
    groups = json.loads((PLUGIN / "hooks" / "hooks.json").read_text())["hooks"]
    for event in ("Stop", "SessionEnd"):  # recording never blocks; the finish guard must, to hold a finish
        assert all(h.get("async") is True for g in groups[event] for h in g["hooks"] if h["command"] != guard)
    assert groups["SessionStart"][0]["hooks"][1]["async"] is True
    # The user's typed command is kept before the agent acts on it: not async.
    assert commands["UserPromptSubmit"] == '"${CLAUDE_PLUGIN_ROOT}/runners/skillopt-sleep-asked" --plugin-data "${CLAUDE_PLUGIN_DATA}"'
    assert "async" not in groups["UserPromptSubmit"][0]["hooks"][0]
    # Auto mode's allow for the typed read action answers before the command runs, for the skill's runner alone.
    [allow] = groups["PreToolUse"]
    assert allow["matcher"] == "Bash" and allow["hooks"][0]["if"] == "Bash(*skillopt-sleep-command*)"
    assert commands["PreToolUse"] == '"${CLAUDE_PLUGIN_ROOT}/runners/skillopt-sleep-allow" --plugin-data "${CLAUDE_PLUGIN_DATA}"'
    assert "async" not in allow["hooks"][0]


@pytest.mark.parametrize("hooks_file,root_var", [
    (PLUGIN / "hooks" / "hooks.json", "CLAUDE_PLUGIN_ROOT"),
    (REPO / "plugin" / "codex" / "hooks" / "hooks.json", "PLUGIN_ROOT"),
])
def test_every_path_a_hook_runs_lies_inside_the_plugin_tree(hooks_file, root_var):
    # The Codex bundle puts runners/ and skillopt_sleep/ at its root; map them back to the plugin folder.
    codex_layout = {"runners/skillopt-sleep-codex": "codex/runners/skillopt-sleep-codex"}
    for event, command in hook_commands(hooks_file):
        paths = re.findall(r'"\$\{' + root_var + r'\}/([^"]+)"', command)
        assert paths, f"{event} hook does not run a file of the plugin: {command}"
        for relative in paths:
            target = PLUGIN / codex_layout.get(relative, relative)
            assert target.is_file(), f"{event} hook runs {relative}, which is not in the tree"
            if not relative.endswith(".py"):
                assert os.access(target, os.X_OK), f"{relative} is not executable"


def test_plugin_files_name_no_path_outside_the_plugin():
    files = [REPO / ".claude-plugin" / "marketplace.json", *(p for p in PLUGIN.rglob("*") if not p.is_symlink())]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".png":
            text = path.read_text(encoding="utf-8")
            for absolute in re.findall(r"(?<![\w.$}])(/(?:home|root|work|tmp|Users|usr/local|opt)/[\w./-]+)", text):
                pytest.fail(f"{path.relative_to(REPO)} names a path outside the plugin: {absolute}")


# -- the /skillopt-sleep command and the skill ---------------------------------------------------


def test_the_slash_command_runs_the_engine_and_forbids_editing_skills_by_hand():
    # A plugin skill named after the plugin is what `/skillopt-sleep ACTION` reaches by its short
    # name (a plugin command answers only to `/skillopt-sleep:skillopt-sleep`), so it is the command.
    meta, body = frontmatter(SLASH_SKILL)
    assert meta["description"] and meta["argument-hint"]
    for action in ACTIONS:
        assert action in meta["argument-hint"]
    assert '"${CLAUDE_PLUGIN_ROOT}/runners/skillopt-sleep-command" --plugin-data "${CLAUDE_PLUGIN_DATA}" $ARGUMENTS' in body
    assert '"${CLAUDE_PLUGIN_ROOT}/runners/skillopt-sleep-change" --plugin-data "${CLAUDE_PLUGIN_DATA}" $ARGUMENTS' in body
    assert "Never edit SKILL.md" in body and "report" in body.lower()


def test_the_plugin_has_one_skillopt_sleep_entry_and_the_runner_knows_every_action():
    assert not (PLUGIN / "commands").exists() and "commands" not in json.loads((PLUGIN / ".claude-plugin" / "plugin.json").read_text())
    assert [p.parent.name for p in (PLUGIN / "skills").glob("*/SKILL.md")] == ["skillopt-sleep"]
    from skillopt_sleep.cli.surface import SLASH_ACTIONS

    def listed(script: Path, name: str) -> list[str]:
        return re.search(rf'^{name}="([^"]+)"', script.read_text(), re.M).group(1).split()

    assert listed(COMMAND, "CHANGING") == listed(CHANGE, "CHANGING") == CHANGING
    assert sorted(listed(COMMAND, "ACTIONS") + CHANGING) == sorted(SLASH_ACTIONS) == sorted(ACTIONS)


@pytest.mark.parametrize("skill_file", [
    SLASH_SKILL,
    REPO / "plugin" / "codex" / "skills" / "skillopt-sleep" / "SKILL.md",
])
def test_agent_skills_follow_the_skill_format(skill_file):
    meta, body = frontmatter(skill_file)
    assert meta["name"] == skill_file.parent.name
    assert re.fullmatch(r"[a-z0-9-]{1,64}", meta["name"])
    assert 0 < len(meta["description"]) <= 1024
    assert "Never edit" in body
    for action in ACTIONS:
        assert f"`{action}`" in body


# -- the runner -------------------------------------------------------------------------------------


def run(argv: list[str], env: dict[str, str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120, **kw)


def test_runner_uses_the_interpreter_override(tmp_path):
    result = run([str(RUNNER), "--version"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"skillopt-sleep {__version__}"


def test_runner_rejects_a_bad_override_clearly(tmp_path):
    result = run([str(RUNNER), "status"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=str(tmp_path / "no-python")))
    assert result.returncode == 2
    assert "SKILLOPT_SLEEP_PYTHON=" in result.stderr and "not an executable" in result.stderr
    old = exe(tmp_path / "old-python", old_python())
    result = run([str(RUNNER), "status"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=str(old)))
    assert result.returncode == 2 and "not Python 3.10 or newer" in result.stderr


def bare_path(tmp_path: Path, *pythons: str) -> str:
    """A PATH with the basic tools and only the given fake interpreters."""
    bin_dir = tmp_path / "bare-bin"
    bin_dir.mkdir(exist_ok=True)
    for tool in ("dirname", "uname", "cat", "cksum", "tr", "mkdir", "rmdir", "sleep", "rm", "sh"):
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    for name in pythons:
        exe(bin_dir / name, old_python())
    return str(bin_dir)


def old_python() -> str:
    """A stand-in for Python 3.8: runs the `-c` program it is given with sys.version_info 3.8."""
    return ("#!/bin/sh\n[ \"$1\" = -c ] || exit 2\ncode=$2\nshift 2\n"
            f"exec {sys.executable} -c 'import sys; code = sys.argv.pop(1); sys.version_info = (3, 8, 18, \"final\", 0); "
            "exec(compile(code, \"<string>\", \"exec\"))' \"$code\" \"$@\"\n")


def test_runner_without_any_modern_python_says_so(tmp_path):
    env = plugin_env(tmp_path, PATH=bare_path(tmp_path, "python3", "python"))
    result = run(["/bin/sh", str(RUNNER), "status"], env)
    assert result.returncode == 127
    assert "needs Python 3.10 or newer" in result.stderr and "SKILLOPT_SLEEP_PYTHON" in result.stderr


def test_runner_in_a_hook_stays_silent_when_no_engine_is_ready(tmp_path):
    env = plugin_env(tmp_path, PATH=bare_path(tmp_path, "python3"))
    result = run(["/bin/sh", str(RUNNER), "--no-install", "session-start"], env)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert not (tmp_path / "home" / "data" / "engine-venv").exists()  # and installs nothing


def copy_plugin_tree(target: Path) -> Path:
    """What an agent's plugin cache holds: the plugin folder, its links to the engine followed
    (as `claude plugin install` copies it), somewhere else."""
    shutil.copytree(PLUGIN, target, symlinks=False, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def test_runner_runs_the_engine_of_its_own_tree_with_a_python_from_path(tmp_path):
    copy = copy_plugin_tree(tmp_path / "cache" / "skillopt-sleep" / "0.1.0")
    init = copy / "skillopt_sleep" / "__init__.py"
    init.write_text(init.read_text().replace(f'"{__version__}"', '"0.0.0-cached-copy"'))
    env = plugin_env(tmp_path, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    result = run([str(copy / "runners" / "skillopt-sleep"), "--version"], env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "skillopt-sleep 0.0.0-cached-copy"


def ready_venv(data_dir: Path, stamp_source: Path = REPO / "pyproject.toml") -> Path:
    """What the runner's first-use install leaves: engine-venv/bin/python and the stamp of the
    pyproject it was built from. Its python stands in with the test interpreter."""
    venv = data_dir / "engine-venv"
    exe(venv / "bin" / "python", f"#!/bin/sh\nexec {sys.executable} \"$@\"\n")
    stamp = subprocess.run(["cksum"], stdin=stamp_source.open("rb"), capture_output=True, check=True).stdout
    (venv / ".skillopt-sleep-stamp").write_text(stamp.decode().replace(" ", "").replace("\t", ""))
    return venv


def test_runner_finds_a_ready_venv_in_the_plugin_or_the_engine_data_dir(tmp_path):
    ready_venv(tmp_path / "home" / "data")  # made earlier from a shell without the plugin data dir
    env = plugin_env(tmp_path, PATH=bare_path(tmp_path, "python3"), CLAUDE_PLUGIN_DATA=str(tmp_path / "pdata"))
    result = run(["/bin/sh", str(RUNNER), "--version"], env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"skillopt-sleep {__version__}"


def test_runner_ignores_a_venv_built_for_another_pyproject(tmp_path):
    other = tmp_path / "other-pyproject.toml"
    other.write_text("[project]\nname = 'older'\n")
    ready_venv(tmp_path / "pdata", stamp_source=other)
    env = plugin_env(tmp_path, PATH=bare_path(tmp_path, "python3"), CLAUDE_PLUGIN_DATA=str(tmp_path / "pdata"))
    result = run(["/bin/sh", str(RUNNER), "--no-install", "--version"], env)
    assert (result.returncode, result.stdout) == (0, "")  # stale: not used, and a hook installs nothing


def test_the_command_passes_the_plugin_data_dir_on_to_the_runner(tmp_path):
    ready_venv(tmp_path / "pdata")
    env = plugin_env(tmp_path, PATH=bare_path(tmp_path, "python3"))
    result = run(["/bin/sh", str(COMMAND), "--plugin-data", str(tmp_path / "pdata"), "status"], env)
    assert result.returncode == 0, result.stderr
    assert "No nights yet." in result.stdout


@pytest.mark.slow
def test_runner_installs_the_engine_into_a_venv_on_first_use(tmp_path):
    """Needs PyPI: pip installs the plugin root (and its dependencies) into the data dir."""
    import sysconfig

    base = Path(sys.base_prefix) / "bin" / f"python{sysconfig.get_python_version()}"
    if not base.is_file():
        pytest.skip("no base interpreter without the dependencies")
    copy = copy_plugin_tree(tmp_path / "cache")
    (copy / "README.md").write_text("skillopt-sleep\n")
    bin_dir = tmp_path / "only-python"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(base)
    env = plugin_env(tmp_path, PATH=f"{bin_dir}{os.pathsep}/usr/bin:/bin", CLAUDE_PLUGIN_DATA=str(tmp_path / "pdata"))
    first = run([str(copy / "runners" / "skillopt-sleep"), "--version"], env)
    assert first.returncode == 0, first.stderr
    assert "first use: installing" in first.stderr
    assert (tmp_path / "pdata" / "engine-venv" / "bin" / "python").exists()
    second = run([str(copy / "runners" / "skillopt-sleep"), "--version"], env)
    assert second.returncode == 0 and second.stderr == ""  # ready: no second install
    # pip built a copy: the plugin folder holds no build output
    assert not (copy / "build").exists() and not list(copy.glob("*.egg-info"))
    assert not (tmp_path / "pdata" / "engine-venv.src").exists()


def test_the_command_defaults_to_status_and_passes_options_through(tmp_path):
    env = plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable)
    plain = run([str(COMMAND)], env)
    assert plain.returncode == 0, plain.stderr
    assert "No nights yet." in plain.stdout
    as_json = run([str(COMMAND), "--json"], env)  # options only: still status, with them
    assert as_json.returncode == 0, as_json.stderr
    assert "pending" in json.loads(as_json.stdout)
    listed = run([str(CHANGE), "schedule", "--list"], env)
    assert listed.returncode == 0 and "No schedules" in listed.stdout


def test_the_command_refuses_an_unknown_action(tmp_path):
    result = run([str(COMMAND), "optimise"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable))
    assert result.returncode == 2
    assert "unknown action 'optimise'" in result.stderr
    for action in ACTIONS:
        assert action in result.stderr


# -- SessionStart -------------------------------------------------------------------------------------


def test_pending_line_wording():
    one = [{"skill": "brief-writer", "val_before": 1 / 3, "val_after": 5 / 6, "stage_complete": True}]
    assert pending_line(one) == "skillopt-sleep: 1 proposal pending for skill brief-writer: held-out 0.33 → 0.83; /skillopt-sleep review"
    two = one + [{"skill": "advisor", "val_before": None, "val_after": 0.5}]
    assert pending_line(two, "codex") == ("skillopt-sleep: 2 proposals pending: skill brief-writer held-out 0.33 → 0.83, "
                                          "skill advisor held-out ? → 0.50; ask to run `skillopt-sleep review`")
    assert pending_line([]) is None
    assert pending_line([{**one[0], "stage_complete": False}]) is None  # a half-written stage is not news


def stage_a_real_proposal(tmp_path: Path, monkeypatch, home: Path | None = None) -> Path:
    """A real night with scripted models: the student follows its skill literally, so the
    section the checks want is missing until the night adds it."""
    from skillopt_sleep.backends.scripted import ScriptedBackend
    from skillopt_sleep.config import load_config
    from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
    from skillopt_sleep.paths import default_db_path
    from skillopt_sleep.records import Check, Judge, Task
    from skillopt_sleep.store import Store

    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(home or tmp_path / "home"))
    skill = tmp_path / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    tasks = [Task(task_id=f"t{i:02d}", intent=f"Write a brief on topic {i}.",
                  judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")])) for i in range(12)]
    student = ScriptedBackend(lambda r: "Answer.\n\n## Key Risks\n- cost" if "Key Risks" in r.system else "Answer.")
    teacher = ScriptedBackend(lambda r: json.dumps({"diagnosis": "n/a", "edits": []}))
    config = load_config(cwd=tmp_path, env={}, flags={"night.seed": "7"}, user_file=tmp_path / "none.yaml")
    with Store(default_db_path()) as store:
        report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks, student=student, teacher=teacher))
    assert report.status == "accepted" and report.proposal_id
    return skill


def test_session_start_is_silent_without_a_store_and_creates_none(tmp_path):
    result = run([str(RUNNER), "--no-install", "session-start"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable))
    assert (result.returncode, result.stdout) == (0, "")
    assert not (tmp_path / "home" / "data" / "store.db").exists()


def test_session_start_announces_a_staged_proposal(tmp_path, monkeypatch):
    stage_a_real_proposal(tmp_path, monkeypatch)
    result = run([str(RUNNER), "--no-install", "session-start"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)["hookSpecificOutput"]
    assert output["hookEventName"] == "SessionStart"
    assert re.fullmatch(r"skillopt-sleep: 1 proposal pending for skill brief-writer: held-out \d\.\d\d → 1\.00; /skillopt-sleep review",
                        output["additionalContext"]), output["additionalContext"]


def test_session_start_never_fails_the_session(tmp_path):
    env = plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable, SKILLOPT_SLEEP_NIGHT__ROUNDS="lots")  # a config error
    store = tmp_path / "home" / "data" / "store.db"
    store.parent.mkdir(parents=True)
    store.write_bytes(b"this is not a database")
    result = run([str(RUNNER), "--no-install", "session-start"], env)
    assert (result.returncode, result.stdout) == (0, "")


NOTICE_ENTRY = REPO / "skillopt_sleep" / "proposals" / "notice_entry.py"


def notice_reader(env: dict[str, str], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The stdlib reader as the runner starts it, with -X importtime: stderr lists every import."""
    return run([sys.executable, "-I", "-S", "-X", "importtime", str(NOTICE_ENTRY), "session-start", *args], env, cwd=cwd)


def engine_session_start(env: dict[str, str], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return run([sys.executable, "-m", "skillopt_sleep", "session-start", *args], {**env, "PYTHONPATH": str(REPO)}, cwd=cwd)


def imported(importtime: str) -> set[str]:
    return {line.split("|")[-1].strip() for line in importtime.splitlines() if line.startswith("import time:")}


def test_the_hook_reads_the_notice_without_the_engine_and_says_what_the_engine_says(tmp_path, monkeypatch):
    skill = stage_a_real_proposal(tmp_path, monkeypatch)
    env = plugin_env(tmp_path)
    assert (tmp_path / "home" / "data" / "store.db-notice.json").is_file()  # staging wrote it
    for args in ((), ("--agent", "codex"), ("--text",)):
        fast, engine = notice_reader(env, *args, cwd=tmp_path), engine_session_start(env, *args, cwd=tmp_path)
        assert fast.returncode == engine.returncode == 0, fast.stderr[-2000:] + engine.stderr
        assert fast.stdout == engine.stdout and "1 proposal pending for skill brief-writer" in fast.stdout
        modules = imported(fast.stderr)
        assert "pending_notice" in modules and not {m for m in modules if m.startswith("skillopt_sleep")}  # no engine
        assert not modules & {"os", "json", "re", "sqlite3", "pathlib", "yaml"}, sorted(modules)
    # Adopting empties the notice; the stage folder gone makes the proposal no news either.
    assert run([sys.executable, "-m", "skillopt_sleep", "adopt", "--skill", str(skill)],
               {**env, "PYTHONPATH": str(REPO)}, cwd=tmp_path).returncode == 0
    fast = notice_reader(env, cwd=tmp_path)
    assert (fast.returncode, fast.stdout) == (0, "") == (engine_session_start(env, cwd=tmp_path).returncode, "")
    # A schedule whose engine an update removed is news too.
    snapshot = {"format": 1, "name": "nightly", "project": str(tmp_path), "time": "03:00", "via": "manual",
                "created_at": "2026-01-05T10:00:00Z", "values": {}, "sources": {}, "env": {},
                "engine": {"pythonpath": str(tmp_path / "gone")}}
    (tmp_path / "home" / "config" / "schedules").mkdir(parents=True)
    (tmp_path / "home" / "config" / "schedules" / "nightly.json").write_text(json.dumps(snapshot))
    fast, engine = notice_reader(env, cwd=tmp_path), engine_session_start(env, cwd=tmp_path)
    assert fast.stdout == engine.stdout and "the overnight schedule nightly points to an engine" in fast.stdout


def test_the_notice_leaves_the_answer_to_the_engine_where_it_cannot_know(tmp_path, monkeypatch):
    stage_a_real_proposal(tmp_path, monkeypatch)
    env = plugin_env(tmp_path)
    notice = tmp_path / "home" / "data" / "store.db-notice.json"
    project = tmp_path / "project"
    project.mkdir()
    (project / ".skillopt-sleep.yaml").write_text(f"store:\n  path: {tmp_path / 'other.db'}\n")
    assert notice_reader(env, cwd=project).returncode == 96  # this project's store may be another one
    assert notice_reader({**env, "SKILLOPT_SLEEP_STORE__PATH": str(tmp_path / "other.db")}, cwd=tmp_path).returncode == 96
    assert notice_reader(env, "--store", str(tmp_path / "other.db"), cwd=tmp_path).returncode == 96
    notice.unlink()  # a store from before notices: the engine answers, and writes the notice for next time
    assert notice_reader(env, cwd=tmp_path).returncode == 96
    result = run([str(RUNNER), "--no-install", "session-start", "--text"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable),
                 cwd=tmp_path)
    assert result.returncode == 0 and "1 proposal pending for skill brief-writer" in result.stdout, result.stderr
    assert notice.is_file() and notice_reader(env, "--text", cwd=tmp_path).stdout == result.stdout


def test_the_notice_reader_finds_the_folders_the_engine_uses(tmp_path, monkeypatch):
    from skillopt_sleep.config import PROJECT_FILE
    from skillopt_sleep.paths import config_dir, default_db_path
    from skillopt_sleep.proposals import pending_notice
    from skillopt_sleep.proposals.layout import MANIFEST
    from skillopt_sleep.schedule.snapshot import SNAPSHOT_FORMAT

    assert (pending_notice.MANIFEST, pending_notice.SNAPSHOT_FORMAT, pending_notice.PROJECT_FILE) == (
        MANIFEST, SNAPSHOT_FORMAT, PROJECT_FILE)
    for env in ({"HOME": str(tmp_path)}, {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "xdg")},
                {"HOME": str(tmp_path), "SKILLOPT_SLEEP_HOME": str(tmp_path / "sleep")}):
        for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "SKILLOPT_SLEEP_HOME"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        assert pending_notice.config_dir(env) == str(config_dir())
        assert pending_notice.store_path(env, str(tmp_path)) == str(default_db_path())


def counted_python(folder: Path) -> tuple[Path, Path]:
    """An interpreter that notes each start in a log, then runs this one: (interpreter, log)."""
    log = folder / "starts.log"
    return exe(folder / "python3", f'#!/bin/sh\necho start >>"{log}"\nexec "{sys.executable}" "$@"\n'), log


def starts(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def age(*paths: Path) -> None:
    """As if written an hour ago: the reader's stamp is newer only than what it read."""
    for path in paths:
        os.utime(path, (path.stat().st_atime, path.stat().st_mtime - 3600))


def stamped_setup(tmp_path: Path, monkeypatch) -> tuple[Path, dict[str, str], Path, Path]:
    """A store whose notice lists nothing pending, under folders whose names hold spaces, and a
    copy of the plugin under one too: (the runner, its environment, plugin data dir, Python log)."""
    from skillopt_sleep.paths import default_db_path
    from skillopt_sleep.proposals.notice import write_notice
    from skillopt_sleep.store import Store

    home = tmp_path / "a home"
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(home))
    with Store(default_db_path()) as store:
        write_notice(store)
    age(home / "data" / "store.db-notice.json", home / "data")
    python, log = counted_python(tmp_path / "python bin")
    plugin_data = tmp_path / "plugin data"
    plugin_data.mkdir()
    (plugin_data / "interpreter").write_text(f"{python}\n")
    runner = copy_plugin_tree(tmp_path / "plugin cache" / "skillopt-sleep") / "runners" / "skillopt-sleep"
    return runner, plugin_env(tmp_path, SKILLOPT_SLEEP_HOME=str(home)), plugin_data, log


def session_start(runner: Path, env: dict[str, str], plugin_data: Path, agent: str = "claude-code",
                  cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The SessionStart hook's command, as hooks.json gives it."""
    return run([str(runner), "--plugin-data", str(plugin_data), "--no-install", "session-start", "--agent", agent],
               env, cwd=cwd)


def test_session_start_says_again_without_python_what_the_reader_said_until_news(tmp_path, monkeypatch):
    runner, env, plugin_data, log = stamped_setup(tmp_path, monkeypatch)
    home = Path(env["SKILLOPT_SLEEP_HOME"])
    first = session_start(runner, env, plugin_data, cwd=tmp_path)
    assert (first.returncode, first.stdout, first.stderr) == (0, "", "")
    assert starts(log) == 1 and (plugin_data / "session-start-answer").is_file()  # the reader left its answer
    again = session_start(runner, env, plugin_data, cwd=tmp_path)
    assert (again.returncode, again.stdout, again.stderr, starts(log)) == (0, "", "", 1)  # no Python
    assert engine_session_start(env, cwd=tmp_path).stdout == ""  # what the engine says too
    # A proposal staged since (within the same second) is news at the next start, and staging
    # answered the saved start again as it wrote the notice: no Python either.
    stage_a_real_proposal(tmp_path, monkeypatch, home=home)
    news = session_start(runner, env, plugin_data, cwd=tmp_path)
    assert news.returncode == 0 and news.stdout == engine_session_start(env, cwd=tmp_path).stdout
    assert "1 proposal pending for skill brief-writer" in json.loads(news.stdout)["hookSpecificOutput"]["additionalContext"]
    assert starts(log) == 1
    # Another agent's start asks its reader; then its answer is said again without Python, also
    # after the engine (above) wrote the same notice again.
    news = session_start(runner, env, plugin_data, "codex", cwd=tmp_path)
    assert news.stdout == engine_session_start(env, "--agent", "codex", cwd=tmp_path).stdout and starts(log) == 2
    assert "ask to run `skillopt-sleep review`" in news.stdout
    first, again = (session_start(runner, env, plugin_data, "codex", cwd=tmp_path) for _ in range(2))
    assert first.stdout == again.stdout == news.stdout and starts(log) == 2
    # Its stage folder gone, the proposal is no news.
    shutil.rmtree(json.loads((home / "data" / "store.db-notice.json").read_text())["pending"][0]["stage_dir"])
    gone = session_start(runner, env, plugin_data, "codex", cwd=tmp_path)
    assert (gone.returncode, gone.stdout, starts(log)) == (0, "", 3)


def test_the_engine_answers_again_only_the_starts_whose_reader_is_its_own(tmp_path, monkeypatch):
    """Writing the notice answers each saved start again as that start's reader would, so only
    where the reader is this engine's, byte for byte; any other start finds the notice changed."""
    runner, env, plugin_data, log = stamped_setup(tmp_path, monkeypatch)
    home = Path(env["SKILLOPT_SLEEP_HOME"])
    older = copy_plugin_tree(tmp_path / "plugin cache" / "skillopt-sleep 0") / "runners" / "skillopt-sleep"
    reader = older.parents[1] / "skillopt_sleep" / "proposals" / "pending_notice.py"
    reader.write_text(reader.read_text() + "\n# another version\n")
    older_data = tmp_path / "older plugin data"
    older_data.mkdir()
    (older_data / "interpreter").write_text((plugin_data / "interpreter").read_text())
    # A list that names, besides the two stamps, files that are not stamps: they are left alone.
    listed = home / "data" / "store.db-notice-stamps"
    strangers = [tmp_path / "notes.txt", tmp_path / "elsewhere" / "session-start-answer"]
    for stranger in strangers:
        stranger.parent.mkdir(exist_ok=True)
        stranger.write_text("skillopt-sleep session-start 2 but not a stamp\n")
    with listed.open("a") as handle:
        handle.writelines(f"{stranger}\n" for stranger in strangers)
    for start, data in ((runner, plugin_data), (older, older_data)):
        quiet = session_start(start, env, data, cwd=tmp_path)
        assert (quiet.returncode, quiet.stdout) == (0, "")
    assert starts(log) == 2
    assert set(listed.read_text().splitlines()) == {*map(str, strangers), str(plugin_data / "session-start-answer"),
                                                    str(older_data / "session-start-answer")}
    stage_a_real_proposal(tmp_path, monkeypatch, home=home)
    assert session_start(runner, env, plugin_data, cwd=tmp_path).stdout and starts(log) == 2  # answered again
    news = session_start(older, env, older_data, cwd=tmp_path)  # the notice it read changed: its reader
    assert "1 proposal pending" in news.stdout and starts(log) == 3
    assert [stranger.read_text() for stranger in strangers] == ["skillopt-sleep session-start 2 but not a stamp\n"] * 2
    assert set(listed.read_text().splitlines()) == {str(plugin_data / "session-start-answer"),
                                                    str(older_data / "session-start-answer")}


def test_after_an_engine_command_the_stamp_still_answers_but_not_for_a_store_replaced(tmp_path, monkeypatch):
    import sqlite3
    from contextlib import closing

    runner, env, plugin_data, log = stamped_setup(tmp_path, monkeypatch)
    home = Path(env["SKILLOPT_SLEEP_HOME"])
    store = home / "data" / "store.db"
    before = tmp_path / "store before the night.db"
    with closing(sqlite3.connect(store)) as source, closing(sqlite3.connect(before)) as copy:
        source.backup(copy)
    stage_a_real_proposal(tmp_path, monkeypatch, home=home)
    age(home / "data" / "store.db-notice.json", home / "data")
    news = session_start(runner, env, plugin_data, cwd=tmp_path)
    assert "1 proposal pending" in news.stdout and starts(log) == 1
    # Any engine command changes the store's folder (SQLite's -wal and -shm come and go): the store
    # is still the same file, so the stamp still answers, and no Python starts.
    stamp = plugin_data / "session-start-answer"
    assert run([sys.executable, "-m", "skillopt_sleep", "status"], {**env, "PYTHONPATH": str(REPO)}, cwd=tmp_path).returncode == 0
    assert (home / "data").stat().st_mtime > stamp.stat().st_mtime
    for _ in range(2):
        again = session_start(runner, env, plugin_data, cwd=tmp_path)
        assert (again.returncode, again.stdout, starts(log)) == (0, news.stdout, 1), again.stderr
    # The store from before the night, renamed over it with its old time: another file, so the
    # stamp holds nothing and the answer comes from that store (no proposal there).
    age(before)
    os.replace(before, store)
    replaced = session_start(runner, env, plugin_data, cwd=tmp_path)
    assert (replaced.returncode, replaced.stdout) == (0, "") and starts(log) > 1, replaced.stderr


def test_a_stamped_session_start_asks_the_reader_again_when_what_it_read_changes(tmp_path, monkeypatch):
    runner, env, plugin_data, log = stamped_setup(tmp_path, monkeypatch)
    home = Path(env["SKILLOPT_SLEEP_HOME"])

    def quiet_start(expected_starts: int, **kw) -> None:
        result = session_start(runner, kw.pop("env", env), plugin_data, **kw)
        assert (result.returncode, result.stdout, starts(log)) == (0, "", expected_starts), result.stderr

    quiet_start(1, cwd=tmp_path)
    quiet_start(1, cwd=tmp_path)
    # A project file, here or above, may name another store: the reader looks at it.
    project = tmp_path / "a project" / "src"
    project.mkdir(parents=True)
    (project.parent / ".skillopt-sleep.yaml").write_text("night:\n  rounds: 2\n")
    quiet_start(2, cwd=project)
    quiet_start(2, cwd=tmp_path)
    # Another environment names other folders.
    quiet_start(3, env={**env, "XDG_DATA_HOME": str(tmp_path / "xdg")}, cwd=tmp_path)
    quiet_start(4, cwd=tmp_path)
    # A user config written since.
    config = home / "config" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_text("night:\n  rounds: 2\n")
    quiet_start(5, cwd=tmp_path)
    # A schedule whose engine an update then removes is news.
    engine = tmp_path / "engine v1"
    engine.mkdir()
    snapshot = {"format": 1, "name": "nightly", "project": str(tmp_path), "time": "03:00", "via": "manual",
                "created_at": "2026-01-05T10:00:00Z", "values": {}, "sources": {}, "env": {},
                "engine": {"pythonpath": str(engine)}}
    (config.parent / "schedules").mkdir()
    (config.parent / "schedules" / "nightly.json").write_text(json.dumps(snapshot))
    age(config.parent / "schedules" / "nightly.json", config.parent / "schedules", config, home / "config")
    quiet_start(6, cwd=tmp_path)
    quiet_start(6, cwd=tmp_path)
    engine.rmdir()
    news = session_start(runner, env, plugin_data, cwd=tmp_path)
    assert "the overnight schedule nightly points to an engine" in news.stdout and starts(log) == 7
    engine.mkdir()  # back again: no news
    quiet_start(8, cwd=tmp_path)
    # A stamp cut short holds nothing.
    stamp = plugin_data / "session-start-answer"
    stamp.write_text(stamp.read_text().rsplit(".\n", 1)[0])
    quiet_start(9, cwd=tmp_path)
    # Another version of the plugin (an update installs it in another folder) has its own say.
    updated = copy_plugin_tree(tmp_path / "plugin cache" / "skillopt-sleep 2") / "runners" / "skillopt-sleep"
    assert session_start(updated, env, plugin_data, cwd=tmp_path).stdout == "" and starts(log) == 10
    quiet_start(11, cwd=tmp_path)  # and the older one then its own


def test_the_runner_finds_its_tree_from_a_relative_path_with_dots(tmp_path):
    """A hook names the runner by its absolute path; a person may type any other."""
    relative = os.path.relpath(RUNNER.parent / ".." / "runners" / RUNNER.name, tmp_path)
    result = run(["/bin/sh", relative, "--version"], plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable), cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.strip() == f"skillopt-sleep {__version__}", result.stderr


# What a user never types: the hooks' and the scheduler's entries, other agents' setup, and the
# long research runs (demo, experiment) that belong in a terminal.
NOT_SLASH_VERBS = {"capture", "session-start", "scheduled-run", "hooks", "demo", "experiment"}


def test_the_slash_command_offers_every_verb_a_user_runs():
    from skillopt_sleep.cli.main import build_parser

    [verbs] = [a.choices for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    assert NOT_SLASH_VERBS <= set(verbs)  # an internal verb renamed must be renamed here too
    assert sorted(set(verbs) - NOT_SLASH_VERBS) == sorted(ACTIONS)


def test_the_skill_is_user_invoked_and_pre_allows_its_two_runners_only():
    meta, body = frontmatter(SLASH_SKILL)
    assert meta["disable-model-invocation"] is True
    # Claude Code's legacy prefix rule: the quoted script path, then anything; one per runner. The
    # write actions need no prompt of their own: the engine runs them only on the user's typed
    # command (tests/test_asked.py), so an allow rule cannot let the model's own through.
    rules = re.findall(r'Bash\(([^()]+):\*\)', meta["allowed-tools"])
    assert ", ".join(f"Bash({rule}:*)" for rule in rules) == meta["allowed-tools"]
    lines = re.findall(r'^"\$\{CLAUDE_PLUGIN_ROOT\}/runners/[^\n]+', body, re.M)
    assert len(lines) == 2 == len(rules)
    [command] = [line for line in lines if "/skillopt-sleep-command" in line]
    [change] = [line for line in lines if "/skillopt-sleep-change" in line]
    assert [rule for rule in rules if command.startswith(rule)] == [rules[0]]
    assert [rule for rule in rules if change.startswith(rule)] == [rules[1]]
    between = body.split(command)[1].split(change)[0]  # the words that send these actions to the change script
    for action in CHANGING:
        assert f"`{action}`" in between


def test_the_command_refuses_the_actions_that_change_files_and_the_change_script_the_others(tmp_path):
    env = plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable)
    for action in CHANGING:
        refused = run([str(COMMAND), action, "--help"], env)
        assert refused.returncode == 2 and "skillopt-sleep-change" in refused.stderr, refused.stderr
        allowed = run([str(CHANGE), action, "--help"], env)
        assert allowed.returncode == 0 and f"usage: /skillopt-sleep {action}" in allowed.stdout, allowed.stderr
    other = run([str(CHANGE), "status"], env)
    assert other.returncode == 2 and "skillopt-sleep-command" in other.stderr


def test_the_codex_skill_runs_only_when_the_user_names_it():
    policy = yaml.safe_load((PLUGIN / "codex" / "skills" / "skillopt-sleep" / "agents" / "openai.yaml").read_text())
    assert policy == {"policy": {"allow_implicit_invocation": False}}
