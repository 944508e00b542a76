"""A deleting command that undoes a step the same sentence took first: `kind create cluster --name chart-test`, then
`kind delete cluster --name chart-test`. What it deletes is what the rule itself made a step earlier, by name, so it is
the task's own output; the same deletion of anything else (another name, `--all`) is not."""

from __future__ import annotations

from skillopt_sleep.screen.commands import code, commands

# The step that makes a thing, and the steps that take that thing away again.
_MAKES = {"create", "add", "install", "new", "up"}
_UNMAKES = {"delete", "destroy", "remove", "rm", "del", "uninstall", "down"}


def _in_order(sentence: str) -> list[list[str]]:
    """The sentence's commands, in the order its code spans write them."""
    return [words for span in code(sentence) for words in commands(f"`{span}`")]


def _undoes(made: list[str], words: list[str]) -> bool:
    """Is `words` the command `made` with its making step turned into a deleting one, the thing it names kept?"""
    if len(made) != len(words):
        return False
    differing = [at for at, (a, b) in enumerate(zip(made, words)) if a != b]
    if len(differing) != 1:
        return False
    at = differing[0]
    # The thing must be named after the step (`cluster --name chart-test`, `namespace tmp-1`), not the tool's default.
    return at > 0 and made[at].lower() in _MAKES and words[at].lower() in _UNMAKES and len(words) - at - 1 >= 2


def undoes_earlier_step(words: list[str], sentence: str) -> bool:
    """Does `words` delete only what a command written before it in `sentence` made?"""
    ordered = _in_order(sentence)
    if words not in ordered:
        return False
    before = ordered[:ordered.index(words)]
    return any(_undoes(made, words) for made in before)
