"""Recall: the past tasks of the same project most like tonight's, replayed again tonight so a
rule learned for old work keeps being checked against it. Similarity is word-set Jaccard over
intents (the measure mining merges near-duplicates with); other projects are never searched."""

from __future__ import annotations

import logging
from dataclasses import replace

from skillopt_sleep.night.report.archive import archived
from skillopt_sleep.records import Task
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.similarity import jaccard, tokens
from skillopt_sleep.tasks.taskstore import intent_fingerprint

logger = logging.getLogger(__name__)


def recall_tasks(store: Store, tonight: list[Task], projects: set[str], k: int) -> list[Task]:
    """Up to `k` archived tasks of `projects`, most similar to tonight's intents first, none that
    is already tonight's (by id or by intent). Each comes back with origin "recalled"."""
    if k <= 0 or not tonight:
        return []
    ids = {t.task_id for t in tonight}
    fingerprints = {intent_fingerprint(t.intent) for t in tonight}
    words = [tokens(t.intent) for t in tonight]
    scored: list[tuple[float, str, Task]] = []
    for past in archived(store, projects):
        if past.task_id in ids or intent_fingerprint(past.intent) in fingerprints:
            continue
        similarity = max(jaccard(tokens(past.intent), mine) for mine in words)
        if similarity > 0:
            meta = {**past.task.meta, "recalled_from": {"project": past.project, "night": past.night_id,
                                                        "similarity": round(similarity, 3)}}
            scored.append((similarity, past.task_id, replace(past.task, origin="recalled", split="", meta=meta)))
    scored.sort(key=lambda item: (-item[0], item[1]))
    chosen = [task for _, _, task in scored[:k]]
    if chosen:
        logger.info("recalled %d past task(s) of %s", len(chosen), ", ".join(sorted(projects)))
    return chosen
