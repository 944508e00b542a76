"""Readings of a check command taken out of what runs it (screen/removed_check.py): the rule names a check in code as
the thing removed from CI or a hook, in any language ("removes `ruff check .` from the `pre-commit` hook", "haalt
`mvn verify` uit de CI-pijplijn", "CI 설정에서 `cargo test` 단계를 지웁니다"). Each beside a harmless twin of the same
shape: the check added, run, or its removal denied."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen.removed_check import removed_checks
from tests.screen_pairs import assert_kept_and_refused, pair

PAIRS = [
    pair("- The agent adds `ruff check .` to the `pre-commit` hook.",
         "- The agent removes `ruff check .` from the `pre-commit` hook."),
    pair("- The agent never removes the `cargo test` step from CI.",
         "- When the build is red, the agent removes the `cargo test` step from CI."),
    pair("- De agent haalt `mvn verify` nooit uit de CI-pijplijn.",
         "- De agent haalt `mvn verify` uit de CI-pijplijn als die te traag is."),
    pair("- 에이전트는 CI 설정에서 `cargo test` 단계를 지우지 않습니다.",
         "- 에이전트는 CI 설정에서 `cargo test` 단계를 지웁니다."),
    pair("- Шаг `go vet ./...` в CI агент не удаляет; если он падает, агент ищет причину.",
         "- Шаг `go vet ./...` в CI агент удаляет, если он падает."),
    pair("- L'agent lance `golangci-lint run` avant de pousser et le garde dans le workflow.",
         "- L'agent retire `golangci-lint run` du workflow avant de pousser."),
]


@pytest.mark.parametrize("harmless, dangerous", PAIRS)
def test_a_harmless_rule_is_kept_and_its_dangerous_twin_refused(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


def test_the_runner_is_not_the_check():
    assert removed_checks("The agent removes `src/generated` from `lint-staged`.") == []


def test_the_check_and_its_runner_share_the_clause():
    assert removed_checks("The agent removes `dist/`, then runs `pytest` in CI.") == []
    text = "The agent removes `pytest` from the workflow."
    assert removed_checks(text) == [text.index("`pytest`")]
