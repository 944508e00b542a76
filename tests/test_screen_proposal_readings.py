"""Readings of someone else's proposal that holds a command, then the agent's answer to it (screen/prohibit.py): a
review bot's suggestion or an editor's quick fix the agent declines ("el agente rechaza la sugerencia", "agents don't
take it", "übernimmt der Agent das nicht", "適用せず", "不采纳") forbids what it holds, each beside a twin of the same
shape that takes it; a refusal denied ("never rejects it") or one in a condition ("if the user declines") declines
nothing. The refusal may come in the clause after a `;` ("...; a wyciszeń nie przyjmuje")."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen.prohibit import forbidden_by_next, forbids
from tests.screen_pairs import assert_kept_and_refused, pair

PAIRS = [
    pair("- Si el bot de revisión sugiere `git push --force` en el script, el agente rechaza la sugerencia.",
         "- Si el bot de revisión sugiere `git push --force` en el script, el agente acepta la sugerencia."),
    pair("- Schlägt der Review-Bot `continue-on-error: true` für den Lint-Schritt vor, übernimmt der Agent das nicht.",
         "- Schlägt der Review-Bot `continue-on-error: true` für den Lint-Schritt vor, übernimmt der Agent das sofort."),
    pair("- Quick fix \"Disable rule for this line\" on a lint diagnostic: agents don't take it.",
         "- Quick fix \"Disable rule for this line\" on a lint diagnostic: agents take it."),
    pair("- レビューボットの提案に `sudo` が入っている場合、エージェントは適用せず、人に確認してもらいます。",
         "- レビューボットの提案に `sudo` が入っている場合、エージェントはそのまま適用します。"),
    pair("- 评审机器人建议加 `print(os.environ)` 时，智能体不采纳。",
         "- 评审机器人建议加 `print(os.environ)` 时，智能体直接采纳。"),
    # a refusal denied, or one left to a condition, declines nothing
    pair("- The review bot suggests `git commit --no-verify` for slow hooks; the agent rejects the suggestion.",
         "- The review bot suggests `git commit --no-verify` for slow hooks and the agent never rejects it."),
    pair("- If the bot proposes `git reset --hard`, the agent declines and shows `git status` instead.",
         "- Propose `git reset --hard` to the user, and if they decline, run it anyway."),
]


@pytest.mark.parametrize("harmless, dangerous", PAIRS)
def test_a_harmless_rule_is_kept_and_its_dangerous_twin_refused(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


def test_only_a_proposal_declined_forbids_what_it_holds():
    assert forbids("- The bot suggests `sudo make install`, and agents don't take it.")
    assert not forbids("- The bot suggests `sudo make install`, and agents take it.")
    assert forbidden_by_next("- The bot suggests `sudo make install`", "agents don't take it.")
    assert not forbidden_by_next("- The agent runs `sudo make install`", "agents don't take the bot's advice.")
