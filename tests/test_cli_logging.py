"""The command line's -v/-q flags: library log records reach stderr as plain lines, at the level
the user asked for, before or after the command name."""

from __future__ import annotations

import logging

import pytest

from skillopt_sleep.cli import main


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".skillopt-sleep.yaml").write_text("night:\n  rounds: 2\n")
    yield tmp_path
    logging.getLogger("skillopt_sleep").setLevel(logging.NOTSET)


@pytest.mark.parametrize("argv", [["-vv", "config"], ["config", "-vv"], ["-v", "config", "-vv"]])
def test_double_verbose_shows_debug_lines_naming_the_module(project, capsys, argv):
    assert main(argv) == 0
    err = capsys.readouterr().err.splitlines()
    assert f"skillopt-sleep: DEBUG: skillopt_sleep.config: config: reading {project / '.skillopt-sleep.yaml'}" in err


@pytest.mark.parametrize("argv", [["config"], ["-v", "config"], ["-vv", "config", "-q"], ["-q", "config"]])
def test_without_debug_the_command_output_is_all_there_is(project, capsys, argv):
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert any(line.startswith("night.rounds") and "2" in line for line in captured.out.splitlines())


def test_warnings_reach_stderr_by_default_and_quiet_drops_them(project, capsys):
    logger = logging.getLogger("skillopt_sleep.store")
    assert main(["config"]) == 0
    logger.warning("the store is on a network drive")
    assert capsys.readouterr().err == "skillopt-sleep: WARNING: the store is on a network drive\n"
    assert main(["-q", "config"]) == 0
    logger.warning("the store is on a network drive")
    logger.error("the store is read-only")
    assert capsys.readouterr().err == "skillopt-sleep: ERROR: the store is read-only\n"


def test_running_main_twice_logs_each_record_once(project, capsys):
    assert main(["-vv", "config"]) == 0
    assert main(["-vv", "config"]) == 0
    err = capsys.readouterr().err
    assert err.count("config: reading") == 2  # once per run, not once per handler
