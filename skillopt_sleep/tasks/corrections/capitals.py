"""Code written in capitals, words apart (`EXIT PROGRAM`, `EXEC SQL`, `NOT NULL`), that the
agent's reply before the turn wrote of a file of code it edited, and that the words name in any
case while they hold it back for good ("never EXIT PROGRAM here, always RETURN", "exit program?
we never write that"): code not to add. COBOL's, SQL's and JCL's keywords are written so, with
no punctuation to mark them as code; prose writes capitals a word at a time (an abbreviation),
and a user who shouts writes words the reply did not."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.behaviour import DATA_SUFFIXES, MARKUP_SUFFIXES, Convention
from skillopt_sleep.tasks.corrections.commands import names_words, norm_path
from skillopt_sleep.tasks.corrections.occasion import clauses, holds_back, lasting, one_off
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# Two or more words of capitals side by side, each standing alone in any script ("EXEC SQLで").
_PHRASE = re.compile(r"(?<![A-Za-z0-9_-])[A-Z]{2,}(?: [A-Z]{2,})+(?![A-Za-z0-9_-])")


def _code_file(path: str) -> bool:
    """A file code is written in: one with a suffix that is no data, markup nor prose."""
    suffix = PurePosixPath(norm_path(path)).suffix.lower()
    return bool(suffix) and suffix not in DATA_SUFFIXES | MARKUP_SUFFIXES


def capitals_named(turn: UserTurnInContext) -> Convention | None:
    """The one phrase in capitals the reply before the turn wrote, after an edit of code, that the
    words name and hold back (a ban, or a question back about it) for good, not for this once. A
    name of a file the session touched (`LEDGER` of `LEDGER.cbl`) is no code; nor does the
    phrase's own negation (`NOT NULL`) hold anything back."""
    if not any(_code_file(p) for p in turn.paths("before")):
        return None
    touched = turn.paths("earlier") + turn.paths("before") + turn.paths("after")
    names = {PurePosixPath(norm_path(p)).stem.upper() for p in touched}
    said = " ".join(a.value for a in turn.before if a.kind == "say")
    named = [phrase for phrase in dict.fromkeys(_PHRASE.findall(said))
             if not names & set(phrase.split()) and names_words(turn.user, phrase.split())]
    if len(named) != 1:
        return None
    rest = re.sub(r"\s+".join(map(re.escape, named[0].split())), " ", turn.user, flags=re.I)
    # Held back alone, a keyword is as often wrong in this one place, whatever the words put in
    # its place ("no NOT NULL on that column, give it a DEFAULT"): only for good is it a ban.
    if not holds_back(rest) or not lasting(rest) or any(one_off(c) for c in clauses(rest)):
        return None
    return Convention("added_lines_avoid", named[0])
