"""A check op whose verdict comes from an installed instruction verifier (the IFEval checkers of
the `if-verifiable` package), registered through the `skillopt_sleep.checks` entry points.

The argument names one instruction and its parameters, {"id": "punctuation:no_comma",
"kwargs": {}}. The verdict is the package's strict check; the words the teacher and the student
see are ours, one plain sentence per kind of instruction, never the benchmark's instruction text.
Only kinds whose checker runs offline are phrased here (see `KINDS`); any other id is a problem
the judge reports, never a silent pass."""

from __future__ import annotations

from functools import cache
from typing import Any, Callable

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, quote

LANGUAGES = {"de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "pt": "Portuguese"}


def _words(kw: dict) -> str:
    limit, relation = kw["num_words"], kw.get("relation", "at least")
    return f"Keep the whole reply under {limit} words." if relation == "less than" else f"Write at least {limit} words."


def _sections(kw: dict) -> str:
    mark, count = kw["section_spliter"], kw["num_sections"]
    return (f"Divide the reply into {count} parts, each opened by a line of its own that reads "
            f"{quote(f'{mark} 1')}, {quote(f'{mark} 2')} and so on.")


# id -> the behaviour in our words, from the instruction's parameters. Left out, and why: the
# sentence count and the capital-word count need NLTK's punkt data, which NLTK downloads at run
# time; a paragraph's first word tokenizes with punkt too; repeating the request needs each
# request's own text, which is no standing preference; keyword and letter frequencies and the
# yes/no answer forms are tied to one request, not to a person. IFBench's checkers download NLTK
# data when their module is imported, so none of them is used.
KINDS: dict[str, Callable[[dict], str]] = {
    "punctuation:no_comma": lambda kw: "Use no comma anywhere in the reply.",
    "change_case:english_lowercase": lambda kw: "Write the whole reply in English in small letters only, with no capital letter anywhere.",
    "change_case:english_capital": lambda kw: "Write the whole reply in English in capital letters only.",
    "detectable_content:postscript": lambda kw: f"After the reply itself, add a closing note that begins with {quote(kw['postscript_marker'])}.",
    "startend:end_checker": lambda kw: f"Close every reply with the sentence {quote(kw['end_phrase'])}, and put nothing after it.",
    "startend:quotation": lambda kw: "Put the entire reply inside one pair of double quotation marks.",
    "detectable_format:title": lambda kw: "Open the reply with a title on its own line inside double angle brackets, as in <<A Short Title>> (a title of its own for each reply).",
    "detectable_format:number_bullet_lists": lambda kw: (
        f"Give the reply as exactly {kw['num_bullets']} list items, each on a line that starts with \"* \", and no other list items."),
    "detectable_format:number_highlighted_sections": lambda kw: (
        f"Mark at least {kw['num_highlights']} key phrases by putting single asterisks around each, as in *key phrase*."),
    "detectable_format:multiple_sections": _sections,
    "detectable_format:json_format": lambda kw: "Give the whole reply as one JSON object, with nothing before or after it.",
    "length_constraints:number_words": _words,
    "length_constraints:number_paragraphs": lambda kw: (
        f"Write exactly {kw['num_paragraphs']} paragraphs, with a line holding only *** between one paragraph and the next."),
    "keywords:forbidden_words": lambda kw: "Never use these words: " + ", ".join(quote(w) for w in kw["forbidden_words"]) + ".",
    "detectable_content:number_placeholders": lambda kw: (
        f"Leave at least {kw['num_placeholders']} blanks for the reader to fill in, each written in square brackets, as in [date]."),
    "language:response_language": lambda kw: f"Write the whole reply in {LANGUAGES.get(kw['language'], kw['language'])}.",
    "combination:two_responses": lambda kw: "Give two different replies, with a line of six asterisks (******) between them and nowhere else.",
}


class MissingVerifier(Exception):
    pass


@cache
def _verifier():
    try:
        from if_verifiable.common import evaluate_instructions
        from if_verifiable.ifeval.instructions_registry import INSTRUCTION_DICT
    except ImportError as exc:
        raise MissingVerifier(f"needs the if-verifiable package (pip install 'skillopt-sleep[benchmarks]'): {exc}") from None
    return evaluate_instructions, INSTRUCTION_DICT


def verify(instruction_id: str, kwargs: dict, answer: str) -> bool:
    """The package's strict verdict on one instruction."""
    evaluate_instructions, registry = _verifier()
    results, _ = evaluate_instructions(response=answer, instruction_id_list=[instruction_id], kwargs_list=[kwargs],
                                       prompt="", instruction_registry=registry)
    return bool(results and results[0].strict_pass)


class VerifiedInstruction(CheckOp):
    name = "verified_instruction"
    arg_kind = "mapping"
    summary = ""  # never taught to a mining prompt: only a benchmark's tasks carry it

    def problem(self, arg: Any) -> str | None:
        if not isinstance(arg, dict) or not isinstance(arg.get("id"), str):
            return f"expects {{\"id\": ..., \"kwargs\": {{...}}}}, got {arg!r}"
        if arg["id"] not in KINDS:
            return f"instruction {arg['id']!r} is not one this op phrases; known: {', '.join(sorted(KINDS))}"
        if not isinstance(arg.get("kwargs", {}), dict):
            return "its 'kwargs' must be a mapping"
        try:
            _, registry = _verifier()
            self.describe(arg)
        except MissingVerifier as exc:
            return str(exc)
        except KeyError as exc:
            return f"instruction {arg['id']!r} lacks its parameter {exc}"
        return None if arg["id"] in registry else f"the installed verifier has no instruction {arg['id']!r}"

    def evaluate(self, arg: Any, answer: str, calls) -> Outcome:
        passed = verify(arg["id"], dict(arg.get("kwargs") or {}), answer)
        said = self.describe(arg)
        return Outcome(passed, f"follows: {said}" if passed else f"does not follow: {said}")

    def describe(self, arg: Any) -> str:
        return KINDS[arg["id"]](arg.get("kwargs", {}))

    def rule(self, arg: Any, context) -> str:
        return "- " + self.describe(arg)
