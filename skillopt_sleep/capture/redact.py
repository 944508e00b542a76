"""Remove secrets from text before it is stored or shown to a model.

Each pattern replaces what it finds with `[REDACTED:<kind>]`. Where a secret sits after a name
(`password=...`, `API_KEY=...`, `Bearer ...`, `postgres://user:pass@`), the name stays so the text
still reads naturally and only the value goes. Patterns are tuned to leave ordinary text alone:
commit hashes, UUIDs, "password policy", `max_tokens=700`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable


def _tag(kind: str) -> str:
    return f"[REDACTED:{kind}]"


def _whole(kind: str) -> Callable[[re.Match], str]:
    return lambda match: _tag(kind)


def _keep_prefix(kind: str) -> Callable[[re.Match], str]:
    """Keep group 1 (the name and separator), redact the rest of the match."""
    return lambda match: match.group(1) + _tag(kind)


def _looks_secret(value: str) -> bool:
    """A value after `name:` that is a plausible credential rather than prose or a number."""
    bare = value.strip("'\"")
    if len(bare) < 6 or bare.isdigit() or bare.startswith("[REDACTED:"):
        return False
    if bare.lower() in ("true", "false", "null", "none", "required", "optional", "changeme"):
        return False
    return any(c.isdigit() for c in bare) or any(not c.isalnum() for c in bare) or len(bare) >= 12


def _is_reference(value: str) -> bool:
    """`$API_KEY`, `${{ secrets.X }}`, `os.environ[...]`: pointers to a secret, not the secret."""
    bare = value.strip("'\"")
    return bare.startswith(("$", "<", "{", "%", "os.environ", "os.getenv", "process.env", "[REDACTED:"))


def _name_value(kind: str, quoted_only: bool = False) -> Callable[[re.Match], str]:
    def replace(match: re.Match) -> str:
        value = match.group(2)
        if _is_reference(value):
            return match.group(0)
        if quoted_only and not (value[:1] in "'\"" and value[-1:] == value[:1] and len(value) > 1):
            return match.group(0)
        if not quoted_only and not _looks_secret(value):
            return match.group(0)
        quote = value[0] if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) > 1 else ""
        return f"{match.group(1)}{quote}{_tag(kind)}{quote}"

    return replace


_NOT_TOKEN_BEFORE = r"(?<![A-Za-z0-9_\-])"
_NOT_TOKEN_AFTER = r"(?![A-Za-z0-9_\-])"
_SECRET_NAME = r"[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH|CREDENTIALS?)[A-Za-z0-9_]*"

# Order matters: specific key formats first, generic name=value shapes last.
PATTERNS: list[tuple[str, re.Pattern, Callable[[re.Match], str]]] = [
    ("private-key", re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
        re.S), _whole("private-key")),
    ("anthropic-key", re.compile(_NOT_TOKEN_BEFORE + r"sk-ant-[A-Za-z0-9_\-]{20,}"), _whole("anthropic-key")),
    ("openai-key", re.compile(
        _NOT_TOKEN_BEFORE + r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}" + _NOT_TOKEN_AFTER), _whole("openai-key")),
    ("github-token", re.compile(
        _NOT_TOKEN_BEFORE + r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"), _whole("github-token")),
    ("aws-access-key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"), _whole("aws-access-key")),
    ("aws-secret-key", re.compile(
        r"(?i)(aws_secret_access_key\s*[=:]\s*[\"']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])"), _keep_prefix("aws-secret-key")),
    ("slack-token", re.compile(_NOT_TOKEN_BEFORE + r"xox[abposre]-[A-Za-z0-9\-]{10,}"), _whole("slack-token")),
    ("slack-webhook", re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9/]{20,}"), _whole("slack-webhook")),
    ("google-api-key", re.compile(_NOT_TOKEN_BEFORE + r"AIza[0-9A-Za-z_\-]{35}"), _whole("google-api-key")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), _whole("jwt")),
    ("bearer-token", re.compile(r"(?i)(\bbearer\s+)(?!\[REDACTED)[A-Za-z0-9._~+/\-]{16,}=*"), _keep_prefix("bearer-token")),
    ("connection-string", re.compile(
        r"(\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://)(?!\[REDACTED)[^\s/:@'\"\[]*:[^\s/@'\"]+(?=@)"), _keep_prefix("credentials")),
    ("password", re.compile(
        r"(?i)(\b(?:password|passwd|passphrase|pwd)\s*[=:]\s*)(\"[^\"\n]*\"|'[^'\n]*'|[^\s,;&'\"]+)"), _name_value("password")),
    # .env style: an upper-case secret-looking name at the start of a line.
    ("env-secret", re.compile(
        r"(?m)(^[ \t]*(?:export[ \t]+)?" + _SECRET_NAME + r"[ \t]*=[ \t]*)(\"[^\"\n]*\"|'[^'\n]*'|[^\s]+)"), _name_value("secret")),
    # Code and config style: a secret-looking name of any case assigned a quoted literal.
    ("assigned-secret", re.compile(
        r"(?i)(\b" + _SECRET_NAME + r"[\"']?\s*[=:]\s*)(\"[^\"\n]{8,}\"|'[^'\n]{8,}')"), _name_value("secret", quoted_only=True)),
]


@dataclass
class Redactor:
    """Redacts text and counts what it removed, by kind."""

    counts: Counter = field(default_factory=Counter)

    def text(self, value: str) -> str:
        if not value:
            return value
        for kind, pattern, replace in PATTERNS:
            value = pattern.sub(self._counted(kind, replace), value)
        return value

    def _counted(self, kind: str, replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
        def run(match: re.Match) -> str:
            out = replace(match)
            if out != match.group(0):
                self.counts[kind] += 1
            return out

        return run

    def value(self, data: Any) -> Any:
        """Redact every string inside a JSON-like value (keys included)."""
        if isinstance(data, str):
            return self.text(data)
        if isinstance(data, dict):
            return {self.text(k) if isinstance(k, str) else k: self.value(v) for k, v in data.items()}
        if isinstance(data, (list, tuple)):
            return [self.value(item) for item in data]
        return data


def redact(text: str) -> str:
    return Redactor().text(text)
