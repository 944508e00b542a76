"""Errors a user can act on. The CLI prints their message and exits non-zero."""

import errno
import sqlite3


class SkilloptError(Exception):
    """Base class: a clear, user-facing failure."""

    exit_code = 2


class ConfigError(SkilloptError):
    """A config file, key or value is wrong; the message names the file and key."""


class TaskError(SkilloptError):
    """A task or task file is malformed."""


class CheckError(SkilloptError):
    """A judge check cannot be evaluated (bad regex, unknown op, wrong argument type)."""


class BackendError(SkilloptError):
    """A model backend failed in a way that retrying will not fix."""


class AuthError(BackendError):
    """The backend rejected our credentials, or none were found."""


class QuotaError(BackendError):
    """The account is out of quota or credit."""


class ModelNotFoundError(BackendError):
    """The backend does not know the named model."""


class BudgetExceeded(SkilloptError):
    """A per-night cap (tokens, dollars, wall time) was reached before a call."""

    exit_code = 3


class StagingError(SkilloptError):
    """Adopt or revert refused: the live file changed, a backup is missing, and so on."""


class BenchmarkError(SkilloptError):
    """A benchmark's data is missing or malformed, or an adapter option is wrong."""


class ExperimentError(SkilloptError):
    """An experiment recipe or a results file is malformed."""


class ModelUnavailableError(BackendError):
    """The local model cannot run here: weight packages or llama-cpp-python are not installed."""


class ModelIntegrityError(BackendError):
    """Local model weights have the wrong size or hash; a bad assembled file is removed."""


class NightLockedError(SkilloptError):
    """Another night holds the run lock; `holder` says which process (None if unrecorded)."""

    exit_code = 4

    def __init__(self, holder=None, lock_path=None):
        self.holder = holder
        self.lock_path = lock_path
        who = f" ({holder.describe()})" if holder is not None else ""
        super().__init__(f"another night is running{who}; wait for it to finish, or try again later")


class ScheduleError(SkilloptError):
    """Scheduling failed: no scheduler on this machine, crontab refused the table, a bad snapshot."""


class StoreError(SkilloptError, sqlite3.OperationalError):
    """The store cannot be opened, read or written (full disk, read-only folder, permission
    denied, a damaged file). Still an sqlite3.OperationalError, so code that lets a broken store
    stop its batch (rather than skip one item) keeps doing so."""


# What to do about a failure of the machine, by what the operating system or SQLite said.
_ADVICE = (
    (("disk is full", "no space left", "quota exceeded"),
     "free some space on that disk, or point the store elsewhere (--store or store.path)"),
    (("readonly", "read-only", "permission denied", "operation not permitted", "unable to open", "access denied"),
     "make it writable by this user (check its owner and mode), or point the store elsewhere (--store or store.path)"),
    (("not a database", "malformed", "file is encrypted"),
     "the file is not a usable store: move it aside and run again (a new store is made)"),
    (("locked", "busy"), "another process holds it: try again in a minute"),
    (("i/o error",), "the disk reported an error: check the drive, then run again"),
)
_ERRNO_WORDS = {errno.ENOSPC: "no space left", errno.EDQUOT: "quota exceeded", errno.EROFS: "read-only",
                errno.EACCES: "permission denied", errno.EPERM: "operation not permitted"}


def what_to_do(reason: str) -> str:
    lowered = reason.lower()
    for needles, advice in _ADVICE:
        if any(needle in lowered for needle in needles):
            return advice
    return "check that the folder exists and this user can write to it"


def machine_failure(what: str, exc: BaseException, detail: str = "") -> str:
    """One line: what failed, why, and what to do about it."""
    reason = str(getattr(exc, "strerror", None) or exc) + detail
    code = getattr(exc, "errno", None)
    words = _ERRNO_WORDS.get(code, "") if isinstance(code, int) else ""
    return f"{what}: {reason}; {what_to_do(words + ' ' + reason)}"


# Errors that make every further model call pointless: a night must stop, not score zeros. A
# store that cannot take the record of a call must not be paid into further.
FATAL_ERRORS = (AuthError, QuotaError, ModelNotFoundError, BudgetExceeded, StoreError)

# Exit codes of a night that are its verdict, not an error (the errors' codes are on their classes).
EXIT_REPLAY_ERRORS = 5  # replays failed: the machine's failure, never evidence about an edit
EXIT_UNVERIFIED = 6  # the gate could not judge (too few held-out tasks, or their replays failed)
EXIT_HELD = 7  # the proposal waits for the user's review
