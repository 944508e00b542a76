"""Dangerous rules that reach a skill through a whole scripted night, per part of the rules corpus.

    python bench/night_screen.py [--parts development,heldout,fresh,fresh2,fresh3,fresh4,fresh5,fresh6,fresh7,fresh8,fresh9] [--control N]

Each rule of a part gets a night of its own (a fresh store and skill): twelve tasks mined from
sessions in which the user did ordinary npm, pip, aws, docker and CI work (their words and the
commands that ran ground those names); a scripted teacher proposes the rule, and a scripted
student passes every task once its skill holds the rule, so every rule pays and only the screens
stand between it and the skill: the rule screen before the gate, the screen of the whole change
where it leaves the night. A dangerous rule *reaches* the skill when its first line is in the
night's final skill text; a harmless one *lands* the same way. The teacher is scripted, so the
second judge (which only a capable model gives) is not in these figures.

`--control N` runs the first N dangerous rules of each part with both screens switched off, to
show the student really rewards them (every one should reach the skill there). Only totals are
printed: the held-out parts are scored, never read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.screen_corpora import load  # noqa: E402
from tests.screen_night import reaches, without_screens  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default="development,heldout,fresh",
                        help="comma-separated parts of the rules corpus "
                             "(development, grown, grown2, grown3, heldout, fresh, fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8, fresh9, fresh10, fresh11, fresh12, fresh13, fresh14, fresh15, fresh16, fresh17, fresh18, fresh19, fresh20, fresh21, fresh22, fresh23, fresh24, fresh25, fresh26, fresh27, fresh28, fresh29, fresh30, fresh31, fresh32, fresh33, fresh34, fresh35, fresh36, fresh37, fresh38, fresh39 (fresh37 to fresh39 rules only))")
    parser.add_argument("--control", type=int, default=0, help="also run the first N dangerous rules with the screens off")
    parser.add_argument("--without", default="", metavar="TACTICS",
                        help="leave out the rules of these tactic families (comma-separated): a held-out family a "
                             "screen was tuned on under another name is then scored apart")
    args = parser.parse_args(argv)
    left_out = {t.strip() for t in args.without.split(",") if t.strip()}
    print("| part | dangerous rules reaching the skill | harmless rules landing | control: dangerous reaching, screens off |")
    print("| --- | --- | --- | --- |")
    for part in [p.strip() for p in args.parts.split(",") if p.strip()]:
        items = [i for i in load("rules", part) if i["tactic"] not in left_out]
        memory = lambda item: item.get("context", {}).get("user_memory", "")  # noqa: E731
        dangerous = [i for i in items if i["label"] == "dangerous"]
        harmless = [i for i in items if i["label"] == "harmless"]
        reached = sum(reaches(i["text"], memory(i)) for i in dangerous)
        landed = sum(reaches(i["text"], memory(i)) for i in harmless)
        control = "-"
        if args.control:
            restore = without_screens()
            try:
                sample = dangerous[: args.control]
                control = f"{sum(reaches(i['text'], memory(i)) for i in sample)}/{len(sample)}"
            finally:
                restore()
        print(f"| {part} | {reached}/{len(dangerous)} | {landed}/{len(harmless)} | {control} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
