"""The qrels judge: the answer must come from a `search` call whose top-k holds an expected slug
(binary-relevance nDCG@k, as gbrain scores it)."""

from __future__ import annotations

import json
import math

from skillopt_sleep.records import CheckResult, Judge, Score, ToolCallRecord
from skillopt_sleep.tasks.checks.base import clip as _clip
from skillopt_sleep.tasks.judges.errors import error_score as _error_score

SEARCH_TOOL = "search"


def ndcg_at_k(ranked: list[str], relevant: set[str], k: int) -> float:
    """Binary-relevance nDCG@k; ideal DCG counts min(len(relevant), k) hits at the top."""
    dcg = sum(1.0 / math.log2(rank + 2) for rank, slug in enumerate(ranked[:k]) if slug in relevant)
    ideal = sum(1.0 / math.log2(rank + 2) for rank in range(min(len(relevant), k)))
    return dcg / ideal if ideal else 0.0


def _normalize_slug(slug: str) -> str:
    slug = slug.strip().removeprefix("./").strip("/")
    return slug[:-3] if slug.endswith(".md") else slug


def _search_slugs(result: str) -> list[str]:
    """Ranked, de-duplicated slugs from one search result; ValueError when it is not the format."""
    try:
        data = json.loads(result)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the search result is not JSON ({exc})") from None
    rows = data.get("results") if isinstance(data, dict) else data
    if not isinstance(rows, list):
        raise ValueError('the search result has no "results" list')
    slugs: list[str] = []
    for row in rows:
        if not isinstance(row, dict) or not isinstance(row.get("slug"), str):
            raise ValueError(f'a search result row has no "slug" string: {_clip(json.dumps(row), 80)}')
        slug = _normalize_slug(row["slug"])
        if slug not in slugs:
            slugs.append(slug)
    return slugs


def score_qrels(judge: Judge, calls: list[ToolCallRecord]) -> Score:
    arg = {"expected_slugs": list(judge.expected_slugs), "k": judge.k}
    problems = qrels_problems(judge)
    if problems:
        return _error_score("qrels", arg, "; ".join(problems))
    relevant = {_normalize_slug(s) for s in judge.expected_slugs}
    k = judge.k
    searches = [c for c in calls if c.name == SEARCH_TOOL]
    if not searches:
        detail = f"no `{SEARCH_TOOL}` call: the answer was not grounded in a search"
        return Score(hard=0.0, soft=0.0, checks=[CheckResult(op="qrels", arg=arg, passed=False, detail=detail)])
    best, best_call, hit_rank, failures = 0.0, 0, 0, 0
    for number, call in enumerate(searches, 1):
        if call.error:
            failures += 1
            continue
        try:
            ranked = _search_slugs(call.result)
        except ValueError as exc:
            return _error_score("qrels", arg, f"{SEARCH_TOOL} call {number}: {exc}")
        score = ndcg_at_k(ranked, relevant, k)
        if score > best:
            best, best_call = score, number
            hit_rank = next(rank for rank, slug in enumerate(ranked[:k], 1) if slug in relevant)
    if best_call:
        query = _clip(json.dumps(searches[best_call - 1].arguments, ensure_ascii=False), 80)
        detail = (f"best nDCG@{k} {best:.3f} from {SEARCH_TOOL} call {best_call} of {len(searches)} ({query}); "
                  f"first expected page at rank {hit_rank}")
        return Score(hard=1.0, soft=best, checks=[CheckResult(op="qrels", arg=arg, passed=True, detail=detail)])
    if failures == len(searches):
        detail = f"all {failures} {SEARCH_TOOL} call(s) failed: {_clip(searches[0].error, 120)}"
    else:
        detail = f"none of {len(searches)} {SEARCH_TOOL} call(s) had an expected page in its top {k}"
    return Score(hard=0.0, soft=0.0, checks=[CheckResult(op="qrels", arg=arg, passed=False, detail=detail)])


def qrels_problems(judge: Judge) -> list[str]:
    problems = []
    if not judge.expected_slugs:
        problems.append("a qrels judge needs at least one slug in 'expected_slugs'")
    if isinstance(judge.k, bool) or not isinstance(judge.k, int) or judge.k < 1:
        problems.append(f"a qrels judge needs a positive integer 'k', got {judge.k!r}")
    return problems
