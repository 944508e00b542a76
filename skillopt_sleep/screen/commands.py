"""The shell commands a rule mentions, as argument lists, with the indirections that hide them
undone: `sh -c '…'`, `eval "…"`, `echo <base64> | base64 -d | sh`, `$'…'` escapes, a variable or
alias or package script that holds a command and is run later. Text around the commands (any
language) is ignored; a rule that spells no backticks is read whole, so a command written in
plain prose is still found."""

from __future__ import annotations

import base64
import binascii
import re
import shlex

CODE_SPAN = re.compile(r"`([^`\n]+)`")  # an inline code span, its code in group 1
# Any code span, empty or run across lines: what the words around code are read without.
ANY_CODE_SPAN = re.compile(r"`[^`]*`")


def blank_code(text: str) -> str:
    """`text` with each code span's inside blanked, same length: what the sentence says around its code."""
    return ANY_CODE_SPAN.sub(lambda span: "`" + "x" * (len(span.group(0)) - 2) + "`", text)
_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|$)", re.S)
_CHAIN = {";", "&&", "||", "|", "&", "(", ")", "|&", ";;"}
_SHELL_RUNNERS = {"sh", "bash", "zsh", "dash", "ksh", "eval", "exec", "powershell", "pwsh", "cmd", "iex",
                  "invoke-expression", "source", "."}
# Words that hold a command run later: NAME="cmd", alias x='cmd', git config alias.x 'cmd', "script": "cmd".
_HELD = re.compile(r"""(\b[A-Za-z_]\w*=|\balias\s+[\w.-]+=|\balias\.[\w.-]+\s+|"[\w:.-]+"\s*:\s*)(['"])(.+?)\2""")
_B64 = re.compile(r"\b[A-Za-z0-9+/]{12,}={0,2}")
# Commands spelled inside code: a string literal of a few words, or a list of them (`['git', 'push', '-f']`).
_LITERAL = re.compile(r"""(['"])([^'"\n]*\s[^'"\n]*)\1""")
_ARGV = re.compile(r"""\[\s*(['"][^'"\]]+['"](?:\s*,\s*['"][^'"\]]+['"])+)\s*\]""")
# Programs whose name is also a verb of the prose around a span ("Copy `x` into ...", "Cat `x`").
_PROSE_PROGRAMS = {"copy", "cp", "cat", "type", "move", "mv", "print", "show", "dump", "upload", "send", "share", "paste"}
_ANSI_C = re.compile(r"\$'((?:[^'\\]|\\.)*)'")


def _ansi_c(match: re.Match) -> str:
    try:
        return "'" + match.group(1).encode("latin-1", "backslashreplace").decode("unicode_escape") + "'"
    except (UnicodeDecodeError, UnicodeEncodeError):
        return match.group(0)


def _decoded(blob: str) -> str:
    try:
        text = base64.b64decode(blob + "=" * (-len(blob) % 4), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return ""
    return text if text.isprintable() and " " in text else ""


def tokens(text: str) -> list[str]:
    """Shell words of `text`, chains (`;`, `&&`, `|`) as their own words; forgiving of prose."""
    text = _ANSI_C.sub(_ansi_c, text)
    text = re.sub(r"\\(?=[\w*.%$]{2})", "/", text)  # Windows paths: posix shlex would eat the separators
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|()")
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:  # an unclosed quote in prose: split by hand
        return re.findall(r";|&&|\|\||\||[^\s;|&]+", text.replace("'", " ").replace('"', " "))


def segments(words: list[str]) -> list[list[str]]:
    """Simple commands of a token list, split at `;`, `&&`, `|`…, with leading env assignments kept."""
    out, current = [], []
    for word in words:
        if word in _CHAIN:
            if current:
                out.append(current)
            current = []
        else:
            current.append(word)
    if current:
        out.append(current)
    return out


def _split_commands(spans: list[str]) -> list[str]:
    """Spans joined where a later one continues an earlier command (a flag, a lone argument), never
    across two spans that are each a command: `rm -rf dist/`, then `python -m build` stays two."""
    joined: list[str] = []
    for span in spans:
        words = span.split()
        if joined and (len(words) < 2 or words[0].startswith("-")):
            joined[-1] += " " + span
        else:
            joined.append(span)
    return joined


def code(text: str) -> list[str]:
    """The code `text` holds: each inline code span, and each line of a fenced block."""
    fenced = [line for m in _FENCE.finditer(text) for line in m.group(1).splitlines() if line.strip()]
    return [m.group(1) for m in CODE_SPAN.finditer(_FENCE.sub("", text))] + fenced


def sources(text: str) -> list[str]:
    """Every string of `text` that may be a command: code spans and fenced lines, the whole rule,
    what a variable, alias or script holds, what `sh -c` / `eval` runs, and decoded base64 payloads."""
    spans = code(text)
    # A command split across spans or sentences ("Use `git reset`. The `--hard` flag ...") is read joined.
    found = spans + [text] + [joined for joined in _split_commands(spans) if joined not in spans]
    seen: list[str] = []
    while found:
        source = found.pop()
        if source in seen or len(seen) > 40:
            continue
        seen.append(source)
        # A git alias holds git's arguments, not a command.
        found += [("git " if m.group(1).startswith("alias.") else "") + m.group(3) for m in _HELD.finditer(source)]
        found += [d for d in (_decoded(b) for b in _B64.findall(source)) if d]
        if source is not text:  # in prose, quotes mark words, and the text between two quotes is no string
            found += [m.group(2) for m in _LITERAL.finditer(source)]
        found += [" ".join(re.findall(r"""['"]([^'"]+)['"]""", m.group(1))) for m in _ARGV.finditer(source)]
        for command in segments(tokens(source)):
            heads = [w.lower() for w in command]
            for at, head in enumerate(heads):
                # `.` sources a script only as a command's first word; elsewhere it is a path (`find . -name x`).
                if head in _SHELL_RUNNERS and at + 1 < len(command) and (head != "." or at == 0):
                    rest = command[at + 1:]
                    # `sh -c`, `bash -lc`, `zsh -ec`, `cmd /c`, `powershell -Command`: what follows is the command.
                    if rest and (rest[0].lower() in ("/c", "/k", "-command") or re.fullmatch(r"-[a-z]*c[a-z]*", rest[0].lower())):
                        rest = rest[1:]
                    found.append(" ".join(rest))
    return seen


def pipelines(text: str) -> list[list[list[str]]]:
    """Every pipeline `text` mentions with two or more stages, each stage a simple command's words:
    what a later stage does, it does to what the earlier ones produce."""
    out: list[list[list[str]]] = []
    for source in _read_as_commands(text):
        stages: list[list[str]] = [[]]
        for word in tokens(source) + [";"]:
            if word in ("|", "|&"):
                stages.append([])
            elif word in _CHAIN:
                if len([s for s in stages if s]) >= 2 and stages not in out:
                    out.append(stages)
                stages = [[]]
            else:
                stages[-1].append(word)
    return out


def _read_as_commands(text: str) -> list[str]:
    """The sources whose words are commands. Where a rule marks its commands in code, the prose around
    them is words, not commands (Spanish "del proyecto" is no `del`): the whole text is read only
    where it has no code, and elsewhere only the word that leads each span."""
    spans = code(text)
    if not spans:
        return sources(text)
    # A verb of the prose right before a span may be the program it runs on it, with the words after the span
    # as its arguments ("Copy `~/.ssh/id_rsa` into the report"), where that verb is a program's name.
    led = [f"{m.group(1)} {m.group(2)}{m.group(3)}" for m in re.finditer(r"([\w.-]+)\s+`([^`\n]+)`([^`.;:!?\n]*)", text)
           if m.group(1).casefold() in _PROSE_PROGRAMS]
    return [source for source in sources(text) if source is not text] + led


def commands(text: str) -> list[list[str]]:
    """Every simple command `text` mentions, once each, as its words."""
    out: list[list[str]] = []
    for source in _read_as_commands(text):
        for command in segments(tokens(source)):
            if command not in out:
                out.append(command)
    return out
