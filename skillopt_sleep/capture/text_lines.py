"""Walking up a text's lines from one of them: the readers that name a value by what stands above
it (a command's prompt, a table's header, a folded header's first line, a YAML parent key, a
comment citing a test vector) each look a few lines up."""

from __future__ import annotations

from collections.abc import Iterator


def lines_above(text: str, line_start: int, most: int) -> Iterator[tuple[int, int]]:
    """Where each line above the one opening at `line_start` opens and ends (its newline left out),
    nearest first, at most `most` of them; the text's first line when empty is not one."""
    for _ in range(most):
        if line_start < 2:
            return
        above = text.rfind("\n", 0, line_start - 1) + 1
        yield above, line_start - 1
        line_start = above
