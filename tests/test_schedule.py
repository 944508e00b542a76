"""`schedule` / `unschedule` on a crontab, the snapshot, catch-up of a missed night, log rotation.

This machine may have no cron, so a stand-in `crontab` executable goes first on PATH: it keeps
the table in a file and, like the real one, refuses a table with a malformed line or without a
final newline. The real `crontab` is used when FAKE is off and one is installed.
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skillopt_sleep.cli import main
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import ScheduleError
from skillopt_sleep.schedule.cron import BLOCK_BEGIN, BLOCK_END, CronScheduler, table_with, table_without
from skillopt_sleep.schedule.entry import Entry, LOG_MAX_BYTES, log_path, rotate_log
from skillopt_sleep.schedule.due import ScheduleState, iso_utc, latest_slot, night_due, read_state, state_path, write_state
from skillopt_sleep.schedule.snapshot import read_env_file, read_snapshot, schedules_dir, snapshot_path

REPO = Path(__file__).resolve().parent.parent

FAKE_CRONTAB = r"""#!/bin/sh
# Stand-in for crontab(1): -l, -r, and "-" (read a new table from stdin).
table="$FAKE_CRONTAB_FILE"
case "$1" in
  -l) [ -f "$table" ] || { echo "no crontab for $(id -un)" >&2; exit 1; }; cat "$table" ;;
  -r) [ -f "$table" ] || { echo "no crontab for $(id -un)" >&2; exit 1; }; rm -f "$table" ;;
  -)
    new="$table.new"; cat >"$new"
    if [ -s "$new" ] && [ "$(tail -c 1 "$new" | od -An -c | tr -d ' ')" != '\n' ]; then
      echo "crontab: premature EOF" >&2; rm -f "$new"; exit 1
    fi
    if ! awk '/^[ \t]*(#|$)/ {next} /^[A-Za-z_][A-Za-z0-9_]*=/ {next} NF < 6 {exit 1}' "$new"; then
      echo "crontab: errors in crontab file, can't install" >&2; rm -f "$new"; exit 1
    fi
    mv "$new" "$table" ;;
  *) echo "usage: crontab [-l | -r | -]" >&2; exit 1 ;;
esac
"""

USER_TABLE = "# my own jobs\nMAILTO=me@example.com\n0 5 * * 1 /usr/bin/backup --weekly\n\n*/10 * * * * echo tick >/dev/null\n"
SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n"


def write_exe(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    for name in list(os.environ):
        if name.startswith("SKILLOPT_SLEEP_") and name != "SKILLOPT_SLEEP_HOME":
            monkeypatch.delenv(name)
    return tmp_path / "home"


@pytest.fixture
def crontab(tmp_path, monkeypatch, home):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    write_exe(bin_dir / "crontab", FAKE_CRONTAB)
    table = tmp_path / "crontab.txt"
    monkeypatch.setenv("FAKE_CRONTAB_FILE", str(table))
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return table


@pytest.fixture
def project(tmp_path, monkeypatch):
    folder = tmp_path / "proj"
    skill = folder / ".claude" / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    (folder / "CLAUDE.md").write_text("# house rules\n")
    (folder / "AGENTS.md").write_text("# codex rules\n")
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def cli(*argv: str) -> int:
    return main(list(argv))


def epoch(text: str) -> float:
    from datetime import datetime, timezone

    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc).timestamp()


# -- schedule / unschedule on the crontab ----------------------------------------------------


def test_schedule_adds_a_managed_block_and_unschedule_restores_the_table_exactly(crontab, project, capsys):
    crontab.write_text(USER_TABLE)
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "03:30",
               "--student", "openai:small-model", "--teacher", "anthropic:big-model",
               "--set", "budget.max_usd=0.5", "--set", "night.rounds=3") == 0
    out = capsys.readouterr().out
    assert "scheduled 'default' in the user's crontab" in out and "nightly at 03:30" in out

    table = crontab.read_text()
    assert table.startswith(USER_TABLE)  # the user's lines, byte for byte, come first
    block = table[len(USER_TABLE):].splitlines()
    assert block[0] == BLOCK_BEGIN and block[-1] == BLOCK_END
    cron_line = next(line for line in block[1:-1] if not line.startswith("#"))
    assert cron_line.startswith("30 * * * * ")  # hourly checks at the schedule's minute
    assert "scheduled-run --snapshot" in cron_line and sys.executable in cron_line

    assert cli("unschedule") == 0
    assert crontab.read_text() == USER_TABLE
    assert not snapshot_path("default").exists()
    assert not state_path("default").exists()


def test_rescheduling_replaces_its_entry_and_names_keep_separate_entries(crontab, project):
    crontab.write_text(USER_TABLE)
    skill = ".claude/skills/brief-writer/SKILL.md"
    assert cli("schedule", "--skill", skill, "--time", "03:30") == 0
    assert cli("schedule", "--skill", skill, "--time", "04:15") == 0
    assert cli("schedule", "--skill", skill, "--time", "01:05", "--name", "second") == 0
    lines = [l for l in crontab.read_text().splitlines() if "scheduled-run" in l]
    assert len(lines) == 2
    assert lines[0].startswith("15 * * * * ") and "default.json" in lines[0]
    assert lines[1].startswith("5 * * * * ") and "second.json" in lines[1]
    assert crontab.read_text().count(BLOCK_BEGIN) == 1

    assert cli("unschedule", "--name", "default") == 0
    remaining = [l for l in crontab.read_text().splitlines() if "scheduled-run" in l]
    assert len(remaining) == 1 and "second.json" in remaining[0]
    assert cli("unschedule", "--all") == 0
    assert crontab.read_text() == USER_TABLE


def test_unschedule_removes_a_crontab_that_schedule_created(crontab, project, capsys):
    assert not crontab.exists()
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 0
    assert crontab.exists()
    assert cli("unschedule") == 0
    assert not crontab.exists()  # `crontab -r`: there was none before
    assert cli("unschedule") == 0  # idempotent
    assert "nothing to remove" in capsys.readouterr().out


def test_the_snapshot_freezes_the_whole_effective_config(crontab, project, home):
    (project / ".skillopt-sleep.yaml").write_text("night:\n  edit_budget: 2\ngate:\n  no_regression: true\n")
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--student", "openai:small-model",
               "--set", "budget.max_calls=50") == 0
    data = json.loads(snapshot_path("default").read_text())
    values = data["values"]
    assert set(values) == set(load_config(env={}).values)  # every key, not only the changed ones
    assert values["skill"] == str(project / ".claude/skills/brief-writer/SKILL.md")
    assert values["memory"] == str(project / "CLAUDE.md")  # the Claude Code memory target
    assert values["student.backend"] == "openai" and values["student.model"] == "small-model"
    assert values["teacher.backend"] == "local"
    assert values["budget.max_calls"] == 50 and values["night.edit_budget"] == 2 and values["gate.no_regression"] is True
    assert values["store.path"] == str(home / "data" / "store.db")
    assert values["staging.dir"] == str(home / "data" / "staging")
    assert data["project"] == str(project)
    assert data["env"]["SKILLOPT_SLEEP_HOME"] == str(home)
    assert data["engine"]["python"] == sys.executable

    # Loaded back, it ignores what changed since: the environment, the project file.
    (project / ".skillopt-sleep.yaml").write_text("night:\n  edit_budget: 9\n")
    os.environ["SKILLOPT_SLEEP_NIGHT__ROUNDS"] = "7"
    try:
        config = read_snapshot(snapshot_path("default")).config()
    finally:
        del os.environ["SKILLOPT_SLEEP_NIGHT__ROUNDS"]
    assert config["night.edit_budget"] == 2 and config["night.rounds"] == 2
    assert config["budget.max_calls"] == 50
    assert config.sources["student.model"].startswith("schedule snapshot ")


def test_codex_projects_use_agents_md_as_memory(crontab, project):
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--set", "agent=codex") == 0
    values = json.loads(snapshot_path("default").read_text())["values"]
    assert values["memory"] == str(project / "AGENTS.md")


def test_the_installed_line_runs_under_crons_bare_environment(crontab, project, home, tmp_path):
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "03:30") == 0
    line = next(l for l in crontab.read_text().splitlines() if "scheduled-run" in l)
    command = line.split(None, 5)[5].replace("\\%", "%")
    # What cron gives a job: HOME, LOGNAME, SHELL, a short PATH, and the cwd of HOME.
    bare = {"HOME": str(tmp_path), "LOGNAME": "nobody", "SHELL": "/bin/sh", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(["/bin/sh", "-c", command], env=bare, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    log = log_path("default").read_text()
    assert "[default] not due: scheduled at " in log  # installed just now: the first night is tonight


def test_the_entry_finds_the_engine_without_an_installed_package(crontab, project):
    """A plugin's copy of the engine is not pip-installed: the entry's PYTHONPATH alone must reach it."""
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 0
    engine = json.loads(snapshot_path("default").read_text())["engine"]
    # -S: no site-packages, so no installed copy of the package can stand in.
    found = subprocess.run([engine["python"], "-S", "-c", "import skillopt_sleep; print(skillopt_sleep.__file__)"],
                           env={"PYTHONPATH": engine["pythonpath"]}, capture_output=True, text=True, timeout=60)
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()) == REPO / "skillopt_sleep" / "__init__.py"


def test_schedule_refuses_what_cannot_run_and_installs_nothing(crontab, project, capsys):
    crontab.write_text(USER_TABLE)
    assert cli("schedule") == 2
    assert "no skill to optimize" in capsys.readouterr().err
    assert cli("schedule", "--skill", "missing/SKILL.md") == 2
    assert "--skill missing/SKILL.md: no such file" in capsys.readouterr().err
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "25:00") == 2
    assert "HH:MM" in capsys.readouterr().err
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--name", "Bad Name") == 2
    assert crontab.read_text() == USER_TABLE
    assert not schedules_dir().exists() or not list(schedules_dir().iterdir())


def test_a_broken_block_is_reported_and_the_table_left_alone(crontab, project, capsys):
    broken = USER_TABLE + BLOCK_BEGIN + "\n30 * * * * something\n"
    crontab.write_text(broken)
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 2
    assert "not its end" in capsys.readouterr().err
    assert crontab.read_text() == broken


def test_a_crontab_that_refuses_the_table_is_a_clear_error(crontab, project, capsys, tmp_path):
    write_exe(tmp_path / "bin" / "crontab", "#!/bin/sh\n[ \"$1\" = -l ] && exit 0\necho 'crontab: permission denied' >&2\nexit 1\n")
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 2
    assert "crontab refused the new table: crontab: permission denied" in capsys.readouterr().err
    assert not snapshot_path("default").exists()


def test_no_scheduler_at_all_is_a_clear_error(project, home, tmp_path, monkeypatch, capsys):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 2
    assert "no scheduler found" in capsys.readouterr().err


def test_manual_installs_nothing_and_its_printed_command_runs_a_night(project, home, tmp_path, monkeypatch, capsys):
    """For a scheduler we do not drive: no crontab, systemd or launchd is touched, and the command it
    prints is the one to run; unschedule removes the snapshot."""
    empty = tmp_path / "no-schedulers"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))  # a call to any scheduler tool would fail
    assert cli("schedule", "--via", "manual", "--json", "--skill", ".claude/skills/brief-writer/SKILL.md") == 0
    where = json.loads(capsys.readouterr().out)
    assert where["via"] == "manual" and Path(where["snapshot"]).is_file()
    bare = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", **where["env"]}
    result = subprocess.run([*where["argv"], "--console"], env=bare, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "[default] not due: scheduled at " in result.stdout
    assert cli("unschedule") == 0 and not Path(where["snapshot"]).exists()


def test_block_editing_keeps_text_around_the_block():
    entry = Entry(name="default", hour=3, minute=30, argv=["/py", "-m", "skillopt_sleep", "scheduled-run"],
                        env={"PYTHONPATH": "/a b/c"}, log=Path("/logs/50%.log"))
    table = table_with(USER_TABLE, entry)
    after = "# added by hand after the block\n1 1 * * * true\n"
    table += after
    updated = table_with(table, Entry(**{**entry.__dict__, "minute": 45}))
    assert updated.startswith(USER_TABLE) and updated.endswith(after)
    assert "45 * * * * PYTHONPATH='/a b/c' /py -m skillopt_sleep scheduled-run >>/logs/50\\%.log 2>&1" in updated
    assert table_without(updated, "default") == USER_TABLE + after
    assert table_with("0 1 * * * x", entry).startswith("0 1 * * * x\n" + BLOCK_BEGIN)


@pytest.mark.skipif(not Path("/usr/bin/crontab").exists(), reason="no real crontab installed on this machine")
def test_with_the_real_crontab(project, home, tmp_path, monkeypatch):
    real = CronScheduler("/usr/bin/crontab")
    try:
        before = real.read()
    except ScheduleError as exc:
        pytest.skip(f"the real crontab is not usable here: {exc}")
    entry = Entry(name="pytest-probe", hour=3, minute=30, argv=["/bin/true"], env={}, log=tmp_path / "x.log")
    real.install(entry)
    try:
        assert "pytest-probe" in real.installed()
    finally:
        real.remove("pytest-probe")
    assert real.read() == before


# -- systemd and launchd ------------------------------------------------------------------------


def recording_tool(bin_dir: Path, name: str, calls: Path) -> None:
    write_exe(bin_dir / name, f"#!/bin/sh\necho \"$*\" >>{shlex.quote(str(calls))}\nexit 0\n")


def test_systemd_user_timer_is_written_enabled_and_removed(project, home, tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "systemctl.calls"
    recording_tool(bin_dir, "systemctl", calls)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert cli("schedule", "--via", "systemd", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "02:10") == 0
    units = tmp_path / "xdg" / "systemd" / "user"
    timer = (units / "skillopt-sleep-default.timer").read_text()
    service = (units / "skillopt-sleep-default.service").read_text()
    assert "OnCalendar=*-*-* *:10:00" in timer and "Persistent=true" in timer
    assert "scheduled-run" in service and f'"{sys.executable}"' in service
    assert calls.read_text().splitlines() == ["--user daemon-reload", "--user enable --now skillopt-sleep-default.timer"]
    assert cli("unschedule") == 0
    assert not list(units.iterdir())
    assert calls.read_text().splitlines()[-2:] == ["--user disable --now skillopt-sleep-default.timer", "--user daemon-reload"]


def test_launchd_agent_is_written_loaded_and_removed(project, home, tmp_path, monkeypatch):
    import plistlib

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "launchctl.calls"
    recording_tool(bin_dir, "launchctl", calls)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("HOME", str(tmp_path / "mac-home"))
    assert cli("schedule", "--via", "launchd", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "03:45") == 0
    plist_file = tmp_path / "mac-home" / "Library" / "LaunchAgents" / "dev.skillopt-sleep.default.plist"
    plist = plistlib.loads(plist_file.read_bytes())
    assert plist["StartCalendarInterval"] == {"Minute": 45}
    assert plist["ProgramArguments"][-3:] == ["scheduled-run", "--snapshot", str(snapshot_path("default"))]
    assert plist["EnvironmentVariables"]["SKILLOPT_SLEEP_HOME"] == str(home)
    assert f"bootstrap gui/{os.getuid()} {plist_file}" in calls.read_text()
    assert cli("unschedule") == 0
    assert not plist_file.exists()
    assert calls.read_text().splitlines()[-1] == f"bootout gui/{os.getuid()}/dev.skillopt-sleep.default"


# -- when a night is due --------------------------------------------------------------------------


def state(**kw) -> ScheduleState:
    return ScheduleState(**kw)


def test_a_night_missed_while_the_machine_slept_runs_once_at_the_next_check(utc):
    installed = state(scheduled_at="2026-03-01T15:00:00Z")
    # Scheduled in the afternoon: nothing that day, the first night at 03:30.
    assert not night_due(epoch("2026-03-01T16:30:00"), installed, 3, 30).due
    assert night_due(epoch("2026-03-02T03:30:00"), installed, 3, 30).due
    # Ran on the 2nd; the machine slept through 03:30 on the 3rd and woke at 09:30.
    ran = state(scheduled_at="2026-03-01T15:00:00Z", last_success_at="2026-03-02T03:30:02Z", last_status="accepted")
    assert not night_due(epoch("2026-03-02T23:30:00"), ran, 3, 30).due
    woke = night_due(epoch("2026-03-03T09:30:00"), ran, 3, 30)
    assert woke.due and "catching up" in woke.reason
    # Once caught up, the later hourly checks of that day do nothing; the next night is at 03:30.
    caught_up = state(last_success_at="2026-03-03T09:30:01Z", last_status="rejected")
    for hour in range(10, 24):
        assert not night_due(epoch(f"2026-03-03T{hour:02d}:30:00"), caught_up, 3, 30).due
    assert night_due(epoch("2026-03-04T03:30:00"), caught_up, 3, 30).due


def test_a_failed_night_is_retried_after_a_pause_not_every_hour(utc):
    failed = state(last_success_at="2026-03-01T03:30:00Z", last_attempt_at="2026-03-02T03:30:00Z",
                   last_status="failed", last_error="AuthError: no key")
    blocked = night_due(epoch("2026-03-02T04:30:00"), failed, 3, 30)
    assert not blocked.due and "AuthError: no key" in blocked.reason
    assert night_due(epoch("2026-03-02T06:30:00"), failed, 3, 30).due


def test_the_schedule_time_is_local_time(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")  # UTC+9, no daylight saving
    time.tzset()
    try:
        slot = latest_slot(epoch("2026-03-02T00:00:00"), 3, 30)  # 09:00 in Tokyo
        assert time.strftime("%Y-%m-%dT%H:%M", time.gmtime(slot)) == "2026-03-01T18:30"
    finally:
        monkeypatch.undo()
        time.tzset()


# -- scheduled-run --------------------------------------------------------------------------------


def scheduled_run(snapshot: Path, *extra: str, env: dict | None = None) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.run([sys.executable, "-m", "skillopt_sleep", "scheduled-run", "--snapshot", str(snapshot), *extra],
                          env=full_env, capture_output=True, text=True, timeout=120)


def test_scheduled_run_skips_while_another_night_holds_the_lock(crontab, project, home):
    from skillopt_sleep.night.runlock import lock_path_for

    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 0
    snapshot = snapshot_path("default")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys\nfrom skillopt_sleep.night import runlock\n"
         "with runlock.night_lock(sys.argv[1], command='manual run'):\n    print('held', flush=True); sys.stdin.readline()",
         str(lock_path_for(project / ".claude" / "skills" / "brief-writer" / "SKILL.md"))],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert holder.stdout.readline().strip() == "held"
        result = scheduled_run(snapshot, "--force")
        assert result.returncode == 0, result.stderr
        log = log_path("default").read_text()
        assert f"skipped: another night is running (pid {holder.pid} since " in log
        assert read_state(state_path("default")).last_attempt_at is None  # retried next hour
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def test_scheduled_run_with_a_missing_snapshot_says_so(home, tmp_path):
    result = scheduled_run(tmp_path / "gone.json")
    assert result.returncode == 2
    assert "schedule snapshot" in result.stderr and "does not exist" in result.stderr


def test_scheduled_run_rotates_its_log(crontab, project, home):
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 0
    log = log_path("default")
    log.write_text("x" * (LOG_MAX_BYTES + 10))
    for n in range(1, 4):
        Path(f"{log}.{n}").write_text(f"old {n}\n")
    assert scheduled_run(snapshot_path("default")).returncode == 0
    assert Path(f"{log}.1").stat().st_size == LOG_MAX_BYTES + 10
    assert Path(f"{log}.2").read_text() == "old 1\n" and Path(f"{log}.3").read_text() == "old 2\n"
    assert not Path(f"{log}.4").exists()  # the oldest is dropped
    assert "not due" in log.read_text() and log.stat().st_size < 1000


def test_rotate_log_leaves_a_small_log_alone(tmp_path):
    log = tmp_path / "a.log"
    log.write_text("short\n")
    assert not rotate_log(log, max_bytes=100)
    assert rotate_log(log, max_bytes=3, keep=2)
    assert not log.exists() and (tmp_path / "a.log.1").read_text() == "short\n"


# -- a whole scheduled night --------------------------------------------------------------------------


def brief_tasks(path: Path, count: int) -> Path:
    from skillopt_sleep.records import Check, Judge, Task

    tasks = [Task(task_id=f"t{i:02d}", intent=f"Write a brief on topic {i}.",
                  judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")])) for i in range(count)]
    path.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in tasks))
    return path


def fake_models(request):
    """The student follows its skill literally; the teacher proposes nothing of its own."""
    from tests.fakes import text

    if request.model == "student-mini":
        return text("Answer.\n\n## Key Risks\n- cost" if "Key Risks" in request.system else "Answer.")
    return text(json.dumps({"diagnosis": "n/a", "edits": []}))


def test_a_due_night_runs_from_the_cron_line_with_the_frozen_config(crontab, project, home, tmp_path, monkeypatch):
    from tests.fakes import FakeOpenAI

    tasks_file = brief_tasks(project / "tasks.jsonl", 12)
    secrets = tmp_path / "night.env"
    secrets.write_text("# read by the scheduled night\nexport OPENAI_API_KEY='sk-night-only'\n")
    with FakeOpenAI(api_key="sk-night-only") as fake:
        fake.respond_with(fake_models)
        monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)  # frozen into the snapshot's base_url
        assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--tasks-file", "tasks.jsonl",
                   "--student", "openai:student-mini", "--teacher", "openai:teacher-mini", "--env-file", str(secrets),
                   "--set", "night.seed=7", "--time", "03:30") == 0
        monkeypatch.delenv("OPENAI_BASE_URL")
        values = json.loads(snapshot_path("default").read_text())["values"]
        assert values["student.base_url"] == values["teacher.base_url"] == fake.base_url
        assert values["tasks_file"] == str(tasks_file)

        # Installed yesterday afternoon; the machine slept through 03:30: the night is due.
        state_file = state_path("default")
        state = read_state(state_file)
        state.scheduled_at = iso_utc(time.time() - 36 * 3600)
        write_state(state_file, state)

        line = next(l for l in crontab.read_text().splitlines() if "scheduled-run" in l)
        command = line.split(None, 5)[5]
        bare = {"HOME": str(tmp_path), "LOGNAME": "nobody", "SHELL": "/bin/sh", "PATH": "/usr/bin:/bin"}
        first = subprocess.run(["/bin/sh", "-c", command], env=bare, cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert first.returncode == 0, log_path("default").read_text()
        log = log_path("default").read_text()
        assert "[default] due: no night has run since" in log
        assert "[default] student: openai:student-mini" in log and "[default] teacher: openai:teacher-mini" in log
        assert "finished: accepted; proposal " in log
        # Every completion went to the frozen models (the preflight's model listing names none).
        assert {r.model for r in fake.requests if r.path.endswith("/completions")} == {"student-mini", "teacher-mini"}

        state = read_state(state_file)
        assert state.last_status == "accepted" and state.last_night_id and state.last_success_at
        staged = list((home / "data" / "staging").glob("*/manifest.json"))
        assert len(staged) == 1

        # The next hourly check that day finds nothing to do.
        calls = len(fake.requests)
        second = subprocess.run(["/bin/sh", "-c", command], env=bare, cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert second.returncode == 0
        assert "not due: the last night ran at" in log_path("default").read_text().splitlines()[-1]
        assert len(fake.requests) == calls


def test_a_failing_night_is_logged_and_recorded_for_a_later_retry(crontab, project, home, tmp_path):
    brief_tasks(project / "tasks.jsonl", 12)
    from tests.fakes import FakeOpenAI

    with FakeOpenAI(api_key="sk-right") as fake:
        fake.respond_with(fake_models)
        assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--tasks-file", "tasks.jsonl",
                   "--student", "openai:student-mini", "--teacher", "openai:teacher-mini",
                   "--set", f"student.base_url={fake.base_url}", "--set", f"teacher.base_url={fake.base_url}",
                   "--set", "calls.max_retries=0") == 0
        result = scheduled_run(snapshot_path("default"), "--force", env={"OPENAI_API_KEY": "sk-wrong"})
    assert result.returncode != 0
    log = log_path("default").read_text()
    assert "night failed: " in log
    state = read_state(state_path("default"))
    assert state.last_status == "failed" and state.last_error and state.last_success_at is None


def test_env_file_lines_are_checked(tmp_path):
    good = tmp_path / "good.env"
    good.write_text('# keys\nexport A_KEY="x y"\nB=2\n\n')
    assert read_env_file(good) == {"A_KEY": "x y", "B": "2"}
    bad = tmp_path / "bad.env"
    bad.write_text("A_KEY=1\nthis is not an assignment\n")
    with pytest.raises(ScheduleError, match=r"bad.env:2: expected KEY=VALUE"):
        read_env_file(bad)


def test_schedule_warns_about_a_key_only_this_shell_has(crontab, project, monkeypatch, capsys):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-shell")
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--teacher", "anthropic:claude-haiku-4-5") == 0
    err = capsys.readouterr().err
    assert "ANTHROPIC_API_KEY is set in this shell only" in err and "--env-file" in err
    assert "sk-shell" not in snapshot_path("default").read_text()  # never a secret in the snapshot


def test_schedule_list_shows_each_schedule_and_when_it_is_due(crontab, project, capsys):
    assert cli("schedule", "--list") == 0
    assert "No schedules" in capsys.readouterr().out
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "02:00") == 0
    capsys.readouterr()
    assert cli("schedule", "--list") == 0
    out = capsys.readouterr().out
    assert "default: cron, nightly at 02:00" in out and "last night: none yet" in out
    assert "not due: scheduled at " in out


def test_a_failed_reschedule_keeps_the_working_schedule(crontab, project, tmp_path, capsys):
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "02:00") == 0
    before = snapshot_path("default").read_text()
    table = crontab.read_text()
    write_exe(tmp_path / "bin" / "crontab", f"#!/bin/sh\n[ \"$1\" = -l ] && cat {shlex.quote(str(crontab))} && exit 0\n"
                                           "echo 'crontab: disk full' >&2\nexit 1\n")
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "04:00") == 2
    assert "disk full" in capsys.readouterr().err
    assert snapshot_path("default").read_text() == before and crontab.read_text() == table


def test_session_start_warns_when_a_schedule_lost_its_engine(crontab, project, home):
    assert cli("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md") == 0
    path = snapshot_path("default")
    data = json.loads(path.read_text())
    data["engine"]["pythonpath"] = str(home / "plugins" / "cache" / "skillopt-sleep" / "0.0.1")  # removed by an update
    path.write_text(json.dumps(data))
    result = subprocess.run([sys.executable, "-m", "skillopt_sleep", "session-start", "--text"], capture_output=True,
                            text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0
    assert result.stdout.strip() == ("skillopt-sleep: the overnight schedule default points to an engine that is no "
                                     "longer installed; run `skillopt-sleep schedule` again")
