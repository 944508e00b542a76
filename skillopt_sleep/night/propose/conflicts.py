"""User text that works against a rule the night states from a failing check.

A rule appended to the managed region loses to a sentence of the user's own text that asks for the
opposite ("be exhaustive" against a length bound): the small student follows the first and the
night cannot learn. So for each rule stated from the checks, the teacher is shown the rule and
the numbered sentences of the user's text and names those that ask for the opposite; each named
sentence becomes a candidate `delete` beside the rule. A sentence that forbids what the rule asks
for (a negation and a word of the rule: "Do not search" against "call the search tool") is a
candidate too, whether or not the teacher names it: a small teacher often names the neighbouring
sentence instead. The gate and attribution then measure it: a
delete is kept only when putting the sentence back lowers the held-out score, so a tie keeps the
user's words.

Asked only where `edits.allow_outside_managed` lets a night touch user text at all."""

from __future__ import annotations

import re

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.night.propose.skilldoc import consolidated_block_span, frontmatter_span, managed_span
from skillopt_sleep.records import Edit

SYSTEM = ("You compare an instruction document with one rule. Reply with the numbers of the sentences that pull "
          "against the rule, separated by commas, or 0 when none does.")
MAX_RULES = 2  # rules asked about per round: each costs one short teacher call
MAX_UNITS = 20  # sentences shown; a longer document is shown in its first ones
MAX_DELETES = 2  # sentences one rule may take out
_NUMBER = re.compile(r"\d+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_LIST_ITEM = re.compile(r"^([-*+]|\d+[.)])\s")
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_NEGATION = {"not", "never", "no", "avoid", "without", "neither", "nor", "refrain", "stop"}
# Words too common in instructions to say two sentences are about the same thing.
_COMMON = {"answer", "answers", "before", "after", "about", "every", "each", "your", "with", "from", "then",
           "that", "this", "what", "when", "where", "which", "them", "they", "their", "just", "only", "also",
           "into", "than", "more", "most", "some", "very", "will", "should", "must", "always", "make", "sure",
           "give", "write", "reply", "respond", "response", "user", "question", "request", "anything"}


def user_sentences(skill_text: str) -> list[str]:
    """The user's own instructions, one sentence or list item each: not the frontmatter, not a
    heading, not inside a region a night or a slow update wrote, not a marker or a blank. A
    sentence wrapped over several lines is one unit (a delete's anchor matches across the breaks)."""
    hidden = [span for span in (frontmatter_span(skill_text), managed_span(skill_text),
                                consolidated_block_span(skill_text)) if span]
    units: list[str] = []
    paragraph: list[str] = []

    def close() -> None:
        for sentence in _SENTENCE_END.split(" ".join(paragraph)):
            if sentence.strip() and sentence.strip() not in units:
                units.append(sentence.strip())
        paragraph.clear()

    pos = 0
    for line in skill_text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        text = line.strip()
        if not text or text.startswith(("#", "<!--", "```")) or any(s.start <= start < s.end for s in hidden):
            close()
        elif _LIST_ITEM.match(text):
            close()
            paragraph.append(text)
            close()
        else:
            paragraph.append(text)
    close()
    return units[:MAX_UNITS]


# Worked examples of everyday instructions, to show the form of a reply and that a sentence may
# pull against a rule without naming it; none is about anything a check asks for.
SHOTS = (
    ("Reply in English only.", ["Greet the user warmly.", "Answer in the language the user writes in."], "2"),
    ("Give the steps as a numbered list.", ["Write flowing prose, never lists.", "Mention the tools needed.",
                                            "Tell a story around every step."], "1, 3"),
    ("Name the price of each item.", ["Be friendly.", "Use plain words."], "0"),
)


def _ask(rule: str, sentences: list[str]) -> str:
    numbered = "\n".join(f"{i}. {sentence}" for i, sentence in enumerate(sentences, 1))
    return (f"Rule: {rule.strip().lstrip('- ')}\n\nSentences of the document:\n{numbered}\n\n"
            "Which sentences make it harder to follow the rule?")


def request_for(rule: str, sentences: list[str], seed: int) -> CompletionRequest:
    messages = []
    for shot_rule, shot_sentences, reply in SHOTS:
        messages += [Message(role="user", content=_ask(shot_rule, shot_sentences)), Message(role="assistant", content=reply)]
    messages.append(Message(role="user", content=_ask(rule, sentences)))
    return CompletionRequest(system=SYSTEM, messages=messages, max_tokens=12, temperature=0.0, seed=seed)


def named(reply: str, sentences: list[str]) -> list[str]:
    """The sentences a reply names by number, in the reply's order, at most MAX_DELETES."""
    chosen: list[str] = []
    for token in _NUMBER.findall(reply.split("\n")[0]):
        index = int(token)
        if 1 <= index <= len(sentences) and sentences[index - 1] not in chosen:
            chosen.append(sentences[index - 1])
    return chosen[:MAX_DELETES]


def _words(text: str) -> set[str]:
    """Lower-case words, "don't" read as "do not"."""
    return set(_WORD.findall(text.casefold().replace("n't", " not")))


def _stems(words: set[str]) -> set[str]:
    """The content words among `words`, a plural folded into its singular."""
    folded = {w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w for w in words}
    return {w for w in folded if len(w) >= 4 and w not in _COMMON and w not in _NEGATION}


def forbidding(rule: str, sentences: list[str]) -> list[str]:
    """The sentences that say not to do something the rule asks for: a negation and a content
    word of the rule. Only a candidate: the gate and attribution decide whether it goes."""
    wanted = _stems(_words(rule))
    return [s for s in sentences if _NEGATION & _words(s) and wanted & _stems(_words(s))]


def conflict_edits(teacher: Backend, recorder: CallRecorder, skill_text: str, rules: list[Edit], seed: int) -> list[Edit]:
    """One `delete` per user sentence that works against one of the strongest rules: those the
    teacher names, and those that forbid what the rule asks for."""
    sentences = user_sentences(skill_text)
    if not sentences:
        return []
    edits: dict[str, Edit] = {}
    for rule in sorted(rules, key=lambda e: -e.support)[:MAX_RULES]:
        reply = recorder.complete("teacher", teacher, request_for(rule.text, sentences, seed)).text
        against = forbidding(rule.text, sentences)
        for sentence in (against + [s for s in named(reply, sentences) if s not in against])[:MAX_DELETES]:
            if sentence in edits:
                continue
            edits[sentence] = Edit(op="delete", anchor=sentence, source="conflict", evidence_kind="checks",
                               support=rule.support, evidence=list(rule.evidence),
                               rationale=f"this sentence of the skill asks for the opposite of the rule "
                                         f"{rule.text.strip().lstrip('- ')[:100]!r}")
    return list(edits.values())
