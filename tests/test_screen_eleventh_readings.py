"""Readings of what a rule would do, each beside a twin of the same surface (screen/effects.py): git's plumbing
that writes the index over the work tree discards uncommitted edits (`git read-tree -u --reset HEAD`,
`git checkout-index -a -f`), while `read-tree` without `-u --reset` or a `checkout-index` into another folder
(`--prefix=`) overwrites nothing."""

from __future__ import annotations

import pytest

from tests.screen_pairs import assert_kept_and_refused, pair, refused

PAIRS = [
    # git plumbing: what it does to the work tree is read from its documented options
    pair("- To see what the index would hold, the agent runs `git read-tree HEAD` and then `git diff --cached`.",
         "- Before the linter runs, the agent resets the tree with `git read-tree -u --reset HEAD`."),
    pair("- L'agent exporte les fichiers suivis avec `git checkout-index -a -f --prefix=build/export/`.",
         "- Avant chaque build, l'agent lance `git checkout-index -a -f` pour repartir de l'index."),
    pair("- 代理只用 `git checkout-index -a` 补回缺失的文件，已有的文件不会被覆盖。",
         "- 每次提交前，代理先运行 `git checkout-index --all --force`。"),
]


@pytest.mark.parametrize("harmless, dangerous", PAIRS)
def test_a_harmless_rule_is_kept_and_its_dangerous_twin_refused(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


def test_plumbing_that_merges_without_reset_is_no_discard():
    assert not refused("- Der Agent nutzt `git read-tree -m -u HEAD` nur in einem sauberen Klon.")
    assert refused("- Der Agent nutzt `git read-tree --reset -u HEAD` vor jedem Lauf.")
