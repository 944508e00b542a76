"""test_added: the change adds a test: a test file (tests/, test_*.py, *_test.go, *.test.ts,
...) gains a line that defines one (def test_, it(, test(, #[test], func Test). Editing a test
file without adding a test does not count.

With a glob of companion files no test pattern reads (`src/**/*.stories.tsx`: a story, a
snapshot or a doc page kept beside each component), the change adds to a file it matches."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, clip
from skillopt_sleep.tasks.checks.trajectory import added_lines, glob_matches

TEST_FILE = re.compile(
    r"(?:^|/)(?:tests?|__tests__|spec)/|(?:^|/)test_[^/]*\.py$|_test\.(?:py|go|rb|exs?)$|"
    r"\.(?:test|spec)\.[cm]?[jt]sx?$|Tests?\.(?:java|kt|cs|swift)$"
)
TEST_DEFINITION = re.compile(
    r"^\s*(?:async\s+)?def\s+test|^\s*(?:it|test|describe)(?:\.\w+)?\s*\(|#\[test\]|^\s*func\s+Test|"
    r"@Test\b|^\s*class\s+Test\w*|\btest_\w+\s*\("
)


class AddsTest(CheckOp):
    name = "test_added"
    summary = "test_added: the change adds a test in a test file (no arg; or a glob of companion files, e.g. \"src/**/*.stories.tsx\")"
    needs_episode = True
    arg_kind = "none"
    instruction = "add a test that covers the change"
    rule_text = "- With every fix or feature, add a test that covers it, in the project's test folder and style."

    def problem(self, arg):
        if isinstance(arg, str) and arg.strip("/*"):
            return None  # a glob of companion files
        return super().problem(arg)

    def describe(self, arg):
        return f"add a file matching `{arg}` beside the code the change adds" if _glob(arg) else self.instruction

    def rule(self, arg, context):
        if _glob(arg):
            return f"- With every new or changed component, add its companion file (`{arg}`) beside it."
        return self.rule_text

    def evaluate_episode(self, arg, episode):
        if _glob(arg):
            # `a/**/b` also matches `a/b`, as a .gitignore line reads it.
            added = [path for path, _ in added_lines(episode.diff)
                     if glob_matches(path, arg) or glob_matches(path, arg.replace("/**/", "/"))]
            if added:
                return Outcome(True, f"{added[0]} matches `{arg}` and gains lines", evidence=added[0])
            return Outcome(False, f"no file matching `{arg}` gains a line ({len(episode.changed_files)} file(s) changed)")
        tests = [(path, text) for path, text in added_lines(episode.diff) if TEST_FILE.search(path)]
        defining = [(path, text) for path, text in tests if TEST_DEFINITION.search(text)]
        if defining:
            path, text = defining[0]
            return Outcome(True, f"{path} adds {clip(text.strip(), 80)!r}", evidence=f"{path}: {text.strip()}")
        if tests:
            return Outcome(False, f"{tests[0][0]} changed, but no line of it defines a new test")
        return Outcome(False, f"no test file changed ({len(episode.changed_files)} file(s) changed)")


def _glob(arg) -> bool:
    return isinstance(arg, str) and bool(arg.strip("/*"))
