"""Errors a user can act on. The CLI prints their message and exits non-zero."""


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
