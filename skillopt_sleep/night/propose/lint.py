"""A lint on the teacher's edits before they can be chosen: an edit must be an instruction, in
its own words (not a student's answer given back), general (not a request's topic, restated or
quoted as an example), and new (not what the document already says). Refused edits come back
with their reason for the report. Knows no benchmark: it reads the edit, the tasks and the skill."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher

from skillopt_sleep.night.propose.reflect import CUT_MARK
from skillopt_sleep.records import Edit, Task

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
# Words that open a description rather than an instruction ("The brief covers...", "It is...").
_PROSE_OPENERS = {
    "a", "an", "the", "this", "that", "these", "those", "it", "its", "there", "here", "i", "we", "they", "he", "she",
    "my", "our", "their", "his", "her", "and", "but", "or", "so", "because", "as", "while", "although", "which",
    "what", "why", "how", "who", "some", "many", "most", "one", "analysis", "overall", "in", "on", "of",
}
_MODAL = re.compile(r"\b(must|should|always|never|do not|don't)\b", re.I)
_TOKEN = re.compile(r"[a-z0-9][a-z0-9'-]*")
TOPIC_WORDS = 2  # this many of a request's topic words make an edit (or its example) that topic
ECHO_RUN = 5  # an edit quoting this many running words of one request, topic words among them, restates it
# Text in quotes; a single quote opens and closes only beside a non-letter (not "don't", "team's").
_QUOTED = re.compile(r"(?<![A-Za-z])'([^']{3,})'(?![A-Za-z])|\"([^\"]{3,})\"|\u201c([^\u201d]{3,})\u201d|\u2018([^\u2019]{3,})\u2019")
REPEAT_JACCARD = 0.8
COPY_RUN = 12  # an edit sharing this many running words with a student's answer copies it
_CUT = re.compile(re.escape(CUT_MARK).replace(r"\{\}", r"\d+"))


@dataclass
class LintResult:
    kept: list[Edit]
    refused: list[tuple[Edit, str]]


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text) if len(w) > 3}


def not_an_instruction(text: str) -> str:
    body = text.strip()
    first_line = body.splitlines()[0].strip() if body else ""
    if not body:
        return "is empty"
    if re.fullmatch(r"#{1,6}\s+.*", first_line) and len(body.splitlines()) == 1:
        return "is a bare heading, not an instruction"
    plain = first_line.lstrip("-*• ").strip()
    if plain.endswith(":") and len(plain.split()) <= 4 and len(body.splitlines()) == 1:
        return "is a bare label, not an instruction"
    first_word = (plain.split() or [""])[0].strip("\"'`*:,").casefold()
    if _MODAL.search(body):
        return ""
    label, colon, value = plain.partition(":")
    if colon and len(body.splitlines()) == 1 and len(label.split()) <= 4 and len(value.split()) <= 3:
        return "is a label with a value, not an instruction"
    if plain.endswith("?") or first_word in _PROSE_OPENERS or first_word.endswith(("ing", "ed", "ly")):
        return "reads as prose, not as an instruction"
    return ""


def one_tasks_topic(text: str, tasks: list[Task]) -> str:
    """Words of the edit that appear in exactly one task's request (not shared by the family)."""
    if len(tasks) < 2:
        return ""
    per_task = [_words(t.intent) for t in tasks]
    edit_words = _words(text)
    for index, words in enumerate(per_task):
        others = set().union(*(w for j, w in enumerate(per_task) if j != index))
        own = (edit_words & words) - others
        if len(own) >= TOPIC_WORDS:
            return f"names one task's topic ({', '.join(sorted(own)[:4])} from {tasks[index].task_id})"
    return ""


def _topic_words(tasks: list[Task]) -> set[str]:
    """Words of the requests that fewer than half of them use: their topics, not their phrasing."""
    share = Counter(word for task in tasks for word in _words(task.intent))
    return {word for word, count in share.items() if 2 * count < len(tasks)}


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.casefold())


def _longest_shared_run(edit: list[str], request: list[str]) -> list[str]:
    match = SequenceMatcher(None, edit, request, autojunk=False).find_longest_match(0, len(edit), 0, len(request))
    return edit[match.a:match.a + match.size]


def restates_a_request(edit: list[str], requests: list[tuple[str, list[str]]], topical: set[str]) -> str:
    """A run of words (`edit`, tokens) quoted from one request that carries its topic ("what your
    manager should know about a new hire's first week"), even when the topic recurs in a few
    requests (`requests`: each task's id and tokens)."""
    for task_id, words in requests:
        run = _longest_shared_run(edit, words)
        if len(run) >= ECHO_RUN and len(topical.intersection(run)) >= TOPIC_WORDS:
            return f"restates a request (\"{' '.join(run)}\" from {task_id})"
    return ""


def quotes_a_request(text: str, topical: set[str]) -> str:
    """An example in quotes made of a request's topic ("For example: 'Delayed Product Launch
    Announcement'"): the student copies an example, and this one is a train task's topic, even
    where that topic recurs in a few requests."""
    for groups in _QUOTED.findall(text):
        quoted = next(g for g in groups if g)
        found = _words(quoted) & topical
        if len(found) >= TOPIC_WORDS:
            return f"quotes a request's topic as its example ({', '.join(sorted(found)[:4])})"
    return ""


def dangling_lead_in(text: str) -> str:
    """Added text whose last line leads in to nothing ("...you can follow these steps:"): the
    student copies it as an opening line. A replaced line may lead in to the lines after it."""
    lines = text.strip().splitlines()
    return "ends in a lead-in with nothing after it" if lines and lines[-1].rstrip().endswith(":") else ""


def copies_an_answer(text: str, edit: list[str], answers: list[list[str]]) -> str:
    """Part of a student's answer given back as a rule (the teacher is shown the answers, as
    tokens in `answers`, cut at a length): a long run of their words, or the mark where the shown
    answer was cut."""
    if _CUT.search(text):
        return "copies an answer the teacher was shown (its cut mark with it)"
    if len(edit) >= COPY_RUN and any(len(_longest_shared_run(edit, answer)) >= COPY_RUN for answer in answers):
        return "copies a student's answer"
    return ""


def repeats_the_document(text: str, document: str) -> str:
    norm = " ".join(text.casefold().split())
    if norm and norm in " ".join(document.casefold().split()):
        return "repeats what the document already says"
    words = _words(text)
    for line in document.splitlines():
        line_words = _words(line)
        if words and line_words and len(words & line_words) / len(words | line_words) >= REPEAT_JACCARD:
            return "repeats what the document already says"
    return ""


def lint_edits(edits: list[Edit], tasks: list[Task], document: str, answers: list[str] = ()) -> LintResult:
    """The edits that pass, and those refused with why; `answers` are the student's answers the
    teacher was shown. The requests and answers are read once for every edit."""
    if not edits:
        return LintResult([], [])
    topical = _topic_words(tasks) if len(tasks) >= 2 else set()  # one request has no topic of its own
    requests = [(t.task_id, _tokens(t.intent)) for t in tasks]
    answer_words = [_tokens(answer) for answer in answers]
    kept: list[Edit] = []
    refused: list[tuple[Edit, str]] = []
    for edit in edits:
        why = ""
        if edit.op in ("add", "replace"):
            words = _tokens(edit.text)
            why = not_an_instruction(edit.text) or copies_an_answer(edit.text, words, answer_words) or \
                one_tasks_topic(edit.text, tasks) or \
                restates_a_request(words, requests, topical) or quotes_a_request(edit.text, topical) or \
                (dangling_lead_in(edit.text) or repeats_the_document(edit.text, document) if edit.op == "add" else "")
        if why:
            refused.append((edit, why))
        else:
            kept.append(edit)
    return LintResult(kept, refused)
