"""A constant's name kept out of added code: words that hold for good and hold back a name
written as a constant is (`SUPABASE_SERVICE_ROLE_KEY`, an environment variable or a secret's
key), or that name by its words ("the service role key") the one constant the agent's reply
before the turn wrote. That name is the text no added line may carry."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.occasion import holds_back, lasting
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# A constant's name: capitals and digits in two or more parts joined by underscores. One part
# alone (`CLI`, `API`) is as often an abbreviation of prose.
_CONSTANT = re.compile(r"(?<![\w$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w])")


def _names_by_words(user: str, constant: str) -> bool:
    """The words write two or more of the constant's parts after one another as words, in any
    case and joined by a space, a hyphen or an underscore ("service role" or "service_role" of
    `SUPABASE_SERVICE_ROLE_KEY`)."""
    parts = constant.lower().split("_")
    runs = (parts[i:j] for i in range(len(parts)) for j in range(i + 2, len(parts) + 1))
    return any(re.search(r"(?<![\w-])" + r"[\s_-]".join(map(re.escape, run)) + r"(?![\w])", user, re.I)
               for run in runs if all(part.isalpha() for part in run))


def constant_kept(turn: UserTurnInContext) -> Convention | None:
    """The constant the words keep out of added code for good, where the work before the turn
    edited a file with a suffix (code, a macro, a config): the one they write by its shape, or else the one the reply before the turn
    wrote that they name by its words. Words that do not hold for good ("drop API_KEY from this
    file") or hold nothing back state no rule; two names leave open which one is meant."""
    # A dotenv file (`.env`), no suffix after its leading dot, sets the constant as a variable:
    # code is what the rule keeps it out of, and a file of that kind alone was edited.
    if not any(PurePosixPath(p).suffix for p in turn.paths("before")) or not (holds_back(turn.user) and lasting(turn.user)):
        return None
    written = list(dict.fromkeys(_CONSTANT.findall(turn.user)))
    if not written:
        said = turn.said("before")
        written = [c for c in dict.fromkeys(_CONSTANT.findall(said)) if _names_by_words(turn.user, c)]
    return Convention("added_lines_avoid", written[0]) if len(written) == 1 else None
