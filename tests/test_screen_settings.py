"""Settings read by what their key and value do (screen/settings.py)."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen import kinds
from skillopt_sleep.screen.settings import effect, effects, key_words


def test_keys_are_split_into_words():
    assert key_words("allowForcePushes") == ["allow", "force", "pushes"]
    assert key_words("http.sslVerify") == ["http", "ssl", "verify"]
    assert key_words("continue-on-error") == ["continue", "on", "error"]


@pytest.mark.parametrize("key, value, expected", [
    ("skipTests", "true", kinds.DISARM), ("strict", "false", kinds.DISARM), ("ssl_verify", "false", kinds.DISARM),
    ("continue-on-error", "true", kinds.DISARM), ("allow_failure", "true", kinds.DISARM),
    ("fail_ci_if_error", "false", kinds.DISARM), ("auto_approve", "true", kinds.DISARM),
    ("allow_force_pushes", "true", kinds.HISTORY), ("receive.denyNonFastForwards", "false", kinds.HISTORY),
    ("allowPrivilegeEscalation", "true", kinds.PRIVILEGE), ("runAsNonRoot", "false", kinds.PRIVILEGE),
    ("privileged", "true", kinds.PRIVILEGE),
])
def test_a_setting_that_switches_a_guard_off(key, value, expected):
    assert effect(key, value) == expected


@pytest.mark.parametrize("key, value", [
    ("skipTests", "false"), ("strict", "true"), ("skipLibCheck", "true"), ("ignore_missing_imports", "true"),
    ("fail-fast", "false"), ("allow_force_pushes", "false"), ("noEmit", "true"), ("privileged", "false"),
])
def test_the_same_keys_set_safely(key, value):
    assert effect(key, value) == ""


def test_settings_are_found_in_any_syntax_but_not_in_call_arguments():
    assert effects('Add `"strict": false` to tsconfig.json') == [kinds.DISARM]
    assert effects("Run `git config http.sslVerify false` behind the proxy") == [kinds.DISARM]
    assert effects("continue-on-error: true") == [kinds.DISARM]
    assert effects("shutil.rmtree(p, ignore_errors=True)") == []
