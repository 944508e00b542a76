"""The plugin runner on a machine whose `python3` is a version manager's shim: a shim for an
inactive version (exit 127) is skipped, a slow shim is probed once, and the real interpreter it
starts is remembered, so later runs start it directly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from skillopt_sleep import __version__
from tests.test_plugin import COMMAND, RUNNER, bare_path, exe, plugin_env, run

REAL_PYTHON = subprocess.run([sys.executable, "-c", "import sys; print(sys.executable)"],
                             capture_output=True, text=True, check=True).stdout.strip()


def inactive_shim(path: Path) -> Path:
    """What pyenv's shim does for a version that is not active in this folder."""
    return exe(path, "#!/bin/sh\necho \"pyenv: $(basename \"$0\"): command not found\" >&2\n"
                     "echo \"The '$(basename \"$0\")' command exists in these Python versions: 3.9.18\" >&2\nexit 127\n")


def slow_shim(path: Path, log: Path) -> Path:
    """A shim that takes a moment to pick the interpreter, then runs the real one."""
    return exe(path, f"#!/bin/sh\necho run >>'{log}'\nsleep 0.3\nexec '{sys.executable}' \"$@\"\n")


def memory_file(tmp_path: Path) -> Path:
    return tmp_path / "home" / "data" / "interpreter"


def shim_path(tmp_path: Path) -> tuple[str, Path]:
    bin_dir = Path(bare_path(tmp_path))
    log = tmp_path / "shim-runs.log"
    inactive_shim(bin_dir / "python3")  # first on the runner's list: must be skipped, not obeyed
    slow_shim(bin_dir / "python3.12", log)
    return str(bin_dir), log


def shim_runs(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_an_inactive_shim_is_skipped_and_the_real_interpreter_remembered(tmp_path):
    path, log = shim_path(tmp_path)
    env = plugin_env(tmp_path, PATH=path)
    result = run(["/bin/sh", str(RUNNER), "--version"], env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"skillopt-sleep {__version__}"
    assert "pyenv" not in result.stderr  # the probe's complaint stays quiet
    assert memory_file(tmp_path).read_text().strip() == REAL_PYTHON
    assert shim_runs(log) == 1  # probed once; the engine itself ran on the real interpreter

    again = run(["/bin/sh", str(RUNNER), "--version"], env)
    assert again.returncode == 0 and again.stdout.strip() == f"skillopt-sleep {__version__}"
    assert shim_runs(log) == 1  # the remembered interpreter: no shim, no probe


def test_a_remembered_interpreter_that_is_gone_is_found_again(tmp_path):
    path, log = shim_path(tmp_path)
    memory = memory_file(tmp_path)
    memory.parent.mkdir(parents=True)
    memory.write_text(str(tmp_path / "uninstalled" / "python3.11") + "\n")
    result = run(["/bin/sh", str(RUNNER), "--version"], plugin_env(tmp_path, PATH=path))
    assert result.returncode == 0, result.stderr
    assert memory.read_text().strip() == REAL_PYTHON and shim_runs(log) == 1


def test_a_hook_with_only_an_inactive_shim_stays_silent(tmp_path):
    bin_dir = Path(bare_path(tmp_path))
    inactive_shim(bin_dir / "python3")
    inactive_shim(bin_dir / "python")
    result = run(["/bin/sh", str(RUNNER), "--no-install", "session-start"], plugin_env(tmp_path, PATH=str(bin_dir)))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert not memory_file(tmp_path).exists()


def test_without_no_install_an_inactive_shim_is_not_mistaken_for_a_python(tmp_path):
    bin_dir = Path(bare_path(tmp_path))
    inactive_shim(bin_dir / "python3")
    result = run(["/bin/sh", str(RUNNER), "status"], plugin_env(tmp_path, PATH=str(bin_dir)))
    assert result.returncode == 127 and "needs Python 3.10 or newer" in result.stderr
    assert "pyenv" not in result.stderr


def test_the_slash_command_behind_shims_runs_and_remembers_in_the_plugin_data_dir(tmp_path):
    path, log = shim_path(tmp_path)
    plugin_data = tmp_path / "plugin-data"
    result = run(["/bin/sh", str(COMMAND), "--plugin-data", str(plugin_data), "status"], plugin_env(tmp_path, PATH=path))
    assert result.returncode == 0, result.stderr
    assert "No nights yet." in result.stdout
    assert (plugin_data / "interpreter").read_text().strip() == REAL_PYTHON
