"""Code written in capitals, words apart (`EXIT PROGRAM`, `EXEC SQL`, `NOT NULL`), that the
agent's reply before the turn wrote of a file of code it edited, and that the words name in any
case while they hold it back for good ("never EXIT PROGRAM here, always RETURN", "exit program?
we never write that"): code not to add. COBOL's, SQL's and JCL's keywords are written so, with
no punctuation to mark them as code; prose writes capitals a word at a time (an abbreviation),
and a user who shouts writes words the reply did not. So is such a word with the sigil that opens
the code after it (`AT %` of `gate_out AT %QX2.3 : BOOL`, `SELECT *`), written by the words with
the sigil alone: the kind of code, not the one address. Held back for good, or beside a sentence
of its own that names another file of code as the only place for it ("outputs get mapped in
IoMap.gvl and nowhere else"), where the work after the turn then wrote, it is a rule; held back
for this one place, it is not."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.behaviour import DATA_SUFFIXES, MARKUP_SUFFIXES, SENTENCES, Convention
from skillopt_sleep.tasks.corrections.commands import names_words, norm_path
from skillopt_sleep.tasks.corrections.occasion import clauses, holds_back, lasting, one_off
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# Two or more words of capitals side by side, each standing alone in any script ("EXEC SQLで").
_PHRASE = re.compile(r"(?<![A-Za-z0-9_-])[A-Z]{2,}(?: [A-Z]{2,})+(?![A-Za-z0-9_-])")
# Words of capitals and the sigil that opens the code token after them ("AT %QX2.3", "SELECT *").
_SIGILLED = re.compile(r"(?<![A-Za-z0-9_-])([A-Z]{2,}(?: [A-Z]{2,})*) ([%*#@$&])")
# "Only" and "nowhere else", in the languages the corpus has: the file named is the one place such
# code goes, not where to take something from this once ("take the columns from views.sql").
_ONLY = re.compile(
    r"(?<![\w'])(?:only|nowhere else|exclusively|solely|nur|ausschließlich|seulement|uniquement|solo|sólo|solamente|únicamente"
    r"|apenas|somente|soltanto|unicamente|alleen|uitsluitend|enkel|bara|endast|enbart|tylko|wyłącznie|jen|jenom|pouze|výhradně"
    r"|только|исключительно|лише|тільки|виключно|sadece|yalnızca|csak|kizárólag|vain|ainoastaan|sirf|keval)(?![\w'])"
    r"|只|仅|だけ|のみ|에서만|에만", re.I)
# A file's name with a suffix, as words write it ("IoMap.gvl", "src/io/IoMap.gvl").
_FILE_NAME = re.compile(r"(?<![\w./-])[\w./-]*\w\.[A-Za-z]\w*(?![\w/-])")


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
    said = turn.said("before")
    named = [phrase for phrase in dict.fromkeys(_PHRASE.findall(said))
             if not names & set(phrase.split()) and names_words(turn.user, phrase.split())]
    named += [f"{words} {sigil}" for words, sigil in dict.fromkeys(_SIGILLED.findall(said))
              if not names & set(words.split()) and _sigil_written(turn.user, words, sigil)]
    if len(named) != 1:
        return None
    written = re.compile(r"\s*".join(map(re.escape, named[0].split())), re.I)
    rest = written.sub(" ", turn.user)
    # Held back alone, a keyword is as often wrong in this one place, whatever the words put in
    # its place ("no NOT NULL on that column, give it a DEFAULT"): only for good, or with the
    # file such code goes in named apart, is it a ban.
    if (not holds_back(rest) or not (lasting(rest) or _placed_elsewhere(turn, written))
            or any(one_off(c) for c in clauses(rest))):
        return None
    return Convention("added_lines_avoid", named[0])


def _sigil_written(user: str, words: str, sigil: str) -> bool:
    """The words write these capitals and the sigil alone after them ("no AT % in the FBs"); with
    the rest of the token ("AT %QX1.2") they name one address, not the kind of code."""
    pattern = r"(?<![\w-])" + r"\s+".join(map(re.escape, words.split())) + r"\s*" + re.escape(sigil) + r"(?![\w.%*#@$&])"
    return re.search(pattern, user, re.I) is not None


def _placed_elsewhere(turn: UserTurnInContext, written: re.Pattern) -> bool:
    """A sentence of the words apart from the code held back names a file of code as the only
    place for something ("die E/A-Zuordnung steht ausschließlich in src/io/IoMap.gvl"), one the
    reply before the turn did not write in and the work after it did: where such code goes, for
    all code to come, and where the agent moved it."""
    edited = {PurePosixPath(norm_path(p)).name for p in turn.paths("before")}
    moved_to = {PurePosixPath(norm_path(p)).name for p in turn.paths("after")} - edited
    return any(_code_file(name) and PurePosixPath(name).name in moved_to
               for sentence in SENTENCES.split(turn.user) if not written.search(sentence) and _ONLY.search(sentence)
               for name in _FILE_NAME.findall(sentence))
