"""What every rule-check op is: a small class that evaluates an answer, describes itself to the
teacher, states itself as a rule for the student, can be derived from a user's words, and gives
an example. One op per module in `ops/`; the registry finds them."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, ClassVar

from skillopt_sleep.episode import Episode
from skillopt_sleep.records import ToolCallRecord


@dataclass(frozen=True)
class Outcome:
    """One check applied to one answer. `evidence` is the part of the answer that satisfied the
    check (a line, a section), so a rule can be illustrated with what the student really wrote."""

    passed: bool
    detail: str
    evidence: str = ""


@dataclass(frozen=True)
class RuleContext:
    """What a student rule may draw on: passing answers' own words, and the room a bound keeps."""

    evidence: tuple[str, ...] = field(default_factory=tuple)
    margin: float = 0.25
    task_texts: tuple[str, ...] = field(default_factory=tuple)  # the requests an illustration must not quote
    placeholder: str = ""  # what a labelled line's value is, in the teacher's words: "<high, medium or low>"
    document: str = ""  # the skill as it stands, which may already state this check's rule
    answer_lengths: tuple[int, ...] = ()  # characters of each answer the check judged, under that skill


class CheckOp:
    """Base of every op. `arg_kind` decides the default validation: text | number | none.

    An op whose wording is fixed states it as templates (`{arg}` the argument, `{quoted}` it in
    quotes) instead of overriding `describe` and `rule`."""

    name: ClassVar[str] = ""
    arg_kind: ClassVar[str] = "text"
    summary: ClassVar[str] = ""  # one line for prompts that list the ops ("contains: ...")
    structural: ClassVar[bool] = False  # part of an answer's layout (sections, labelled lines)
    instruction: ClassVar[str] = ""  # the template `describe` fills
    rule_text: ClassVar[str] = ""  # the template `rule` fills
    feedback_kind: ClassVar[str] = ""  # the user instruction whose value is this op's argument as it stands
    arg_is_literal: ClassVar[bool] = False  # the argument is text the answer must (not) carry
    # Judges what an agent did in a repository (its commands, its diff), so only a repo task's
    # episode can satisfy it; such an op overrides `evaluate_episode` instead of `evaluate`.
    needs_episode: ClassVar[bool] = False

    def problem(self, arg: Any) -> str | None:
        """Why `arg` cannot be evaluated by this op, or None."""
        if self.arg_kind == "text":
            if not isinstance(arg, str):
                return f"expects a string argument, got {type_name(arg)} {arg!r}"
            return None if arg else "expects a non-empty string argument"
        if self.arg_kind == "number":
            if isinstance(arg, bool) or not isinstance(arg, (int, float)):
                return f"expects a number of characters, got {type_name(arg)} {arg!r}"
            if not math.isfinite(arg) or arg < 0:
                return f"expects a non-negative number of characters, got {arg!r}"
            return None
        # No argument: tolerate the spellings people write for "none".
        return None if arg in (None, "", True) else f"takes no argument, got {arg!r}"

    def evaluate(self, arg: Any, answer: str, calls: list[ToolCallRecord]) -> Outcome:
        raise NotImplementedError

    def evaluate_episode(self, arg: Any, episode: Episode) -> Outcome:
        """Judge an episode's trajectory or diff (ops with `needs_episode`)."""
        raise NotImplementedError

    def describe(self, arg: Any) -> str:
        """A plain instruction for the teacher, exact about what is checked."""
        if not self.instruction:
            raise NotImplementedError
        return self.instruction.format(arg=arg, quoted=quote(arg))

    def rule(self, arg: Any, context: RuleContext) -> str:
        """One imperative bullet for the student's skill, or "" when the op has none. States the
        behaviour, never the check's pattern."""
        return self.rule_text.format(arg=arg, quoted=quote(arg))

    def stated_rule(self, arg: Any, document: str) -> str:
        """The line of `document` where this op's rule is already stated (as `rule` writes it),
        so a rule the student still misses is restated in its place; "" when none."""
        return ""

    def example_label(self, arg: Any) -> str:
        """The label of a line the check asks for ("Confidence"), when a model-written example of
        that line would illustrate the rule; "" when none."""
        return ""

    def layout_part(self, arg: Any, context: RuleContext) -> str:
        """This check's piece of a combined answer layout, or "" when it has none."""
        return ""

    def from_feedback(self, kind: str, value: str, unit: str) -> Any | None:
        """The argument of a check of this op that a user's explicit instruction gives
        (kind: use | avoid | section | max_length | min_length), or None."""
        return value if self.feedback_kind and kind == self.feedback_kind and value else None

    def example(self, arg: Any) -> str | None:
        """A short text that satisfies the check on its own, where one exists."""
        return None

    def literal(self, arg: Any) -> str | None:
        """The literal text the check asks the answer to carry, if any: a rule must never copy one
        task's literal (a name, a number, a token) into the skill."""
        return arg if self.arg_is_literal else None


# -- shared wording helpers -----------------------------------------------------------------------


def quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def clip(text: str, limit: int) -> str:
    text = text or ""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def line_at(text: str, index: int) -> str:
    """The whole line of `text` that holds character `index`."""
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return text[start: end if end >= 0 else len(text)].strip()
