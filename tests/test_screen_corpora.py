"""The screen corpora of tests/corpora/rules and tests/corpora/secrets: every part loads and every
item is well formed (each secret substring occurs in its text), manifest.json still matches the
files (so an edit of a held-out part shows), the split leaks nothing (no tactic family in both rule
parts, no vendor or format in both secret parts, no ordinary shape in both), each part has every
effect, at least three languages besides English, every context and the same mix of contexts, and
make.py writes exactly the secrets files that are there. The later held-out parts (fresh, fresh2,
fresh3, fresh4, fresh5, fresh6, fresh7, fresh8, fresh9, fresh10, fresh11, fresh12, fresh13, fresh14, fresh15, fresh16, fresh17, fresh18, fresh19, fresh20, fresh21, fresh22, fresh23, fresh24, fresh25, fresh26, fresh27, fresh28, fresh29, fresh30, fresh31, fresh32, fresh33, fresh34, fresh35, fresh36, and of the rules fresh37 to fresh39) are checked against their records and against every other part."""

from __future__ import annotations

import base64
import copy
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.screen_corpora import (
    ALL_CONTEXTS, CONTEXTS, CORPORA, CORPUS_PARTS, EFFECTS, FRESH, FRESH2, FRESH3, FRESH3_CONTEXTS, FRESH4, FRESH4_CONTEXTS, FRESH5,
    FRESH5_CONTEXTS, FRESH6, FRESH6_CONTEXTS, FRESH7, FRESH7_CONTEXTS, FRESH8, FRESH8_CONTEXTS, FRESH9, FRESH9_CONTEXTS, FRESH10, FRESH10_CONTEXTS, FRESH11, FRESH11_CONTEXTS, FRESH12, FRESH12_CONTEXTS, FRESH13, FRESH13_CONTEXTS, FRESH14, FRESH14_CONTEXTS, FRESH15, FRESH15_CONTEXTS, FRESH16, FRESH16_CONTEXTS, FRESH17, FRESH17_CONTEXTS, FRESH18, FRESH18_CONTEXTS, FRESH19, FRESH19_CONTEXTS, FRESH20, FRESH20_CONTEXTS, FRESH21, FRESH21_CONTEXTS, FRESH22, FRESH22_CONTEXTS, FRESH23, FRESH23_CONTEXTS, FRESH24, FRESH24_CONTEXTS, FRESH25, FRESH25_CONTEXTS, FRESH26, FRESH26_CONTEXTS, FRESH27, FRESH27_CONTEXTS, FRESH28, FRESH28_CONTEXTS, FRESH29, FRESH29_CONTEXTS, FRESH30, FRESH30_CONTEXTS, FRESH31, FRESH31_CONTEXTS, FRESH32, FRESH32_CONTEXTS, FRESH33, FRESH33_CONTEXTS, FRESH34, FRESH34_CONTEXTS, FRESH35, FRESH35_CONTEXTS, FRESH36, FRESH36_CONTEXTS, FRESH37, FRESH38, FRESH39, GROWN, GROWN2, GROWN3, LANGUAGES,
    LATER_CONTEXTS, PARTS, TACTICS, CorpusError,
    counts, fresh_record, load, load_maker, manifest, path, recorded_fresh, rule_problems, secret_problems, sha256, vendor,
)

ITEMS = {(corpus, part): load(corpus, part) for corpus in CORPORA for part in PARTS}
MAX_CONTEXT_SHARE_GAP = 0.03  # the share of each context among secret items differs by at most this between parts


def rules(part: str) -> list[dict]:
    return ITEMS[("rules", part)]


def secrets(part: str, kind: str | None = None) -> list[dict]:
    return [item for item in ITEMS[("secrets", part)] if kind is None or item["kind"] == kind]


@pytest.mark.parametrize("corpus", CORPORA)
@pytest.mark.parametrize("part", PARTS)
def test_each_part_loads_and_every_item_is_well_formed(corpus, part):
    check = rule_problems if corpus == "rules" else secret_problems
    items = ITEMS[(corpus, part)]
    assert items and all(check(item) == [] for item in items)


@pytest.mark.parametrize("corpus", CORPORA)
def test_ids_are_unique_across_the_parts(corpus):
    ids = [item["id"] for part in PARTS for item in ITEMS[(corpus, part)]]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("corpus", CORPORA)
@pytest.mark.parametrize("part", PARTS)
def test_the_manifest_matches_the_files(corpus, part):
    recorded = manifest(corpus)["parts"][part]
    assert recorded["file"] == path(corpus, part).name
    assert recorded["sha256"] == sha256(corpus, part), f"{corpus}/{part}.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts(corpus, ITEMS[(corpus, part)])


# --- rules -----------------------------------------------------------------------------------

def test_the_rules_corpus_is_as_large_as_promised():
    everything = rules("development") + rules("heldout")
    dangerous = [i for i in everything if i["label"] == "dangerous"]
    harmless = [i for i in everything if i["label"] == "harmless"]
    assert len(dangerous) >= 200 and len(harmless) >= len(dangerous)
    assert {i["source"]["kind"] for i in everything} >= {"generated", "public"}
    assert len({i["language"] for i in dangerous} - {"en"}) >= 5


def test_no_tactic_family_is_in_both_rule_parts():
    development, heldout = ({item["tactic"] for item in rules(part)} for part in PARTS)
    assert development and heldout and development & heldout == set()
    assert development | heldout == {tactic for tactic, part in TACTICS.items() if part in PARTS}


@pytest.mark.parametrize("part", PARTS)
def test_each_rule_part_has_every_effect_and_three_languages_besides_english(part):
    dangerous = [i for i in rules(part) if i["label"] == "dangerous"]
    harmless = [i for i in rules(part) if i["label"] == "harmless"]
    assert {i["effect"] for i in dangerous} == set(EFFECTS)
    assert len({i["language"] for i in dangerous} - {"en"}) >= 3
    assert len({i["language"] for i in harmless} - {"en"}) >= 3
    assert len(harmless) >= len(dangerous)
    assert any("context" in i for i in dangerous), "no dangerous rule against a line of the user's memory"


@pytest.mark.parametrize("part", PARTS)
def test_every_tactic_family_has_both_labels(part):
    labels = Counter((i["tactic"], i["label"]) for i in rules(part))
    for tactic in {i["tactic"] for i in rules(part)}:
        assert labels[(tactic, "dangerous")] >= 10 and labels[(tactic, "harmless")] >= 10, tactic


def test_no_rule_text_is_in_both_parts():
    development, heldout = ({item["text"] for item in rules(part)} for part in PARTS)
    assert development & heldout == set()


# --- secrets ---------------------------------------------------------------------------------

def test_the_secrets_corpus_is_as_large_as_promised():
    found = secrets("development", "secret") + secrets("heldout", "secret")
    ordinary = secrets("development", "ordinary") + secrets("heldout", "ordinary")
    assert len(found) >= 400 and len(ordinary) >= 300
    assert len({i["format"] for i in found}) >= 120
    assert len({vendor(i) for i in found}) >= 80


def test_the_reported_leak_is_in_the_corpus():
    texts = [i["text"] for part in PARTS for i in secrets(part, "secret")]
    assert any(t.startswith("credential: aws_session_token = ") for t in texts)
    assert any(t.startswith("AWS_SECRET_ACCESS_KEY=") for t in texts)
    assert any(t.startswith("my_aws_key = ") for t in texts)


def test_no_vendor_or_format_is_in_both_secret_parts():
    development, heldout = ({vendor(i) for i in secrets(part, "secret")} for part in PARTS)
    assert development and heldout and development & heldout == set()
    development, heldout = ({i["format"] for i in secrets(part, "secret")} for part in PARTS)
    assert development & heldout == set()


def test_no_ordinary_shape_is_in_both_parts_but_every_family_is_in_each():
    shapes = {part: {i["format"] for i in secrets(part, "ordinary")} for part in PARTS}
    assert shapes["development"] & shapes["heldout"] == set()
    families = {part: {s.split("/")[0] for s in shapes[part]} for part in PARTS}
    assert families["development"] == families["heldout"]


@pytest.mark.parametrize("part", PARTS)
def test_every_secret_substring_occurs_in_its_text(part):
    for item in secrets(part):
        assert all(secret in item["text"] for secret in item["secrets"]), item["id"]


@pytest.mark.parametrize("part", PARTS)
def test_each_secret_part_has_every_context(part):
    assert {i["context"] for i in secrets(part, "secret")} == set(CONTEXTS)


def test_the_mix_of_contexts_is_the_same_in_both_parts():
    shares = {}
    for part in PARTS:
        found = Counter(i["context"] for i in secrets(part, "secret"))
        shares[part] = {c: found[c] / sum(found.values()) for c in CONTEXTS}
    gaps = {c: abs(shares["development"][c] - shares["heldout"][c]) for c in CONTEXTS}
    assert max(gaps.values()) <= MAX_CONTEXT_SHARE_GAP, gaps


def _make_module():
    return load_maker("secrets", "make")


def test_vendors_that_share_a_prefix_are_in_one_part():
    part_of = {vendor(i): part for part in PARTS for i in secrets(part, "secret")}
    for follower, leader in _make_module().SAME_UNIT.items():
        assert part_of[follower] == part_of[leader], (follower, leader)


def test_make_py_writes_exactly_the_secrets_files():
    built = _make_module().build()
    for part in PARTS:
        assert built[part] == ITEMS[("secrets", part)], f"make.py no longer writes secrets/{part}.jsonl"


# --- clear errors ------------------------------------------------------------------------------

def _broken(corpus: str, change) -> dict:
    item = copy.deepcopy(ITEMS[(corpus, "development")][0])
    change(item)
    return item


@pytest.mark.parametrize("change, says", [
    (lambda i: i.update(label="risky"), "label is not one of"),
    (lambda i: i.update(effect=None), "a dangerous rule needs an effect"),
    (lambda i: i.update(language="English"), "language is not one of"),
    (lambda i: i.update(text="no bullet"), "text is not a SKILL.md bullet"),
    (lambda i: i.update(tactic="obfuscation"), "tactic is not one of"),
    (lambda i: i.update(context={"memory": "x"}), "context is not"),
    (lambda i: i["source"].update(kind="scraped"), "source.kind is not one of"),
    (lambda i: i.pop("tactic"), "fields differ"),
])
def test_a_broken_rule_says_what_is_wrong(change, says):
    assert any(says in problem for problem in rule_problems(_broken("rules", change)))


@pytest.mark.parametrize("change, says", [
    (lambda i: i.update(secrets=[i["secrets"][0] + "x"]), "does not occur in the text"),
    (lambda i: i.update(secrets=[]), "lists no secret substring"),
    (lambda i: i.update(kind="maybe"), "kind is not one of"),
    (lambda i: i.update(context="telegram_export"), "context is not one of"),
    (lambda i: i.update(format="GitHub token"), "format is not 'vendor/kind'"),
    (lambda i: i["source"].update(note=""), "source.note is empty"),
])
def test_a_broken_secret_item_says_what_is_wrong(change, says):
    first_secret = next(i for i in ITEMS[("secrets", "development")] if i["kind"] == "secret")
    item = copy.deepcopy(first_secret)
    change(item)
    assert any(says in problem for problem in secret_problems(item))


def test_load_names_the_file_line_and_id(tmp_path, monkeypatch):
    import tests.screen_corpora as corpora
    (tmp_path / "rules").mkdir()
    good = json.dumps(ITEMS[("rules", "development")][0], ensure_ascii=False)
    bad = json.dumps(_broken("rules", lambda i: i.update(label="risky", id="r-bad")), ensure_ascii=False)
    (tmp_path / "rules" / "development.jsonl").write_text(good + "\n" + bad + "\n", encoding="utf-8")
    monkeypatch.setattr(corpora, "ROOT", tmp_path)
    with pytest.raises(CorpusError, match=r"rules/development.jsonl line 2 \(id 'r-bad'\): label is not one of"):
        corpora.load("rules", "development")


def test_a_tactic_of_the_other_part_is_refused(tmp_path, monkeypatch):
    import tests.screen_corpora as corpora
    (tmp_path / "rules").mkdir()
    moved = json.dumps(ITEMS[("rules", "development")][0], ensure_ascii=False)
    (tmp_path / "rules" / "heldout.jsonl").write_text(moved + "\n", encoding="utf-8")
    monkeypatch.setattr(corpora, "ROOT", tmp_path)
    with pytest.raises(CorpusError, match="belongs to the development part"):
        corpora.load("rules", "heldout")


# --- the fresh part --------------------------------------------------------------------------

@pytest.mark.parametrize("corpus", CORPORA)
def test_the_fresh_part_loads_matches_its_record_and_shares_nothing_with_the_others(corpus):
    fresh = load(corpus, FRESH)
    check = rule_problems if corpus == "rules" else secret_problems
    assert fresh and all(check(item) == [] for item in fresh)
    assert recorded_fresh() == fresh_record(), f"{corpus}/fresh.jsonl changed since corpora/fresh.json was written"
    older = [item for part in PARTS for item in ITEMS[(corpus, part)]]
    assert {i["id"] for i in fresh}.isdisjoint(i["id"] for i in older)
    assert {i["text"] for i in fresh}.isdisjoint(i["text"] for i in older)


def test_the_fresh_rules_have_both_labels_every_effect_and_seven_languages_besides_english():
    fresh = load("rules", FRESH)
    dangerous = [i for i in fresh if i["label"] == "dangerous"]
    assert {i["effect"] for i in dangerous} == set(EFFECTS)
    assert len({i["language"] for i in dangerous} - {"en"}) == 7
    assert sum(i["label"] == "harmless" for i in fresh) >= 50


@pytest.mark.parametrize("part", (FRESH, FRESH2, FRESH3, FRESH4, FRESH5, FRESH6, FRESH7, FRESH8, FRESH9, FRESH10, FRESH11, FRESH12, FRESH13, FRESH14, FRESH15, FRESH16, FRESH17, FRESH18, FRESH19, FRESH20, FRESH21, FRESH22, FRESH23, FRESH24, FRESH25, FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36))
def test_each_fresh_maker_writes_exactly_its_secrets_part(part, tmp_path):
    maker = Path(__file__).resolve().parent / "corpora" / "secrets" / f"make_{part}.py"
    subprocess.run([sys.executable, str(maker), str(tmp_path / f"{part}.jsonl")], check=True, capture_output=True)
    assert (tmp_path / f"{part}.jsonl").read_bytes() == path("secrets", part).read_bytes()


# --- the grown development part --------------------------------------------------------------

@pytest.mark.parametrize("corpus", CORPORA)
def test_the_grown_part_loads_matches_the_manifest_and_shares_nothing_with_the_held_out_part(corpus):
    grown = load(corpus, GROWN)
    recorded = manifest(corpus)["parts"][GROWN]
    assert recorded["sha256"] == sha256(corpus, GROWN), f"{corpus}/grown.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts(corpus, grown)
    held_out = ITEMS[(corpus, "heldout")]
    assert {i["id"] for i in grown}.isdisjoint(i["id"] for i in ITEMS[(corpus, "development")] + held_out)
    assert {i["text"] for i in grown}.isdisjoint(i["text"] for i in held_out)
    if corpus == "secrets":
        assert {vendor(i) for i in grown if i["kind"] == "secret"}.isdisjoint(vendor(i) for i in secrets("heldout", "secret"))
        assert {i["format"] for i in grown if i["kind"] == "ordinary"}.isdisjoint(i["format"] for i in held_out)


@pytest.mark.parametrize("corpus", CORPORA)
def test_make_grown_writes_exactly_the_grown_part(corpus):
    assert load_maker(corpus, "make_grown").build() == load(corpus, GROWN)


# --- the third development part of the rules ---------------------------------------------------

def test_the_grown2_part_matches_the_manifest_and_shares_nothing_with_the_held_out_part():
    grown2 = load("rules", GROWN2)
    recorded = manifest("rules")["parts"][GROWN2]
    assert recorded["sha256"] == sha256("rules", GROWN2), "rules/grown2.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts("rules", grown2)
    others = rules("development") + rules("heldout") + load("rules", GROWN)
    assert {i["id"] for i in grown2}.isdisjoint(i["id"] for i in others)
    assert {i["text"] for i in grown2}.isdisjoint(i["text"] for i in rules("heldout"))
    assert {i["tactic"] for i in grown2} == {t for t, part in TACTICS.items() if part == GROWN2}


def test_the_grown2_part_has_every_effect_every_language_and_both_labels_per_family():
    grown2 = load("rules", GROWN2)
    dangerous = [i for i in grown2 if i["label"] == "dangerous"]
    assert {i["effect"] for i in dangerous} == set(EFFECTS)
    assert {i["language"] for i in dangerous} == set(LANGUAGES[:8])  # the languages before fresh2 added five
    labels = Counter((i["tactic"], i["label"]) for i in grown2)
    for tactic in {i["tactic"] for i in grown2}:
        assert labels[(tactic, "dangerous")] >= 10 and labels[(tactic, "harmless")] >= 10, tactic


def test_make_grown2_writes_exactly_the_grown2_part():
    assert load_maker("rules", "make_grown2").build() == load("rules", GROWN2)


# --- the fourth development part of the rules ---------------------------------------------------

def test_the_grown3_part_matches_the_manifest_and_shares_no_text_or_family_with_any_other_part():
    grown3 = load("rules", GROWN3)
    recorded = manifest("rules")["parts"][GROWN3]
    assert recorded["sha256"] == sha256("rules", GROWN3), "rules/grown3.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts("rules", grown3)
    others = [item for part in PARTS + (GROWN, GROWN2, FRESH, FRESH2) for item in load("rules", part)]
    assert {i["id"] for i in grown3}.isdisjoint(i["id"] for i in others)
    assert {i["text"] for i in grown3}.isdisjoint(i["text"] for i in others)
    assert {i["tactic"] for i in grown3}.isdisjoint(i["tactic"] for i in others)
    assert {i["tactic"] for i in grown3} == {t for t, part in TACTICS.items() if part == GROWN3}


def test_the_grown3_part_is_mostly_harmless_in_every_language_with_every_effect():
    grown3 = load("rules", GROWN3)
    dangerous = [i for i in grown3 if i["label"] == "dangerous"]
    harmless = [i for i in grown3 if i["label"] == "harmless"]
    assert len(harmless) >= 2 * len(dangerous) >= 100
    assert {i["effect"] for i in dangerous} == set(EFFECTS)
    assert {i["language"] for i in harmless} == set(LANGUAGES)
    labels = Counter((i["tactic"], i["label"]) for i in grown3)
    assert all(labels[(tactic, "harmless")] >= 10 and labels[(tactic, "dangerous")] >= 5 for tactic in {i["tactic"] for i in grown3})
    assert any("context" in i for i in dangerous) and any("context" in i for i in harmless)


def test_make_grown3_writes_exactly_the_grown3_part():
    assert load_maker("rules", "make_grown3").build() == load("rules", GROWN3)


def test_make_fresh11_writes_exactly_the_fresh11_rules_part():
    assert load_maker("rules", "make_fresh11").build() == load("rules", FRESH11)


def test_make_fresh12_writes_exactly_the_fresh12_rules_part():
    assert load_maker("rules", "make_fresh12").build() == load("rules", FRESH12)


def test_make_fresh13_writes_exactly_the_fresh13_rules_part():
    assert load_maker("rules", "make_fresh13").build() == load("rules", FRESH13)


def test_make_fresh14_writes_exactly_the_fresh14_rules_part():
    assert load_maker("rules", "make_fresh14").build() == load("rules", FRESH14)


def test_make_fresh15_writes_exactly_the_fresh15_rules_part():
    assert load_maker("rules", "make_fresh15").build() == load("rules", FRESH15)


def test_make_fresh16_writes_exactly_the_fresh16_rules_part():
    assert load_maker("rules", "make_fresh16").build() == load("rules", FRESH16)


def test_make_fresh17_writes_exactly_the_fresh17_rules_part():
    assert load_maker("rules", "make_fresh17").build() == load("rules", FRESH17)


def test_make_fresh18_writes_exactly_the_fresh18_rules_part():
    assert load_maker("rules", "make_fresh18").build() == load("rules", FRESH18)


def test_make_fresh19_writes_exactly_the_fresh19_rules_part():
    assert load_maker("rules", "make_fresh19").build() == load("rules", FRESH19)


def test_make_fresh20_writes_exactly_the_fresh20_rules_part():
    assert load_maker("rules", "make_fresh20").build() == load("rules", FRESH20)


def test_make_fresh21_writes_exactly_the_fresh21_rules_part():
    assert load_maker("rules", "make_fresh21").build() == load("rules", FRESH21)


def test_make_fresh22_writes_exactly_the_fresh22_rules_part():
    assert load_maker("rules", "make_fresh22").build() == load("rules", FRESH22)


def test_make_fresh23_writes_exactly_the_fresh23_rules_part():
    assert load_maker("rules", "make_fresh23").build() == load("rules", FRESH23)


def test_make_fresh24_writes_exactly_the_fresh24_rules_part():
    assert load_maker("rules", "make_fresh24").build() == load("rules", FRESH24)


def test_make_fresh25_writes_exactly_the_fresh25_rules_part():
    assert load_maker("rules", "make_fresh25").build() == load("rules", FRESH25)


def test_make_fresh26_writes_exactly_the_fresh26_rules_part():
    assert load_maker("rules", "make_fresh26").build() == load("rules", FRESH26)


def test_make_fresh27_writes_exactly_the_fresh27_rules_part():
    assert load_maker("rules", "make_fresh27").build() == load("rules", FRESH27)


def test_make_fresh28_writes_exactly_the_fresh28_rules_part():
    assert load_maker("rules", "make_fresh28").build() == load("rules", FRESH28)


def test_make_fresh29_writes_exactly_the_fresh29_rules_part():
    assert load_maker("rules", "make_fresh29").build() == load("rules", FRESH29)


def test_make_fresh30_writes_exactly_the_fresh30_rules_part():
    assert load_maker("rules", "make_fresh30").build() == load("rules", FRESH30)


def test_make_fresh31_writes_exactly_the_fresh31_rules_part():
    assert load_maker("rules", "make_fresh31").build() == load("rules", FRESH31)


def test_make_fresh32_writes_exactly_the_fresh32_rules_part():
    assert load_maker("rules", "make_fresh32").build() == load("rules", FRESH32)


def test_make_fresh33_writes_exactly_the_fresh33_rules_part():
    assert load_maker("rules", "make_fresh33").build() == load("rules", FRESH33)


def test_make_fresh34_writes_exactly_the_fresh34_rules_part():
    assert load_maker("rules", "make_fresh34").build() == load("rules", FRESH34)


def test_make_fresh35_writes_exactly_the_fresh35_rules_part():
    assert load_maker("rules", "make_fresh35").build() == load("rules", FRESH35)


def test_make_fresh36_writes_exactly_the_fresh36_rules_part():
    assert load_maker("rules", "make_fresh36").build() == load("rules", FRESH36)


def test_make_fresh37_writes_exactly_the_fresh37_rules_part():
    assert load_maker("rules", "make_fresh37").build() == load("rules", FRESH37)


def test_make_fresh38_writes_exactly_the_fresh38_rules_part():
    assert load_maker("rules", "make_fresh38").build() == load("rules", FRESH38)


def test_make_fresh39_writes_exactly_the_fresh39_rules_part():
    assert load_maker("rules", "make_fresh39").build() == load("rules", FRESH39)


# --- the third development part of the secrets -------------------------------------------

def _make_grown2():
    return load_maker("secrets", "make_grown2")


def test_grown2_loads_matches_the_manifest_and_shares_no_vendor_shape_or_text_with_the_held_out_parts():
    grown2 = load("secrets", GROWN2)
    recorded = manifest("secrets")["parts"][GROWN2]
    assert recorded["sha256"] == sha256("secrets", GROWN2), "secrets/grown2.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts("secrets", grown2)
    held_out = ITEMS[("secrets", "heldout")] + load("secrets", FRESH)
    earlier = ITEMS[("secrets", "development")] + load("secrets", GROWN)
    assert {i["id"] for i in grown2}.isdisjoint(i["id"] for i in earlier + held_out)
    assert {i["text"] for i in grown2}.isdisjoint(i["text"] for i in held_out)
    assert {vendor(i) for i in grown2 if i["kind"] == "secret"}.isdisjoint(vendor(i) for i in held_out if i["kind"] == "secret")
    assert {i["format"] for i in grown2 if i["kind"] == "ordinary"}.isdisjoint(
        i["format"] for i in held_out if i["kind"] == "ordinary")


def test_make_grown2_draws_well_formed_items_with_new_values_each_run():
    """Its values come from `secrets`, so a second draw differs from the file but has the same formats."""
    module = _make_grown2()
    drawn = module.build()
    assert drawn and all(secret_problems(item) == [] for item in drawn)
    recorded = load("secrets", GROWN2)
    assert {i["id"] for i in drawn} == {i["id"] for i in recorded}
    assert {i["format"] for i in drawn} == {i["format"] for i in recorded}
    assert not {s for i in drawn for s in i["secrets"]} & {s for i in recorded for s in i["secrets"]}


def test_make_grown2_checksums_are_the_formats_own():
    module = _make_grown2()
    wif = module.bitcoin_wif()
    assert len(wif) == 52 and wif[0] in "KL"
    assert module.bech32("a", b"") == "a12uel5l"  # BIP-173's shortest valid string
    assert module.bech32("nsec", bytes.fromhex("67dea2ed018072d675f5415ecfaed7d2597555e202d85b3d65ea4e58d2d92ffa")) == (
        "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5")  # NIP-19's example
    pat = module.azure_devops_pat()
    assert len(pat) == 84 and pat[76:80] == "AZDO" and pat[52:58] == "JQQJ99"


# --- the fourth development part of the secrets --------------------------------------------

def _make_grown3():
    return load_maker("secrets", "make_grown3")


def test_grown3_matches_the_manifest_and_shares_no_vendor_shape_or_id_with_the_other_development_parts():
    """Checked against the development parts only: the held-out files are not read for it (their
    README names their vendors, and grown3 chose none of those)."""
    grown3 = load("secrets", GROWN3)
    recorded = manifest("secrets")["parts"][GROWN3]
    assert recorded["sha256"] == sha256("secrets", GROWN3), "secrets/grown3.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts("secrets", grown3)
    earlier = ITEMS[("secrets", "development")] + load("secrets", GROWN) + load("secrets", GROWN2)
    assert {i["id"] for i in grown3}.isdisjoint(i["id"] for i in earlier)
    assert {vendor(i) for i in grown3 if i["kind"] == "secret"}.isdisjoint(vendor(i) for i in earlier if i["kind"] == "secret")
    assert {i["format"] for i in grown3 if i["kind"] == "ordinary"}.isdisjoint(
        i["format"] for i in earlier if i["kind"] == "ordinary")


def test_make_grown3_draws_well_formed_items_with_new_values_each_run():
    module = _make_grown3()
    drawn = module.build()
    assert drawn and all(secret_problems(item) == [] for item in drawn)
    recorded = load("secrets", GROWN3)
    assert {i["id"] for i in drawn} == {i["id"] for i in recorded}
    assert {i["format"] for i in drawn} == {i["format"] for i in recorded}
    assert not {s for i in drawn for s in i["secrets"]} & {s for i in recorded for s in i["secrets"]}


def test_make_grown3_structures_are_the_formats_own():
    module = _make_grown3()
    assert module.bech32_groups("a", []) == "a12uel5l"  # BIP-173's shortest valid string
    cert, spki, key = module.certificate_der(), module.spki_der(), module.pkcs8_ec_der()
    assert cert[:2] == b"\x30\x82" and int.from_bytes(cert[2:4], "big") == len(cert) - 4 and cert[8:13] == bytes.fromhex("a003020102")
    assert spki[4:19] == bytes.fromhex("300d06092a864886f70d0101010500") and int.from_bytes(spki[2:4], "big") == len(spki) - 4
    assert key[3:6] == bytes.fromhex("020100") and key[2] == len(key) - 3
    name, blob, _ = module.ssh_certificate().split(" ")
    decoded = base64.b64decode(blob)
    assert decoded[4:4 + int.from_bytes(decoded[:4], "big")].decode() == name


# --- the fresh2 held-out part ----------------------------------------------------------------

def _fresh2(corpus: str) -> list[dict]:
    return load(corpus, FRESH2)


@pytest.mark.parametrize("corpus", CORPORA)
def test_the_fresh2_part_matches_the_manifest_and_shares_nothing_with_any_other_part(corpus):
    fresh2 = _fresh2(corpus)
    recorded = manifest(corpus)["parts"][FRESH2]
    assert recorded["sha256"] == sha256(corpus, FRESH2), f"{corpus}/fresh2.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts(corpus, fresh2)
    older = [item for part in PARTS + (GROWN, FRESH) for item in load(corpus, part)]
    assert {i["id"] for i in fresh2}.isdisjoint(i["id"] for i in older)
    assert {i["text"] for i in fresh2}.isdisjoint(i["text"] for i in older)
    if corpus == "rules":
        assert {i["tactic"] for i in fresh2}.isdisjoint(i["tactic"] for i in older)
    else:
        assert {vendor(i) for i in fresh2 if i["kind"] == "secret"}.isdisjoint(vendor(i) for i in older if i["kind"] == "secret")
        assert {i["format"] for i in fresh2 if i["kind"] == "ordinary"}.isdisjoint(
            i["format"] for i in older if i["kind"] == "ordinary")


def test_the_fresh2_rules_spread_effects_families_and_languages():
    fresh2 = _fresh2("rules")
    dangerous = [i for i in fresh2 if i["label"] == "dangerous"]
    assert all(n >= 3 for n in Counter(i["effect"] for i in dangerous).values())
    assert {i["effect"] for i in dangerous} == set(EFFECTS)
    assert sum(i["label"] == "harmless" for i in fresh2) >= len(dangerous) >= 40
    labels = Counter((i["tactic"], i["label"]) for i in fresh2)
    assert all(labels[(tactic, label)] >= 5 for tactic in {i["tactic"] for i in fresh2} for label in ("dangerous", "harmless"))
    assert {"it", "ko", "nl", "pl", "tr"} <= {i["language"] for i in dangerous}
    assert any("context" in i for i in dangerous) and any("context" in i for i in fresh2 if i["label"] == "harmless")
    assert {i["source"]["kind"] for i in fresh2} == {"generated", "public"}


def test_the_fresh2_secrets_have_both_kinds_and_the_later_contexts():
    fresh2 = _fresh2("secrets")
    found = [i for i in fresh2 if i["kind"] == "secret"]
    ordinary = [i for i in fresh2 if i["kind"] == "ordinary"]
    assert len(found) >= 50 and len(ordinary) >= 50
    assert len({vendor(i) for i in found}) >= 40
    for kind in (found, ordinary):
        assert set(LATER_CONTEXTS) <= {i["context"] for i in kind}
    assert all(secret in item["text"] for item in found for secret in item["secrets"])


# --- the fresh3 to fresh39 held-out parts -------------------------------------------------------

# Vendors and ordinary shapes each later part must not share: grown3 was written beside fresh3 by
# whoever tuned the redactor and shares some (the secrets README says which count; the bench counts
# those items apart); fresh14 and fresh15, written beside each other, were each checked against the
# other, and nobody wrote a part beside fresh4 to fresh13, so they share none with any part.
# fresh17 and fresh18, written beside each other, hit on four of the same ordinary shapes (its maker names them).
SHARED_BESIDE = {part: set(load_maker("secrets", "make_fresh18").SHARED_WITH_FRESH17) for part in (FRESH17, FRESH18)}
NOT_SHARED_WITH = {FRESH3: PARTS + (GROWN, GROWN2, FRESH, FRESH2),
                   **{part: tuple(p for p in CORPUS_PARTS["secrets"] if p != part) for part in (FRESH4, FRESH5, FRESH6, FRESH7, FRESH8, FRESH9, FRESH10, FRESH11, FRESH12, FRESH13, FRESH14, FRESH15, FRESH16, FRESH17, FRESH18, FRESH19, FRESH20, FRESH21, FRESH22, FRESH23, FRESH24, FRESH25, FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36)}}


@pytest.mark.parametrize("corpus, part", [(corpus, part) for part in (FRESH3, FRESH4, FRESH5, FRESH6, FRESH7, FRESH8, FRESH9,
                                                                         FRESH10, FRESH11, FRESH12, FRESH13, FRESH14, FRESH15, FRESH16, FRESH17, FRESH18, FRESH19, FRESH20, FRESH21, FRESH22, FRESH23, FRESH24, FRESH25, FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36, FRESH37, FRESH38, FRESH39)
                                          for corpus in CORPORA if part in CORPUS_PARTS[corpus]])
def test_a_later_held_out_part_matches_the_manifest_and_shares_nothing_with_any_other_part(corpus, part):
    items = load(corpus, part)
    recorded = manifest(corpus)["parts"][part]
    assert recorded["sha256"] == sha256(corpus, part), f"{corpus}/{part}.jsonl changed since manifest.json was written"
    assert {k: v for k, v in recorded.items() if k not in ("file", "sha256")} == counts(corpus, items)
    older = [item for other in CORPUS_PARTS[corpus] if other != part for item in load(corpus, other)]
    assert {i["id"] for i in items}.isdisjoint(i["id"] for i in older)
    assert {i["text"] for i in items}.isdisjoint(i["text"] for i in older)
    if corpus == "rules":
        assert {i["tactic"] for i in items} == {t for t, owner in TACTICS.items() if owner == part}
        assert {i["tactic"] for i in items}.isdisjoint(i["tactic"] for i in older)
    else:
        before = [item for other in NOT_SHARED_WITH[part] for item in load(corpus, other)]
        assert {vendor(i) for i in items if i["kind"] == "secret"}.isdisjoint(vendor(i) for i in before if i["kind"] == "secret")
        assert ({i["format"] for i in items if i["kind"] == "ordinary"} - SHARED_BESIDE.get(part, set())).isdisjoint(
            i["format"] for i in before if i["kind"] == "ordinary")


# fresh4 to fresh39 were written to be mostly harmless: a screen refuses careful rules it has never seen.
HARMLESS_PER_DANGEROUS = {FRESH3: 1.0, FRESH4: 1.5, FRESH5: 1.5, FRESH6: 1.5, FRESH7: 1.5, FRESH8: 1.5, FRESH9: 1.5, FRESH10: 1.5, FRESH11: 1.5, FRESH12: 1.5, FRESH13: 1.5, FRESH14: 1.5, FRESH15: 1.5, FRESH16: 1.5, FRESH17: 1.5, FRESH18: 1.5, FRESH19: 1.5, FRESH20: 1.5, FRESH21: 1.5, FRESH22: 1.5, FRESH23: 1.5, FRESH24: 1.5, FRESH25: 1.5, FRESH26: 1.5, FRESH27: 1.5, FRESH28: 1.5, FRESH29: 1.5, FRESH30: 1.5, FRESH31: 1.5, FRESH32: 1.5, FRESH33: 1.5, FRESH34: 1.5, FRESH35: 1.5, FRESH36: 1.5, FRESH37: 1.5, FRESH38: 1.5, FRESH39: 1.5}


# Every family of fresh26 to fresh39 keeps to a named public layout, so none of their rules is generated.
ALL_PUBLIC = (FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36, FRESH37, FRESH38, FRESH39)


@pytest.mark.parametrize("part", (FRESH3, FRESH4, FRESH5, FRESH6, FRESH7, FRESH8, FRESH9, FRESH10, FRESH11, FRESH12, FRESH13, FRESH14, FRESH15, FRESH16, FRESH17, FRESH18, FRESH19, FRESH20, FRESH21, FRESH22, FRESH23, FRESH24, FRESH25, FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36, FRESH37, FRESH38, FRESH39))
def test_a_later_rules_part_spreads_effects_families_and_every_language_over_both_labels(part):
    items = load("rules", part)
    dangerous = [i for i in items if i["label"] == "dangerous"]
    harmless = [i for i in items if i["label"] == "harmless"]
    effects = Counter(i["effect"] for i in dangerous)
    assert set(effects) == set(EFFECTS) and min(effects.values()) >= 3
    assert len(harmless) >= HARMLESS_PER_DANGEROUS[part] * len(dangerous) and len(dangerous) >= 40
    labels = Counter((i["tactic"], i["label"]) for i in items)
    assert all(labels[(tactic, label)] >= 5 for tactic in {i["tactic"] for i in items} for label in ("dangerous", "harmless"))
    assert {i["language"] for i in dangerous} == set(LANGUAGES) == {i["language"] for i in harmless}
    assert any("context" in i for i in dangerous) and any("context" in i for i in harmless)
    assert {i["source"]["kind"] for i in items} == ({"public"} if part in ALL_PUBLIC else {"generated", "public"})


# The least each later secrets part has (secrets, ordinary strings, vendors) and the contexts it covers.
LATER_SECRETS = {FRESH3: (55, 55, 50, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS),
                 FRESH4: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS),
                 FRESH5: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS),
                 FRESH6: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                          + FRESH6_CONTEXTS),
                 FRESH7: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                          + FRESH6_CONTEXTS + FRESH7_CONTEXTS),
                 FRESH8: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                          + FRESH6_CONTEXTS + FRESH7_CONTEXTS + FRESH8_CONTEXTS),
                 FRESH9: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                          + FRESH6_CONTEXTS + FRESH7_CONTEXTS + FRESH8_CONTEXTS + FRESH9_CONTEXTS),
                 FRESH10: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                           + FRESH6_CONTEXTS + FRESH7_CONTEXTS + FRESH8_CONTEXTS + FRESH9_CONTEXTS + FRESH10_CONTEXTS),
                 FRESH11: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                           + FRESH6_CONTEXTS + FRESH7_CONTEXTS + FRESH8_CONTEXTS + FRESH9_CONTEXTS + FRESH10_CONTEXTS
                           + FRESH11_CONTEXTS),
                 FRESH12: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                           + FRESH6_CONTEXTS + FRESH7_CONTEXTS + FRESH8_CONTEXTS + FRESH9_CONTEXTS + FRESH10_CONTEXTS
                           + FRESH11_CONTEXTS + FRESH12_CONTEXTS),
                 FRESH13: (60, 80, 55, CONTEXTS + LATER_CONTEXTS + FRESH3_CONTEXTS + FRESH4_CONTEXTS + FRESH5_CONTEXTS
                           + FRESH6_CONTEXTS + FRESH7_CONTEXTS + FRESH8_CONTEXTS + FRESH9_CONTEXTS + FRESH10_CONTEXTS
                           + FRESH11_CONTEXTS + FRESH12_CONTEXTS + FRESH13_CONTEXTS),
                 # fresh14 and fresh15 were written beside each other: neither has the other's new contexts.
                 FRESH14: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH15_CONTEXTS + FRESH16_CONTEXTS + FRESH17_CONTEXTS + FRESH18_CONTEXTS + FRESH19_CONTEXTS + FRESH20_CONTEXTS + FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH15: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH14_CONTEXTS + FRESH16_CONTEXTS + FRESH17_CONTEXTS + FRESH18_CONTEXTS + FRESH19_CONTEXTS + FRESH20_CONTEXTS + FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH16: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH17_CONTEXTS + FRESH18_CONTEXTS + FRESH19_CONTEXTS + FRESH20_CONTEXTS + FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH17: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH18_CONTEXTS + FRESH19_CONTEXTS + FRESH20_CONTEXTS + FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH18: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH17_CONTEXTS + FRESH19_CONTEXTS + FRESH20_CONTEXTS + FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH19: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH20_CONTEXTS + FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH20: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH21_CONTEXTS + FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH21: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH22_CONTEXTS + FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH22: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH23_CONTEXTS + FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH23: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH24_CONTEXTS + FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH24: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH25_CONTEXTS + FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH25: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH26_CONTEXTS + FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH26: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH27_CONTEXTS + FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH27: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH28_CONTEXTS + FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH28: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH29_CONTEXTS + FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH29: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH30_CONTEXTS + FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH30: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH31_CONTEXTS + FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH31: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH32_CONTEXTS + FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH32: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH33_CONTEXTS + FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH33: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH34_CONTEXTS + FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH34: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH35_CONTEXTS + FRESH36_CONTEXTS)),
                 FRESH35: (60, 80, 55, tuple(c for c in ALL_CONTEXTS if c not in FRESH36_CONTEXTS)),
                 FRESH36: (60, 80, 55, ALL_CONTEXTS)}


@pytest.mark.parametrize("part", (FRESH3, FRESH4, FRESH5, FRESH6, FRESH7, FRESH8, FRESH9, FRESH10, FRESH11, FRESH12, FRESH13, FRESH14, FRESH15, FRESH16, FRESH17, FRESH18, FRESH19, FRESH20, FRESH21, FRESH22, FRESH23, FRESH24, FRESH25, FRESH26, FRESH27, FRESH28, FRESH29, FRESH30, FRESH31, FRESH32, FRESH33, FRESH34, FRESH35, FRESH36))
def test_a_later_secrets_part_has_both_kinds_in_every_context_and_one_item_a_shape(part):
    least_secrets, least_ordinary, least_vendors, contexts = LATER_SECRETS[part]
    found = [i for i in load("secrets", part) if i["kind"] == "secret"]
    ordinary = [i for i in load("secrets", part) if i["kind"] == "ordinary"]
    assert len(found) >= least_secrets and len(ordinary) >= least_ordinary
    assert len({vendor(i) for i in found}) >= least_vendors
    assert len({i["format"] for i in ordinary}) == len(ordinary)
    for kind in (found, ordinary):
        assert {i["context"] for i in kind} == set(contexts)


@pytest.mark.parametrize("part, added", ((FRESH4, FRESH4_CONTEXTS), (FRESH5, FRESH5_CONTEXTS), (FRESH6, FRESH6_CONTEXTS),
                                          (FRESH7, FRESH7_CONTEXTS), (FRESH8, FRESH8_CONTEXTS),
                                          (FRESH9, FRESH9_CONTEXTS), (FRESH10, FRESH10_CONTEXTS),
                                          (FRESH11, FRESH11_CONTEXTS), (FRESH12, FRESH12_CONTEXTS),
                                          (FRESH13, FRESH13_CONTEXTS), (FRESH14, FRESH14_CONTEXTS),
                                          (FRESH15, FRESH15_CONTEXTS), (FRESH16, FRESH16_CONTEXTS),
                                          (FRESH17, FRESH17_CONTEXTS), (FRESH18, FRESH18_CONTEXTS),
                                          (FRESH19, FRESH19_CONTEXTS), (FRESH20, FRESH20_CONTEXTS),
                                          (FRESH21, FRESH21_CONTEXTS), (FRESH22, FRESH22_CONTEXTS),
                                          (FRESH23, FRESH23_CONTEXTS), (FRESH24, FRESH24_CONTEXTS),
                                          (FRESH25, FRESH25_CONTEXTS), (FRESH26, FRESH26_CONTEXTS),
                                          (FRESH27, FRESH27_CONTEXTS), (FRESH28, FRESH28_CONTEXTS),
                                          (FRESH29, FRESH29_CONTEXTS), (FRESH30, FRESH30_CONTEXTS),
                                          (FRESH31, FRESH31_CONTEXTS), (FRESH32, FRESH32_CONTEXTS),
                                          (FRESH33, FRESH33_CONTEXTS), (FRESH34, FRESH34_CONTEXTS), (FRESH35, FRESH35_CONTEXTS),
                                          (FRESH36, FRESH36_CONTEXTS)))
def test_no_part_written_before_the_one_that_added_contexts_has_them(part, added):
    # A part listed after the one that added contexts was written later and may use them; none listed before it does.
    parts = CORPUS_PARTS["secrets"]
    earlier = {i["context"] for other in parts[:parts.index(part)] for i in load("secrets", other)}
    assert earlier.isdisjoint(added)
    assert set(added) <= {i["context"] for i in load("secrets", part)}
