"""The session-start stamp: what the notice reader answered and what that answer rests on, in a
file that the runner (`stamped_answer` in plugin/lib/skillopt-sleep-paths.sh) says again without
starting Python while every ground holds; and the list, beside a store's notice, of the stamps
read from it, which the engine answers again whenever it writes the notice (notice.refresh_stamps).

    skillopt-sleep session-start 2 ROOT      the format, and the runner's tree: another, another stamp
    VALUE<TAB>VALUE...                       the environment that names the folders (STAMP_ENV)
    N:ARG ARG...                             the arguments
    SAID                                     the answer (empty: nothing)
    CHECK WHERE                              the grounds, one a line (pending_notice.answer_grounds)
    .                                        the end: a stamp cut short holds nothing

Like pending_notice, which writes through it, it runs on a bare interpreter: `posix` alone.
"""

try:
    from posix import O_APPEND, O_CREAT, O_TRUNC, O_WRONLY, close, getpid, rename, unlink, utime, write
    from posix import open as open_fd
except ImportError:  # Windows, for the engine's own use of this module
    from nt import O_APPEND, O_CREAT, O_TRUNC, O_WRONLY, close, getpid, rename, unlink, utime, write
    from nt import open as open_fd

STAMP_FORMAT = "skillopt-sleep session-start 2"
STAMP_NAME = "session-start-answer"  # the runner's file, in the plugin's data folder
STAMPS_SUFFIX = "-notice-stamps"  # beside the store: the stamps read from its notice
LARGEST = 1 << 20  # no stamp, and no list of them, is anywhere near this: a larger file is neither


def stamps_path(store: str) -> str:
    return store + STAMPS_SUFFIX


def _clean(text: str) -> bool:
    return "\t" not in text and "\n" not in text


def write_stamp(path: str, root: str, values: list, argv: list, said, grounds, started: float) -> bool:
    """Leave what `session-start ARGV` answered (`said`, None for nothing) in the environment
    `values`, and the `grounds` it rests on (None: none the runner can test), for the runner of
    the tree at `root`. Written whole or not at all; False where it was not."""
    said = said or ""
    if grounds is None or not all(map(_clean, values)) or "\n" in said or "\n" in root \
            or any(not a or " " in a or not _clean(a) for a in argv):
        return False
    lines = [f"{STAMP_FORMAT} {root}", "\t".join(values), f"{len(argv)}:{' '.join(argv)}", said,
             *(f"{check} {where}" for check, where in grounds), "."]
    temp = f"{path}.{getpid()}"
    try:
        data = ("\n".join(lines) + "\n").encode("utf-8")  # what the agent reads; a path it cannot hold, no stamp
        handle = open_fd(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try:
            write(handle, data)
        finally:
            close(handle)
        # A second before the reading began: whatever changed after is newer than the stamp,
        # also where the shell's -nt compares whole seconds.
        then = int(started) - 1
        utime(temp, (then, then))
        rename(temp, path)
    except (OSError, UnicodeError):
        try:
            unlink(temp)
        except OSError:
            pass
        return False
    return True


def read_lines(path: str) -> list:
    """The lines of a small text file (bytes that are not UTF-8 read as U+FFFD); [] where there
    is none to read, or it is not small."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read(LARGEST + 1)
    except (OSError, ValueError):  # ValueError: a path with a NUL in it
        return []
    return text.split("\n") if len(text) <= LARGEST else []


def register(registry: str, stamp: str) -> None:
    """Add `stamp` to the list at `registry` where it is not there yet. One short appended line,
    so readers adding at once do not lose each other's; never fails the answer."""
    if "\n" in stamp or stamp in read_lines(registry):
        return
    try:
        handle = open_fd(registry, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        try:
            write(handle, (stamp + "\n").encode("utf-8"))
        finally:
            close(handle)
    except (OSError, UnicodeError):
        pass


def question(path: str, width: int):
    """(root, values, argv) of the stamp at `path`, whose environment has `width` values; None
    where the file there is not a whole stamp of this format."""
    lines = read_lines(path)
    if len(lines) < 6 or lines[-2:] != [".", ""] or not lines[0].startswith(STAMP_FORMAT + " "):
        return None
    values = lines[1].split("\t")
    count, _, args = lines[2].partition(":")
    argv = args.split(" ") if args else []
    if len(values) != width or count != str(len(argv)):
        return None
    return lines[0][len(STAMP_FORMAT) + 1:], values, argv
