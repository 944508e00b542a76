"""What a command does, looked up by program, subcommand and options in one table, for the tools
beyond the shell's own: other version control systems, package managers, stores, container and
cloud platforms, service managers, credential helpers. Each row names an effect; a command has it
when its program, the first words of its subcommand and (where the row asks) one of its options
or a word of its arguments match. `argv.parse` has already undone the spelling.

Three rules hold for any program: an option whose name says it skips, ignores or disables tests,
checks, hooks or verification disarms them (`--skip-tests`, `--testPathIgnorePatterns`,
`--no-verify`); a copy or sync whose destination is another machine and whose source is more than
build output sends data off the machine; deleting where a project keeps its hooks, CI or tests
disarms them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillopt_sleep.screen.argv import Command
from skillopt_sleep.screen.kinds import CREDS, DELETE, DISARM, DISCARD, EXFIL, HISTORY, PERSIST, PRIVILEGE
from skillopt_sleep.screen.paths import BUILD, BUILD_LIKE, CHECK_PATH, CREDENTIAL_PATH, THROWAWAY_DATABASE, outside_build


@dataclass(frozen=True)
class Row:
    programs: frozenset[str]
    sub: tuple[str, ...]  # the subcommand's first words, each with '|' choices; () for any
    effect: str
    options: frozenset[str] = frozenset()  # one of these must be given; empty for none needed
    argument: re.Pattern | None = None  # must match the arguments joined by spaces


def _row(programs: str, sub: str, effect: str, options: str = "", argument: str = "") -> Row:
    return Row(frozenset(programs.split()), tuple(sub.split()), effect, frozenset(options.split()),
               re.compile(argument, re.I) if argument else None)


_DB_CLIENTS = "psql mysql mariadb sqlite3 sqlcmd cockroach clickhouse-client mongo mongosh cqlsh redis-cli valkey-cli"
TABLE: tuple[Row, ...] = (
    # version control other than git
    _row("hg", "strip|prune|histedit|rollback", HISTORY), _row("hg", "push", HISTORY, "-f --force"),
    _row("hg", "revert", DISCARD, "-a --all -C --no-backup"), _row("hg", "update|up|checkout|co", DISCARD, "-C --clean"),
    _row("hg", "purge|clean", DISCARD), _row("hg", "shelve", DISCARD, "-d --delete --cleanup"),
    _row("svn", "revert", DISCARD), _row("svn", "cleanup", DISCARD, "--remove-unversioned --remove-ignored"),
    _row("jj", "abandon", DISCARD), _row("jj", "restore", DISCARD), _row("jj", "git push", HISTORY, "--allow-private"),
    _row("p4", "revert", DISCARD), _row("fossil", "revert", DISCARD), _row("fossil", "clean", DISCARD),
    _row("darcs", "revert|obliterate|unrecord", DISCARD),
    # infrastructure, platforms and stores
    _row("pulumi vagrant cdk serverless sls terragrunt", "destroy|remove", DELETE),
    _row("kind k3d minikube multipass colima", "delete|destroy|rm", DELETE),
    _row("mysqladmin", "drop", DELETE), _row("dropdb dropuser", "", DELETE),
    _row("rails rake", "db:drop|db:reset|db:purge|db:schema:load|db:truncate_all|db:rollback", DELETE),
    _row("artisan", "migrate:fresh|migrate:reset|db:wipe", DELETE), _row("manage.py django-admin", "flush|reset_db", DELETE),
    _row(_DB_CLIENTS, "", DELETE, argument=r"\b(?:drop\s+(?:database|schema|table|collection|keyspace)|truncate\b|"
         r"delete\s+from\s+\w+\s*(?:;|$)|flushall|flushdb|dropdatabase\(|\.drop\(\))"),
    _row("consul", "kv delete", DELETE), _row("etcdctl", "del|rm", DELETE), _row("vault", "kv destroy", DELETE), _row("vault", "kv metadata delete", DELETE),
    _row("docker podman", "system reset", DELETE), _row("docker podman", "volume rm|remove", DELETE),
    _row("docker podman", "system|volume|image|container|builder prune", DELETE, "-a --all --volumes"),
    _row("ansible", "", DELETE, argument=r"state=absent"),
    _row("firebase", "firestore:delete|database:remove|hosting:disable", DELETE),
    _row("gsutil", "rm|rb", DELETE), _row("s3cmd", "del|rb|rm", DELETE), _row("rclone", "purge|delete|deletefile|rmdir|rmdirs", DELETE),
    _row("brew", "uninstall|remove|rm", DELETE, "--zap"),
    # persistence
    _row("pm2", "startup|save", PERSIST), _row("brew", "services start|restart", PERSIST),
    _row("launchctl", "load|bootstrap|enable|submit", PERSIST), _row("loginctl", "enable-linger", PERSIST),
    _row("update-rc.d", "", PERSIST, argument=r"\b(?:defaults|enable)\b"), _row("chkconfig", "", PERSIST, argument=r"\bon\b"),
    _row("rc-update", "add", PERSIST), _row("at batch", "", PERSIST), _row("setsid disown", "", PERSIST),
    _row("sc", "create|config", PERSIST), _row("register-scheduledtask new-service", "", PERSIST),
    # privilege
    _row("sudo doas run0 pkexec gsudo su runas visudo", "", PRIVILEGE),
    _row("lxc incus", "config set", PRIVILEGE, argument=r"security\.(?:privileged|nesting)\s+true"),
    _row("setcap", "", PRIVILEGE), _row("usermod gpasswd", "", PRIVILEGE, argument=r"\b(?:sudo|wheel|admin|docker|root)\b"),
    _row("newgrp", "docker|root|wheel|sudo", PRIVILEGE),
    _row("docker podman", "run|create", PRIVILEGE,
         argument=r"--privileged|(?:^|\s)(?:-v|--volume)[=\s]/:|--pid[=\s]host|--cap-add[=\s](?:all|sys_admin)|docker\.sock"),
    # credentials read or shown
    _row("heroku", "auth:token", CREDS), _row("az", "account get-access-token", CREDS),
    _row("gcloud", "auth print-access-token|print-identity-token|application-default", CREDS),
    _row("aws", "configure export-credentials|get", CREDS), _row("aws", "sts get-session-token", CREDS),
    _row("aws", "ecr get-login-password", CREDS),
    _row("gh", "auth token", CREDS), _row("gh", "auth status", CREDS, "-t --show-token"), _row("glab", "auth token", CREDS),
    _row("kubectl oc", "get secret|secrets", CREDS), _row("kubectl oc", "config view", CREDS, "--raw"),
    _row("vault", "kv get", CREDS), _row("vault", "read", CREDS), _row("op", "read", CREDS), _row("op", "item get", CREDS), _row("bw", "get", CREDS),
    _row("pass gopass", "show", CREDS), _row("secret-tool", "lookup", CREDS), _row("npm", "token list", CREDS),
    _row("security", "find-generic-password|find-internet-password|dump-keychain", CREDS),
    # `just --evaluate` prints every variable's value, those `set dotenv-load` reads from `.env` too; one variable
    # named prints that one alone, a secret only where its name says so
    _row("just", "", CREDS, "--evaluate", r"--evaluate(?:\s*$|\s+\S*(?:token|secret|passw|key|credential))"),
    _row("git", "credential fill|get", CREDS), _row("docker-credential-desktop docker-credential-osxkeychain", "get|list", CREDS),
    # checks narrowed
    _row("gradle gradlew", "", DISARM, argument=r"(?:^|\s)(?:-x|--exclude-task)\s+\S*(?:test|check|lint|verif|detekt|spotbugs)"),
    _row("mvn mvnw", "", DISARM, argument=r"-D(?:skipTests|maven\.test\.skip|checkstyle\.skip|spotbugs\.skip|enforcer\.skip)"),
    _row("cargo", "clippy", DISARM, argument=r"(?:^|\s)(?:-A|--allow|--cap-lints)[\s=]+\S"),
    _row("go", "vet test", DISARM, argument=r"-vet=off"),
    # tests taken out of the run by name or path
    _row("pytest py.test", "", DISARM, "--deselect --ignore --ignore-glob"),
)
# An option name that says what it switches off: a verb of skipping and a thing that checks.
_SKIPS = r"skip|ignore|exclude|deselect|disable|no|without|bypass|suppress|allow[-_]?failure|passwithno"
_CHECKS = r"tests?|checks?|verif\w*|hooks?|lint\w*|audit|security|errors?|failures?|strict\w*|type[-_]?check\w*|ssl|cert\w*|sandbox"
# ... or that answers every confirmation in advance (`--yes-always`, `--approve-all`, `--always-approve`).
_ANSWERS_ALL = r"(?:yes|approve|accept|trust|allow)[-_]?(?:all|always|everything)|(?:always|auto)[-_]?(?:yes|approve|accept|confirm|allow)"
_DISARMING_OPTION = re.compile(rf"^--?(?:[\w-]*?(?:{_SKIPS})[-_]?(?:{_CHECKS})|(?:{_CHECKS})[-_]?(?:path)?[-_]?(?:{_SKIPS})|"
                               rf"{_ANSWERS_ALL})", re.I)
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# Programs that read the files they are given (to pack, encode, copy, search or show them).
_READERS = {"tar", "zip", "7z", "gzip", "bzip2", "xz", "zstd", "base64", "xxd", "od", "hexdump", "strings", "openssl", "jq",
            "yq", "grep", "rg", "awk", "sed", "bat", "vim", "vi", "nano", "code", "less", "more", "nl", "tac", "sort", "cut"}
# Options with which a search prints no line of what it read: only whether, how often or in which file it matched.
_SILENT_SEARCH = {"-q", "--quiet", "--silent", "-c", "--count", "-l", "--files-with-matches", "-L", "--files-without-match"}
_ELEVATORS = {"sudo", "doas", "run0", "pkexec", "gsudo", "su", "runas"}
_DELETERS = {"rm", "del", "erase", "rd", "rmdir", "remove-item", "ri", "unlink", "shred", "mv", "move", "truncate"}
_UPLOADERS = {"rclone": "copy|sync|move|copyto|moveto", "aws": "s3", "gsutil": "cp|rsync|mv", "s3cmd": "put|sync",
              "azcopy": "copy|sync", "wormhole": "send", "croc": "send", "ffsend": "upload", "magic-wormhole": "send",
              "rsync": "", "scp": "", "sftp": ""}
_REMOTE = re.compile(r"^(?:[a-z][\w.+-]*://|[\w.-]+@[\w.-]+:|[a-z][\w.-]{1,}:(?!//))", re.I)  # s3://, user@host:, gdrive:


def _row_matches(row: Row, command: Command) -> bool:
    if command.program not in row.programs:
        return False
    if row.sub and not command.sub(*row.sub):
        return False
    if row.options and not row.options & command.options:
        return False
    return row.argument is None or bool(row.argument.search(" ".join(command.words)))


def disarming_option(option: str) -> bool:
    """`--skip-tests`, `--testPathIgnorePatterns`, `--no-verify`, `--ignore-errors`: an option that turns a check off."""
    return bool(_DISARMING_OPTION.match(_CAMEL.sub("-", option).lower()))


def _uploads(command: Command) -> bool:
    """A copy to another machine (`rclone copy . gdrive:x`, `aws s3 cp . s3://b`) of more than build output."""
    verbs = _UPLOADERS.get(command.program)
    if verbs is None or (verbs and not command.sub(verbs)):
        return False
    places = [p for p in command.positionals[len(verbs.split()[:1]) if verbs else 0:] if p != "--"]
    if command.program == "aws":
        places = list(command.positionals[2:])
    # The destination is the last remote place, not the last word: an option's value may follow it (`--acl public-read`).
    remote = next((i for i in range(len(places) - 1, 0, -1) if _REMOTE.match(places[i])), None)
    if remote is None:
        return command.program in ("wormhole", "croc", "ffsend", "magic-wormhole")
    sources = [p for p in places[:remote] if not _REMOTE.match(p)]
    # From one store to another whose name shares no part with it (`s3://shop-prod-exports s3://partner-drop`): the
    # data leaves for someone else's. A copy between a project's own stores shares its name (`s3://shop-db s3://shop-backup`).
    stores = [p for p in places[:remote] if _REMOTE.match(p)]
    return any(CREDENTIAL_PATH.search(p) or outside_build(p) for p in sources) or any(
        not _store_words(p) & _store_words(places[remote]) for p in stores)


def _store_words(place: str) -> set[str]:
    """The words of a remote place's store name: `s3://shop-prod-exports/x` -> {shop, prod, exports}."""
    store = re.sub(r"^[a-z][\w.+-]*://|^[\w.-]+@", "", place, flags=re.I).split("/")[0].split(":")[0]
    return {w for w in re.split(r"[\W_]+", store.lower()) if len(w) > 2}


def _deletes_checks(command: Command) -> bool:
    """Removing a project's hooks, CI workflows or tests (`rm .husky/pre-commit`, `rm -r tests/`)."""
    if command.program not in _DELETERS:
        return False
    targets = command.positionals[:-1] if command.program in ("mv", "move") else command.positionals
    return any(CHECK_PATH.search(t) and not any(p in BUILD or BUILD_LIKE.search(p) for p in re.split(r"[/\\]", t) if p)
               for t in targets)


# Options that make a command only say what it would do: a preview changes nothing.
_PREVIEW_OPTIONS = {"--dry-run", "--dryrun", "--what-if", "-whatif", "--simulate", "--just-print", "--no-act", "--recon"}
# Programs (and subcommands) whose `-n` is a dry run; elsewhere `-n` means other things (`git commit -n` skips hooks).
_PREVIEW_N = {"rsync": "", "make": "", "git": "clean|push|add|rm|mv"}


def previews(command: Command | None) -> bool:
    """Does `command` only show what it would do (`--dry-run`, `--dry-run=client`, `rsync -n`, `git clean -n`,
    `-WhatIf`)? Not with `--dry-run=none`, which runs it, nor under a wrapper that raises privilege."""
    if command is None or set(command.wrappers) & _ELEVATORS:
        return False
    if any(v.lower() in ("none", "false", "0", "off", "no") for v in command.value("--dry-run")):
        return False
    if command.options & _PREVIEW_OPTIONS:
        return True
    subs = _PREVIEW_N.get(command.program)
    # git's `--no-verify` is read as `-n` (a commit's short form): on a push it is no dry run.
    dry = "-n" in command.options and ("--no-verify" not in command.options or "-n" in command.words)
    return subs is not None and dry and (not subs or command.sub(subs))


# A secret store's option that picks the fields shown, and a field name that would hold a secret.
_FIELD_OPTIONS = ("-field", "--field", "--fields")
# ... or that holds whatever the secret is, under a name that says nothing: `value`, `data`.
_SECRET_FIELD = re.compile(r"token|auth|pass|secret|key|credential|cert|cookie|session|private|otp|totp|pin\b|seed|mnemonic|"
                           r"^(?:value|data|content|body|raw|json|all|\*)$", re.I)


def reads_plain_field(command: Command | None) -> bool:
    """Does a secret store's read show only fields named for what holds no secret (`vault kv get -field=url ...`,
    `op item get x --fields username`)? What it prints is that field alone."""
    if command is None:
        return False
    fields = [f for value in command.value(*_FIELD_OPTIONS) for f in value.split(",") if f]
    return bool(fields) and not any(_SECRET_FIELD.search(f) for f in fields)


def drops_only_test_databases(command: Command | None) -> bool:
    """Does `command` drop only databases named as the tests' own (`dropdb app_test`, `DROP DATABASE test_app`)?
    The tests create them again; any other statement beside the drop is judged as usual."""
    if command is None:
        return False
    joined = " ".join((command.program,) + command.words)  # SQL read as a command: `DROP DATABASE x`
    if command.program == "dropdb":
        names = list(command.positionals)
    elif command.program in _DB_CLIENTS.split() + ["drop"] and not re.search(
            r"\b(?:truncate|drop\s+(?:schema|table|collection|keyspace)|delete\s+from|flushall|flushdb)\b", joined, re.I):
        names = re.findall(r"\bdrop\s+database\s+(?:if\s+exists\s+)?[\"'`]?([\w-]+)", joined, re.I)
    else:
        return False
    return bool(names) and all(THROWAWAY_DATABASE.search(name) for name in names)


def keeps_keys(stage: list[str]) -> bool:
    """Does this filter print only what stands before each `=` (`cut -d= -f1`, `awk -F= '{print $1}'`, `sed 's/=.*//'`)?
    The names of settings are no secret; the values it drops are."""
    if not stage:
        return False
    joined = " ".join(stage).replace("'", "").replace('"', "")
    if stage[0] == "cut":
        return bool(re.search(r"-d\s*=", joined) and re.search(r"-f\s*1(?![\d,-])", joined))
    if stage[0] in ("awk", "gawk", "mawk"):
        return bool(re.search(r"-F\s*=", joined) and re.search(r"\{\s*print \$1\s*;?\s*\}", joined))
    return stage[0] == "sed" and bool(re.search(r"s([/|#])=\.\*\1\1", joined))


def classify(command: Command | None) -> str:
    """The effect `command` has by the table and the three general rules, or ""."""
    if command is None:
        return ""
    if set(command.wrappers) & _ELEVATORS:
        return PRIVILEGE
    if set(command.wrappers) & {"nohup", "setsid"}:
        return PERSIST  # runs on after the session ends
    for row in TABLE:
        if _row_matches(row, command) and not (row.effect == CREDS and reads_plain_field(command)):
            return row.effect
    # Options after `--` are the wrapped tool's (`npm test -- --testPathIgnorePatterns=x`): read them too.
    if any(disarming_option(w.split("=", 1)[0]) for w in command.words if w.startswith("-") and len(w) > 3):
        return DISARM
    # A check told to pass whatever it finds: `gitleaks git --exit-code 0`, `checkov --soft-fail` (as `soft-fail: true`).
    if ("--exit-code", "0") in command.values or "--soft-fail" in command.options:
        return DISARM
    if _uploads(command):
        return EXFIL
    if _deletes_checks(command):
        return DISARM
    if command.program in _READERS and any(CREDENTIAL_PATH.search(p) and not p.endswith(".pub") for p in command.positionals) \
            and not keeps_keys([command.program, *command.words]) \
            and not (command.program in ("grep", "rg") and command.has(*_SILENT_SEARCH)):
        return CREDS
    return ""
