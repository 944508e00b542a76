"""A run the words ask about and the agent's reply answers: where every sentence that writes a
word of the run (its program, job or flags) is a plain question that negates nothing ("where
does mise keep the installed versions?", "why did you pass -visitor to antlr4?"), and the
reply, with nothing changed, writes one of those words back ("Under ~/.local/share/mise/installs; `mise prune`
..."), the user asked about the run and got an answer: no ban of it. A question that the reply
only concedes ("Waarom asdf? Ik dacht dat we daar mise voor hadden." answered "Zal ik het via
mise opnieuw doen?") keeps its reading: the reply does not take the run up."""

from __future__ import annotations

import re

from skillopt_sleep.negation import has_prohibition_word
from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.commands import STANDS_AFTER, STANDS_BEFORE, segments
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# A sentence with what ends it, in any script.
_SENTENCE = re.compile(r"[^.!?;。！？；\n]+[.!?;。！？；]*")
# A plain question's end: "?!" and "??" object to what they name ("Encore un ssh direct ?!").
_ASKED = re.compile(r"(?<![?？!！])[?？]\s*$")


def _forms(word: str) -> set[str]:
    """A run's word as the words may write it: as typed, and a flag by its name alone."""
    forms = {word, word.lstrip("-")}
    return {form for form in forms if len(form.lstrip("-")) >= 3}


def _writes(text: str, forms: set[str]) -> bool:
    return any(re.search(STANDS_BEFORE + re.escape(form) + STANDS_AFTER, text, re.I) for form in forms)


def asked_and_answered(convention: Convention, turn: UserTurnInContext) -> bool:
    """Is this ban of a run one the words only asked about and the agent's reply, nothing else
    done, answered?"""
    if any(a.kind != "say" for a in turn.after):
        return False
    program = convention.value.split()[0]
    words = {w for a in turn.before if a.kind == "run" for run in segments(a.value) if run[0] == program for w in run}
    naming = [s for s in _SENTENCE.findall(turn.user) if any(_writes(s, _forms(w)) for w in words)]
    # A question that negates asks for the negation ("could you not wipe it with flyway clean?").
    if not naming or not all(_ASKED.search(s) and not has_prohibition_word(s) for s in naming):
        return False
    reply = " ".join(a.value for a in turn.after if a.kind == "say")
    asked = [w for w in words if any(_writes(s, _forms(w)) for s in naming)]
    return any(_writes(reply, _forms(w)) for w in asked)
