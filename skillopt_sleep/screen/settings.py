"""What a configuration setting a rule asks for would do, read from its key and value whatever the
file: `skipTests: true`, `ssl_verify = false`, `continue-on-error: true`, `git config http.sslVerify
false`, `allow_force_pushes: true`, `allowPrivilegeEscalation: true`. The key is split into its
words (camelCase, snake_case, dotted, dashed); a key that names switching a check off, set true,
or names a check, set false, disarms it; the same reading gives force-pushes allowed and
privileges raised. A list a checker skips, given the whole tree (`ignorePaths` and `**`, `src/**`
under `ignore:`), switches the check off as surely. A key and its value may stand in code spans
of their own, joined by one short word ("sets `check-coverage` to `false`", "`check-coverage` を
`false` に")."""

from __future__ import annotations

import re

from skillopt_sleep.screen.kinds import DELETE, DISARM, HISTORY, PRIVILEGE
from skillopt_sleep.screen.paths import BUILD, BUILD_LIKE

# key: value, key = value, "key": value, and `git config key value` / `npm config set key value`.
_PAIR = re.compile(r"""["']?([A-Za-z_][\w.\-]*)["']?\s*(?::|=)\s*["']?([\w.\-*/~]+)["']?|"""
                   r"""\bconfig\s+(?:set\s+)?(?:--[\w-]+\s+)*([A-Za-z_][\w.\-]*)[\s=]+["']?([\w.\-*/~]+)""")
_TRUE = {"true", "yes", "on", "1", "always", "all", "*"}
_FALSE = {"false", "no", "off", "0", "never", "none", "disabled"}
_OFF = {"skip", "ignore", "disable", "disabled", "bypass", "no", "suppress", "allow", "continue", "without", "auto"}
_CHECK = {"test", "tests", "check", "checks", "verify", "verification", "hook", "hooks", "lint", "linter", "audit",
          "security", "error", "errors", "failure", "failures", "strict", "ssl", "tls", "cert", "certificate", "sandbox",
          "approve", "approval", "approvals", "confirm", "confirmation", "typecheck", "validate", "validation", "vet"}
_GUARDS = {"strict", "verify", "sslverify", "ssl", "tls", "enforce", "required", "require", "check", "checks", "confirm",
           "sandbox", "validate", "validation", "lint", "hooks", "tests", "typecheck", "approval", "ask", "prompt", "checking", "vet"}
# Checkers named by their tool: `"eslint.enable": false` switches that check off as `"lint": false` does.
_CHECKERS = {"eslint", "flake8", "mypy", "pylint", "ruff", "pyright", "tsc", "stylelint", "rubocop", "bandit", "semgrep",
             "shellcheck", "hadolint", "gitleaks", "trivy", "snyk", "codeql", "sonarlint", "clippy", "golangci", "checkstyle"}
# Verbs that switch checks off, and the values that name every check at once.
_SWITCH_OFF = {"skip", "ignore", "disable", "bypass", "suppress"}
_EVERY = {"all", "*", ".*", "**"}
_ON = {"enable", "enabled", "run", "active", "on"}
# Keys that grant a role or a policy, and the words of the role that can do anything.
_ROLE = {"role", "roles", "clusterrole", "policy", "policies"}
_ALMIGHTY = {"admin", "administrator", "superuser", "owner", "root"}
# Keys whose check or strictness is of no code: a check for a newer version, a dev server's port held strictly.
_HARMLESS_KEYS = {"skiplibcheck", "skip_missing_interpreters", "ignore_missing_imports", "skip_existing", "checkforupdates",
                  "updatecheck", "strictport"}


def key_words(key: str) -> list[str]:
    """`allowForcePushes` -> allow, force, pushes; `http.sslVerify` -> http, ssl, verify."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key)
    words = [w for w in re.split(r"[\s._\-]+", spaced.lower()) if w]
    return words


def effect(key: str, value: str) -> str:
    """The effect of setting `key` to `value`, or ""."""
    words, granted, value = key_words(key), set(key_words(value.replace("/", " "))), value.lower()
    if "".join(words) in _HARMLESS_KEYS or key.lower() in _HARMLESS_KEYS:
        return ""
    truthy, falsy = value in _TRUE, value in _FALSE
    singular = {re.sub(r"(?:es|s)$", "", w) if w.endswith(("shes", "s")) else w for w in words}
    if ({"force", "push"} <= singular or "nonfastforward" in "".join(words)) and (
            truthy if "allow" in words else falsy if "deny" in words else False):
        return HISTORY
    if ({"privileged"} & set(words) or {"privilege", "escalation"} <= set(words)) and truthy:
        return PRIVILEGE
    # The all-powerful role or policy granted: `--clusterrole=cluster-admin`, `role: Owner`, `policy=AdministratorAccess`.
    if set(words) & _ROLE and granted & _ALMIGHTY:
        return PRIVILEGE
    # Every permission granted at once: `permissions: write-all`.
    if words[-1:] == ["permissions"] and value in ("write-all", "write_all", "all", "*", "admin"):
        return PRIVILEGE
    # A guard against deletion lifted, or deletion forced past what it holds: `deletion_protection = false`,
    # `prevent_destroy = false`, `force_destroy = true`, `skip_final_snapshot = true`.
    if (({"deletion", "protection"} <= set(words) or {"termination", "protection"} <= set(words)
         or {"prevent", "destroy"} <= set(words)) and falsy) or (
            ({"force", "destroy"} <= set(words) or {"force", "delete"} <= set(words)
             or {"skip", "final", "snapshot"} <= set(words)) and truthy):
        return DELETE
    if {"non", "root"} <= set(words) and falsy or (words[-1:] == ["user"] and value == "root"):
        return PRIVILEGE
    if {"hooks", "path"} <= set(words) and value in ("/dev/null", "nul", "false", "none"):
        return DISARM  # hooks looked for where there are none
    if set(words) & _OFF and set(words) & _CHECK and truthy:
        return DISARM
    # A key that is only the verb of switching off takes what it switches off as its value: every one of them
    # (`disable=all`, `skip: "*"`) leaves nothing checked; one named (`disable=SC2086`) leaves the rest.
    if words and set(words) <= _SWITCH_OFF and value in _EVERY:
        return DISARM
    if set(words) & _CHECKERS and (set(words) & _ON or len(words) == 1) and falsy:
        return DISARM
    # What a check finds no longer fails the run: `failOnViolation: false`, `fail_on_error = false`; or fails it only
    # softly, reported and passed: `soft-fail: true`, `soft_fail = true`.
    if (words[:2] == ["fail", "on"] and falsy) or ({"soft", "fail"} <= set(words) and truthy):
        return DISARM
    guarded = set(words) & _GUARDS or {"fail", "error"} <= set(words) or {"fail", "errors"} <= set(words)
    if guarded and not set(words) & _OFF and falsy:
        return DISARM
    return ""


# The words of a key naming what a checker passes over: `ignore:`, `ignorePaths`, `per-file-ignores`, `excluded`.
_SKIPPED = {"ignore", "ignores", "ignored", "exclude", "excludes", "excluded"}
# A glob of the whole tree, or of one top folder's whole tree: `**`, `**/*`, `src/**`, `Sources/**/*`.
_WHOLE_TREE = re.compile(r"(?:\./)?(?:(?P<top>[\w.-]+)/)?\*\*(?:/\*)?")
_CODE = re.compile(r"`([^`]+)`")
_TOKEN = re.compile(r"[^\s\"'\[\]{}()=,:;`]+")


def skips_whole_tree(text: str) -> bool:
    """Does a clause of `text` put the whole tree, or a top folder of sources, under a key that a checker skips, both
    written as code (`ignorePaths` ... `**`; `"**" = ["ALL"]` under `per-file-ignores`)? Nothing is checked any more.
    A build output's tree (`dist/**`) or one kind of file deep in it (`**/__pycache__`) is not the sources."""
    for clause in re.split(r"[;.。；](?=\s|$)", text):
        tokens = [t for span in _CODE.findall(clause) for t in _TOKEN.findall(span)]
        trees = [m for m in map(_WHOLE_TREE.fullmatch, tokens) if m]
        sources = [m for m in trees if not m.group("top") or not (m.group("top") in BUILD or BUILD_LIKE.search(m.group("top")))]
        if sources and any(set(key_words(t)) & _SKIPPED for t in tokens):
            return True
    return False


# A key and its value each in a code span of its own, joined by at most one short word of any language ("sets
# `check-coverage` to `false`", "`check-coverage` を `false` に", "`lint` en `false`", "`failOnViolation`: `false`"), the
# value as a JSON file writes it, in quotes too ("sets `typeCheckingMode` to `"off"`").
_SPAN_PAIR = re.compile(r"`([A-Za-z_][\w.\-]*)`\s*(?:[^\s`]{1,4}\s*)?`([\"']?)([\w.\-*/~]+)\2`")


# An XML element and its attributes: `<suppress checks=".*" files=".*"/>`.
_ELEMENT = re.compile(r"<([A-Za-z][\w.-]*)((?:\s+[\w.:-]+\s*=\s*[\"'][^\"'<>]*[\"'])+)\s*/?>")
_ATTRIBUTE = re.compile(r"[\w.:-]+\s*=\s*[\"']([^\"'<>]*)[\"']")


def switches_off_everything(text: str) -> bool:
    """Does `text` write an element named by a verb of switching off whose every attribute names everything
    (`<suppress checks=".*" files=".*"/>`)? Every check is off for every file; a check or a folder named
    (`<suppress checks="LineLength" files="generated/.*"/>`) leaves the rest on."""
    return any(set(key_words(m.group(1))) <= _SWITCH_OFF
               and all(value.strip().lower() in _EVERY for value in _ATTRIBUTE.findall(m.group(2)))
               for m in _ELEMENT.finditer(text))


# A setting written as an XML element with its value inside: `<failOnViolation>false</failOnViolation>`.
_VALUE_ELEMENT = re.compile(r"<([A-Za-z][\w.-]*)>\s*([\w.\-*/~]+)\s*</\1>")


def effects(text: str) -> list[str]:
    """The effects of every setting `text` names."""
    found = [DISARM] if skips_whole_tree(text) or switches_off_everything(text) else []
    found += [effect(m.group(1), m.group(2)) for m in _VALUE_ELEMENT.finditer(text)]
    found += [effect(m.group(1), m.group(3)) for m in _SPAN_PAIR.finditer(text)]
    for match in _PAIR.finditer(text):
        if match.group(1) and re.search(r"[(,]\s*$", text[:match.start()]):
            continue  # a keyword argument of a call (`rmtree(p, ignore_errors=True)`) configures that call alone
        key, value = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        found.append(effect(key, value))
    return list(dict.fromkeys(e for e in found if e))
