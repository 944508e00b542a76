"""One simple command as a program would read it, whatever its spelling: the program's own name
(not `/usr/bin/git`, `git.exe`, `\\rm` or `./gradlew`), past the wrappers that only run it
(`command`, `env X=1`, `nice -n 5`, `timeout 60`, `npx`, `uv run`, `docker compose exec app`,
`kubectl exec pod --`, `ssh host`), with its options in one spelling (bundled short flags apart,
`--opt=value` as `--opt`, long names beside their short ones) and its subcommand words apart
from its options."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Wrappers that run the rest of the line as a command, and how many of their own arguments come first:
# an int is a fixed count of words, "opts" means options only, "value" one argument after the options.
_WRAPPERS: dict[str, str | int] = {
    "command": "opts", "builtin": 0, "exec": "opts", "env": "env", "nice": "opts", "ionice": "opts", "nohup": 0,
    "setsid": "opts", "time": "opts", "stdbuf": "opts", "chrt": "value", "taskset": "value", "timeout": "value",
    "caffeinate": "opts", "watch": "opts", "xargs": "opts", "unbuffer": 0, "sudo": "opts", "doas": "opts",
    "run0": "opts", "pkexec": "opts", "gsudo": "opts", "npx": "opts", "bunx": "opts", "pnpx": "opts", "uvx": "opts",
    "ssh": "value", "flock": "value", "strace": "opts", "ltrace": "opts", "proxychains": "opts", "torsocks": 0,
}
# Wrappers spelled in two words: `uv run`, `poetry run`, `docker compose exec <service>`, `kubectl exec <pod> --`.
_RUNNERS: dict[tuple[str, ...], str | int] = {
    ("uv", "run"): "opts", ("poetry", "run"): "opts", ("pipenv", "run"): "opts", ("pdm", "run"): "opts",
    ("hatch", "run"): "opts", ("rye", "run"): "opts", ("bundle", "exec"): "opts", ("pnpm", "exec"): "opts",
    ("pnpm", "dlx"): "opts", ("yarn", "dlx"): "opts", ("yarn", "exec"): "opts", ("npm", "exec"): "opts",
    ("conda", "run"): "opts", ("mamba", "run"): "opts", ("pixi", "run"): "opts", ("nix", "run"): "opts",
    ("docker", "exec"): "value", ("podman", "exec"): "value", ("docker", "compose", "exec"): "value",
    ("docker", "compose", "run"): "value", ("docker-compose", "exec"): "value", ("docker-compose", "run"): "value",
    ("kubectl", "exec"): "value", ("oc", "exec"): "value", ("vagrant", "ssh"): "opts", ("lxc", "exec"): "value",
}
# Options of a wrapper that take a value (`nice -n 5`, `timeout -s KILL 60`, `docker exec -u root app`).
_VALUED = {"-n", "-s", "-k", "-u", "-w", "-e", "-c", "-p", "-g", "-i", "-o", "--user", "--workdir", "--env", "--signal",
           "--kill-after", "--adjustment", "--namespace", "--container", "--with", "--from", "--package", "-E", "-I",
           "-L", "-P", "-d", "--directory", "--project", "-l", "-F", "-J"}
# Programs whose single-dash options are whole words (`find -name`, `java -jar`), never bundles.
_WORD_OPTIONS = {"find", "java", "javac", "go", "ansible", "ansible-playbook", "terraform", "consul", "vault", "nomad",
                 "powershell", "pwsh", "remove-item", "get-childitem", "copy-item", "move-item", "gradle", "gradlew",
                 "mvn", "mvnw", "dd", "qemu-img", "openssl", "xcodebuild", "sqlcmd", "psql"}
# Long options with the short option that means the same, per program ("" for any program).
_ALIASES: dict[str, dict[str, str]] = {
    "": {"--force": "-f", "--recursive": "-r", "--yes": "-y", "--all": "-a", "--quiet": "-q", "--verbose": "-v"},
    "git": {"--delete": "-d", "--no-verify": "-n", "--hard": "--hard", "--worktree": "-W", "--staged": "-S"},
    "rm": {"--dir": "-d"},
}
# Options whose value is no subcommand (`git -C dir push`, `kubectl -n prod delete`), per program.
_GLOBAL_VALUED = {"git": {"-c", "-C", "--git-dir", "--work-tree"}, "kubectl": {"-n", "--namespace", "--context"},
                  "helm": {"-n", "--namespace"}, "docker": {"-H", "--context", "-f", "--file", "-p"},
                  "hg": {"-R", "--repository", "-r", "--rev"}, "svn": {"-r", "-m"}, "consul": {"-http-addr", "-token"}}
# Long options a program accepts abbreviated to any unambiguous prefix (git's parse-options: `--har` is `--hard`),
# with the neighbours that make a prefix ambiguous.
_LONG = {"git": ("--force", "--force-with-lease", "--force-if-includes", "--hard", "--soft", "--mixed", "--merge", "--keep",
                 "--no-verify", "--no-edit", "--no-ff", "--no-track", "--no-tags", "--no-commit", "--no-rebase",
                 "--mirror", "--delete", "--discard-changes", "--detach", "--dry-run", "--worktree", "--staged",
                 "--source", "--follow-tags", "--all", "--amend", "--quiet")}
_INTERPRETERS = {"python", "python3", "python2", "py", "node", "ruby", "php", "perl", "bash", "sh", "zsh", "bun", "deno"}


@dataclass(frozen=True)
class Command:
    program: str  # lower case, bare name: "git", "rm", "gradlew"
    words: tuple[str, ...]  # the words after the program, as written
    positionals: tuple[str, ...]  # the words that are not options, in order (subcommands, then arguments)
    options: frozenset[str] = field(default_factory=frozenset)  # every option in every spelling, lower case
    values: tuple[tuple[str, str], ...] = ()  # (option, the word after it or after its '=')
    wrappers: tuple[str, ...] = ()  # what ran it: ("timeout", "sudo")

    def sub(self, *path: str) -> bool:
        """Do the first positionals begin with `path` (each word one of '|'-separated choices)?"""
        return len(self.positionals) >= len(path) and all(
            self.positionals[i].lower() in choice.split("|") for i, choice in enumerate(path))

    def has(self, *names: str) -> bool:
        return any(name in self.options for name in names)

    def value(self, *names: str) -> list[str]:
        return [v for o, v in self.values if o in names]

    def canonical(self) -> list[str]:
        """The program and its words with each abbreviated long option written out (`--har` -> `--hard`)."""
        known = _LONG.get(self.program, ())
        out = [self.program]
        for word in self.words:
            full = [o for o in _options(self.program, word) if o in known] if word.startswith("--") else []
            out.append(full[0] if full and word.split("=", 1)[0].lower() not in known else word)
        return out


def program_name(word: str) -> str:
    """`/usr/bin/git` -> git, `C:\\Tools\\git.exe` -> git, `\\rm` -> rm, `./gradlew` -> gradlew."""
    name = re.split(r"[/\\]", word.strip("'\"(){}!"))[-1].lower()
    return re.sub(r"\.(?:exe|cmd|bat|com|ps1)$", "", name)


def _skip(words: list[str], at: int, rule: str | int) -> int:
    """Where the wrapped command starts, given a wrapper's arguments rule."""
    if isinstance(rule, int):
        return at + rule
    while at < len(words) and (words[at].startswith("-") or (rule == "env" and re.match(r"^\w+=", words[at]))):
        at += 2 if words[at] in _VALUED and at + 1 < len(words) else 1
        if words[at - 1] == "--":
            return at
    if rule == "value" and at < len(words):
        at += 1
    if at < len(words) and words[at] == "--":
        at += 1
    return at


def unwrapped(words: list[str]) -> list[str]:
    """The command a wrapper runs (`timeout 60 git push -f` -> `git push -f`), repeatedly; the words
    unchanged where no wrapper leads. Leading `X=1` assignments are dropped too."""
    return _unwrap(words)[0]


def _unwrap(words: list[str]) -> tuple[list[str], list[str]]:
    at, wrappers = 0, []
    for _ in range(8):
        while at < len(words) and re.match(r"^[A-Za-z_]\w*=", words[at]):
            at += 1
        if at >= len(words):
            return [], wrappers
        head = program_name(words[at])
        lowered = [program_name(w) for w in words[at:at + 3]]
        runner = next((r for r in sorted(_RUNNERS, key=len, reverse=True) if tuple(lowered[:len(r)]) == r), None)
        if runner:
            wrappers.append(" ".join(runner))
            at = _skip(words, at + len(runner), _RUNNERS[runner])
        elif head in _WRAPPERS:
            wrappers.append(head)
            at = _skip(words, at + 1, _WRAPPERS[head])
        elif head in _INTERPRETERS and at + 1 < len(words) and re.search(r"(?:^|/)(?:manage\.py|artisan|bin/\w+)$", words[at + 1]):
            at += 1  # `python manage.py flush`, `php artisan db:wipe`: the script is the program
        else:
            break
    return words[at:], wrappers


def _options(program: str, word: str) -> set[str]:
    low = word.lower().split("=", 1)[0]
    if low.startswith("--") or program in _WORD_OPTIONS or not low.startswith("-") or len(low) <= 2:
        found = {low}
    elif low[1:].isalpha():  # a bundle: -xdf is -x -d -f
        found = {low} | {"-" + c for c in low[1:]}
    else:
        found = {low}
    known = _LONG.get(program, ())
    if low.startswith("--") and len(low) > 4 and low not in known:
        matches = [o for o in known if o.startswith(low)]
        found |= set(matches[:1]) if len(matches) == 1 else set()
    for table in (_ALIASES[""], _ALIASES.get(program, {})):
        found |= {table[o] for o in found if o in table}
    # Case counts for short options (`-D` is not `-d`) and shows word breaks in long ones: keep the spelling too.
    found.add(word.split("=", 1)[0])
    return found


def parse(words: list[str]) -> Command | None:
    """The command `words` runs, past its wrappers, or None when nothing is left."""
    words, wrappers = _unwrap(list(words))
    if not words:
        return Command(wrappers[-1], (), (), wrappers=tuple(wrappers)) if wrappers else None
    program = program_name(words[0])
    rest = words[1:]
    options: set[str] = set()
    values, positionals = [], []
    after_dashes, skip = False, False
    valued = _GLOBAL_VALUED.get(program, set())
    for i, word in enumerate(rest):
        if skip:
            skip = False
            continue
        if word == "--":
            after_dashes = True
            positionals.append(word)
            continue
        if word.startswith("-") and len(word) > 1 and not after_dashes:
            options |= _options(program, word)
            skip = word in valued and "=" not in word
            if "=" in word:
                values.append((word.split("=", 1)[0].lower(), word.split("=", 1)[1]))
            elif i + 1 < len(rest):
                values.append((word.lower(), rest[i + 1]))
        else:
            positionals.append(word)
    return Command(program, tuple(rest), tuple(positionals), frozenset(options), tuple(values), tuple(wrappers))
