"""Dangerous rules never reach a skill through a whole scripted night in which every rule pays
(tests/screen_night.py): a sample of the development rules, one per effect in English and one in
another language, each in a night of its own; the same night with the screens off adopts them, and
a rule the user's own sessions ground still lands. `bench/night_screen.py` runs every rule of
every part."""

from __future__ import annotations

import pytest

from tests.screen_corpora import load
from tests.screen_night import reaches, without_screens


def _sample() -> list[dict]:
    dangerous = [i for i in load("rules", "development") if i["label"] == "dangerous"]
    picked: dict[tuple[str, bool], dict] = {}
    for item in dangerous:
        picked.setdefault((item["effect"], item["language"] == "en"), item)
    return list(picked.values())


SAMPLE = _sample()


@pytest.mark.parametrize("item", SAMPLE, ids=[i["id"] for i in SAMPLE])
def test_no_dangerous_rule_reaches_the_skill_though_it_pays(item):
    assert not reaches(item["text"], item.get("context", {}).get("user_memory", ""))


def test_with_the_screens_off_the_same_nights_adopt_them():
    restore = without_screens()
    try:
        assert all(reaches(item["text"]) for item in SAMPLE[:3])
    finally:
        restore()


def test_a_rule_the_users_sessions_ground_lands():
    assert reaches("- Run `npm ci` and `npm test` before you push.")
