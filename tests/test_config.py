import pytest

from skillopt_sleep.cli import main
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import ConfigError


@pytest.fixture
def layers(tmp_path):
    user = tmp_path / "user.yaml"
    user.write_text("night:\n  edit_budget: 2\n  rounds: 5\nstudent:\n  backend: openai\n")
    project = tmp_path / "proj"
    (project / "sub").mkdir(parents=True)
    (project / ".skillopt-sleep.yaml").write_text("night:\n  rounds: 4\n  max_tasks: 9\n")
    return user, project


def test_precedence_defaults_user_project_env_flags(layers):
    user, project = layers
    env = {"SKILLOPT_SLEEP_NIGHT__MAX_TASKS": "8", "SKILLOPT_SLEEP_GATE__METRIC": "hard"}
    config = load_config(cwd=project / "sub", env=env, flags={"gate.metric": "soft"}, user_file=user)
    assert config["night.concurrency"] == 4 and config.sources["night.concurrency"] == "default"
    assert config["night.edit_budget"] == 2 and config.sources["night.edit_budget"] == str(user)
    assert config["student.backend"] == "openai"
    assert config["night.rounds"] == 4 and config.sources["night.rounds"].endswith(".skillopt-sleep.yaml")
    assert config["night.max_tasks"] == 8 and config.sources["night.max_tasks"] == "env SKILLOPT_SLEEP_NIGHT__MAX_TASKS"
    assert config["gate.metric"] == "soft" and config.sources["gate.metric"].startswith("flag")


@pytest.mark.parametrize("content, expected", [
    ("night:\n  edit_budgt: 2\n", "unknown key 'night.edit_budgt' (did you mean 'night.edit_budget'?)"),
    ("night:\n  rounds: three\n", "key 'night.rounds' expects int"),
    ("gate:\n  metric: median\n", "must be one of hard, soft, mixed"),
    ("night: [1, 2\n", "malformed YAML"),
    ("- just\n- a list\n", "expected a mapping"),
    ("night:\n  edit_budget: 0\n", "at least 1"),
    ("night:\n  val_fraction: 0.95\n", "at most 0.9"),
])
def test_bad_user_file_names_file_and_key(tmp_path, content, expected):
    path = tmp_path / "bad.yaml"
    path.write_text(content)
    with pytest.raises(ConfigError) as info:
        load_config(cwd=tmp_path, env={}, user_file=path)
    assert str(path) in str(info.value) and expected in str(info.value)


def test_bad_environment_value_names_the_variable(tmp_path):
    with pytest.raises(ConfigError, match="SKILLOPT_SLEEP_NIGHT__ROUNDS"):
        load_config(cwd=tmp_path, env={"SKILLOPT_SLEEP_NIGHT__ROUNDS": "many"}, user_file=tmp_path / "none")
    with pytest.raises(ConfigError, match="unknown key 'nigth.rounds'"):
        load_config(cwd=tmp_path, env={"SKILLOPT_SLEEP_NIGTH__ROUNDS": "2"}, user_file=tmp_path / "none")


def test_config_command_prints_values_and_sources(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(["config", "--set", "night.rounds=3"]) == 0
    out = capsys.readouterr().out
    line = next(l for l in out.splitlines() if l.startswith("night.rounds"))
    assert "3" in line and "flag --set night.rounds" in line


def test_config_command_bad_flag_exits_non_zero_with_message(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(["config", "--set", "night.rounds=x"]) == 2
    assert "night.rounds" in capsys.readouterr().err


def test_null_only_for_nullable_keys(tmp_path):
    config = load_config(cwd=tmp_path, env={}, flags={"budget.max_usd": "null"}, user_file=tmp_path / "none")
    assert config["budget.max_usd"] is None
    with pytest.raises(ConfigError, match="night.rounds.*expects int"):
        load_config(cwd=tmp_path, env={}, flags={"night.rounds": "null"}, user_file=tmp_path / "none")


def test_the_typed_night_settings_take_every_default_from_the_schema(tmp_path):
    """A default lives in the schema; the typed settings built with no arguments equal the ones
    built from a config of defaults, and the self-contained gate's own default agrees."""
    import inspect

    from skillopt_sleep.night.gate.verdict import judge_paired
    from skillopt_sleep.night.sequencing.settings import GateSettings, NightSettings

    defaults = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml")
    assert NightSettings() == NightSettings.from_config(defaults)
    changed = defaults.with_overrides({"gate.confidence": 0.9, "night.max_tasks": 7, "memory.recall_k": 0})
    built = NightSettings.from_config(changed)
    assert (built.gate.confidence, built.split.max_tasks, built.recall_k) == (0.9, 7, 0)
    assert inspect.signature(judge_paired).parameters["confidence"].default == GateSettings().confidence \
        == defaults["gate.confidence"]
