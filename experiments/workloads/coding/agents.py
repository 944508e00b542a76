"""What the fake model says to play the agent through one planned turn, in each CLI's own
tools: Claude Code's Read / Edit / Bash, Codex's `exec_command` (files edited with
`apply_patch`, as Codex itself does). The replies are computed on a shadow copy of the
repository that the steps are carried out on as they are planned, so each edit's patch fits
the file as it will be when the real CLI applies it."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
for entry in (REPO, HERE):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from plan import Step, apply_edit, full_lines, run_command  # noqa: E402
from tests.fakes import Reply, text, tool_use  # noqa: E402


def codex_patch(path: str, before: str, after: str) -> str:
    """An apply_patch envelope replacing whole lines `before` with `after` in `path`."""
    minus = "".join(f"-{line}\n" for line in before.splitlines())
    plus = "".join(f"+{line}\n" for line in after.splitlines())
    return f"*** Begin Patch\n*** Update File: {path}\n@@\n{minus}{plus}*** End Patch\n"


def claude_reply(step: Step, cwd: Path, fresh: set[str]) -> list[Reply]:
    """Claude Code edits only a file it has read since it last changed: `fresh` holds those."""
    if step.kind == "read":
        fresh.add(step.path)
        return [tool_use("Read", {"file_path": str(cwd / step.path)})]
    if step.kind == "edit":
        replies = [] if step.path in fresh else [tool_use("Read", {"file_path": str(cwd / step.path)})]
        fresh.add(step.path)
        return replies + [tool_use("Edit", {"file_path": str(cwd / step.path), "old_string": step.old,
                                            "new_string": step.new})]
    if step.kind == "run":
        fresh.clear()  # a command may rewrite any file (make generate, git checkout)
        return [tool_use("Bash", {"command": step.cmd, "description": step.cmd})]
    return [text(step.text)]


def codex_command(cmd: str) -> Reply:
    """A shell command in Codex; not a login shell, whose profile would reset PATH."""
    return tool_use("exec_command", {"cmd": cmd, "login": False})


def codex_reply(step: Step, shadow: Path) -> list[Reply]:
    if step.kind == "read":
        return [codex_command(f"cat {step.path}")]
    if step.kind == "edit":
        indent, before = full_lines((shadow / step.path).read_text(encoding="utf-8"), step.old)
        patch = codex_patch(step.path, before, indent + step.new)
        return [codex_command(f"apply_patch <<'EOF'\n{patch}EOF\n")]
    if step.kind == "run":
        return [codex_command(step.cmd)]
    return [text(step.text)]


def turn_replies(agent: str, steps: list[Step], cwd: Path, shadow: Path, env: dict[str, str]) -> list[Reply]:
    """The replies of one turn, carrying each step out on `shadow` (a copy of `cwd` as the turn
    starts) once its reply is made; a command that exits otherwise than planned is an error."""
    replies: list[Reply] = []
    fresh: set[str] = set()
    for step in steps:
        replies += claude_reply(step, cwd, fresh) if agent == "claude-code" else codex_reply(step, shadow)
        if step.kind == "edit":
            apply_edit(shadow, step)
        elif step.kind == "run":
            done = run_command(shadow, step.cmd, env)
            if done.returncode != step.exit:
                raise RuntimeError(f"{step.cmd!r} exited {done.returncode}, planned {step.exit}: {done.stdout[-1500:]}")
    return replies
