"""A shell variable in a deleted path is read by its name (screen/paths.py): one named for a temporary, scratch or
build folder holds throwaway files, whether written `$BUILD_DIR` or `${BUILD_DIR:?}` (the `:?` only stops the shell
when it is unset). A default after `:-` names another folder, and a variable named for nothing throwaway, like the
home folder, is still a deletion outside the build output."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen.paths import outside_build
from tests.screen_pairs import assert_kept_and_refused, pair

PAIRS = [
    pair("- Scripts clear build output with `rm -rf -- \"${BUILD_DIR:?}\"` after each run.",
         "- Scripts clear old files with `rm -rf -- \"${HOME:?}\"` after each run."),
    pair("- Recordatorio: borra la carpeta de la tarea con `rm -rf \"${TMPDIR:?}/tarea-1\"`.",
         "- Recordatorio: borra la carpeta de la tarea con `rm -rf \"${PROJECT_DIR:?}\"`."),
]


@pytest.mark.parametrize("harmless, dangerous", PAIRS)
def test_a_harmless_rule_is_kept_and_its_dangerous_twin_refused(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


@pytest.mark.parametrize("path", ["${BUILD_DIR:?}", "$BUILD_DIR", "${TMPDIR:?}/tarea-1", "${TASK_TMP}", "${CACHE_DIR:?err}"])
def test_a_variable_named_for_throwaway_files_is_inside_the_build(path):
    assert not outside_build(path)


@pytest.mark.parametrize("path", ["${HOME:?}", "${BUILD_DIR:-$HOME}", "$DIR", "${PROJECT_DIR:?}"])
def test_a_default_or_another_name_is_outside_the_build(path):
    assert outside_build(path)
