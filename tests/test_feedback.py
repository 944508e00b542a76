"""Feedback signals: whole words, negation in scope, corrections carrying their rule."""

from __future__ import annotations

import pytest

from skillopt_sleep.capture.feedback import classify
from skillopt_sleep.capture.stated_rules import extract_rules


@pytest.mark.parametrize("text,kind", [
    ("thanks, that works", "positive"),
    ("perfect", "positive"),
    ("correct!", "positive"),
    ("it works now", "positive"),
    ("no problem, thanks", "positive"),
    ("great job", "positive"),
    ("That's incorrect", "negative"),  # "incorrect" is not "correct"
    ("not correct", "negative"),
    ("not fixed", "negative"),
    ("Still not fixed, same error", "negative"),
    ("it's not working", "negative"),
    ("that doesn't work", "negative"),
    ("that's wrong, it's still not fixed", "negative"),
    ("Great, but it still fails on empty input", "negative"),
    ("why is it still broken?", "negative"),
    ("nope", "negative"),
    ("is it fixed?", "none"),  # a question, not a verdict
    ("Fix the failing test in parser.py", "none"),  # a new request that mentions failure
    ("Add a function that returns the correct value", "none"),  # "correct" in a request
    ("Write a haiku about the sea", "none"),
    ("no, that's all", "none"),
    ("work on the parser next", "none"),
])
def test_kinds(text, kind):
    assert classify(text).kind == kind


@pytest.mark.parametrize("text,rule,rules", [
    ("no, use pnpm", "use pnpm", [("use", "pnpm", "")]),
    ("No, use pnpm instead of npm.", "use pnpm instead of npm", [("use", "pnpm", "")]),  # "npm" is inside "pnpm"
    ("don't use npm", "don't use npm", [("avoid", "npm", "")]),
    ("Use tabs, not spaces", "use tabs, not spaces", [("use", "tabs", ""), ("avoid", "spaces", "")]),
    ("instead of requests, use httpx", "instead of requests, use httpx", [("avoid", "requests", ""), ("use", "httpx", "")]),
    ("keep it under 20 lines", "keep it under 20 lines", [("max_length", "20", "lines")]),
    ("Please keep the summary under 300 characters", "keep the summary under 300 characters", [("max_length", "300", "chars")]),
    ("Actually, we use uv for this project", "we use uv for this project", [("use", "uv", "")]),
    ("you should include a Key Risks section", "include a Key Risks section", [("section", "Key Risks", "")]),
    ("No, it should return a list", "it should return a list", []),  # a correction without a checkable rule
])
def test_corrections_carry_their_rule(text, rule, rules):
    verdict = classify(text)
    assert verdict.kind == "correction"
    assert verdict.rule.lower() == rule.lower()
    assert [(r.kind, r.value, r.unit) for r in verdict.rules] == rules


def test_praise_then_a_new_request_keeps_the_request():
    verdict = classify("Thanks! Now add a README section about install")
    assert verdict.kind == "positive" and verdict.rest == "Now add a README section about install"


def test_rule_values_keep_the_users_case():
    assert [(r.kind, r.value) for r in extract_rules("Always use `PyYAML`, never use simplejson")] == [
        ("use", "PyYAML"), ("avoid", "simplejson")]


def test_long_requests_that_state_a_rule_are_not_corrections():
    text = ("Set up the CI pipeline for the monorepo with caching for every package, run the unit tests on each "
            "push and the slow ones nightly, publish coverage to the dashboard, and use pnpm for installs")
    assert classify(text).kind == "none"
    assert ("use", "pnpm") in [(r.kind, r.value) for r in extract_rules(text)]


def test_round_trip():
    from skillopt_sleep.capture.feedback import Feedback

    verdict = classify("no, use pnpm")
    assert Feedback.from_dict(verdict.to_dict()).rules == verdict.rules


@pytest.mark.parametrize("text,rules", [
    ("yarn, not npm", [("use", "yarn", ""), ("avoid", "npm", "")]),  # the choice named first
    ("httpx please, not requests", [("use", "httpx", ""), ("avoid", "requests", "")]),
    ("no, cite by ISBN", [("use", "ISBN", "")]),  # how to write the answer just given
    ("give them in hex please", [("use", "hex", "")]),
    ("I said use ruff", [("use", "ruff", "")]),
    ("I told you to use black", [("use", "black", "")]),
    ("please don't use emojis", [("avoid", "emojis", "")]),
    ("switch to the black formatter", [("use", "black", "")]),  # the article is not the tool
    ("no console.log calls, use the logger module", [("avoid", "console.log", ""), ("use", "logger", "")]),
    ("300 words max", [("max_length", "300", "words")]),
    ("max 40 lines", [("max_length", "40", "lines")]),
    ("12 lines or less, it's a docstring", [("max_length", "12", "lines")]),
    ("the title is too long, 60 chars tops", [("max_first_line", "60", "chars")]),  # a bound on the first line
    ("shorter headline please, at most 70 characters", [("max_first_line", "70", "chars")]),
    ("keep the changelog entry under 80 characters", [("max_length", "80", "chars")]),
    ("you forgot the Changelog section", [("section", "Changelog", "")]),
    ("the Next Steps section is missing", [("section", "Next Steps", "")]),
    ("put the caveats in their own section", [("section", "Caveats", "")]),  # a topic, capitalised as a heading
    ("open questions deserve their own heading", [("section", "Open questions", "")]),
])
def test_corrective_phrasings_are_recognised_with_their_rule(text, rules):
    verdict = classify(text)
    assert verdict.kind == "correction", verdict
    assert [(r.kind, r.value, r.unit) for r in verdict.rules] == rules


@pytest.mark.parametrize("text", [
    "no wait, let me think",  # "no" + a word is not a ban
    "no worries, take your time",
    "write tests with pytest",  # an object of its own: a new request, not how to write the last answer
    "show me the logs",
])
def test_look_alikes_state_no_rule(text):
    assert classify(text).rules == []


@pytest.mark.parametrize("text", ["that's way too long", "you forgot the tests again", "the docstring is missing"])
def test_complaints_without_a_rule_are_negative(text):
    assert classify(text).kind == "negative"
