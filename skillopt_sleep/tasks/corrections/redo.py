"""Work just done, done over first thing after the turn where no file was edited again: a commit
the agent made rewritten or taken back (`git commit --amend`, `git reset HEAD~1`, `git revert
HEAD`). That is the work corrected, once: the actions show that it changed, not a rule for work
to come."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.corrections.commands import looks_only, segments
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext

# The git commands that make a commit.
_COMMITTING = frozenset({"commit", "cherry-pick", "merge", "revert", "am"})
# A commit counted back from the branch's head (`HEAD~2`, `HEAD^`).
_FROM_HEAD = re.compile(r"^(?:HEAD|@)(?:[~^]\d*)+$")


def _first_change(turn: UserTurnInContext) -> Action | None:
    """The agent's first action after the turn that changes anything (a reply or a look around does not)."""
    for action in turn.after:
        if action.kind == "say" or (action.kind == "run" and all(looks_only(w) for w in segments(action.value))):
            continue
        return action
    return None


def _git(words: list[str]) -> str:
    return words[1] if len(words) > 1 and words[0] == "git" else ""


def _takes_back_a_commit(words: list[str]) -> bool:
    """A git command that rewrites the last commit or takes commits back: an amend, a reset to a
    commit counted back from the head, a revert of the head."""
    job, rest = _git(words), words[2:]
    if job == "commit":
        return "--amend" in rest
    if job in ("reset", "revert"):
        return any(_FROM_HEAD.match(w) or (job == "revert" and w in ("HEAD", "@")) for w in rest)
    return False


def commit_taken_back(turn: UserTurnInContext) -> str:
    """The command that, first thing after the turn, rewrites or takes back a commit the work just
    before the turn made; "" where there is none. Amending or resetting its own commit is the
    agent redoing what it had just finished, whatever the words called for."""
    made = any(_git(words) in _COMMITTING for a in turn.before if a.kind == "run" for words in segments(a.value))
    first = _first_change(turn)
    if not made or first is None or first.kind != "run":
        return ""
    return first.value if any(_takes_back_a_commit(words) for words in segments(first.value)) else ""

