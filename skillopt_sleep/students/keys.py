"""The model API key stays on the host. The CLI in the sandbox is given a placeholder in its place,
with the key's own prefix (a CLI may read the prefix to choose how it signs in), and the relay puts
the real key into each request it forwards (forward.py), where no command the agent runs can read
it: not in its environment, not in any process's, not in a file."""

from __future__ import annotations

import re

PLACEHOLDER = "skillopt-sleep-placeholder"
# The vendors' own tags ("sk-ant-api03-", "sk-ant-oat01-", "sk-proj-"), never a part of the secret.
_PREFIX = re.compile(r"^sk-(?:ant-(?:api|oat|admin)\d{2}-|(?:proj|svcacct|admin)-)?")


def placeholder(secret: str) -> str:
    found = _PREFIX.match(secret)
    return (found.group(0) if found else "") + PLACEHOLDER


def placeholders(env: dict[str, str]) -> dict[str, str]:
    """`env` with every value replaced by its placeholder."""
    return {name: placeholder(value) for name, value in env.items()}
