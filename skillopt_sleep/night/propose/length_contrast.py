"""A length read off the student's own answers: where the answers that met every check ran
clearly shorter than the ones that missed one, across several tasks, the student loses the asked
format as it writes on (a small model drifts into a layout of its own in a long answer). That is
offered as a length, stated as a length-limit check's is (in the layout's opening line where the
skill lays out the answer, else as a rule of its own), and judged by the gate like any edit. No
check asks for it; the evidence is the contrast between the student's answers."""

from __future__ import annotations

from statistics import median

from skillopt_sleep.night.propose.rules import RuleSettings, layout_lead
from skillopt_sleep.records import Check, Edit
from skillopt_sleep.tasks.checks import RuleContext, layout_part, stated_rule, student_rule

CHECK_NAME = "answer length (the answers that met every check ran shorter)"
MIN_ANSWERS = 2  # passing answers, and failing ones, a contrast needs on each side
# "Clearly shorter": a passing answer is the shorter one in most (passing, failing) pairs, so one
# odd answer on either side does not decide, and the medians differ by a margin a limit can act on.
SHORTER_PAIRS = 0.7
SHORTER_BY = 0.85  # the passing answers' median length at most this share of the failing ones'
ROUND_TO = 100  # a number a reader takes as a limit, not a measurement


def length_from_contrast(evidence, settings: RuleSettings, document: str,
                         settled: frozenset[str] = frozenset()) -> Edit | None:
    """The length rule the contrast supports, or None: when it is turned off, the checks already
    bound the length, the skill already states a limit, the rule lost earlier tonight, or the
    answers that passed are too few, from too few tasks, or not clearly shorter."""
    lead, noted = layout_lead(document)
    if not settings.length_contrast or CHECK_NAME in settled or noted or stated_rule(Check("max_chars", 1), document):
        return None
    passing: list[int] = []
    failing: list[int] = []
    passing_tasks: set[str] = set()
    floor = 0
    for ev in evidence:
        for rollout in ev.rollouts:
            if rollout.error or rollout.score.error or not rollout.score.checks:
                continue
            for result in rollout.score.checks:
                if result.op == "max_chars":
                    return None  # the checks speak of length; their own rule says it
                if result.op == "min_chars" and isinstance(result.arg, int):
                    floor = max(floor, result.arg)
            if all(result.passed for result in rollout.score.checks):
                passing.append(len(rollout.answer))
                passing_tasks.add(ev.task.task_id)
            else:
                failing.append(len(rollout.answer))
    if len(passing) < MIN_ANSWERS or len(failing) < MIN_ANSWERS or len(passing_tasks) < settings.min_tasks:
        return None
    short, long = median(passing), median(failing)
    if short > SHORTER_BY * long or shorter_share(passing, failing) < SHORTER_PAIRS:
        return None
    margin = settings.margin
    limit = max(ROUND_TO, round(short / ROUND_TO) * ROUND_TO)
    if limit * (1 - margin) <= floor * (1 + margin):
        return None  # no room between the tasks' own lower bound and this one
    bound, context = Check("max_chars", limit), RuleContext(margin=margin)
    rationale = (f"the {len(passing)} train answer(s) that met every check (on {len(passing_tasks)} tasks) "
                 f"ran to a median {int(short)} characters; the {len(failing)} that missed one, {int(long)}")
    # Ranked after the checks' own rules, which say what is measured; this only helps meet them.
    common = dict(source="checks", support=1, evidence=sorted(passing_tasks), check=CHECK_NAME, rationale=rationale)
    if lead:
        # Where the skill lays out the answer, the length joins the layout's opening line, as a
        # length check's does, so the layout and its length are read together.
        return Edit(op="replace", anchor=lead, text=f"{lead[:-1]} {layout_part(bound, context)}:", **common)
    text = student_rule(bound, context)
    return Edit(op="add", text=text, **common) if text else None


def shorter_share(passing: list[int], failing: list[int]) -> float:
    """The share of (passing, failing) answer pairs in which the passing one is shorter (a tie
    counts half): the chance a passing answer is the shorter of two, whatever the outliers."""
    wins = sum(1.0 if p < f else 0.5 if p == f else 0.0 for p in passing for f in failing)
    return wins / (len(passing) * len(failing))
