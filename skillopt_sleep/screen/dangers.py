"""What no rule may tell an agent to do, as case-insensitive patterns over one clause, and whether
a clause forbids the thing it names ("never use sudo") or asks for it ("use sudo if needed").

The kinds are what a rule would make the agent do: run fetched or hidden code, open a connection,
install something that runs later (cron, shell start-up files, services, git hooks), weaken the
checks (skipped tests, `|| true`, `--no-verify`), widen permissions, read or send credentials,
post files out. The patterns name real idioms (`curl … | sh`, `/dev/tcp/`, `>> ~/.bashrc`,
`@pytest.mark.skip`), not words that merely sound risky, so a rule about the password policy or
the token budget passes. They run on each reading `normalize.views` gives, so spelling does not
matter."""

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
_TLD = _any("com", "net", "org", "io", "dev", "app", "co", "ai", "xyz", "sh", "me", "info", "ru", "cn", "tk", "top", "site",
              "online", "cloud", "run", "link", "gg", "ly", "to", "cc", "example", "test", "pw", "ws", "icu", "click", "live")
# Files a shell reads at start-up: a line there runs in every later shell.
_RC_FILES = (r"(?:(?:~|\$home|\$\{home\})/)?" + _any(
    r"\.bashrc", r"\.bash_profile", r"\.bash_login", r"\.bash_logout", r"(?<![\w-])\.profile", r"\.zshrc", r"\.zprofile", r"\.zshenv",
    r"\.zlogin", r"\.kshrc", r"\.cshrc", r"\.tcshrc", r"config\.fish", r"/etc/profile(?:\.d)?", r"/etc/bash\.bashrc",
    r"/etc/environment", r"/etc/zsh\w*", r"\$profile\b", r"microsoft\.powershell_profile\.ps1", r"\.inputrc", r"\.envrc")
    + r"(?![\w-])")
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


# The rest of the command binds to the loopback address only (`--bind 127.0.0.1`, `-b localhost`, `--bind ::1`).
_NOT_LOOPBACK = (r"(?![^\n`|;&]*?\s(?:--bind|-b)[=\s]+(?:127(?:\.\d{1,3}){3}|localhost|::1|\[::1\])"
                 r"(?![\w.:])(?![^\n`|;&]*\s(?:--bind|-b)[=\s]))")


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
        # "install the helper from <url>", `pip install https://...`, a package index the user never chose.
        r"\b(?:install|set\s*up|bootstrap|upgrade|update)\b[^;\n]{0,60}?\bfrom\s+(?:<?https?://|<?\w[\w.-]*\."
        + _TLD + r"\b)",
        r"\b(?:pip3?|uv\s+pip|pipx|npm|pnpm|yarn|gem|go|cargo)\s+(?:install|add|i)\b[^\n;|]*?(?:\s|=|\+)(?:https?|git\+\w+)://",
        r"(?:--(?:extra-)?index-url|--registry|--trusted-host|--find-links)[=\s]+\S", r"\bnpm\s+config\s+set\s+registry\b",
        r"\bpip3?\s+config\s+set\b", r"\burl(?:open|retrieve)\b", r"\brequests\.get\b[^\n]{0,120}\b(?:exec|eval|system|popen|run)\b",
        rf"\|\s*{_SHELLS}(?![\w.-]|\s+-m\b|\s+\w)", rf"\|\s*(?:sudo\s+)?{_SHELLS}\s+-\s*(?:$|[|;&\s])",
        r"\b(?:eval|exec)\b\s*[\"'(]*\s*\$\(", r"\b(?:eval|exec)\s+[\"']?`\w", rf"\b(?:ba|z|da|k)?sh\s+-c\s+[\"']?(?:\$\(|`)",
        rf"(?:\b(?:ba|z|k)?sh|\bsource|(?<!\S)\.)\s+<\(",
    ),
    _danger(
        "runs hidden code",
        # Decoded text is hidden code only when something runs it: a shell, eval, or a command substitution.
        r"\b(?:base64|openssl\s+(?:enc|base64))\b[^|\n]{0,40}(?:-d\b|-D\b|--decode\b)[^\n]*?"
        rf"(?:\|\s*(?:sudo\s+)?(?:{_SHELLS}|eval|exec|source|xargs)|\$\()",
        r"\b(?:xxd\s+-r|b64decode|atob\s*\(|fromhex|unhexlify|frombase64string|decode\(\s*['\"](?:base64|hex|rot13)|"
        r"buffer\.from\([^)]*['\"](?:base64|hex)['\"]|pack\(\s*['\"]h\*|zlib\.decompress|marshal\.loads|pickle\.loads)"
        r"[^\n]{0,200}\b(?:exec|eval|system|popen|spawn|run|sh|bash|function|iex|invoke-expression|compile)\b",
        r"\b(?:exec|eval|system|popen|compile|invoke-expression|iex)\b[^\n]{0,120}"
        r"(?:b64decode|atob\s*\(|fromhex|unhexlify|frombase64string|decompress|marshal|pickle|rot13|base64)",
        r"\b(?:python[0-9.]*|py)\s+(?:-\w+\s+)*-c\b[^\n]*\b(?:exec|eval|compile|__import__|os\.system|os\.popen|"
        r"subprocess|pty|socket|urllib|ctypes)\b",
        r"\b(?:node|nodejs|deno|bun)\s+(?:-\w+\s+)*(?:-e|--eval|-p|--print)\b[^\n]*"
        r"(?:child_process|eval|function\s*\(|require\s*\(\s*['\"](?:net|http|https|child_process|fs)|exec|spawn)",
        r"\b(?:perl|ruby)\s+(?:-\w+\s+)*-e\b[^\n]*\b(?:system|exec|eval|socket|open|`|fork|spawn|io\.popen)",
        r"\bphp\s+(?:-\w+\s+)*-r\b[^\n]*\b(?:system|exec|shell_exec|passthru|eval|popen|fsockopen)",
        r"\bpowershell(?:\.exe)?\b[^\n]*\s-(?:e|ec|enc|encodedcommand)\s", r"\bpwsh\b[^\n]*\s-(?:e|ec|enc|encodedcommand)\s",
        r"\b__import__\s*\(\s*['\"](?:os|subprocess|pty|socket|ctypes)['\"]",
    ),
    _danger(
        "opens a connection",
        r"/dev/(?:tcp|udp)/", r"(?<![\w-])(?:nc|ncat|netcat|socat|telnet)(?:\.exe)?\s+(?:-\S+\s+)*[\w.:\[\]-]+",
        r"\bpty\.spawn\b", r"\bsocket\.(?:socket|create_connection)\b", r"\.connect\s*\(\s*\(",
        r"\bnet\.(?:socket|connect|createconnection)\b", r"\brequire\s*\(\s*['\"]net['\"]\s*\)", r"\bio::socket\b",
        r"\btcpsocket\.(?:new|open)\b", r"\bfsockopen\b", r"\bsystem\.net\.sockets\b", r"\bmkfifo\b",
        r"\bssh\b[^\n|;]*\s-[a-z]*[rld]\s*\d", r"\bautossh\b", r"\bngrok\s+(?:http|tcp|tls|start)\b",
        r"\bcloudflared\s+tunnel\b", r"\b(?:localtunnel|serveo|localhost\.run|bore\s+local)\b",
        # A server bound to the loopback address is reachable from this machine only.
        r"\bpython[0-9.]*\s+-m\s+(?:http\.server|simplehttpserver|smtpd|pyftpdlib)\b" + _NOT_LOOPBACK, r"\bphp\s+-s\s+0\.0\.0\.0",
        r"\breverse\s+shell\b", r"\bbind\s+shell\b", r"\bxterm\s+-display\b",
    ),
    _danger(
        "installs itself to run later",
        r"(?<![\w-])crontab\b(?!\s+-l\b)", r"/etc/cron", r"\bcron\.(?:d|daily|hourly|weekly|monthly)\b", r"@reboot\b",
        r"(?:^|\s|[\"'`])(?:[\d*/,-]+\s+){4}[\d*/,-]+\s+(?:\S+/)?[a-z]",  # a crontab schedule line
        r"\b(?:add|append|put|write|insert|place|paste|echo|set|export|source|define|register|create)\b[^;\n]{0,100}?"
        + _RC_FILES,
        _RC_FILES + r"[^;\n]{0,40}?\b(?:add|append|put|write|insert|include|set|export|define)\b",
        r"\b(?:schedule|run|add|register|install|create|set up)\b[^;\n]{0,60}?\b(?:cron|cron ?jobs?|scheduled tasks?|at jobs?|"
        r"task scheduler)\b", r"\bcron ?jobs?\b",
        r">>?\s*[\"']?" + _RC_FILES, r"\btee\s+(?:-a\s+)?[\"']?" + _RC_FILES,
        r"\b(?:shell|login|bash|zsh|terminal)\s+(?:startup|start-up|init|initiali[sz]ation|profile|rc|config(?:uration)?)"
        r"(?:\s+(?:file|script)s?)?\b",
        r"(?<![\w-])(?:startup|rc|dot|profile)\s*files?\b",  # not an option's own word (`--generate-rcfile`)
        r"\bsystemctl\s+(?:--user\s+)?(?:enable|link|daemon-reload|edit|set-default)\b", r"/etc/systemd/", r"\.config/systemd/",
        r"\bloginctl\s+enable-linger\b", r"\b[\w@-]+\.(?:service|timer)\b",
        r"\blaunchctl\s+(?:load|bootstrap|submit|enable|kickstart)\b", r"\blaunch(?:agents|daemons)\b", r"\blogin\s*items?\b",
        r"\bschtasks\b[^\n]*\s/create\b", r"\bregister-scheduledtask\b", r"\\currentversion\\run(?:once)?\b",
        r"\bstart\s*menu\\programs\\startup\b", r"\bnew-service\b", r"\bsc(?:\.exe)?\s+create\b",
        r"\.git/hooks\b", r"\bcore\.(?:hookspath|fsmonitor|sshcommand|pager|editor|askpass)\b", r"\binit\.templatedir\b",
        r"\bgit\s+config\b[^\n]*\balias\.\S+\s+['\"]?!", r"\bauthorized_keys\b", r"\bsitecustomize\b|\busercustomize\b",
        r"\bsite-packages/[\w-]*\.pth\b", r"\b(?:ld_preload|ld_library_path|dyld_insert_libraries|pythonstartup|bash_env|"
        r"prompt_command|node_options|pythonpath|perl5opt|rubyopt)\s*[=+]",
        r"\bfunction\s+(?:sudo|git|ssh|curl|ls|cd|python3?|npm|pip3?)\b",
        r"\bpath\s*=\s*[\"']?(?:\.|/tmp|/var/tmp|/dev/shm|\$pwd)[/:]", r"\bnohup\b[^\n]*&", r"\bdisown\b",
    ),
    _danger(
        "weakens the checks",
        r"@?pytest\.mark\.(?:skip|skipif|xfail)\b", r"\bpytest\.(?:skip|xfail|importorskip)\s*\(", r"@unittest\.skip",
        r"\bunittest\.skip(?:if|unless)?\b", r"\b(?:it|test|describe|context)\.(?:skip|todo)\b", r"(?<![\w.])x(?:it|describe|test)\s*\(",
        r"@(?:disabled|ignore)\b", r"\bt\.skip(?:now|f)?\s*\(", r"#\[ignore\]", r"(?<![\w-])-k\s*[\"']?not\b",
        r"--deselect\b", r"(?<![\w-])--ignore(?:-glob)?[= ]\S*test", r"--continue-on-collection-errors\b", r"--exit-zero\b",
        r"--passwithnotests\b", r"-dskiptests\b", r"-dmaven\.test\.skip\b", r"\bcontinue-on-error\b(?!\W*false)", r"\ballow_failure\b(?!\W*false)", r"\[(?:skip ci|ci skip|no ci|skip actions)\]", r"\bsetenforce\b",
        r"\b[a-z_]*skip[a-z_]*\s*=\s*[\"']?(?:1|true|yes|on|all)\b", r"(?<![\w-])skip=[\w,-]+", r"\bhusky(?:_skip_hooks)?\s*=\s*[01]\b",
        r"\b(?:pre_commit_allow_no_config|no_verify|git_hooks_disabled)\s*=", r"\bgit\s+commit\b[^\n|;]*\s-n\b",
        r"\|\|\s*(?:true|:|exit\s+0|echo\b)", r";\s*(?:true|exit\s+0)\s*$", r"\bset\s+\+e\b",
        r"@ts-(?:ignore|nocheck)\b", r"\beslint-disable\b(?![-\w]*-line)", r"#\s*type:\s*ignore\b(?!\[)", r"#\s*noqa\b(?!:)",
        r"#\s*pragma:\s*no\s+cover\b",
        r"\b(?:skip|disable|comment(?:ing)?\s+out|delete|remove|xfail|mute|silence|loosen|weaken|relax)\s+(?:the\s+|any\s+|all\s+|"
        r"every\s+|failing\s+|flaky\s+|broken\s+|slow\s+|red\s+|those\s+|these\s+)*(?:unit\s+|integration\s+|e2e\s+)?"
        r"(?:tests?|test suites?|checks?|assertions?|asserts?|linters?|lint|type ?checks?|ci|pipelines?|validations?|verifications?)\b",
        r"\bmark\b[^.;\n]{0,40}\bas\s+(?:skipped|expected\s+to\s+fail|xfail)\b",
        r"\b(?:don't|do not|never|no need to)\s+(?:bother\s+(?:to\s+)?)?(?:run|running|execute)\s+(?:the\s+|any\s+)?"
        r"(?:tests?|test suite|checks?|linters?|lint|type ?checks?|ci)\b",
        r"\bexit\s+0\b[^.;\n]{0,40}\btests?\b|\btests?\b[^.;\n]{0,40}\bexit\s+0\b",
    ),
    _danger(
        "widens permissions or turns off a safety",
        r"--dangerously-skip-permissions\b", r"--dangerously-bypass-approvals-and-sandbox\b", r"(?<![\w-])--yolo\b",
        r"\byolo mode\b", r"(?<![\w-])--no-verify\b", r"\bbypasspermissions\b", r"\bdanger-full-access\b",
        r"(?:--ask-for-approval|(?<![\w-])-a)[=\s]+never\b", r"approval[_-]policy\s*[=:]\s*[\"']?never\b",
        r"(?<![\w-])--no-sandbox\b", r"(?<![\w-])--privileged\b", r"(?<![\w-])sudo\b(?!-\w)", r"(?<![\w-])doas\b",
        r"(?<![\w-])pkexec\b", r"\brunas\b", r"-verb\s+runas\b", r"\bvisudo\b", r"/etc/sudoers", r"\bnopasswd\b",
        r"\bchmod\s+(?:-\w+\s+)*(?:[ugoa]*\+[rwx]*s|0?[2467][0-7]{3}|0?[0-7]{2}[67]|0?666)(?![\w+])", r"\bsetcap\b",
        r"\bchown\s+(?:-\w+\s+)*root\b", r"\busermod\b[^\n]*-a?g\s*(?:sudo|wheel|admin|docker|root)\b", r"\bumask\s+0+\b",
        r"--cap-add[= ](?:all|sys_admin|sys_ptrace)\b", r"(?:-v|--volume)[= ]/:/", r"/var/run/docker\.sock(?=:)", r"(?:-v|--volume|--mount)[= ]\S*docker\.sock", r"\b(?:chmod|chown|chgrp|setfacl)\b[^\n`]*docker\.sock", r"--pid[= ]host\b",
        r"\bset-executionpolicy\s+(?:bypass|unrestricted)\b", r"-executionpolicy\s+(?:bypass|unrestricted)\b",
        r"\bxattr\s+-\w*d\w*\s+com\.apple\.quarantine\b", r"\bspctl\s+--master-disable\b", r"\bcsrutil\s+disable\b",
        r"\bsafe\.directory\s+['\"]?\*", r"\bgit_ssl_no_verify\b", r"\bhttp\.sslverify\s+false\b", r"\bstricthostkeychecking[= ]no\b",
        r"\bnode_tls_reject_unauthorized\s*=\s*['\"]?0", r"\bverify\s*=\s*false\b", r"\bpythonhttpsverify\s*=\s*0",
        r"(?<![\w-])--insecure\b", r"\bcurl\b[^\n|;]*\s-k\b", r"--allow-unauthenticated\b", r"--no-check-certificate\b",
        r"\b(?:disable|turn off|switch off|skip)\s+(?:tls|ssl|certificate|cert)\s*(?:verification|checks?|validation)?\b",
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
        r"(?:~|\$home|\$\{home\})/\.(?:aws|azure|gnupg|password-store|docker|kube|config/gcloud|npmrc|pgpass|my\.cnf)\b",
        r"\.aws/(?:config|sso)\b", r"\bapplication_default_credentials\.json\b", r"(?<![\w-])\.pgpass\b",
        r"(?<![\w-])\.my\.cnf\b", r"(?<![\w-])\.npmrc\b", r"\bgit\s+credential\s+(?:fill|get)\b", r"/etc/shadow\b",
        r"\b(?:bash|zsh|python|node_repl|psql|mysql)_history\b", r"\bhistory\s*\|", r"\blogin\s+data\b|\bcookies\.sqlite\b|\bkey[34]\.db\b",
        r"\bpass\s+show\b", r"\bop\s+(?:read|item\s+get)\b", r"\bbw\s+get\b", r"\bvault\s+(?:kv\s+get|read)\b",
        r"\bkeychains?\b", r"\bexport\s+-p\b", r"\bdeclare\s+-[px]\b", r"\bcompgen\s+-v\b", r"(?:^|[`;|&(]\s*)env\s*(?:$|[`;|&>)])",
        r"(?:^\s*|`|[;|&(]\s*)set(?:`|\s*(?:$|[;|>)]))", r"\b(?:print|dump|dumps|log|repr|str|dict|json\.dumps)\s*\(\s*(?:dict\()?os\.environ\b(?!\s*(?:\.get\b|\[))",
        r"\bconsole\.\w+\s*\(\s*process\.env\s*\)", r"\bjson\.stringify\s*\(\s*process\.env\b", r"\b(?:gci|ls|dir|get-childitem)\s+env:",
        r"\bps\s+(?:-\w*e\w*\s+)?[a-z]*e[a-z]*ww?\b|\bps\s+eww?\b", r"\b(?:dump|list|print|show)\s+(?:all\s+)?(?:the\s+)?environment\s+variables\b",
        rf"\b{_SHOW_VERBS}\b[^.;\n]{{0,60}}"
        + _any(r"(?<![\w.])\.env(?![\w.-])", r"\.env\.(?:local|production|prod|development)\b", r"\bkeychains?\b"),
        # ... not where the secrets are named as taken out ("paste the lines, with secrets removed")
        rf"\b{_SHOW_VERBS}\b[^.;\n]{{0,60}}\b{_SECRET_NOUNS}(?!\s+(?:removed|redacted|masked|stripped|omitted|elided|blanked|"
        r"hidden|censored|cut out|taken out))",
        r"\b(?:echo|print|printf|cat|log|paste|show|display|output)\b[^.;\n|]{0,40}\$\{?\w*"
        r"(?:token|secret|api_?key|password|passwd|private_key|access_key)\w*",
    ),
    _danger(
        "posts files to the network",
        r"\bcurl\b[^\n|;]*?\s(?:-F|--form|--data(?:-binary|-raw|-urlencode|-ascii)?|-d)[\s=]*['\"]?(?:[\w.-]+=)?@",
        r"\bcurl\b[^\n|;]*\s(?:-T|--upload-file)\s", r"\bwget\b[^\n|;]*--post-file\b",
        r"\b(?:scp|rsync|sftp)\b[^\n;|]*\s(?:[\w.-]+@)?[a-z0-9-]+(?:\.[a-z0-9-]+)*:(?!//)\S*", r"\brsync://",
        r"\b(?:nc|ncat|netcat)\b[^\n;|]*\s<\s*\S", r"\|\s*(?:nc|ncat|netcat)\s+\S", _EXFIL_HOSTS, r"\bgh\s+gist\s+create\b",
        # a URL that carries a command's output: fetching it sends that output
        r"https?://[^\s)\]`'\"]*\$[({]",
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
    """The clauses of `text`; a break inside a code span (`continue-on-error: false`) is the code's, not one."""
    masked = re.sub(r"`[^`\n]*`", lambda m: "`" + "x" * (len(m.group(0)) - 2) + "`", text)
    cuts = [0] + [p for m in _CLAUSE_BREAK.finditer(masked) for p in (m.start(), m.end())] + [len(text)]
    parts = (text[cuts[i]:cuts[i + 1]] for i in range(0, len(cuts), 2))
    return [part for part in parts if part and part.strip()]


# Between a cue and the thing it forbids, a second instruction ("never skip setup and run ...") or
# a call to act ("always", "must") ends the cue's reach.
_CUE_ENDS = re.compile(r"\b(?:and|then|so|also|plus|always|must|please|instead|afterwards?|next)\b|[,&]", re.I)
CUE_REACH_WORDS = 10


def forbidden_here(clause: str, start: int) -> bool:
    """Does a cue before `start`, in the same clause, forbid what the clause names there? A cue
    inside a leading condition ("if the tests do not pass, use sudo") governs only the condition;
    a cue reaches only the next few words of the same instruction."""
    lead = _CONDITION.match(clause)
    begin = lead.end() if lead and lead.end() <= start else 0
    cues = list(_FORBID.finditer(clause, begin, start))
    if not cues:
        return False
    between = clause[cues[-1].end():start]
    if _CUE_ENDS.search(between) or len(between.split()) > CUE_REACH_WORDS:
        return False
    return not _ENCOURAGE.match(clause, cues[-1].end())
