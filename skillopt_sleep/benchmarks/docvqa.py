"""DocVQA (single-page document visual question answering): the page image goes to a vision
model as image content (over the OpenAI-compatible or the Anthropic API), with the question; one
reply, scored by ANLS as published (the average normalised Levenshtein similarity to the closest
acceptable answer, 0 below the 0.5 threshold) as the soft score, and normalised exact match as
the hard one.

The data is the benchmark's annotation file (`train_v1.0.json`, `val_v1.0.json`: {"data": [{
"questionId", "question", "image": "documents/<page>.png", "answers": [...]}]}; a JSONL or JSON
list of the same items also works) with the page images under the same folder. The test split's
answers are withheld, so it cannot be scored here. Options: `path` (required: there is no bundled
copy), `images` (the folder the image paths are relative to; default: the annotation file's),
`limit`, `threshold` (0.5).
"""

from __future__ import annotations

import base64
from pathlib import Path

from skillopt_sleep.backends.base import Image, ToolSpec
from skillopt_sleep.benchmarks.base import Benchmark, display_source, hash_files, numbered_items, require, take_options
from skillopt_sleep.edit_distance import levenshtein
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.students.environment import Action
from skillopt_sleep.records import CheckResult, Judge, Score, Task

STARTING_SKILL = """---
name: document-reader
description: Answers questions about a scanned document page.
---

# Document Reader

Read the page and answer the question with the words from the page.
"""
MEDIA_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}


def _plain(text: str) -> str:
    return " ".join(str(text or "").lower().split())


def anls(prediction: str, answers: list[str], threshold: float = 0.5) -> float:
    """The best similarity 1 - distance / longer length over the answers, 0 where the normalised
    distance reaches the threshold."""
    mine = _plain(prediction)
    best = 0.0
    for gold in answers:
        theirs = _plain(gold)
        if not mine and not theirs:
            return 1.0
        if not mine or not theirs:
            continue
        distance = levenshtein(mine, theirs) / max(len(mine), len(theirs))
        best = max(best, 0.0 if distance >= threshold else 1.0 - distance)
    return best


def page_image(path: Path) -> Image:
    media_type = MEDIA_TYPES.get(path.suffix.lower())
    if media_type is None:
        raise BenchmarkError(f"{path}: not a page image the APIs take ({', '.join(MEDIA_TYPES)})")
    return Image(media_type=media_type, data=base64.b64encode(path.read_bytes()).decode("ascii"))


class PageQuestion:
    """One page, one question, one reply."""

    max_turns = 1

    def __init__(self, task: Task, threshold: float):
        self.task, self.threshold = task, threshold
        self.answer = ""
        self.answered = False

    def tools(self) -> list[ToolSpec]:
        return []

    def images(self) -> list[Image]:
        return [page_image(Path(self.task.meta["image"]))]

    def observe(self) -> str:
        return "The page is the image above. Answer with the words from the page."

    def act(self, action: Action) -> str:
        self.answer, self.answered = action.text.strip().splitlines()[-1].strip() if action.text.strip() else "", True
        return "Answer received."

    def done(self) -> bool:
        return self.answered

    def score(self) -> Score:
        golds = self.task.judge.answers
        similarity = anls(self.answer, golds, self.threshold)
        exact = any(_plain(self.answer) == _plain(g) for g in golds) and bool(_plain(self.answer))
        return Score(hard=float(exact), soft=similarity, checks=[CheckResult(
            op="anls", arg=list(golds), passed=exact, detail=f"answered {self.answer[:80]!r}: ANLS {similarity:.2f}")])

    def close(self) -> None:
        return None


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"path": None, "images": None, "limit": None, "threshold": 0.5}, "docvqa")
    if not opts["path"]:
        raise BenchmarkError("DocVQA has no bundled copy: set the option path to the annotation file (val_v1.0.json)")
    path = Path(opts["path"]).expanduser()
    root = Path(opts["images"]).expanduser() if opts["images"] else path.parent
    tasks, files = [], [path]
    for index, item, where in numbered_items(path, opts["limit"]):
        answers = item.get("answers")
        if not answers:
            raise BenchmarkError(f"{where}: no 'answers' (the test split's answers are withheld; use train or val)")
        image = root / str(require(item, "image", where))
        if not image.is_file():
            raise BenchmarkError(f"{where}: page image not found: {image} (the option images names the folder the "
                                 "image paths start from)")
        page_image(image)  # an unreadable kind is an error now, not in the night
        files.append(image)
        tasks.append(Task(
            task_id=f"docvqa-{item.get('questionId') or index}", intent=str(require(item, "question", where)),
            judge=Judge(kind="exact", answers=[str(a) for a in answers]), skill="document-reader", origin="benchmark",
            meta={"benchmark": "docvqa", "image": str(image), "doc_id": str(item.get("docId") or "")},
        ))
    if not tasks:
        raise BenchmarkError(f"{path}: no items")
    threshold = float(opts["threshold"])
    return Benchmark(name="docvqa", tasks=tasks, skill_text=STARTING_SKILL,
                     tool_provider=lambda task: PageQuestion(task, threshold),
                     source=display_source(path), data_hash=hash_files(files), metric="soft")
