"""Values a log cut across two lines.

A logger that wraps long lines repeats its prefix (`[app] 10:02:11 `) on the next line and goes
on with the rest of the value there. Judged apart, neither piece may look like what the whole is:
half a key is short, the rest of a digest looks random. `token_shapes` joins the pieces and
judges the whole.
"""

from __future__ import annotations

from skillopt_sleep.capture.lazy_regex import lazy

MIN_PREFIX = 6  # a log prefix this long or longer, words and a space at its end (`[app] 10:02:11 `)
MAX_PREFIX = 64
MIN_REST = 6  # the rest of a value on the next line: at least this many characters
_GOES_ON = ("...", "\u2026")  # what a wrapper may open the rest with, to say it goes on
_DELIMITERS = frozenset(" \t\n\r\f\v\"'`\\,;<>[]{}()|&?")
# A container runtime's log line (CRI: `<time> <stream> <tag> <text>`) tags a line it cut `P` and the
# piece that ends it `F`: the two lines' prefixes differ in that tag alone, and the `F` line goes on
# with the `P` line's text.
_CRI_HEAD = lazy(r"\S+ (?:stdout|stderr) ([PF])(?: |$)")


def _as_partial(prefix: str, above: str) -> str:
    """`prefix`, its CRI tag read as the line above's `P` where the line above is one the runtime cut."""
    head = _CRI_HEAD.match(prefix)
    if head is None or not above.startswith(prefix[:head.start(1)] + "P "):
        return prefix
    return prefix[:head.start(1)] + "P" + prefix[head.end(1):]


def repeats(text: str, prefix: str, at: int) -> bool:
    """The line at `at` opens with `prefix`, the prefix of the line after it (a CRI tag aside)."""
    return text.startswith(_as_partial(prefix, text[at:at + len(prefix) + 1]), at)


def continuation(text: str, end: int) -> tuple[int, int] | None:
    """Where the value cut at `end` (a newline) goes on: the run after the next line's copy of this
    line's prefix, or None where the next line does not repeat a prefix. A backslash before the
    newline (a continued line) belongs to neither piece."""
    if text.startswith("\\\n", end):
        end += 1
    if not text.startswith("\n", end):
        return None
    line = text[text.rfind("\n", 0, end) + 1:end]
    after = end + 1
    if not text.startswith(line[:MIN_PREFIX], after) or not line[:MIN_PREFIX].strip():
        return None  # most lines: the next one opens otherwise, or both open with indentation alone
    limit = min(len(line), len(text) - after, MAX_PREFIX)
    below = _as_partial(text[after:after + limit], line)
    same = 0
    while same < limit and line[same] == below[same]:
        same += 1
    cut = line.rfind(" ", 0, same) + 1  # the shared prefix ends after a space
    if cut < MIN_PREFIX or not line[:cut].strip() or cut == len(line):
        return None
    start = after + cut
    while start < len(text) and text[start] in " \t" and start - after < MAX_PREFIX:
        start += 1  # the rest indented past the prefix, as a wrapper may set it
    for mark in _GOES_ON:
        if text.startswith(mark, start):
            start += len(mark)  # `...rest` or `…rest`: the wrapper marks the rest as going on
            break
    stop = start
    while stop < len(text) and text[stop] not in _DELIMITERS:
        stop += 1
    return (start, stop) if stop - start >= MIN_REST else None


def cut_before(text: str, start: int) -> tuple[int, int] | None:
    """Where the value that the run at `start` continues began: the last run of the line before,
    when this line repeats that line's prefix up to `start` (the rest indented past it or not);
    else None. A backslash that continued the line before belongs to neither piece."""
    line_start = text.rfind("\n", 0, start) + 1
    if not line_start or start - line_start < MIN_PREFIX or text[start - 1] != " ":
        return None
    prefix = text[line_start:start].rstrip(" \t") + " "
    above = text.rfind("\n", 0, line_start - 1) + 1
    if not prefix.strip() or not repeats(text, prefix, above) or line_start - 1 - above <= len(prefix):
        return None
    stop = line_start - 1 - text.endswith("\\", 0, line_start - 1)
    begin = stop
    while begin > above and text[begin - 1] not in _DELIMITERS:
        begin -= 1
    return (begin, stop) if begin < stop else None
