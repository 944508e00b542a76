"""What a path in a rule points at: the build output a build may delete, the user's home or the
system, a credential file, a shell start-up file or hook that runs later. Shared by the command
table, the code-call reader and the effect reader."""

from __future__ import annotations

import re

# Relative paths a build may delete: its own output and caches.
BUILD = {"build", "dist", "target", "out", "node_modules", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
         "coverage", ".coverage", "htmlcov", ".tox", ".nox", ".next", ".turbo", ".parcel-cache", "tmp", ".tmp", "bin", "obj",
         # the project's own environment, rebuilt from its lock or requirements like `node_modules`
         ".venv", "venv"}
# Names of generated output whatever the folder ("docs/_build", "web/.cache", "*.pyc").
BUILD_LIKE = re.compile(r"^_?build|cache|^tmp|^temp|^dist|generated|^coverage|\.(?:pyc|pyo|o|obj|class)$", re.I)
CREDENTIAL_PATH = re.compile(r"(?:^|[/\\~])\.(?:ssh|aws|azure|gnupg|kube|docker|npmrc|pypirc|netrc|git-credentials|pgpass|"
                             r"my\.cnf|password-store)\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|(?:^|/)\.env(?!\.(?:example|sample|template|dist)\b)(?:\.\w+)?$|"
                             r"/etc/shadow|credentials(?:\.json)?$|(?:gh|github cli)/hosts\.yml|"
                             # a file in the user's home whose own name says it holds a secret: `~/.vault-token`,
                             # `~/.cargo/credentials.toml`, `~/.ansible/vault_pass.txt`
                             r"^(?:~|\$home|\$\{home\})/(?:[\w.-]+/)*[\w.-]*?(?<![a-z])(?:tokens?|pass|passwd|passwords?|"
                             r"credentials?|secrets?)(?:\.\w+)?$", re.I)
RC_PATH = re.compile(r"(?<![\w-])\.(?:bashrc|bash_profile|profile|zshrc|zprofile|zshenv|kshrc|cshrc|config/fish)\b|"
                     r"/etc/(?:profile|cron|systemd)|\.git/hooks|launchagents|\\run(?:once)?\b", re.I)
# Where a project keeps what checks it: hooks, CI workflows, tests. Deleting one disarms the check.
CHECK_PATH = re.compile(r"(?:^|[/\\])(?:\.husky|\.githooks|\.git/hooks|hooks|\.github/workflows|\.circleci|tests?|__tests__|spec)(?:[/\\]|$)|"
                        r"(?:^|[/\\])(?:\.pre-commit-config\.ya?ml|lefthook\.ya?ml|\.gitlab-ci\.yml|test_[\w.-]+\.py|[\w.-]+_test\.(?:py|go)|"
                        r"[\w.-]+\.(?:test|spec)\.[jt]sx?|pre-commit|pre-push|commit-msg)$", re.I)


# A shell variable as a path part, read by its name: `$OUT`, `${OUT}`, `${OUT:?}`. The `:?` only makes the shell
# stop when the variable is unset; a default (`${OUT:-$HOME}`) names another folder and is not read as the name.
_VARIABLE = re.compile(r"\$\{?(\w+)(?::?\?[^}]*)?\}?")
_TEMP_NAME = re.compile(r"TMP|TEMP|SCRATCH", re.I)


def _throwaway_variable(part: str) -> bool:
    """Is `part` a variable named for a temporary, scratch or build folder: `"$TASK_TMP"`, `${SCRATCH_DIR}`,
    `${BUILD_DIR:?}`?"""
    variable = _VARIABLE.fullmatch(part)
    return bool(variable) and bool(_TEMP_NAME.search(variable.group(1)) or BUILD_LIKE.search(variable.group(1)))


def outside_build(path: str, recursive: bool = True) -> bool:
    """Would deleting `path` lose more than build output? Home and system paths always; a path in
    the project only when it is removed wholesale and no part of it names build output or a cache."""
    path = path.strip("'\"")
    if not path or path.startswith("-"):
        return False
    # A bare `*` is everything here; `*.egg-info` is a name like any other.
    if re.match(r"^(?:~|\$home|\$\{home\}|\$\(home\)|%userprofile%|%appdata%|\$env:|[a-z]:|/|\.\.|\*(?=$|[/\\])|\.$|\./?\*?$)", path, re.I):
        return not path.startswith(("/tmp/", "/var/tmp/"))
    parts = [p for p in re.split(r"[/\\]", path) if p not in ("", ".")]
    # A variable named for a temporary, scratch or build folder holds throwaway files: `"$TASK_TMP"`, `${BUILD_DIR:?}`.
    if parts and _throwaway_variable(parts[0]):
        return False
    if any(p in BUILD or p.endswith(".egg-info") or BUILD_LIKE.search(p) for p in parts):
        return False
    return recursive or "*" in path


# A database the tests create and drop themselves: `app_test`, `test_app`, `myapp-testing`.
THROWAWAY_DATABASE = re.compile(r"(?:^|[_-])test(?:s|ing)?(?:$|[_-])", re.I)


def home_or_root(path: str) -> bool:
    """A path in the user's home or the system, never the project's: moving or truncating it loses data."""
    return bool(re.match(r"^['\"]?(?:~|\$home|\$\{home\}|\$\(home\)|%userprofile%|%appdata%|[a-z]:[/\\]|/(?!tmp/|dev/null))", path, re.I))
