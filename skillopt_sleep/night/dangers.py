"""What no rule may tell an agent to do, as case-insensitive patterns over one clause, and whether
a clause forbids the thing it names ("never use sudo") or asks for it ("use sudo if needed").

The patterns name real idioms (`curl … | sh`, `iex (iwr …)`, `--dangerously-skip-permissions`,
`scp … host:`), not words that merely sound risky, so a rule about the password policy or the
token budget passes."""

from __future__ import annotations

import re
from dataclasses import dataclass


def _any(*alternatives: str) -> str:
    return "(?:" + "|".join(alternatives) + ")"


_SHELLS = (r"(?:sudo\s+(?:-\S+\s+)*)?"
           + _any(r"(?:ba|z|k|c|tc|da|fi)?sh", r"python[0-9.]*", "perl", "ruby", "node", "php", "iex",
                  "invoke-expression", "powershell", "pwsh") + r"\b")
_FETCH = _any("curl", "wget", "fetch", "iwr", "irm", "invoke-webrequest", "invoke-restmethod")
_SECRET_NOUNS = (
    _any(r"api[_ -]?keys?", r"access[_ -]?keys?", r"secret[_ -]?keys?", r"access[_ -]?tokens?",
         r"auth(?:entication)?[_ -]?tokens?", r"bearer tokens?", r"refresh tokens?", r"session (?:tokens?|cookies?)",
         r"passwords?", r"passphrases?", "credentials", r"private[_ -]?keys?", r"client[_ -]?secrets?", "secrets")
    # "the password policy", "the token budget": words about secrets, not secrets.
    + r"(?!\s*" + _any(r"polic(?:y|ies)", "strength", r"requirements?", r"rules?", "reset", "field", "length", "manager",
                       r"hash\w*", "prompt", "input", "rotation", "management", r"scann\w*", "count", "budget", "limit",
                       "usage") + r")\b")
_SHOW_VERBS = _any("print", "echo", "show", "display", "send", "upload", "post", "paste", "include", "share", "dump", "log",
                   "output", "reveal", "expose", "copy", "read", "cat", "email", "embed", "hard-?code")
_CREDENTIAL_FILES = _any(
    r"(?:~|\$home|%userprofile%)[/\\]\.ssh\b", r"\.ssh/(?:id_|authorized_keys)", r"\bid_(?:rsa|dsa|ecdsa|ed25519)\b",
    r"\.aws/credentials\b", r"(?<![\w-])\.netrc\b", r"\.git-credentials\b", r"(?<![\w-])\.pypirc\b",
    r"\.docker/config\.json\b", r"\.kube/config\b", r"\.config/gh/hosts\.yml\b", r"(?<![\w-])\.gnupg\b",
    r"/proc/(?:self|\d+)/environ\b")
_EXFIL_HOSTS = r"\b" + _any(
    r"pastebin\.com", r"paste\.ee", r"hastebin\.com", r"ghostbin\.\w+", r"termbin\.com", r"0x0\.st", r"transfer\.sh",
    r"file\.io", r"dpaste\.\w+", r"paste\.rs", r"ix\.io", r"sprunge\.us", r"webhook\.site", r"requestbin\.\w+",
    r"pipedream\.net", r"ngrok\.io", r"interact\.sh") + r"\b"
_SAFETY_THINGS = _any(
    "hooks?", r"sandbox(?:es|ing)?", "approvals?", r"approval (?:prompts?|steps?)", r"permission (?:prompts?|checks?|requests?)",
    r"permissions? system", r"safety (?:checks?|features?|measures?|rails)", "guardrails?", "confirmation prompts?",
    r"security (?:checks?|scans?|polic(?:y|ies))", r"pre-commit(?: checks?)?")
_SWITCH_OFF = _any("disable", r"turn(?:ing)? off", r"switch(?:ing)? off", "skip", "bypass", "remove", "delete", "uninstall",
                   "deactivate", "ignore", "circumvent", "get around", "work around")
_UPLOAD_TARGET = _any(
    "https?://",
    r"(?:an?\s+|the\s+|any\s+|some\s+)?" + _any("remote", "external", "public", "third[- ]party", "online")
    + r"\s+" + _any("server", "host", "url", "endpoint", "service", "site", "website", "bucket"),
    r"(?:an?\s+)?paste\s?bin", r"(?:an?\s+)?(?:secret\s+)?gist", r"the\s+(?:internet|web)", r"(?:an?\s+)?webhook")


@dataclass(frozen=True)
class Danger:
    kind: str
    pattern: re.Pattern


def _danger(kind: str, *patterns: str) -> Danger:
    return Danger(kind, re.compile("|".join(f"(?:{p})" for p in patterns), re.I))


DANGERS: tuple[Danger, ...] = (
    _danger(
        "runs downloaded code",
        rf"\b{_FETCH}\b[^|\n]{{0,200}}\|\s*{_SHELLS}",
        r"\b(?:iex|invoke-expression)\b[\s(]*"
        + _any("iwr", "irm", "invoke-webrequest", "invoke-restmethod", r"new-object\s+(?:system\.)?net\.webclient"),
        r"\.downloadstring\s*\(",
        rf"(?:\b(?:ba|z|k)?sh|\bsource|(?<!\S)\.)\s+<\(\s*{_FETCH}\b",
        rf"\b(?:eval|(?:ba|z)?sh\s+-c|python[0-9.]*\s+-c)\s+[\"']?(?:\$\(|`)\s*{_FETCH}\b",
        r"\bdownload\w*\b[^.;\n]{0,60}\b(?:and|then)\s+(?:run|execute|pipe|source)\b",
        r"\b(?:run|execute|source)\s+(?:any\s+|the\s+|a\s+)?(?:remote|downloaded|online|web|internet)\s+"
        r"(?:scripts?|code|installers?|binar(?:y|ies))\b",
    ),
    _danger(
        "widens permissions or turns off a safety",
        r"--dangerously-skip-permissions\b", r"--dangerously-bypass-approvals-and-sandbox\b", r"(?<![\w-])--yolo\b",
        r"\byolo mode\b", r"(?<![\w-])--no-verify\b", r"\bbypasspermissions\b", r"\bdanger-full-access\b",
        r"(?:--ask-for-approval|(?<![\w-])-a)[=\s]+never\b", r"approval[_-]policy\s*[=:]\s*[\"']?never\b",
        r"(?<![\w-])--no-sandbox\b", r"(?<![\w-])--privileged\b", r"(?<![\w-])sudo\b", r"(?<![\w-])doas\b",
        r"\bsu\s+(?:-\s|root\b)", r"\bchmod\s+(?:-\w+\s+)*(?:0?777|[ugoa]*\+rwx|[ao]\+w)(?![\w+])",
        r"\bsetenforce\s+0\b", r"\bufw\s+disable\b", r"\bsystemctl\s+(?:stop|disable)\s+(?:firewalld|ufw|apparmor)\b",
        r"core\.hookspath\s*[= ]\s*/dev/null", r"\bdisableallhooks\b", r"\bhusky\s*=\s*0\b", r"\bauto-?approve\b",
        rf"\b{_SWITCH_OFF}\s+(?:(?:the|all|any|every|your|its|git|pre-commit|commit|security|safety|claude|codex|code)\s+)*"
        rf"{_SAFETY_THINGS}\b",
        r"\bwithout\s+(?:asking\s+(?:for\s+)?|requesting\s+|waiting\s+for\s+|seeking\s+)?(?:the\s+user'?s?\s+)?"
        r"(?:permission|approval|confirmation)\b",
        r"\bnever\s+ask\s+(?:the\s+user\s+)?(?:for\s+)?(?:permission|approval|confirmation)\b",
    ),
    _danger(
        "reads or sends credentials",
        _CREDENTIAL_FILES, r"\bprintenv\b", r"(?<![\w/.-])env\s*\|",
        r"\bsecurity\s+(?:find-(?:generic|internet)-password|dump-keychain)\b", r"\bsecret-tool\s+lookup\b",
        r"\bkeyring\s+get\b", r"\bcmdkey\s+/list\b", r"\bgh\s+auth\s+token\b", r"\baws\s+configure\s+get\b",
        r"\bgcloud\s+auth\s+print-access-token\b", r"\bkubectl\s+get\s+secrets?\b",
        rf"\b{_SHOW_VERBS}\b[^.;\n]{{0,60}}"
        + _any(r"(?<![\w.])\.env(?![\w.-])", r"\.env\.(?:local|production|prod|development)\b", r"\bkeychains?\b"),
        rf"\b{_SHOW_VERBS}\b[^.;\n]{{0,60}}\b{_SECRET_NOUNS}",
        r"\b(?:echo|print|printf|cat|log|paste|show|display|output)\b[^.;\n|]{0,40}\$\{?\w*"
        r"(?:token|secret|api_?key|password|passwd|private_key|access_key)\w*",
    ),
    _danger(
        "posts files to the network",
        r"\bcurl\b[^\n|;]*?\s(?:-F|--form|--data(?:-binary|-raw|-urlencode|-ascii)?|-d)[\s=]*['\"]?(?:[\w.-]+=)?@",
        r"\bcurl\b[^\n|;]*\s(?:-T|--upload-file)\s", r"\bwget\b[^\n|;]*--post-file\b",
        r"\b(?:scp|rsync|sftp)\b[^\n;|]*\s(?:[\w.-]+@)?[a-z0-9-]+(?:\.[a-z0-9-]+)*:(?!//)\S*", r"\brsync://",
        r"\b(?:nc|ncat|netcat)\b[^\n;|]*\s<\s*\S", r"\|\s*(?:nc|ncat|netcat)\s+\S", _EXFIL_HOSTS, r"\bgh\s+gist\s+create\b",
        r"\b(?:upload|post|send|exfiltrate|transmit|share|sync|copy)\b[^.;\n]{0,60}\bto\s+" + _UPLOAD_TARGET,
    ),
)

# A cue that forbids what follows it in the clause; its own hyphenated forms (--no-verify) are not cues.
_FORBID = re.compile(r"(?<![\w-])" + _any(
    "never", "not", "don't", "dont", "do not", "doesn't", "must not", "mustn't", "should not", "shouldn't", "cannot",
    "can't", "avoid", "refuse", "forbid", "forbidden", "prohibited", "no", "without", "instead of", "rather than", "stop",
    "nor") + r"(?![\w-])", re.I)
# ... unless it is a double negative that asks for the thing ("don't hesitate to", "never ask before").
_ENCOURAGE = re.compile(r"\s+(?:\w+\s+)?" + _any(
    "hesitate", "forget", "fail", "wait", "bother", "worry", "be afraid", "ask", "prompt", "confirm",
    "need (?:to ask|permission)", "check", "stop") + r"\b", re.I)
# Case matters here: a sentence ends at a full stop before a capital (or a bullet), not in `scp -r . host:`.
_CLAUSE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\-*`\"'(])|[;\n]|:\s+|\s[\u2014\u2013]\s|"
                           r",\s*(?=(?:[Tt]hen|[Aa]nd|[Bb]ut|[Ss]o|[Ii]nstead|[Oo]therwise)\b)|\b[Bb]ut\b")
_CONDITION = re.compile(r"\s*(?:[-*\u2022]\s*)?" + _any(
    "if", "when", "whenever", "unless", "once", "after", "before", "while", "because", "since", "although", "in case")
    + r"\b[^,]*,", re.I)


def clauses(text: str) -> list[str]:
    return [part for part in _CLAUSE_BREAK.split(text) if part and part.strip()]


def forbidden_here(clause: str, start: int) -> bool:
    """Does a cue before `start`, in the same clause, forbid what the clause names there? A cue
    inside a leading condition ("if the tests do not pass, use sudo") governs only the condition."""
    lead = _CONDITION.match(clause)
    begin = lead.end() if lead and lead.end() <= start else 0
    cues = list(_FORBID.finditer(clause, begin, start))
    if not cues:
        return False
    return not _ENCOURAGE.match(clause, cues[-1].end())
