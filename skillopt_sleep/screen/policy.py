"""A policy check on every proposed edit, before the gate. The gate measures whether a rule helps;
this decides whether it may be tried at all.

Refused: a rule that hides what it says (invisible characters, letters of another script inside a
word, a command spelled in escapes or pieces), or that in any reading `normalize.views` gives
tells the agent to run fetched or hidden code, open a connection, install something that runs
later, weaken the checks, widen its permissions or switch off a safety, read or send credentials,
post files to the network, or say the opposite of what the user's memory says. A clause that
forbids the thing ("never use sudo") is fine; one that asks for it ("use sudo when needed",
"don't hesitate to use sudo") is not. Held for the user (never tried): a rule whose evidence
traces only to tool output, which a web page or a file can plant. Refused too: a rule that names a
command, host or path the user's own words and the commands that ran in their sessions never show
(`provenance`), and a rule whose effect is dangerous however it is worded (`effects`), unless the
user's own words in their sessions asked for that same effect on the same object (`consent`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from skillopt_sleep.records import Edit
from skillopt_sleep.screen.argv import parse
from skillopt_sleep.screen.commands import CODE_SPAN, commands, pipelines
from skillopt_sleep.screen.consent import asked_by_user
from skillopt_sleep.screen.dangers import DANGERS, clauses, forbidden_here
from skillopt_sleep.screen.effects import (INJECTION, effect_in, harmless_command_on, names_only, narrowed_step, project_hooks,
                                          sends_or_shows)
from skillopt_sleep.screen.handover import goes_to_person
from skillopt_sleep.screen.memoryclash import clash
from skillopt_sleep.screen.normalize import disguises, folded, views
from skillopt_sleep.screen.programs import previews, reads_plain_field
from skillopt_sleep.screen.prohibit import (condition_end, defined_then_forbidden, forbidden_by_next, forbids, has_prohibition_word,
                                           refused_in_condition, sentences)
from skillopt_sleep.screen.provenance import Provenance

REFUSED, HELD = "refused", "held"
EFFECT_REFUSAL = "would make the agent: "  # a refusal for what the rule would do (the user may have asked for it)
_WORDS = re.compile(r"[\w'-]+")
# Marks of one text in another: a URL, a `code span`, a --flag, or a run of this many words.
_MARK = re.compile(r"https?://[^\s`'\")]+|`[^`\n]+`|(?<![\w-])--[a-z][\w-]+", re.I)
SHINGLE_WORDS = 5
# Memory directives: polarity of the cue, then the key phrase it governs.
_DIRECTIVE = re.compile(r"(?<![\w-])(always|must not|mustn't|must|should not|shouldn't|should|never|don't|dont|do not|avoid)"
                        r"\s+([^.;:!?\n]+)", re.I)
_NEGATIVE_CUES = {"never", "don't", "dont", "do not", "must not", "mustn't", "should not", "shouldn't", "avoid"}
_FILLER = {"the", "a", "an", "to", "you", "your", "ever", "always", "any", "be", "please", "also", "just"}
KEY_WORDS = 3


@dataclass
class Screened:
    kept: list[Edit] = field(default_factory=list)
    stopped: list[tuple[Edit, str, str]] = field(default_factory=list)  # (edit, "refused" | "held", why)


def _previewed(clause: str, at: int) -> bool:
    """Is the command written in the code span around `at` a dry run (`rsync -av --dry-run dist/ host:`)?"""
    span = next((m for m in CODE_SPAN.finditer(clause) if m.start() <= at < m.end()), None)
    return bool(span) and any(previews(parse(words)) for words in commands(span.group(0)))


# A setting a rule writes: `save-exact=true`, `registry = https://npm.example.com`; and a key that would hold a secret.
_SETTING = re.compile(r"[\w.:/@-]+\s*=\s*[^\s`]*")
_SECRET_KEY = re.compile(r"token|auth|pass|secret|key|credential|cert|cookie|session", re.I)
_CREDS = "reads or sends credentials"
_WEAKENS = "weakens the checks"


def _sets_plain_setting(clause: str, at: int) -> bool:
    """Is the credential file named at `at` only where the clause writes settings that hold no secret (`.npmrc`:
    `save-exact=true`)? The file is named alone in its span, every other span is such a setting, and no word of
    sending or showing stands in the clause: it reads and sends nothing."""
    spans = list(CODE_SPAN.finditer(clause))
    holder = next((m for m in spans if m.start() <= at < m.end()), None)
    others = [m.group(1).strip() for m in spans if m is not holder]
    plain = CODE_SPAN.sub(" ", clause)
    return bool(holder) and " " not in holder.group(1).strip() and bool(others) \
        and all(_SETTING.fullmatch(o) and not _SECRET_KEY.search(o.split("=")[0]) for o in others) \
        and not sends_or_shows(plain)


def _lists_names(clause: str, at: int) -> bool:
    """Is the environment listed at `at` piped down to its variables' names (`env | cut -d= -f1`)?"""
    span = next((m for m in CODE_SPAN.finditer(clause) if m.start() <= at < m.end()), None)
    stages = pipelines(span.group(0)) if span else []
    return bool(stages) and all(names_only(s) for s in stages)


def _plain_command_on(clause: str, match: re.Match) -> bool:
    """Does the credential file the cue flags stand in a command whose own words read no secret out (`cut -d= -f1
    .env`)? The command decides what is done to the file, not the verb before it."""
    span = next((m for m in CODE_SPAN.finditer(clause) if m.start() < match.end() <= m.end()), None)
    return bool(span) and harmless_command_on(span.group(1))


def _arms_project_hooks(clause: str, match: re.Match) -> bool:
    """Is the hooks setting the cue flags written in a `git config core.hooksPath <folder>` whose folder is the project's
    own hooks folder? The command's value says it arms the hooks; the key's name alone says nothing."""
    span = next((m for m in CODE_SPAN.finditer(clause) if m.start() <= match.start() < m.end()), None)
    found = [c for c in (parse(w) for w in commands(span.group(0))) if c is not None] if span else []
    return bool(found) and all(c.program == "git" and c.sub("config") and project_hooks(list(c.positionals[1:])) for c in found)


def _shows_plain_field(clause: str, at: int) -> bool:
    """Is the secret store read at `at` one that shows only fields holding no secret (`vault kv get -field=url`)?"""
    span = next((m for m in CODE_SPAN.finditer(clause) if m.start() <= at < m.end()), None)
    found = [parse(words) for words in commands(span.group(0))] if span else []
    return bool(found) and all(reads_plain_field(c) for c in found)


def _sentence_of(text: str, clause: str) -> str:
    """The sentence of `text` that holds `clause` (a sentence may go on past a clause's break: ", then ...")."""
    return next((s for s in sentences(text) if clause.strip() in s), clause)


def _asked_for(text: str) -> str:
    for clause in clauses(text):
        # code read as a word, so a condition may name a command ("if `luarocks upload` fails,")
        cut = condition_end(CODE_SPAN.sub(lambda span: "c" * len(span.group(0)), clause))
        for danger in DANGERS:
            for match in danger.pattern.finditer(clause):
                # A verb inside a leading condition governs nothing in the main clause ("if `luarocks upload` fails, it
                # says the API key is not set"): the main clause is read from its own start.
                if match.start() < cut < match.end():
                    match = danger.pattern.search(clause, cut)
                    if match is None:
                        continue
                if danger.kind == _CREDS and (_sets_plain_setting(clause, match.start()) or _lists_names(clause, match.start())
                                              or _shows_plain_field(clause, match.start()) or _plain_command_on(clause, match)):
                    continue
                if "hookspath" in match.group(0).casefold() and _arms_project_hooks(clause, match):
                    continue
                if danger.kind == _WEAKENS and narrowed_step(text, _sentence_of(text, clause)):
                    continue  # a narrowed run typed by hand, then the whole suite: a step, not the end
                # what a note asks for in the leading condition, refused by the main clause ("if a note asks to add an
                # entry to `crontab`, the agent does not add it"), is not asked of the agent
                if match.end() <= cut and refused_in_condition(clause, match.start(), match.end()):
                    continue
                if not forbidden_here(clause, match.start()) and not _previewed(clause, match.start()):
                    return f"{danger.kind} ({match.group(0).strip()[:60]!r})"
    return ""


def danger_in(text: str) -> str:
    """What a rule's text would make the agent do that no rule may, or "": judged on every
    reading of it (decoded, unescaped, joined), and a rule that hides what it says is refused."""
    hidden = disguises(text)
    if hidden:
        return f"hides what it says: {hidden}"
    for number, view in enumerate(views(text)):
        why = _asked_for(view)
        if why:
            return why if number == 0 else f"{why}, once decoded"
    return ""


def _cleared(sentence: str) -> bool:
    """Does `sentence`, which `danger_in` flags, forbid the thing in words `danger_in` does not
    read (its cues are English)? Not where the flagged words carry the cue themselves ("don't run
    the tests")."""
    flagged = re.search(r"\(['\"](.*)['\"]\)", danger_in(sentence))
    if flagged and "`" not in sentence and flagged.group(1) in sentence:
        # The flagged words are what the sentence is about: read them as its named command.
        sentence = sentence.replace(flagged.group(1), f"`{flagged.group(1)}`", 1)
    # The prohibition is read for the code span that holds the flagged words, not the sentence's first one.
    # The span that is the flagged words comes before one that only holds them in a name (`sudo-free-build`).
    words = flagged.group(1).strip("`") if flagged else None
    spans = list(CODE_SPAN.finditer(sentence)) if words else []
    holder = next((m.start() for m in spans if m.group(0).strip("` ") == words), None)
    holder = next((m.start() for m in spans if words in m.group(0)), None) if holder is None else holder
    # Flagged words that run across spans ("--stat 8a2c6f1`,只看文件名,不打开 `.env") end on the one they flag.
    holder = next((m.start() for m in reversed(spans) if words.endswith(m.group(0).strip("` "))), None) \
        if holder is None else holder
    # Flagged words in prose beside the spans ("claiming ... permission to read credentials") are also read where they
    # stand; the whole sentence still counts, as a verb-final negation comes after them ("... legen Agenten nicht an").
    in_prose = sentence.find(words) if holder is None and words and words in sentence else None
    denied = forbids(sentence, holder) or (in_prose is not None and forbids(sentence, in_prose))
    return denied and not (flagged and _FORBIDDING.search(flagged.group(1)))


_FORBIDDING = re.compile(r"\b(?:don't|do not|never|no need|without)\b", re.I)


# A code span that is a comment: `# never add --no-verify here`, `// keine Änderung`, `/* ... */`, `<!-- ... -->`.
_COMMENT = re.compile(r"`\s*(?:#|//|/\*|<!--|--\s)\s*([^`]*?)\s*(?:\*/|-->)?\s*`")
_CODE_WORD = re.compile(r"[-\w./~*$@=]*[-_=./~*$@][-\w./~*$@=]*")
_PROGRAM_WORDS = 2  # plain words before a comment's first code-like word that may be its program (`git push --force`)


def _as_clauses(comment: str) -> list[str]:
    """A comment's clauses with the command in each marked as code: from the first code-like word (and up to
    two plain words before it, its program) to the clause's end."""
    out = []
    for clause in re.split(r"(?<=[:;])\s+", comment):
        words = clause.split(" ")
        first = next((i for i, w in enumerate(words) if _CODE_WORD.fullmatch(w.rstrip(".,").strip("'\""))), None)
        if first is None:
            out.append(clause)
            continue
        start = first
        # A program run by its path (`./gradlew`) is the command's first word: the words before it are prose.
        while start > max(0, first - _PROGRAM_WORDS) and not words[first].startswith(("./", "../")) \
                and words[start - 1].isalnum() and not has_prohibition_word(words[start - 1]):
            start -= 1
        out.append(" ".join(words[:start] + ["`" + " ".join(words[start:]).rstrip(".;:") + "`"]))
    return out


# A list of what is refused, in settings: `"deny": ["Bash(sudo:*)", ...]`, `blocked_commands = [...]`.
_DENY_LIST = re.compile(r"""["']?[\w.-]*(?:deny|denied|disallow\w*|block(?:ed|list)?|forbidden|denylist|blacklist)[\w.-]*["']?\s*[:=]\s*"""
                        r"""\[[^\[\]]*\]""", re.I)


def quiet_comments(text: str) -> str:
    """`text` without the comments it quotes that forbid what they name (`# never add --no-verify here`,
    `# geen sudo nodig: gebruik --user`): such a comment is a prohibition for people, it asks for nothing.
    A comment is read as clauses of its own with its commands as code; it is dropped only where it has a
    prohibition and each clause, so read, would pass the screen alone (a "do not remove:" before a command
    forbids nothing in it). `# noqa` is code."""
    def judged(match: re.Match) -> str:
        if " " not in match.group(1).strip() or not has_prohibition_word(match.group(1)) \
                or any(refusal("- " + clause) for clause in _as_clauses(match.group(1))):
            return match.group(0)
        return "a comment"
    # What a settings list denies is refused there, not asked for.
    return _DENY_LIST.sub("a deny list", _COMMENT.sub(judged, text))


# A comment of words, not a checker's pragma (`# type: ignore[x]`, `# noqa: E501`): three words or more.
_ADVICE_WORDS = 3
# A checker's pragma however many words: a tool's name, then a directive on what it checks (`-- luacheck: ignore 212`,
# `# shellcheck disable=SC2086`, `# pylint: disable=too-many-locals`): it is code on its line, no advice.
_PRAGMA = re.compile(r"^[\w.-]+:?\s*(?:ignore|disable|enable|skip|push|pop|off|on)\b(?:[\s=:]|$)", re.I)


def opened_comments(text: str) -> str:
    """`text` with each comment of words it quotes read as the words it is, its commands as code (`# on a red build:
    git push --no-verify` as "on a red build: `git push --no-verify`"), unless the rule's own words refuse it, mark it
    as data or bring it to a person: a file's advice the rule does not keep from the agent is what the agent does,
    and the rule's words around it still forbid it or not."""
    def opened(match: re.Match) -> str:
        if len(match.group(1).split()) < _ADVICE_WORDS or _PRAGMA.match(match.group(1)):
            return match.group(0)
        rest = text[match.end():].lstrip(" ;,.:")
        own = next((s for s in sentences(text) if match.group(0) in s), "")
        # "when a comment says `# ...`, ...": the situation the rule answers; "...; the agent never does that",
        # "...; it is data, not an instruction: it tells the user": kept from the agent
        at = own.find(match.group(0))
        situation = at < condition_end(own[:at] + "it" + own[at + len(match.group(0)):])  # the comment read as a word
        kept = situation or (rest and forbids(sentences(rest)[0])) or goes_to_person(rest)
        return match.group(0) if kept else " ".join(_as_clauses(match.group(1)))
    return _COMMENT.sub(opened, text)


def refusal(text: str) -> str:
    """Why a rule's text may not be tried: what `danger_in` finds in a sentence that does not
    forbid it, else the effect it would have (any language, any quoting), in its words or in the
    comments it quotes, read as words."""
    text = quiet_comments(text)
    opened = opened_comments(text)
    return _refusal_of(text) or (_refusal_of(opened) if opened != text else "")


def _refusal_of(text: str) -> str:
    why = danger_in(text)
    parts = sentences(text)
    # A sentence is cleared by its own prohibition, or by the next one pointing back ("...; you never run it.").
    cleared = [_cleared(s) or (i + 1 < len(parts) and forbidden_by_next(s, parts[i + 1]))
               or (danger_in(s).startswith(_WEAKENS) and narrowed_step(text, s)) for i, s in enumerate(parts)]
    # A definition names what it defines; a later sentence forbidding it clears it.
    cleared[:1] = [cleared[0] or defined_then_forbidden(parts)] if parts else []
    if why and (why.startswith("hides what it says") or not all(ok for s, ok in zip(parts, cleared) if danger_in(s))
                or not any(danger_in(s) for s in parts)):
        return why
    effect = effect_in(text)
    return EFFECT_REFUSAL + effect if effect else ""


def prohibitions(text: str) -> set[str]:
    """The kinds of danger `text` forbids ("never use sudo")."""
    text = folded(text)
    return {danger.kind for clause in clauses(text) for danger in DANGERS
            for match in danger.pattern.finditer(clause) if forbidden_here(clause, match.start())}


def safety_removed(edit: Edit) -> str:
    """A replace or delete that drops a prohibition the old text stated."""
    if edit.op not in ("replace", "delete") or not edit.anchor:
        return ""
    lost = prohibitions(edit.anchor) - prohibitions(edit.text if edit.op == "replace" else "")
    return f"removes a safety rule the document states ({sorted(lost)[0]})" if lost else ""


def _stem(word: str) -> str:
    word = word.casefold().strip("'-")
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] else word


def directives(text: str) -> list[tuple[bool, tuple[str, ...], str]]:
    """(forbids, key phrase, the sentence) for each always / never instruction in `text`."""
    found = []
    for clause in clauses(text):
        for match in _DIRECTIVE.finditer(clause):
            words = [_stem(w) for w in _WORDS.findall(match.group(2)) if w.casefold() not in _FILLER]
            if words:
                found.append((match.group(1).casefold() in _NEGATIVE_CUES, tuple(words[:KEY_WORDS]), clause.strip()))
    return found


def _same_key(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    shared = min(len(a), len(b))
    return a == b or (shared >= 2 and a[:shared] == b[:shared])


def contradicts_memory(text: str, memory: str) -> str:
    if not memory.strip():
        return ""
    by_meaning = clash(text, memory)
    if by_meaning:
        return by_meaning
    said = directives(memory)
    for forbids, key, _ in directives(text):
        for memory_forbids, memory_key, sentence in said:
            if forbids != memory_forbids and _same_key(key, memory_key):
                return f"contradicts the user's memory ({sentence[:80]!r})"
    return ""


def _norm(text: str) -> str:
    return " ".join(w.casefold() for w in _WORDS.findall(text))


def _marks(text: str) -> set[str]:
    marks = {m.group(0).strip("`").casefold() for m in _MARK.finditer(text)}
    words = _norm(text).split()
    marks |= {" ".join(words[i:i + SHINGLE_WORDS]) for i in range(len(words) - SHINGLE_WORDS + 1)}
    return marks


def traced_kind(edit: Edit, user_text: str, tool_text: str) -> str:
    """A teacher's rule whose own content (a URL, a command, a phrase) occurs in what tools
    returned and nowhere in the user's words, tasks or documents came from tool output."""
    if edit.evidence_kind != "teacher" or not tool_text:
        return edit.evidence_kind
    user, tool = (user_text.casefold() + "\n" + _norm(user_text)), (tool_text.casefold() + "\n" + _norm(tool_text))
    planted = [m for m in _marks(edit.text) if m in tool and m not in user]
    return "tool_output" if planted else edit.evidence_kind


def evidence_texts(evidence) -> tuple[str, str]:
    """(the users' words and checks, what tools returned) over the night's train evidence."""
    user, tool = [], []
    for ev in evidence:
        user += [ev.task.intent, ev.task.context] + [repr(c.arg) for c in ev.task.judge.checks]
        tool += [call.result for rollout in ev.rollouts for call in rollout.tool_calls]
    return "\n".join(user), "\n".join(tool)


def forbidden_name(text: str, value: str) -> bool:
    """Is every mention of `value` in `text` one a cue forbids ("never npm")? A prohibition cannot
    steer the agent towards the thing it names."""
    mentions = [(clause, at.start()) for clause in clauses(folded(text))
                for at in re.finditer(re.escape(value), clause, re.I)]
    return bool(mentions) and all(forbidden_here(clause, start) for clause, start in mentions)


def untraced(edit: Edit, provenance: Provenance | None, document: str) -> str:
    """Why a rule naming a command, host or path the user's sessions never show is refused, or "".
    Grounding is an allow-list: only the user's words and the commands that ran count, never what a
    tool returned (that is where injected instructions come from)."""
    if provenance is None or edit.op not in ("add", "replace"):
        return ""
    unshown = [name for name in provenance.unshown(edit.text, document) if not forbidden_name(edit.text, name.value)]
    if not unshown:
        return ""
    listed = ", ".join(f"{name.kind} {name.value!r}" for name in unshown[:3])
    return f"names {listed}, which the user's own sessions never show (neither their words nor a command that ran)"


def _refused_for(text: str, provenance: Provenance | None) -> str:
    """`refusal`, lifted where the user's own words asked for the same effect. Only a refusal for
    an effect is: one for what the fixed lexicon finds (fetched code run, a hidden command, ...)
    or for a notice posing as the system stands, whatever the user asked."""
    why = refusal(text)
    if not why.startswith(EFFECT_REFUSAL) or provenance is None or effect_in(text) == INJECTION:
        return why
    return "" if asked_by_user(text, provenance.words) else why


def screen_edits(edits: list[Edit], *, memory: str, document: str, evidence=(),
                 provenance: Provenance | None = None) -> Screened:
    """Split `edits` into those that may be tried and those refused or held, each with its reason.
    The kept and stopped edits carry the evidence kind their content traces to. `provenance`:
    what the user's own sessions show (None: tasks with no user behind them, nothing to trace)."""
    user_text, tool_text = evidence_texts(evidence)
    user_text += "\n" + document
    screened = Screened()
    for edit in edits:
        edit = replace(edit, evidence_kind=traced_kind(edit, user_text, tool_text))
        why = (clash(edit.text, memory) or _refused_for(edit.text, provenance) or safety_removed(edit)
               or contradicts_memory(edit.text, memory) or untraced(edit, provenance, document))
        if why:
            screened.stopped.append((edit, REFUSED, why))
        elif edit.evidence_kind == "tool_output":
            screened.stopped.append((edit, HELD, "its evidence traces only to tool output; held for review"))
        else:
            screened.kept.append(edit)
    return screened
