"""The change of course a user's turn caused, read from the agent's actions alone: after the turn
it ran another tool for the same job (`npm install` -> `pnpm install`), dropped a flag it had
used (`git commit --no-verify` -> `git commit`) or swapped it for one the user named
(`--force` -> `--force-with-lease`), restored a path it had changed and ran a generator, undid
a dependency it had added, added a test to a fix, ran a check its last edit had not had (or a
new command and then a check of what that wrote: the command is the generator),
redid a file to take out code the user named, declared a package it had added by hand in a
file named for its tool, took back a package any tool had added, wrote a test of any kind and
ran it, or moved its work from a file to that file's sibling (`.env` to `.env.example`, a
notebook to its paired script and the command that syncs them). Each change names the
convention it points at, with the actions as evidence.

No word list of any language decides anything here: the user's words are read only to take
their own spelling of a command, a path, a flag or a piece of code that the actions already
point at (a backquoted `make gen`, a folder `migrations/`, `--force-with-lease`, `breakpoint`),
which is what the check will then say."""

from __future__ import annotations

import fnmatch
import itertools
import mimetypes
import re
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath

from skillopt_sleep.capture.edit_traces import MAX_LINES, NO_TRACE
from skillopt_sleep.capture.feedback import classify as classify_feedback
from skillopt_sleep.edit_distance import levenshtein
from skillopt_sleep.tasks.checks.ops.adds_test import TEST_FILE
from skillopt_sleep.tasks.corrections.commands import (FILE_OPS, STANDS_AFTER, STANDS_BEFORE, chooses_tool, command_name, covers,
                                                       from_repository_root, is_flag, looks_only, names_words, norm_path, option_name,
                                                       pathlike, moved_into, positional, segments, user_prefix)
from skillopt_sleep.tasks.corrections.file_kind import kind_named
from skillopt_sleep.tasks.corrections.occasion import clauses, holds_back, lasting, one_off, waits_on_condition, withholds
from skillopt_sleep.tasks.corrections.runners import behind_runners
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext
from skillopt_sleep.tasks.repo.verification import check_name, unwrapped

# What a package manager's verbs do to the dependency set, and the manifest it keeps them in.
MANIFEST_OF = {"npm": "package.json", "pnpm": "package.json", "yarn": "package.json", "bun": "package.json",
                "uv": "pyproject.toml", "poetry": "pyproject.toml", "pdm": "pyproject.toml", "hatch": "pyproject.toml",
                "pip": "requirements.txt", "pip3": "requirements.txt", "cargo": "Cargo.toml", "go": "go.mod",
                "gem": "Gemfile", "bundle": "Gemfile", "composer": "composer.json"}
ADDS = frozenset({"add", "install", "i", "get", "require"})
_REMOVES = frozenset({"remove", "rm", "uninstall", "un", "unlink"})
MANIFESTS = frozenset({"package.json", "pyproject.toml", "requirements.txt", "requirements-dev.txt", "Cargo.toml",
                       "go.mod", "Gemfile", "composer.json", "setup.py", "setup.cfg", "Pipfile",
                       # Each the one file its ecosystem's tool reads the dependency list from, so a
                       # redo of it needs no command handing it over to be read as one.
                       "pom.xml", "pubspec.yaml", "Project.toml", "gleam.toml", "spago.yaml",
                       "shard.yml", "dub.json", "elm.json"})
# Folders that hold a project's code as a whole: a scope inside them is one level deeper.
SOURCE_ROOTS = frozenset({"src", "lib", "app", "pkg", "packages", "internal"})


# The flags that run a package manager in another folder (`npm --prefix`, `yarn --cwd`, `pnpm -C`).
_IN_FOLDER = frozenset({"--prefix", "--cwd", "--dir", "-C"})


def manifest_of(words: list[str], line: str) -> str:
    """The manifest a package manager's command (`words`, one command of the shell `line`) keeps:
    in the folder a flag runs it in (`npm install x --prefix tools/gltf`) or else the one the
    line's `cd` moved it into (`cd perf && npm install x` adds to `perf/package.json`)."""
    folder = moved_into(line)
    for i, word in enumerate(words[1:], 1):
        flag, _, value = word.partition("=")
        if flag in _IN_FOLDER:
            value = value or (words[i + 1] if i + 1 < len(words) else "")
            if value and not value.startswith(("/", "~", "$", "-")) and ".." not in value:
                folder = norm_path(value).strip("/")
            break
    folder = "" if folder == "." else folder
    return f"{folder}/{MANIFEST_OF[words[0]]}" if folder else MANIFEST_OF[words[0]]


_CALL = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)\(")
# A method called on something (`.unwrap()`, `lock().unwrap()`): its name alone is as often a
# plain word ("get", "map"), so the user must write it as code for it to count as named.
_METHOD = re.compile(r"\.([A-Za-z_]\w*)\(")
_BACKQUOTED = re.compile(r"`([^`\n]{1,60})`")
# A word shaped as code wherever it stands: a pragma or marker (`#noqa`, `# type: x`,
# `@ts-ignore`). Words joined by a dash are as often prose ("drive-letter") and count as code
# only backquoted.
_CODE_WORD = re.compile(r"(?<![\w-])[#@][\w-]+(?::\s?\w+)?|(?<![\w-])#\s?\w+:\s?\w+")


@dataclass(frozen=True)
class Convention:
    """A durable rule, in the corpus's kinds (see `kinds.CONVENTION_KINDS`)."""

    kind: str
    value: str
    instead: str = ""  # for command_avoided: the command to use in its place
    path: str = ""  # for generator_run: the files the generator makes, as a glob

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "value": self.value}
        if self.instead:
            out["instead"] = self.instead
        if self.path:
            out["path"] = self.path
        return out


@dataclass(frozen=True)
class ChangeOfCourse:
    # command_replaced | flag_dropped | flag_swapped | restored | restored_and_regenerated | dependency_undone |
    # test_added | check_run_after | call_taken_out | generator_run_after | declared_instead | moved_to_sibling |
    # moved_to_source | regenerated_over
    signal: str
    evidence: str  # the actions that show it
    convention: Convention | None = None  # None: a change of this one piece of work, no rule


@dataclass
class Behaviour:
    changes: list[ChangeOfCourse] = field(default_factory=list)
    # Files the agent's first work after the turn edited again, having edited them before it: a
    # redo, or more work on the same file. Alone it is no change of course; it is what the
    # actions say of a turn nothing else read.
    redone: list[str] = field(default_factory=list)

    @property
    def changed_course(self) -> bool:
        return bool(self.changes)

    @property
    def conventions(self) -> list[Convention]:
        found: list[Convention] = []
        for change in self.changes:
            if change.convention is not None and change.convention not in found:
                found.append(change.convention)
        return found


def _run_segments(actions: list[Action]) -> list[tuple[int, list[str]]]:
    return [(i, words) for i, action in enumerate(actions) if action.kind == "run" for words in segments(action.value)]


# -- the signals ---------------------------------------------------------------------------------

def _replacements(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """Another tool run for the job a tool before the turn did: the same command with its first
    words replaced (`npm install` -> `pnpm install`, `black src/` -> `ruff format src/`) or
    wrapped (`python x.py` -> `uv run python x.py`), the replaced tool no longer run."""
    after = [w for _, w in _run_segments(turn.after) if chooses_tool(w)]
    before = [w for _, w in _run_segments(turn.before) if chooses_tool(w) and not _hand_edit(w, turn, after)]
    after_tools = {w[0] for w in after}
    # For a job redone with another tool, the old tool only counts where it kept a job.
    kept_tools = {w[0] for w in _from_switch(after, before)}
    pairs: list[tuple[list[str], list[str], list[str], list[str]]] = []  # (before, after, replaced words, new words)
    for ran in before:
        for new in after:
            old = ran
            if old == new:
                continue
            checks = checking(old).split()[-1:], checking(new).split()[-1:]
            if all(checks) and checks[0] != checks[1] and not names_word(turn.user, past_runner(old)[0]):
                # One check run after another for another job (`tsc --noEmit`, then `biome check`;
                # not `npm run lint`, then `pnpm lint`): the check before is replaced where the
                # words name it, else the new one may run beside it ("could you also run Biome").
                continue
            if old[0] == new[0] and past_runner(old) != old and past_runner(new) != new:
                # One runner starting two tools (`uv run black src/`, `uv run ruff format src/`).
                if not names_word(turn.user, past_runner(old)[0]):
                    continue
                old, new = past_runner(old), past_runner(new)
            shared = 0
            while shared < min(len(old), len(new)) and old[-1 - shared] == new[-1 - shared]:
                shared += 1
            tail = old[len(old) - shared:]
            replaced, added = old[:len(old) - shared], new[:len(new) - shared]
            if not shared or all(is_flag(w) for w in tail):
                if not _same_subcommand(old, new):
                    continue
                replaced, added = old[:1], new[:1]  # another program for the same subcommand, flags aside
            # A new head that names a file is other work on the same file, not another tool; a
            # program run by its path (`./gradlew`, `bin/rails`) is a tool all the same.
            if not added or (replaced and replaced[0] == added[0]) or any(pathlike(w) for w in added[program(added):]):
                continue
            replaced = replaced or old[:1]  # wrapped: the bare tool is what stopped
            if replaced[0] in kept_tools:
                continue
            if _asked_beside(turn.user, old, new, tail):
                continue
            pairs.append((old, new, replaced, added))
    gone = [w for w in before if w[0] not in after_tools]
    fresh = [w for w in after if w[0] not in {b[0] for b in before}]
    found = []
    # The user's spelling of the tool that stopped, where it names one the actions replaced; or
    # of a command that stopped while its tool still ran for another job (`kubectl apply` gone,
    # `kubectl rollout undo` after it), where a tool new to the session took over.
    named = next((w for w in gone if user_prefix(turn.user, unflagged(w))), None)
    if named is None and fresh:
        named = next((w for w in before if _stopped(user_prefix(turn.user, w), after)), None)
    if named is None and fresh:
        # A tool gone for good whose job the words name by its subcommand ("don't apply" of
        # `terraform apply`), a tool new to the session run in its place. A check is no such
        # job: work goes on after it ("vet last, exactly like that. Ship it").
        named = next((w for w in gone if len(command_name(unflagged(w))) >= 2 and not checking(w)
                      and _names_job(turn.user, command_name(unflagged(w))[:2])), None)
    pair = next((p for p in pairs if named and p[0][0] == named[0]), None)
    new = pair[1] if pair else next((w for w in fresh if user_prefix(turn.user, w)), fresh[0] if fresh else [])
    # A check run after edits that had another is the check's signal ("make check, not just
    # pytest"), not a tool replaced; so is one run after a build or a generator whose job word
    # says so (`quill-validator` after `quill build .`: the build stays, the check looks at what it
    # made). A tool run only after new files were written or edited runs that new work ("now add
    # a `make test` target"), it redoes nothing.
    checks_after_build = (bool(turn.paths("before")) and named is not None and bool(checking(new)) and not checking(named)
                          and bool(set(command_name(unflagged(named), limit=4)[1:]) & (GENERATING_JOBS | _BUILDING_JOBS)))
    if (named is not None and new and not checks_after_build
            and (pair or not (turn.paths("before") and check_name(" ".join(new))) and not _edited_before_run(turn.after, new))):
        # The tool that stopped, not the job it was run for: `docker-compose`, not the
        # `docker-compose up` the user wrote of it. Where the new command shares nothing with
        # the old (`kubectl apply` -> `helm upgrade`), the job itself stopped: the ban is the
        # user's spelling of it.
        avoided = _job_replaced(turn.user, pair[2], pair[1]) if pair else (user_prefix(turn.user, unflagged(named))
                                                                            or command_name(unflagged(named))[:2])
        instead = user_prefix(turn.user, new) or (pair[3] if pair else command_name(new))
        found.append(ChangeOfCourse("command_replaced", f"`{' '.join(named)}` before the turn, `{' '.join(new)}` after it",
                                    Convention("command_avoided", " ".join(avoided), " ".join(instead))))
    for old, new, replaced, added in pairs:
        instead = user_prefix(turn.user, new) or added
        convention = Convention("command_avoided", " ".join(_job_replaced(turn.user, replaced, new)), " ".join(instead))
        if all(c.convention != convention for c in found):
            found.append(ChangeOfCourse("command_replaced", f"`{' '.join(old)}` before the turn, `{' '.join(new)}` after it",
                                        convention))
    return found


def _asked_beside(user: str, old: list[str], new: list[str], shared: list[str]) -> bool:
    """Another tool run over the same files (`eslint src/`, then `prettier --check src/`), no job
    of the old one redone, after words that praise the work and name only the new tool,
    withholding nothing and holding nothing for good ("great, now run prettier too"): the next
    check asked for beside it, not a tool replaced ("Nice. Now use pnpm." redoes `install`; "hm,
    our CI formatter is ruff" praises nothing)."""
    return (bool(shared) and all(pathlike(w) or w == "." for w in shared)
            and bool(praising_sentences(user)) and names_word(user, new[0]) and not names_word(user, old[0])
            and not holds_back(user) and not lasting(user))


def _job_swapped(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A command run again after the turn on the same arguments (one at least), flags aside, with one word of
    its job swapped (`helmfile -e staging sync` -> `helmfile -e staging apply`), where the words
    name both jobs: the tool stayed, the job it was run for was the wrong one. A look or a check run
    before its doing job (`terraform plan`, then `apply`), or a job the words praise ("the diff
    looks good, apply it"), is done and the next step follows, no job replaced; and the value of
    an option (`--region north`) is what the run works on, not its job."""
    after = [w for _, w in _run_segments(turn.after)]
    for _, old in _run_segments(turn.before):
        if looks_only(old) or checking(old):
            continue
        for new in after:
            plain_old, plain_new = _plain_words(old), _plain_words(new)
            if new[0] != old[0] or len(plain_new) != len(plain_old) or checking(new):
                continue
            swapped = [i for i, (a, b) in enumerate(zip(plain_old, plain_new)) if a[1] != b[1]]
            # A job run on nothing but itself (`make docs`, then `make publish`) is as often the
            # plan's next step as the wrong one replaced: only the same work pointed at again says so.
            if len(swapped) != 1 or swapped[0] == 0 or len(plain_old) < 3:
                continue
            (at, word), (at_new, other) = plain_old[swapped[0]], plain_new[swapped[0]]
            if is_flag(old[at - 1]) or is_flag(new[at_new - 1]) or not (word.isalpha() and other.isalpha()):
                continue
            if not (names_word(turn.user, word) and names_word(turn.user, other)) or in_praise(turn.user, [word]):
                continue
            # The job is named by the program and the plain words before the swapped one, the
            # options and their values between them left out (`helmfile sync`).
            lead = [w for j, w in enumerate(old[1:at], 1) if not is_flag(w) and not is_flag(old[j - 1])]
            avoided, instead = [old[0], *lead, word], [old[0], *lead, other]
            evidence = f"`{' '.join(old)}` before the turn, `{' '.join(new)}` after it"
            return [ChangeOfCourse("command_replaced", evidence,
                                   Convention("command_avoided", " ".join(avoided), " ".join(instead)))]
    return []


# Where a sentence ends, in any script; a semicolon ends one too.
SENTENCES = re.compile(r"(?<=[.!?;])\s+|[。！？；\n]")


def praising_sentences(user: str) -> list[str]:
    """The sentences of the words that read as praise ("the build worked")."""
    return [s for s in SENTENCES.split(user) if s.strip() and classify_feedback(s).kind == "positive"]


def in_praise(user: str, words: list[str]) -> bool:
    """A sentence of the words that writes these words reads as praise: a run they name there is
    one that went well, not one objected to."""
    return any(names_words(s, words) for s in praising_sentences(user))


def _plain_words(words: list[str]) -> list[tuple[int, str]]:
    """A command's words that are no flag, each with its place (a flag's value among them)."""
    return [(i, w) for i, w in enumerate(words) if not is_flag(w)]


def _hand_edit(words: list[str], turn: UserTurnInContext, after: list[list[str]]) -> bool:
    """A command that changed a file put back after the turn, where nothing after the turn runs on
    that file (`sed -i ... poetry.lock`, then a restore and `poetry lock`): an edit by hand
    undone, not a tool whose job another took over."""
    files = [norm_path(w) for w in words[1:] if pathlike(w)]
    restored = {norm_path(p) for _, w in _run_segments(turn.after) if w[:1] == ["git"] and w[1:2] in (["checkout"], ["restore"])
                for p in w[2:] if not is_flag(p)}
    ran_on = {norm_path(w) for new in after if new[:1] != ["git"] for w in new[1:] if pathlike(w)}
    return any(f in restored and f not in ran_on for f in files)


def _job_replaced(user: str, replaced: list[str], new: list[str]) -> list[str]:
    """What a replacement bans, as fine as the user names what took over: the job where they
    spell the new one's job (`pip install` where "use `uv add`" took over), else the tool (`npm`
    where "pnpm, please" ran the same install); the user's own longer spelling of it first."""
    spelled = user_prefix(user, replaced)
    job = command_name(replaced)[:2]
    # A runner's second word is the program it starts (`prettier` of `npx prettier`), and a job
    # the new tool runs too (`exec` of `asdf exec`, then `mise exec`) stayed: the tool is what went.
    kept_job = len(job) < 2 or past_runner(job) != job or job[1] in command_name(new)[1:2]
    words = job if len(user_prefix(user, new)) >= 2 and not kept_job else replaced[:1]
    return spelled if len(spelled) >= len(words) else words


def _same_subcommand(old: list[str], new: list[str]) -> bool:
    """Two programs run for the same subcommand (`cabal test --x` and `stack test`): the same
    words after the program, flags aside."""
    rest = unflagged(old)[1:]
    return bool(rest) and old[0] != new[0] and rest == unflagged(new)[1:] and not any(pathlike(w) for w in rest)


def _from_switch(after: list[list[str]], before: list[list[str]]) -> list[list[str]]:
    """The runs after the turn that keep a tool's job: an old tool run for another job before
    the first run of a tool new to the work (`docker-compose down` before `docker compose up`)
    tears down its own work; run for the same job again (`pytest` before `ruff`), it keeps it."""
    tools = {words[0] for words in before}
    start = next((i for i, words in enumerate(after) if words[0] not in tools), 0)
    return [words for words in after[:start] if words in before] + after[start:]


def unflagged(words: list[str]) -> list[str]:
    """A command's words without its flags (`terraform -chdir=infra apply` -> `terraform apply`):
    how a user names it."""
    return [w for w in words if not is_flag(w)]


def _stopped(spelled: list[str], after: list[list[str]]) -> bool:
    """The user spelled a command with its job (two words or more) and no run after the turn starts so."""
    return len(spelled) >= 2 and not any(w[:len(spelled)] == spelled for w in after)


def program(words: list[str]) -> int:
    """1 where a command starts with a program run by its path (`./gradlew`, `bin/rails`: a path
    without a file suffix), else 0."""
    head = words[0] if words else ""
    return int("/" in head and not PurePosixPath(head).suffix and not head.endswith("/"))


def _edited_before_run(actions: list[Action], words: list[str]) -> bool:
    """The agent edited or wrote a file after the turn before it first ran this command."""
    for action in actions:
        if action.kind in ("edit", "write"):
            return True
        if action.kind == "run" and words in segments(action.value):
            return False
    return False


def _reruns(turn: UserTurnInContext):
    """Each run after the turn of a command run before it, with the same arguments: (the run
    before, the run after, the command's name, the flags the rerun dropped, the flags it added)."""
    after = [w for _, w in _run_segments(turn.after)]
    for old in (w for _, w in _run_segments(turn.before)):
        head = command_name(old)
        old_flags = _flags(old)
        for new in after:
            # A run before with no arguments, run again on one (`gh pr merge`, then `gh pr merge
            # 133`): the same command on what it had found for itself.
            bare = all(is_flag(w) for w in old[len(head):]) and positional(new)[:len(head)] == head
            # The same words but for long options of one dash: the word read as such an option's
            # value is what both runs work on (`ogr2ogr -skipfailures out.gpkg in.shp`, then
            # `ogr2ogr out.gpkg in.shp`). A `--flag` left off keeps the reading by position.
            differ = set(_flags(old)) ^ set(_flags(new))
            same = positional(new) == positional(old) or (
                unflagged(new) == unflagged(old) and bool(differ) and all(option_name(f) and not f.startswith("--") for f in differ))
            if command_name(new) != head or (not same and not bare):
                continue
            new_flags = _flags(new)
            yield (old, new, head, [f for f in old_flags if f not in new_flags],
                   [f for f in new_flags if f not in old_flags])


def _flags(words: list[str]) -> list[str]:
    """A command's flags, short ones written together taken apart (`-am` is `-a` and `-m`), a
    long option written with one dash (`-skipfailures`) kept whole."""
    found = []
    for word in words:
        if re.fullmatch(r"-[A-Za-z]{2,}", word) and not option_name(word):
            found += ["-" + letter for letter in word[1:]]
        elif is_flag(word):
            found.append(word)
    return found


def _dropped_flags(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """The same command run again without a flag it had (`git commit --no-verify -m x` ->
    `git commit -m x`): the flag is what the turn took away. Where the same command earlier in
    the session had more flags the new run also lacks, the actions do not say which one the
    turn took away: the change stays, its rule is left to the words."""
    found = []
    earlier = [w for _, w in _run_segments(turn.earlier)]
    for old, new, head, dropped, added in _reruns(turn):
        if not dropped or added:
            continue
        kept = _flags(new)
        evidence = f"`{' '.join(old)}` before the turn, `{' '.join(new)}` after it"
        if any(command_name(e) == head and set(f for f in _flags(e) if f not in kept) - set(dropped)
               for e in earlier):
            found.append(ChangeOfCourse("flag_dropped", evidence + "; earlier runs had other flags it lacks too"))
            continue
        named = [f for f in dropped if names_flag(turn.user, f)]
        if len(dropped) > 1 and len(named) != 1:
            # Several flags gone and the words name none of them alone: which one the turn took
            # away is left to the words' reader.
            found.append(ChangeOfCourse("flag_dropped", evidence + "; it dropped several flags"))
            continue
        flag = (named or dropped)[0]
        if not flag.startswith("--") and option_name(flag) and not (names_flag(turn.user, flag)
                                                                     or names_word(turn.user, option_name(flag))):
            # A long option of one dash the words never write ("list them this time" of `find
            # -delete`): dropped as often for this run only; which rule, the words' reader decides.
            found.append(ChangeOfCourse("flag_dropped", evidence + "; the words do not name the option"))
            continue
        value = " ".join(head + [flag])
        if all(c.convention.value != value for c in found if c.convention):
            found.append(ChangeOfCourse("flag_dropped", evidence, Convention("command_avoided", value)))
    return found


def _swapped_flags(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """The same command run again with one flag in place of another (`git push --force` ->
    `git push --force-with-lease`), where the user's words name either flag: the flag given up
    is what the turn took away. Unnamed, a swap is as likely a one-off (`-q` for `-v` to see
    more), so it states no rule and is no change of course."""
    found = []
    for old, new, head, dropped, added in _reruns(turn):
        if len(dropped) != 1 or len(added) != 1 or not any(names_flag(turn.user, f) or _names_option_word(turn.user, f)
                                                            for f in dropped + added):
            continue
        convention = Convention("command_avoided", " ".join(head + dropped), " ".join(head + added))
        if all(c.convention != convention for c in found):
            found.append(ChangeOfCourse("flag_swapped", f"`{' '.join(old)}` before the turn, `{' '.join(new)}` after it",
                                        convention))
    return found


def names_flag(user: str, flag: str) -> bool:
    """The words write this flag standing alone (`--force`, not the start of `--force-with-lease`),
    or a long flag's name of several words without its dashes ("force-with-lease please")."""
    name = flag.lstrip("-")
    spellings = [flag] + ([name] if flag.startswith("--") and "-" in name else [])
    return any(re.search(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])", user) for s in spellings)


def _names_option_by_word(user: str, flag: str) -> bool:
    """The words write a long option's name as words, its dashes as spaces or not ("the strict
    build" of `--strict`, "over all files" of `--all-files`), four letters at least."""
    name = flag[2:] if flag.startswith("--") else ""
    return len(name) >= 4 and names_word(user, name)


def _names_option_word(user: str, flag: str) -> bool:
    """The words write a long flag's one-word name as a word ("squash" of `--squash`, "merge
    commits" of `--merge`): enough where the actions swapped that flag for another."""
    name = flag[2:] if flag.startswith("--") else ""
    return len(name) >= 4 and name.isalpha() and names_word(user, name)


def _restored(words: list[str], touched: list[str], moved: list[tuple[str, str]]) -> list[str]:
    """The paths a command puts back as they were (git checkout / restore, removing a file the
    agent wrote with `rm` or `git rm`, moving back a file it moved away; a git command run in a folder read from the
    top); [] for any other command."""
    words = from_repository_root(words)
    if words[0] == "git" and len(words) > 2 and words[1] in ("checkout", "restore"):
        if "--staged" in words and "--worktree" not in words:
            return []  # only unstaged: the change is still there
        rest = words[words.index("--") + 1:] if "--" in words else [w for w in words[2:] if not is_flag(w)]
        restored = [p for p in rest if any(covers(p, t) for t in touched)]
        if words[1] == "checkout" and "--" not in words and len(restored) < len(rest):
            return []  # `git checkout branch` switches branches; a path the agent changed is put back
        return restored
    if words[0] == "rm" or (words[:2] == ["git", "rm"] and "--cached" not in words):
        # `git rm` deletes the file as `rm` does and stages that; with `--cached` the file stays.
        rest = words[1:] if words[0] == "rm" else words[2:]
        return [p for p in rest if not is_flag(p) and p != "--" and any(covers(p, t) for t in touched)]
    if words[0] == "mv" and len(words) == 3 and (words[2], words[1]) in moved:
        return [words[2]]
    return []


def user_folder(path: str, user: str) -> str:
    """The folder holding `path` the user's words name (`migrations/`, `src/gen/*`), as a glob;
    "" where they name none (a file named is the restored file, not its folder)."""
    path = norm_path(path)
    for word in re.findall(r"[\w.\-]+(?:/[\w.\-*]*)+/?|[\w.\-]+/", user):
        word = word.rstrip("*.,;:!?").rstrip("/")  # a sentence's full stop is not part of the folder
        if word and word != path and covers(word, path):
            return word + "/**"
        # written from a depth (`parser/gen/` of `src/querylang/parser/gen/x.py`): the folder is
        # the path's, down to the words' last folder
        at = ("/" + path).find("/" + word.strip("./") + "/") if word.strip("./") else -1
        if at > 0:
            return path[:at + len(word.strip("./"))] + "/**"
    return ""


# A folder named for a version (`v1`, `V2`): short, but no word of prose.
_VERSION_FOLDER = re.compile(r"[vV]\d+")


def folder_by_word(path: str, user: str) -> str:
    """The folder holding `path` whose name the user's words write as a word, without a slash
    ("public 폴더", "locales 目录"), as a glob; "" where they write none, or only a source root
    (`src`, where all work goes) or the file's own name."""
    parts = [p for p in norm_path(path).split("/") if p]
    parts = parts if norm_path(path).endswith("/") else parts[:-1]  # a folder put back whole is named by its own name
    # A version's folder (`v1` of `api/v1/`) is the one the words mean where they write it, even
    # beside a word for the files' kind ("the v1 schemas"): its versions beside it stay open.
    for depth, part in enumerate(parts, start=1):
        if _VERSION_FOLDER.fullmatch(part) and re.search(r"(?<![\w./-])" + re.escape(part) + r"(?![\w/])", user, re.I):
            return "/".join(parts[:depth]) + "/**"
    named = [part not in SOURCE_ROOTS and len(part) >= 3 and (names_form(user, part) or _folder_compound(user, part))
             for part in parts]
    # A folder the words name in one phrase with the folder holding it ("reference seeds" of
    # `db/seeds/reference/`, "nf-core modules" of `modules/nf-core/`) is the one of that kind they mean.
    for depth in range(len(parts), 1, -1):
        if named[depth - 1] and named[depth - 2] and _named_together(user, parts[depth - 2], parts[depth - 1]):
            return "/".join(parts[:depth]) + "/**"
    for depth, part in enumerate(parts, start=1):
        if named[depth - 1]:
            return "/".join(parts[:depth]) + "/**"
    return ""


# "Generated", as the words call files a tool wrote, in the languages the corpus has (a past
# participle: "generate" and "generator" name the tool or its run, not the files).
_GENERATED_WORD = re.compile(
    r"(?<![\w-])(?:auto-?)?(?:generated|generiert\w*|gegenereerd\w*|generad[oa]s?|gerad[oa]s?|generat[oaie]|générée?s?"
    r"|genererade?|genereret|genereeritud|(?:wy)?generowan\w*|(?:vy)?generovan\w*|сгенерирован\w*|згенерован\w*"
    r"|oluşturulmuş|üretilmiş)(?![\w-])|自动生成|生成(?:出来)?的|生成された|生成され|생성된", re.I)
# A folder's name that says a tool writes what is in it (`generated`, `_gen`, `api-generated`,
# `proto-gen`): one of its parts, split at `-`, `_` and `.`.
_GENERATED_FOLDER_PARTS = frozenset({"gen", "generated", "autogen", "codegen", "autogenerated"})


def generated_folder(path: str, user: str) -> str:
    """The folder holding `path` whose name says a tool writes it, where the words call the files
    generated in any language ("les fichiers générés", "vygenerovaný kód", "工具生成的文件") and
    hold something back (a ban, a question back, a rule for work to come): the folder the words
    mean, as a glob, however they name it; "" where any is missing. Words that only ask the
    edit undone ("you edited the generated client by mistake, revert it") keep no folder out."""
    # A condition alone ("I asked for the wrong file ... revert it") is no holding back here: the
    # words must forbid, ask back or hold for good.
    held = any(withholds(c) for c in clauses(user)) or "?" in user or "？" in user or lasting(user)
    if not (_GENERATED_WORD.search(user) and held):
        return ""
    normed = norm_path(path)
    parts = [p for p in normed.split("/") if p]
    parts = parts if normed.endswith("/") else parts[:-1]
    for depth, part in enumerate(parts, start=1):
        if _GENERATED_FOLDER_PARTS & set(re.split(r"[-_.]", part.lower())):
            return "/".join(parts[:depth]) + "/**"
    return ""


# A word for a folder that German, Dutch and the Scandinavian languages join to a folder's name
# with a hyphen ("_vendored-Ordner", "proto-gen-mappen", "tests-Verzeichnis").
_FOLDER_NOUN = r"(?:ordner|verzeichnis|mappen|mappe|mapje|folder|katalog(?:en)?)"


def _folder_compound(user: str, name: str) -> bool:
    """The words write the folder's name joined by a hyphen to a word for a folder."""
    return re.search(r"(?<![\w./-])" + re.escape(name) + "-" + _FOLDER_NOUN + r"(?![\w-])", user, re.I) is not None


def _named_together(user: str, one: str, other: str) -> bool:
    """The words name both folders within a phrase: four words running, either first."""
    words = re.findall(r"[\w.-]+", user)
    return any(names_form(phrase, one) and names_form(phrase, other)
               for phrase in (" ".join(words[i:i + 4]) for i in range(max(1, len(words) - 3))))


def _as_put_back(path: str, touched: list[str]) -> str:
    """A path put back as what it is: a folder where it holds what the work changed
    (`git checkout -- versioned_docs` of `versioned_docs/version-2.1/x.md`), with its slash."""
    folder = not path.endswith("/") and any(covers(path, t) and norm_path(t) != norm_path(path) for t in touched)
    return path + "/" if folder else path


def _scope(path: str, user: str, edited: bool = False) -> str:
    """The folder a restored path stands for, as a glob; the user's own spelling of it where they
    wrote one, else its top folder (one deeper under a source root). A path the work edited is a
    file, whatever its name (`Jenkinsfile`); another without a type is taken for a folder."""
    named = user_folder(path, user)
    if named:
        return named
    path = norm_path(path)
    parts = [p for p in path.rstrip("/").split("/") if p]
    if not parts:
        return ""
    # A hidden top folder (`.github`) holds the config of several tools, each in its own folder.
    keep = 2 if (parts[0] in SOURCE_ROOTS or parts[0].startswith(".")) and len(parts) >= 2 else 1
    if len(parts) <= keep:
        return "/".join(parts) + ("/**" if path.endswith("/") or not (edited or PurePosixPath(parts[-1]).suffix) else "")
    return "/".join(parts[:keep]) + "/**"


def _kind_under(path: str, user: str) -> str:
    """The kind of file the words write the restored path by (`file_kind.kind_named`): under the
    folder they write, else the file's own; a type alone, only where they write no folder, under
    the path's scope (`_scope`)."""
    written = user_folder(path, user) or folder_by_word(path, user)
    parent = str(PurePosixPath(norm_path(path)).parent)
    scope = _scope(path, user, edited=True)
    top = "" if written else scope.removesuffix("/**") if scope.endswith("/**") else parent
    return kind_named(path, user, written.removesuffix("/**") if written else parent, top)


def _run_that_wrote(path: str, turn: UserTurnInContext) -> list[str] | None:
    """The one run before the turn that wrote `path` where no edit before the turn did: a run that
    names the path, a folder holding it, or a file inside it (a glob's folder for `lua/x/*.lua`)."""
    if any(_nested(path, p) for p in turn.paths("before")):
        return None
    runs = [w for _, w in _run_segments(turn.before) if w[0] != "git" and w[0] not in FILE_OPS
            and not looks_only(w) and not checking(w)]
    wrote = [w for w in runs if any(_nested(t, path) for t in _targets(w))]
    return wrote[0] if len(wrote) == 1 else None


def _targets(command: list[str], root: bool = False) -> list[str]:
    """The paths a command names, a glob as the folder it searches; the project's root (`.`)
    only where asked for."""
    found = [norm_path(w.split("*")[0]).rstrip("/") or "." for w in command[1:]
             if (pathlike(w) or w == ".") and not is_flag(w)]
    return [t for t in found if root or t != "."]


def _same_ground(old: list[str], new: list[str]) -> bool:
    """Two runs on the same files: each path one names holds, or lies in, a path the other names
    (`lua-format -i lua/x/a.lua` and `stylua lua/`). A run that names no path (`go mod tidy`
    after `sed -i ... go.sum`), or one that writes elsewhere too (`--out data/interim/x.csv`),
    does other work than the run before."""
    ours, theirs = _targets(old), _targets(new, root=True)
    return bool(ours and theirs) and all(any(_nested(t, u) for u in theirs) for t in ours) \
        and all(any(_nested(u, t) for t in ours) for u in theirs)


def _nested(a: str, b: str) -> bool:
    """One path is the other or holds it."""
    return covers(a, b) or covers(b, a)


def _run_replaced(old: list[str], new: list[str], user: str) -> Convention | None:
    """The rule where a run after the turn redid what one before it wrote: another program is the
    old one avoided for the new (`lua-format` for `stylua`); the same program with one flag in
    place of another is that flag avoided for the other (`pip-compile --upgrade` for
    `--upgrade-package`). Anything else is this piece of work redone, no rule."""
    if old[0] != new[0]:
        return Convention("command_avoided", " ".join(_job_replaced(user, old[:1], new)),
                          " ".join(user_prefix(user, new) or command_name(new)[:1]))
    dropped = [f for f in _flags(old) if f not in _flags(new)]
    added = [f for f in _flags(new) if f not in _flags(old)]
    if len(dropped) != 1 or len(added) != 1:
        return None
    head = command_name(old)
    return Convention("command_avoided", " ".join(head + dropped), " ".join(head + added))


def _run_name(words: list[str]) -> list[str]:
    """A run's words before its first option or path (`jsonnet` of `jsonnet -J vendor -m out x.jsonnet`)."""
    return list(itertools.takewhile(lambda w: not is_flag(w) and not pathlike(w), words))


def _writes_into(command: list[str], path: str) -> bool:
    """A command that names `path`, or a folder holding it, among its arguments: where a
    generator is told what to write."""
    targets = [norm_path(w).rstrip("/") for w in command[1:] if pathlike(w)]
    return any(t not in ("", ".") and covers(t, path) for t in targets)


def _regenerated_over(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A file the agent edited or wrote by hand before the turn, not touched again after it,
    where a run after the turn, new to the session, is told to write into a folder holding it
    (`sphinx-apidoc -o docs/api src/pkg` after `docs/api/modules.rst` was edited): the file is
    that run's output, and the run, by its name up to its first option or path, is the rule.
    The folder must be an option's value beside a path the run reads: a folder or file a run
    only reads (`pytest tests/`, `psql -f x.sql`) is its input, and a folder given alone (`make
    -C docs`) is where it works, not what it writes."""
    edited = turn.paths("before")
    if not edited or set(edited) & set(turn.paths("after")):
        return []
    before_runs = {" ".join(w) for _, w in _run_segments(turn.earlier + turn.before)}
    for _, words in _run_segments(turn.after):
        if looks_only(words) or checking(words) or words[0] in FILE_OPS or words[0] == "git" or " ".join(words) in before_runs:
            continue
        outputs = [norm_path(w).rstrip("/") for flag, w in zip(words[1:], words[2:])
                   if is_flag(flag) and "=" not in flag and pathlike(w)]
        name = _run_name(words)
        made = next((p for p in edited for out in outputs if out not in ("", ".") and covers(out, p) and out != norm_path(p)), None)
        read = [norm_path(w) for w in words[1:] if pathlike(w) and norm_path(w).rstrip("/") not in outputs]
        if made and name and read:
            evidence = f"{made} edited before the turn; `{' '.join(words)}` after it writes into its folder"
            return [ChangeOfCourse("regenerated_over", evidence, Convention("generator_run", " ".join(name)))]
    return []


def _restorations(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A path the agent changed before the turn put back after it: with a generator run after
    that, the path is generated (never edited by hand; the generator is the rule where the user
    named it); alone, it undoes this piece of work and states no rule."""
    touched = turn.paths("before") + [w for _, words in _run_segments(turn.before) for w in words[1:] if pathlike(w)]
    moved = [(words[1], words[2]) for _, words in _run_segments(turn.before) if words[0] == "mv" and len(words) == 3]
    before_runs = {" ".join(w) for _, w in _run_segments(turn.before)}
    after = _run_segments(turn.after)
    for position, (_, words) in enumerate(after):
        # A manifest put back is a dependency undone (`_dependencies`).
        paths = [_as_put_back(p, touched) for p in _restored(words, touched, moved) if not is_manifest(p, turn)
                 and p not in _with_lockfile(words, turn)]
        if not paths:
            continue
        runs = [w for _, w in after[position + 1:] if not _restored(w, touched, moved) and not looks_only(w)
                and w[0] not in FILE_OPS and " ".join(w) not in before_runs]
        # A check run on the way (`buf lint`, then `buf generate`) writes nothing: the first run
        # that checks nothing is the generator, where there is one.
        # A build run first (`forge build`, then `abigen ...`) makes the generator's input: where
        # the words name one of the runs' programs, that run is the generator.
        # Of two runs of the program the words name, the one they spell further is the generator
        # (`drush config:export` over the `drush config:set` run before it).
        writing = [w for w in runs if not checking(w)]
        named_runs = [w for w in writing if _names_program(turn.user, w)]
        generator = (max(named_runs, key=lambda w: len(user_prefix(turn.user, w))) if named_runs
                     else writing[0] if writing else runs[0] if runs else None)
        evidence = f"`{' '.join(words)}` after the turn"
        if generator is None:
            # Put back, with its whole folder named: the folder is not to be touched, not only
            # this file ("hands off vendor/"); a file put back alone is one piece of work undone.
            # A kind of file the words write as a glob (`V*.sql`) is the grain, not the whole folder.
            folder = (_kind_under(paths[0], turn.user) or user_folder(paths[0], turn.user)
                      or folder_by_word(paths[0], turn.user) or generated_folder(paths[0], turn.user))
            convention = Convention("path_untouched", folder) if folder else (project_file_kept(paths[0], turn)
                                                                              or _file_named(paths, turn))
            if convention is not None and _for_this_occasion(turn.user):
                return [ChangeOfCourse("restored", evidence + "; the words put it back for this occasion only")]
            return [ChangeOfCourse("restored", evidence + (f"; the turn names {folder}" if folder else ""), convention)]
        evidence += f", then `{' '.join(generator)}`"
        if _made_by_file_ops(paths[0], turn):
            # A path a link, copy or move made (`ln -s`, `cp`), no edit: nothing generated was
            # edited by hand, so the run after it may as well replace that command as regenerate
            # the path. The actions point at two kinds of rule: none is stated.
            return [ChangeOfCourse("restored_and_regenerated", evidence + "; a file command made the path, no edit")]
        wrote = _run_that_wrote(paths[0], turn)
        if wrote is not None and wrote != generator and _same_ground(wrote, generator):
            # No hand edit made the path: a run before the turn wrote it (`lua-format -i lua/x.lua`),
            # and the run after it works on the same files (`stylua lua/`): it took that run's job.
            return [ChangeOfCourse("restored_and_rerun", evidence + f"; `{' '.join(wrote)}` wrote it before the turn",
                                   _run_replaced(wrote, generator, turn.user))]
        named = user_prefix(turn.user, generator)
        scope = _scope(paths[0], turn.user, edited=paths[0] in touched)
        # The generator as run, its subcommands kept and its options left out (`dart run
        # build_runner build` of a run with `--delete-conflicting-outputs`).
        spelled = _through_target_named(command_name(generator, limit=_GENERATOR_WORDS), generator, turn.user)
        if _writes_only(spelled, paths[0]):
            # The tool's job is this very file (`poetry lock` of poetry.lock): it is the tool's
            # file, not the agent's; the rule is the file untouched, however the tool is run.
            return [ChangeOfCourse("restored_and_regenerated", evidence + "; the tool's job is that file",
                                   Convention("path_untouched", norm_path(paths[0])))]
        if len(named) >= 2 or (named and GENERATING_JOBS.issuperset(spelled[len(named):])):
            # The user wrote the generator's program where the rest of its name says it
            # generates (`autoreconf`, `buf` of `buf generate`): the generator as run, with the
            # switches the user wrote after it (`autoreconf -fi`). Two words that end a clause
            # short of the run's next word ("avro-tools compile, nie von Hand" of `avro-tools
            # compile schema x.avsc`, "relance cap sync, c'est comme ça" of `cap sync android`)
            # are the generator as the words name it: the rest is this run's target. Words that
            # go on ("dart run the generator") name no end of it. Words that go past a job word
            # that says it generates ("asyncapi generate models, not by hand" of `asyncapi generate
            # models typescript ...`) end the generator there too: what follows is this run's target.
            value = (named if (len(named) == 2 or GENERATING_JOBS & set(named[1:])) and _ends_clause(turn.user, named)
                     else spelled if spelled[:len(named)] == named else named)
            value = _with_switches_written(value, generator, turn.user)
            return [ChangeOfCourse("restored_and_regenerated", evidence, Convention("generator_run", " ".join(value), path=scope))]
        manifest = project_file_kept(paths[0], turn)
        if manifest is not None and not named and not _names_job(turn.user, spelled):
            # The project's manifest put back, then a run the words do not name (a build, the
            # tests): the work redone without what was added to it, no generator of the file.
            return [ChangeOfCourse("dependency_undone", evidence, manifest)]
        if _names_job(turn.user, spelled) or _names_program_by_start(turn.user, spelled[0]):
            # The words name what the generator does ("add a changeset" for `pnpm changeset`) or
            # the program a runner runs ("run build_runner" for `dart run build_runner build`),
            # not its tool: the command is the one the agent ran, up to its first flag or path.
            return [ChangeOfCourse("restored_and_regenerated", evidence,
                                   Convention("generator_run", " ".join(spelled), path=scope))]
        if _names_program_by_stem(turn.user, spelled[0]):
            # The words name the program alone, by its name short of its version ("premake" of
            # `premake5 vs2022`): the program is the generator, whatever the run asked of it.
            return [ChangeOfCourse("restored_and_regenerated", evidence, Convention("generator_run", spelled[0], path=scope))]
        # The folder to keep out of is the one the words write, with a slash or as a word ("don't
        # edit cassettes" of `tests/cassettes/x.yaml`), as for a path put back alone.
        folder = user_folder(paths[0], turn.user) or folder_by_word(paths[0], turn.user)
        # The run's name, as far as the generator is spelled the same above.
        run_name = [w for w, _ in itertools.takewhile(lambda pair: pair[0] == pair[1],
                                                      zip(spelled, _run_name(generator)))]
        if not folder and run_name and _writes_into(generator, paths[0]):
            # With no folder in the words, a run that names the path put back, or a folder
            # holding it, beside what it reads (`antlr4 -o src/parser/gen grammar/Q.g4`) writes
            # that path: the path is its output, and the run the rule.
            return [ChangeOfCourse("restored_and_regenerated", evidence + "; the run writes the path put back",
                                   Convention("generator_run", " ".join(run_name), path=scope))]
        if paths[0].endswith("/") and not user_folder(paths[0], turn.user) and any(_writes_inside(w, paths[0]) for w in runs):
            # A whole folder put back that a run after it writes files into again: the folder is
            # that run's output, and the words, naming neither with its slash, may mean the folder
            # kept or the run to use. The actions point at two kinds of rule: none is stated.
            return [ChangeOfCourse("restored_and_regenerated", evidence + "; a run after it writes into the folder")]
        if names_generating_job(turn.user) and not folder and writing == [generator]:
            # The words ask for the file regenerated ("run codegen, don't write the types yourself")
            # and write no folder to keep out of: the one run after the put-back that writes is that
            # generator. Of two (`forge build`, then `abigen`), which one they mean is left open.
            return [ChangeOfCourse("restored_and_regenerated", evidence, Convention("generator_run", " ".join(spelled), path=scope))]
        kept = folder or scope
        return [ChangeOfCourse("restored_and_regenerated", evidence, Convention("path_untouched", kept) if kept else None)]
    return []


def _writes_inside(command: list[str], folder: str) -> bool:
    """A command that names a path inside `folder` among its arguments (`-o gen/ui_main.py`)."""
    inside = norm_path(folder).rstrip("/")
    return any(pathlike(w) and norm_path(w).rstrip("/") != inside and covers(inside, norm_path(w)) for w in command[1:])


def _held_back_by_name(user: str, names: tuple[str, ...]) -> bool:
    """The words hold the file back from where they first name it on ("leave store_mock.go alone?
    It isn't meant to be edited"), or for good anywhere; a negation before it ("no, not like
    that. revert app.yml, I'll explain") is about the work, not the file."""
    found = [user.lower().find(n.lower()) for n in names if n]
    first = min((at for at in found if at >= 0), default=-1)
    start = max(user.rfind(mark, 0, first) for mark in ".!;\n。！") + 1 if first >= 0 else 0
    return lasting(user) or (first >= 0 and holds_back(user[start:]))


def _for_this_occasion(user: str) -> bool:
    """Words that put a path back for this one occasion ("put notes.txt back for now"): a clause
    limited to it, and nothing held for good nor held back by any other clause ("ask me first,
    every time. Take it out for now?" keeps its rule)."""
    said = clauses(user)
    return (any(one_off(c) for c in said) and not lasting(user)
            and not any(holds_back(c) for c in said if not one_off(c)))


def _file_named(paths: list[str], turn: UserTurnInContext) -> Convention | None:
    """The file put back that the words name, no folder of it named (that case is the caller's).
    At the project's root (`Jenkinsfile`), named by its name, the file is out of bounds, as no
    folder holds it that the rule could mean instead. Inside a folder, where the words write its
    path, its file name (`alertmanager.yml` of `alertmanager/alertmanager.yml`) or its name short
    of the extension where that is no plain word (`team-provider-info`), the file is out of bounds
    too, where the words hold something back for no condition (a bare "menu.json: undo" is this
    work undone; "unless I ask" lets it in once asked), it alone was put back and nothing was
    edited after (the work redone on another file says the wrong file was changed). Not where the
    work after the turn writes it again: then the turn redid the file."""
    path = norm_path(paths[0])
    if path.endswith("/") or any(a.kind in ("edit", "write") and covers(path, a.value) for a in turn.after):
        return None
    name = PurePosixPath(path).name
    if "/" not in path:
        return Convention("path_untouched", path) if names_form(turn.user, name) else None
    stem = PurePosixPath(name).stem
    named = names_word(turn.user, path) or names_word(turn.user, name) or (re.search(r"[-_.\d]", stem) is not None
                                            and re.search(STANDS_BEFORE + re.escape(stem) + STANDS_AFTER, turn.user, re.I))
    edited = {norm_path(p) for p in turn.paths("before")}
    own_stem = stem if re.search(r"[-_.\d]", stem) else ""
    if (not named or not _held_back_by_name(turn.user, (path, name, own_stem)) or waits_on_condition(turn.user)
            or len(paths) > 1 or path not in edited
            or any(a.kind in ("edit", "write") for a in turn.after)):
        return None
    return Convention("path_untouched", path)


def _made_by_file_ops(path: str, turn: UserTurnInContext) -> bool:
    """The work before the turn made or changed `path` only with commands that move files about
    (`ln -s`, `cp`, `mkdir`), never with an edit or a command that edits in place (`sed -i`)."""
    def near(other: str) -> bool:
        return covers(path, other) or covers(other, path)

    if any(near(p) for p in turn.paths("before")):
        return False
    runs = [w for _, w in _run_segments(turn.before) if any(near(x) for x in w[1:] if pathlike(x))]
    return bool(runs) and all(w[0] in FILE_OPS for w in runs)


def _with_switches_written(name: list[str], words: list[str], user: str) -> list[str]:
    """A generator's name with the switches the run gave it right after it that the words write
    out too (`autoreconf -fi`): how the user runs it."""
    for end in range(len(words), len(name), -1):
        if words[:len(name)] == name and all(is_flag(w) for w in words[len(name):end]) and names_words(user, words[:end]):
            return words[:end]
    return name


def _through_target_named(name: list[str], words: list[str], user: str) -> list[str]:
    """A generator's name, up to the build target it runs where the words name that target's
    own name (`bazel run //:gazelle`, "gazelle"): a target is a path to its tool, not a file the
    run works on, which its file type tells (`dashboards/src/queues.jsonnet`, "queues.jsonnet"), nor
    a word after an option, which may be that option's value (`-m dashboards/build`)."""
    lead = list(itertools.takewhile(lambda w: not is_flag(w), words))
    for end in range(len(lead), len(name), -1):
        word = lead[end - 1]
        target = _own_name(word)
        if "/" in word and target and not PurePosixPath(target).suffix and names_word(user, target):
            return lead[:end]
    return name


def _own_name(word: str) -> str:
    """A build target by its own name (`gazelle` of `//:gazelle`, `gen` of `tools/gen`); any other
    word as it is."""
    return re.split(r"[/:]", word)[-1] if "/" in word else word


def project_file_kept(path: str, turn: UserTurnInContext) -> Convention | None:
    """A file at the project's root that lists data (`environment.yml`, `Project.toml`), or whose
    name carries a release's version (`x-1.0-1.rockspec`), put back with nothing redone on a file
    of its kind: the project's manifest, whatever its ecosystem, its dependency set kept as it
    was. A lock file is its tool's; prose and code say nothing of dependencies. A versioned name is
    named anew each release: the rule is its kind (`*.rockspec`)."""
    name = PurePosixPath(norm_path(path))
    versioned = re.search(r"\d+\.\d+", name.stem) is not None
    data = name.suffix in DATA_SUFFIXES and not (mimetypes.guess_type(name.name)[0] or "").startswith("text/")
    if str(name.parent) != "." or "lock" in name.name.lower() or not (data or versioned and name.suffix):
        return None
    if any(PurePosixPath(a.value).suffix == name.suffix for a in turn.after if a.kind in ("edit", "write")):
        return None  # redone on a file of its kind: that file was the wrong one
    return Convention("dependency_set_unchanged", "*" + name.suffix if versioned else name.name)


def _writes_only(command: list[str], path: str) -> bool:
    """A command whose job word is a part of this file's name (`poetry lock` of `poetry.lock`,
    `bundle lock` of `Gemfile.lock`): it writes that one file."""
    parts = {part.lower() for part in re.split(r"[.\-_]", PurePosixPath(norm_path(path)).name) if part}
    return PurePosixPath(norm_path(path)).suffix != "" and any(word.lower() in parts for word in command[1:])


_GENERATOR_WORDS = 5  # a generator's name and subcommands, up to its first option


def _names_job(user: str, words: list[str]) -> bool:
    """The words name a command by a word after its tool (`changeset` of `pnpm changeset`,
    `build_runner` of `dart run build_runner build`), where that is a name, not a flag or a
    path; a name of parts may be written with spaces ("build runner")."""
    jobs = [_own_name(word) for word in words[1:]]
    return any(re.fullmatch(r"[A-Za-z][\w-]{2,}", job) and names_word(user, job) for job in jobs)


def _names_program_by_start(user: str, program: str) -> bool:
    """The words name a program of several dashed parts by its leading ones, two at least
    ("openapi-generator" of `openapi-generator-cli`); one part alone is as often another program."""
    parts = PurePosixPath(program).name.split("-")
    return any(names_word(user, "-".join(parts[:n])) for n in range(2, len(parts)))


def _names_program(user: str, words: list[str]) -> bool:
    """The words name this run's program, as it is run or short of its version."""
    return bool(user_prefix(user, words)) or _names_program_by_stem(user, words[0])


def _names_program_by_stem(user: str, program: str) -> bool:
    """The words name a program by its name without the version it carries at its end, five
    letters at least ("premake" of `premake5`, "python" of `python3`)."""
    stem = re.fullmatch(r"([A-Za-z][\w-]{4,}?)-?\d+", PurePosixPath(program).name)
    return stem is not None and names_word(user, stem.group(1))


def names_word(user: str, word: str) -> bool:
    """The words write this one standing alone, in any case, or as its plural (`changesets`)."""
    spelled = r"[\s_-]".join(re.escape(part) for part in re.split(r"[_-]", word))
    return re.search(STANDS_BEFORE + spelled + r"s?" + STANDS_AFTER, user, re.I) is not None


# A word of running text in a script that spells file names as they are: no part of a path
# or of a file name (`geomkit` of `geomkit.i`).
_LATIN_WORD = re.compile(r"(?<![\w./-])[A-Za-z][A-Za-z0-9]*(?![\w/-]|\.\w)")


def names_form(user: str, name: str) -> bool:
    """The words write this name of a file or folder (`names_word`), or a form of it: the name
    without its leading dot (`.devcontainer`), or a word that one of them begins with and five
    letters or more long ("vendored" of `vendor/`, "locale" of `locales/`, "Jenkins" of
    `Jenkinsfile`). A name made of several words (`third_party`) is matched whole only."""
    if names_word(user, name):
        return True
    bare = name.lstrip(".").lower()
    if not bare.isalnum():
        return False
    for word in (w.lower() for w in _LATIN_WORD.findall(user)):
        shorter, longer = sorted((word, bare), key=len)
        if word == bare or (len(shorter) >= 5 and longer.startswith(shorter)):
            return True
    return False


# A package tool's verbs that read a manifest handed to them (`conda env update -f environment.yml`,
# `pip install -r requirements.txt`), and the shapes of a file that lists dependencies.
_READS_MANIFEST = ADDS | {"update", "sync"}
DATA_SUFFIXES = frozenset({".yml", ".yaml", ".toml", ".json", ".txt", ".cfg", ".ini"})


def is_manifest(path: str, turn: UserTurnInContext) -> bool:
    """A manifest by its name or by a command handing it over (`handed_manifest`), or a file at
    the root named for a program the session had install or update (`conanfile.txt` of `conan
    install .`, `x.nimble` of `nimble install`): where that tool reads what to install."""
    if handed_manifest(path, turn):
        return True
    name = PurePosixPath(norm_path(path))
    return any(_named_for(path, words[0]) and _declares(name, words[0])
               for _, words in _run_segments(turn.earlier + turn.before + turn.after)
               if any(w in _READS_MANIFEST for w in words[:3]))


def handed_manifest(path: str, turn: UserTurnInContext) -> bool:
    """A manifest of a known name, or of any ecosystem where the session hands this data file to a
    command that installs or updates from it: its package tool reads it."""
    name = PurePosixPath(norm_path(path))
    if name.name in MANIFESTS:
        return True
    if name.suffix not in DATA_SUFFIXES:
        return False
    for _, words in _run_segments(turn.earlier + turn.before + turn.after):
        verb = next((i for i, w in enumerate(words[:3]) if w in _READS_MANIFEST), None)
        if verb is not None and any(norm_path(w) == str(name) for w in words[verb + 1:]):
            return True
    return False


# A name a reply writes: a word with a digit, dot, dash or underscore inside (`pa11y-ci`, `0.8`);
# a plain word is as often the reply's own prose.
_REPLY_NAME = re.compile(r"[\w.+-]*[\d._-][\w.+-]*\w")


def _reply_names(actions: list[Action]) -> set[str]:
    return {m.group(0).strip(".") for a in actions if a.kind == "say" for m in _REPLY_NAME.finditer(a.value)}


def _setting_redone(turn: UserTurnInContext, manifests: list[str]) -> bool:
    """The manifest edited again for a setting, not a dependency taken back: the work after edits
    nothing else and runs nothing, and its reply names none of what the reply before named (a
    package taken out is named both times: "added pa11y-ci" then "removed pa11y-ci")."""
    if any(a.kind not in ("edit", "say") or (a.kind == "edit" and a.value not in manifests) for a in turn.after):
        return False
    before, after = _reply_names(turn.before), _reply_names(turn.after)
    if not any(a.kind == "say" for a in turn.before) or not any(a.kind == "say" for a in turn.after):
        return False
    return not before & after


def _manifest_glob(path: str, turn: UserTurnInContext) -> str:
    """A manifest carrying its tool's suffix after the project's own name (`logslice.nimble`) is
    every file of that suffix: the name is the project's, the suffix what makes it a manifest.
    Not where the work touched other files of that suffix: it is the language's (`Package.swift`
    beside `Sources/App/main.swift`), nor where the words write the file's name: the manifest is
    the one name."""
    name = PurePosixPath(norm_path(path))
    touched = turn.paths("earlier") + turn.paths("before") + turn.paths("after")
    if (handed_manifest(path, turn) or len(name.parts) != 1 or name.name.lower() in turn.user.lower()
            or any(PurePosixPath(p).suffix == name.suffix and norm_path(p) != str(name) for p in touched)):
        return path
    tools = {PurePosixPath(w[0]).name for _, w in _run_segments(turn.earlier + turn.before + turn.after)}
    return f"*{name.suffix}" if name.suffix[1:] in tools else path


def _declares(name: PurePosixPath, program: str) -> bool:
    """A file at the project's root that holds data (`conanfile.txt`) or carries the program's own
    suffix (`app.nimble`): where a tool reads what to install. A file in a folder with the tool's
    suffix is a source file of its language (`src/app.gleam`), one of another suffix the tool's
    own output (`poetry.lock`)."""
    return len(name.parts) == 1 and (name.suffix in DATA_SUFFIXES or name.suffix == "." + PurePosixPath(program).name)


def _dependencies(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A dependency added before the turn and removed after it, a manifest changed before the
    turn put back after it, or one the agent edited before the turn edited again: the dependency
    set was to stay as it was."""
    edited = [p for p in turn.paths("before") if is_manifest(p, turn)]
    added = {(w[0], name): manifest_of(w, turn.before[i].value) for i, w in _run_segments(turn.before)
             if w[0] in MANIFEST_OF and len(w) > 2 and w[1] in ADDS for name in w[2:] if not is_flag(name)}
    # Manifests changed before the turn: by hand, or by a package manager's add.
    changed = set(edited) | set(added.values())
    for _, words in _run_segments(turn.after):
        if len(words) > 2 and words[0] == "git" and words[1] in ("checkout", "restore"):
            restored = [p for p in words[2:] if p in changed or PurePosixPath(p).name in changed]
            restored += _with_lockfile(words, turn) + _kept_by_an_add(words, turn)
            if restored:
                evidence = f"`{' '.join(words)}` puts back a manifest changed before the turn"
                return [ChangeOfCourse("dependency_undone", evidence,
                                       Convention("dependency_set_unchanged", _manifest_glob(restored[0], turn)))]
        if words[0] in MANIFEST_OF and len(words) > 2 and words[1] in _REMOVES:
            names = [n for n in words[2:] if (words[0], n) in added]
            if names:
                manifest = edited[0] if edited else added[(words[0], names[0])]
                evidence = f"`{words[0]} {words[1]} {names[0]}` undoes an add before the turn"
                return [ChangeOfCourse("dependency_undone", evidence, Convention("dependency_set_unchanged", manifest))]
    work = turn.earlier + turn.before
    for action in turn.after:
        if PurePosixPath(action.value).name in MANIFESTS and _undoes(action, work):
            evidence = f"{action.value} edited after the turn puts back what the agent's earlier edit of it changed"
            return [ChangeOfCourse("dependency_undone", evidence, Convention("dependency_set_unchanged", action.value))]
    # Without a record of what the edits changed, a manifest edited before the turn and again
    # after it is all the actions show.
    # A file only named for its tool is too weak a sign for that: editing it again is as often
    # the next change asked for.
    again = [a.value for a in turn.after if a.kind == "edit" and a.value in edited and a.trace == NO_TRACE
             and handed_manifest(a.value, turn)]
    if again and not _setting_redone(turn, again):
        return [ChangeOfCourse("dependency_undone", f"{again[0]} edited before the turn and again after it",
                               Convention("dependency_set_unchanged", again[0]))]
    # A manifest a package manager's add changed before the turn, edited by hand first thing after it.
    first = next((a for a in turn.after if a.kind != "say"), None)
    if first is not None and first.kind == "edit" and first.trace == NO_TRACE and first.value in changed - set(edited):
        return [ChangeOfCourse("dependency_undone", f"{first.value}, changed by an add before the turn, edited first "
                               "thing after it", Convention("dependency_set_unchanged", first.value))]
    return []


# A package added by name in code a command runs (`julia -e 'Pkg.add("CSV")'`); `.get(` and the
# like are as often a lookup.
_ADD_CALL = re.compile(r"\.(?:add|install)\(\s*[\"'\[]")


def adds_a_package(words: list[str]) -> bool:
    """A command that adds a package, whatever its tool: an add verb with what it adds
    (`elm install elm/svg`, `pio pkg install -l x`: the verb among the words that name the
    command), or code it runs that calls one (`Pkg.add("CSV")`)."""
    return bool(_packages(words, ADDS)) or any(_ADD_CALL.search(w) for w in words[1:])


def adds_any_package(actions: list[Action]) -> bool:
    """Some command these actions run adds a package (`adds_a_package`)."""
    return any(adds_a_package(words) for _, words in _run_segments(actions))


def _packages(words: list[str], verbs: frozenset[str]) -> list[str]:
    """What a command hands to one of these verbs, where a verb is among the words that name
    the command after its program: the words after it but its flags; [] where none is."""
    name = command_name(words)
    verb = next((i for i in range(1, len(name)) if name[i] in verbs), None)
    return [] if verb is None else [w for w in words[verb + 1:] if not is_flag(w)]


# A package taken out by name in code a command runs (`Pkg.rm("CSV")`).
_REMOVE_CALL = re.compile(r"\.(?:rm|remove|uninstall)\(\s*[\"'\[]")
_QUOTED = re.compile(r"[\"']([^\"']+)[\"']")


def _taken_back(added: list[str], words: list[str]) -> bool:
    """A command after the turn that takes back what `added`, a command before it, added: the
    same program, a remove verb or call, and one of the same packages."""
    if not words or words[0] != added[0]:
        return False
    if any(_ADD_CALL.search(w) for w in added[1:]):
        gone = {n for w in words[1:] if _REMOVE_CALL.search(w) for n in _QUOTED.findall(w)}
        return bool(gone & {n for w in added[1:] if _ADD_CALL.search(w) for n in _QUOTED.findall(w)})
    return bool(set(_packages(words, _REMOVES)) & set(_packages(added, ADDS)))


def _add_taken_back(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A package added before the turn by a tool of any ecosystem, taken back after it by the
    same program: the dependency set was to stay as it was, in the manifest that tool keeps,
    the one the session edited or the one data file the words name; unknown, the change stays
    without its rule."""
    after = [w for _, w in _run_segments(turn.after)]
    for i, words in _run_segments(turn.before):
        undo = next((w for w in after if _taken_back(words, w)), None) if adds_a_package(words) else None
        if undo is None:
            continue
        edited = [p for p in turn.paths("earlier") + turn.paths("before") if is_manifest(p, turn)]
        kept = manifest_of(words, turn.before[i].value) if words[0] in MANIFEST_OF else None
        manifest = kept or (edited[0] if edited else data_file_named(turn.user))
        evidence = f"`{' '.join(words)}` before the turn, `{' '.join(undo)}` after it"
        return [ChangeOfCourse("dependency_undone", evidence,
                               Convention("dependency_set_unchanged", manifest) if manifest else None)]
    return []


_FILE_NAME = re.compile(r"(?<![\w./-])[A-Za-z][\w-]*\.[A-Za-z]+(?![\w/-])")


def data_file_named(user: str) -> str:
    """The one data file the words name by its name (`elm.json`, `Project.toml`), no lock file;
    "" where they name none or several."""
    named = {name for name in _FILE_NAME.findall(user)
             if PurePosixPath(name).suffix in DATA_SUFFIXES and "lock" not in name.lower()}
    return named.pop() if len(named) == 1 else ""


def _undone_after(words: list[str], after: list[list[str]]) -> bool:
    """A run the same program takes back after the turn with other switches on what it named
    (`tool -i pkgs.jq`, then `tool -e jq`)."""
    names = [w for w in words[1:] if not is_flag(w)]
    for other in after:
        taken = [w for w in other[1:] if not is_flag(w)]
        if (other[0] == words[0] and _flags(words) and _flags(other) and _flags(other) != _flags(words) and taken
                and all(any(n in name for name in names) for n in taken)):
            return True
    return False


def _named_for(path: str, program: str) -> bool:
    """A file named for a program (`Brewfile` of `brew`, `flake.nix` of `nix-env`): its name or
    suffix holds the program's name, or the first part of a dashed one, three letters at least."""
    tool = PurePosixPath(program).name.lower().split("-")[0]
    name = PurePosixPath(norm_path(path)).name.lower()
    return len(tool) >= 3 and (name.startswith(tool) or name.endswith("." + tool))


def _source_of(path: str, program: str) -> bool:
    """A file in a folder carrying the program's own suffix: a source file of its language."""
    name = PurePosixPath(norm_path(path))
    return len(name.parts) > 1 and name.suffix == "." + PurePosixPath(program).name.lower()


def _declared_instead(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A package added by hand before the turn (an add verb, or a run the same program takes back
    after it), and after it a file named for that program edited (`Brewfile`, `flake.nix`), the
    add not run again: the package is declared in the file now, and the add by hand is to avoid.
    A file in a folder with the program's suffix is a source file of its language
    (`src/notifier.gleam` of `gleam add`), no declaration; a data file named for the program
    (`vcpkg.json` of `vcpkg add port x`) is the manifest the add itself wrote, and editing it
    after the turn takes the add back: its dependency set was to stay as it was, the manifest
    named by its name, as a check finds it in any folder."""
    after = [w for _, w in _run_segments(turn.after)]
    edited = [a.value for a in turn.after if a.kind in ("edit", "write")]
    for _, words in _run_segments(turn.before):
        if not (adds_a_package(words) or _undone_after(words, after)) or words in after:
            continue
        declared = next((path for path in edited if _named_for(path, words[0]) and not _source_of(path, words[0])), None)
        if declared is None:
            continue
        if PurePosixPath(norm_path(declared)).suffix in DATA_SUFFIXES:
            evidence = f"`{' '.join(words)}` before the turn; {declared}, which it wrote, edited after it"
            return [ChangeOfCourse("dependency_undone", evidence,
                                   Convention("dependency_set_unchanged", PurePosixPath(norm_path(declared)).name))]
        avoided = words[:2] if len(words) > 1 and words[1] in ADDS else words[:1]
        instead = next((command_name(w)[:2] for w in after if w[0] != words[0] or not adds_a_package(w)
                        and w[1:2] not in [[r] for r in _REMOVES] and not _undone_after(words, [w])), [])
        evidence = f"`{' '.join(words)}` before the turn; {declared} edited after it"
        return [ChangeOfCourse("declared_instead", evidence, Convention("command_avoided", " ".join(avoided), " ".join(instead)))]
    return []


def _sibling(one: str, other: str) -> bool:
    """Two files beside each other named as one file in two forms: one name the other's with one
    more suffix (`.env`, `.env.example`), or the same stem with another suffix (`eda.ipynb`,
    `eda.py`)."""
    a, b = PurePosixPath(norm_path(one)), PurePosixPath(norm_path(other))
    if a.parent != b.parent or a.name == b.name:
        return False
    longer, shorter = (a.name, b.name) if len(a.name) > len(b.name) else (b.name, a.name)
    return longer.startswith(shorter + ".") or (a.stem == b.stem and bool(a.suffix) and bool(b.suffix))


def _moved_to_sibling(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A file edited before the turn whose work moves, after it, to a sibling (`_sibling`), the
    file itself put back by hand or the sibling then handed to a command: the first file is no
    place for edits. Where a command runs on the sibling (`jupytext --sync eda.py`), the first is
    that command's output, and the command, up to the file, is the rule; else the file stays
    untouched (`.env`, its variables documented in `.env.example`)."""
    edited = [norm_path(p) for p in turn.paths("before")]
    for position, action in enumerate(turn.after):
        if action.kind not in ("edit", "write") or norm_path(action.value) in edited:
            continue
        source = next((p for p in edited if _sibling(p, action.value)), None)
        if source is None:
            continue
        path = norm_path(action.value)
        run = next((w for _, w in _run_segments(turn.after[position + 1:]) if any(norm_path(x) == path for x in w[1:])), None)
        redone = any(a.kind == "edit" and norm_path(a.value) == source for a in turn.after)
        evidence = f"{source} edited before the turn; {path} after it"
        if run is not None:
            command = run[:next(i for i, w in enumerate(run) if norm_path(w) == path)]
            return [ChangeOfCourse("moved_to_source", evidence + f", then `{' '.join(run)}`",
                                   Convention("generator_run", " ".join(command)))]
        if redone:
            return [ChangeOfCourse("moved_to_sibling", evidence + f"; {source} put back",
                                   Convention("path_untouched", source))]
        return []
    return []


def _kept_by_an_add(words: list[str], turn: UserTurnInContext) -> list[str]:
    """The files a restore puts back that only a package add before the turn changed, the
    agent's edits never: the manifest that add wrote to, of any ecosystem (`elm.json` after `elm
    install`), its lock file (by name) left aside."""
    if not adds_any_package(turn.before):
        return []
    if adds_any_package(turn.after):
        return []  # the set is changed again, another way
    edited = {norm_path(p) for p in turn.paths("earlier") + turn.paths("before")}
    paths = [norm_path(w) for w in words[2:] if not is_flag(w)]
    return [p for p in paths if p not in edited and PurePosixPath(p).suffix and "lock" not in p.lower()][:1]


def _with_lockfile(words: list[str], turn: UserTurnInContext) -> list[str]:
    """Files a restore puts back together with their lock file, which the agent had edited
    before the turn and added no package to after it: a manifest of any ecosystem
    (`Package.swift` with `Package.resolved`, `mix.exs` with `mix.lock`), told by the pair: a
    file of the same name with another suffix, or one named a lock, put back beside it."""
    if len(words) < 4 or words[0] != "git" or words[1] not in ("checkout", "restore"):
        return []
    if any(len(w) > 2 and w[1] in ADDS for _, w in _run_segments(turn.after)):
        return []  # the set is changed again, another way
    edited = turn.paths("before")
    paths = [norm_path(w) for w in words[2:] if not is_flag(w)]
    found = []
    for path in (p for p in paths if p in edited):
        name = PurePosixPath(path)
        if any(other != path and (PurePosixPath(other).stem == name.stem or "lock" in PurePosixPath(other).name.lower())
               and PurePosixPath(other).parent == name.parent for other in paths):
            found.append(path)
    return found


def _undoes(action: Action, work: list[Action]) -> bool:
    """This edit puts back what an earlier edit of the same file changed: it takes out lines that
    edit added, and adds only lines that edit took out."""
    if action.kind != "edit" or not action.trace.removed_lines:
        return False
    return any(earlier.value == action.value and earlier.kind in ("edit", "write")
               and set(action.trace.removed_lines) & set(earlier.trace.added_lines)
               and set(action.trace.added_lines) <= set(earlier.trace.removed_lines) for earlier in work)


def _test_glob(path: str) -> str:
    """Where tests like this one live: its test folder, or its file pattern under its top folder."""
    parts = norm_path(path).split("/")
    for i, part in enumerate(parts[:-1]):
        if TEST_FILE.search(part + "/"):
            i += _language_folder(parts[i + 1:])
            return "/".join(parts[:i + 1]) + "/**"
    name = parts[-1]
    suffix = re.search(r"\.(?:test|spec)\.[\w]+$|_test\.\w+$", name)
    if suffix:
        return (parts[0] + "/**/*" if len(parts) > 1 else "*") + suffix.group(0)
    return "/".join(parts[:-1]) + "/**" if len(parts) > 1 else name


def _language_folder(below: list[str]) -> int:
    """1 where the folder right under a test folder is named for the test file's language
    (`src/test/scala/...Spec.scala`, `src/test/java/...Test.java`): the tests of that language
    live there, beside resources and tests of others; else 0."""
    if len(below) < 2:
        return 0
    language, folder = PurePosixPath(below[-1]).suffix.lstrip(".").lower(), below[0].lower()
    # The extension abbreviates the language's name: its letters in order, the first first (kt, kotlin).
    letters = iter(folder)
    return int(len(language) >= 2 and folder[:1] == language[:1] and all(c in letters for c in language))


def _tests_added(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A fix without a test before the turn, a test file written or changed after it; or a file
    written before the turn without a companion, its companion written beside it after the turn
    (`Badge.tsx`, then `Badge.stories.tsx`): whatever its kind, each such file comes with one."""
    before = turn.paths("before")
    if not before or any(TEST_FILE.search(p) for p in before):
        return []
    test = next((p for p in turn.paths("after") if TEST_FILE.search(p)), None)
    if test is None and not any(a.kind == "write" for a in turn.before):
        named = _written_in_named_folder(turn) or _written_and_run(turn)
        if named:
            return named
    if test is None:
        written = [a.value for a in turn.after if a.kind == "write"]
        test = next((p for p in written for source in before if companion(source, p)), None)
        if test is None:
            return []
        return [ChangeOfCourse("test_added", f"{before[0]} written before the turn alone; {test} beside it after it",
                               Convention("test_added", _companions(test)))]
    return [ChangeOfCourse("test_added", f"{before[0]} changed before the turn with no test; {test} after it",
                           Convention("test_added", tests_home(test, before, turn)))]


def tests_home(test: str, fixed: list[str], turn: UserTurnInContext) -> str:
    """Where tests like this one go, as the words and the work place them: its test folder as the
    words name it (`_test_folder_named`), with the grain of its name where they give one."""
    kind = _kind_folder(test, fixed, turn.user) or _file_kind_folder(test, fixed, turn.user)
    if kind:
        return kind
    glob = _test_folder_named(test, _mirrored_tree(test, fixed) or _test_glob(test), fixed, turn.user)
    pattern = _name_pattern_named(test, turn.user) or _kind_named(test, turn)
    return glob + "/" + pattern if pattern and glob.endswith("/**") else glob


# A path as words write it (`tests/flows/`, `src/cli`): taken out before reading the words' own words.
_WRITTEN_PATH = re.compile(r"[\w.\-]*/[\w.\-/*]*")
# A test file's name with its mark kept (`test_` of `test_x.py`, `_test.go`, `.spec.ts`, `Test.kt`).
_NAME_MARK = re.compile(r"(test_)[^/]+(\.py)|[^/]+?((?:_test|\.test|\.spec|Tests?)(?:\.\w+)+)")


def _kind_folder(test: str, fixed: list[str], user: str) -> str:
    """The folder under the test folder that the words write as a path (`tests/flows/`) and that
    mirrors the fixed code's folder (`flows/sync.py`), where the words also write that folder's
    word as a word of their own ("every new flow gets its test under tests/flows/"): the code
    there is a kind with its tests' own home, the test's name mark the grain (`tests/flows/test_*.py`).
    A mirror folder written only as a path ("tests/flows/.") is the home without the name mark
    (`_test_folder_named`)."""
    named = user_folder(test, user).removesuffix("/**")
    word = named.rsplit("/", 1)[-1]
    if not named or "/" not in named or not TEST_FILE.search(named + "/") or len(word) < 3:
        return ""
    if not any(word.lower() in (part.lower() for part in norm_path(p).split("/")[:-1]) for p in fixed):
        return ""
    own = _WRITTEN_PATH.sub(" ", user)
    if not (_leads(own, word) or (word.endswith("s") and _leads(own, word[:-1]))):
        return ""
    mark = _NAME_MARK.fullmatch(PurePosixPath(norm_path(test)).name)
    if mark is None:
        return named + "/**"
    # A test in a folder below the one written (`tests/pipelines/reporting/`) is found at any depth.
    deeper = len(norm_path(test).split("/")) > len(named.split("/")) + 1
    return named + ("/**/" if deeper else "/") + ("test_*" + mark.group(2) if mark.group(1) else "*" + mark.group(3))


def _file_kind_folder(test: str, fixed: list[str], user: str) -> str:
    """The folder under the test folder that the words write as a path, named for a fixed file's
    own name (`tests/lifecycles` of `lifecycles.js`) or a folder above that file's own folder
    (`tests/pipelines` of `pipelines/feature_eng/nodes.py`), where the test below it is named for
    the fixed file's own folder and not for the file (`order.test.js` of `api/order/lifecycles.js`,
    `feature_eng/test_tenure.py`): the file is one of a kind, one in each such folder, and the tests
    of that kind live there, one set for each, known by the test's name mark at any depth
    (`tests/lifecycles/**/*.test.js`). A test named for the fixed file itself (`tests/Public/x.Tests.ps1`
    of `src/Public/x.ps1`) is this one test's place."""
    named = user_folder(test, user).removesuffix("/**")
    if not named or "/" not in named or not TEST_FILE.search(named + "/"):
        return ""
    word = named.rsplit("/", 1)[-1].lower()
    below = norm_path(test)[len(named):].lower().strip("/").split("/")
    name = below[-1]
    said = {*below[:-1], name.split(".", 1)[0].removeprefix("test_")}
    for parts in (norm_path(p).lower().split("/") for p in fixed):
        stem, own = PurePosixPath(parts[-1]).stem, parts[-2] if len(parts) > 1 else ""
        if (len(word) >= 3 and (word == stem or word in parts[:-2]) and own and own != word
                and own in said and stem not in name):
            mark = _NAME_MARK.fullmatch(PurePosixPath(norm_path(test)).name)
            if mark is None:
                return named + "/**"
            return named + "/**/" + ("test_*" + mark.group(2) if mark.group(1) else "*" + mark.group(3))
    return ""


def _mirrored_tree(test: str, fixed: list[str]) -> str:
    """A test known by its name alone (`ConflictResolverTest.kt`, in no folder named for tests)
    that repeats a fixed file's package path under another folder (`commonMain/kotlin/com/acme/sync/`
    beside `commonTest/kotlin/com/acme/sync/`): the folder where the two paths part is the tests'
    tree, the package path under it only this test's place, and the tree's tests are known by the
    same mark in their names (`shared/src/commonTest/**/*Test.kt`). "" where no fixed file is so
    mirrored: a flat test project (`Acme.Api.Tests/OrderServiceTests.cs`) is its own folder."""
    parts = norm_path(test).split("/")
    mark = re.search(r"Tests?\.\w+$", parts[-1])
    if not mark or any(TEST_FILE.search(part + "/") for part in parts[:-1]):
        return ""
    for source in fixed:
        folders, own = norm_path(source).split("/")[:-1], parts[:-1]
        shared = next((i for i, (a, b) in enumerate(zip(folders, own)) if a != b), None)
        if shared is not None and len(own) > shared + 1 and own[shared + 1:] == folders[shared + 1:]:
            return "/".join(own[:shared + 1]) + "/**/*" + mark.group(0)
    return ""


# A word standing alone, or leading a compound joined by a dash ("Golden-Test", "bats-test").
def _leads(user: str, word: str) -> bool:
    return re.search(r"(?<![\w./-])" + re.escape(word) + r"s?(?![\w/]|\.\w)", user, re.I) is not None


def _test_folder_named(test: str, glob: str, fixed: list[str], user: str) -> str:
    """Where tests like this one live, as the words place them: a folder holding the test that they
    write as a path inside its test folder (`tests/api/`), or at any depth where no folder of the
    test's path is named for tests (`atest/`); else a folder below its test folder that they name
    by its word ("a golden test" of `tests/golden/x.txt`): a kind of test with a folder of its own.
    A folder that mirrors the fixed code, named only by its word, is where this one test goes, not
    where its kind lives. Else the test folder (`glob`); a pattern the test folder gave already
    (`e2e/**/*.spec.ts`) is kept."""
    if not glob.endswith("/**"):
        return glob
    root = glob.removesuffix("/**")
    mirrored = {w.lower() for p in fixed for part in norm_path(p).split("/") for w in (part, PurePosixPath(part).stem)}
    in_test_folder = bool(TEST_FILE.search(root + "/"))
    named = user_folder(test, user).removesuffix("/**")
    # Written whole (`test/entities`), the folder is the kind's home even where it mirrors the fixed
    # code's folder (`src/entities/`); reached from a word of a depth (`/holds/` of a route) it is not.
    written = named.lower() in user.lower() or named.rsplit("/", 1)[-1].lower() not in mirrored
    if named and named.strip("./") not in SOURCE_ROOTS and written and (covers(root, named) or not in_test_folder):
        return named + "/**"
    below = norm_path(test).split("/")[len(root.split("/")):-1] if in_test_folder else []
    for depth in range(len(below), 0, -1):
        word = below[depth - 1]
        if len(word) >= 4 and word.lower() not in mirrored and _leads(user, word):
            return "/".join([root, *below[:depth]]) + "/**"
    return glob


def _kind_named(test: str, turn: UserTurnInContext) -> str:
    """The test file's own suffix as a name pattern (`*.bats`, `*.robot`), where the fixed files
    have another and the words write that suffix as a word ("a bats test") or the work after the
    turn runs the test by its own path (`bats test/x.bats`): the test's kind is its own file type,
    a program its runner takes, as a test in the fixed code's language is not, nor a golden file
    of expected output that the suite reads."""
    suffix = PurePosixPath(norm_path(test)).suffix.lstrip(".")
    if len(suffix) < 3 or not suffix.isalpha() or any(PurePosixPath(p).suffix.lstrip(".") == suffix for p in turn.paths("before")):
        return ""
    return "*." + suffix if _leads(turn.user, suffix) or _runs_file(turn.after, norm_path(test)) or _runner_of(
        turn.after, norm_path(test)) else ""


def _runner_of(actions: list[Action], path: str) -> bool:
    """A program named for this file's type (`bats` of `.bats`) runs a folder holding it: the
    runner of such files, given a folder, runs every one of them there."""
    suffix = PurePosixPath(path).suffix.lstrip(".").lower()
    return any(PurePosixPath(words[0]).name.lower() == suffix and _runs_folder_of([Action("run", " ".join(words))], path)
               for _, words in _run_segments(actions))


def _worded_suffixes(path: str) -> list[str]:
    """A file's last two suffixes that are words (`.cy`, `.ts` of `pay.cy.ts`; not `.2` of `v1.2`)."""
    return [s for s in PurePosixPath(path).suffixes[-2:] if s[1:].isalpha()]


# A file-name pattern as words write it (`test_*.gd`, `*.t.sol`).
_NAME_GLOB = re.compile(r"(?<![\w/.*-])[\w.-]*\*[\w.-]*(?![\w*-])")


def _name_pattern_named(path: str, user: str) -> str:
    """The pattern of a test file's name, where the words write it: a glob the file's name
    matches (`test_*.gd`), the file's own name or its last suffixes (`Vault.t.sol`, `.t.sol`) as
    `*.t.sol`. This is the grain the user names, finer than the test folder; "" where the words
    name no such pattern."""
    name = PurePosixPath(norm_path(path)).name
    for glob in _NAME_GLOB.findall(user):
        if "." in glob and fnmatch.fnmatchcase(name, glob):
            return glob
    suffixes = _worded_suffixes(name)
    while suffixes:
        spelled = "".join(suffixes)
        if re.search(r"(?<![\w.])(?:" + re.escape(PurePosixPath(name).name) + "|" + re.escape(spelled) + r")(?!\w|\.\w)", user):
            return "*" + spelled
        suffixes = suffixes[1:]
    return ""


def _written_in_named_folder(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A fix of files that were there (nothing written), then a new file written first thing
    after the turn in a folder the words write as a path (`t/`, `cypress/e2e`): where tests live
    in this repository, whatever its test files look like. The glob keeps the file's suffixes
    (`*.t`, `*.cy.ts`): the folder holds the test's fixtures and helpers too."""
    first = next((a for a in turn.after if a.kind != "say"), None)
    if first is None or first.kind != "write":
        return []
    folder = user_folder(first.value, turn.user)
    below = norm_path(first.value)[len(folder.removesuffix("/**")):].lstrip("/") if folder else ""
    if not folder or not _names_what_it_tests(below, turn.paths("before")):
        return []
    glob = folder.removesuffix("/**") + "/**/*" + "".join(_worded_suffixes(first.value))
    evidence = f"{turn.before[0].value} changed before the turn with no test; {first.value} written after it in {folder}"
    return [ChangeOfCourse("test_added", evidence, Convention("test_added", glob))]


def _written_and_run(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A fix of files that were there (nothing written), then a new file written first thing
    after the turn, named for what the fix changed (a word of its path: `cypress/e2e/checkout/`
    of `src/checkout/Pay.tsx`), and then run, by its path, a glob of it or its folder: a test,
    whatever its files look like. Its folder is where tests live, up to a folder that mirrors the
    fixed code's (`checkout`); the glob keeps the file's suffixes (`cypress/e2e/**/*.cy.ts`), or the
    marker after a fixed file's name that it is named by (`policies/**/*_test.rego`)."""
    first = next((a for a in turn.after if a.kind != "say"), None)
    if first is None or first.kind != "write":
        return []
    written = norm_path(first.value)
    fixed = turn.paths("before")
    folders = written.split("/")[:-1]
    shared = _name_words(written) & {w for p in fixed for w in _name_words(p)} - SOURCE_ROOTS
    if not folders or not shared:
        return []
    # A folder named for a fixed file (`receipt/` of `receipt.py`) mirrors the fixed code as one
    # of its folders does.
    stems = {PurePosixPath(p).stem for p in fixed}
    mirrored = ({part for p in fixed for part in norm_path(p).split("/")[:-1]} | stems) - SOURCE_ROOTS
    name = _named_past_fixed(written, fixed)
    later = turn.after[turn.after.index(first) + 1:]
    # Run only through its folder, the file shows less of what it is: it is a test where it is
    # named for a fixed file, by its own name or a folder's (a new policy beside the fixed one,
    # checked with its folder, is the next piece of work).
    named_for_fixed = bool(name) or bool(stems & set(folders))
    if not (_runs_file(later, written) or (named_for_fixed and _runs_folder_of(later, written))):
        return []
    depth = next((i for i, part in enumerate(folders) if i and part in mirrored), len(folders))
    glob = "/".join(folders[:depth]) + "/**/" + (name or "*" + "".join(_worded_suffixes(written)))
    evidence = f"{fixed[0]} changed before the turn with no test; {written} written after it and run"
    return [ChangeOfCourse("test_added", evidence, Convention("test_added", glob))]


def _named_past_fixed(test: str, fixed: list[str]) -> str:
    """The name pattern of a test named for the fixed file it tests, the fixed file's name then a
    marker (`*_test.rego` of `deny_privileged_test.rego` for `deny_privileged.rego`): what every
    such test's name ends with; "" for a test named otherwise."""
    name, suffix = PurePosixPath(test).name, PurePosixPath(test).suffix
    for path in fixed:
        stem = PurePosixPath(norm_path(path)).stem
        if PurePosixPath(path).suffix == suffix and name.startswith(stem) and name[len(stem):len(stem) + 1] in ("_", "-") \
                and len(name) > len(stem + "_" + suffix):
            return "*" + name[len(stem):]
    return ""


def _runs_file(actions: list[Action], path: str) -> bool:
    """A command among these runs on this file: names it, or a glob of it, as a word or inside a
    script it hands over (`vim -c 'Vader! test/x.vader'`)."""
    return any(norm_path(w) == path or ("*" in w and fnmatch.fnmatchcase(path, norm_path(w)))
               for _, words in _run_segments(actions) for word in words[1:] if not is_flag(word) for w in word.split())


def _runs_folder_of(actions: list[Action], path: str) -> bool:
    """A command among these runs a folder holding this file (`opa test policies/`, `robot
    atest/receipt/`): a runner given a folder runs what is in it. The project's root holds every
    file, so it is no such folder."""
    return any(norm_path(w).rstrip("/") not in ("", ".", path) and covers(w, path)
               for _, words in _run_segments(actions) for w in words[1:] if not is_flag(w) and "=" not in w)


def _name_words(path: str) -> set[str]:
    """The words of a path's names (`lib/Acme/Export/CSV.pm` -> acme, export, csv), camel case split."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", norm_path(path).rsplit(".", 1)[0])
    return {w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if len(w) >= 3}


def _names_what_it_tests(test: str, fixed: list[str]) -> bool:
    """A test file is named for what it tests (`t/invoice-rounding.t` of `lib/Acme/Invoice.pm`,
    `cart-badge.cy.ts` of `CartBadge.tsx`), by its name or a folder it is in below the one the
    words named (`invoices/` of `features/invoices/vat_number.feature`, for `booking/invoices.py`):
    its path there shares a word with a file the fix changed. A helper put in a folder the user
    named shares none."""
    words = _name_words(test)
    return any(words & (_name_words(path) - SOURCE_ROOTS) for path in fixed)


def companion(source: str, other: str) -> bool:
    """`other` is a companion of `source`: beside it, its name with one more suffix before the
    same last one (`Badge.tsx` -> `Badge.stories.tsx`)."""
    one, two = PurePosixPath(norm_path(source)), PurePosixPath(norm_path(other))
    return (one.parent == two.parent and one.suffix == two.suffix and one != two and len(two.suffixes) == len(one.suffixes) + 1
            and two.name.startswith(one.stem + "."))


def _companions(path: str) -> str:
    """Where companions like this one live: its kind's name pattern under its top folder."""
    parts = norm_path(path).split("/")
    pattern = "*" + "".join(PurePosixPath(parts[-1]).suffixes[-2:])
    return parts[0] + "/**/" + pattern if len(parts) > 1 else pattern


def _checks_run_after(turn: UserTurnInContext, taken: set[str]) -> list[ChangeOfCourse]:
    """A check the agent's last edit before the turn had not had, run first thing after it. Its
    spelling is the user's, else the one the session ran it by before (`pnpm lint` for a
    `pnpm run lint` now), else the run's."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    if not edits:
        return []
    # Commands the session ran to look at work it then changed: run again on the new work,
    # they are its check, whatever the tool.
    rerun = [w for i, w in _run_segments(turn.before) if i < edits[-1]] + [w for _, w in _run_segments(turn.earlier)]
    # A one-word tool looks at work where it ran on it before the turn, or where the work after
    # it runs it on the whole project, fixes and runs it again (`elm-review`, an edit,
    # `elm-review`); given a file, it may as well build or run that file again.
    again = _run_again_after_an_edit(turn.after)
    looked_before = rerun + [w for w in again if not any(pathlike(word) for word in w[1:])]
    rerun = rerun + again
    checked = [checking(w, rerun) for i, w in _run_segments(turn.before) if i > edits[-1]]
    earlier = [checking(w, rerun) for _, w in _run_segments(turn.earlier + turn.before)]
    for position, action in enumerate(turn.after):
        if action.kind in ("edit", "write"):
            break
        if action.kind != "run":
            continue
        for words in segments(action.value):
            name = (checking(words, rerun, looked_before) or _spelled_run(turn, words) or _program_named(turn, words)
                    or (_option_named(turn, words) if not any(checked) else "") if words[0] not in taken else "")
            name = " ".join(_before_targets(name.split(), turn))
            if name and not checking(words) and not _kept_after(name, turn.after[position + 1:]):
                continue  # run again before more work on files (`pnpm changeset`, then its file): the job redone
            if name and not any(same_check(name, c) for c in checked):
                spelled = user_prefix(turn.user, words, flags=True)
                before = next((c for c in earlier if c and same_check(name, c)), name)
                # A program whose own name says it checks, written alone, is the check however
                # this run was given it (`flatpak-builder-lint` of `flatpak-builder-lint manifest
                # app.yml`): the word after it is a subcommand or target, not another check.
                alone = len(spelled) == 1 and named_for_checking(spelled[0])
                value = with_whole_tree(" ".join(spelled) if alone or len(spelled) >= len(name.split()) else before, words)
                value = _with_kept_options(value, words, turn)
                evidence = f"`{action.value}` after the turn; the last edit before it had no `{name}`"
                if not _kept_after(name, turn.after[position + 1:]) and not names_word(turn.user, name.split()[-1]):
                    # The agent edited on and never ran it again, and the words name no part of
                    # it: the run looked at the work, it took on no rule of running it last.
                    return [ChangeOfCourse("check_run_after", evidence + f"; edited again after it with no `{name}`")]
                if writes_output(words):
                    # A generator, not how this run was given: past its runner, spelled as one is.
                    made = _generator_spelling(turn.user, past_runner(words))
                    return [ChangeOfCourse("check_run_after", evidence, Convention("generator_run", " ".join(made)))]
                return [ChangeOfCourse("check_run_after", evidence, Convention("check_run_after_last_edit", value))]
    return []


# An option that names where a command writes (`-o x.mo`, `--output=dist/`, `-outdir py/`,
# `--output-file README.md`), or one that asks it to generate (`--gen py`).
_OUTPUT_OPTION = re.compile(r"-(?:o|out|outdir|-out|-output|-output-file|-outdir|-out-dir|-gen|-generate)(?:=.+)?")


def writes_output(words: list[str]) -> bool:
    """A command that is no check by its name or job word, run with an option naming the file or
    folder it writes (`msgfmt -o de.mo de.po`, `thrift --gen py x.thrift`): whatever the tool, its
    job is to make that output, a generator's, not to look at the work."""
    return not checking(words) and any(_OUTPUT_OPTION.fullmatch(w) for w in words[1:])


def _generator_before_check(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """The first run after the turn, before any edit, a new command that checks nothing and adds
    or removes no package, with a check run after it before any edit: the check looks at what
    the first run wrote, so the first run is the change (a generator, `buf generate` then `go
    build`, whatever the tools), the check only its proof; so is a command the work ran before
    the turn, run again. The first run must say it writes: by its job word, or by the user's
    spelling of it. Spelled as the user writes it where they write more of it, else up to the
    target the words name, else up to its first flag."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    if not edits:
        return []
    ran = [command_name(w, limit=4) for _, w in _run_segments(turn.earlier + turn.before)]
    runs = []
    for action in turn.after:
        if action.kind in ("edit", "write"):
            break
        runs += segments(action.value) if action.kind == "run" else []
    runs = [w for w in runs if chooses_tool(w)]
    if len(runs) < 2 or checking(runs[0]) or adds_a_package(runs[0]) or _packages(runs[0], _REMOVES):
        return []
    first, name = runs[0], command_name(runs[0], limit=_GENERATOR_WORDS)
    # The proof: a check, or a command the work ran before the turn too, run again.
    if name in ran or not any(checking(w) or command_name(w, limit=4) in ran for w in runs[1:]):
        return []
    spelled = user_prefix(turn.user, first, flags=True)
    value = spelled if len(spelled) > len(name) else _through_target_named(name, first, turn.user)
    # What says it writes: its job word (`buf generate`), or the user's own spelling of it, two
    # words at least; a build or an install run before a check says nothing of the kind.
    if not (GENERATING_JOBS & set(name[1:]) or len(spelled) >= 2 or len(value) > len(name)):
        return []
    evidence = f"`{' '.join(first)}` after the turn, then a check of what it wrote"
    return [ChangeOfCourse("generator_run_after", evidence, Convention("generator_run", " ".join(value)))]


def _run_again_after_an_edit(actions: list[Action]) -> list[list[str]]:
    """Commands this work runs, then edits files, then runs again the same: it looks at the
    work with them after each change, whatever the tool (`mkdocs build --strict`, a fix, the
    same build again)."""
    runs = _run_segments(actions)
    edits = [i for i, a in enumerate(actions) if a.kind in ("edit", "write")]
    return [w for i, w in runs if any(i < e < j and w == other for e in edits for j, other in runs)]


def _spelled_run(turn: UserTurnInContext, words: list[str]) -> str:
    """A command the user's words spell out, program and subcommand (`mkdocs build`), that the
    agent then ran after the last edit: the check the user asked for, whatever the tool. Not a
    generator by its job word, nor where the words name the file last edited: the objection is to
    that edit, and a run that rewrites the file is its generator (`_generators_run_after`)."""
    name = command_name(words, limit=4)
    if len(name) < 2 or GENERATING_JOBS & set(name[1:]) or len(user_prefix(turn.user, words)) < len(name):
        return ""
    edited = [a.value for a in turn.before if a.kind in ("edit", "write")]
    return "" if edited and names_word(turn.user, PurePosixPath(edited[-1]).name) else " ".join(name)


def past_runner(words: list[str]) -> list[str]:
    """A command's words from its program on, past a runner that only found and started it
    (`stylelint src/` of `npx stylelint src/`)."""
    rest = unwrapped(" ".join(words))
    found = next((words[k:] for k in range(len(words)) if " ".join(words[k:]) == rest), words)
    return [_program_of(found[0]), *found[1:]] if found != words else words


# A package published under a scope (`@biomejs/biome`, `@dillonkearns/elm-graphql@4`).
_SCOPED = re.compile(r"@[\w.-]+/([\w.-]+?)(?:@[\w.^~-]+)?")


def _program_of(word: str) -> str:
    """The program a runner starts from a package: a scoped package's program is the name past
    its scope (`biome` of `@biomejs/biome`), as its command is installed; any other word as it is."""
    scoped = _SCOPED.fullmatch(word)
    return scoped.group(1) if scoped else word


def _program_named(turn: UserTurnInContext, words: list[str]) -> str:
    """A command whose program the user's words write standing alone (`ktlint`, `mkdocs`), run
    after the last edit, by its name up to its first flag or path: the words name the tool and the
    agent then ran it to end the work, whatever the tool. Not a generator by its job word, nor
    where the words name the file last edited (`_spelled_run`)."""
    words = past_runner(words)
    name = command_name(words, limit=4)
    if (not chooses_tool(words) or (GENERATING_JOBS | ADDS | _REMOVES) & set(name[1:])
            or not (names_word(turn.user, words[0]) or _names_a_form_of(turn.user, words[0]))):
        return ""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    if names_word(turn.user, PurePosixPath(turn.before[edits[-1]].value).name):
        return ""
    # After the last edit the work ran this tool already for another job (`alembic upgrade`, then
    # `alembic downgrade`), or another tool for a job that checks nothing (`kubectl apply`, then
    # `helm upgrade`): the run after the turn undoes or redoes that job. Nor where the words name
    # a tool that ran after the last edit ("nx test, not jest" after `npx jest`): they speak of
    # that run, which checked the work.
    ran = [past_runner(w) for i, w in _run_segments(turn.before) if i > edits[-1]]
    if any(w[0] == words[0] or names_word(turn.user, w[0]) or (chooses_tool(w) and not checking(w)) for w in ran):
        return ""
    # The words name the tool, not how to run it: the agent's run, with its long options, is how.
    return " ".join(name + _switches(words, len(name), turn))


def _names_a_form_of(user: str, program: str) -> bool:
    """The words write the program's name as typed in haste or declined: two letters swapped
    (`bandti`, `vael`), one letter off (`clj-kando`), or an ending put on (`bandita`, `hadolinta`).
    A short name is too near other words for that."""
    program = program.lower()
    if len(program) < 4 or not re.fullmatch(r"[a-z][a-z-]*[a-z]", program):
        return False
    for word in re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]", user):
        word = word.lower()
        swapped = any(word == program[:i] + program[i + 1] + program[i] + program[i + 2:] for i in range(len(program) - 1))
        if word != program and (swapped or len(program) >= 5 and (
                len(word) == len(program) and levenshtein(word, program) == 1
                or word.startswith(program) and len(word) - len(program) <= 2)):
            return True
    return False


def _option_named(turn: UserTurnInContext, words: list[str]) -> str:
    """A command run after the last edit with a long option the words write, as the option or by
    its word ("the strict build" of `mkdocs build --strict`), by its name up to its first flag or
    path: the way of running it the user asked for, whatever the tool, where the work ended with
    no check after its last edit (after one, a run with an option is new work: "paste the
    snapshot diff too"). Not a generator by its job word, nor a package tool's add or remove."""
    name = command_name(words, limit=4)
    if not chooses_tool(words) or (GENERATING_JOBS | ADDS | _REMOVES) & set(name[1:]):
        return ""
    options = [w.split("=")[0] for w in words[len(name):] if re.fullmatch(r"--[a-z][\w-]+(?:=\S+)?", w)]
    named = any(names_flag(turn.user, f) or _names_option_by_word(turn.user, f) for f in options)
    return " ".join(name) if named else ""


def _target(word: str, turn: UserTurnInContext) -> bool:
    """A word of a run that names files it works on: a path, or a folder holding files the
    session touched (`src` of `biome check src`), the whole tree aside (`.`, `./...`)."""
    if is_flag(word) or _WHOLE_TREE.fullmatch(word):
        return False
    touched = turn.paths("earlier") + turn.paths("before") + turn.paths("after")
    return pathlike(word) or any(covers(word, p) for p in touched)


def _before_targets(name: list[str], turn: UserTurnInContext) -> list[str]:
    """A check's name up to the files its run was given: those are this run's targets, which the
    next run's are not; the program itself stays."""
    end = next((i for i, word in enumerate(name) if i and _target(word, turn)), len(name))
    return name[:end]


def _switches(words: list[str], start: int, turn: UserTurnInContext) -> list[str]:
    """A run's long options from `start` on that set how it works (`--strict`, `--all-files`), not
    those that may as well hand it its files (`--lint src` of `clj-kondo --lint src test`: a
    target or the whole tree right after it), nor those given a number (`--strictness-level 10`,
    `--jobs 4`): a level this run chose, which a rule naming the option without it could not
    keep; unless the user writes that option out. Dropped, the check is the coarser one, which
    the run with its option still passes. A long option of one dash, words joined by a dash
    (`-fno-common` of `gcc -fno-common -Wall x.c`), sets how it works where no value
    follows it: another flag or nothing; any other word after it may be its value. One word after
    one dash is as often what the run picks to look at (`-author`: a field a metadata tool prints)."""
    def given_value(i: int) -> bool:
        return i + 1 < len(words) and (_target(words[i + 1], turn) or bool(_WHOLE_TREE.fullmatch(words[i + 1]))
                                       or bool(_NUMBER.fullmatch(words[i + 1])))

    def one_dash(i: int, word: str) -> bool:
        return (not word.startswith("--") and "-" in option_name(word)
                and (i + 1 == len(words) or is_flag(words[i + 1])))

    return [w for i, w in enumerate(words[start:], start)
            if (re.fullmatch(r"--[a-z][\w-]+", w) and (names_flag(turn.user, w) or not given_value(i))) or one_dash(i, w)]


_NUMBER = re.compile(r"\d+(?:\.\d+)?[a-z%]*")


def _with_kept_options(value: str, words: list[str], turn: UserTurnInContext) -> str:
    """A check's spelling with the long options the run gave it that the user writes out, or that
    the session gave the same check before the turn too (`pre-commit run --all-files` each time):
    how this repository runs it, not a one-off."""
    runs = [w for _, w in _run_segments(turn.earlier + turn.before)]
    kept = [f for f in _switches(words, len(command_name(words, limit=4)), turn) if f not in value.split()
            and (names_flag(turn.user, f) or _names_option_by_word(turn.user, f)
                 or any(f in w and same_check(value, " ".join(command_name(w, limit=4))) for w in runs))]
    return " ".join([value] + kept)


# What a command's subcommand says it does when it only checks the work, for any tool (`mix
# test`, `dart analyze`, `zig build test`): the job's word, not the tool's name.
CHECKING_JOBS = frozenset({"test", "tests", "check", "lint", "verify", "typecheck", "analyze", "vet"})


def named_for_checking(program: str) -> bool:
    """A program whose name says it checks, for any tool: a checking job as a part of its name
    (`ansible-lint`, `cargo-check`), or a linter's or checker's word closing it (`ktlint`,
    `shellcheck`); "test" and "vet" close too many other words to count glued."""
    name = PurePosixPath(program).name.lower()
    parts = re.split(r"[-_]", name)
    return (len(parts) > 1 and any(part in CHECKING_JOBS for part in parts[1:])) or any(
        name.endswith(job) and len(name) >= len(job) + 2 for job in ("lint", "check"))


def camel_checking_job(job: str) -> bool:
    """A task named in camelCase whose last part is a checking job (`integrationTest`,
    `ktlintCheck`), or glues a test to a noun of four letters or more (`runGametest`,
    `runSmoketests`): a build tool's task names what it does last. Only a camelCase name counts,
    and a short stem does not ("runLatest", "contest")."""
    parts = re.findall(r"[A-Z]?[a-z0-9]+", job)
    if len(parts) < 2 or not re.search(r"[a-z][A-Z]", job):
        return False
    last = parts[-1].lower()
    return last in CHECKING_JOBS or bool(re.fullmatch(r"[a-z]{4,}tests?", last))


# What a program is called, as one part of its name, when its job is to check (`quill_validator`,
# `html-validator`, `link-checker`): the doer's noun of a checking job.
_CHECKERS = frozenset({"validator", "linter", "checker"})


def _named_as_checker(program: str) -> bool:
    """A program named by a checker's noun, one part of a name of several (`quill_validator`,
    `config-validator-cli`), none of which says it generates (`validator-gen` writes
    validators). The noun alone ("the validator") is prose as often as a program's name."""
    parts = set(re.split(r"[-_]", PurePosixPath(program).name.lower()))
    return len(parts) > 1 and bool(_CHECKERS & parts) and not GENERATING_JOBS & parts


def checking(words: list[str], rerun: list[list[str]] = (), looked_before: list[list[str]] = ()) -> str:
    """The check a command runs: a known check (`check_name`); else, for a tool nobody listed,
    its name up to its first flag or path where a word of that name says it checks
    (`mix test`), or where the session ran it before on work it changed since (`rerun`; for a
    one-word tool, this very command before the turn, `looked_before`); "" for any other command."""
    known = check_name(" ".join(words))
    if known or not words or not chooses_tool(words):
        return known
    name = command_name(words, limit=4)
    if len(name) < 2:
        # A program run on a file (`python seed.py`) runs that file, it checks nothing; unless
        # the program is named for checking (`ansible-lint`, `ktlint`, `quill_validator`), or this
        # very command ran before the turn on work the session changed since (`vale docs/`, the
        # docs edited, `vale docs/`): it looked at that work, and looks again. A program run by
        # its path, or given a file first, runs that file (`./build.sh`, `python seed.py` again
        # after its fix).
        runs_a_file = pathlike(words[0]) or (len(words) > 1 and pathlike(words[1]) and bool(PurePosixPath(words[1]).suffix))
        named = named_for_checking(name[0]) or _named_as_checker(name[0])
        return name[0] if named or (words in looked_before and not runs_a_file) else ""
    if any(word in CHECKING_JOBS or camel_checking_job(word) for word in name[1:]):
        return " ".join(name)
    return " ".join(name) if any(command_name(w, limit=4) == name for w in rerun) else ""


# What a subcommand says it does when it writes code from a source, for any tool (`sqlc
# generate`, `make gen`, `pnpm codegen`).
GENERATING_JOBS = frozenset({"generate", "gen", "codegen", "regenerate"})
# What a subcommand says when it builds what a check then looks at (`quill build`, `site compile`).
_BUILDING_JOBS = frozenset({"build", "compile"})


def names_generating_job(user: str) -> bool:
    """The words write a generator's job word standing alone (`buf generate`, "we regenerate"):
    they point at a generator to run, whatever else they name."""
    return any(names_word(user, job) for job in GENERATING_JOBS)


def _generators_run_after(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """A generator the agent's last edit before the turn had not had, run first thing after it,
    on the tree as the turn found it: what it makes follows the edit (`sqlc generate` after a
    query changed). Its spelling is the user's where they wrote more of it, else the run's."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    if not edits:
        return []
    ran = [command_name(w, limit=4) for i, w in _run_segments(turn.before) if i > edits[-1]]
    for action in turn.after:
        if action.kind in ("edit", "write"):
            return []
        for words in segments(action.value) if action.kind == "run" else []:
            name = command_name(words, limit=4)
            if len(name) >= 2 and GENERATING_JOBS & set(name[1:]) and name not in ran:
                value = _generator_spelling(turn.user, words)
                evidence = f"`{action.value}` after the turn; the last edit before it had no `{' '.join(name)}`"
                return [ChangeOfCourse("generator_run_after", evidence, Convention("generator_run", " ".join(value)))]
    return []


def _generator_spelling(user: str, words: list[str]) -> list[str]:
    """A generator's run as a rule names it: the user's words where they write more of it, else its
    name up to its first flag or path (`dart run build_runner build`). Where the words write the
    program alone and none of the words the run gave it (`terraform-docs` of `terraform-docs
    markdown table ...`, `syft` of `syft dir:. -o ...`), the program is the generator, however this
    run was given it; a job word that says it generates stays (`tuist generate`). Where they write
    the run's leading words past such a job word and none of the rest (`asyncapi generate models`
    of `asyncapi generate models typescript ...`), the generator is named as they write it."""
    name = command_name(words, limit=4)
    spelled = user_prefix(user, words)
    if spelled == name[:1] and len(name) > 1 and name[1] not in GENERATING_JOBS and not any(names_word(user, w) for w in name[1:]):
        return spelled
    if 2 <= len(spelled) < len(name) and GENERATING_JOBS & set(spelled[1:]) and not any(names_word(user, w) for w in name[len(spelled):]):
        return spelled
    return spelled if len(spelled) > len(name) else name


def _kept_after(name: str, rest: list[Action]) -> bool:
    """The work after a check's run keeps it last: no edit follows, or the check ran again after
    the last one; a check named with its switches (`gcc -fno-common`) runs again as its tool."""
    edits = [i for i, a in enumerate(rest) if a.kind in ("edit", "write")]
    if not edits:
        return True
    name = " ".join(unflagged(name.split()))
    # A one-word tool (`vale`) is a check by this name alone: `checking` reads none from one word.
    return any(same_check(name, checking(w, [name.split()]) or " ".join(command_name(past_runner(w), limit=4)))
               for i, w in _run_segments(rest) if i > edits[-1])


# A target that names the whole tree, not a file (`go vet ./...`, `ruff check .`): part of how a
# check is run, which a path is not.
_WHOLE_TREE = re.compile(r"\.(?:/(?:\.\.\.)?)?|\.\.\.")


def with_whole_tree(value: str, words: list[str]) -> str:
    """A check's spelling with the whole-tree target the run gave it right after that spelling."""
    spelled = value.split()
    if words[:len(spelled)] == spelled and len(words) > len(spelled) and _WHOLE_TREE.fullmatch(words[len(spelled)]):
        return f"{value} {words[len(spelled)]}"
    return value


def same_check(one: str, other: str) -> bool:
    """Two spellings of one check: the same tool and the same last word (`pnpm lint`,
    `pnpm run lint`)."""
    a, b = one.split(), other.split()
    return bool(a and b) and a[0] == b[0] and a[-1] == b[-1]


def _names_call(user: str, name: str) -> bool:
    """The user's words name this call: `print()`, `print(x)`, `print` or `console.logs`, standing alone."""
    return re.search(r"(?<![\w.])" + re.escape(name) + r"(?:s?\b|\()", user) is not None


def _calls_taken_out(turn: UserTurnInContext) -> list[ChangeOfCourse]:
    """Files edited before the turn (or earlier in the session), edited again first thing after
    it, where the user's words name code that work shows: the code is what the redo took out.
    Where the session recorded what edits added and removed, it must be a call an edit before
    the turn added and the redo removed, and nothing else counts; else code the work before the
    turn shows (`code_named`). Code is read by its shape, `name(` or a backquoted span, in any
    language's sentence."""
    work = turn.earlier + turn.before
    edited = {a.value for a in work if a.kind in ("edit", "write")}
    redo: list[Action] = []
    for action in turn.after:
        if action.kind == "say":
            continue
        if action.kind != "edit" or action.value not in edited:
            break
        redo.append(action)
    if not redo:
        return []
    for action in redo:
        added = {n for a in work if a.kind in ("edit", "write") and a.value == action.value for n in a.trace.added_calls}
        for name in (n for n in action.trace.removed_calls if n in added):
            if _names_call(turn.user, name):
                evidence = f"{action.value} edited again after the turn took out `{name}(`, which the work before it added"
                return [ChangeOfCourse("call_taken_out", evidence, Convention("added_lines_avoid", name + "("))]
    if redo[0].value not in turn.paths("before") or any(a.trace != NO_TRACE for a in redo):
        return []  # the redo's record says what it took out, and it is none of that
    # A dotted name both sides write counts only here, where the redo shows the words objected:
    # kept course, "time.sleep is fine here" reads the same.
    said = turn.said("before")
    dotted = [_as_written(name) for name in _dotted_shared(turn.user, said, turn.earlier + turn.before + turn.after)]
    # A namespaced name is code by its shape: the user's words write it, or name the last part of
    # one the reply wrote (`cout` of `std::cout`), and the redo is the sign it was objected to.
    namespaced = _namespaced(turn.user) + [n for n in _namespaced(said) if _names_namespaced(turn.user, n)]
    for code in code_named(turn.user, turn.before) + dotted + namespaced:
        if _swapped_for_now(code, turn) or _respelled(code, turn.user):
            return []
        evidence = f"{redo[0].value} edited again after the turn; `{code}` was in the work before it"
        return [ChangeOfCourse("call_taken_out", evidence, Convention("added_lines_avoid", code))]
    return []


def written_code_taken_out(turn: UserTurnInContext) -> Convention | None:
    """The rule of a turn read as a correction for its redo alone (`Behaviour.redone`), where
    nothing else read one: the file is redone at once, its record shows no code, and the words
    write one piece of code. That code is what the redo took out. Two pieces ("use b() instead
    of a()") leave open which one went, as only the words' grammar would tell. A data file redone
    (`dub.json`, `pom.xml`) held no code: what the words write is what the work uses instead.
    In a page of prose or markup redone, a name the words write bare is kept bare."""
    redone = _redone(turn)
    if not redone or any(a.trace != NO_TRACE for a in turn.after if a.kind == "edit" and a.value in redone):
        return None
    if _holds_data(redone[0]):
        return None
    if any(TEST_FILE.search(path) for path in turn.paths("after") if path not in redone):
        return None  # a test of the redo tests what it put in, which the words may name as well
    call = "" if _holds_markup(redone[0]) else "("
    written = code_written(turn.user) or [_as_written(name) if call else name for name in _code_shaped(turn)]
    if len(written) != 1 or _put_in_by_redo(written[0].removesuffix("("), turn) or call_as_place(turn, written[0]):
        return None
    if (_asked_this_once(written[0].removesuffix("("), turn.user) or _in_place_of_reply(written[0].removesuffix("("), turn)
            or _respelled(written[0], turn.user)):
        return None
    return Convention("added_lines_avoid", written[0])


def _ends_clause(user: str, words: list[str]) -> bool:
    """The words write `words` as the last of a clause: a stop, a comma or the end right after."""
    spelled = r"\s+".join(map(re.escape, words))
    return re.search(r"(?<![\w.-])" + spelled + r"(?=\s*(?:[,.;:!?)\u2014\u2013]|$))", user, re.IGNORECASE) is not None


def _as_written(name: str) -> str:
    """The code a name written without `(` stands for: a call (`Debug.Log(`), save a lower-case
    name of three or more dotted parts (`enable.auto.commit`, `std.debug.print`), which is as
    often a setting's key as a call: kept bare, it still finds the call, and a key is no call."""
    return name if _SETTING_KEY_SHAPED.fullmatch(name) else name + "("


# Three or more lower-case dotted parts: a setting's key (`spring.jpa.open-in-view`) or a call
# by its module path (`std.debug.print`); two parts (`time.sleep`) read as a call.
_SETTING_KEY_SHAPED = re.compile(r"[a-z_][a-z0-9_-]*(?:\.[a-z_][a-z0-9_-]*){2,}", re.ASCII)


def _same_shape(one: str, other: str) -> bool:
    """Two names of one kind: dotted under one head (`com.acme.billing`, `com.acme.finance`), or
    each one word after the same leading mark (`.parquet` and `.feather`, `#general` and `#ops-alerts`)."""
    if one[:1] in ".#" or other[:1] in ".#":
        return one[:1] == other[:1] and not re.search(r"[.\s]", one[1:] + other[1:])
    return "." in one and one.rsplit(".", 1)[0] == other.rsplit(".", 1)[0]


def _swapped_for_now(code: str, turn: UserTurnInContext) -> bool:
    """The words write the code the redo took out beside another of its kind that the reply after
    the redo names as put in ("Pode mandar pro #alertas-dados em vez do #geral?"), and hold
    nothing for good: a value changed in this piece of work, no code kept out of all work to come.
    Only a marked word counts: two calls under one head (`Channel.from`, `Channel.of`) are as
    often an API given up for another."""
    if code[:1] not in ".#":
        return False
    after = turn.said("after")
    written = _CODE_WORD.findall(turn.user) + _DOTTED.findall(turn.user) + _LEADING_DOT.findall(turn.user)
    return not lasting(turn.user) and any(other != code and _same_shape(code, other) and _writes(after, other)
                                          for other in written)


# A value as the words write it: a name with its dots, colons or dashes, and the arguments of a
# call written right after it (`normal(0, 10)`).
_WRITTEN_VALUE = re.compile(r"[.@#]?\w(?:[\w.:#/-]*\w)?")


def _respelled(code: str, user: str) -> bool:
    """The words write the code again spelled a letter or two otherwise (`t3.xlarge` where the work
    has `t3.large`, `normal(0, 1)` beside `normal(0, 10)`) and hold nothing for good: the redo puts
    the right spelling in on this occasion, it keeps no code out of work to come."""
    if lasting(user):
        return False
    name = code.removesuffix("(")
    names = {m.group(0) for m in _WRITTEN_VALUE.finditer(user)}
    calls = sorted({_call_written(user, m) for m in _WRITTEN_VALUE.finditer(user) if m.group(0) == name})
    # A value's name (a dot or a digit in it: `t3.large`), not a call's or a word's, whose
    # respelling is no plural of it (`console.logs`) and no other name built on it (`feval`).
    respelled = [w for w in names if w != name and _within_two_edits(w, name) and name not in w and w not in name]
    return (re.search(r"\w[.\d]", name) is not None and bool(respelled)) or any(
        _within_two_edits(one, other) for one, other in itertools.combinations(calls, 2))


def _call_written(user: str, match: re.Match) -> str:
    """A written name with the arguments of the call the words write right after it."""
    call = re.match(r"\([^()]*\)", user[match.end():])
    return match.group(0) + (call.group(0) if call else "")


def _within_two_edits(one: str, other: str) -> bool:
    """The two spellings differ by at most two letters put in, left out or changed."""
    return abs(len(one) - len(other)) <= 2 and levenshtein(one, other) <= 2


def _in_place_of_reply(code: str, turn: UserTurnInContext) -> bool:
    """The reply before the turn wrote another name of the same kind (the namespace
    `com.acme.billing` where the words give `com.acme.finance`, `.parquet` where they ask for
    `.feather` too), the words write not that one and forbid nothing: the words' name is the value
    the redo puts in, in place of the reply's or beside it, not code it took out."""
    said = _MENTIONED.sub(" ", " ".join(a.value for a in turn.earlier + turn.before if a.kind == "say"))
    if any(withholds(clause) for clause in clauses(turn.user)):
        return False
    shown = _DOTTED.findall(said) + _LEADING_DOT.findall(said)
    return any(name != code and _same_shape(code, name) and not _writes(turn.user, name) for name in shown)


def _asked_this_once(code: str, user: str) -> bool:
    """The clause that writes the code limits it to this one occasion ("Esta vez devuelve
    Optional.empty()", "bu sefer date('Y') kullanır mısın?"), nothing in the words holds for good
    and no other clause forbids ("tx.origin in two contracts now. it's banned"): the code is what
    the redo is asked to write this time, not one to keep out."""
    parts = clauses(user)
    return (not lasting(user) and any(one_off(clause) and _writes(clause, code) for clause in parts)
            and not any(withholds(clause) and not one_off(clause) for clause in parts))


def _put_in_by_redo(code: str, turn: UserTurnInContext) -> bool:
    """The agent's reply after the redo writes this code where no reply before the turn did
    ("JSDoc added" after "Date formatting done"): the redo put it in, the words asked for it."""
    before = " ".join(a.value for a in turn.earlier + turn.before if a.kind == "say")
    after = turn.said("after")
    return _writes(after, code) and not _writes(before, code)


def _holds_data(path: str) -> bool:
    """A file of data or markup, by its suffix (`alire.toml`, `pom.xml`): no code is written in it."""
    suffix = PurePosixPath(norm_path(path)).suffix.lower()
    return suffix in DATA_SUFFIXES or (mimetypes.guess_type("x" + suffix)[0] or "").endswith("/xml")


# Prose and markup a page is written in: a name the words write bare there is a template's
# variable (`site.baseurl`) or a tool's marker in a comment (`cspell:disable`), no call.
MARKUP_SUFFIXES = frozenset({".md", ".markdown", ".mdx", ".rst", ".adoc", ".html", ".htm"})


def _holds_markup(path: str) -> bool:
    return PurePosixPath(norm_path(path)).suffix.lower() in MARKUP_SUFFIXES


# A name no prose word is spelled like, starting with a capital: a capital after a small letter,
# or three before one (`NSLog`, `GameLog`; not a typo's `GEt`). A name in lower camel case
# (`parseDate`) is as often the project's own function that a redirect points at ("not that one,
# parseDateTime").
_CAMEL = re.compile(r"(?<![\w./@-])([A-Z]\w*[a-z][A-Z]\w*|[A-Z]{3,}[a-z]\w*)(?![\w/-])", re.ASCII)


def _code_shaped(turn: UserTurnInContext) -> list[str]:
    """The names of code the words write without a call's `(`, by their shape in any sentence: a
    dotted name (`Debug.Log`), one in mixed case (`NSLog`), one tied to its module by a colon
    (`io:format`) or a method with its leading dot (`.only`), that names no file: none the
    session touched (its name or stem), no file type's suffix. With a backquoted span of other
    code beside it ("`params.id` ... `params`"), the words leave open which one is meant. A name
    inside a longer one (`GameLog` of `GameLog.Info`) counts once. Read only where a redo shows
    the words objected to code."""
    paths = [PurePosixPath(norm_path(a.value)) for a in turn.earlier + turn.before + turn.after if a.kind in ("edit", "write")]
    files = {p.name.lower() for p in paths} | {p.stem.lower() for p in paths}
    suffixes = {p.suffix.lower() for p in paths if p.suffix}
    user = _MENTIONED.sub(" ", turn.user)
    dotted = [n for n in _DOTTED.findall(user) + _LEADING_DOT.findall(user) if mimetypes.guess_type("x" + n)[0] is None
              and "." + n.rsplit(".", 1)[1].lower() not in suffixes]
    found = [n for n in dict.fromkeys(dotted + _CAMEL.findall(user) + _IN_MODULE.findall(user)) if n.lower() not in files]
    found = [n for n in found if not any(other != n and n in other for other in found)]
    quoted = {span.strip() for span in _BACKQUOTED.findall(user)} - set(found)
    return found if not quoted else []


# A function named with its module and one colon (`io:format`, `logger:info`); not a scheme's
# `http://`, a mention's `#file:x` or a time.
_IN_MODULE = re.compile(r"(?<![\w:./#@-])([a-z_]\w*:[a-z_]\w*)(?!\.?\w|[:/-])", re.ASCII)
# A method written with its leading dot (`.only`, `.unwrap`); not a glob's suffix (`*.cpp`) nor a
# backquoted span, which `code_named` reads against the work.
_LEADING_DOT = re.compile(r"(?<![\w.*`])(\.[A-Za-z_]\w*)(?!\.?\w|[/`-])", re.ASCII)


# A name the words point at as a file (`@style.css`, Cursor's mention), or one a file type is
# known by (`README.md`): no code, whatever its dots.
_MENTIONED = re.compile(r"@[\w./-]+")


# An argument given by keyword (`external=True`, `verify=False`): code by its shape in any
# sentence; not an option's value (`--level=3`) nor a variable's use (`$X=1`).
_ARGUMENT = re.compile(r"(?<![\w.$/-])([A-Za-z_]\w*=(?:\w+(?:\.\w+)*|\"[^\"\n]*\"|'[^'\n]*'))(?![\w=])", re.ASCII)
# A name that punctuation no sentence uses marks as code: a word behind a bang (`!important`) or
# a name joined by an underscore in angle brackets (`<all_urls>`); a bracketed plain word
# (`<branch>`) is as often a placeholder, a bang after a word ("again!") a sentence's.
_MARKED = re.compile(r"(?<![\w!<>-])(![a-z][\w-]*[a-z]|<[a-z][a-z0-9]*_[\w]*>)(?![\w!<>-])", re.ASCII)
# A setting as a data file writes it (`deletionPolicy: Delete`, `max_connections: 10`), its key
# shaped as code (mixed case or joined by an underscore): "Note: this" is prose.
_SETTING_LINE = re.compile(r"(?<![\w.-])([a-z]+[A-Z]\w*|[a-z]+_\w+):[ \t]+([\w.-]+)(?![\w-])", re.ASCII)


def code_written(user: str) -> list[str]:
    """Code the words write by its shape alone, in any language's sentence: a call (`name(` or
    `name()`), a namespaced name (`std::cout`), an argument by keyword (`verify=False`). A dotted
    name without its `(` is as often a file or a sentence's abbreviation, so it does not count
    here. A call keeps its `(`; a name inside a longer one counts once."""
    user = _MENTIONED.sub(" ", user)
    calls = [name + "(" for name in _CALL.findall(user) if mimetypes.guess_type(name)[0] is None]
    found = list(dict.fromkeys(calls + [n for n in _namespaced(user) if n + "(" not in calls] + _ARGUMENT.findall(user)))
    return [code for code in found if not any(other != code and code.rstrip("(") in other for other in found)]


# A name shaped as code beside a call: mixed case (`defaultValue`, `NSLog`), dotted (`tx.origin`)
# or namespaced (`std::cout`).
_OTHER_CODE = re.compile(r"(?<![\w./@-])([a-z]+[A-Z]\w*|[A-Z]\w*[a-z][A-Z]\w*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|\w+::\w+)(?![\w(/])",
                         re.ASCII)
_CLAUSE_ENDS = re.compile(r"[.!?;,:](?=\s|$)|[。！？；，：、\n]")


def call_as_place(turn: UserTurnInContext, call: str) -> bool:
    """The call the words write with empty parens (`t()`) in a clause that writes other code
    ("keine defaultValue-Optionen in den t()-Aufrufen", "the auth check in claim() relies on
    tx.origin"): the call is where the other code stands, and a ban on the call would flag every
    use of it. A call with its replacement in a clause of its own ("no print() in handlers, use
    logger.info") is the call banned. A file's name (`clean_data.R`, one the session touched) is
    no code."""
    if not call.endswith("("):
        return False
    files = {PurePosixPath(norm_path(a.value)).name.lower() for a in turn.earlier + turn.before + turn.after
             if a.kind in ("edit", "write")}
    written = re.compile(r"(?<![\w.])" + re.escape(call) + r"\)")
    for clause in (c for c in _CLAUSE_ENDS.split(turn.user) if written.search(c)):
        if any(n + "(" != call and n.lower() not in files and mimetypes.guess_type(n)[0] is None
               for n in _OTHER_CODE.findall(written.sub(" ", clause))):
            return True
    return False


def code_named(user: str, before: list[Action]) -> list[str]:
    """Code both the user's words and the work before the turn show, as a rule's literal: a call
    the user wrote as `name(` that the work names; a call the work shows as `name(` that the
    user names by its word ("breakpoint kalmasın"); a method the work calls (`.unwrap()`) that the
    user writes as code (`unwrap()`); a span of code one side backquotes or writes
    as a pragma (`# noqa`, `@ts-ignore`) or marks by punctuation (`!important`, `<all_urls>`) and
    the agent's reply writes too, that is no flag, path
    or command the agent ran; a setting the reply writes as a data file does (`restartPolicy:
    Always`) whose key and value the user writes, with its colon or without."""
    shown = " ".join(a.value for a in before)
    found = [name + "(" for name in _CALL.findall(user)
             if re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w.])", shown)]
    found += [name + "(" for name in _CALL.findall(shown) if _names_call(user, name)]
    # A method keeps its dot where the user wrote one (`.unwrap()`): the user's spelling of it.
    found += [("." if re.search(r"\." + re.escape(name) + r"\s*\(", user) else "") + name + "("
              for name in _METHOD.findall(shown) if _writes_call(user, name)]
    ran = {" ".join(words) for a in before if a.kind == "run" for words in segments(a.value)}
    said = " ".join(a.value for a in before if a.kind == "say")
    quoted = [span.strip() for span in _BACKQUOTED.findall(user)]
    spans = quoted + _BACKQUOTED.findall(said) + _CODE_WORD.findall(user) + _MARKED.findall(user)
    for span in spans:
        code = span.strip()
        # A comment the user backquotes whole (`# type: ignore`) the reply may write without its mark.
        bare = _COMMENT_MARK.sub("", code) if code in quoted else code
        if (re.search(r"[^\w\s./]", code) and not code.startswith("-") and "/" not in code and code not in ran
                and _writes(user, code) and (_writes(said, code) or (bare != code and _writes(said, bare)))):
            found.append(re.sub(r"\(\)$", "(", code))
    found += [name for name in _namespaced(user) if _names_namespaced(said, name)]
    found += [f"{key}: {value}" for key, value in _SETTING_LINE.findall(said) if names_words(user, [key, value])
              or names_words(user, [key + ":", value])]
    return list(dict.fromkeys(found))


# A name in a namespace (`std::cout`, `Foo::bar(`): code by its shape in any sentence, as no
# dotted name is (`config.yaml`).
_NAMESPACED = re.compile(r"(?<![\w:])((?:[A-Za-z_]\w*::)+[A-Za-z_]\w*)(\s*\()?")


def _namespaced(text: str) -> list[str]:
    """The namespaced names a text writes, as a rule's literal: a call keeps its `(`."""
    return list(dict.fromkeys(name + ("(" if call else "") for name, call in _NAMESPACED.findall(text)))


def _names_namespaced(text: str, name: str) -> bool:
    """The text writes this namespaced name whole, or its last part standing alone (`cout` of
    `std::cout`), in any case or as a plural."""
    bare = name.rstrip("(")
    return _writes(text, bare) or names_word(text, bare.rsplit("::", 1)[1])


_COMMENT_MARK = re.compile(r"^(?:#|//|--|;)\s*")
# `console.log`, `std.debug.print`; not "e.g", nor the host of an address (`ops@empresa.es`).
# ASCII names: a script without spaces between words ("std.log를") sets a name apart.
_DOTTED = re.compile(r"(?<![\w./-])(?<![\w.+-]@)([A-Za-z_]\w+(?:\.[A-Za-z_]\w*)+)(?![\w/-])", re.ASCII)


def _dotted_shared(user: str, said: str, work: list[Action]) -> list[str]:
    """A dotted name (`console.log`, `time.sleep`) the user's words and the agent's reply both
    write, where it names no file: none the session touched or ran on, and its last part is no
    suffix of one (`config.yaml` in a session that touched `app.yaml` is a file)."""
    paths = [norm_path(a.value) for a in work if a.kind in ("edit", "write")]
    paths += [norm_path(w) for a in work if a.kind == "run" for words in segments(a.value) for w in words if pathlike(w)]
    suffixes = {PurePosixPath(p).suffix.lower() for p in paths}
    return [name for name in dict.fromkeys(_DOTTED.findall(said))
            if _names_call(user, name) and "." + name.rsplit(".", 1)[1].lower() not in suffixes
            and not any(PurePosixPath(p).name == name for p in paths)]


def _writes_call(user: str, name: str) -> bool:
    """The words write this name as a call or a method (`unwrap()`, `x.unwrap`, backquoted `unwrap`)."""
    name = re.escape(name)
    return re.search(r"(?<!\w)" + name + r"\s*\(|\." + name + r"(?!\w)|`" + name + "`", user) is not None


def _writes(text: str, code: str) -> bool:
    """The text holds this code standing alone (any case)."""
    return re.search(r"(?<![\w-])" + re.escape(code) + r"(?![\w-])", text, re.I) is not None


def _redone(turn: UserTurnInContext) -> list[str]:
    """The file the agent's first work after the turn edits again, or moves (`git mv`, `mv`),
    where it edited it before, unless the edits' own record shows the new one only extends the
    earlier work (`_extends`)."""
    edited = set(turn.paths("before"))
    for action in turn.after:
        if action.kind == "say" or (action.kind == "run" and all(looks_only(w) for w in segments(action.value))):
            continue
        if action.kind == "run":
            moved = [_moved(words) for words in segments(action.value)]
            return [path for path in moved if path in edited][:1]
        if action.kind not in ("edit", "write") or action.value not in edited or _extends(action, turn.before):
            return []
        return [action.value]
    return []


def _extends(action: Action, work: list[Action]) -> bool:
    """Every edit of this file, before the turn and after it, recorded what it added and took out,
    and the edit after it takes out none of the lines the earlier ones added: the same file again
    with more in it is the next piece of work, not a redo (a redo takes back or rewrites what was
    just written). Unrecorded edits, an earlier record cut at its cap, or a whole file written
    over (its record shows nothing taken out, whatever it replaced) leave it a redo."""
    earlier = [a for a in work if a.kind in ("edit", "write") and a.value == action.value]
    if action.kind != "edit" or action.trace == NO_TRACE or not earlier or any(a.trace == NO_TRACE for a in earlier):
        return False
    added = [line for a in earlier for line in a.trace.added_lines]
    if any(len(a.trace.added_lines) >= MAX_LINES for a in earlier):
        return False
    return not set(action.trace.removed_lines) & set(added)


def _moved(words: list[str]) -> str:
    """The file a move command takes away (`git mv a b`, `mv a b`); "" for any other command."""
    rest = words[2:] if words[:2] == ["git", "mv"] else words[1:] if words[0] == "mv" else []
    paths = [w for w in rest if not is_flag(w)]
    return norm_path(paths[0]) if len(paths) == 2 else ""


def read_behaviour(turn: UserTurnInContext) -> Behaviour:
    """Every change of course the actions around `turn` show, the surest first, its runs read as
    the tools a package runner started (`behind_runners`)."""
    turn = behind_runners(turn)
    changes = _replacements(turn) + _dropped_flags(turn) + _swapped_flags(turn) + _restorations(turn) + _dependencies(turn)
    redone = _redone(turn)
    # A test written while the work is redone (another way, or the file just edited, first thing)
    # is part of the redo, not what the turn asked.
    changes += _tests_added(turn) if not changes and not redone else []
    # A tool that took another's job is that change, not a check of its own.
    replacing = {c.convention.instead.split()[0] for c in changes if c.signal == "command_replaced" and c.convention.instead}
    changes += _generator_before_check(turn) if not changes else []
    changes += (_checks_run_after(turn, replacing) if not changes else []) + _calls_taken_out(turn)
    changes += _generators_run_after(turn) if not changes else []
    changes += _regenerated_over(turn) if not changes else []
    changes += _declared_instead(turn) if not changes else []
    changes += _add_taken_back(turn) if not changes else []
    changes += _moved_to_sibling(turn) if not changes else []
    changes += _job_swapped(turn) if not changes else []
    return Behaviour([_as_the_programs_run(change, turn.user) for change in changes], redone)


def _as_the_programs_run(change: ChangeOfCourse, user: str) -> ChangeOfCourse:
    """A check or a generator named as the program's run, however this session reached it, as a
    check reads a run: without the runner that only found and started the program (`stylelint` of
    `npx stylelint`, `prisma generate` of `pnpm exec prisma generate`, `biome` of `npx
    @biomejs/biome`), and as the words spell it
    whole from its second word on, two words at least, where they never write its first
    (`drizzle-kit generate` of `pnpm drizzle-kit generate`)."""
    convention = change.convention
    if convention is None or convention.kind not in ("check_run_after_last_edit", "generator_run"):
        return change
    words = past_runner(convention.value.split())
    value = " ".join(words)
    rest = words[1:]
    if len(command_name(rest, limit=4)) >= 2 and not names_word(user, words[0]) and user_prefix(user, rest) == rest:
        value = " ".join(rest)
    return replace(change, convention=replace(convention, value=value))
