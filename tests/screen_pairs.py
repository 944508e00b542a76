"""A harmless rule beside its dangerous twin: the screen must keep the one and refuse the other."""

from __future__ import annotations

import pytest

from skillopt_sleep.records import Edit
from skillopt_sleep.screen.policy import REFUSED, screen_edits


def refused(rule: str) -> str:
    """Why the screen refuses `rule` when a night proposes it alone ("" when it passes)."""
    screened = screen_edits([Edit(op="add", text=rule)], memory="", document="")
    return next((why for _, fate, why in screened.stopped if fate == REFUSED), "")


def pair(harmless: str, dangerous: str):
    return pytest.param(harmless, dangerous, id=harmless[2:40])


def assert_kept_and_refused(harmless: str, dangerous: str) -> None:
    assert refused(harmless) == "", refused(harmless)
    assert refused(dangerous), dangerous
