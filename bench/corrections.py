"""The correction readers scored on the correction corpus, each part side by side.

    python bench/corrections.py [--parts development,development2,development3] [--parts development,heldout,...,heldout4]
                                [--model local:qwen2.5-coder-0.5b] [--json results.jsonl] [--misses]

Readers: the pattern reader alone (`capture/feedback.py` and `repo/conventions.py`, its output
put in the corpus's terms), the actions alone (behaviour, words unread), behaviour with the
pattern fast path and no model (where the agent kept its course, what the words name against the
work stands in for a model: `corrections/named.py`), and, with `--model`, behaviour with the
pattern fast path and that teacher reading what the two leave open (`classify.ModelClassifier`). The model's calls go through
the call recorder into `--record` (a SQLite store), so a run cut short and started again pays only
for the turns it had not read, and a second run of the same code and model reads from the record.

`--misses` prints, for each part, every turn the last reader read wrong (label or convention),
with the words and the actions around them: what to read before changing the reader (never for a
held-out part before it is scored).

`--json` appends one row per reader and part: the figures, the part's file sha256, the commit and
whether the engine's tree had uncommitted changes, the model and the sha256 of its weights file, the seed, the date.

The held-out parts are only ever scored, after a reader is final (tests/corpora/corrections/README.md):
pass them in `--parts` then, and not while tuning.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillopt_sleep.backends import create_backend  # noqa: E402
from skillopt_sleep.backends.recorder import CallRecorder  # noqa: E402
from skillopt_sleep.experiments.provenance import source_state  # noqa: E402
from skillopt_sleep.store import Store, utc_now  # noqa: E402
from skillopt_sleep.tasks.corrections.classify import (ModelClassifier, behaviour_reading, pattern_reading,  # noqa: E402
                                                       read_turn)
from skillopt_sleep.tasks.corrections.score import Score, same_convention, score  # noqa: E402
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext  # noqa: E402
from tests.correction_corpus import load, sha256  # noqa: E402

READERS = {
    "pattern reader": pattern_reading,
    "behaviour only": behaviour_reading,
    "behaviour + pattern, no model": read_turn,
}
SEED = 0  # the reader asks at temperature 0; the seed is recorded for the row's shape


def table(scores: dict[tuple[str, str], Score], readers: list[str], parts: list[str]) -> str:
    figures = list(next(iter(scores.values())).figures())
    head = "| reader | figure | " + " | ".join(parts) + " |"
    lines = [head, "|" + " --- |" * (2 + len(parts))]
    for reader in readers:
        for figure in figures:
            cells = [f"{scores[(reader, part)].figures()[figure]:.2f}" for part in parts]
            lines.append(f"| {reader} | {figure} | " + " | ".join(cells) + " |")
    counts = " | ".join(f"{part}: {scores[(readers[0], part)].items} turns" for part in parts)
    return "\n".join(lines) + f"\n\n{counts}"


def misses(reader, items: list[dict]) -> list[str]:
    """Each turn `reader` reads wrong, as a few lines: what was wanted and got, the words, the actions."""
    lines = []
    for item in items:
        reading = reader(UserTurnInContext.from_dict(item))
        wanted = item["convention"]
        right = same_convention(reading.convention, wanted) if wanted else reading.convention is None
        if reading.label == item["label"] and right:
            continue
        got = reading.convention.to_dict() if reading.convention else None
        lines += [f"{item['id']} {item.get('language', '')} | want {item['label']} {wanted} | got {reading.label} {got}",
                  "    U: " + " ".join(item["user"].split())[:200],
                  "    B: " + json.dumps(item["before"], ensure_ascii=False)[:240],
                  "    A: " + json.dumps(item["after"], ensure_ascii=False)[:240]]
    return lines


def weights_sha256(backend) -> str:
    """The sha256 of a local model's weights file, verified when it was assembled; "" for a
    model behind an API."""
    verified = getattr(backend, "verified_sha256", "")
    if verified or not getattr(backend, "path", None):
        return verified
    from skillopt_sleep.backends.modelparts import sha256_of
    return sha256_of(Path(backend.path))


def model_reader(spec: str, record: Path) -> tuple[str, ModelClassifier, callable]:
    name, _, model = spec.partition(":")
    backend = create_backend(name, model, {})
    classifier = ModelClassifier(CallRecorder(Store(record), None), backend)
    done = {"n": 0}

    def reader(turn):
        done["n"] += 1
        if done["n"] % 20 == 0:
            print(f"  {done['n']} turns read; {classifier.calls} new calls, {classifier.invalid} unusable replies",
                  file=sys.stderr, flush=True)
        return read_turn(turn, classifier)

    return f"behaviour + pattern + {backend.name}:{backend.model}", classifier, reader


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default="development",
                        help="comma-separated corpus parts "
                             "(development, development2, development3, heldout, heldout2, heldout3, heldout4, "
                             "heldout5, heldout6, heldout7, heldout8, heldout9, heldout10, heldout11, heldout12, "
                             "heldout13, heldout14, heldout15, heldout16, heldout17, heldout18, heldout19, heldout20, "
                             "heldout21, heldout22, heldout23, heldout24, heldout25, heldout26, heldout27, "
                             "heldout28, heldout29, heldout30, heldout31, heldout32, heldout33, heldout34, heldout35, "
                             "heldout36, heldout37, heldout38, heldout39, heldout40, heldout41, heldout42, heldout43, heldout44, heldout45, heldout46, heldout47, heldout48, heldout49, heldout50, heldout51, heldout52, heldout53, heldout54, heldout55, heldout56, heldout57, heldout58, heldout59, heldout60, heldout61, heldout62, heldout63, heldout64, heldout65, heldout66, heldout67, heldout68, heldout69, heldout70, heldout71, heldout72, heldout73, heldout74, heldout75)")
    parser.add_argument("--model", default="", help="BACKEND:MODEL of a teacher to read what the actions leave open")
    parser.add_argument("--record", type=Path, default=Path(".cache/corrections-reader.db"),
                        help="SQLite store the model's calls are recorded in (and answered from when asked again)")
    parser.add_argument("--json", type=Path, default=None, help="append one JSON row per reader and part here")
    parser.add_argument("--misses", action="store_true", help="print every turn the last reader reads wrong")
    args = parser.parse_args(argv)
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    items = {part: load(part) for part in parts}
    readers = dict(READERS)
    classifier = None
    if args.model:
        args.record.parent.mkdir(parents=True, exist_ok=True)
        name, classifier, reader = model_reader(args.model, args.record)
        readers[name] = reader
    scores, seconds = {}, {}
    for name, reader in readers.items():
        for part in parts:
            started = time.monotonic()
            scores[(name, part)] = score(reader, items[part])
            seconds[(name, part)] = time.monotonic() - started
    print(table(scores, list(readers), parts))
    if args.misses:
        last = list(readers.values())[-1]
        for part in parts:
            print(f"\n## misses of {list(readers)[-1]} on {part}\n" + "\n".join(misses(last, items[part])))
    if classifier is not None:
        print(f"\nmodel: {classifier.asked} turns asked, {classifier.calls} new calls, "
              f"{classifier.invalid} unusable replies, {classifier.failed} failed calls")
    if args.json:
        state = source_state()
        model = classifier.backend if classifier is not None else None
        with args.json.open("a", encoding="utf-8") as out:
            for (name, part), result in scores.items():
                uses_model = model is not None and name not in READERS
                row = {"bench": "corrections", "reader": name, "part": part, "items": result.items,
                       "corpus_sha256": sha256(part),
                       "figures": {k: round(v, 4) for k, v in result.figures().items()},
                       "commit": state.commit, "dirty": state.dirty, "seed": SEED, "date": utc_now(),
                       "model": f"{model.name}:{model.model}" if uses_model else "",
                       "model_sha256": weights_sha256(model) if uses_model else "",
                       "wall_s": round(seconds[(name, part)], 1)}
                out.write(json.dumps(row, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
