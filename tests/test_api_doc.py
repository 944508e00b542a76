"""The Python API page (docs/python-api.md) is the one its script writes from the docstrings
today, its example runs as written, and every name the door exports resolves."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

import skillopt_sleep
from skillopt_sleep import api
from tests.script_kit import load_script
from tests.test_api import SKILL, scripted_inputs

PAGE = Path(__file__).resolve().parents[1] / "docs" / "python-api.md"
README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_python_api_page_is_current():
    assert PAGE.read_text() == load_script("apidoc").reference_markdown(), (
        "docs/python-api.md is stale: python scripts/apidoc.py > docs/python-api.md")


@pytest.fixture
def scripted_folder(tmp_path, monkeypatch) -> Path:
    """A folder holding a skill, a tasks file and a project config that names the scripted backend
    (the one thing the examples do not say), as the current folder."""
    for name in [n for n in os.environ if n.startswith("SKILLOPT_SLEEP_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SKILLOPT_SLEEP_CONFIG", str(tmp_path / "user.yaml"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "user.yaml").write_text("{}\n")
    _, script = scripted_inputs(tmp_path / "SKILL.md", tmp_path)
    (tmp_path / ".skillopt-sleep.yaml").write_text(
        f"store:\n  path: {tmp_path / 'store.db'}\nstudent:\n  backend: scripted\nteacher:\n  backend: scripted\n"
        f"scripted:\n  script: {script}\nnight:\n  seed: 7\n  rounds: 1\nmemory:\n  recall_k: 0\n")
    return tmp_path


def run_example(path: Path) -> str:
    """The first Python block of a document, run as written; what it printed."""
    example = re.search(r"```python\n(.*?)```", path.read_text(), flags=re.S).group(1)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example, str(path), "exec"), {})  # noqa: S102 - the documented example, as written
    return printed.getvalue()


def proposal_statuses(folder: Path) -> list[str]:
    with api.Places.from_config(api.Options(project=folder).config()).read_store() as store:
        return [row["status"] for row in store.query("SELECT status FROM proposals")]


def test_the_pages_example_runs_a_night_adopts_and_reverts_it(scripted_folder):
    shown = run_example(PAGE)
    assert "Key Risks" in shown  # the review printed the proposal's diff
    assert (scripted_folder / "SKILL.md").read_text() == SKILL  # adopted, then reverted
    assert proposal_statuses(scripted_folder) == ["reverted"]


def test_the_readmes_three_lines_run_a_night_that_stages_a_proposal(scripted_folder):
    shown = run_example(README)
    assert len(re.search(r"```python\n(.*?)```", README.read_text(), flags=re.S).group(1).splitlines()) == 3
    status, proposal = shown.split()
    assert status == "finished"
    assert proposal_statuses(scripted_folder) == ["pending"] and proposal in shown
    assert (scripted_folder / "SKILL.md").read_text() == SKILL  # staged, not applied


def test_every_name_the_door_exports_resolves_from_it_and_from_the_package_root():
    for name in api.__all__:
        assert getattr(api, name) is getattr(skillopt_sleep, name), name
    assert skillopt_sleep.api is api


def test_no_module_of_the_door_hides_a_name_it_exports():
    """Importing api/<name>.py sets `api.<name>` to that module: a function of the same name would vanish."""
    modules = {path.stem for path in Path(api.__file__).parent.glob("*.py")}
    assert not modules & set(api.__all__)


def test_options_set_keys_as_the_config_file_would():
    config = api.Options(skill="s/SKILL.md", tasks_file="t.jsonl", student="openai:gpt-x", rounds=3,
                         settings={"night.edit_budget": 2}).config()
    assert config["source"] == "file" and config["tasks_file"] == "t.jsonl" and config["skill"] == "s/SKILL.md"
    assert (config["student.backend"], config["student.model"], config["night.rounds"]) == ("openai", "gpt-x", 3)
    assert config["night.edit_budget"] == 2
    assert api.Options().config()["night.rounds"] == api.load_config()["night.rounds"]  # a None field keeps the files' value
