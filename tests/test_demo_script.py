"""scripts/demo.sh claims a compile of llama.cpp only when pip really builds it, and shows pip's
own output when the install fails. Its interpreter here is a stand-in that answers as pip does
(a real build takes many minutes); the script itself runs in a real bash."""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "demo.sh"
CLAIM = "demo: compiling llama.cpp"

BUILDS = """Processing /work
Collecting llama-cpp-python>=0.3
  Downloading llama_cpp_python-0.3.16.tar.gz (50.7 MB)
Building wheels for collected packages: llama-cpp-python
  Building wheel for llama-cpp-python (pyproject.toml): started
  Building wheel for llama-cpp-python (pyproject.toml): finished with status 'done'
  Created wheel for llama-cpp-python: filename=llama_cpp_python-0.3.16-cp311-cp311-linux_x86_64.whl
Successfully installed llama-cpp-python-0.3.16
"""
CACHED = """Processing /work
Collecting llama-cpp-python>=0.3
  Using cached llama_cpp_python-0.3.16-cp311-cp311-linux_x86_64.whl
Successfully installed llama-cpp-python-0.3.16
"""


def make(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def checkout(tmp_path):
    """A checkout with the script and a .venv whose python answers `pip install -e` from pip.out."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(SCRIPT, tmp_path / "scripts" / "demo.sh")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    make(bin_dir / "python", '#!/bin/bash\ncase "$*" in *"install -e"*) cat "$(dirname "$0")/pip.out"; '
                             'exit "$(cat "$(dirname "$0")/pip.rc")";; esac\nexit 0\n')
    make(bin_dir / "skillopt-sleep", '#!/bin/bash\necho "ran: $*"\n')
    return tmp_path


def run_script(checkout: Path, pip_out: str, pip_rc: int = 0) -> subprocess.CompletedProcess:
    (checkout / ".venv" / "bin" / "pip.out").write_text(pip_out)
    (checkout / ".venv" / "bin" / "pip.rc").write_text(str(pip_rc))
    return subprocess.run(["bash", str(checkout / "scripts" / "demo.sh"), "--nights", "1"], capture_output=True,
                          text=True, timeout=60, env={"PATH": "/usr/bin:/bin", "HOME": str(checkout)})


def test_the_compile_is_announced_once_when_pip_builds_it(checkout):
    done = run_script(checkout, BUILDS)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(CLAIM) == 1
    assert done.stdout.index(CLAIM) < done.stdout.index("ran: demo --nights 1")


def test_a_cached_wheel_is_not_called_a_compile(checkout):
    done = run_script(checkout, CACHED)
    assert done.returncode == 0, done.stderr
    assert CLAIM not in done.stdout + done.stderr
    assert "ran: model prepare" in done.stdout and "ran: demo --nights 1" in done.stdout


def test_a_failed_install_shows_pips_output_and_stops(checkout):
    done = run_script(checkout, "ERROR: Could not build wheels for llama-cpp-python\n", pip_rc=1)
    assert done.returncode != 0
    assert "Could not build wheels for llama-cpp-python" in done.stderr
    assert "ran: demo" not in done.stdout
