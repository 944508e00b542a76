"""The default night's false-accept rate, as shipped: real nights with attribution, the offer of
the move, further looks and two rounds, a coin-flip student whose odds no document changes, and a
teacher whose edits do nothing. A night that stages an edit is a false accept."""

from __future__ import annotations

import pytest

from skillopt_sleep.experiments.false_accept import IDLE_EDITS, NullStudy, run_null_nights


@pytest.mark.parametrize("probation", [False, True])
def test_the_default_night_stages_an_idle_edit_at_most_one_minus_confidence_of_the_time(tmp_path, monkeypatch, probation):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    study = run_null_nights(40, settings={"gate.probation": probation}, work=tmp_path)
    assert study.confidence == 0.8 and study.nights == 40
    assert study.rate <= 1 - study.confidence
    # The gate really judged edits: some gains looked like one and needed another look.
    assert study.undecided > 0


@pytest.mark.parametrize("correlated", [False, True])
def test_over_five_hundred_lone_nights_the_rates_upper_bound_stays_within_the_confidence(tmp_path, monkeypatch, correlated):
    # Lone nights come closest to the bound (nothing is remembered from an earlier night). With
    # 500 of them the upper bound stays at 0.20 only up to 85 staged edits: a night whose true rate
    # were 0.22 would pass this 3 times in 1,000. The correlated null shares a task-level effect
    # among a task's samples, which a gate counting samples as independent mistakes for a gain.
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    study = run_null_nights(500, run_length=1, correlated=correlated, first_seed=10_000, work=tmp_path)
    assert study.nights == 500 and study.correlated == correlated
    assert study.upper95() <= 1 - study.confidence


@pytest.mark.slow
@pytest.mark.parametrize("probation", [False, True])
def test_over_a_thousand_lone_nights_even_the_rates_upper_bound_stays_within_it(tmp_path, monkeypatch, probation):
    # Lone nights come closest (nothing remembered from an earlier night). Two hundred of them
    # once read 0.165 where a thousand read 0.217: before the night's gates shared the budget.
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    study = run_null_nights(1000, settings={"gate.probation": probation}, work=tmp_path, run_length=1)
    assert study.upper95() <= 1 - study.confidence


def test_the_bound_of_a_rate_is_one_sided_and_shrinks_with_more_nights():
    few, many = NullStudy(nights=20, settings={}, accepted=2), NullStudy(nights=400, settings={}, accepted=40)
    assert few.rate == many.rate == 0.1
    assert few.upper95() > many.upper95() > 0.1
    assert len(set(IDLE_EDITS)) == len(IDLE_EDITS)


def test_a_rule_that_helps_is_staged_where_idle_edits_are_not(tmp_path, monkeypatch):
    # The other side of the bound: the same default nights stage a rule that lifts the pass odds
    # from 0.3 to 0.7 in most nights, and an idle edit in few.
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    helped = run_null_nights(30, effect=0.4, base=0.3, run_length=1, work=tmp_path)
    idle = run_null_nights(30, run_length=1, work=tmp_path)
    assert helped.effect == 0.4 and helped.rate >= 0.5
    assert helped.rate > 2 * idle.rate
