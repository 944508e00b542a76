"""The corpus of user turns that follow an agent's work, each labelled (correction, new request,
approval, question) with the durable rule a correction states: tests/corpora/corrections/. Three
development parts, to tune the correction reader on (development2 words the same conventions in
registers and languages the first lacks; development3 holds conventions of other ecosystems), and
held-out parts that are only ever scored:
heldout; heldout2, written later from conventions, repositories and languages that neither
earlier part has; heldout3, written after both were spent, by someone who had not read the
reader; heldout4, written the same way while the reader was changed again on development
material only; heldout5, written the same way after heldout4 was spent; heldout6, written the
same way after heldout5 was spent; heldout7, written the same way after heldout6 was spent;
heldout8, written the same way after heldout7 was spent; heldout9, written the same way after
heldout8 was spent; heldout10, written the same way after heldout9 was spent; heldout11,
written the same way after heldout10 was spent; heldout12, written the same way after
heldout11 was spent; heldout13, written the same way after heldout12 was spent; heldout14,
written the same way after heldout13 was spent; heldout15, written the same way after heldout14
was spent; heldout16, written the same way after heldout15 was spent; heldout17, written the
same way after heldout16 was spent; heldout18, written the same way after heldout17 was spent;
heldout19, written the same way after heldout18 was spent; heldout20, written the same way
after heldout19 was spent; heldout21, written the same way after heldout20 was spent;
heldout22, written the same way after heldout21 was spent; heldout23, written the same way after
heldout22 was spent; heldout24, written the same way after heldout23 was spent; heldout25,
written the same way after heldout24 was spent; heldout26, written the same way after heldout25
was spent; heldout27, written the same way after heldout26 was spent; heldout28, written the
same way after heldout27 was spent; heldout29, written the same way after heldout28 was spent;
heldout30, written the same way after heldout29 was spent; heldout31, written the same way after
heldout30 was spent; heldout32, written the same way after heldout31 was spent; heldout33,
written the same way after heldout32 was spent; heldout34, written the same way beside heldout33;
heldout35, written the same way beside heldout34; heldout36, written the same way beside heldout35;
heldout37, written the same way after heldout36 was spent; heldout38, written the same way after
heldout37 was spent; heldout39, written the same way after heldout38 was spent; heldout40, written
the same way after heldout39 was spent; heldout41, written the same way after heldout40 was spent;
heldout42, written the same way after heldout41 was spent; heldout43, written the same way
after heldout42 was spent; heldout44, written the same way beside it; heldout45, written the same way
after heldout43 was spent, once heldout44 was written; heldout46, written the same way after heldout44
was spent, once heldout45 was written; heldout47, written the same way after heldout45 was spent, once
heldout46 was written; heldout48, written the same way after heldout47 was spent; heldout49, written the same way
after heldout48 was spent; heldout50, written the same way after heldout49 was spent; heldout51, written the same
way after heldout50 was spent; heldout52, written the same way after heldout51 was spent; heldout53, written the
same way after heldout52 was spent; heldout54, written the same way after heldout53 was spent; heldout55, written the same way
after heldout54 was spent; heldout56, written the same way after heldout55 was spent; heldout57, written the
same way after heldout56 was spent; heldout58, written the same way after heldout57 was spent; heldout59, written
the same way after heldout58 was spent; heldout60, written the same way after heldout59 was spent; heldout61, written
the same way after heldout60 was spent; heldout62, written the same way after heldout61 was spent; heldout63,
written the same way after heldout62 was spent; heldout64, written the same way after heldout63 was spent;
heldout65, written the same way after heldout64 was spent; heldout66, written the same way after heldout65 was
spent; heldout67, written the same way after heldout66 was spent; heldout68, written the same way after
heldout67 was spent; heldout69, written the same way after heldout68 was spent; heldout70, written the same
way after heldout69 was spent; heldout71, written the same way after heldout70 was spent; heldout72, written
the same way after heldout71 was spent; heldout73, written the same way after heldout72 was spent; heldout74,
written the same way after heldout73 was spent; and heldout75, written the same way after heldout74 was
spent (README.md there says how the parts were split).
`load` reads a part and checks every item's fields; a bad item raises CorpusError naming the file,
line and id."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpora" / "corrections"
PARTS = ("development", "development2", "development3", "heldout", "heldout2", "heldout3", "heldout4",
         "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "heldout12",
         "heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "heldout18", "heldout19", "heldout20",
         "heldout21", "heldout22", "heldout23", "heldout24", "heldout25", "heldout26", "heldout27", "heldout28",
         "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34", "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41", "heldout42", "heldout43", "heldout44", "heldout45", "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51", "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57", "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64", "heldout65", "heldout66", "heldout67", "heldout68", "heldout69", "heldout70", "heldout71", "heldout72", "heldout73", "heldout74", "heldout75")
DEVELOPMENT_PARTS = ("development", "development2", "development3")
HELDOUT_PARTS = ("heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7",
                 "heldout8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14",
                 "heldout15", "heldout16", "heldout17", "heldout18", "heldout19", "heldout20", "heldout21",
                 "heldout22", "heldout23", "heldout24", "heldout25", "heldout26", "heldout27", "heldout28",
                 "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34", "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41", "heldout42", "heldout43", "heldout44", "heldout45", "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51", "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57", "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64", "heldout65", "heldout66", "heldout67", "heldout68", "heldout69", "heldout70", "heldout71", "heldout72", "heldout73", "heldout74", "heldout75")
FIELDS = ("id", "source", "language", "register", "before", "user", "after", "label", "convention")
SOURCE_KINDS = ("public-conversation", "paraphrase", "generated")
REGISTERS = ("terse", "polite", "annoyed", "indirect", "neutral")
LABELS = ("correction", "new_request", "approval", "question")
ACTIONS = {"run": "command", "edit": "path", "write": "path", "say": "text"}
CONVENTION_KINDS = ("command_avoided", "command_used", "path_untouched", "generator_run", "dependency_set_unchanged",
                    "test_added", "check_run_after_last_edit", "added_lines_avoid", "other")
_LANGUAGE = re.compile(r"[a-z]{2,3}")
_WHERE = re.compile(r"[\w.-]+/[\w.-]+:\S.*")


class CorpusError(ValueError):
    pass


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _actions(value: object, field: str) -> list[str]:
    if not isinstance(value, list):
        return [f"{field} is not a list"]
    problems = []
    for n, action in enumerate(value):
        kind = action.get("kind") if isinstance(action, dict) else None
        if kind not in ACTIONS:
            problems.append(f"{field}[{n}] has no known kind (one of {', '.join(ACTIONS)})")
        elif set(action) != {"kind", ACTIONS[kind]} or not _text(action[ACTIONS[kind]]):
            problems.append(f"{field}[{n}] ({kind}) needs exactly a non-empty {ACTIONS[kind]!r}")
    return problems


def _convention(value: object, label: object) -> list[str]:
    if value is None:
        return []
    if label != "correction":
        return [f"a {label} has a convention; only a correction states one"]
    if not isinstance(value, dict) or value.get("kind") not in CONVENTION_KINDS:
        return [f"convention.kind is not one of {', '.join(CONVENTION_KINDS)}"]
    problems = [] if _text(value.get("value")) else ["convention.value is empty"]
    if "instead" in value and not _text(value["instead"]):
        problems.append("convention.instead is empty")
    if set(value) - {"kind", "value", "instead"}:
        problems.append(f"convention has unknown fields {sorted(set(value) - {'kind', 'value', 'instead'})}")
    return problems


def problems(item: object) -> list[str]:
    """What is wrong with one item, in words; [] for a good one."""
    if not isinstance(item, dict):
        return ["the line is not a JSON object"]
    found = []
    if set(item) != set(FIELDS):
        missing, extra = sorted(set(FIELDS) - set(item)), sorted(set(item) - set(FIELDS))
        found.append(f"fields differ: missing {missing}, unknown {extra}")
    if not _text(item.get("id")):
        found.append("id is empty")
    source = item.get("source")
    if not isinstance(source, dict) or source.get("kind") not in SOURCE_KINDS:
        found.append(f"source.kind is not one of {', '.join(SOURCE_KINDS)}")
    else:
        if set(source) - {"kind", "where", "note"}:
            found.append(f"source has unknown fields {sorted(set(source) - {'kind', 'where', 'note'})}")
        where = source.get("where")
        if source["kind"] == "public-conversation" and not (isinstance(where, str) and _WHERE.fullmatch(where)):
            found.append("a public conversation needs source.where as owner/repo:path")
        if "note" in source and not isinstance(source["note"], str):
            found.append("source.note is not text")
    if not (isinstance(item.get("language"), str) and _LANGUAGE.fullmatch(item["language"])):
        found.append("language is not a two- or three-letter code")
    if item.get("register") not in REGISTERS:
        found.append(f"register is not one of {', '.join(REGISTERS)}")
    if not _text(item.get("user")):
        found.append("user is empty")
    found += _actions(item.get("before"), "before")
    if not found and not item["before"]:
        found.append("before is empty: every turn follows some work of the agent")
    found += _actions(item.get("after"), "after")
    if item.get("label") not in LABELS:
        found.append(f"label is not one of {', '.join(LABELS)}")
    found += _convention(item.get("convention"), item.get("label"))
    return found


def path(part: str) -> Path:
    if part not in PARTS:
        raise CorpusError(f"no part {part!r}: the parts are {', '.join(PARTS)}")
    return CORPUS / f"{part}.jsonl"


def load(part: str) -> list[dict]:
    """Every item of a part, checked. The held-out part is read to score a reader, never to tune one."""
    items, seen = [], set()
    for number, line in enumerate(path(part).read_text(encoding="utf-8").splitlines(), 1):
        where = f"{part}.jsonl line {number}"
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise CorpusError(f"{where}: not JSON ({error})") from None
        found = problems(item)
        name = item.get("id") if isinstance(item, dict) else None
        if not found and name in seen:
            found = ["the id is used twice"]
        if found:
            raise CorpusError(f"{where} (id {name!r}): " + "; ".join(found))
        seen.add(name)
        items.append(item)
    return items


def sha256(part: str) -> str:
    return hashlib.sha256(path(part).read_bytes()).hexdigest()


def manifest() -> dict:
    return json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))


def repository(item: dict) -> str | None:
    """owner/repo of a public conversation, else None."""
    if item["source"]["kind"] != "public-conversation":
        return None
    return item["source"]["where"].split(":", 1)[0]


def counts(items: list[dict]) -> dict:
    """The figures manifest.json records for a part, but its file name and hash."""
    def tally(values) -> dict:
        return dict(sorted(Counter(values).items()))
    return {
        "items": len(items),
        "labels": tally(i["label"] for i in items),
        "languages": tally(i["language"] for i in items),
        "source_kinds": tally(i["source"]["kind"] for i in items),
        "registers": tally(i["register"] for i in items),
        "repositories": tally(r for r in map(repository, items) if r),
    }


def fresh_manifest() -> dict:
    """manifest.json as the files stand now."""
    return {"parts": {part: {"file": path(part).name, "sha256": sha256(part), **counts(load(part))} for part in PARTS}}


if __name__ == "__main__":
    # python -m tests.correction_corpus: rewrite manifest.json after a deliberate change of a part.
    (CORPUS / "manifest.json").write_text(json.dumps(fresh_manifest(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
