"""The price table and the pre-night estimate."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends.base import Usage
from skillopt_sleep.backends.pricing import PriceTable, default_table
from skillopt_sleep.errors import ConfigError
from skillopt_sleep.night.plan.cost import CLI_OVERHEAD_TOKENS, PlannedCall, estimate_calls


def test_the_packaged_table_prices_the_default_models_of_both_providers():
    from skillopt_sleep.backends.auto import DEFAULT_MODELS

    table = default_table()
    for backend in ("anthropic", "openai", "claude-code"):
        for model in DEFAULT_MODELS[backend].values():
            price = table.lookup(model)
            assert price is not None, model
            assert price.input > 0 and price.output > 0 and 0 < price.cache_read <= price.input
            assert price.batch == 0.5


def test_aliases_snapshots_and_prefixes_resolve_to_one_price():
    table = default_table()
    assert table.lookup("haiku").model == "claude-haiku-5-5"
    assert table.lookup("claude-haiku-4-5-20251001").model == "claude-haiku-4-5"
    assert table.lookup("gpt-4.1-mini-2025-04-14").model == "gpt-4.1-mini"
    assert table.lookup("openai/gpt-4o-mini").model == "gpt-4o-mini"
    assert table.lookup("claude-unreleased-9") is None
    assert table.cost("claude-unreleased-9", Usage(10, 10)) is None


def test_cost_adds_every_component_and_batch_halves_it():
    price = default_table().lookup("claude-sonnet-4-5")  # $3 in, $15 out, $3.75 write, $0.30 read
    usage = Usage(input_tokens=1_000_000, output_tokens=100_000, cache_read_tokens=2_000_000, cache_write_tokens=400_000)
    assert price.cost(usage) == pytest.approx(3.0 + 1.5 + 0.6 + 1.5)
    assert price.cost(usage, batch=True) == pytest.approx((3.0 + 1.5 + 0.6 + 1.5) / 2)


def test_long_prompts_switch_to_the_long_context_rates():
    price = default_table().lookup("claude-haiku-5-5")
    assert price.cost(Usage(input_tokens=100_000)) == pytest.approx(0.01)
    assert price.cost(Usage(input_tokens=60_000, cache_read_tokens=60_000)) == pytest.approx(0.03 + 0.003)


def test_a_broken_price_file_is_a_config_error(tmp_path):
    bad = tmp_path / "prices.json"
    bad.write_text(json.dumps({"models": {"m": {"input": "cheap", "output": 1}}}))
    with pytest.raises(ConfigError, match="needs numeric"):
        PriceTable.load(bad)
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="cannot read"):
        PriceTable.load(bad)
    bad.write_text(json.dumps({"models": {"m": {"input": 1.0}}}))
    with pytest.raises(ConfigError, match="lacks output"):
        PriceTable.load(bad)


def test_estimate_sums_calls_tokens_and_dollars_per_role():
    planned = [
        PlannedCall("student", "anthropic", "claude-haiku-4-5", input_tokens=2000, output_tokens=300, calls=40),
        PlannedCall("teacher", "anthropic", "claude-sonnet-4-5", input_tokens=6000, output_tokens=900, calls=4),
    ]
    estimate = estimate_calls(planned)
    student, teacher = estimate.by_role["student"], estimate.by_role["teacher"]
    assert (student.calls, student.input_tokens, student.output_tokens) == (40, 80_000, 12_000)
    assert student.usd == pytest.approx(40 * (2000 * 1.0 + 300 * 5.0) / 1e6)
    assert teacher.usd == pytest.approx(4 * (6000 * 3.0 + 900 * 15.0) / 1e6)
    assert estimate.calls == 44 and estimate.usd == pytest.approx(student.usd + teacher.usd)
    assert "student" in estimate.render() and "$" in estimate.render()


def test_estimate_of_a_batch_night_is_half_and_cached_input_is_cheaper():
    call = dict(role="student", backend="anthropic", model="claude-haiku-4-5", input_tokens=3000, output_tokens=200, calls=10)
    standard = estimate_calls([PlannedCall(**call)]).usd
    assert estimate_calls([PlannedCall(**call, batch=True)]).usd == pytest.approx(standard / 2)
    assert estimate_calls([PlannedCall(**call, cached_input_tokens=2500)]).usd < standard


def test_unknown_prices_make_dollars_unknown_never_zero():
    estimate = estimate_calls([
        PlannedCall("student", "openai", "some-future-model", 1000, 100, calls=5),
        PlannedCall("teacher", "local", "", 1000, 100),
    ])
    assert estimate.by_role["student"].usd is None and estimate.usd is None
    assert estimate.by_role["teacher"].usd == 0.0
    assert any("some-future-model" in n for n in estimate.notes)
    assert "unknown" in estimate.render()


def test_cli_backends_carry_their_instruction_overhead():
    estimate = estimate_calls([PlannedCall("student", "codex", "gpt-5.1-codex-mini", 500, 100, calls=2)])
    assert estimate.input_tokens == 2 * (500 + CLI_OVERHEAD_TOKENS["codex"])


def test_negative_counts_are_refused():
    with pytest.raises(ValueError, match="negative"):
        estimate_calls([PlannedCall("student", "anthropic", "claude-haiku-4-5", -1, 10)])
