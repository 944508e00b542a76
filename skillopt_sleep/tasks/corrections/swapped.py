"""A job of a program swapped for another of the same program, where the words negate the old
job themselves: `bitbake -c cleanall foo` before the turn, `bitbake -c cleansstate foo` after
it, and "kein cleanall. cleansstate." or "别用 bitbake -c cleanall，用 cleansstate。". The old job
is to avoid, the new one used instead. The swap alone is as often the plan's next step ("db push
is done; next run migrate dev"), and a job the words write without a negation of its own is a
remark on it ("db push is fine for prototyping but for this one do a migrate dev"), so both
jobs must be written (a job's one word as a verb inflects it: "no pushing"), the old one in a
clause that negates it and does not write the new one. A
negation of worry ("don't worry about db push now") forbids nothing, and a clause limited to this
occasion ("no more db push for this one") is a one-off (`occasion`). A flag the rerun dropped is
read the same way (`flag_negated`): the words must forbid it, "without --check" only runs again,
unless the words hold it for good ("build without --all; the book is never rebuilt whole").
A flag's value that is no plain word (`--tag v0.9.1`) swapped so is a pick for this work redone
(`value_negated`), no job, unless the words hold for good."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.corrections.behaviour import Convention, past_runner
from skillopt_sleep.tasks.corrections.commands import STANDS_AFTER, STANDS_BEFORE, command_name, names_words, segments
from skillopt_sleep.tasks.corrections.occasion import clauses, lasting, one_off, withholds
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext

def _runs(actions: list[Action]) -> list[list[str]]:
    return [past_runner(words) for a in actions if a.kind == "run" for words in segments(a.value)]


def _jobs(old: list[str], new: list[str]) -> tuple[list[str], list[str]] | None:
    """Two runs of one program on the same target that part at a word of their names (`db push`,
    `migrate dev`) or at a flag's value (`-c cleanall`, `-c cleansstate`): each run's command to
    that word, with the rest of its name; None where they do not part there."""
    if old[0] != new[0]:
        return None
    at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), None)
    if at is None or at == 0 or old[at].startswith("-") or new[at].startswith("-"):
        return None
    if at >= len(command_name(old)):
        # A flag's value is the job only where the run writes no job besides it, its target
        # alone (`bitbake -c cleanall foo`); beside a job of its own (`kubectl -n staging rollout
        # restart x`, `firebase hosting:channel:deploy x -P staging`) it is a setting of that job.
        rest = [w for i, w in enumerate(old[1:], 1) if i not in (at - 1, at) and not w.startswith("-")]
        if not old[at - 1].startswith("-") or len(rest) > 1 or old[at + 1:] != new[at + 1:]:
            return None
    return old[:max(len(command_name(old)), at + 1)], new[:max(len(command_name(new)), at + 1)]


def job_negated(turn: UserTurnInContext) -> Convention | None:
    """The job the work ran before the turn, swapped after it for another of the same program,
    where a clause of the words negates the old job and another writes the new one."""
    for old, new, at in _negated_swaps(turn):
        if not _picked(old, at, new) or lasting(turn.user):
            # Spelled from the program the words write (`datadog-agent status` of `sudo datadog-agent status`).
            start = next((i for i in range(1, at) if names_words(turn.user, new[i:])), 0)
            return Convention("command_avoided", " ".join(old[start:]), " ".join(new[start:]))
    return None


def value_negated(turn: UserTurnInContext) -> str:
    """The run before the turn done again after it with another value of one flag, no plain word
    (`--tag v0.9.0`, then `--tag v0.9.1`; `-p codec-core`, then `-p codec-stream`), where the
    words negate the old value and write the new one: a version or a part the run was pointed at,
    picked wrong for this piece of work and redone, no job to avoid; unless the words hold for
    good ("always the musl target, never gnu"). The old run, or ""."""
    if lasting(turn.user):
        return ""
    return next((" ".join(old) for old, new, at in _negated_swaps(turn) if _picked(old, at, new)), "")


def _picked(old: list[str], at: int, new: list[str]) -> bool:
    """The runs part at a flag's value that is no plain word, a job's name being one (`cleanall`)."""
    return old[at - 1].startswith("-") and not (old[at].isalpha() and new[at].isalpha())


def _negated_swaps(turn: UserTurnInContext):
    """Each pair of jobs (`_jobs`) a clause of the words negates the old one of and another
    writes the new one of, with the word they part at."""
    after = _runs(turn.after)
    said = clauses(turn.user)
    for old_run in _runs(turn.before):
        for new_run in after:
            jobs = _jobs(old_run, new_run)
            if jobs is None or any(run[:len(jobs[0])] == jobs[0] for run in after):
                continue  # the old job run again after the turn is not given up
            old, new = jobs
            at = next(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
            negating = [c for c in said if _names_job(c, old[at:]) and withholds(c) and not _names_job(c, new[at:])]
            if any(one_off(c) for c in negating):
                continue  # "no more db push for this one": this occasion only
            if negating and any(_names_job(c, new[at:]) for c in said if c not in negating):
                yield old, new, at


def _names_job(clause: str, job: list[str]) -> bool:
    """The clause writes the job, or its one word as a verb inflects it ("no pushing", "att
    pusha", "alleen mocken"): the word whole, a few letters after it."""
    if names_words(clause, job):
        return True
    word = job[-1]
    return (len(job) == 1 and len(word) >= 4 and word.isalpha()
            and re.search(STANDS_BEFORE + re.escape(word) + r"[a-z]{1,3}" + STANDS_AFTER, clause, re.I) is not None)


# "Without" frames a rerun ("run it without --check"): it takes the flag off this run, no ban.
_WITHOUT = re.compile(r"(?<![\w'])(?:without|sans|ohne|sin|sem|senza|zonder|utan|bez|без)(?![\w'])|不带|なしで|없이", re.I)


def flag_negated(turn: UserTurnInContext) -> Convention | None:
    """A long flag the work's run wrote, dropped when the agent ran the same command again after
    the turn, where a clause writes the flag as typed and forbids it for good ("we never build
    with --all", "pas de --all sur le book. jamais."): the command with that flag is to avoid.
    A clause that runs it again without the flag bans it only where the words hold for good
    ("only ever pushed from CI. run it without --push"); for this once, it bans nothing."""
    after = _runs(turn.after)
    said = clauses(turn.user)
    for old_run in _runs(turn.before):
        name = command_name(old_run)
        for flag in (w for w in old_run[len(name):] if w.startswith("--") and w[2:].isalpha()):
            if not any(run[:len(name)] == name and flag not in run for run in after):
                continue
            negating = [c for c in said if names_words(c, [flag])
                        and (withholds(_WITHOUT.sub(" ", c)) or (_WITHOUT.search(c) and lasting(turn.user)))]
            if negating and not any(one_off(c) for c in said):
                return Convention("command_avoided", " ".join(name + [flag]), " ".join(name))
    return None


def rerun_for_now(user: str, flag: str) -> bool:
    """The words write a dropped flag only to run again without it ("fine, now without -n"), and
    say so for this run: a clause limits it to now, or their only word for good tells of the
    habit of running with the flag first ("we always do a dry run first", "as always"), no ban.
    A clause that forbids the flag, or holds something else for good ("only ever pushed from CI"),
    keeps the ban."""
    said = clauses(user)
    writing = [c for c in said if names_words(c, [flag])]
    if not writing or any(not _WITHOUT.search(c) or withholds(_WITHOUT.sub(" ", c)) for c in writing):
        return False
    held = [c for c in said if lasting(c)]
    if any(withholds(c) or not _habit(c, flag) for c in held):
        return False
    return bool(held) or any(one_off(c) for c in writing)


def _habit(clause: str, flag: str) -> bool:
    """A clause for good that only tells of the habit: it names the flag's run by its words
    ("we always do a dry run first") or says nothing besides ("as always")."""
    name = r"[\s-]".join(map(re.escape, flag.lstrip("-").split("-")))
    return len(clause.split()) <= 2 or (len(flag.lstrip("-")) >= 4 and re.search(rf"(?<![\w-]){name}(?![\w-])", clause, re.I) is not None)
