"""gbrain-evals skillopt-v1: four deficient skills and their recurring tasks, scored by rule
checks with gbrain's semantics (see judges), plus a `search` tool over the brain pages.

Options: `seed` (folder name such as "seed-no-verdict" or its alias such as "advisor"),
`path` (a skillopt-v1 folder of the user's, default: the bundled training side).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.backends.base import ToolSpec
from skillopt_sleep.benchmarks.base import Benchmark, data_path, display_source, hash_files, read_records, take_options
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import Task

SEED_ALIASES = {
    "seed-missing-structure": "brief-writer",
    "seed-verbose": "thorough-analyst",
    "seed-no-verdict": "advisor",
    "seed-no-brain-first": "quick-answerer",
}
SEARCH_TOOL = "search"
TOKEN = re.compile(r"[a-z0-9]+")


def seed_folder(seed: str) -> str:
    if seed in SEED_ALIASES:
        return seed
    for folder, alias in SEED_ALIASES.items():
        if alias == seed:
            return folder
    known = ", ".join(f"{f} ({a})" for f, a in SEED_ALIASES.items())
    raise BenchmarkError(f"unknown gbrain seed {seed!r}; known: {known}")


def tokenize(text: str) -> list[str]:
    return TOKEN.findall(text.lower())


@dataclass
class Page:
    slug: str
    title: str
    body: str
    terms: Counter
    length: int


class BrainSearch:
    """Okapi BM25 over each page's title and body; the title counts twice, since a page's title
    names its topic. Returns JSON text {"results": [{"slug", "title", "snippet", "score"}]}."""

    k1 = 1.2
    b = 0.75

    def __init__(self, pages: list[Page], *, limit: int = 5):
        if not pages:
            raise BenchmarkError("the brain has no pages to search")
        self.pages = pages
        self.limit = limit
        self.avg_length = sum(p.length for p in pages) / len(pages)
        frequency: Counter = Counter()
        for page in pages:
            frequency.update(set(page.terms))
        n = len(pages)
        self.idf = {term: math.log(1 + (n - df + 0.5) / (df + 0.5)) for term, df in frequency.items()}

    @classmethod
    def from_folder(cls, topics: Path, *, limit: int = 5) -> "BrainSearch":
        pages = []
        for path in sorted(topics.glob("*.md")):
            text = path.read_text(encoding="utf-8")
            title, body = split_title(text, path.stem)
            terms = Counter(tokenize(title) * 2 + tokenize(body))
            pages.append(Page(f"topics/{path.stem}", title, body, terms, sum(terms.values())))
        return cls(pages, limit=limit)

    def rank(self, query: str) -> list[tuple[float, Page]]:
        words = tokenize(query)
        scored = []
        for page in self.pages:
            score = 0.0
            for word in words:
                tf = page.terms.get(word, 0)
                if tf:
                    norm = tf + self.k1 * (1 - self.b + self.b * page.length / self.avg_length)
                    score += self.idf[word] * tf * (self.k1 + 1) / norm
            if score > 0:
                scored.append((score, page))
        scored.sort(key=lambda item: (-item[0], item[1].slug))
        return scored

    def specs(self) -> list[ToolSpec]:
        return [ToolSpec(
            name=SEARCH_TOOL,
            description="Search the team's brain (its notes on past decisions) and return the most relevant pages.",
            parameters={
                "type": "object",
                "properties": {"query": {"type": "string", "description": "what to look for"}},
                "required": ["query"],
            },
        )]

    def call(self, name: str, arguments: dict) -> str:
        if name != SEARCH_TOOL:
            raise ValueError(f"unknown tool {name!r}; the only tool is {SEARCH_TOOL!r}")
        query = arguments.get("query")
        if not isinstance(query, str) or not query.strip():
            raise ValueError("search needs a non-empty string argument 'query'")
        results = [
            {"slug": page.slug, "title": page.title, "snippet": page.body[:240], "score": round(score, 4)}
            for score, page in self.rank(query)[: self.limit]
        ]
        return json.dumps({"results": results}, ensure_ascii=False)


def split_title(text: str, fallback: str) -> tuple[str, str]:
    lines = text.strip().splitlines()
    if lines and lines[0].startswith("# "):
        return lines[0][2:].strip(), "\n".join(lines[1:]).strip()
    return fallback.replace("-", " "), text.strip()


def uses_search(task: Task) -> bool:
    if task.judge.kind == "qrels":
        return True
    return any(c.op in ("tool_called", "tool_not_called") and c.arg == SEARCH_TOOL for c in task.judge.checks)


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"seed": "brief-writer", "path": None, "search_limit": 5}, "gbrain")
    folder = seed_folder(str(opts["seed"]))
    alias = SEED_ALIASES[folder]
    root = data_path(opts, "gbrain-skillopt-v1")
    seed_dir = root / folder
    skill_path = seed_dir / "SKILL.md"
    bench_path = seed_dir / "benchmark.jsonl"
    if not skill_path.is_file():
        raise BenchmarkError(f"gbrain seed {folder}: no SKILL.md under {seed_dir}")
    tasks = []
    for index, item in enumerate(read_records(bench_path), 1):
        raw_id = item.get("task_id")
        if not raw_id or not item.get("task"):
            raise BenchmarkError(f"{bench_path}: line {index} needs 'task_id' and 'task'")
        try:
            task = Task.from_dict({
                "task_id": f"gbrain-{alias}-{raw_id}", "intent": item["task"], "judge": item.get("judge", {}),
                "skill": alias, "origin": "benchmark",
                "meta": {"benchmark": "gbrain-skillopt-v1", "seed": folder, "source_id": raw_id},
            })
        except ValueError as exc:
            raise BenchmarkError(f"{bench_path}: line {index}: {exc}") from None
        if uses_search(task):
            task.tools = [SEARCH_TOOL]
        tasks.append(task)
    files = [skill_path, bench_path]
    topics = seed_dir / "brain" / "topics"
    search = None
    if any(uses_search(t) for t in tasks):
        if not topics.is_dir():
            raise BenchmarkError(f"gbrain seed {folder}: its tasks need the search tool but {topics} is missing")
        search = BrainSearch.from_folder(topics, limit=int(opts["search_limit"]))
        files += sorted(topics.glob("*.md"))

    def tool_provider(task: Task) -> BrainSearch | None:
        return search if search is not None and SEARCH_TOOL in task.tools else None

    return Benchmark(
        name=f"gbrain/{alias}", tasks=tasks, skill_text=skill_path.read_text(encoding="utf-8"),
        tool_provider=tool_provider, source=display_source(seed_dir), data_hash=hash_files(files),
    )
