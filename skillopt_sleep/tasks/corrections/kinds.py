"""The kinds of convention a correction can state, and the check each one becomes. A convention
is kept only where the check registry can evaluate its check: an unknown kind, an empty value or
a value no check takes is no convention. `other` (a durable rule no check expresses) is kept with
its words and no check."""

from __future__ import annotations

import re

from skillopt_sleep.records import Check
from skillopt_sleep.tasks.checks import carries_secret, check_problem
from skillopt_sleep.tasks.checks.ops.adds_test import TEST_FILE
from skillopt_sleep.tasks.checks.manifests import names_a_manifest
from skillopt_sleep.tasks.corrections.behaviour import Convention

# kind -> (the op that checks it, what the kind means, for a model's prompt)
CONVENTION_KINDS: dict[str, tuple[str, str]] = {
    "command_avoided": ("command_avoided", "a command the agent must not run (value: the tool alone, e.g. \"npm\" or "
                        "\"git push --force\", never a whole command line; instead: the one to run in its place)"),
    "command_used": ("command_used", "a command the agent must use (value: the tool alone, e.g. \"uv run\")"),
    "path_untouched": ("path_untouched", "files the agent must not change by hand (value: a glob, e.g. \"generated/**\")"),
    "generator_run": ("generator_run", "a generator to run instead of editing its output by hand (value: the command; "
                      "path: the files it makes, e.g. \"src/generated/**\")"),
    "dependency_set_unchanged": ("dependency_set_unchanged", "add no dependency (value: the manifest, e.g. \"package.json\")"),
    "test_added": ("test_added", "every fix comes with a test (value: where tests live, e.g. \"tests/**\")"),
    "check_run_after_last_edit": ("ran_before_finish", "a check to run after the last edit, before finishing "
                                  "(value: the command)"),
    "added_lines_avoid": ("added_lines_avoid", "code the agent must not add (value: the literal text, e.g. \"print(\")"),
    "other": ("", "a durable rule none of these express (value: the rule in a few words)"),
}


def _literal_pattern(text: str) -> str:
    """The regex of a literal piece of code, standing alone where it starts with a name."""
    return (r"\b" if re.match(r"\w", text) else "") + re.escape(text)


def convention_check(convention: Convention) -> Check | None:
    """The check that tests a convention; None for `other`."""
    op = CONVENTION_KINDS[convention.kind][0]
    if not op:
        return None
    value = convention.value
    if op == "test_added":
        # Tests are read by their files' shape; a companion of another kind by its glob.
        return Check(op, value if companion_glob(value) else None)
    if op == "added_lines_avoid":
        return Check(op, _literal_pattern(value))
    if op == "generator_run" and not convention.path:
        return Check("ran_before_finish", value)  # the files it makes are unknown: their regeneration is what is seen
    if op == "generator_run":
        return Check(op, {"command": value, "path": convention.path})
    if op == "dependency_set_unchanged" and not names_a_manifest(value):
        return Check("path_untouched", value)  # no reader of its dependencies (setup.py): the file stays as it was
    return Check(op, value)


def companion_glob(glob: str) -> bool:
    """A glob of companion files (`src/**/*.stories.tsx`: a name pattern of two suffixes) that
    the test-file pattern does not read as tests."""
    name = glob.rsplit("/", 1)[-1]
    return bool(re.fullmatch(r"\*\.[\w-]+\.\w+", name)) and not TEST_FILE.search(glob.replace("**/", "").replace("*", "x"))


def _words(value: object) -> str:
    return " ".join(value.split()).strip("`") if isinstance(value, str) else ""


def valid_convention(kind: object, value: object, instead: object = "", path: object = "") -> Convention | None:
    """A convention from untrusted parts (a model's reply), or None where it is not one."""
    if not isinstance(kind, str) or kind not in CONVENTION_KINDS or not isinstance(value, str):
        return None
    value = _words(value)
    if not value:
        return None
    convention = Convention(kind, value, _words(instead), _words(path) if kind == "generator_run" else "")
    check = convention_check(convention)
    if check is not None and (check_problem(check) is not None or carries_secret(check)):
        return None
    return convention
