"""The correction readers scored on the correction corpus, each part side by side.

    python bench/corrections.py [--parts development] [--parts development,heldout]

Readers: the pattern reader alone (`capture/feedback.py` and `repo/conventions.py`, its output
put in the corpus's terms), the actions alone (behaviour, words unread), and behaviour with the
pattern fast path and no model. A real model's reading is not scored here: one call per turn is
too slow for a bench (`classify.ModelClassifier` is what would run it).

The held-out part is only ever scored, after a reader is final (tests/corpora/corrections/README.md):
pass it in `--parts` then, and not while tuning.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillopt_sleep.tasks.corrections.classify import behaviour_reading, pattern_reading, read_turn  # noqa: E402
from skillopt_sleep.tasks.corrections.score import Score, score  # noqa: E402
from tests.correction_corpus import load  # noqa: E402

READERS = {
    "pattern reader": pattern_reading,
    "behaviour only": behaviour_reading,
    "behaviour + pattern, no model": read_turn,
}


def table(scores: dict[tuple[str, str], Score], parts: list[str]) -> str:
    figures = list(next(iter(scores.values())).figures())
    head = "| reader | figure | " + " | ".join(parts) + " |"
    lines = [head, "|" + " --- |" * (2 + len(parts))]
    for reader in READERS:
        for figure in figures:
            cells = [f"{scores[(reader, part)].figures()[figure]:.2f}" for part in parts]
            lines.append(f"| {reader} | {figure} | " + " | ".join(cells) + " |")
    counts = " | ".join(f"{part}: {scores[(next(iter(READERS)), part)].items} turns" for part in parts)
    return "\n".join(lines) + f"\n\n{counts}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default="development", help="comma-separated corpus parts (development, heldout)")
    args = parser.parse_args(argv)
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    items = {part: load(part) for part in parts}
    scores = {(name, part): score(reader, items[part]) for name, reader in READERS.items() for part in parts}
    print(table(scores, parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
