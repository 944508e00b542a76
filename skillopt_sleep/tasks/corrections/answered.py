"""A run the words ask about and the agent's reply answers: where every sentence that writes a
word of the run (its program, job or flags) is a plain question that negates nothing ("where
does mise keep the installed versions?", "why did you pass -visitor to antlr4?"), and the
reply, with nothing changed, writes one of those words back ("Under ~/.local/share/mise/installs; `mise prune`
..."), the user asked about the run and got an answer: no ban of it. A question that the reply
only concedes ("Waarom asdf? Ik dacht dat we daar mise voor hadden." answered "Zal ik het via
mise opnieuw doen?") keeps its reading: the reply does not take the run up. So is a run the words
only remark on for the time it takes ("Boah, bitbake braucht heute ewig."), answered and nothing
changed (`remarked_on_time`)."""

from __future__ import annotations

import re

from skillopt_sleep.negation import has_prohibition_word
from skillopt_sleep.tasks.corrections.behaviour import Convention, praising_sentences
from skillopt_sleep.tasks.corrections.commands import STANDS_AFTER, STANDS_BEFORE, segments
from skillopt_sleep.tasks.corrections.durable import for_work_to_come
from skillopt_sleep.tasks.corrections.occasion import clauses, lasting, withholds
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
    reply = turn.said("after")
    asked = [w for w in words if any(_writes(s, _forms(w)) for s in naming)]
    return any(_writes(reply, _forms(w)) for w in asked)


# How long a run takes, in the languages the corpus has: what a remark on a run's time says.
_TIME_TAKEN = re.compile(
    r"(?<![\w'])(?:slow(?:er|ly)?|forever|ages|so long|crawl\w*|langsam\w*|ewig\w*|lent(?:e|s|es|o|a|ezza)?|éternité"
    r"|tarda\w*|eternidad|demor\w*|eternidade|eternità|ci mette ore|traag|eeuwig\w*|långsam\w*|evighet\w*|wolno|wieki"
    r"|pomal\w*|věčnost|медленн\w*|долго|вечность|повільн\w*|довго|yavaş\w*|time leta|der lag\w*)(?![\w'])"
    r"|慢|好久|半天|遅い|遅すぎ|時間がかか|느려|느리|오래 걸"
    # A span the run took, counted in seconds, minutes or hours ("nearly eight minutes", "quattro minuti").
    r"|(?<![\w'])(?:minutes|minuti|minutos|minuten|minuter|minuut|minut\w*|минут\w*|хвилин\w*|dakika|hours|ore|stunden|horas|uur"
    r"|seconds|sekunden|secondes|segundos|secondi|seconden|sekunder|sekund\w*|секунд\w*|saniye"
    r"|timmar|godzin\w*|hodin\w*|час(?:а|ов)?|годин\w*|saat|ghante)(?![\w'])|分钟|小时|分も|時間も|분이나|시간이나",
    re.I)


def remarks_on_time_only(user: str) -> bool:
    """Does every sentence of the words remark on how long a run took ("nine minutes for the docs
    build, honestly", "che lenta la CI stamattina"), none forbidding, praising or holding for good, and
    none writing another way to run it (a backquoted command, a flag, a path)? Answered in words
    that promise nothing, such a turn asks nothing done and sets nothing: a remark the reply
    takes up. Praise of a quick run ("only two minutes now, great") approves the work."""
    sentences = [s for s in _SENTENCE.findall(user) if s.strip()]
    return (bool(sentences) and all(_TIME_TAKEN.search(s) for s in sentences) and not praising_sentences(user)
            and not lasting(_TIME_TAKEN.sub(" ", user)) and not any(withholds(c) for c in clauses(user))
            and not re.search(r"`|(?<!\w)--?\w|\w/\w", user))


def remarked_on_time(convention: Convention, turn: UserTurnInContext) -> bool:
    """Is this ban of a tool one the words only remark on, for how long its run takes ("why is
    mimirtool so slow pushing a dozen rule groups", "Ten ocb kompiluje się wieki"), with the agent
    only answering? Every sentence that names the run (its program, its job, a flag by its name:
    "nearly eight minutes for a snapshot build") speaks of the time it takes, none
    forbids, nothing holds for good, and the words write no other way to run it (a backquoted
    command, a flag, a path), and the reply promises nothing for work to come. "never use
    mimirtool here, it's too slow; use cortextool" forbids, and keeps its ban."""
    reply = turn.said("after")
    if not turn.after or any(a.kind != "say" for a in turn.after) or for_work_to_come(reply):
        return False  # the agent changed what it does, or promised to: it read a rule
    user = turn.user
    # A word that says how long the run took ("takes forever") holds nothing for good.
    if lasting(_TIME_TAKEN.sub(" ", user)) or any(withholds(c) for c in clauses(user)) or re.search(r"`|(?<!\w)--?\w|\w/\w", user):
        return False
    # The run named by any word of it: its program whatever its length (`nx`), its job, a flag by
    # its name ("a snapshot build").
    run = {form for word in convention.value.split() for form in _forms(word)} | set(convention.value.split()[:1])
    naming = [s for s in _SENTENCE.findall(user) if _writes(s, run)]
    return bool(naming) and all(_TIME_TAKEN.search(s) for s in naming)
