"""Today's screens scored on the screen corpora (tests/corpora/rules, tests/corpora/secrets), each
part side by side.

    python bench/screens.py [--parts development,grown,grown2,grown3,heldout,fresh,fresh2,fresh3,fresh4,fresh5,fresh6,fresh7,fresh8,fresh9]
                            [--by effect|tactic|language|context|format]
                            [--show N] [--negation] [--redraw N]

Rules: each rule goes through `skillopt_sleep.screen.policy.screen_edits`, the check the night puts
every proposed edit through before the gate, as an added line of the skill, with the user's memory
line the item carries (if any) and no session behind it (so nothing is held for provenance; a rule
that is not refused is tried). A dangerous rule passes when it is not refused; a harmless rule is
wrongly refused when it is. `danger_in` alone (the effect and disguise check, without the memory
check) is shown beside it.

Secrets: each item's text goes through `skillopt_sleep.capture.redact.Redactor`. A secret item
leaks when any of its secret substrings is still in the output; an ordinary item is altered when
the output differs from the text at all.

--by and --show break down and list the development parts (development, grown, grown2, grown3) only. The held-out parts
(heldout, fresh, fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8, fresh9, fresh10, fresh11, fresh12, fresh13, fresh14, fresh15, fresh16, fresh17, fresh18, fresh19, fresh20, fresh21, fresh22, fresh23, fresh24, fresh25, fresh26, fresh27, fresh28, fresh29, fresh30, fresh31, fresh32, fresh33, fresh34, fresh35, fresh36, fresh37, fresh38, fresh39) are only ever scored as a whole (tests/corpora/*/README.md, "The held-out rule"): this script never prints a
held-out item, nor held-out figures per tactic, effect, format or context.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillopt_sleep.capture.redact import Redactor  # noqa: E402
from skillopt_sleep.records import Edit  # noqa: E402
from skillopt_sleep.screen.effects import effects_of  # noqa: E402
from skillopt_sleep.screen.policy import REFUSED, danger_in, screen_edits  # noqa: E402
from skillopt_sleep.screen.prohibit import forbids, sentences  # noqa: E402
from tests.screen_corpora import CORPUS_PARTS, DEVELOPMENT, load, load_maker, vendor  # noqa: E402


def rule_outcome(item: dict) -> tuple[bool, bool, str]:
    """(refused by the night's screen, refused by danger_in alone, the screen's reason)."""
    memory = item.get("context", {}).get("user_memory", "")
    screened = screen_edits([Edit(op="add", text=item["text"])], memory=memory, document="")
    refused = [why for _, fate, why in screened.stopped if fate == REFUSED]
    return bool(refused), bool(danger_in(item["text"])), (refused[0] if refused else "")


def negation_errors(items: list[dict]) -> tuple[int, list[dict]]:
    """(rules where an effect was found, those whose prohibition was misread): a harmless rule must
    forbid every effect it names, a dangerous one must forbid none."""
    decided, wrong = 0, []
    for item in items:
        verdicts = [forbids(s, at) for s in sentences(item["text"]) for _, at in effects_of(s)]
        if not verdicts:
            continue
        decided += 1
        if (not all(verdicts)) if item["label"] == "harmless" else any(verdicts):
            wrong.append(item)
    return decided, wrong


def secret_outcome(item: dict) -> tuple[bool, str]:
    """(failed: a secret leaked or an ordinary string changed, the redacted text)."""
    out = Redactor().text(item["text"])
    if item["kind"] == "secret":
        return any(secret in out for secret in item["secrets"]), out
    return out != item["text"], out


def grown2_draw() -> list[dict]:
    """A new draw of the grown2 part: its formats and shapes, new values."""
    return load_maker("secrets", "make_grown2").build()


def _rate(bad: int, total: int) -> str:
    return f"{bad}/{total} ({100 * bad / total:.1f}%)" if total else "-"


def score_rules(items: list[dict], by: str | None) -> tuple[dict, dict, list]:
    figures = Counter()
    groups: dict[str, Counter] = defaultdict(Counter)
    failures = []
    for item in items:
        refused, refused_alone, why = rule_outcome(item)
        dangerous = item["label"] == "dangerous"
        failed = (not refused) if dangerous else refused
        figures["dangerous" if dangerous else "harmless"] += 1
        figures["dangerous passing" if dangerous else "harmless refused"] += failed
        figures["dangerous passing danger_in" if dangerous else "harmless refused by danger_in"] += (
            (not refused_alone) if dangerous else refused_alone)
        if by:
            key = str(item.get(by))
            groups[key]["dangerous" if dangerous else "harmless"] += 1
            groups[key]["dangerous passing" if dangerous else "harmless refused"] += failed
        if failed:
            failures.append((item, why))
    return figures, groups, failures


def score_secrets(items: list[dict], by: str | None, known_vendors: frozenset[str] = frozenset(),
                  known_shapes: frozenset[str] = frozenset()) -> tuple[dict, dict, list]:
    """`known_vendors`, `known_shapes`: the vendors and ordinary shapes of the development parts; a
    held-out item of another vendor or shape is also counted apart, since a development part written
    at the same time may share some of a held-out part's."""
    figures = Counter()
    groups: dict[str, Counter] = defaultdict(Counter)
    failures = []
    for item in items:
        failed, out = secret_outcome(item)
        secret = item["kind"] == "secret"
        figures["secret" if secret else "ordinary"] += 1
        figures["secrets leaked" if secret else "ordinary altered"] += failed
        if secret and vendor(item) not in known_vendors:
            figures["secret of a new vendor"] += 1
            figures["secrets of a new vendor leaked"] += failed
        if not secret and item["format"] not in known_shapes:
            figures["ordinary of a new shape"] += 1
            figures["ordinary of a new shape altered"] += failed
        if by:
            key = item["format"].split("/")[0] if by == "vendor" else str(item.get(by))
            groups[key]["secret" if secret else "ordinary"] += 1
            groups[key]["secrets leaked" if secret else "ordinary altered"] += failed
        if failed:
            failures.append((item, out))
    return figures, groups, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default="development,heldout",
                        help="comma-separated parts (development, grown, grown2, grown3, heldout, fresh, fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8, fresh9, fresh10, fresh11, fresh12, fresh13, fresh14, fresh15, fresh16, fresh17, fresh18, fresh19, fresh20, fresh21, fresh22, fresh23, fresh24, fresh25, fresh26, fresh27, fresh28, fresh29, fresh30, fresh31, fresh32, fresh33, fresh34, fresh35, fresh36, fresh37, fresh38, fresh39 (fresh37 to fresh39 rules only))")
    parser.add_argument("--by", default=None,
                        help="also break the development figures down by a field: effect, tactic or language for "
                             "rules; context, format or vendor for secrets")
    parser.add_argument("--show", type=int, default=0, help="list up to N failing development items of each corpus")
    parser.add_argument("--redraw", type=int, default=0, metavar="N",
                        help="also score N new draws of grown2 (make_grown2.py draws new values each time): a redactor "
                             "fitted to the file's values fails them")
    parser.add_argument("--negation", action="store_true",
                        help="also say how often the prohibition reading is wrong on the development rules")
    parser.add_argument("--without", default="", metavar="TACTICS",
                        help="leave out the rules of these tactic families (comma-separated): a held-out family a "
                             "screen was tuned on under another name is then scored apart")
    args = parser.parse_args(argv)
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    left_out = {t.strip() for t in args.without.split(",") if t.strip()}

    def by(part: str, fields: tuple[str, ...]) -> str | None:
        return args.by if part in DEVELOPMENT and args.by in fields else None

    # A part a corpus does not have scores as empty there.
    rules = {part: score_rules([i for i in load("rules", part) if i["tactic"] not in left_out]
                               if part in CORPUS_PARTS["rules"] else [],
                               by(part, ("effect", "tactic", "language"))) for part in parts}
    developed = [i for part in DEVELOPMENT if part in CORPUS_PARTS["secrets"] for i in load("secrets", part)]
    vendors = frozenset(vendor(i) for i in developed if i["kind"] == "secret")
    shapes = frozenset(i["format"] for i in developed if i["kind"] == "ordinary")
    secrets = {part: score_secrets(load("secrets", part) if part in CORPUS_PARTS["secrets"] else [],
                                   by(part, ("context", "format", "vendor")), vendors, shapes) for part in parts}

    print("| figure | " + " | ".join(parts) + " |")
    print("|" + " --- |" * (1 + len(parts)))
    rows = [("dangerous rules passing the night's screen", "rules", "dangerous passing", "dangerous"),
            ("  (danger_in alone)", "rules", "dangerous passing danger_in", "dangerous"),
            ("harmless rules refused", "rules", "harmless refused", "harmless"),
            ("  (danger_in alone)", "rules", "harmless refused by danger_in", "harmless"),
            ("secret items leaked by Redactor", "secrets", "secrets leaked", "secret"),
            ("  (of vendors no development part has)", "secrets", "secrets of a new vendor leaked", "secret of a new vendor"),
            ("ordinary strings altered by Redactor", "secrets", "ordinary altered", "ordinary"),
            ("  (of shapes no development part has)", "secrets", "ordinary of a new shape altered", "ordinary of a new shape")]
    for label, corpus, bad, total in rows:
        scored = rules if corpus == "rules" else secrets
        print(f"| {label} | " + " | ".join(_rate(scored[p][0][bad], scored[p][0][total]) for p in parts) + " |")

    if args.by:
        for corpus, scored, keys in (("rules", rules, ("dangerous passing", "dangerous", "harmless refused", "harmless")),
                                     ("secrets", secrets, ("secrets leaked", "secret", "ordinary altered", "ordinary"))):
            if not any(scored[p][1] for p in parts):
                continue
            print(f"\n{corpus} by {args.by}:")
            print(f"| {args.by} | part | {keys[0]} | {keys[2]} |")
            print("| --- | --- | --- | --- |")
            for part in parts:
                for key, c in sorted(scored[part][1].items()):
                    print(f"| {key} | {part} | {_rate(c[keys[0]], c[keys[1]])} | {_rate(c[keys[2]], c[keys[3]])} |")

    if args.redraw:
        figures = Counter()
        for _ in range(args.redraw):
            figures += score_secrets(grown2_draw(), None)[0]
        print(f"\ngrown2 drawn again {args.redraw} times: secrets leaked {_rate(figures['secrets leaked'], figures['secret'])}, "
              f"ordinary altered {_rate(figures['ordinary altered'], figures['ordinary'])}")

    if args.negation and "development" in parts:
        decided, wrong = negation_errors(load("rules", "development"))
        print(f"\nprohibition misread on {_rate(len(wrong), decided)} development rules where an effect was found")
        for item in wrong[: args.show]:
            print(f"  {item['id']} [{item['label']}] {item['text'][:110]!r}")

    for part in [p for p in parts if p in DEVELOPMENT and args.show]:
        print(f"\nfailing {part} rules:")
        for item, why in rules[part][2][: args.show]:
            print(f"  {item['id']} [{item['label']}, {item['effect']}] {item['text'][:110]!r}" + (f" <- {why[:80]}" if why else ""))
        print(f"\nfailing {part} secrets items:")
        for item, out in secrets[part][2][: args.show]:
            print(f"  {item['id']} [{item['kind']}, {item['context']}] {out[:110]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
