"""Instruction personas: people with standing preferences about how a reply looks, asking for
everyday writing in varied words. A persona is a fixed set of recurring instructions; each of its
requests is generated from a seed, and the reply is judged by the IFEval checkers of the
`if-verifiable` package (through the `verified_instruction` op), which nobody here wrote.

The requests never state the preferences: the starting skill does not know them either, so a night
must learn them from the checks its train tasks fail. `part: heldout` draws requests from topics
and recipients the train part never uses, and a `request_seed` no night has used gives requests
nobody can have tuned to.

Options: `persona` (see `PERSONAS`), `tasks` (how many requests, default 40), `request_seed`
(default 0), `part` (train | heldout, default train).
"""

from __future__ import annotations

import random

from skillopt_sleep.benchmarks.base import Benchmark, take_options
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import Check, Judge, Task, text_hash


def _i(instruction_id: str, **kwargs) -> dict:
    return {"id": instruction_id, "kwargs": kwargs}


# Each persona's preferences: instructions a person could hold for every reply.
PERSONAS: dict[str, list[dict]] = {
    "team-lead": [_i("detectable_format:number_bullet_lists", num_bullets=3),
                  _i("startend:end_checker", end_phrase="Let me know if anything is unclear."),
                  _i("keywords:forbidden_words", forbidden_words=["very", "really", "just"])],
    "texter": [_i("change_case:english_lowercase"), _i("punctuation:no_comma"),
               _i("length_constraints:number_words", num_words=80, relation="less than")],
    "newsletter-editor": [_i("detectable_format:title"), _i("detectable_format:number_highlighted_sections", num_highlights=2),
                          _i("detectable_content:postscript", postscript_marker="P.S.")],
    "report-writer": [_i("detectable_format:multiple_sections", section_spliter="SECTION", num_sections=3),
                      _i("length_constraints:number_words", num_words=120, relation="at least")],
    "template-author": [_i("detectable_content:number_placeholders", num_placeholders=2),
                        _i("length_constraints:number_paragraphs", num_paragraphs=2)],
    "integrator": [_i("detectable_format:json_format"), _i("change_case:english_lowercase")],
}

FORMS = [
    "Write a short message to {who} about {topic}.",
    "Explain {topic} to {who}.",
    "Give me some advice on {topic}.",
    "Summarize what {who} should know about {topic}.",
    "Draft a note to {who} announcing {topic}.",
    "How should I bring up {topic} with {who}?",
    "List the first steps for {topic}.",
    "Tell {who} why {topic} matters this month.",
]
# Two disjoint halves: the train part's requests never touch the held-out part's topics or recipients.
TOPICS = {
    "train": ["the new parking rules", "a delayed product launch", "the office move", "a budget cut", "the holiday rota",
              "a broken build server", "the quarterly review", "a new hire's first week", "the coffee machine",
              "a customer complaint", "switching to a new email tool", "the team offsite", "a missed deadline",
              "the fire drill", "a price increase", "saving energy at work", "a security training", "the summer hours",
              "a shared calendar", "weekly planning"],
    "heldout": ["a late invoice", "the new expense policy", "a supplier change", "the library renovation",
                "a product recall", "the volunteer day", "an outage last night", "the new onboarding guide",
                "a change of office hours", "recycling at work", "a meeting room shortage", "the annual survey",
                "a team reorganization", "the travel policy", "a data backup plan", "the charity run",
                "a software license renewal", "the welcome lunch", "a noise complaint", "remote work days"],
}
RECIPIENTS = {
    "train": ["my manager", "the whole team", "a new colleague", "our customers", "my landlord", "the project sponsor",
              "a supplier", "the night shift"],
    "heldout": ["the board", "a neighbour", "our interns", "the finance team", "a long-time client", "my mentor",
                "the support desk", "a volunteer group"],
}

SKILL = """---
name: {persona}
description: Writes everyday replies, notes and explanations for one person.
---

# Writing for {persona}

Answer the request clearly and helpfully.
"""


def requests(part: str, seed: int, count: int) -> list[str]:
    """`count` distinct requests of one part, in the order the seed draws them."""
    rng = random.Random(f"instruction-personas:{part}:{seed}")
    # Sorted, so the draw depends on the seed alone; a form without a recipient is one request per topic.
    distinct = sorted({f.format(topic=t, who=w) for f in FORMS for t in TOPICS[part] for w in RECIPIENTS[part]})
    if count > len(distinct):
        raise BenchmarkError(f"instruction-personas: at most {len(distinct)} requests, asked for {count}")
    return rng.sample(distinct, count)


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"persona": "team-lead", "tasks": 40, "request_seed": 0, "part": "train"},
                        "instruction-personas")
    persona, part = str(opts["persona"]), str(opts["part"])
    if persona not in PERSONAS:
        raise BenchmarkError(f"unknown persona {persona!r}; known: {', '.join(PERSONAS)}")
    if part not in TOPICS:
        raise BenchmarkError(f"instruction-personas: 'part' is train or heldout, got {part!r}")
    seed = int(opts["request_seed"])
    checks = [Check("verified_instruction", instruction) for instruction in PERSONAS[persona]]
    tasks = [Task(task_id=f"ip-{persona}-{part}-{seed}-{number:03d}", intent=intent, skill=persona, origin="benchmark",
                  judge=Judge(kind="rule", checks=list(checks)),
                  meta={"benchmark": "instruction-personas", "persona": persona, "part": part, "request_seed": seed})
             for number, intent in enumerate(requests(part, seed, int(opts["tasks"])), 1)]
    # A persona holds several preferences and a small student learns them one at a time: the gate
    # credits each one met (mixed: the mean of hard and soft); the tables report hard. Gated on
    # hard alone, a night that taught one of three preferences scored 0 against 0.
    return Benchmark(name=f"instruction-personas/{persona}", tasks=tasks, skill_text=SKILL.format(persona=persona),
                     source="generated", metric="mixed",
                     data_hash=text_hash("\n".join(t.intent for t in tasks) + repr(PERSONAS[persona]))[:16])
