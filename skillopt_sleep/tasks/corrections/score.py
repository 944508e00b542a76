"""A correction reader scored on labelled turns (the correction corpus's items): label accuracy,
precision and recall of "correction", and of the convention a correction states (kind and value;
values compared loosely: case, backquotes, trailing slashes and `**` globs aside), all of them and
those a check can test."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.classify import Reading
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

Reader = Callable[[UserTurnInContext], Reading]


def loose(value: str) -> str:
    """A convention's value as compared: `src/generated/**`, `src/generated/` and `SRC/generated`
    are one folder; `print()` and `print(` one call."""
    value = " ".join(value.strip().strip("`'\"").lower().split())
    value = re.sub(r"/?\*\*(?:/\*)?$", "", value).rstrip("/")
    return value.replace("()", "(")


def same_convention(found: Convention | None, wanted: dict | None) -> bool:
    if found is None or wanted is None or found.kind != wanted["kind"]:
        return False
    if found.kind == "test_added" and not found.value:
        return True  # its check takes no folder: naming none is not wrong
    return loose(found.value) == loose(wanted["value"])


@dataclass
class Score:
    items: int = 0
    labels_right: int = 0
    corrections_found: int = 0  # read as corrections
    corrections_wanted: int = 0  # labelled corrections
    corrections_right: int = 0
    conventions_found: int = 0
    conventions_wanted: int = 0
    conventions_right: int = 0
    # The same, for the conventions a check can test (every kind but `other`, whose words no
    # check reads and no loose comparison can match): what a night's judge can use.
    checkable_found: int = 0
    checkable_wanted: int = 0
    checkable_right: int = 0

    def add(self, reading: Reading, item: dict) -> None:
        self.items += 1
        self.labels_right += reading.label == item["label"]
        wanted = item["label"] == "correction"
        found = reading.label == "correction"
        self.corrections_wanted += wanted
        self.corrections_found += found
        self.corrections_right += wanted and found
        self.conventions_wanted += item["convention"] is not None
        self.conventions_found += reading.convention is not None
        self.conventions_right += same_convention(reading.convention, item["convention"])
        checkable = item["convention"] is not None and item["convention"]["kind"] != "other"
        self.checkable_wanted += checkable
        self.checkable_found += reading.convention is not None and reading.convention.kind != "other"
        self.checkable_right += checkable and same_convention(reading.convention, item["convention"])

    def figures(self) -> dict[str, float]:
        def ratio(part: int, whole: int) -> float:
            return part / whole if whole else 0.0

        return {"label accuracy": ratio(self.labels_right, self.items),
                "correction precision": ratio(self.corrections_right, self.corrections_found),
                "correction recall": ratio(self.corrections_right, self.corrections_wanted),
                "convention precision": ratio(self.conventions_right, self.conventions_found),
                "convention recall": ratio(self.conventions_right, self.conventions_wanted),
                "checkable convention precision": ratio(self.checkable_right, self.checkable_found),
                "checkable convention recall": ratio(self.checkable_right, self.checkable_wanted)}


def score(reader: Reader, items: Iterable[dict]) -> Score:
    result = Score()
    for item in items:
        result.add(reader(UserTurnInContext.from_dict(item)), item)
    return result
