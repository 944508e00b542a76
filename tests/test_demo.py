"""The README's first command, end to end with the real local model (slow: minutes on 2 cores)."""

import pytest

from skillopt_sleep.cli import main


@pytest.mark.slow
def test_demo_runs_a_real_night_with_the_local_model(tmp_path, monkeypatch, capsys):
    pytest.importorskip("llama_cpp")
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = main(["demo", "--set", "night.max_tasks=6", "--set", "night.rounds=1", "--set", "student.max_tokens=200"])
    out = capsys.readouterr().out
    assert code == 0
    assert "held-out score:" in out and "night " in out
    assert any(word in out for word in ("accepted", "rejected", "unverified", "no-new-edit", "nothing-to-learn"))
