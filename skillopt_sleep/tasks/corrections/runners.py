"""The tool a package runner fetched and started, as the program of its run: `npx depcheck --json`
is read as `depcheck --json`, `pnpm dlx @biomejs/biome check` as `biome check`. A user names the
tool ("not depcheck, we use knip"), seldom the runner that found it, so every reading of a turn
sees the tool; a turn whose words write the runner itself ("No npx here. deno fmt.") keeps it, as
the runner is then what the words speak of. Runners that choose an environment rather than fetch
a package (`uv run`, `poetry run`) are kept: a run moved into one is a change of its own. A tool
packed as a jar and started by `java -jar tools/avro-tools-1.11.3.jar compile` is read the same
way, as `avro-tools compile`: its program is the jar's name short of the version. `xcrun` finds a
developer tool in the selected toolchain and starts it as a runner starts a package's, so
`xcrun altool --notarize-app` is read as `altool --notarize-app` and `xcrun --sdk iphoneos clang` as
`clang`. `nix run nixpkgs#nixpkgs-fmt -- .` starts the package a flake names past its `#`, read as
`nixpkgs-fmt .`."""

from __future__ import annotations

import re
from dataclasses import replace

from skillopt_sleep.tasks.corrections.commands import names_words
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext

_RUNNERS = ("npx", "pnpx", "bunx", "uvx", "pnpm dlx", "yarn dlx", "npm exec", "pipx run", "xcrun")
# A runner at the head of a command of the line, past its settings, with its own options (a
# package named apart from the program: `npx -p @angular/cli ng`), then the package it starts:
# a scoped package's program is the name past its scope, a pinned version no part of the name;
# `xcrun`'s SDK and toolchain are options with a value.
_LEADING = re.compile(
    r"(?P<head>(?:^|&&|\|\||;|\|)\s*(?:[A-Za-z_]\w*=\S*\s+)*)"
    r"(?P<runner>" + "|".join(r"\s+".join(map(re.escape, r.split())) for r in _RUNNERS) + r")"
    r"(?:\s+(?:(?:-p|--package|--from|-?-sdk|-?-toolchain)(?:\s+|=)\S+|-\S+))*\s+(?:--\s+)?"
    r"(?:@[\w.-]+/)?(?P<program>[A-Za-z0-9][\w.-]*?)(?:@[\w.^~-]+)?(?=\s|$|;|&|\|)")

# `java` at the head of a command, past its own options (`-Xmx2g`), starting a jar by its path:
# the tool is the jar's name short of its folder, a version and `.jar`.
JAR = re.compile(
    r"(?P<head>(?:^|&&|\|\||;|\|)\s*(?:[A-Za-z_]\w*=\S*\s+)*)"
    r"(?P<runner>java)(?:\s+-(?!jar\b)\S+)*\s+-jar\s+(?P<jar>(?:\S*/)?"
    r"(?P<program>[A-Za-z0-9][\w.-]*?)(?:[-_]v?\d[\w.-]*)?\.jar)(?=\s|$|;|&|\|)")

# `nix run` starting a flake's package (`nixpkgs#nixpkgs-fmt`, `.#lint`, `nixpkgs#python3Packages.black`):
# the tool is the attribute's last name; a `--` after it only parts nix's arguments from the tool's.
_FLAKE = re.compile(
    r"(?P<head>(?:^|&&|\|\||;|\|)\s*(?:[A-Za-z_]\w*=\S*\s+)*)"
    r"(?P<runner>nix\s+run)(?:\s+-\S+)*\s+\S*#(?:[\w-]+\.)*"
    r"(?P<program>[A-Za-z0-9][\w.-]*?)(?:\s+--)?(?=\s|$|;|&|\|)")


def behind_runners(turn: UserTurnInContext) -> UserTurnInContext:
    """The turn with each run's package runner dropped, its tool the program, where the words
    do not write the runner."""
    kept = {r for r in _RUNNERS + ("java", "nix run") if names_words(turn.user, r.split()[:1])}

    def rewritten(action: Action) -> Action:
        if action.kind != "run":
            return action
        value = action.value
        for leading in (_LEADING, JAR, _FLAKE):
            value = leading.sub(lambda m: m.group(0) if _spaced(m.group("runner")) in kept
                                else m.group("head") + m.group("program"), value)
        return action if value == action.value else replace(action, value=value)

    return replace(turn, before=[rewritten(a) for a in turn.before], after=[rewritten(a) for a in turn.after],
                   earlier=[rewritten(a) for a in turn.earlier])


def _spaced(runner: str) -> str:
    return " ".join(runner.split())

