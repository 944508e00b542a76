"""generator_run: generated files are regenerated, never edited by hand. No edit the agent made
touches a file matching `path` (the generator may rewrite them: that is the point, so the diff's
files are not what is read, the agent's own edits are), and after its last edit it ran `command`
and the last such run passed (ran_before_finish's reading). Arg: {"command": "make gen",
"path": "src/generated/**"}."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, type_name
from skillopt_sleep.tasks.checks.ops.ran_before_finish import RanBeforeFinish
from skillopt_sleep.tasks.checks.trajectory import EDIT_TOOLS, command_problem, glob_matches

_RAN = RanBeforeFinish()


def _parts(arg: dict) -> tuple[str, str]:
    return arg["command"], arg["path"]


class GeneratorRun(CheckOp):
    name = "generator_run"
    summary = ("generator_run: generated files are never edited by hand and the generator runs after the last edit "
               "(arg: {\"command\": \"make gen\", \"path\": \"src/generated/**\"})")
    needs_episode = True

    def problem(self, arg):
        if not isinstance(arg, dict) or set(arg) != {"command", "path"}:
            return f"expects {{\"command\": ..., \"path\": ...}}, got {type_name(arg)} {arg!r}"
        problem = command_problem(arg["command"])
        if problem:
            return problem
        path = arg["path"]
        if not isinstance(path, str) or not path.strip("/*"):
            return f"expects the generated files as a glob that does not match every file, got {path!r}"
        return None

    def describe(self, arg):
        command, path = _parts(arg)
        return f"edit no file matching `{path}` by hand; after your last edit, run `{command}` to regenerate it and finish once it passes"

    def rule(self, arg, context):
        command, path = _parts(arg)
        return f"- Never edit files under `{path}` by hand: change what they are made from, then run `{command}` to regenerate them."

    def evaluate_episode(self, arg, episode):
        command, path = _parts(arg)
        edited = [str(s.arguments.get("path", "")) for s in episode.steps
                  if s.kind == "tool" and s.name in EDIT_TOOLS and not s.error]
        by_hand = [p for p in edited if p and glob_matches(p, path)]
        if by_hand:
            return Outcome(False, f"edited {by_hand[0]} by hand" + (f" and {len(by_hand) - 1} more" if len(by_hand) > 1 else ""))
        ran = _RAN.evaluate_episode(command, episode)
        if not ran.passed:
            return Outcome(False, f"no hand edit under `{path}`, but {ran.detail}")
        return Outcome(True, f"no hand edit under `{path}`; {ran.detail}", evidence=ran.evidence)
