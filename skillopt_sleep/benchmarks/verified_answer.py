"""A check op whose verdict comes from a procedural generator's own verifier (reasoning-gym's
`score_answer`), registered through the `skillopt_sleep.checks` entry points.

The argument names one generated item, {"dataset": "leg_counting", "seed": 3, "size": 40,
"config": {...}, "index": 7, "answer": "46"}: the item is generated again from it (the generator
is deterministic), so the check needs no stored copy of the item, and its verifier decides. The
reply's final answer is its last `Answer:` line, else the text inside its last <answer> tags,
else the last number of its last line."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, clip, quote

ANSWER_LINE = re.compile(r"^\W*(?:final\s+)?answer\s*[:=]\s*(.+?)\s*$", re.I | re.M)
ANSWER_TAGS = re.compile(r"<answer>(.*?)</answer>", re.S | re.I)
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
KEYS = ("dataset", "seed", "size", "index")


class MissingGenerator(Exception):
    pass


def final_answer(reply: str) -> str | None:
    lines = ANSWER_LINE.findall(reply or "")
    if lines:
        return lines[-1].strip().rstrip(".").strip("*`").strip()
    tags = ANSWER_TAGS.findall(reply or "")
    if tags:
        return tags[-1].strip()
    last = next((line for line in reversed((reply or "").strip().splitlines()) if line.strip()), "")
    numbers = NUMBER.findall(last)
    return numbers[-1] if numbers else None


@lru_cache(maxsize=32)
def generated(dataset: str, seed: int, size: int, config: tuple) -> Any:
    try:
        import reasoning_gym
    except ImportError as exc:
        raise MissingGenerator(f"needs the reasoning-gym package (pip install 'skillopt-sleep[benchmarks]'): {exc}") from None
    return reasoning_gym.create_dataset(dataset, seed=seed, size=size, **dict(config))


def dataset_of(arg: dict) -> Any:
    return generated(arg["dataset"], int(arg["seed"]), int(arg["size"]), tuple(sorted((arg.get("config") or {}).items())))


class VerifiedAnswer(CheckOp):
    name = "verified_answer"
    arg_kind = "mapping"
    summary = ""  # never taught to a mining prompt: only a benchmark's tasks carry it

    def problem(self, arg: Any) -> str | None:
        if not isinstance(arg, dict) or any(key not in arg for key in KEYS):
            return f"expects a mapping with {', '.join(KEYS)}, got {arg!r}"
        try:
            data = dataset_of(arg)
        except MissingGenerator as exc:
            return str(exc)
        except (ValueError, TypeError, KeyError, AssertionError) as exc:
            return f"the generator refuses {arg['dataset']!r} with this config: {exc}"
        if not 0 <= int(arg["index"]) < len(data):
            return f"item {arg['index']} is outside the {len(data)} generated"
        return None

    def evaluate(self, arg: Any, answer: str, calls) -> Outcome:
        data = dataset_of(arg)
        entry = data[int(arg["index"])]
        given = final_answer(answer)
        if given is None:
            return Outcome(False, "the reply gives no final answer")
        passed = float(data.score_answer(given, entry)) >= 1.0
        return Outcome(passed, f"final answer {quote(clip(given, 60))} is " + ("right" if passed else "wrong"))

    def describe(self, arg: Any) -> str:
        return f"The reply's final answer is {quote(str(arg.get('answer', '')))}, as the generator's verifier checks it."

    def rule(self, arg: Any, context) -> str:
        return ""  # one item's answer is never a rule for the student

    def literal(self, arg: Any) -> str | None:
        return str(arg.get("answer", "")) or None
