"""The correction corpus of tests/corpora/corrections: every part loads and every item is well
formed, manifest.json still matches the files (so an edit of the held-out part shows), and the
split leaks nothing: no convention of the paraphrased or generated items and no repository of
the public conversations is on two sides (the development parts are one side, each held-out part
another), and no user's words are in two parts. Each part has every register and at least three
languages besides English."""

from __future__ import annotations

import copy
import json

import pytest

import tests.correction_corpus as corpus
from tests.correction_corpus import (DEVELOPMENT_PARTS, HELDOUT_PARTS, PARTS, REGISTERS, CorpusError, counts, load,
                                     manifest, problems, repository, sha256)

ITEMS = {part: load(part) for part in PARTS}


@pytest.mark.parametrize("part", PARTS)
def test_each_part_loads_and_every_item_is_well_formed(part):
    items = ITEMS[part]
    assert items and all(problems(item) == [] for item in items)
    labels = {item["label"] for item in items}
    assert "correction" in labels and labels - {"correction"}


def test_ids_are_unique_across_the_parts():
    ids = [item["id"] for part in PARTS for item in ITEMS[part]]
    assert len(ids) == len(set(ids))


def test_the_corpus_is_as_large_as_promised():
    everything = [item for part in PARTS for item in ITEMS[part]]
    public = [item for item in everything if item["source"]["kind"] == "public-conversation"]
    assert len(everything) >= 300
    assert len(public) >= 60 and sum(item["label"] == "correction" for item in public) >= 25
    assert sum(item["source"]["kind"] == "generated" for item in everything) >= 40


@pytest.mark.parametrize("part", PARTS)
def test_the_manifest_matches_the_files(part):
    recorded = manifest()["parts"][part]
    assert recorded["sha256"] == sha256(part), f"{part}.jsonl changed since manifest.json was written"
    assert {key: value for key, value in recorded.items() if key not in ("file", "sha256")} == counts(ITEMS[part])


def _pairs_of_parts():
    return [(a, b) for n, a in enumerate(PARTS) for b in PARTS[n + 1:]]


# The development parts may share conventions (the second words the first's anew); a held-out
# part shares nothing with them or with the other held-out part.
SIDES = [DEVELOPMENT_PARTS] + [(part,) for part in HELDOUT_PARTS]


# heldout6 to heldout75 hold written turns only, so they have no repository to keep apart.
WRITTEN_ONLY = (("heldout6",), ("heldout7",), ("heldout8",), ("heldout9",), ("heldout10",), ("heldout11",),
                ("heldout12",), ("heldout13",), ("heldout14",), ("heldout15",), ("heldout16",),
                ("heldout17",), ("heldout18",), ("heldout19",), ("heldout20",), ("heldout21",), ("heldout22",),
                ("heldout23",), ("heldout24",), ("heldout25",), ("heldout26",),
                ("heldout27",), ("heldout28",), ("heldout29",), ("heldout30",),
                ("heldout31",), ("heldout32",), ("heldout33",), ("heldout34",), ("heldout35",), ("heldout36",), ("heldout37",), ("heldout38",), ("heldout39",), ("heldout40",), ("heldout41",), ("heldout42",), ("heldout43",), ("heldout44",), ("heldout45",), ("heldout46",), ("heldout47",), ("heldout48",), ("heldout49",), ("heldout50",), ("heldout51",), ("heldout52",), ("heldout53",), ("heldout54",), ("heldout55",), ("heldout56",), ("heldout57",), ("heldout58",), ("heldout59",), ("heldout60",), ("heldout61",), ("heldout62",), ("heldout63",), ("heldout64",), ("heldout65",), ("heldout66",), ("heldout67",), ("heldout68",), ("heldout69",), ("heldout70",), ("heldout71",), ("heldout72",), ("heldout73",), ("heldout74",), ("heldout75",))
REPOSITORY_SIDES = [side for side in SIDES if side not in WRITTEN_ONLY]


def _pairs_of_sides(sides=SIDES):
    return [(a, b) for n, a in enumerate(sides) for b in sides[n + 1:]]


def _side_ids(sides):
    return [f"{'+'.join(a)} vs {'+'.join(b)}" for a, b in sides]


def test_the_sides_cover_every_part_once():
    assert sorted(part for side in SIDES for part in side) == sorted(PARTS)


@pytest.mark.parametrize("first, second", _pairs_of_sides(), ids=_side_ids(_pairs_of_sides()))
def test_no_convention_of_the_written_items_is_on_two_sides(first, second):
    def conventions(side):
        return {(item["convention"]["kind"], item["convention"]["value"]) for part in side for item in ITEMS[part]
                if item["source"]["kind"] in ("paraphrase", "generated") and item["convention"]}
    assert conventions(first) and conventions(second)
    assert conventions(first) & conventions(second) == set()


@pytest.mark.parametrize("first, second", _pairs_of_sides(REPOSITORY_SIDES),
                         ids=_side_ids(_pairs_of_sides(REPOSITORY_SIDES)))
def test_no_repository_is_on_two_sides(first, second):
    a, b = ({repository(item) for part in side for item in ITEMS[part]} - {None} for side in (first, second))
    assert a and b
    assert a & b == set()


def test_no_user_wording_is_in_two_parts():
    words = {part: {item["user"].strip().lower() for item in ITEMS[part]} for part in PARTS}
    for first, second in _pairs_of_parts():
        assert words[first] & words[second] == set(), (first, second)


@pytest.mark.parametrize("part", PARTS)
def test_each_part_has_three_languages_besides_english_and_every_register(part):
    languages = {item["language"] for item in ITEMS[part]}
    assert "en" in languages and len(languages - {"en"}) >= 3
    assert {"terse", "polite", "annoyed", "indirect"} <= {item["register"] for item in ITEMS[part]} <= set(REGISTERS)


def _broken(change) -> dict:
    item = copy.deepcopy(ITEMS["development"][0])
    change(item)
    return item


@pytest.mark.parametrize("change, says", [
    (lambda i: i.update(label="complaint"), "label is not one of"),
    (lambda i: i.update(register="rude"), "register is not one of"),
    (lambda i: i.update(language="English"), "language is not"),
    (lambda i: i["before"].append({"kind": "run"}), "before[%d] (run) needs exactly a non-empty 'command'"),
    (lambda i: i.update(before=[]), "before is empty"),
    (lambda i: i.update(convention={"kind": "always", "value": "x"}), "convention.kind is not one of"),
    (lambda i: i.update(label="approval", convention={"kind": "other", "value": "x"}), "only a correction states one"),
    (lambda i: i["source"].pop("where"), "owner/repo:path"),
    (lambda i: i.pop("user"), "missing ['user']"),
])
def test_a_bad_item_is_named_with_what_is_wrong(change, says, tmp_path, monkeypatch):
    item = _broken(change)
    if "%d" in says:
        says = says % (len(item["before"]) - 1)
    assert any(says in problem for problem in problems(item)), problems(item)
    monkeypatch.setattr(corpus, "CORPUS", tmp_path)
    (tmp_path / "development.jsonl").write_text(json.dumps(ITEMS["development"][1]) + "\n" + json.dumps(item) + "\n")
    with pytest.raises(CorpusError, match=rf"development\.jsonl line 2 \(id '{item.get('id')}'\)"):
        load("development")


def _paraphrases_each_new_convention_in_four_languages_besides_english(part: str) -> None:
    items = ITEMS[part]
    written = [item for item in items if item["source"]["kind"] == "paraphrase" and item["convention"]]
    by_rule: dict[tuple, list[dict]] = {}
    for item in written:
        by_rule.setdefault((item["convention"]["kind"], item["convention"]["value"]), []).append(item)
    assert len(by_rule) >= 6
    for rule, turns in by_rule.items():
        assert len(turns) >= 10, rule
        assert len({item["language"] for item in turns} - {"en"}) >= 4, rule
        assert {"terse", "polite", "annoyed", "indirect"} <= {item["register"] for item in turns}, rule
    assert sum(item["label"] != "correction" for item in items) >= 30


@pytest.mark.parametrize("part", ["heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8",
                                  "heldout9", "heldout10", "heldout11"])
def test_the_later_held_out_parts_paraphrase_each_new_convention_in_four_languages_besides_english(part):
    _paraphrases_each_new_convention_in_four_languages_besides_english(part)


def test_the_fourth_held_out_part_has_corrections_where_the_agent_keeps_its_course_and_turns_in_every_language():
    items = ITEMS["heldout4"]
    kept = [item for item in items if item["label"] == "correction" and item["convention"]
            and all(action["kind"] == "say" for action in item["after"])]
    assert len({(item["convention"]["kind"], item["convention"]["value"]) for item in kept}) >= 6
    assert len({item["language"] for item in items}) >= 13
    assert {"new_request", "approval", "question"} <= {item["label"] for item in items}


@pytest.mark.parametrize("part", ["heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17",
                                  "heldout18", "heldout19", "heldout20", "heldout21", "heldout22", "heldout23",
                                  "heldout24", "heldout25", "heldout26", "heldout27", "heldout28", "heldout29",
                                  "heldout30", "heldout31", "heldout32", "heldout33", "heldout34", "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41", "heldout42", "heldout43", "heldout44", "heldout45", "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51", "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57", "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64", "heldout65", "heldout66", "heldout67", "heldout68", "heldout69", "heldout70", "heldout71", "heldout72", "heldout73", "heldout74", "heldout75"])
def test_the_latest_held_out_parts_paraphrase_each_convention_ten_times_in_four_languages_besides_english(part):
    # One convention is stated two ways (by its generator, or by the generated files alone), so the
    # part is counted per convention letter of the id rather than per kind and value.
    items = ITEMS[part]
    by_letter: dict[str, list[dict]] = {}
    for item in items:
        if item["label"] == "correction" and item["convention"]:
            by_letter.setdefault(item["id"].split("-")[1], []).append(item)
    assert len(by_letter) >= 8
    for letter, turns in by_letter.items():
        assert len(turns) >= 10, letter
        assert len({item["language"] for item in turns} - {"en"}) >= 4, letter
        assert {"terse", "polite", "annoyed", "indirect"} <= {item["register"] for item in turns}, letter
    assert len({(item["convention"]["kind"], item["convention"]["value"]) for turns in by_letter.values()
                for item in turns}) == len(by_letter) + 1
    assert sum(item["label"] != "correction" for item in items) >= 35


@pytest.mark.parametrize("part", ["heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10",
                                  "heldout11", "heldout12", "heldout13", "heldout14", "heldout15",
                                  "heldout16", "heldout17", "heldout18", "heldout19", "heldout20", "heldout21",
                                  "heldout22", "heldout23", "heldout24", "heldout25", "heldout26", "heldout27",
                                  "heldout28", "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34",
                                  "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41", "heldout42", "heldout43", "heldout44", "heldout45", "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51", "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57", "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64", "heldout65", "heldout66", "heldout67", "heldout68", "heldout69", "heldout70", "heldout71", "heldout72", "heldout73", "heldout74", "heldout75"])
def test_the_latest_held_out_parts_have_kept_courses_look_alikes_and_conventions_of_their_own(part):
    items = ITEMS[part]
    ruled = [item for item in items if item["label"] == "correction" and item["convention"]]
    kept = [item for item in ruled if all(action["kind"] == "say" for action in item["after"])]
    assert len({(item["convention"]["kind"], item["convention"]["value"]) for item in kept}) >= 7
    assert len({item["convention"]["kind"] for item in ruled}) >= 7
    assert len({item["language"] for item in items}) >= 14
    assert sum(item["label"] != "correction" for item in items) >= 35
    earlier = {item["convention"]["value"] for other in PARTS[:PARTS.index(part)] for item in ITEMS[other]
               if item["convention"]}
    assert {item["convention"]["value"] for item in ruled} & earlier == set()


@pytest.mark.parametrize("part", ["heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11",
                                  "heldout12", "heldout13", "heldout14", "heldout15", "heldout16",
                                  "heldout17", "heldout18", "heldout19", "heldout20", "heldout21", "heldout22",
                                  "heldout23", "heldout24", "heldout25", "heldout26", "heldout27", "heldout28",
                                  "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34",
                                  "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41", "heldout42", "heldout43", "heldout44", "heldout45", "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51", "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57", "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64", "heldout65", "heldout66", "heldout67", "heldout68", "heldout69", "heldout70", "heldout71", "heldout72", "heldout73", "heldout74", "heldout75"])
def test_the_latest_held_out_parts_have_one_off_corrections_beside_the_durable_ones(part):
    # One-off corrections share the durable ones' shapes, so only the words tell "this time" from "always".
    one_off = [item for item in ITEMS[part] if item["label"] == "correction" and item["convention"] is None]
    assert len(one_off) >= 5
    assert {item["source"]["kind"] for item in ITEMS[part]} == {"paraphrase"}
    assert len({item["language"] for item in one_off}) >= 4


@pytest.mark.parametrize("part", ["heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "heldout12",
                                  "heldout13", "heldout14", "heldout15", "heldout16", "heldout17",
                                  "heldout18", "heldout19", "heldout20", "heldout21", "heldout22",
                                  "heldout23", "heldout24", "heldout25", "heldout26", "heldout27", "heldout28",
                                  "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34",
                                  "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41", "heldout42", "heldout43", "heldout44", "heldout45", "heldout46", "heldout47", "heldout48", "heldout49", "heldout50", "heldout51", "heldout52", "heldout53", "heldout54", "heldout55", "heldout56", "heldout57", "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64", "heldout65", "heldout66", "heldout67", "heldout68", "heldout69", "heldout70", "heldout71", "heldout72", "heldout73", "heldout74", "heldout75"])
def test_the_latest_held_out_parts_state_each_rule_as_lasting_once_while_the_agent_only_acknowledges(part):
    # A rule said as lasting ("from now on") with no change of course is carried by the words alone.
    ruled = [item for item in ITEMS[part] if item["label"] == "correction" and item["convention"]]
    rules = {(item["convention"]["kind"], item["convention"]["value"]) for item in ruled}
    acknowledged = {(item["convention"]["kind"], item["convention"]["value"]) for item in ruled
                    if item["register"] == "neutral" and all(action["kind"] == "say" for action in item["after"])}
    assert len(rules) >= 8 and acknowledged == rules
