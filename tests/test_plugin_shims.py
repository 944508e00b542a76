"""The plugin runner on a machine whose `python3` is a version manager's shim: a shim for an
inactive version (exit 127) is skipped, a slow shim is probed once, and the real interpreter it
starts (or the environment the runner falls back to) is remembered, so later runs and the
capture hook start it directly; neither writes into the plugin folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import hashlib
import json
import os

from skillopt_sleep import __version__
from tests.test_capture_hook import STOP, spool_lines
from tests.test_plugin import COMMAND, HOOK, RUNNER, bare_path, copy_plugin_tree, exe, plugin_env, ready_venv, run

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


def stdlib_python(folder: Path) -> Path:
    """An interpreter with nothing but the standard library: a bare venv of the base Python."""
    base = Path(getattr(sys, "_base_executable", sys.executable))
    subprocess.run([str(base), "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    return folder / "bin" / "python"


def logging_shim(path: Path, python: Path, log: Path) -> Path:
    return exe(path, f"#!/bin/sh\necho run >>'{log}'\nexec '{python}' \"$@\"\n")


def test_the_environment_the_runner_falls_back_to_is_remembered_and_no_shim_is_probed_again(tmp_path):
    bin_dir = Path(bare_path(tmp_path))
    log = tmp_path / "shim-runs.log"
    logging_shim(bin_dir / "python3", stdlib_python(tmp_path / "bare-python"), log)  # has no dependency
    venv = ready_venv(tmp_path / "home" / "data")  # what a first use built earlier
    env = plugin_env(tmp_path, PATH=str(bin_dir))
    first = run(["/bin/sh", str(RUNNER), "--version"], env)
    assert first.returncode == 0 and first.stdout.strip() == f"skillopt-sleep {__version__}", first.stderr
    assert memory_file(tmp_path).read_text().strip() == str(venv / "bin" / "python")
    probed = shim_runs(log)
    assert probed == 1
    for _ in range(2):
        again = run(["/bin/sh", str(RUNNER), "--no-install", "--version"], env)
        assert again.returncode == 0 and again.stdout.strip() == f"skillopt-sleep {__version__}", again.stderr
    assert shim_runs(log) == probed  # later calls start the remembered interpreter: no shim, no probe


def test_a_remembered_environment_built_for_another_pyproject_is_forgotten(tmp_path):
    other = tmp_path / "other-pyproject.toml"
    other.write_text("[project]\nname = 'older'\n")
    venv = ready_venv(tmp_path / "home" / "data", stamp_source=other)
    memory = memory_file(tmp_path)
    memory.write_text(str(venv / "bin" / "python") + "\n")
    result = run(["/bin/sh", str(RUNNER), "--no-install", "--version"], plugin_env(tmp_path, PATH=bare_path(tmp_path)))
    assert (result.returncode, result.stdout) == (0, "")  # not run: a hook stays silent, and installs nothing
    assert not memory.exists()


def hook_payload(tmp_path: Path) -> str:
    return json.dumps({**STOP, "transcript_path": str(tmp_path / f"{STOP['session_id']}.jsonl"), "cwd": str(tmp_path)})


def test_the_capture_hook_starts_the_remembered_interpreter_past_a_shim_that_exits_127(tmp_path):
    bin_dir = Path(bare_path(tmp_path))
    inactive_shim(bin_dir / "python3")
    inactive_shim(bin_dir / "python")
    memory = memory_file(tmp_path)
    memory.parent.mkdir(parents=True)
    memory.write_text(REAL_PYTHON + "\n")
    env = plugin_env(tmp_path, PATH=str(bin_dir))
    done = subprocess.run([str(HOOK), "--agent", "claude-code"], input=hook_payload(tmp_path), env=env,
                          capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stderr) == (0, "")
    [row] = spool_lines(tmp_path / "home")
    assert row["session_id"] == STOP["session_id"]


def test_before_anything_is_remembered_the_hook_tries_the_next_python_after_an_inactive_shim(tmp_path):
    path, log = shim_path(tmp_path)  # python3 exits 127; python3.12 runs the real interpreter
    plugin_data = tmp_path / "plugin-data"
    done = subprocess.run([str(HOOK), "--plugin-data", str(plugin_data), "--agent", "claude-code"],
                          input=hook_payload(tmp_path), env=plugin_env(tmp_path, PATH=path), capture_output=True,
                          text=True, timeout=30)
    assert (done.returncode, done.stderr) == (0, "")
    assert len(spool_lines(tmp_path / "home")) == 1 and shim_runs(log) == 1
    assert list((plugin_data / "pycache").rglob("hook.*.pyc"))  # its bytecode went to the data dir
    assert not (plugin_data / "interpreter").exists()  # the hook's Python needs no engine: not remembered


def tree_digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(root.rglob("*"))}


def test_the_runner_and_the_hook_write_nothing_into_the_plugin_folder(tmp_path):
    copy = copy_plugin_tree(tmp_path / "cache" / "skillopt-sleep")
    as_installed = tree_digest(copy)
    env = plugin_env(tmp_path, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                     CLAUDE_PLUGIN_DATA=str(tmp_path / "plugin-data"))
    status = run([str(copy / "runners" / "skillopt-sleep-command"), "status"], env, cwd=tmp_path)
    assert status.returncode == 0, status.stderr
    hooked = subprocess.run([str(copy / "runners" / "skillopt-sleep-hook"), "--agent", "claude-code"], input=hook_payload(tmp_path),
                            env=env, capture_output=True, text=True, timeout=30)
    assert hooked.returncode == 0 and len(spool_lines(tmp_path / "home")) == 1
    assert tree_digest(copy) == as_installed
    assert list((tmp_path / "plugin-data" / "pycache").rglob("*.pyc"))


def before_first_use(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A user who has not run the plugin yet: on PATH only a `python3` shim to an interpreter
    without the engine's dependencies, no environment built; (PATH's folder, the shim's log, env)."""
    bin_dir = Path(bare_path(tmp_path))
    log = tmp_path / "shim-runs.log"
    logging_shim(bin_dir / "python3", stdlib_python(tmp_path / "bare-python"), log)
    return bin_dir, log, plugin_env(tmp_path, PATH=str(bin_dir))


def session_start(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return run(["/bin/sh", str(RUNNER), "--plugin-data", str(tmp_path / "plugin-data"), "--no-install",
                "session-start", "--agent", "claude-code"], env)


def test_before_first_use_a_session_start_probes_once_and_remembers_that_no_engine_was_found(tmp_path):
    bin_dir, log, env = before_first_use(tmp_path)
    first = session_start(tmp_path, env)
    assert (first.returncode, first.stdout, first.stderr) == (0, "", "")
    probed = shim_runs(log)
    assert probed >= 1
    for _ in range(3):
        again = session_start(tmp_path, env)
        assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
    assert shim_runs(log) == probed  # "none found" is remembered: no shim runs at later starts
    assert not (tmp_path / "plugin-data" / "interpreter").exists()


def test_the_remembered_none_found_is_set_aside_when_path_or_an_interpreter_on_it_changes(tmp_path):
    bin_dir, log, env = before_first_use(tmp_path)
    session_start(tmp_path, env)
    probed = shim_runs(log)

    os.utime(bin_dir / "python3", None)  # the shim rewritten (a version manager's rehash)
    record = tmp_path / "plugin-data" / "no-engine"
    os.utime(record, (record.stat().st_atime, record.stat().st_mtime - 5))
    session_start(tmp_path, env)
    assert shim_runs(log) == probed + 1
    session_start(tmp_path, env)
    assert shim_runs(log) == probed + 1

    other = tmp_path / "other-bin"
    other.mkdir()
    session_start(tmp_path, dict(env, PATH=f"{other}{os.pathsep}{bin_dir}"))  # another PATH
    assert shim_runs(log) == probed + 2

    # A Python with the engine's dependencies appears on PATH: the next start finds and remembers it.
    exe(other / "python3.12", f"#!/bin/sh\nexec '{REAL_PYTHON}' \"$@\"\n")
    os.utime(record, (record.stat().st_atime, record.stat().st_mtime - 5))
    session_start(tmp_path, dict(env, PATH=f"{other}{os.pathsep}{bin_dir}"))
    assert (tmp_path / "plugin-data" / "interpreter").read_text().strip() == REAL_PYTHON


def test_an_environment_built_after_none_was_found_is_used_at_the_next_start(tmp_path):
    bin_dir, log, env = before_first_use(tmp_path)
    session_start(tmp_path, env)
    venv = ready_venv(tmp_path / "home" / "data")  # the CLI or the slash command built it since
    session_start(tmp_path, env)
    assert (tmp_path / "plugin-data" / "interpreter").read_text().strip() == str(venv / "bin" / "python")
