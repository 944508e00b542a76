"""Backends and benchmark adapters come from package entry points: a distribution installed
next to this one (a real dist-info with entry_points.txt on sys.path) adds its own by name."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from skillopt_sleep.backends import CompletionRequest, Message, backend_names, create_backend
from skillopt_sleep.benchmarks import benchmark_names, load_benchmark
from skillopt_sleep.errors import BenchmarkError, ConfigError

REPO = Path(__file__).resolve().parents[1]

EXTENSION_CODE = '''
from skillopt_sleep.backends.base import Completion
from skillopt_sleep.benchmarks.base import Benchmark
from skillopt_sleep.records import Judge, Rollout, Task


class ShoutingBackend:
    name = "shouting"
    supports_tools = False

    def __init__(self, model):
        self.model = model

    def complete(self, request):
        return Completion(text=request.messages[-1].content.upper(), model=self.model)


def create(model, options):
    return ShoutingBackend(model or options.get("default", "loud-1"))


def load(options):
    task = Task(task_id="t1", intent="Say hello.", judge=Judge(kind="exact", answers=["hello"]))
    return Benchmark(name="greetings", tasks=[task], skill_text="Greet people.")


class ReciterStudent:
    """Answers every task with the first line of the skill, judged by the task's own judge."""

    def __init__(self, setup):
        self.setup = setup

    def replay(self, task, sample, texts, seed):
        answer = texts.skill.splitlines()[0]
        return Rollout(task_id=task.task_id, sample=sample, answer=answer, score=self.setup.score(task, answer, []))


def create_student(setup):
    return ReciterStudent(setup)
'''


@pytest.fixture
def installed_extension(tmp_path, monkeypatch):
    """A third-party distribution installed into a folder on sys.path, as pip lays one out."""
    module = f"skillopt_extension_{uuid.uuid4().hex[:8]}"
    site = tmp_path / "site"
    (site / module).mkdir(parents=True)
    (site / module / "__init__.py").write_text(EXTENSION_CODE)
    dist_info = site / f"{module}-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    (dist_info / "entry_points.txt").write_text(textwrap.dedent(f"""\
        [skillopt_sleep.backends]
        shouting = {module}:create

        [skillopt_sleep.benchmarks]
        greetings = {module}:load

        [skillopt_sleep.students]
        reciter = {module}:create_student
        """))
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    return module


def test_an_installed_distribution_adds_a_backend_by_name(installed_extension):
    assert "shouting" in backend_names() and "local" in backend_names()
    backend = create_backend("shouting", "", {"default": "loud-2"})
    reply = backend.complete(CompletionRequest(system="", messages=[Message("user", "hello there")]))
    assert (reply.text, reply.model) == ("HELLO THERE", "loud-2")


def test_an_installed_distribution_adds_a_benchmark_by_name(installed_extension):
    assert "greetings" in benchmark_names() and "gbrain" in benchmark_names()
    bench = load_benchmark("greetings")
    assert bench.name == "greetings" and [t.task_id for t in bench.tasks] == ["t1"]


def test_an_unknown_name_lists_what_is_installed(installed_extension):
    with pytest.raises(ConfigError) as backend_error:
        create_backend("whispering", "")
    message = str(backend_error.value)
    assert message.startswith("unknown backend 'whispering'; installed backends: ")
    assert all(name in message for name in ("shouting", "local", "openai", "claude-code"))
    with pytest.raises(BenchmarkError) as benchmark_error:
        load_benchmark("farewells")
    assert "greetings" in str(benchmark_error.value) and "gbrain" in str(benchmark_error.value)


def test_without_the_extension_its_names_are_unknown():
    assert "shouting" not in backend_names()
    with pytest.raises(ConfigError, match="unknown backend 'shouting'"):
        create_backend("shouting", "")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="reading pyproject.toml needs tomllib")
def test_a_source_tree_that_was_never_installed_finds_its_own_entries():
    # -S: no site-packages, so no metadata of the installed package; the engine runs from the tree.
    code = "from skillopt_sleep.backends import backend_names; print(' '.join(backend_names()))"
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["anthropic", "claude-code", "codex", "local", "openai", "scripted"]


def test_the_config_chooses_an_installed_distributions_backend_by_name(installed_extension, tmp_path):
    from skillopt_sleep.backends.roles import backend_for_role
    from skillopt_sleep.config import load_config

    (tmp_path / ".skillopt-sleep.yaml").write_text("student:\n  backend: shouting\n  model: loud-3\n")
    config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml")
    assert config["student.backend"] == "shouting"
    choice = backend_for_role(config, "student")
    reply = choice.backend.complete(CompletionRequest(system="", messages=[Message("user", "quiet please")]))
    assert (reply.text, reply.model) == ("QUIET PLEASE", "loud-3")


def test_a_backend_name_nothing_registers_is_refused_with_the_names_that_are(installed_extension, tmp_path):
    from skillopt_sleep.config import load_config

    with pytest.raises(ConfigError) as error:
        load_config(cwd=tmp_path, env={"SKILLOPT_SLEEP_TEACHER__BACKEND": "whispering"}, user_file=tmp_path / "none.yaml")
    message = str(error.value)
    assert message.startswith("environment variable SKILLOPT_SLEEP_TEACHER__BACKEND: key 'teacher.backend' must be one of ")
    assert "shouting" in message and "claude-code" in message and message.endswith("got 'whispering'")


def test_an_installed_distribution_adds_a_student_that_repo_student_names(installed_extension, tmp_path, sandbox):
    from skillopt_sleep.backends.recorder import CallRecorder
    from skillopt_sleep.backends.scripted import ScriptedBackend
    from skillopt_sleep.config import load_config
    from skillopt_sleep.episode import RepoSpec
    from skillopt_sleep.records import Judge, Task
    from skillopt_sleep.night.replay.samples import ReplayRun, replay_tasks
    from skillopt_sleep.store import Store
    from skillopt_sleep.students.base import StudentSetup, Texts
    from skillopt_sleep.students.registry import night_student, student_names

    config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml", flags={"repo.student": "reciter"})
    assert config["repo.student"] == "reciter" and {"reciter", "text", "loop", "headless"} <= set(student_names())
    with pytest.raises(ConfigError, match="repo.student.*must be one of auto, headless, loop, .*reciter"):
        load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml", flags={"repo.student": "tutor"})
    task = Task(task_id="r1", intent="Fix it.", judge=Judge(kind="exact", answers=["hello"]),
                repo=RepoSpec(root=str(tmp_path), commit="0" * 40, found_by="hook"))
    with Store(tmp_path / "store.db") as store:
        recorder = CallRecorder(store, None)
        student = night_student(StudentSetup(ScriptedBackend(lambda request: ""), recorder, sandbox=sandbox),
                                config["repo.student"])
        [rollout] = replay_tasks([task], Texts("hello\nsay it"), student, ReplayRun(recorder))
    assert (rollout.answer, rollout.score.hard, rollout.error) == ("hello", 1.0, "")
