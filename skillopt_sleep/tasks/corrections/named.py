"""What a turn's words name, held against what the agent's work did: for turns whose actions show
no change of course (the agent kept its course, or only answered), and for rules the words or a
model read. Read by the shape of what is named, in any language, never by a list of phrases:

- a check the words spell (`pnpm lint`, `make typecheck`, a backquoted `tox -e lint`), or a
  command they backquote whole of a program the session never ran (`dune build @fmt`), that no
  run after the agent's last edit had: that check is to run after the last edit ("Kör alltid
  pnpm lint innan du säger att du är klar");
- a tool to use, where the work before the turn did the job with one other tool: that tool is
  the one to avoid ("use pnpm for installs" after `npm install` is `npm` avoided, `pnpm` instead);
- where the agent kept its course, the tool it ran named beside a known tool the session never
  ran: the one ran is to avoid, the other to use instead ("Kör python via uv run här" after
  `python seed.py`). Both must be named: one tool alone is as often praise or a question. Where
  the ran tool stands in a clause without a negation and the other in one with it ("keep using
  pnpm, never npm" after `pnpm install`), the ran one is to use: the negated one is avoided, as
  is a flag or another program of the run's job the negated clause writes (`named_to_use`);
- where the agent kept its course, code its work showed and the words name (`breakpoint()`),
  or, where the session kept no record of what its edits added, the one piece of code the words
  write by its shape (`NSLog(`): that code is not to be added; a folder the words write as a path (`migrations/`,
  `src/generated`) holding a file the agent edited: that folder is not to be touched; a long
  flag of a command the work ran that the words name by its word ("squash, not merge commits"
  of `gh pr merge 9 --merge`): that command with that flag is to avoid;
- where the agent kept its course and the words do not praise, the one tool the work ran that
  the words write as it was typed ("no sudo. ever." after `sudo gem install ...`): that tool is
  to avoid; a manifest the work added to that the words name (`Gemfile` after `bundle add`), or
  the project's manifest of any ecosystem the work edited, named whole or by a word of its name
  ("the rockspec"): its dependency set is to stay as it was. The kind follows what the work did
  with the named thing;
- where the agent kept its course, a generator the words write as its program and job (`prisma
  generate`), the program one the work or the agent's reply shows, that no run after the last
  edit had: that generator is to run;
- where the agent went on with another command of a program, the last command of it the work
  ran before the turn, written by the words (`firebase deploy`) and not run again: it is to avoid.

None of these reads whether the words object or praise; they stand in for a model's reading
where none was had (`classify.read_turn`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.behaviour import (ADDS, GENERATING_JOBS, MANIFEST_OF, SOURCE_ROOTS, Convention, adds_any_package,
                                                        data_file_named, checking, code_named, code_written, project_file_kept,
                                                        CHECKING_JOBS, camel_checking_job, named_for_checking, names_generating_job, names_word, past_runner, same_check,
                                                        manifest_of, tests_home, user_folder, with_whole_tree)
from skillopt_sleep.capture.edit_traces import NO_TRACE
from skillopt_sleep.negation import has_prohibition_word
from skillopt_sleep.tasks.corrections.durable import for_work_to_come
from skillopt_sleep.tasks.corrections.occasion import lasting
from skillopt_sleep.tasks.corrections.grounding import spelled_as_run
from skillopt_sleep.tasks.corrections.commands import (FILE_OPS, STANDS_AFTER, STANDS_BEFORE, chooses_tool, command_name, looks_only, norm_path,
                                                       pathlike, segments, user_prefix, with_flags_written)
from skillopt_sleep.tasks.checks.manifests import names_a_manifest
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext
from skillopt_sleep.tasks.repo.conventions import KNOWN_TOOLS
from skillopt_sleep.tasks.repo.verification import check_name

_BACKQUOTED = re.compile(r"`([^`\n]{1,80})`")
# Where a check can start in running text: a word's start, and where it must end: at the first
# letter of a script without spaces between words ("pnpm lintで").
_WORD_START = re.compile(r"(?<![A-Za-z0-9_\-./])(?=[A-Za-z])")
_ASCII = re.compile(r"[\x00-\x7f]*")
_PROGRAM = re.compile(r"(?<![\w./-])\./[\w-]+(?![\w/-])(?!\.\w)")  # a program run by its path, with no file suffix
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|[。！？；\n]")


def _spelled_checks(user: str) -> list[str]:
    """The checks the words spell: a backquoted check with its flags (no file), or a check of
    a tool and what it runs (`pnpm lint`, `make check`, `python -m pytest`) in the running text.
    A bare tool name (`ruff`, `pytest`) in a sentence is as often the tool as its check."""
    # A check's name ends its word: `eslint-disable` is no `eslint`. Backquoted, a tool nobody
    # listed is a check by its job's word (`mix test`).
    found = [span.strip() for span in _BACKQUOTED.findall(user)
             if (check_name(span.strip()) and span.strip()[len(check_name(span.strip())):][:1] in ("", " ")
                 or checking(span.split()) == span.strip())
             and not any(pathlike(w) for w in span.split())]
    for start in (m.start() for m in _WORD_START.finditer(user)):
        text = _ASCII.match(user, start, start + 60).group(0)
        name = check_name(text)
        if len(name.split()) >= 2 and user[start:start + len(name)] == name:
            found.append(with_whole_tree(name, text.split()))
    # A build tool's camelCase task for a check, after a wrapper run by its path
    # (`./gradlew runGametest`), reads as nothing else in running text, listed or not.
    found += [" ".join(pair) for pair in _CAMEL_TASK.findall(user) if checking(list(pair)) == " ".join(pair)]
    return list(dict.fromkeys(found))


# A program run by its path and a camelCase task after it, in running text.
_CAMEL_TASK = re.compile(r"(?<![\w./-])(\./[A-Za-z][\w.-]*)\s+([a-z]+[A-Z][A-Za-z0-9]*)(?![\w-])")


def check_named(turn: UserTurnInContext) -> Convention | None:
    """The check the words spell, or name as one the work ran before its last edit, that the
    agent's last edit before the turn went without. A command whose job word says it generates
    (`tuist generate`, `npx convex codegen`) makes files, it checks none: it is a generator to
    run, named past its runner."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    if not edits:
        return None
    checked = [checking(words) for a in turn.before[edits[-1] + 1:] if a.kind == "run" for words in segments(a.value)]
    for check in _spelled_checks(turn.user) + _commands_quoted(turn) + _linters_named(turn.user) + _checked_then_edited(turn):
        if not any(same_check(checking(check.split()), c) for c in checked if c):
            made = past_runner(check.split())
            if GENERATING_JOBS & set(made[1:]):
                return Convention("generator_run", " ".join(made))
            return Convention("check_run_after_last_edit", check)
    return None


def _checked_then_edited(turn: UserTurnInContext) -> list[str]:
    """A check the work ran before its last edit before the turn (`yamllint -s .`, then an edit)
    that the words name, by its program or a word its job word begins ("you linted before" of
    `swiftlint`, "vetted" of `cue vet`): the check looked at work that changed after it, and the
    words name the check, not a tool to give up."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    runs = [words for a in turn.before[:edits[-1]] if a.kind == "run" for words in segments(a.value)] if edits else []
    checks = [checking(past_runner(words)) for words in runs]
    return [check for check in dict.fromkeys(checks)
            if check and (names_word(turn.user, check.split()[0]) or _job_written(turn.user, check))]


def _job_written(user: str, check: str) -> bool:
    """The words write a word beginning with the job word that ends this check's name (`lint` of
    `swiftlint`, `vet` of `cue vet`). Not a test's: "test" names the tests to write as often as
    their run."""
    job = next((j for j in CHECKING_JOBS if check.endswith(j) and not j.startswith("test")), "")
    return bool(job) and re.search(r"(?<![\w-])" + re.escape(job), user, re.I) is not None


_PROGRAM_WORD = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\w/-])")


def _linters_named(user: str) -> list[str]:
    """Linters the words name bare (`ktlint`, `ansible-lint`: a program whose name closes on
    "lint"), where they set a rule for work to come: a bare tool's name is as often a remark on
    its run ("ktlint output is noisy"). A program named for checking by other words ("check")
    shares its close with too much prose ("double-check", "paycheck")."""
    if not for_work_to_come(user):
        return []
    return [w for w in _PROGRAM_WORD.findall(user) if w.endswith("lint") and named_for_checking(w)]


_COMMAND_SPAN = re.compile(r"[a-z][\w.-]*(?: [^\s()`]+)+")


def _commands_quoted(turn: UserTurnInContext) -> list[str]:
    """Commands the words backquote whole (`dune build @fmt`, `mkdocs build --strict`), a program
    and what it runs, no path and no call, of a program the session never ran: after an edit the
    work ended without them, the command to end with, whatever the tool. A program the session
    ran is as often named to ban that run (`git push --force`)."""
    ran = {words[0] for a in turn.earlier + turn.before if a.kind == "run" for words in segments(a.value)}
    spans = [span.strip() for span in _BACKQUOTED.findall(turn.user)]
    return [span for span in spans if _COMMAND_SPAN.fullmatch(span) and span.split()[0] not in ran
            and not any(pathlike(w) for w in span.split())]


def _tools_ran(turn: UserTurnInContext) -> set[str]:
    """The tools the work before the turn chose for a job: first words of its commands that are
    neither checks nor looks around."""
    return {words[0] for a in turn.before if a.kind == "run" for words in segments(a.value)
            if chooses_tool(words) and not check_name(" ".join(words))}


def instead_of_ran(convention: Convention | None, turn: UserTurnInContext) -> Convention | None:
    """A tool to use, read from words, as the tool it replaces where the work before the turn did
    the job with one other tool and never ran this one; else as it is."""
    if convention is None or convention.kind != "command_used":
        return convention
    wanted = convention.value.split()[0]
    ran = _tools_ran(turn)
    everything = {words[0] for a in turn.earlier + turn.before if a.kind == "run" for words in segments(a.value)}
    if len(ran) != 1 or wanted in everything:
        return convention
    return replace(convention, kind="command_avoided", value=next(iter(ran)), instead=convention.value)


# Where a sentence's clauses part: a negation governs the name in its own clause ("bygg med shards
# build, aldrig med crystal build"), not one across a comma.
_CLAUSE_END = re.compile(r"[,;:，；：、]")


def _clauses(sentence: str) -> list[str]:
    return [c for c in _CLAUSE_END.split(sentence) if c.strip()]


def named_to_use(turn: UserTurnInContext, words: list[str], other: str = "") -> tuple[bool, Convention | None]:
    """Is the command the work ran (`words`, as the words write it) the one a sentence says to use:
    its clause without a negation, another clause of the sentence with one ("bygg alltid med shards
    build, aldrig direkt med crystal build" after `shards build`)? Then what that other clause
    bans is read from what it writes beside the work: a long flag the run did not have (`别加
    --auto-promote` after `dune runtest`: the run with that flag), or another program given the
    run's job (`crystal build` beside `shards build`); else nothing to ban. The negated clause must
    write a flag or such a program, or the `other` tool a caller has read: a negation of anything
    else is a remark. Where the ran command stands in the negated clause ("use pnpm, not npm"), or
    no clause is negated ("why npm? use pnpm"), the usual reading holds."""
    for sentence in _SENTENCE_END.split(turn.user):
        clauses = _clauses(sentence)
        # A flag the run had, written in the negated clause, is the run negated ("dune runtest, not --watch").
        own = [c for c in clauses if all(_names(c, w) for w in words)]
        negated = [c for c in clauses if c not in own and has_prohibition_word(c)
                   and (_names_a_command(c, words) or (other and _names(c, other, False)))]
        if not own or any(has_prohibition_word(c) for c in own) or not negated:
            continue
        return True, _banned_beside(words, negated)
    return False, None


_FLAG = re.compile(STANDS_BEFORE + r"--[a-z][a-z0-9-]*")
_WORD = re.compile(r"[A-Za-z][\w.-]*", re.ASCII)


def _another_program(clause: str) -> bool:
    """A clause that writes a word besides its flags and negations ("nbconvert의 --execute는 쓰지
    않는"): the flag may be that program's, not the run's."""
    return any(len(w) >= 3 and not has_prohibition_word(w) for w in _WORD.findall(_FLAG.sub(" ", clause)))


def _names_a_command(clause: str, words: list[str]) -> bool:
    """A clause that writes a long flag, or another program given the run's job: what it negates is
    a way of running, not a remark on the run ("scp isn't used for that, not even for one csv")."""
    return bool(_FLAG.search(clause)) or (len(words) >= 2 and re.search(
        STANDS_BEFORE + r"[a-z][\w-]* " + re.escape(words[1]) + STANDS_AFTER, clause) is not None)


def _banned_beside(words: list[str], negated: list[str]) -> Convention | None:
    """What negated clauses ban beside a run to keep (`named_to_use`)."""
    flags = [f for c in negated for f in _FLAG.findall(c) if f not in words]
    if len(set(flags)) == 1 and not any(_another_program(c) for c in negated):
        return Convention("command_avoided", " ".join(words + flags[:1]), " ".join(words))
    if len(words) >= 2 and not words[1].startswith("-"):
        programs = {m.lower() for c in negated for m in re.findall(STANDS_BEFORE + r"([a-z][\w-]*) " + re.escape(words[1]) + STANDS_AFTER, c)}
        programs.discard(words[0].lower())
        if len(programs) == 1:
            return Convention("command_avoided", f"{programs.pop()} {words[1]}", " ".join(words))
    return None


def _names(user: str, tool: str, any_case: bool = True) -> bool:
    """The words write this tool's name standing alone (`npm` is not in `pnpm`, `uv` not in `uv.lock`)."""
    return re.search(STANDS_BEFORE + re.escape(tool) + STANDS_AFTER, user, re.I if any_case else 0) is not None


def tools_named(turn: UserTurnInContext) -> Convention | None:
    """The one tool the work before the turn ran that a sentence of the words names, beside a
    known tool the session never ran: the first is avoided, the second used instead. One
    sentence: a tool's name elsewhere is as often a plain word ("make a rule")."""
    ran = {words[0] for a in turn.before if a.kind == "run" for words in segments(a.value) if chooses_tool(words)}
    everything = {words[0] for a in turn.earlier + turn.before + turn.after if a.kind == "run" for words in segments(a.value)}
    for sentence in _SENTENCE_END.split(turn.user):
        named = [tool for tool in ran if _names(sentence, tool)]
        # A known tool, or a program the words write by its path (`./gradlew`): a tool by its shape.
        programs = [p for p in _PROGRAM.findall(sentence) if p not in everything]
        # A tool never run is named as it is typed: "the Go code" names a language, not `go`.
        others = sorted((t for t in [*KNOWN_TOOLS, *programs] if t not in everything and _names(sentence, t, False)),
                        key=lambda t: re.search(STANDS_BEFORE + re.escape(t), sentence).start())
        if len(named) == 1 and others:
            kept = _job_dropped(sentence, named[0], turn)
            if kept is None and named_to_use(turn, named[:1], others[0])[0]:
                # The ran tool is the one to use: the other, in the negated clause, is avoided.
                return Convention("command_avoided", others[0], named[0])
            if kept is not None:
                return kept
            # The ran tool in what the words write of its run (`velero backup delete`), with the
            # other to use; where they write its job twice, once for each tool ("`docker compose
            # up`, not `docker-compose up`"), the job stays and the tool is what changes.
            spelled = spelled_as_run(Convention("command_avoided", named[0]), turn)
            job = spelled.value.split()[-1]
            twice = len(re.findall(r"(?<![\w-])" + re.escape(job) + r"(?![\w-])", turn.user)) > 1
            return Convention("command_avoided", named[0] if twice else spelled.value, others[0])
    return None


def _job_dropped(sentence: str, tool: str, turn: UserTurnInContext) -> Convention | None:
    """A sentence that writes the tool the work ran with another job than its last run had, where
    the words write that run's job too ("don't reset, just mix ecto.migrate" after `mix
    ecto.reset`): the tool stays in use, so no other tool replaces it; the job it ran is what to
    avoid."""
    runs = [words for a in turn.before if a.kind == "run" for words in segments(a.value) if words[0] == tool]
    written = _jobs_written(sentence, tool)
    ran = _job_of(runs[-1], written) if runs else []
    if len(ran) < 2 or not _names(turn.user, ran[-1].split(".")[-1]):
        return None
    # The other job is one the work shows the tool having (a run, the agent's reply after the
    # turn), one the words backquote with the tool, or a task of the same family: a word after
    # the tool is as often prose ("no tilt here").
    shown = {words[1].lower() for a in turn.earlier + turn.before + turn.after if a.kind == "run"
             for words in segments(a.value) if words[0] == tool and len(words) > 1}
    shown |= {job for a in turn.after if a.kind == "say" for job in _jobs_written(a.value, tool)}
    shown |= {job for span in _BACKQUOTED.findall(sentence) for job in _jobs_written(span, tool)}
    family = ran[1].split(".")[0].lower() + "."
    if not any(job != ran[1].lower() and (job in shown or job.startswith(family)) for job in written):
        return None
    return Convention("command_avoided", " ".join(ran))


def other_job_written(turn: UserTurnInContext, tool: str) -> bool:
    """A sentence of the words that writes the tool with a job its runs before the turn never
    had, in the slot where the run's own job stood, and writes that run's job as a word of its
    own ("after each menuconfig comes make savedefconfig" after `make menuconfig`): it sets the two
    jobs side by side and names the other one, asked for or banned, never the bare tool."""
    runs = [words for a in turn.before if a.kind == "run" for words in segments(a.value) if words[0] == tool]
    ran = {head[1].lower() for head in (command_name(words, limit=2) for words in runs) if len(head) == 2}
    typed = {word.lower() for words in runs for word in words}
    for sentence in _SENTENCE_END.split(turn.user):
        # A word after the tool is as often prose ("crane is back"): only one the work never
        # typed for the tool, beside the run's own job, is read as a job.
        other = [job for job in _jobs_written(sentence, tool) if re.fullmatch(r"[a-z][a-z0-9:-]*", job) and job not in typed]
        if other and any(_names(sentence, job, False) for job in ran):
            return True
    return False


def _jobs_written(text: str, tool: str) -> list[str]:
    """The words a text writes right after a tool's name, as a job of it would be."""
    return [m.lower() for m in re.findall(STANDS_BEFORE + re.escape(tool) + r" ([a-z][\w.:-]*)", text)]


def _job_of(words: list[str], written: list[str]) -> list[str]:
    """A run's program and job (`command_name`); a dotted word `command_name` takes for a file is
    a task where the words write the program with a task of the same family (`mix ecto.migrate`
    beside `mix ecto.reset`)."""
    head = command_name(words)
    if len(head) == 1 and len(words) > 1 and "." in words[1] and "/" not in words[1]:
        family = words[1].split(".")[0].lower()
        if any(job != words[1].lower() and job.split(".")[0] == family and "." in job for job in written):
            return words[:2]
    return head


# Every two words in a row, overlapping ("of buf generate" holds "buf generate").
_GENERATOR_SPELLED = re.compile(r"(?<![\w./-])(?=([a-z][\w-]*) ([a-z]+)(?![\w/-]))")


def generator_named(turn: UserTurnInContext) -> Convention | None:
    """A generator the words write as a program and its generating job (`prisma generate`,
    `buf generate`) that no run after the agent's last edit had: that generator is to run. The
    program must be one the session's work shows, as a word of a path it touched or a program
    it ran, or one the agent's reply after the turn writes the same: a word before "generate"
    is as often prose ("and regenerate")."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    if not edits:
        return None  # nothing was changed that a generator should have followed
    ran = [" ".join(words) for a in turn.before[edits[-1] + 1:] if a.kind == "run" for words in segments(a.value)]
    shown = {w.lower() for a in turn.earlier + turn.before if a.kind in ("edit", "write")
             for w in re.split(r"[/._-]", a.value) if w}
    shown |= {words[0] for a in turn.earlier + turn.before if a.kind == "run" for words in segments(a.value)}
    replied = turn.said("after")
    for program, job in _GENERATOR_SPELLED.findall(turn.user):
        command = f"{program} {job}"
        if job not in GENERATING_JOBS or any(command in run for run in ran):
            continue
        if program in shown or command in replied:
            return Convention("generator_run", command)
    return None


def stopped_named(turn: UserTurnInContext) -> Convention | None:
    """The last command of a program the work before the turn ran, that the words write
    (`firebase deploy`, its program and subcommand), run no more after the turn while the agent
    went on with another command of the same program (`firebase hosting:channel:deploy`): that
    command is to avoid. An earlier run of the program is a step the last one built on, and a
    program only run after is as often the next piece of work ("pytest passed. now deploy it")."""
    after = [words for a in turn.after if a.kind == "run" for words in segments(a.value) if not looks_only(words)]
    last = {words[0]: words for a in turn.before if a.kind == "run" for words in segments(a.value)}
    for words in last.values():
        spelled = user_prefix(turn.user, command_name(words, limit=2))
        if not spelled or any(other[:len(spelled)] == spelled for other in after):
            continue
        if any(other[0] == spelled[0] for other in after):
            return Convention("command_avoided", " ".join(spelled))
    return None


def ran_tool_named(turn: UserTurnInContext) -> Convention | None:
    """Where the agent kept its course, the one tool its work before the turn chose for a job
    (no check: a check named is as often its passing) that the words write as it was typed
    ("no sudo. ever." after `sudo gem install ...`): that tool is to avoid, in the user's spelling
    of the command where the words write more of it (`bun link`), or in the job it ran where the
    words write the tool with another job and name the one it ran ("only `wally install`; the
    update when I ask" after `wally update`: the tool stays in use). A tool run after the last edit
    is the work's finishing step (`sqlc generate` after a query was edited), named as often to
    ask for it as to ban it: no rule."""
    named = [tool for tool in _tools_ran(turn) if _names(turn.user, tool, False)]
    if len(named) != 1 or named[0] in _finishing(turn):
        return None
    dropped = next(filter(None, (_job_dropped(sentence, named[0], turn) for sentence in _SENTENCE_END.split(turn.user))), None)
    if dropped is not None:
        return dropped
    spelled = spelled_as_run(Convention("command_avoided", named[0]), turn)
    kept, banned = named_to_use(turn, spelled.value.split())
    return banned if kept else spelled


def ran_command_spelled(turn: UserTurnInContext) -> Convention | None:
    """Where the agent kept its course, the one command the work before the turn ran that the
    words write at least as its program and subcommand, with the flags they write on after it
    ("git reset --hard kullanma" after `git reset --hard origin/main`): that command is to avoid.
    A command spelled is a firmer sign than a tool's bare name (`ran_tool_named`). No check, and
    no tool of the work's finishing step: a check or a finishing run named is as often its
    passing, or asked for again."""
    found = []
    for words in (words for a in turn.before if a.kind == "run" for words in segments(a.value)):
        if looks_only(words) or check_name(" ".join(words)) or words[0] in _finishing(turn):
            continue
        spelled = with_flags_written(turn.user, words, user_prefix(turn.user, words, flags=True))
        if len(spelled) >= 2:
            found.append(" ".join(spelled))
    found = list(dict.fromkeys(found))
    if len(found) != 1:
        return None
    kept, banned = named_to_use(turn, found[0].split())
    return banned if kept else Convention("command_avoided", found[0])


def stated_for_good(turn: UserTurnInContext, command: str) -> bool:
    """Words that state a lasting rule, where each sentence that writes the command the work ran
    writes it whole in clauses that forbid and ask nothing, beside a clause that forbids something
    else ("teksten halen we altijd met pybabel extract, xgettext draaien we hier nooit"), and the
    agent's reply after the turn writes the command as its way of working ("voortaan alleen
    pybabel extract"): the command is the way to work, the other clause's thing the one to avoid.
    Where the reply promises nothing of it, the forbidding clause may be the command's own ("you
    ran sudo for that, we never do that here"). A clause of the tool's name and a word or two
    ("npm again, we never do that") leans on the clause beside it; a flag only the forbidding
    clause writes ("只跑 dune runtest，别加 --auto-promote") is what it bans."""
    user, words = turn.user, command.split()
    tool = words[0]
    replied = [c for a in turn.after if a.kind == "say" for sentence in _SENTENCE_END.split(a.value) for c in _clauses(sentence)
               if all(_names(c, w) for w in words)]
    if not lasting(user) or not replied or any(has_prohibition_word(c) or _CONTRACTED_NOT.search(c) for c in replied):
        return False
    sentences = [m.group(0) for m in _SENTENCE_KEPT.finditer(user) if _names(m.group(0), tool)]
    for sentence in sentences:
        clauses = _clauses(sentence)
        own = [c for c in clauses if _names(c, tool)]
        if (re.search(r"[?？]", sentence) or any(has_prohibition_word(c) or len(c.split()) < 3 for c in own)
                or not all(_names(" ".join(own), w) for w in words)
                or not any(has_prohibition_word(c) for c in clauses if c not in own)):
            return False
    return bool(sentences)


# A contracted negation in the agent's reply ("I won't use sudo again"): a promise to keep off it.
_CONTRACTED_NOT = re.compile(r"\w+n['’]t\b", re.I)
# A sentence with the mark that ends it, so that a question keeps its question mark.
_SENTENCE_KEPT = re.compile(r"(?:[^.!?;。！？；\n]|[.!?;](?=\S))+(?:[.!?;。！？；]+|$)")


def _finishing(turn: UserTurnInContext) -> set[str]:
    """The tools the work ran after its last edit before the turn (none where it edited nothing)."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write")]
    after = turn.before[edits[-1] + 1:] if edits else []
    return {words[0] for a in after if a.kind == "run" for words in segments(a.value)}


def flag_named(turn: UserTurnInContext) -> Convention | None:
    """A long flag of a command the work before the turn ran, one word long, that the words
    name by that word ("squash, not merge commits" of `gh pr merge 9 --merge`) or write as it
    was typed ("never --push from here" of `earthly --push +image`): the command with that flag
    is to avoid; a three-letter flag (`--all`) only as typed, its word being any sentence's. Not
    a flag of a file the program ran (`python x.py --inplace`: the script's own, not the program's)."""
    for action in (a for a in turn.before if a.kind == "run"):
        for words in segments(action.value):
            program = command_name(words)
            rest = words[len(program):]
            if rest and pathlike(rest[0]) and PurePosixPath(rest[0]).suffix:
                continue
            for flag in rest:
                name = flag[2:] if flag.startswith("--") else ""
                if name.isalpha() and ((len(name) >= 4 and names_word(turn.user, name))
                                       or (len(name) >= 3 and _writes_flag(turn.user, flag))):
                    return Convention("command_avoided", " ".join(program + [flag]))
    return None


def _writes_flag(user: str, flag: str) -> bool:
    """The words write this long flag as it is typed (`--push`), its value aside, and no other:
    where they write two (`--all-files, not --files`), one is how to run it instead, and which
    one the words alone tell."""
    flag = flag.split("=")[0]
    written = set(re.findall(STANDS_BEFORE + r"--[a-z][\w-]*", user))
    return written == {flag}


def code_kept(turn: UserTurnInContext) -> Convention | None:
    """Code the work before the turn showed (its reply, its commands) that the words name, where
    that work edited files: the code is not to be added. Where the session recorded no edit's
    code, the one piece of code the words write by its shape (`NSLog(`, `std::cout`): the edit
    is the work that could have put it there. Where it recorded them, they must show it. Two
    pieces ("b() instead of a()") leave open which one is objected to."""
    if not turn.paths("before"):
        return None
    found = code_named(turn.user, turn.before)
    untraced = all(a.trace == NO_TRACE for a in turn.before if a.kind in ("edit", "write"))
    written = code_written(turn.user) if untraced else []
    found = found or (written if len(written) == 1 else [])
    return Convention("added_lines_avoid", found[0]) if found else None


# A file named as a test (`test_peaks.py`, `cleanup_job_spec.rb`, `chat.test.js`, `BadgeTests.swift`),
# not only one inside a tests folder (a recorded cassette is a fixture, not a test).
_TEST_NAME = re.compile(r"(?:^|/)test_[^/]+$|[._](?:test|spec)\.\w+$|(?:Tests?|Spec)\.\w+$")


def placed_tests(turn: UserTurnInContext) -> Convention | None:
    """A test the work wrote or changed before the turn beside the code it fixed, in a folder the
    words write as a path, in a clause that negates nothing ("chaque modification s'accompagne
    d'un test unitaire dans .tests/unit"): the words place where each change's test goes, a rule
    that one comes with it there, not a folder to keep out of (`folder_named`). A clause that
    negates ("don't edit tests/ to make them pass") is left to the readers of bans."""
    paths = turn.paths("before")
    fixed = [p for p in paths if not _TEST_NAME.search(p)]
    for test in (p for p in paths if fixed and _TEST_NAME.search(p)):
        folder = user_folder(test, turn.user).removesuffix("/**")
        clauses = [c for sentence in _SENTENCE_END.split(turn.user) for c in _clauses(sentence)
                   if folder and folder.rsplit("/", 1)[-1] in c]
        if clauses and not any(has_prohibition_word(c) for c in clauses):
            return Convention("test_added", tests_home(test, fixed, turn))
    return None


def folder_named(turn: UserTurnInContext) -> Convention | None:
    """A folder the words write as a path (with a slash) that holds a file the agent edited
    before the turn, or changed with a file command (`rm`, `sed -i`): the folder is not to be
    touched. Where the words also name a generator's job ("nothing under gen/ ... it comes out of
    buf generate"), they point at two kinds of rule, the folder kept and the generator run, and
    the agent did neither: no rule is read."""
    if names_generating_job(turn.user):
        return None
    for path in turn.paths("before") + _changed_by_runs(turn.before):
        folder = user_folder(path, turn.user)
        # The whole tree (`./...`) or a whole source root (`src/`) is where all work goes: no
        # folder to keep out of.
        if folder and folder.rstrip("*").strip("./") not in SOURCE_ROOTS | {""} and not _processed(path, turn):
            return Convention("path_untouched", folder)
    return None


def names_a_check(user: str) -> bool:
    """The words write a test or a lint as a word of its own, or a program named for checking
    (`ansible-lint`, `shellcheck`). Not "check" or "vet" alone: "check with me first", and "vet"
    is a word of other languages ("du vet")."""
    return (any(names_word(user, job) for job in ("test", "tests", "lint"))
            or any(named_for_checking(word) for word in _PROGRAM_WORD.findall(user))
            or any(camel_checking_job(word) for word in re.findall(r"[A-Za-z]\w*", user)))


def _changed_by_runs(actions: list[Action]) -> list[str]:
    """The paths a file command (`rm`, `mv`, `cp`) or an in-place `sed -i` among these runs
    changed, as an edit changes its file; a run that only reads a file (`cat`, `sed -n`) changes none."""
    return [norm_path(w) for a in actions if a.kind == "run" for words in segments(a.value)
            if words[0] in FILE_OPS - {"cd", "mkdir"} or (words[0] == "sed" and "-i" in words)
            for w in words[1:] if pathlike(w)]


def manifest_named(turn: UserTurnInContext) -> Convention | None:
    """A manifest the agent edited before the turn, or the one a package tool it ran to add
    something keeps, that the words write by its name (`Gemfile`): its dependency set is to stay
    as it was. What the work did with the named file, adding to it, is what the rule is about. A
    file no manifest reader reads is left out: whether its rule is of its dependencies or of the
    whole file, the name alone does not tell."""
    added = [manifest_of(words, a.value) for a in turn.before if a.kind == "run" for words in segments(a.value)
             if words[0] in MANIFEST_OF and len(words) > 2 and words[1] in ADDS]  # `npm install` alone adds nothing
    for path in [*turn.paths("before"), *added]:
        name = PurePosixPath(path).name
        if names_a_manifest(name) and (_names(turn.user, path, False) or _names(turn.user, name, False)):
            return Convention("dependency_set_unchanged", path)
    return _data_file_of_an_add(turn)


def _data_file_of_an_add(turn: UserTurnInContext) -> Convention | None:
    """Where the work before the turn added a package by hand with a tool of any ecosystem (`elm
    install x`), the one data file the words name by its name (`elm.json`, `Project.toml`), no lock
    file: the manifest that add wrote to, its dependency set to stay as it was."""
    if not adds_any_package(turn.before):
        return None
    named = data_file_named(turn.user)
    return Convention("dependency_set_unchanged", named) if named else None


def project_file_named(turn: UserTurnInContext) -> Convention | None:
    """A file the agent edited before the turn that is the project's manifest, of any ecosystem
    (`behaviour.project_file_kept`: a data file at the root, a file with a release's version in its
    name), that the words name whole or by a word of its name ("the rockspec" of
    `x-1.0-1.rockspec`, "the environment" of `environment.yml`): its dependency set stays as it
    was. Any other file the words name is as often the place of a one-off fix, or a generated
    file whose generator is the rule."""
    for path in dict.fromkeys(turn.paths("before")):
        manifest = project_file_kept(path, turn)
        if manifest is None:
            continue
        name = PurePosixPath(norm_path(path))
        words = [w for w in (name.suffix.lstrip("."), name.stem) if w.isalpha() and len(w) >= 4]
        if _names(turn.user, name.name, False) or any(names_word(turn.user, w) for w in words):
            return manifest
    return None


def _processed(path: str, turn: UserTurnInContext) -> bool:
    """A command the words spell ran after the edit of `path` (`sqlc generate` after a query was
    edited): the folder is that command's input, where work goes, not one to keep out of."""
    edits = [i for i, a in enumerate(turn.before) if a.kind in ("edit", "write") and a.value == path]
    return bool(edits) and any(len(user_prefix(turn.user, words)) >= 2 for a in turn.before[edits[0] + 1:]
                               if a.kind == "run" for words in segments(a.value))


def folder_left(turn: UserTurnInContext) -> Convention | None:
    """The top folder that holds every file the work edited before the turn, where the words write
    its name ("Finger weg von pkg/", "rör inte *.js i pkg") and the work after the turn edits
    files outside it and then runs a build (no look, no check): the change moved out of the folder
    the words name and the folder was made again, so it is kept from hand edits. Work that edits
    elsewhere without building is as often the next step the words ask for ("docs done, now the
    version bump in setup.py")."""
    edited = [PurePosixPath(norm_path(a.value)) for a in turn.before if a.kind in ("edit", "write")]
    tops = {p.parts[0] if len(p.parts) > 1 else "" for p in edited}
    if len(tops) != 1 or "" in tops:
        return None
    top = tops.pop()
    after = [(a, PurePosixPath(norm_path(a.value)) if a.kind in ("edit", "write") else None) for a in turn.after]
    edits = [i for i, (_, p) in enumerate(after) if p is not None]
    if not edits or any(p.parts[0] == top for _, p in after if p is not None) or not _names(turn.user, top, False):
        return None
    built = [words for a, _ in after[edits[-1] + 1:] if a.kind == "run" for words in segments(a.value)
             if not looks_only(words) and not check_name(" ".join(words))]
    return Convention("path_untouched", f"{top}/**") if built else None
