"""What a rule's text shows a reader and what it hides: the characters no one sees (zero-width,
bidi controls, tags), letters from another script inside a Latin word, and the commands, hosts
and paths it names. The policy refuses hidden characters and traces every name to the user's own
sessions; `review` shows both, so a rule reads as what the agent would follow."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Format characters (zero-width, bidi, tags, soft hyphen) are category Cf; these others also show nothing.
_BLANK_LOOKING = {"\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u180e", "\u2800", "\u3164", "\uffa0"}
_ALLOWED_CONTROLS = {"\n", "\t", "\r"}


def is_invisible(char: str) -> bool:
    if char in _ALLOWED_CONTROLS:
        return False
    if char in _BLANK_LOOKING or "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef":
        return True
    return unicodedata.category(char) in ("Cf", "Cc", "Co", "Cn", "Cs", "Zl", "Zp")


def invisible_characters(text: str) -> list[str]:
    """The invisible characters of `text`, each once, as `U+200B`."""
    seen: dict[str, None] = {}
    for char in text:
        if is_invisible(char):
            seen.setdefault(f"U+{ord(char):04X}")
    return list(seen)


# Letters that look Latin in other scripts (NFKC keeps them), and punctuation that looks ASCII.
LOOKALIKES = str.maketrans({
    **dict(zip("асеорхуіјѕһԁɡӏԛԝѵё", "aceopxyijshdglqwve")),
    **dict(zip("АВЕКМНОРСТУХЅІЈԌԚԜҮ", "ABEKMHOPCTYXSIJGQWY")),
    **dict(zip("αβεικνοπρτυχωϲϳ", "abeikvoprtuxwcj")),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX")),
    **dict(zip("ɑɩℓɪʀꜱᴀᴄᴅᴇᴋᴍᴏᴘᴛᴜᴠᴡᴢ", "ailirsacdekmoptuvwz")),
    **dict.fromkeys("\u2010\u2011\u2012\u2212\u2043\ufe63", "-"),  # not the dashes that part clauses
    **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u00b4\u02bc", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033", '"'),
    **dict.fromkeys("\u01c0\u2223\u2502\u23d0\u05c0", "|"),
    **dict.fromkeys("\u2044\u2215\u29f8", "/"),
    **dict.fromkeys("\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000", " "),
})
_LOOKALIKE_LETTERS = frozenset(chr(code) for code, to in LOOKALIKES.items() if isinstance(to, str) and to.isalpha())
_LATIN_WORD = re.compile(r"\w+")


def lookalike_positions(word: str) -> set[int]:
    """Positions of letters in a Latin word that only look Latin: another script's lookalikes
    (Cyrillic с, Greek ο) and fullwidth or styled forms. Accents (café) and words of other
    languages are not lookalikes."""
    if not any(c.isascii() and c.isalpha() for c in word):
        return set()
    return {i for i, c in enumerate(word) if c in _LOOKALIKE_LETTERS
            or (not c.isascii() and unicodedata.decomposition(c).startswith(("<wide>", "<font>")))}


def visible(text: str) -> str:
    """`text` with every invisible character, and every foreign letter hiding in a Latin word,
    written as `<U+XXXX>`: a line that looks ordinary shows what it really holds."""
    out, last = [], 0
    for word in _LATIN_WORD.finditer(text):
        out.append(_invisible_shown(text[last:word.start()]))
        hidden = lookalike_positions(word.group(0))
        out.append("".join(f"<U+{ord(c):04X}>" if i in hidden else c for i, c in enumerate(word.group(0))))
        last = word.end()
    out.append(_invisible_shown(text[last:]))
    return "".join(out)


def _invisible_shown(text: str) -> str:
    return "".join(f"<U+{ord(c):04X}>" if is_invisible(c) else c for c in text)


# -- names ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Name:
    kind: str  # "command" | "host" | "path"
    value: str


# Programs a rule may tell an agent to run. Words that are also plain English ("make", "find") count
# only inside a code span or after a verb of running.
PROGRAMS = frozenset("""
curl wget aria2c nc ncat netcat socat telnet ssh scp sftp rsync ftp tftp ngrok cloudflared autossh
git gh glab hg svn make cmake ninja bazel npm pnpm yarn npx bun bunx deno node nodejs tsc tsx python python2 python3
pip pip3 pipx uv uvx poetry conda mamba pytest tox nox ruff black isort mypy pyright flake8 pylint bandit coverage
eslint prettier jest vitest mocha playwright cypress cargo rustc rustup go gofmt gcc g++ clang javac java mvn gradle
dotnet docker podman kubectl helm terraform ansible vagrant aws gcloud gsutil az heroku vercel netlify fly flyctl
brew apt apt-get dpkg yum dnf pacman snap apk sudo su doas pkexec chmod chown chgrp setcap chattr crontab systemctl
launchctl schtasks bash sh zsh fish ksh dash csh tcsh powershell pwsh cmd perl ruby php lua luajit rscript julia
base64 xxd od openssl gpg ssh-keygen ssh-add printenv eval exec alias unalias nohup setsid disown kill pkill killall
lsof netstat iptables ufw firewall-cmd setenforce mkfifo dd mkfs shred rm rmdir chroot mount umount
security keyring secret-tool op bw vault pass gpg-agent ssh-agent nmap masscan tcpdump wireshark tshark
""".split())
COMMON_WORDS = frozenset("""
make go find sort cut head tail cat more less time watch open file which type say test install source env export
at top service kill pass op fly cmd dd
""".split())
PROGRAMS = PROGRAMS | COMMON_WORDS
_RUN_VERB = r"(?:run|runs|running|use|using|call|invoke|execute|exec|type|launch)"
_WORD = re.compile(r"(?<![\w./~$-])([a-z][a-z0-9+_.-]*[a-z0-9+])(?![\w/-])", re.I)
_CODE_SPAN = re.compile(r"```[^\n]*\n(.*?)```|`([^`\n]+)`", re.S)
_SEGMENT_SPLIT = re.compile(r"\|\|?|&&|;|\$\(|`|\bthen\b|\bdo\b")
_WRAPPERS = {"sudo", "doas", "env", "time", "nohup", "exec", "command", "builtin", "xargs", "watch", "timeout", "nice"}

_TLDS = ("com|net|org|io|dev|app|co|ai|xyz|me|info|biz|ru|cn|tk|top|site|online|cloud|run|link|gg|ly|to|cc|us|uk|de|"
         "fr|jp|in|br|example|test|local|internal|lan|onion|st|ee|rs|su|pw|ws|icu|click|live|pro|tech|zip|mov|gov|edu|sh")
_FILE_EXTENSIONS = ("py|pyc|js|mjs|cjs|ts|tsx|jsx|sh|bash|zsh|fish|ps1|bat|cmd|exe|dll|so|dylib|json|yaml|yml|toml|"
                    "md|txt|cfg|ini|conf|env|lock|sql|rb|go|rs|java|kt|c|h|cc|cpp|hpp|plist|service|timer|socket|"
                    "zip|tar|gz|tgz|xz|bz2|whl|pem|key|crt|cer|p12|pfx|gpg|asc|log|csv|html|css|xml|db|sqlite|pth|rc")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]{1,15}://([^\s/`'\"<>()]+)[^\s`'\"<>()]*", re.I)
_DOMAIN = re.compile(r"(?<![\w./@-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:" + _TLDS + r"))(?::\d+)?(?![\w.-]*\w)",
                     re.I)
_IPV4 = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?(?![\w.])")
_USER_AT_HOST = re.compile(r"(?<![\w.-])[\w.-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)*)", re.I)
_PATH = re.compile(
    r"(?<![\w:/.$~-])("
    r"(?:~[\w.-]*|\$home|\$\{home\}|%\w+%|\$env:\w+)(?:[/\\][^\s`'\"<>|;,():]*)?"  # home and variables
    r"|/(?:dev|etc|proc|sys|tmp|var|usr|opt|root|home|users|library|bin|sbin|private)\b[^\s`'\"<>|;,()]*"  # absolute
    r"|\.{1,2}/[^\s`'\"<>|;,()]+"  # ./x ../x
    r"|[a-z]:\\[^\s`'\"<>|;,()]*"  # C:\...
    r"|\.[a-z][\w-]*(?:/[^\s`'\"<>|;,()]*)?"  # dotfiles: .bashrc, .git/hooks
    r"|[\w-]+(?:/[\w.-]+)*/(?=[\s`'\",;).]|$)"  # a folder: generated/, src/app/
    r"|[\w-]+(?:/[\w.-]+)+\.(?:" + _FILE_EXTENSIONS + r")"  # a file in a folder: src/app.py
    r"|[\w-]+\.(?:" + _FILE_EXTENSIONS + r")"  # a file: setup.py, install.sh
    r")(?![\w-])", re.I)


def _code_commands(span: str, after_run_verb: bool) -> set[str]:
    found = set()
    for segment in _SEGMENT_SPLIT.split(span):
        words = [w for w in segment.split() if not re.fullmatch(r"\w+=\S*", w)]  # X=1 cmd
        while words and words[0].strip("(){}!") in _WRAPPERS:
            found.add(words.pop(0).strip("(){}!"))
            while words and words[0].startswith("-"):
                words.pop(0)
        if not words:
            continue
        first = words[0].strip("(){}!\"'").lower()
        known = first in PROGRAMS or first.rsplit("/", 1)[-1] in PROGRAMS
        flagged = len(words) > 1 and words[1].startswith("-") and re.fullmatch(r"[\w./+-]+", first or "-") is not None
        if first and (known or flagged or (after_run_verb and re.fullmatch(r"[\w./+-]+", first))):
            found.add(first)
    return found


def names(text: str) -> list[Name]:
    """The commands, hosts and paths `text` names, in order, each once."""
    text = "".join(c for c in unicodedata.normalize("NFKC", text) if not is_invisible(c))
    found: dict[Name, None] = {}

    def add(kind: str, value: str) -> None:
        value = value.strip().rstrip(".,:;")
        if value:
            found.setdefault(Name(kind, value.lower() if kind != "path" else value))

    for span in _CODE_SPAN.finditer(text):
        body = span.group(1) if span.group(1) is not None else span.group(2)
        before = text[max(0, span.start() - 24):span.start()].lower()
        for command in _code_commands(body, re.search(_RUN_VERB + r"\W*$", before) is not None):
            add("command", command)
    prose = _CODE_SPAN.sub(lambda span: " " * len(span.group(0)), text)
    for word in _WORD.finditer(prose):
        # Commands are typed in lower case: "Python" in prose is the language, "python" the program.
        value = word.group(1)
        if value not in PROGRAMS:
            continue
        before = prose[max(0, word.start() - 24):word.start()].lower()
        if value not in COMMON_WORDS or re.search(r"\b" + _RUN_VERB + r"\s+(?:the\s+)?$", before):
            add("command", value)
    for match in _URL.finditer(text):
        add("host", match.group(1).rsplit("@", 1)[-1].split(":")[0])
    for pattern in (_USER_AT_HOST, _IPV4):
        for match in pattern.finditer(text):
            add("host", match.group(1))
    urls = [m.span() for m in _URL.finditer(text)]
    for match in _DOMAIN.finditer(text):
        if not any(a <= match.start() < b for a, b in urls) and not match.group(1).lower().endswith(".sh"):
            add("host", match.group(1))
    for match in _PATH.finditer(text):
        if not any(a <= match.start() < b for a, b in urls):
            add("path", match.group(1))
    return list(found)


def review_line(text: str) -> str:
    """One line of a rule as `review` shows it: hidden characters made visible, and a marker
    listing each command, host and path it names (each needs the user's own sessions behind it)."""
    shown = visible(text)
    named = names(text)
    if invisible_characters(text):
        shown += "  [hidden characters]"
    if named:
        shown += "  [names " + ", ".join(f"{n.kind} {n.value}" for n in named[:6]) + (" …" if len(named) > 6 else "") + "]"
    return shown
