"""The exact judge: SQuAD-style normalised match against any acceptable answer, and the SQuAD
metrics other adapters use."""

from __future__ import annotations

import re
import string
from collections import Counter
from typing import Iterable

from skillopt_sleep.records import CheckResult, Score
from skillopt_sleep.tasks.checks.base import clip as _clip
from skillopt_sleep.tasks.checks.base import quote as _quote
from skillopt_sleep.tasks.judges.errors import error_score as _error_score

_PUNCTUATION = set(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def normalize_answer(text: str) -> str:
    """SQuAD normalisation: lowercase, drop punctuation, drop a/an/the, collapse whitespace."""
    lowered = (text or "").lower()
    no_punct = "".join(ch for ch in lowered if ch not in _PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", no_punct).split())


def exact_match(prediction: str, gold: str) -> bool:
    return normalize_answer(prediction) == normalize_answer(gold)


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD token F1 between one prediction and one gold answer (1.0 when both are empty)."""
    pred_tokens = normalize_answer(prediction).split()
    gold_tokens = normalize_answer(gold).split()
    if not pred_tokens or not gold_tokens:
        return float(pred_tokens == gold_tokens)
    common = Counter(pred_tokens) & Counter(gold_tokens)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision = same / len(pred_tokens)
    recall = same / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def best_token_f1(prediction: str, golds: Iterable[str]) -> float:
    return max((token_f1(prediction, gold) for gold in golds), default=0.0)


def score_exact(answers: list[str], answer: str) -> Score:
    if not answers:
        return _error_score("exact", answers, "an exact judge needs at least one acceptable answer")
    mine = normalize_answer(answer)
    for gold in answers:
        if mine and mine == normalize_answer(gold):
            result = CheckResult(op="exact", arg=list(answers), passed=True, detail=f"matches {_quote(gold)}")
            return Score(hard=1.0, soft=1.0, checks=[result])
    f1, closest = max(((token_f1(answer, g), g) for g in answers), key=lambda pair: pair[0])
    detail = f"normalised answer {_quote(_clip(mine, 80))} matches none of {len(answers)} acceptable answer(s)"
    if f1 > 0:
        detail += f"; closest {_quote(closest)} (token F1 {f1:.2f})"
    return Score(hard=0.0, soft=0.0, checks=[CheckResult(op="exact", arg=list(answers), passed=False, detail=detail)])
