"""What a user's turn after agent work means: a correction (and the rule it states), a new
request, an approval or a question.

Behaviour decides first: a turn the agent changed course after is a correction, whatever anyone
says of it, and the change names the rule where it can (`behaviour.py`). The meaning the actions
leave open comes from a model given the words and the actions around them, asked for JSON under a
schema and answered through the call recorder, so its calls are bounded, cached and resumable. The
pattern reader (`capture/feedback.py`) is a fast path only: where it reads a correction with a
checkable rule, no model is asked; it never turns a change of course into anything else.
Whatever named it, a rule the agent's own work after the turn breaks (a folder to keep out of
that it then edits in) is dropped: the turn stays a correction, with no rule.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from pathlib import PurePosixPath

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.jsonrepair import parse_json_reply
from skillopt_sleep.backends.recorder import CallRecorder, cache_key
from skillopt_sleep.capture.edit_traces import NO_TRACE
from skillopt_sleep.capture.feedback import classify as classify_feedback
from skillopt_sleep.capture.sessions import Session
from skillopt_sleep.errors import BackendError, BudgetExceeded, StoreError
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.checks.manifests import names_a_manifest
from skillopt_sleep.tasks.checks.ops.no_refusal import refusal_opening
from skillopt_sleep.tasks.corrections.answered import asked_and_answered, remarked_on_time, remarks_on_time_only
from skillopt_sleep.tasks.corrections.apology import apologises, apologises_for_the_work
from skillopt_sleep.tasks.corrections.behaviour import (MANIFESTS, SENTENCES, Behaviour, Convention, call_as_place, checking, in_praise,
                                                        names_flag, names_word, praising_sentences, read_behaviour,
                                                        written_code_taken_out)
from skillopt_sleep.tasks.corrections.capitals import capitals_named
from skillopt_sleep.tasks.corrections.commands import command_name, covers, looks_only, names_words, segments
from skillopt_sleep.tasks.corrections.constants import constant_kept
from skillopt_sleep.tasks.corrections.durable import for_work_to_come
from skillopt_sleep.tasks.corrections.grounding import grounded, spelled_as_run, work_shows_code, work_shows_path
from skillopt_sleep.tasks.corrections.kinds import CONVENTION_KINDS, valid_convention
from skillopt_sleep.tasks.corrections.listed import listed_file_named
from skillopt_sleep.tasks.corrections.markers import marker_named, with_sigil
from skillopt_sleep.tasks.corrections.named import (check_named, code_kept, flag_named, folder_left, folder_named, generator_named, instead_of_ran,
                                                    manifest_named, names_a_check, other_job_written, placed_tests, project_file_named, ran_command_spelled, ran_tool_named, stated_for_good,
                                                    stopped_named, tools_named)
from skillopt_sleep.tasks.corrections.occasion import asks_next, clauses, lasting, one_off, withholds
from skillopt_sleep.tasks.corrections.prefixes import prefix_named
from skillopt_sleep.tasks.corrections.redo import commit_taken_back
from skillopt_sleep.tasks.corrections.retracted import takes_back_own_words
from skillopt_sleep.tasks.corrections.launched import as_launched
from skillopt_sleep.tasks.corrections.runners import behind_runners
from skillopt_sleep.tasks.corrections.set_apart import command_set_apart
from skillopt_sleep.tasks.corrections.swapped import flag_negated, job_negated, rerun_for_now, value_negated
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext, user_turns
from skillopt_sleep.tasks.repo.conventions import repo_checks

logger = logging.getLogger(__name__)

LABELS = ("correction", "new_request", "approval", "question")
ROLE = "reader"
# The checks the pattern reader's rules become, read back as convention kinds.
_KIND_OF_OP = {"command_avoided": "command_avoided", "command_used": "command_used", "path_untouched": "path_untouched",
               "ran_before_finish": "check_run_after_last_edit", "test_added": "test_added",
               "added_lines_avoid": "added_lines_avoid", "dependency_set_unchanged": "dependency_set_unchanged"}
_ASKS = re.compile(r"[?？]\s*$")
_MANIFEST_NAMES = {name.lower() for name in MANIFESTS}

NO_RULE = "none"  # the reader's kind for a one-off correction, or a turn that is no correction
READER_SYSTEM = """You read one turn a user wrote to a coding agent, with what the agent did just before it and what it did
next.
Say what the turn means given that work:
- correction: the preceding work was wrong or should be done another way (also when said as a question, a hint or a hedge)
- new_request: the user asks for new work
- approval: the user accepts the work
- question: the user wants an answer, not a change
For a correction, name the durable rule it states about how work is done in this repository, as rule_kind and its
value. Use rule_kind "none" only when the turn fixes this one piece of work and says nothing about work to come, and
for every turn that is no correction.
Rule kinds:
{kinds}
- none: no durable rule
Take values from the user's own words and the commands and paths shown; never invent a tool or a path.
Examples, from other projects:
- the agent ran `yarn add lodash`; the user: "we're on bun here" ->
  {{"label": "correction", "rule_kind": "command_avoided", "value": "yarn", "instead": "bun", "path": ""}}
- the agent edited docs/api/index.html; the user: "that page is built from the docstrings" ->
  {{"label": "correction", "rule_kind": "path_untouched", "value": "docs/api/**", "instead": "", "path": ""}}
- the agent changed parse_args(); the user: "not that function, the other one" ->
  {{"label": "correction", "rule_kind": "none", "value": "", "instead": "", "path": ""}}
- the agent fixed a bug; the user: "great, now add a --verbose flag" ->
  {{"label": "new_request", "rule_kind": "none", "value": "", "instead": "", "path": ""}}
Reply with JSON only: {{"label": "...", "rule_kind": "...", "value": "...", "instead": "...", "path": "..."}}"""


@dataclass(frozen=True)
class Reading:
    label: str  # one of LABELS
    convention: Convention | None = None
    source: str = ""  # behaviour | pattern | words | model | actions | praise: what decided the label
    evidence: str = ""
    named_by: str = ""  # behaviour | pattern | words | model: what named the convention, "" without one


def reader_schema() -> dict:
    """Every field required and the rule's kind always named (`none` where there is no rule): a
    small model offered a null convention takes it whatever the turn says."""
    fields = {"label": {"type": "string", "enum": list(LABELS)},
              "rule_kind": {"type": "string", "enum": [*CONVENTION_KINDS, NO_RULE]},
              "value": {"type": "string"}, "instead": {"type": "string"}, "path": {"type": "string"}}
    return {"type": "object", "properties": fields, "required": list(fields)}


def _lines(turn: UserTurnInContext, part: str) -> str:
    actions = getattr(turn, part)
    return "\n".join(f"- {a.kind}: {a.value}" for a in actions) or "- (nothing)"


def reader_request(turn: UserTurnInContext, behaviour: Behaviour, max_tokens: int = 300) -> CompletionRequest:
    kinds = "\n".join(f"- {kind}: {meaning}" for kind, (_, meaning) in CONVENTION_KINDS.items())
    changes = "\n".join([f"- {c.signal}: {c.evidence}" for c in behaviour.changes]
                        + [f"- edited again first thing after the turn: {path}" for path in behaviour.redone]) or "- (none seen)"
    content = (f"What the agent did before the turn:\n{_lines(turn, 'before')}\n\nThe user's turn:\n{turn.user}\n\n"
               f"What the agent did next:\n{_lines(turn, 'after')}\n\nChanges of course seen in the actions:\n{changes}")
    return CompletionRequest(system=READER_SYSTEM.format(kinds=kinds), messages=[Message(role="user", content=content)],
                             max_tokens=max_tokens, temperature=0.0, json_schema=reader_schema())


def reading_from_reply(text: str) -> Reading:
    """The model's reading; ValueError where the reply holds no label. A convention that names
    an unknown kind, an empty value or one no check takes is dropped, not the label with it."""
    data = parse_json_reply(text)
    if not isinstance(data, dict) or data.get("label") not in LABELS:
        raise ValueError(f"the reply names no label of {', '.join(LABELS)}")
    # The schema's flat fields; a reply that nests the rule as "convention" is read the same.
    raw = data.get("convention") if "convention" in data else {
        "kind": data.get("rule_kind"), "value": data.get("value"), "instead": data.get("instead", ""), "path": data.get("path", "")}
    convention = None
    if data["label"] == "correction" and isinstance(raw, dict):
        convention = valid_convention(raw.get("kind"), raw.get("value"), raw.get("instead", ""), raw.get("path", ""))
    return Reading(data["label"], convention, "model", named_by="model" if convention else "")


def reading_requests(sessions: "list[Session]") -> list[CompletionRequest]:
    """The reader's request for every user turn after agent work in these sessions: what mining
    them with the reader could ask at most (the pattern fast path and the record ask less)."""
    turns = [turn for session in sessions if not session.excluded for turn in user_turns(session)]
    return [reader_request(turn, read_behaviour(turn)) for turn in turns]


class ModelClassifier:
    """Asks a teacher what a turn means, through the recorder (a turn asked again is answered
    from the record, so a run cut short and started again pays only for the turns it had not
    read). At most `max_calls` new calls per classifier; past that a turn is left to the actions
    and the words, and counted as skipped."""

    def __init__(self, recorder: CallRecorder, backend: Backend, max_calls: int | None = None):
        self.recorder = recorder
        self.backend = backend
        self.max_calls = max_calls
        self.asked = 0  # turns put to the model, recorded answers included
        self.calls = 0  # of those, the ones no record answered
        self.invalid = 0  # replies that held no usable reading
        self.failed = 0  # calls the backend could not answer
        self.skipped = 0  # turns not asked: the bound was reached

    def _recorded(self, request: CompletionRequest) -> bool:
        return self.recorder.use_cache and self.recorder.lookup(
            cache_key(self.backend, request, 0, self.recorder.namespace)) is not None

    def classify(self, turn: UserTurnInContext, behaviour: Behaviour) -> Reading | None:
        request = reader_request(turn, behaviour)
        if not self._recorded(request):
            if self.max_calls is not None and self.calls >= self.max_calls:
                self.skipped += 1
                return None
            self.calls += 1
        self.asked += 1
        try:
            completion = self.recorder.complete(ROLE, self.backend, request)
        except (BudgetExceeded, StoreError):
            raise  # a cap, or a record that cannot be kept: asking on would not help
        except BackendError as exc:
            self.failed += 1
            logger.warning("the reader's model call failed: %s", exc)
            return None
        try:
            reading = reading_from_reply(completion.text)
        except ValueError as exc:
            self.invalid += 1
            logger.info("unusable reading from %s: %s", self.backend.model, exc)
            return None
        convention = grounded(reading.convention, turn)
        return replace(reading, convention=convention, named_by="model" if convention else "")


def _convention_of(check: Check) -> Convention | None:
    kind = _KIND_OF_OP.get(check.op)
    if kind is None:
        return None
    value = check.arg if isinstance(check.arg, str) else ""
    if kind == "added_lines_avoid":
        value = re.sub(r"\\(.)", r"\1", value.replace(r"\b", ""))
    return Convention(kind, value)


def asks(text: str) -> bool:
    return bool(_ASKS.search(text.strip()))


def _answered_only(turn: UserTurnInContext) -> bool:
    """The agent's work after the turn is a reply alone (or a look around), nothing changed."""
    return all(a.kind == "say" or (a.kind == "run" and all(looks_only(w) for w in segments(a.value))) for a in turn.after)


def pattern_reading(turn: UserTurnInContext) -> Reading:
    """The existing pattern reader's view of a turn, in the corpus's terms: feedback kinds as
    labels, its rules made checks as `repo/conventions.py` makes them."""
    verdict = classify_feedback(turn.user)
    if verdict.kind in ("correction", "negative"):
        checks = repo_checks(verdict.rules, [], turn.runs("before"))
        conventions = [c for c in map(_convention_of, checks) if c is not None]
        if not any(c.kind == "command_used" for c in conventions):
            conventions = [spelled_as_run(c, turn) for c in conventions]
        conventions = [c for c in conventions if c.kind != "added_lines_avoid" or work_shows_code(c.value, turn)]
        conventions = [c for c in conventions if c.kind != "path_untouched" or work_shows_path(c.value, turn)]
        conventions = [_manifest_kept(_flag_of_run(c, turn), turn) for c in conventions]
        return Reading("correction", conventions[0] if conventions else None, "pattern", verdict.cue,
                       "pattern" if conventions else "")
    if verdict.kind == "positive":
        # "Thanks! Now add tests": praise, then a new request (as the capture reads it).
        follow_up = verdict.rest
        if len(follow_up.split()) >= 3 and classify_feedback(follow_up).kind == "none":
            return Reading("new_request", None, "pattern", verdict.cue)
        return Reading("approval", None, "pattern", verdict.cue)
    return Reading("question" if asks(turn.user) else "new_request", None, "pattern")


def _flag_of_run(convention: Convention, turn: UserTurnInContext) -> Convention:
    """Words read as code to avoid that are the name of a long flag a command before the turn
    ran with ("squash, not merge commits" of `gh pr merge 412 --merge`): the ban is of that
    command with that flag, not of a word in the code."""
    if convention.kind != "added_lines_avoid":
        return convention
    name = convention.value.rstrip("(")
    for action in (a for a in turn.earlier + turn.before if a.kind == "run"):
        for words in segments(action.value):
            if f"--{name}" in words:
                return Convention("command_avoided", " ".join(command_name(words) + [f"--{name}"]))
    return convention


def _manifest_kept(convention: Convention, turn: UserTurnInContext) -> Convention:
    """A manifest to keep untouched is its dependency set kept as it is (its scripts and version
    may change), named as the work spells it (`Cargo.toml`, not the pattern reader's `cargo.toml`);
    so is a file whose dependencies a check reads (`names_a_manifest`: git's `.gitmodules`, its
    submodules), whatever read it as a file to keep."""
    name = PurePosixPath(convention.value).name
    if convention.kind != "path_untouched" or not (name.lower() in _MANIFEST_NAMES or names_a_manifest(name)):
        return convention
    touched = [p for p in turn.paths("earlier") + turn.paths("before") if p.lower() == convention.value.lower()]
    return Convention("dependency_set_unchanged", touched[0] if touched else convention.value)


def _by_actions(turn: UserTurnInContext, behaviour: Behaviour | None = None) -> Reading:
    """A turn nothing else read: the work just done, redone first thing after it, is a correction
    of that work (one-off: no rule); other work after it is new work; a reply alone answers a
    question (one asked) or acknowledges an approval."""
    behaviour = behaviour or read_behaviour(turn)
    if behaviour.redone:
        return Reading("correction", None, "actions", f"{behaviour.redone[0]} edited again first thing after the turn")
    if any(a.kind != "say" for a in turn.after):
        return Reading("new_request", None, "actions")
    return Reading("question" if asks(turn.user) else "approval", None, "actions")


def behaviour_reading(turn: UserTurnInContext, behaviour: Behaviour | None = None) -> Reading:
    """What the actions alone say, words unread; a check of a jar's tool named as it was started
    (`as_launched`), where the runs are still as the session wrote them."""
    behaviour = behaviour or read_behaviour(turn)
    if behaviour.changed_course:
        conventions = [as_launched(c, turn) for c in behaviour.conventions]
        return Reading("correction", conventions[0] if conventions else None, "behaviour",
                       "; ".join(c.evidence for c in behaviour.changes), "behaviour" if conventions else "")
    return _by_actions(turn, behaviour)


def read_turn(turn: UserTurnInContext, model: ModelClassifier | None = None) -> Reading:
    """The reading of one turn (`_read_turn`), without a rule the agent's own work after the turn
    breaks (`broken_after`); a correction it finds no rule of that redid a file at once takes the
    one piece of code the words write as what the redo took out, or the comment marker the reply
    wrote and the words name (`markers`), sigil and all, or a scheme's prefix they write alone
    (`prefixes`). Runs are read as the tools a package
    runner started (`behind_runners`); a check of a jar's tool is named as it was started
    (`as_launched`)."""
    ran, turn = turn, behind_runners(turn)
    reading = _listed_file_kept(_read_turn(turn, model), turn)
    if (reading.label == "correction" and reading.convention is None and not lasting(turn.user)
            and (taken_back := takes_back_own_words(turn.user))):
        # The user's own earlier words taken back: what is redone is their request changed. A
        # rule read beside them stays: "my bad, I should have said: not npm" owns the omission.
        return Reading("new_request", None, "words", f"the words take back the user's own (\"{taken_back}\")")
    if reading.convention is not None and broken_after(reading.convention, turn):
        return replace(reading, convention=None, named_by="")
    if reading.convention is not None:
        return replace(reading, convention=as_launched(with_sigil(_manifest_kept(reading.convention, turn), turn), ran))
    if reading.label != "correction" or reading.source == "praise":
        return reading
    written = (written_code_taken_out(turn) or constant_kept(turn) or marker_named(turn) or capitals_named(turn)
               or prefix_named(turn))
    if written is None:
        return reading
    return replace(reading, convention=written, named_by="words")


def _listed_file_kept(reading: Reading, turn: UserTurnInContext) -> Reading:
    """A correction without a rule, or one read as the file or its folder kept untouched, where
    the words name that data file with what it lists (`listed.listed_file_named`): the rule is of
    its dependency set, which the words name; the rest of the file may change."""
    if reading.label != "correction" or reading.source == "praise":
        return reading
    if reading.convention is not None and reading.convention.kind != "path_untouched":
        return reading
    listed = listed_file_named(turn)
    if listed is None:
        return reading
    files = [p for p in turn.paths("before") if PurePosixPath(p).name == listed.value]
    if reading.convention is not None and not any(covers(reading.convention.value.removesuffix("/**"), p) for p in files):
        return reading  # a rule of another file or folder stands
    return replace(reading, convention=listed, named_by="words")


def broken_after(convention: Convention, turn: UserTurnInContext) -> bool:
    """A folder to keep untouched that the agent's own work after the turn edits in (`launch/`,
    where the work went from one launch file to another): the turn moved the work within the
    folder, it did not put the folder out of bounds."""
    if convention.kind != "path_untouched" or not convention.value.endswith("/**"):
        return False  # a file kept is edited back to what it was: that is the undo, not new work there
    scope = convention.value.removesuffix("/**")
    return any(a.kind in ("edit", "write") and covers(scope, a.value) for a in turn.after)


def _read_turn(turn: UserTurnInContext, model: ModelClassifier | None = None) -> Reading:
    """The reading of one turn: behaviour first, then the pattern fast path, then the model;
    without a model's reading, what the words name against the work (`_named_by_words`), the
    pattern's label and then the actions' stand in for it. A tool to use that the words or the
    model name is read as the tool it replaces where the work shows one (`named.instead_of_ran`)."""
    behaviour = read_behaviour(turn)
    pattern = _instead_of_ran(pattern_reading(turn), turn)
    if behaviour.changed_course and _approved_then_asked_more(turn, behaviour):
        return Reading("new_request", None, "pattern", pattern.evidence)
    if behaviour.changed_course:
        reading = behaviour_reading(turn, behaviour)
        if _next_after_praise(turn, behaviour):
            return Reading("new_request", None, "words", reading.evidence + "; the words praise that run and ask the next "
                           "for now")
        if _rerun_for_now(turn, behaviour):
            # The flag dropped is the plan's next run, not one given up.
            return Reading("new_request", None, "words", reading.evidence + "; the words run it again without the flag for now")
        if _rehearsal_let_go(turn, behaviour):
            return Reading("approval", None, "words", reading.evidence + "; the words let the run go on without naming the flag")
        if _checked_before_next_step(turn, behaviour):
            return Reading("new_request", None, "words", reading.evidence + "; the words ask the next step for now and name "
                           "no check")
        if reading.convention is not None:
            return reading
        # The actions show a change but not its rule: the words may name one. Whatever the
        # words or the model say the turn is, it stays a correction.
        named = pattern if pattern.label == "correction" and pattern.convention is not None else None
        if named is None and model is not None:
            named = _instead_of_ran(model.classify(turn, behaviour), turn)
        if named is None or named.convention is None:
            return reading
        return Reading("correction", named.convention, "behaviour", reading.evidence, named.named_by)
    picked = value_negated(turn)
    if picked:
        return Reading("correction", None, "words", f"`{picked}` before the turn, run again with the value the words "
                       "give in place of the one they negate")
    swapped = job_negated(turn)
    if swapped is not None:
        return Reading("correction", swapped, "words", f"`{swapped.value}` before the turn, `{swapped.instead}` after it, "
                       "and the words negate the first", "words")
    dropped = flag_negated(turn)
    if dropped is not None:
        return Reading("correction", dropped, "words", f"`{dropped.value}` before the turn, `{dropped.instead}` after it, "
                       "and the words forbid the flag", "words")
    if pattern.label == "correction" and pattern.convention is not None:
        return pattern
    answered_question = asks(turn.user) and _answered_only(turn)
    kept_course = _answered_only(turn) and not answered_question
    marker = (for_work_to_come(turn.user) or _promised(turn) or _apologised(turn)) if kept_course else ""
    if kept_course and remarks_on_time_only(turn.user) and not _promised(turn):
        # A reply that promises work to come took the remark for a rule ("too slow, use
        # cortextool", answered "I'll use cortextool from now on"): the other readers decide.
        return Reading("question", None, "words", "the words only remark on how long a run took, and the agent answered")
    if model is not None:
        asked = _instead_of_ran(model.classify(turn, behaviour), turn)
        if asked is not None and asked.label == "correction" and answered_question:
            # Asked, and answered in words with nothing changed: the actions read it as a question,
            # and a model's word alone does not make it a rule.
            return Reading("question", None, "actions")
        if asked is not None and asked.label == "correction" and asked.convention is None and kept_course:
            # The model read an objection but no rule it could ground: what the words name
            # against the work is the rule, the model's reading its sign.
            named = _named_by_words(turn)
            return replace(asked, convention=named.convention, named_by="words") if named is not None else asked
        if asked is not None and not (marker and asked.label == "approval"):
            return asked
    named = _named_by_words(turn) if kept_course else None
    if named is None and kept_course:
        named = _named_in_promise(turn)
    if named is not None:
        return named
    if marker:
        # A rule set for work to come, only acknowledged: no approval of the work, whatever a
        # model read of the thanks around it.
        check = _check_set_apart(turn)
        if check is not None:
            return Reading("correction", check, "words", f"a rule for work to come (\"{marker}\") that writes "
                           f"`{check.value}` apart from its words", "words")
        return Reading("correction", None, "words", f"a rule for work to come (\"{marker}\"), set by the words or "
                       "promised in the reply; the agent only answered")
    if pattern.label == "new_request" and pattern.evidence and behaviour.redone and _praise_then_reasons(turn):
        # The file just edited redone at once, after praise and a request with its reason: the
        # request is how the work should have been. Which code it took out the words leave open
        # (they name what to write as often), so no rule.
        return Reading("correction", None, "praise", f"{behaviour.redone[0]} edited again first thing after "
                       "praise and a request given with its reason")
    stopped = None if _praised(turn) else stopped_named(turn)
    if stopped is not None:
        return Reading("correction", stopped, "words", f"the words name `{stopped.value}`, which the work ran before the "
                       "turn and not after it", "words")
    left = None if kept_course or names_a_check(turn.user) else folder_left(turn)
    if left is not None:
        return Reading("correction", left, "actions", f"the work after the turn leaves `{left.value}`, which the words "
                       "name, for edits elsewhere and a rebuild", "words")
    taken_back = commit_taken_back(turn)
    if taken_back:
        # The agent's own commit rewritten first thing after the turn: that work was corrected,
        # once, whether the words asked, hinted or named a format.
        return Reading("correction", None, "actions", f"`{taken_back}` first thing after the turn takes back the "
                       "commit just made")
    owned = apologises_for_the_work(turn.said("after")) if answered_question else ""
    if owned:
        # The reply owns the work the question was about ("I didn't run it, sorry"): an objection
        # in question form. Which rule the question implies it leaves open, so none is read.
        return Reading("correction", None, "words", f"a question the reply, nothing changed, apologises for (\"{owned}\")")
    if pattern.label in ("correction", "approval") or (pattern.label == "new_request" and pattern.evidence):
        return pattern  # the words' reading, praise then a request included
    if _next_step_asked(turn, behaviour):
        return Reading("new_request", None, "words", f"{behaviour.redone[0]} edited again for the next step the words ask "
                       "after a bare word")
    # A question answered by redoing the work just done is a correction in question form.
    return _by_actions(turn, behaviour) if not asks(turn.user) or behaviour.redone else Reading("question", None, "pattern")


def _check_set_apart(turn: UserTurnInContext) -> Convention | None:
    """The command a rule for work to come writes apart from its words (`set_apart`), to run last,
    where it is a check (`checking`: `mix test`, `swiftlint`): a name alone is as often a folder,
    a job or a tool to use ("meta 폴더", "squash로"); not one the words forbid ("앞으로 git push
    --force 하지 마세요")."""
    command = command_set_apart(turn)
    sentence = next((s for s in SENTENCES.split(turn.user) if command and command in s), "")
    if not command or not checking(command.split()) or withholds(sentence):
        return None
    return Convention("check_run_after_last_edit", command)


def _next_after_praise(turn: UserTurnInContext, behaviour: Behaviour) -> bool:
    """The actions' first rule is a command another took over, and the words praise that run
    and ask the next one for now ("pip install worked, now run poetry lock"): the plan's next
    step, not a tool given up. Words that hold for good ("kubectl apply worked. from now on use
    argocd instead") keep the ban."""
    change = next((c for c in behaviour.changes if c.convention is not None), None)
    if change is None or change.signal != "command_replaced" or lasting(turn.user):
        return False
    return in_praise(turn.user, change.convention.value.split()) and any(one_off(c) for c in clauses(turn.user))


def _rerun_for_now(turn: UserTurnInContext, behaviour: Behaviour) -> bool:
    """The actions' first rule is a flag the rerun dropped, and the words run it again without
    that flag for this run only (`swapped.rerun_for_now`)."""
    change = next((c for c in behaviour.changes if c.convention is not None), None)
    if change is None or change.signal != "flag_dropped":
        return False
    return rerun_for_now(turn.user, change.convention.value.split()[-1])


def _rehearsal_let_go(turn: UserTurnInContext, behaviour: Behaviour) -> bool:
    """The actions' first rule is a flag the rerun dropped that the words never write, held for
    good nor asked about, and either they praise the run ("Looks good, go ahead and cut it for
    real.") or the agent's reply before them named the run by that flag ("the dry run lists 38
    files", then "pode mandar, tá certo"): the run before was the rehearsal the words let go on
    for real. Words that forbid the flag by its words ("auto accept mat karo") are no praise and
    answer no rehearsal."""
    change = next((c for c in behaviour.changes if c.convention is not None), None)
    if change is None or change.signal != "flag_dropped":
        return False
    flag = change.convention.value.split()[-1]
    if names_flag(turn.user, flag) or lasting(turn.user) or re.search(r"[?？]", turn.user):
        return False
    said = turn.said("before")
    name = flag.lstrip("-")
    return bool(praising_sentences(turn.user)) or (len(name) >= 4 and names_word(said, name))


def _checked_before_next_step(turn: UserTurnInContext, behaviour: Behaviour) -> bool:
    """The actions' first rule is a check run first thing after the turn, and the words take the
    work with a bare word and ask the next step for now (`occasion.asks_next`: "ok, now deploy
    it") without writing the check's program: the agent looked at its work before the step asked,
    and the words set no rule of it. Words that name it ("ok, now ruff it, like after every
    change") ask for that check."""
    change = next((c for c in behaviour.changes if c.convention is not None), None)
    if change is None or change.convention.kind != "check_run_after_last_edit" or change.signal != "check_run_after":
        return False
    return asks_next(turn.user) and not names_word(turn.user, change.convention.value.split()[0])


def _approved_then_asked_more(turn: UserTurnInContext, behaviour: Behaviour) -> bool:
    """Words that praise the work and then give one plain instruction ("Nice. Now add a spec for
    the empty cart."), where all the agent changed after them is a test added: adding contradicts
    nothing done before, and the words approve it, so the test is the next piece of work, not a
    correction. So are words that ask for the test now ("ok, now add a test for the parser fix"),
    after no more than a word, with nothing forbidden, held for good ("now the Pester test, as
    usual") nor asked or exclaimed.
    A correction after praise gives its reason or asks ("Thanks! Could you add a test that
    reproduces it? Every fix gets one.")."""
    if not behaviour.changes or any(change.signal != "test_added" for change in behaviour.changes):
        return False
    verdict = classify_feedback(turn.user)
    told = [sentence for sentence in SENTENCES.split(verdict.rest) if sentence.strip()]
    if verdict.kind == "positive" and len(told) == 1 and not re.search(r"[?？]", verdict.rest):
        return True
    # Asked for now, calmly, after no more than a word ("ok", "good"): a clause for this occasion,
    # nothing forbidden or held for good. "Every fix needs a test. Now add one." states the rule first.
    said = clauses(turn.user)
    first = next((i for i, c in enumerate(said) if one_off(c)), None)
    return (first is not None and all(len(c.split()) <= 1 for c in said[:first]) and verdict.kind != "negative"
            and not lasting(turn.user) and not any(withholds(c) for c in said) and not re.search(r"[?？!！]", turn.user))


# Where a sentence ends, in any script; a semicolon joins two parts of one.
_SENTENCE_ENDS = re.compile(r"(?<=[.!?])\s+|[。！？\n]")


def _next_step_asked(turn: UserTurnInContext, behaviour: Behaviour) -> bool:
    """The file just edited, edited again where no record shows what the edit took back, after a
    bare word and the next step asked for now (`occasion.asks_next`): the same file is where the
    next step goes, not the last one redone. An edit whose record shows it rewrote what was just
    written is the redo, whatever the words ask; a word that objects ("Wrong. Now ...") takes
    the work back first."""
    if not behaviour.redone or any(a.trace != NO_TRACE for a in turn.after if a.kind == "edit" and a.value in behaviour.redone):
        return False
    return asks_next(turn.user) and classify_feedback(turn.user).kind != "negative"


def _praise_then_reasons(turn: UserTurnInContext) -> bool:
    """Praise, then a request and at least one more sentence (its reason: "Thanks! Could you do
    it without X? We keep X out of the code."). Praise then one request alone ("Nice work. Next
    time, could you also sort the imports?") is as often the next piece of work."""
    verdict = classify_feedback(turn.user)
    told = [sentence for sentence in _SENTENCE_ENDS.split(verdict.rest) if sentence.strip()]
    return verdict.kind == "positive" and len(told) > 1


def _named_by_words(turn: UserTurnInContext) -> Reading | None:
    """Where the agent kept its course and no model read the words (none given, or its call
    failed): a check they spell that the last edit went without, the tool it ran named beside
    another in one sentence, a generator they spell, code or a folder its work showed. None reads whether the words praise
    or object ("make check passes for me"), which is why a model's reading comes first; where the
    agent went on working, the actions say what the turn was."""
    check = check_named(turn)
    if check is not None:
        return Reading("correction", check, "words", f"the words name `{check.value}`, which no run after the last edit had",
                       "words")
    tools = tools_named(turn)
    # A remark on how long the run took names no tool in its place ("nextflow takes forever just to spin up").
    if tools is not None and not remarked_on_time(tools, turn):
        return Reading("correction", tools, "words", f"the words name `{tools.value}`, which the work ran, beside "
                       f"`{tools.instead}`, which it never did", "words")
    generator = None if _praised(turn) else generator_named(turn)
    if generator is not None:
        return Reading("correction", generator, "words", f"the words name `{generator.value}`, which no run after the "
                       "last edit had", "words")
    folder = None
    kept = (code_kept(turn) or constant_kept(turn) or _tests_placed(turn) or (folder := folder_named(turn)) or _flag_objected_to(turn)
            or _tool_objected_to(turn) or _command_objected_to(turn) or _manifest_objected_to(turn) or _project_file_objected_to(turn)
            or _listed_file_objected_to(turn))
    if kept is not None and kept is folder and names_a_check(turn.user):
        # The folder is where a test or lint the words name is to follow work ("any change in bin/
        # comes with a bats test"): an objection whose rule is that check, not the folder kept.
        return Reading("correction", None, "words", f"the words write `{kept.value}` beside a test or lint for work there")
    if kept is not None and kept.kind == "command_avoided" and " " not in kept.value and other_job_written(turn, kept.value):
        return Reading("correction", None, "words", f"the words write `{kept.value}` with another job than the one it ran")
    if kept is not None and kept.kind == "command_avoided" and stated_for_good(turn, kept.value):
        return Reading("correction", None, "words", f"the words state `{kept.value}` as the way to work beside a clause that forbids")
    if kept is not None and kept.kind == "added_lines_avoid" and call_as_place(turn, kept.value):
        return Reading("correction", None, "words", f"the words write `{kept.value})` as where other code they write stands")
    if kept is not None:
        return Reading("correction", kept, "words", f"the words name `{kept.value}`, which the work before the turn "
                       "showed", "words")
    return None


def _named_in_promise(turn: UserTurnInContext) -> Reading | None:
    """Where the agent only answered and its reply promises work to come ("Next time I'll do
    that", "I'll run hadolint after my last edit from now on"): the reply took the words for a
    lasting rule, so they are read with it (`_named_by_words`), a bare linter's name included. The
    rule's value must open a word of the user's own: the reply is evidence of which rule, never
    its source ("I'll change the spec and regenerate" names no generator the user did)."""
    if not _promised(turn):
        return None
    said = turn.said("after")
    named = _named_by_words(replace(turn, user=f"{turn.user} {said}"))
    if named is None or not re.search(r"(?<![\w-])" + re.escape(named.convention.value), turn.user, re.I):
        return None
    return replace(named, evidence=f"{named.evidence}; the agent's reply promises it for work to come")


def _tests_placed(turn: UserTurnInContext) -> Convention | None:
    """Where the words place each change's test (`named.placed_tests`), unless they praise: "thanks,
    the test in tests/unit/ looks good" places nothing for work to come."""
    return None if _praised(turn) else placed_tests(turn)


def _tool_objected_to(turn: UserTurnInContext) -> Convention | None:
    """A tool the work ran that the words name alone (`named.ran_tool_named`), unless a sentence
    of the words reads as praise ("brew is slow. anyway thanks, it worked"): one tool named is as
    often a remark on a run that went well; nor where the agent's reply offers a setting of its
    own (`NO_COLOR=1`, `--wrap-mode=x`): it took the words for a remark on how the tool behaves;
    nor where the words only asked about the run and the reply answered (`asked_and_answered`), or
    only remarked on the time it takes (`remarked_on_time`)."""
    if _praised(turn) or _offers_a_setting(turn):
        return None
    named = ran_tool_named(turn)
    return None if named is None or asked_and_answered(named, turn) or remarked_on_time(named, turn) else named


# A setting a reply can offer: a long option or an environment variable given a value.
_SETTING = re.compile(r"(?<![\w-])(--[a-z][\w-]+(?:=\S+)?|[A-Z][A-Z0-9_]{2,}=\S+)")


def _command_objected_to(turn: UserTurnInContext) -> Convention | None:
    """A command the work ran that the words spell (`named.ran_command_spelled`), unless a sentence
    that spells it reads as praise ("git reset --hard did it, thanks"): praise elsewhere in the
    words is no praise of that run; nor one the words only asked about (`asked_and_answered`) or
    remarked on for the time it takes (`remarked_on_time`)."""
    spelled = ran_command_spelled(turn)
    if (spelled is None or in_praise(turn.user, spelled.value.split()) or asked_and_answered(spelled, turn)
            or remarked_on_time(spelled, turn)):
        return None
    return spelled


def _flag_objected_to(turn: UserTurnInContext) -> Convention | None:
    """A flag of a command the work ran that the words name (`named.flag_named`), unless a
    sentence that writes it reads as praise ("--hard did it, thanks"), or the words only asked about
    the run (`asked_and_answered`: "why does coverage count lib/?", answered about `--coverage`)."""
    flag = flag_named(turn)
    if (flag is None or in_praise(turn.user, flag.value.split()[-1:]) or asked_and_answered(flag, turn)
            or remarked_on_time(flag, turn)):
        return None
    return flag


def _offers_a_setting(turn: UserTurnInContext) -> bool:
    """The agent's reply after the turn writes a setting the words and the work before never did."""
    said = turn.said("after")
    shown = turn.user + " " + " ".join(a.value for a in turn.earlier + turn.before)
    return any(setting not in shown for setting in _SETTING.findall(said))


def _manifest_objected_to(turn: UserTurnInContext) -> Convention | None:
    """A manifest the work added to that the words name (`named.manifest_named`), unless they praise."""
    return None if _praised(turn) else manifest_named(turn)


def _project_file_objected_to(turn: UserTurnInContext) -> Convention | None:
    """A manifest of the work the words name (`named.project_file_named`), unless they praise."""
    return None if _praised(turn) else project_file_named(turn)


def _listed_file_objected_to(turn: UserTurnInContext) -> Convention | None:
    """A data file of the work the words name with what it lists (`listed.listed_file_named`),
    unless they praise."""
    return None if _praised(turn) else listed_file_named(turn)


def _praised(turn: UserTurnInContext) -> bool:
    return bool(praising_sentences(turn.user))


def _instead_of_ran(reading: Reading | None, turn: UserTurnInContext) -> Reading | None:
    if reading is None or reading.convention is None:
        return reading
    return replace(reading, convention=instead_of_ran(reading.convention, turn))


def _promised(turn: UserTurnInContext) -> str:
    """The words in the agent's reply that promise work to come ("Sorry, I'll run it from now
    on"): it took the turn for a rule about how it works, so the turn is no approval of the work.
    Not where every sentence of the turn praises ("Looks great, thanks!", answered "I'll keep that
    style going forward"): there the reply promises more of the same."""
    return "" if _only_praise(turn) else for_work_to_come(turn.said("after"))


def _apologised(turn: UserTurnInContext) -> str:
    """The apology of a reply that only answered the turn ("Entschuldigung. Ohne Textur sieht das
    Item aber kaputt aus, deshalb lasse ich den Platzhalter drin"): the agent took the words for an
    objection to its work, even where it keeps that work, so the turn is no approval. Not where
    every sentence of the turn praises ("Looks good!", answered "Sorry it took so long"), nor
    where the reply opens by refusing what the words ask next ("Sorry, I can't reach the CI")."""
    reply = turn.said("after")
    return "" if _only_praise(turn) or refusal_opening(reply) else apologises(reply)


def _only_praise(turn: UserTurnInContext) -> bool:
    sentences = [s for s in SENTENCES.split(turn.user) if s.strip()]
    return len(praising_sentences(turn.user)) == len(sentences)
