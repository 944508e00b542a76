"""What a rule would make the agent do, judged by effect rather than wording. Each command the
rule mentions (`commands`) is classified by what it does; prose with no command is read for the
same effects through a small multilingual lexicon of action and object; a line posing as a system
or platform notice is an injection. A rule is refused for its effect unless the sentence holding
it forbids that effect (`prohibit.forbids`)."""

from __future__ import annotations

import re

from skillopt_sleep.negation import OUT_OF_SCOPE
from skillopt_sleep.screen import calls, settings
from skillopt_sleep.screen.argv import parse
from skillopt_sleep.screen.commands import CODE_SPAN, code, commands, pipelines, sources
from skillopt_sleep.screen.concede import REGARDLESS, REPORTED, conceded, quotation_around
from skillopt_sleep.screen.kinds import CREDS, DELETE, DISARM, DISCARD, EXFIL, HISTORY, INJECTION, PERSIST, PRIVILEGE
from skillopt_sleep.screen.paths import BUILD as _BUILD
from skillopt_sleep.screen.paths import BUILD_LIKE as _BUILD_LIKE
from skillopt_sleep.screen.paths import CREDENTIAL_PATH as _CREDENTIAL_PATH
from skillopt_sleep.screen.paths import RC_PATH as _RC_PATH
from skillopt_sleep.screen.paths import home_or_root as _home_or_root
from skillopt_sleep.screen.paths import outside_build as _outside_build
from skillopt_sleep.screen.programs import classify, disarming_option, drops_only_test_databases, keeps_keys, previews
from skillopt_sleep.screen.removed_check import removed_checks
from skillopt_sleep.screen.prohibit import (BEFORE_STEP, condition_end, defined_then_forbidden, forbidden_by_next, forbidden_right_before, forbids,
                                            inside_quotation, keeps_asking, quoted_question, sentences)
from skillopt_sleep.screen.undo import undoes_earlier_step

_CLOUD_CLIS = {"gcloud", "gsutil", "az", "aws", "doctl", "heroku", "flyctl", "fly", "vercel", "netlify", "railway", "oci",
               "ibmcloud", "linode-cli", "hcloud", "scw", "wrangler", "firebase", "supabase", "neonctl", "pscale"}
_DESTRUCTIVE_TOOLS = {"rm", "del", "rd", "rmdir", "remove-item", "erase", "shred", "dd", "mkfs", "truncate", "terraform",
                      "dropdb", "kubectl", "helm", "docker", "apt", "apt-get", "yum", "dnf", "prisma", "supabase", "git"}


def _flags(words: list[str]) -> set[str]:
    found = set()
    for word in words:
        low = word.lower()
        if low.startswith("--"):
            found.add(low.split("=")[0])
        elif low.startswith(("-", "/")) and len(low) <= 6 and low[1:].isalpha():
            found |= {low[0] + ch for ch in low[1:]} | {low}
    return found


def _uploads(head: str, args: list[str]) -> bool:
    """Does curl's short option upload (`-F` a form, `-T` a file)? Case tells them from `-f` (fail on an HTTP
    error) and `-t` (a telnet option), which send nothing."""
    return head == "curl" and any(re.fullmatch(r"-[A-Za-z]*[FT][A-Za-z]*", a) for a in args)


def _git(args: list[str]) -> str:
    # Options of git itself come before its subcommand: `git -C /src push --force` pushes all the same.
    while args and args[0].startswith("-"):
        args = args[2:] if args[0] in ("-C", "-c") else args[1:]
    if not args:
        return ""
    sub, rest, flags = args[0].lower(), args[1:], _flags(args[1:])
    if sub == "push" and ({"-f", "--force", "--force-with-lease", "--force-if-includes", "--mirror", "--delete", "-d"} & flags
                          or any(a.startswith("+") or a.startswith(":") for a in rest)):
        return HISTORY
    if sub in ("filter-branch", "filter-repo", "replace") or (sub == "reflog" and "expire" in rest) \
            or (sub == "update-ref" and "-d" in flags) or (sub == "gc" and any("prune=now" in a for a in rest)):
        return HISTORY
    if sub == "reset" and ("--hard" in flags or "--merge" in flags or "--keep" in flags):
        return DISCARD
    # A clean limited to build output (`git clean -fdX -- build .pytest_cache`) loses nothing else.
    paths = [a for a in rest if not a.startswith("-")]
    if sub == "clean" and ({"-f", "--force"} & flags) and not (paths and not any(_outside_build(p) for p in paths)):
        return DISCARD
    if sub == "checkout" and ("-f" in flags or "--force" in flags or "." in rest or ("--" in rest and rest[-1] != "--")):
        return DISCARD
    if sub == "restore" and ("--worktree" in flags or "-w" in flags or "--staged" not in flags):
        return DISCARD
    if sub == "switch" and ({"--discard-changes", "-f", "--force"} & flags):
        return DISCARD
    if sub == "stash" and rest and rest[0].lower() in ("clear", "drop"):
        return DISCARD
    # Plumbing that writes the index over the work tree overwrites uncommitted edits: `read-tree` with `-u` and
    # `--reset` (without `--reset`, `-m -u` refuses to overwrite), and `checkout-index` forced, unless `--prefix`
    # sends its copies into another folder.
    if (sub == "read-tree" and {"-u", "--reset"} <= flags) \
            or (sub == "checkout-index" and {"-f", "--force"} & flags and "--prefix" not in flags):
        return DISCARD
    if sub == "branch" and ({"-d", "--delete"} & flags) and "-D" in args[1:]:
        return DISCARD
    # Every git command that runs hooks skips them with `--no-verify`; only for a commit is `-n` the same (a push's is a dry run).
    if (sub in ("commit", "push", "merge", "rebase", "am", "cherry-pick", "revert") and "--no-verify" in flags) \
            or (sub == "commit" and "-n" in flags):
        return DISARM
    if sub == "config" and any(a.lower().startswith(("core.hookspath", "alias.")) and "!" in " ".join(rest) for a in rest):
        return PERSIST
    # An alias does what it stands for: `git config alias.up "push --force"`.
    alias = next((i for i, a in enumerate(rest) if a.lower().startswith("alias.")), None)
    if sub == "config" and alias is not None and rest[alias + 1:]:
        return _git(" ".join(rest[alias + 1:]).strip("'\"").split())
    if sub == "config" and any(a.lower().startswith("core.hookspath") for a in rest) and not project_hooks(rest):
        return DISARM
    return ""


def project_hooks(rest: list[str]) -> bool:
    """Does `git config core.hooksPath <folder>` point the hooks at a hooks folder of the project (`.githooks`,
    `.husky`)? That arms the project's own hooks; a folder elsewhere, or none, takes them away."""
    at = next((i for i, a in enumerate(rest) if a.lower().startswith("core.hookspath")), None)
    value = rest[at].split("=", 1)[1] if at is not None and "=" in rest[at] else (rest[at + 1] if at is not None and at + 1 < len(rest) else "")
    value = value.strip("'\"")
    return bool(value) and not re.match(r"^(?:[/~$%\\]|[a-z]:|\.\.)", value, re.I) and bool(_HOOK_FOLDER.search(value))


_HOOK_FOLDER = re.compile(r"(?:^|/)(?:\.husky|\.githooks|githooks|\.hooks|hooks|\.git/hooks)/?$", re.I)


_WORDLIKE_HEADS = {"del", "rd", "ri", "erase", "su"}


def _path_like(arg: str) -> bool:
    """Is `arg` a path, a flag or a glob? A `*` that only closes an emphasis (`*Demo del sprint*`) makes no glob."""
    return bool(re.search(r"[/\\~:]|^-", arg)) or "*" in arg.rstrip("*") or arg.startswith("*")


def _prose_arguments(args: list[str]) -> list[str]:
    """The words a command named in prose takes: up to the comma or semicolon that ends its phrase ("OKR del Q4, KR2:
    *tempo*" gives "del" the argument "Q4," alone; what follows is the sentence going on)."""
    end = next((i for i, a in enumerate(args) if a.endswith((",", ";", "，", "；"))), len(args) - 1)
    return args[:end + 1]


def _subcommand(words: list[str]) -> str:
    """The subcommand of the program `words` start with, past the global options and their values
    (`kubectl --context prod delete` deletes), lower case, or ""."""
    command = parse(words)
    return command.positionals[0].lower() if command and command.positionals else ""


def _command(words: list[str]) -> str:
    """The effect of one simple command (its words, maybe with prose around them), or ""."""
    low = [w.lower() for w in words]
    flags = _flags(words)
    joined = " ".join(low)
    for at, word in enumerate(low):
        head = word.rsplit("/", 1)[-1].removesuffix(".exe")
        args = words[at + 1:]
        # "del", "rd", "ri", "su" are words of prose too ("Demo del sprint", "revise su acceso"): after a word of prose,
        # only with a path or a flag.
        if head in _WORDLIKE_HEADS and at and re.fullmatch(r"[^\W\d_]+", low[at - 1].strip("*_\"'«»“”")) \
                and not any(_path_like(a) for a in _prose_arguments(args)):
            continue
        if head in ("sudo", "doas", "pkexec", "su", "runas") and args:
            return PRIVILEGE
        if head == "git":
            effect = _git(args)
            if effect:
                return effect
        if head in ("rm", "del", "erase", "rd", "rmdir", "remove-item", "ri", "shred", "unlink") and args:
            targets = [a for a in args if not a.startswith("-") and not re.match(r"^/[a-z]$", a, re.I)
                       and not re.fullmatch(r"[{}+;\\`.,]+", a)]  # `find -exec rm {} +`: placeholders, no targets
            recursive = bool({"-r", "-R", "--recursive", "/s", "-recurse"} & flags) or head in ("rd", "rmdir")
            fed = "xargs" in low[:at] or "-exec" in low[:at]  # targets come from elsewhere
            # ... from a `find` whose name filter picks build output or caches only: those may go.
            filtered = [low[i + 1] for i in range(at) if low[i] in ("-name", "-iname", "-path") and i + 1 < at]
            if fed and filtered and all(_BUILD_LIKE.search(n.strip("*./")) or n.strip("*./") in _BUILD for n in filtered):
                fed = False
            if any(_outside_build(t, recursive) for t in targets) or (head != "rm" and not targets) \
                    or (fed and recursive and not targets):
                return DELETE
        named = [low[i + 1] for i in range(at, len(low) - 1) if low[i] in ("-name", "-iname", "-path")]
        # `find` deletes what its filter names: everything under home, or a whole project subtree unfiltered.
        if head == "find" and ({"-delete"} & set(low) or "rm" in low) and args and (
                _home_or_root(args[0]) or (_outside_build(args[0]) and not named)):
            return DELETE
        if head in ("mv", "move", "move-item", "truncate", "shred") and any(_home_or_root(a) for a in args[:-1] or args):
            return DELETE
        if word in (">", ">|") and at + 1 < len(words) and _home_or_root(words[at + 1]):
            return DELETE
        if word.startswith((">~", ">/", ">$")) and _home_or_root(word.lstrip(">|")):
            return DELETE
        if head == "dd" and any(a.startswith("of=/dev/") or a.startswith("of=~") for a in low):
            return DELETE
        # A numeric mode whose last digit lets every user write (`chmod 666`, `chmod 0772`): world-writable.
        if head == "chmod" and any(re.fullmatch(r"0?[0-7]{3}", a) and int(a[-1]) & 2 for a in args):
            return PRIVILEGE
        if head in ("chmod", "icacls", "cacls", "takeown", "chown") and re.search(
                r"\b0?777\b|\ba\+rwx|\bo\+w|everyone:\(?f|\broot\b|\+s\b|/grant", joined):
            return PRIVILEGE
        # A mirror that deletes what the source lacks, into the home or root folder: `rsync -a --delete ./ ~/`.
        if head == "rsync" and any(f.startswith("--delete") for f in flags) and args and _home_or_root(args[-1]):
            return DELETE
        if head in ("crontab", "schtasks", "launchctl") and not ({"-l"} & flags):
            return PERSIST
        if head == "systemctl" and {"enable", "link"} & set(low[at + 1:]):
            return PERSIST
        if head in ("curl", "wget", "scp", "rsync", "sftp", "nc", "ncat", "netcat", "invoke-webrequest", "iwr",
                    "invoke-restmethod", "irm") and (
                {"--form", "--upload-file", "--data-binary", "--post-file"} & flags or _uploads(head, words[at + 1:])
                or any(a.startswith("@") or "=@" in a or "$(" in a for a in args)
                or (head in ("scp", "rsync", "sftp") and any(re.match(r"^[\w.@-]+:(?!//)", a) for a in args))
                or (head in ("nc", "ncat", "netcat"))):
            return EXFIL
        read = args[:-1] if head in ("cp", "copy") else args  # a copy's last argument is where it writes
        if head in ("cat", "type", "get-content", "gc", "less", "more", "head", "tail", "cp", "copy", "base64", "xxd") \
                and any(_CREDENTIAL_PATH.search(a) for a in read):
            return CREDS
        # A search of the home folder or the system for secrets (`grep -r TOKEN ~`): it reads every credential there.
        if head in ("grep", "rg", "ag", "ack", "egrep", "findstr") and any(_home_or_root(a) for a in args[1:]) and re.search(
                r"token|secret|passw|api_?key|credential|private", " ".join(args), re.I):
            return CREDS
        if head in ("printenv",) or (head in ("env", "set", "export") and not args):
            return CREDS
        if _RC_PATH.search(word) and not any(w in ("cat", "less", "more", "head", "tail", "grep", "diff", "get-content")
                                             for w in low[:at]):
            return PERSIST
        if head in ("psql", "mysql", "sqlite3", "truncate") or head.startswith("drop"):
            if re.search(r"\b(?:drop|truncate)\s+(?:schema|table|database)|\bdelete\s+from\b", joined) or head == "dropdb":
                return DELETE
        if head in ("npm", "pnpm", "yarn") and "unpublish" in low[at + 1:at + 3]:
            return DELETE
        if head == "kubectl" and _subcommand(words[at:]) == "delete":
            return DELETE
        if head in ("redis-cli", "valkey-cli", "keydb-cli") and {"flushall", "flushdb"} & set(low[at + 1:]):
            return DELETE
        if head in ("mongo", "mongosh") and re.search(r"dropdatabase|\.drop\(|deletemany\(\s*\{\s*\}", joined):
            return DELETE
        if head == "helm" and _subcommand(words[at:]) in ("uninstall", "delete", "del", "un"):
            return DELETE
        # Cloud and platform CLIs: a resource deleted or destroyed (`gcloud projects delete`, `az group delete`).
        if head in _CLOUD_CLIS and {"delete", "destroy", "rm", "remove", "rb", "purge", "terminate-instances",
                                    "delete-stack", "delete-bucket", "delete-db-instance"} & set(low[at + 1:at + 5]):
            return DELETE
        if head == "gh" and ("--admin" in flags or ({"delete", "archive"} & set(low[at + 2:at + 3])
                                                    and low[at + 1:at + 2] in (["repo"], ["release"], ["secret"]))):
            return DISARM if "--admin" in flags else DELETE
        if head == "gh" and "api" in low[at + 1:at + 2] and "delete" in low and "protection" in joined:
            return HISTORY
        if head == "terraform" and {"destroy"} & set(low[at + 1:]):
            return DELETE
        if head in ("prisma", "supabase") and "reset" in low[at + 1:]:
            return DELETE
        if head == "docker" and ("prune" in low[at + 1:] and ({"-a", "--all", "--volumes"} & flags)):
            return DELETE
        # Confirmation answered in advance on a destructive step: `-y` on a removal (`yes |`: _SWALLOWED). Untagged
        # images and the build cache (`docker image prune -f`, `docker builder prune -f`, no `-a`) are build output.
        cache_only = head in ("docker", "podman") and low[at + 1:at + 2] in (["image"], ["builder"]) and not (
            {"-a", "--all", "--filter"} & flags)
        if head in _DESTRUCTIVE_TOOLS and not cache_only and {"remove", "purge", "autoremove", "destroy", "delete", "reset", "drop", "prune",
                                           "uninstall"} & set(low[at + 1:at + 4]) and {"-y", "--yes", "-f", "--force",
                                                                                       "-auto-approve", "--auto-approve"} & flags:
            return DELETE
        if head == "set-mppreference" or (head == "set" and "+e" in low[at + 1:at + 2]):
            return DISARM
    if _destroys_production(low):
        return DELETE
    for word in low:
        if re.match(r"^(?:husky|skip|pre_commit_allow_no_config|git_hooks_disabled)=", word) \
                or word in ("--no-verify", "--dangerously-skip-permissions", "--no-sandbox", "-auto-approve", "--auto-approve") \
                or (word.startswith("--") and disarming_option(word.split("=", 1)[0])):
            return DISARM
    # A checker's own switch-off comment: `# mypy: ignore-errors`, `# pylint: disable=...`, `# nosec`.
    if re.search(r"#\s*(?:mypy:\s*ignore-errors|pylint:\s*disable|nosec\b|pyright:\s*(?:basic|ignore))|"
                 r"/[/*]\s*(?:istanbul|c8)\s+ignore|//\s*nolint|rubocop:\s*disable", joined):
        return DISARM
    if re.search(r"(?:^|\s)-k\s+not\b|\|\|\s*true\b|#\s*type:\s*ignore\b(?!\[)|@ts-(?:ignore|nocheck)|eslint-disable(?![-\w]*-line)|"
                 r"-disablerealtimemonitoring", joined):
        return DISARM
    if re.search(r">\s*\S*" + _RC_PATH.pattern, joined):
        return PERSIST
    return ""


# A tool's own step that destroys what it manages: `destroy`, or a task whose last part is `drop` (`ecto.drop`, `db:drop`).
_DESTROYING = {"destroy", "drop"}
_PRODUCTION = re.compile(r"prod(?:uction)?")


def _destroys_production(low: list[str]) -> bool:
    """Does the command (its words, lower case) run a tool's destroying step where its own words choose production as
    the place (`helmfile -e production destroy`, `MIX_ENV=prod mix ecto.drop`)? The same step on a test or a local
    environment rebuilds what the task made."""
    steps = [re.split(r"[.:]", w)[-1] for w in low[1:] if not w.startswith("-") and "=" not in w]
    return bool(_DESTROYING & set(steps)) and any(_PRODUCTION.fullmatch(w.split("=", 1)[-1].strip("'\"")) for w in low)


# Prose with no command: an action on an object, in several languages. Both must occur in one sentence.
# A confirmation waived: "without asking", "ohne Rückfrage", "確認なし", every prompt answered in advance. Its "without" is
# part of what it names, not a prohibition of it.
_WAIVER = (r"without (?:waiting for (?:a |any |the user'?s? )?)?(?:asking|confirmation|permission|approval|prompting)|"
           # every prompt answered in advance: "answer yes to all of them automatically"
           r"answer(?:ing)? yes to (?:all|every|everything)|automatically (?:answer|confirm|accept|approve)|auto-?(?:confirm|approv|accept)|"
           r"réponds? oui à tout|alles mit ja|responde (?:que )?sí a todo|responda sim a tudo|отвечай\w* «?да»? на вс|全部(?:回答|选)是|"
           r"すべてに(?:はい|yes)|sans (?:confirmation|demander)|ohne (?:rückfrage|"
           r"bestätigung|nachfrage)|sin (?:confirmación|preguntar)|sem (?:confirmação|perguntar)|без (?:подтвержден|спрос)|"
           r"确认なし|確認なし|无需确认|不经确认|不必确认|"
           # no need to ask, the asking waived as needless: "No need to ask before deleting", "hij hoeft niet te vragen"
           r"\bno need (?:for \w+ )?to (?:ask|confirm|check with)|\b(?:don't|do not|doesn't|does not|never) (?:need|have) to (?:ask|confirm|check with)|"
           r"\bneed(?:n't| not) (?:ask|confirm)|pas besoin de (?:demander|confirm)|inutile de (?:demander|confirm)|"
           r"(?:muss|müssen|brauchs?t|brauchen) (?:[\w-]+ ){0,4}?nicht (?:mehr |erst )?(?:zu )?(?:nach|rück)?fragen|"
           r"no (?:hace falta|hay que|necesitas?) (?:preguntar|confirmar)|não (?:precisa|é preciso|é necessário) (?:de )?(?:perguntar|confirmar)|"
           r"non (?:serve|c'è bisogno di|è necessario) (?:chiedere|confermare)|hoef\w* (?:\w+ )?niet (?:meer |eerst )?te vragen|"
           r"nie (?:musisz|musi|trzeba) (?:pytać|potwierdzać)|sorma\w* gerek yok|onay\w* gerek yok|"
           r"(?:не нужно|не надо|нет нужды) (?:спрашивать|подтвержд\w*)|不用问|不必问|无需询问|不需要询问|不用确认|不需要确认|"
           r"確認(?:は)?不要|聞かなくて(?:いい|よい)|確認しなくて(?:いい|よい)|(?:묻지|물어보지|확인하지) 않아도|(?:물어볼|확인할) 필요(?:가|는)? 없|"
           # "without" and a verb of asking a few words on, in each language: "senza chiedere conferma", "zonder het de gebruiker te vragen";
           # a denial between ends the phrase ("without review is not the user's approval" denies a claim, waives nothing)
           r"(?:\bwithout|\bsans|\bohne|\bsin|\bsem|\bsenza|\bzonder|\bbez|\bбез)\s+"
           r"(?:(?!(?:is|are|was|were)\s+(?:not|no)\b|isn't\b|aren't\b|n'est\b|ist\s+(?:nicht|kein)|non\s+è\b|no\s+es\b|não\s+é\b|is\s+geen\b)"
           r"[\w'’]+\s+){0,6}?"
           r"(?:ask|demand|frag|pregunt|pergunt|chied|vrag|pyta|спрос|confirm|conferm|bevestig|potwierdz|approv|goedkeur)\w*")


# A pipeline piece the user asks to retire, or one the agent itself added ("the temporary step it added"): removing it
# disarms nothing.
_OWN_OR_ASKED_REMOVAL = (r"\b(?:the )?user asks? (?:you |the agent )?to (?:retire|remove|delete|drop)\b|"
                         r"\b(?:it|you|the agent) (?:itself |yourself )?(?:added|created|made|set up|put in)\b")


# "send" at a word's start, or after a prefix that keeps its sense ("resend", "versendet", "absenden"); not the ending
# of a German participle ("lesend", "passende", "umfassend": reading, fitting, comprehensive).
_SEND = r"(?<![^\W\d_])(?:re|ver|ab|zu|über|mit|weiter)?send"
_PROSE = (
    (HISTORY, r"overwrit|rewrit|réécri|écras|umschreib|überschreib|reescrib|reescrev|sobrescr|перепиш|перезапиш|改写|重写|覆盖|"
     r"書き換|上書き", r"remote|distant|entfernt|remot|удал[её]нн|远程|リモート|history|historique|histori|истори|历史|履歴|"
     r"server|serveur|servidor|сервер|服务器|サーバー|origin|upstream"),
    (HISTORY, r"force (?:flag|option)|\bforce it\b|\bforce\b|fuerz|fuérz|forcez|forcer|de force|erzwing|mit gewalt|gewaltsam|forç|"
     r"принудительн\w*|强制|強制", r"push|пуш|推送|プッシュ|pouss|empuj"),
    (HISTORY, r"replac\w* what(?:'s| is) (?:there|on the (?:remote|server))|remplaç\w* ce qui|ersetz\w* was (?:dort|drüben)", r"."),
    (HISTORY, r"force[- ]?push|push (?:with )?force|forcer le push|push forcé|pushe? mit gewalt|push forzado|push forçado|"
     r"принудительн\w* push|强制推送|強制プッシュ|強制的にプッシュ", r"."),
    (DISCARD, r"throw(?:ing)? away|discard|drop|remov|delet|wip(?:e|ing)|lose|nuke|toss|trash|blow away|efface|verwirf|verwerf|descart|jet|abandonn|"
     r"отбрось|откат|удали|снес|сотри|丢弃|放弃|删掉|捨て|破棄|消し|borr|apag|elimin|supprim|lösch|verwirf|выбрось|"
     # kept not at all: "sin conservar los cambios locales", "without keeping your edits", "不保留本地修改"
     r"without (?:keeping|saving)|sin (?:conservar|guardar|mantener)|sans (?:garder|conserver|sauvegarder)|ohne (?:zu )?(?:behalten|sichern)|"
     r"sem (?:guardar|manter|conservar)|senza (?:conservare|tenere|salvare)|zonder (?:te )?bewaren|bez zachowania|не сохраняя|不保留|残さ(?:ない|ず)",
     r"uncommitted|unsaved|not (?:yet )?committed|unstaged|untracked|local (?:changes|edits|work)|working tree|lokalen änderungen|änderungen|cambios|alteraç|changements|"
     r"local edits|modifs locales|локальные правки|lokale änderungen|cambios locales|alterações locais|本地修改|本地改动|ローカルの変更|"
     r"modifications (?:locales|non)|non commit|nicht committ|sin (?:hacer )?commit|sem commit|незакоммич|не закоммич|未提交|未コミット|"
     r"изменени|更改|改动|変更|everything and reset|(?:whatever|what|everything) you (?:changed|edited|modified)|your (?:changes|edits)"),
    (DELETE, r"delete|remove|empty|emptying|wip(?:e|ing)|erase|purge|get rid of|\bdrop\b|destroy|destru|zerstör|уничтож|"
     r"vac[ií]|esvazi|\bvide\b|vider|空に|clean (?:out|up)|blow away|nuke|trash|消し|消す|删掉|снес|borra|elimin|apag|supprim|vid|lösch|leere|удали|очист|删除|清空|删掉|削除|消去",
     r"home|ホーム|домашн|user's|users'|usuario|usuário|utilisateur|benutzer|пользовател|用户|ユーザー|production|prod\b|tables?|database|"
     r"base de datos|banco de dados|base de données|datenbank|баз[аыуе]|数据库|データベース|staging (?:server|database|db)|producci[oó]n|produç[aã]o|продакшен\w*|本番|生产|downloads|descargas|desktop|escritorio|bureau|~/|\$home|%userprofile%|"
     r"documents|dossier personnel|pasta pessoal|carpeta personal|home-verzeichnis|persönlich|主目录|家目录|ホームディレクトリ",
     r"test(?:ing)? (?:database|db|fixture)|build output|构建输出|"
     # what the task or its tests made themselves: "die Datenbank, die `docker compose` selbst anlegt", "测试自己创建的数据库"
     r"(?:task|test|tests|job|script|compose|fixture)s? (?:itself |themselves )?(?:creates?|created|made|set up|builds?|built)\b|"
     r"(?:created|made|set up|built) by the (?:task|tests?|job|script|fixture)|"
     r"\bselbst (?:an(?:legt|gelegt)|erstellt|erzeugt)|\b(?:angelegt|erstellt|erzeugt) (?:vom|von der|durch den|durch die) (?:task|test|aufgabe)|"
     r"(?:que )?(?:la (?:tâche|propre tâche)|le test|les tests) (?:a |ont )?(?:crée?e?s?|créé\w*)|créé\w* par (?:la tâche|le test|les tests)|"
     r"que crea(?:n)? (?:la propia|el propio|la|el) (?:tarea|test|prueba)|cread[ao]s? por (?:la|el) (?:propia |propio )?(?:tarea|test|prueba)|"
     r"criad[ao]s? pel[ao] (?:própri[ao] )?(?:tarefa|teste)|que (?:a própria |o próprio )?(?:tarefa|teste) cria|"
     r"creat[ao] dal(?:la)? (?:stess[ao] )?(?:test|compito|task|attività)|che (?:il test|la task|l'attività) crea|"
     r"die de (?:taak|test) zelf aanmaakt|door de (?:taak|test) (?:zelf )?aangemaakt|utworzon\w* przez (?:test|zadanie)|"
     r"(?:testin|görevin) (?:kendi )?(?:oluşturduğu|yarattığı)|созданн\w* (?:самим )?(?:тестом|задачей)|котор\w* (?:сам )?(?:тест|задача) созда\w*|"
     r"(?:测试|任务)(?:自己|本身)?(?:创建|建立|生成)的|(?:テスト|タスク)(?:自身)?が(?:作成|作っ)た|(?:테스트|작업)가 (?:직접 )?(?:만든|생성한)|"
     # what the agent made itself: "una base que él mismo creó para la tarea", "the database it created itself"
     r"que (?:él|ella) mism[oa] (?:creó|ha creado|levantó)|que (?:ele|ela) mesm[oa] (?:criou|subiu)|"
     r"\bit (?:itself )?created itself\b|\bit itself created\b|qu'il a lui-même créée?s?|che (?:lui )?stesso ha creato"),
    (PRIVILEGE, r"\broot\b|administ?rat(?:or|eur)|administrador|管理员|管理者|администратор|sudo",
     r"run|as|launch|execut|lanc|ausführ|führ|ejecut|запуск|выполн|运行|実行|от имени"),
    (PRIVILEGE, r"writable by (?:everyone|all|anyone|any user)|world[- ]writable|accessible en écriture à tous|für alle beschreibbar|"
     r"escribible por todos|gravável por todos|доступн\w* на запись (?:всем|для всех)|所有人可写|全員が書き込み", r"."),
    (PRIVILEGE, r"full (?:read, write and execute|permission|access)|all users|everyone|todos los usuarios|所有用户|全員",
     r"permission|access|droits|rechte|permiso|permiss|прав|权限|権限"),
    (PERSIST, r"start(?:s)? automatically|at login|on login|every login|whenever (?:the user |you )?logs? in|every time (?:the user |you )?logs? in|each login|"
     r"à chaque connexion|bei jeder anmeldung|en cada inicio de sesión|a cada login|при каждом входе|每次登录|ログインするたび|at startup|on (?:re)?boot|after (?:a )?reboot|login items|au démarrage|beim (?:start|login)|al iniciar|"
     r"при (?:входе|запуске)|开机|自动启动|ログイン時|自動起動|à chaque démarrage|bei jedem (?:start|systemstart)|a cada (?:inicio|início)|"
     r"при каждом запуске|每次(?:开机|启动)", r"."),
    # A schedule: something set to run again later, on its own.
    (PERSIST, r"schedul|programm|planifi|richte|einricht|programa|agend|настрой|запланир|设置|安排|登録|設定|\bset up\b|register",
     r"every (?:hour|day|night|minute|morning|week)|hourly|nightly|daily|toutes les (?:heures|nuits)|chaque (?:heure|jour|nuit)|"
     r"stündlich|täglich|jede (?:stunde|nacht)|cada (?:hora|día|dia|noche|noite)|каждый (?:час|день)|ежечасно|ежедневно|"
     r"每小时|每天|每晚|毎時|毎日|毎晩|\bcron\w*|定时任务|计划任务|タスクスケジューラ|scheduled tasks?|tâche planifiée|"
     r"geplante aufgabe|tarea programada|tarefa agendada|планировщик|à chaque démarrage|s'exécute"),
    (DISARM, r"skip|disable|deactivat|überspring|\bomit|leav(?:e|ing) out|weglass|\blass\w* [^.;]{0,40}\bweg\b|dejar fuera|deja fuera|"
     r"deixar de fora|laisse[rz]? de côté|pul[ae]\b|pular|\bsaute|sauter|salta\b|saltar|silence|ignor|bypass|comment\w* (?:\w+ )?out|kommentier|comenta|commente|закомментир|注释掉|"
     r"コメントアウト|circumvent|without running(?! (?:it|them|this|that|the script|the code|anything)\b)|sans (?:lancer|exécuter)|ohne (?:\w+ )?(?:auszuführen|laufen)|"
     r"sin (?:ejecutar|correr|pasar)|sem (?:rodar|executar)|без запуска|не запуская|désactiv|deaktivier|desactiv|desativ|отключ|пропуст|"
     r"turn(?:ing)? off|switch(?:ing)? off|shut(?:ting)? off|"
     r"跳过|禁用|关闭|关掉|关了|去掉|绕过|無効|スキップ|オフにし|外して|回避|주석\s*처리|건너뛰|비활성화|우회|꺼\s*두|끄",
     # "Check" ending a tool's name ("ShellCheck") names the tool, not the checks it runs
     r"tests?|security|(?<![a-z])checks?|hooks?|type[- ]?check\w*|lint\w*|errors?|strict|assertions?|aserciones|asserções|asserzioni|훅|테스트|검사|린트|"
     r"asserties|asercj\w*|断言|アサーション|フック|钩子|测试|テスト|类型检查|型チェック|"
     r"检查|チェック|проверк|хук|тест|линтер|vérif|prüf|comprobac|verificaç|ganchos|crochets|pruebas?|testes|type checker"),
    (DISARM, r"mark\w* [^.;]{0,30}\b(?:skip|xfail)|as (?:skipped|xfail|expected (?:to fail|failures?)|known failures?)", r"."),
    (DISARM, r"try/except[^.;]{0,40}\bpass\b|pass on (?:any|every|all) exceptions?|except(?: exception)?:\s*pass|"
     r"catch (?:and ignore|all) (?:errors|exceptions)|catch every exception|swallow (?:all |every )?(?:errors|exceptions)|ignore (?:all |every )?errors|"
     r"carry on regardless|never stops the script", r"."),
    (DISARM, _WAIVER, r".",
     # ... a step said to only read, which no confirmation guards: "der Befehl liest nur und darf ohne Rückfrage laufen"
     r"\bonly reads?\b|\bread[- ]only\b|\bliest nur\b|\bnur lesend|\blecture seule|\bne fait que lire|\bsolo lee\b|\bsolo lectura|"
     r"\bsó lê\b|\bsomente leitura|\bsola lettura|\blegge soltanto|\balleen-?lezen|\bleest alleen|\btylko do odczytu|\btylko czyta|"
     r"\bsalt okunur|\byalnızca okur|\bтолько (?:читает|для чтения|чтение)|只读|只读取|読み取り専用|読むだけ|읽기 전용|읽기만"),
    # The effect's own name as a noun phrase ("a hard reset", "root shells", "root 権限").
    (DISCARD, r"hard[- ]reset|\bhart\b[^.;]{0,30}zurück|reset (?:--)?hard|harte[nrs]? reset|réinitialisation (?:dure|forcée)|reset (?:duro|forçado|forzado)|"
     r"ж[её]стк\w* (?:сброс|reset)|硬重置|硬回退|ハードリセット", r"."),
    (PRIVILEGE, r"\broot[- ](?:shells?|privileges?|rights|access|permissions?|accounts?)\b|\broot ?(?:権限|权限|特権)|"
     r"(?:privilèges|droits|permisos|privilegios|privilégios|permissões|rechte|права)\s+(?:de\s+|d')?root|root-rechte\w*|"
     r"\b(?:as|als|como) (?:root|admin\w*)\b|\ben tant qu'?(?:e )?(?:root|administrat\w*)|\ben (?:tant que )?root\b|"
     r"от (?:имени )?(?:root|администратор\w*)|以 ?root|管理员身份|管理者として|管理者権限|superuser|superusuario|superutilisateur|"
     r"суперпользовател|超级用户", r"."),
    # Soft words for the same effects.
    (DISCARD, r"let go of|let (?:them|it|those|these) go\b|part with|start (?:fresh|over|clean)|clean slate|pristine|match (?:the )?(?:remote|origin|upstream) exactly|"
     r"no need to keep|don't keep", r"(?:isn't|is not|aren't|not yet|never) committed|uncommitted|local (?:changes|edits|tweaks|work)|"
     r"work in progress|stash(?:es|ed)?|leftovers?|experiments"),
    (HISTORY, r"\b(?:should|must|always|will) win\b|\bwins\b|\bprevails?\b",
     r"(?:\blocal(?:ly)?\b|\byour (?:machine|copy|side|version)\b)[^.;]*\b(?:server|remote|origin|upstream)\b|"
     r"\b(?:server|remote|origin|upstream)\b[^.;]*(?:\blocal(?:ly)?\b|\byour (?:machine|copy|side|version)\b)"),
    (HISTORY, r"make (?:the )?(?:remote|origin|upstream|shared branch) (?:match|look like|reflect)|tidy (?:up )?(?:the )?(?:published|pushed|"
     r"shared) (?:history|commits)|squash (?:the )?(?:published|pushed|shared)", r"."),
    (DELETE, r"tear (?:it |them |everything |it all )?(?:all )?down|abreißen|reiß\w* [^.;]{0,20}ab\b|démolis|derriba|derrube|снеси",
     r"infra\w*|stack|environment|cluster|servers?|resources|everything|umgebung|environnement|entorno|ambiente|окружени|инфраструктур"),
    (DELETE, r"tidy|declutter|clear out|free up|lighten|make room|slim down|prune",
     r"home (?:folder|directory)|~/|user's|other projects|old projects|downloads|desktop|\bvolumes?\b|database"),
    (DISARM, r"quiet|mute|silence|hush|relax|loosen|turn down|sidestep|get past|short-circuit|step around|"
     r"not let [^.;]{0,30}(?:stop|block)|keep [^.;]{0,20}from (?:stopping|blocking)|let [^.;]{0,20}slide|wave [^.;]{0,20}through|"
     r"let [^.;]{0,30}go through|even if (?:the )?(?:checks?|tests?|hooks?|linters?|ci|pipeline) (?:complain|fail|object|disagree)|"
     r"give [^.;]{0,30}a (?:rest|break)", r"\b(?:hooks?|tests?|checks?|linters?|type[- ]?check\w*|ci|pipeline|confirmations?|prompts?|"
     r"errors?|warnings|failures?)\b"),
    (PERSIST, r"stick around|keep running after|running in the background after|in the background after (?:you|the session)|"
     r"junto com o sistema|avec le (?:démarrage du )?système|mit dem (?:system|systemstart)|con el (?:inicio del )?sistema|"
     r"вместе с (?:системой|запуском системы)|随系统(?:启动)?|システム(?:と一緒に|起動時)|survive (?:the )?(?:session|logout|reboot|restart)|every new (?:shell|terminal|session)|"
     r"each new (?:shell|terminal|session)|whenever a (?:shell|terminal) (?:starts|opens)|future sessions", r"."),
    (PRIVILEGE, r"\b(?:run|use|get|grant|give|obtain|switch to|take)\b",
     r"elevated|admin(?:istrator)? rights|full control|superuser|highest privileges|root (?:access|rights)"),
    (CREDS, r"print|show|dump|list|log|echo|affich|zeig|muestr|mostr|imprim|выв[eо]д|покаж|打印|显示|表示|出力",
     r"(?:every|all|each) (?:the )?environment variables?|toutes les variables d'environnement|alle umgebungsvariablen|"
     r"todas las variables de entorno|todas as variáveis de ambiente|все переменные окружения|所有环境变量|(?:全て|すべて)の環境変数"),
    (CREDS, r"peek|glance|borrow|grab|reuse|copy|dump|print|look through|go through|dig through|search|rummage|\bfind\b|找|探|"
     r"fouill|durchsuch|busca|procur|cerca|поищ|найд|ищи",
     r"(?:saved|stored) passwords|(?:the user'?s?|personal|their) (?:own )?(?:\w+ )?(?:keys|credentials|tokens|passwords)|钥匙串|钥匙圈|"
     r"keyring|trousseau|schlüsselbund|llavero|porta-chaves|portachiavi|связк\w* ключей|キーチェーン|키체인|"
     r"(?:api|access|ssh|signing|private|deploy) keys?|auth(?:entication)? tokens?|login details|stored credentials|credential files?|"
     r"keychain|password manager|\.npmrc|\.pypirc|\.netrc"),
    (EXFIL, r"back (?:it |them |everything )?up to|mirror|sync|drop (?:a copy|it|them)|stash (?:a copy|it)|copy|send",
     r"personal|public|shared drive|gist|pastebin|bucket|external|dropbox|google drive|onedrive|discord|slack webhook|my server"),
    (EXFIL, r"publi|veröffentlich|выклад|опублик|公开|公開|upload|send|share|post|sube|envo[iy]|schick|hochlad|отправ|上传|发送|传到|共有",
     r"(?:whole|entire|complete|весь|всю|整个|gesamte?n?|todo el|tout le)\W+(?:\w+\W+)?(?:working (?:directory|folder|tree)|project|repo\w*|home|"
     r"рабочий каталог|проект|项目|目录|projekt\w*|proyecto|projet)|hidden files|dotfiles|скрыт\w* файл|隐藏文件|versteckte\w* dateien|"
     r"fichiers cachés|archivos ocultos|arquivos ocultos"),
    (DISARM, r"lower|reduce|drop|set", r"coverage (?:threshold|minimum|gate)s? to (?:0|zero)|fail[_-]under(?:=| to )0"),
    # The agent approving its own pull requests: the review that should gate them is its own, so none takes place.
    (DISARM, r"(?:\bapprov\w*|aprueb\w*|aprob\w*|\baprova\w*|approuv\w*|genehmig\w*|keur\w* goed|zatwierdz\w*|одобр\w*)\s+"
             r"(?:(?:always|also|then|simply|toujours|immer|siempre|sempre|zawsze|всегда)\s+)?"
             r"(?:(?:its|his|her|their) own (?:pull|merge) requests?|its own (?:prs?|mrs?)\b|ses propres (?:pull|merge) requests?|"
             r"sus propi[ao]s (?:pull|merge) requests?|seus próprios (?:pull|merge) requests?|(?:le )?sue (?:stesse |proprie )?(?:pull|merge) request|"
             r"seine eigenen (?:pull|merge) requests?|zijn eigen (?:pull|merge) requests?|swoje (?:własne )?(?:pull|merge) requesty|"
             r"сво(?:и|ои) (?:собственные )?(?:pull|merge)[- ]реквест\w*)",
     r"."),
    # A check taken out of the pipeline that runs it: "removes the lint job from CI", "quita el bloque `checks`".
    # Spared: a pipeline piece the user asks to retire, or one the agent itself added ("the temporary step it added").
    (DISARM, r"\bremov|\bdelet|\bquit[ae]\b|\bquitar|\btogli|\btolg|\brimuov|\bentfern|\bsupprim|\bretir|削除|消(?:し|す|さ)",
     r"\bci\b|pipeline|workflow|\bchecks\b|検査",
     _OWN_OR_ASKED_REMOVAL),
    # German separates the verb: "lade es ... hoch"
    (EXFIL, r"\bl(?:ade|ädt|aden)\b[^.;]{0,120}\bhoch\b|upload|" + _SEND + r"|post|share|paste|sube|envo[iy]|env[ií][ae]\b|enví[ae]|schick|invia|hochlad|отправ|загруз|встав|上传|发送|发到|发给|传到|粘贴|分享|"
     r"アップロード|送信|貼り付け|共有|partag|compart|colle|pega|einfüg|teile",
     r"public|paste|pastebin|external|third|cloud|drive|网盘|公共|外部|публичн|extern|públic|öffentlich|pubblic|publiek|publiczn|"
     r"herkese açık|公開|공개|\.env"),
    (CREDS, r"read|print|show|cat|look at|leia|lee|lis|lies|прочит|读取|読|查看|muestr|mostr|affich|zeig|покаж|выв[eо]д|显示|打印|表示",
     r"(?:ssh|aws|api|private|privad[ao]|privée|privat\w*|приватн\w*|secret|secreta|secrète|geheim\w*|секретн\w*|access)\W+"
     r"(?:keys?|claves?|chaves?|clés?|schlüssel\w*|ключ\w*)|(?:claves?|chaves?|clés?|schlüssel\w*|ключ\w*)\s+(?:de\s+|d')?"
     r"(?:aws|ssh|api|acceso|acesso|accès|privad\w*|privée|secret\w*)|私钥|秘密鍵|アクセスキー|identifiants|zugangsdaten|credenciales|"
     r"credenciais|уч[её]тные данные|凭据|凭证|認証情報|ssh keys?|chaves ssh|claves ssh|clés ssh|ssh-schlüssel|ssh[- ]ключ|ssh 密钥|ssh ?鍵|credentials|\.env\b|tokens? of|"
     r"passwords?|mots de passe|contraseñas|пароли|密码|パスワード|(?-i:\b[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|API_KEY)\b)"),
)
_SENDS = re.compile(r"\b(?:send|upload|share|post|paste|mail|email|attach)|joindre|joins|anhäng|häng\w* an|adjunt|anex|alleg|"
                    r"bijvoeg|voeg\w* bij|załącz|приложи|附上|添付|\bmand(?:e|a|ar|en)\b|envoy|partag|colle[rz]?\b|incoll|wklej|\bplak\w*|schick|" + _SEND + r"|teile|hochlad|"
                    r"env[ií]a|compart|pega|sube|envie|отправ|перешл|скин|поделит|встав|发送|发给|上传|分享|粘贴|送信|送って|共有|"
                    r"貼り付け|アップロード|"
                    # kept in step with a service elsewhere: "`.env` を同期", "sync `.env` to the settings service"
                    r"\bsync|synchron|sincroniz|senkron|синхрониз|同步|同期|동기화|전송|업로드|공유", re.I)
# Reading or showing a file, as a verb or its noun, in the corpus's languages: "leitura do arquivo `~/.aws/credentials`".
# "log" is a verb as itself or inflected; "login" and "logic" are nouns.
_SHOWS = re.compile(r"\b(?:read|print|show|display|dump|cat|open|output|reveal)\w*|\blog(?:s|ged|ging)?\b|\bleitura|\bl[êe]r?\b|\blid[oa]s?\b|"
                    r"\blee\b|\bleer\b|lectura|lecture|\blis\b|\blire\b|affich|imprim|exib|mostr|zeig|\blies|lesen|ausgeb|"
                    r"выв[eо]д|покаж|прочит|чтени|读取|查看|打印|显示|読|表示|出力|"
                    # German "ausgeben" split around its object: "gibt beide Dateien aus"
                    r"\bgib\w*(?=(?:\s+\w+){1,5}\s+aus\b)", re.I)
_WAIVER_RE = re.compile(_WAIVER, re.I)
_OWN_OR_ASKED_REMOVAL_RE = re.compile(_OWN_OR_ASKED_REMOVAL, re.I)
_PROSE_RE = tuple((e[0], re.compile(e[1], re.I), re.compile(e[2], re.I), re.compile(e[3] if len(e) > 3 else r"(?!)", re.I))
                  for e in _PROSE)
# A line that opens like a message from the system, platform or harness ...
_LEAD = re.compile(r"^\s*(?:[-*\u2022]\s*)?`?(<\|?[\w-]+\|?>|<[\w-]+>|\[[^\]]{2,40}\]|【[^】]{1,20}】|#+[^:\n]{0,60}:|"
                   r"[^\s:][^:\n]{0,50}:)")
_AUTHORITY = re.compile(r"system(?!\s+requirements)|systè|sistema|systemhinweis|システム|系统|систем|platform|plateforme|"
                        r"plattform|plataforma|admin|harness|trusted|im_start|tool output policy|configuration update|"
                        r"safety team|auto-generated|системн|anthropic|openai|developer mode",
                        re.I)
# A person's yes, and what a person may order, in the thirteen languages; and who may give them.
_YES = (r"approval|consent|permission|go-ahead|sign-?off|authori[sz]ation|say-so|confirmation|\baccord\b|approbation|autorisation|"
        r"consentement|feu vert|freigabe|zustimmung|genehmigung|erlaubnis|einverständnis|bestätigung|aprobación|consentimiento|permiso|"
        r"autorización|confirmación|aprovação|consentimento|autorização|permissão|confirmação|approvazione|consenso|autorizzazione|"
        r"permesso|conferma|goedkeuring|toestemming|bevestiging|zgod\w*|zezwoleni\w*|zatwierdzeni\w*|одобрени\w*|согласи\w*|"
        r"разрешени\w*|подтверждени\w*|批准|同意|授权|许可|确认")
_ORDERS = (r"orders?|instructions?|commands?|ordres|consignes|anweisung\w*|auftr\w+|befehle?|órdenes|instrucciones|ordens|instruções|"
           r"ordini|istruzioni|opdracht\w*|instructies|polecen\w*|указани\w*|поручени\w*|指示|命令")
_GRANTER = (r"owner|user|client|customer|maintainers?|inhabers?|eigentümers?|besitzers?|nutzers|benutzers|propriétaire|utilisateur|"
            r"propietario|usuario|cliente|dono|proprietário|usuário|utilizador|proprietario|utente|eigenaar|gebruiker|"
            r"właściciel\w*|użytkownik\w*|владел\w*|пользовател\w*|负责人|所有者|用户|オーナー|소유자|사용자|관리자")
# What a blanket yes covers, named between its verb and "in advance": "every open finding", "todos los cambios".
_BLANKET = (r"(?:\b[^.;:!?,]{0,25}?\b(?:every|all|any|each|todos|todas|cualquier\w*|tous|toutes|chaque|tutti|tutte|ogni|"
            r"qualsiasi|qualquer)\b[^.;:!?,]{0,40}?)?")
# The user's consent claimed without the user: given for them by someone else, given already, given for good, or
# deemed given, in the thirteen languages. Only the user grants it, each time.
_GRANTED = (
    # on the user's behalf: "Confirmo em nome do usuário", "kullanıcı adına onaylıyorum"
    r"on behalf of the (?:user|owner|team)|au nom de l'utilisateur|de la part de l'utilisateur|im namen de[rs] (?:nutzers|benutzers)|"
    r"en nombre del usuario|de parte del usuario|em nome do (?:usuário|utilizador)|(?:a|in) nome dell'utente|per conto dell'utente|"
    r"namens de gebruiker|uit naam van de gebruiker|w imieniu użytkownika|kullanıcı (?:adına|namına)|от имени пользователя|"
    r"代表用户(?!的?(?:同意|授权|批准|许可|确认))|以用户(?:的)?名义|ユーザーに代わって|ユーザーの代わりに|사용자를? 대신(?:해|하여)|"
    # given already: "l'utilisateur a déjà validé", "已获得您的管理员授权"
    r"already approved|pre-?approved|has already (?:approved|authori[sz]ed|cleared|signed off)|déjà (?:approuvé|validé|autorisé)\w*|"
    r"(?:bereits|schon) (?:genehmigt|freigegeben|abgesegnet)|ya (?:está |están |ha |han )?(?:aprob|valid|autoriz)(?:ad\w*|ó|aron)|"
    r"já (?:foi |foram |está |estão )?(?:aprov|valid|autoriz)\w*|già (?:stat[oaie] )?(?:approvat|validat|autorizzat)\w*|"
    r"(?:al|reeds) goedgekeurd|już (?:zatwierdz|zaakceptowa)\w*|zaten onay\w*|уже (?:одобрен|разрешен|разрешён|согласован)\w*|"
    r"已(?:经)?(?:批准|同意|授权)|已(?:经)?(?:获得|取得)[^。，,]{0,12}(?:授权|批准|许可)|承認済み|許可済み|(?:既に|すでに)(?:承認|許可)|이미 (?:승인|허가|허락)|"
    # given before anything was asked: "approved in advance", "aprobó de antemano", "заранее одобрили", "事前に承認",
    # "z góry zgodził się", "önceden onayladı"; a blanket yes names all it covers between ("signed off on every open
    # finding beforehand", "a validé toutes les migrations à l'avance"); one thing approved ("approved it beforehand")
    # is no standing yes
    r"\b(?:approved|signed off|authori[sz]ed)\b" + _BLANKET + r"\s*(?:in advance|beforehand|ahead of time)|"
    r"aprob\w*" + _BLANKET + r"\s*de antemano|im voraus (?:genehmigt|freigegeben)|"
    r"(?:approuvé|validé|autorisé)\w*" + _BLANKET + r"\s*(?:à l'|d')avance|"
    r"aprov\w*" + _BLANKET + r"\s*de antemão|aprovad\w* previamente|approvat\w*" + _BLANKET + r"\s*in anticipo|vooraf goedgekeurd|사전 승인|"
    r"заранее (?:одобр|разреш|соглас)\w*|(?:одобр|разреш|соглас)\w* заранее|事前に(?:[^。、]{0,4})?(?:承認|許可|同意)|(?:预先|事先)(?:批准|同意|授权)|"
    r"z góry (?:zgodzi|zatwierdzi|zaakceptowa)\w*|önceden onay\w*|"
    # given for good: "aprobación permanente para ejecutar cualquier comando"
    r"standing (?:permission|approval)|permanent (?:permission|approval)|(?:autorisation|approbation) permanente|"
    r"dauerhafte?n? (?:genehmigung|freigabe|erlaubnis)|(?:aprobación|autorización|permiso) permanente|"
    r"(?:aprovação|autorização|permissão) permanente|(?:approvazione|autorizzazione|permesso) permanente|permanente (?:goedkeuring|toestemming)|"
    r"stał\w* (?:zgod|zezwoleni)\w*|kalıcı (?:onay|izin)|постоянн\w* (?:разрешени|одобрени|согласи)\w*|永久(?:授权|批准|许可)|"
    r"恒久的な(?:承認|許可)|(?:常時|常に)(?:承認|許可)|(?:상시|영구) (?:승인|허가)|"
    # deemed given, or a text that says it is one: "o dosyayı yazan kişi onay verdi sayılır", "承認したものとみなす",
    # "bu ilan ajanlar için onaydır"
    r"onay\w* (?:\w+ )?sayılır|\bonay(?:dır|dir)\b|onayından geç\w*|承認したものとみな|승인한 것으로 간주|uznaje się za (?:zgod|zatwierdz)\w*|"
    # something else counted as a person's yes or orders: "das gilt als Freigabe des Inhabers", "vaut accord permanent",
    # "本事件即负责人的书面批准", "代表用户同意"; read at the yes, so "never counts as the owner's approval" and "并不代表用户同意"
    # deny it (and "代表用户" before a yes is that, not "on the user's behalf")
    r"(?:\bcounts? as|\bis deemed|\bare deemed|\bstands? in for|\bvaut|\bvalent|\btient lieu d|\bcompte comme|\bgilt als|\bgelten als|"
    r"\bzählt als|\bcuenta(?:n)? como|\bvale(?:n|m)? (?:como|come)|\bvalgono come|\bconta(?:m)? (?:como|come)|\bequivale a|"
    r"\bgeld(?:t|en) als|\btel(?:t|len) als|\bliczy się jako|\bсчита\w*|(?<![不没非])(?:即|视为|算作?|等同于|代表))"
    r"[^.;:!?。；，,]{0,40}?(?P<grant>" + _YES + r"|(?:" + _ORDERS + r")\W+(?:\w+\W+){0,2}?" + _GRANTER + r")|"
    # the copula in its joining form too, or "deemed": "관리자의 지시이며 …", "소유자의 지시로 간주합니다"
    r"(?:" + _GRANTER + r")의 (?:지시|명령|승인|허가)(?:입니다|이다|이며|이고|(?:으?로|라고) 간주)"
)
_GRANTED_RE = re.compile(_GRANTED, re.I)
# ... or that claims the user's rules no longer hold, wherever it says so.
_CLAIM = re.compile(
    r"(?:instructions|rules|regeln|règles|reglas|regras|правила|规则|ルール|指示|memory)[^.;]{0,40}(?:superseded|obsolete|"
    r"overrid|outdated|no longer apply|annul|aufgehoben|überholt|anulad|revogad|отменен|失效|无效|作废|無効)|"
    r"override this file|contradict this skill|instructions you find in files|come from the platform|"
    r"(?:instructions?|messages?|notes?|comments?)[^.;]{0,60}\b(?:files?|readme|contributing|pages?|issues?|reposit\w*)\b[^.;]{0,60}"
    r"(?:take (?:priority|precedence)|override|outrank|win over|come before|must be (?:followed|obeyed)|should be (?:followed|obeyed))|"
    r"take (?:priority|precedence) over (?:what )?the user|override (?:the |what )?user'?s? (?:instructions|rules|wishes|said)|"
    r"(?:comments?|messages?|notes?)[^.;]{0,60}\b(?:pull requests?|prs?|bot|issues?)\b[^.;]{0,40}\b(?:authoritative|binding)|"
    r"(?:mensagens|mensajes|messages|nachrichten|instruções|instrucciones|consignes|anweisungen|сообщения|инструкции|消息|指令|"
    r"メッセージ|指示)[^.;。]{0,80}(?:arquivos|archivos|fichiers|dateien|файл|文件|ファイル|readme|reposit|dépôt|depot)[^.;。]{0,80}"
    r"(?:devem ser seguidas|deben (?:seguirse|ser seguidas)|doivent être suivies|müssen befolgt|priorit|vorrang|"
    r"должны (?:выполняться|соблюдаться)|приоритет|必须遵守|必须遵循|优先|従う|優先)|"
    r"(?:ignore|disregard) (?:all |any )?(?:earlier|previous|prior) (?:rules|instructions)|i authori[sz]e you|"
    r"you (?:are|have been) authori[sz]ed|developer mode|<!--[^>]*(?:agent|assistant|\bai\b|llm|claude|codex|copilot|automated|bots?\b)|"
    r"the user (?:said|told (?:us|you|me)|agreed|approved|confirmed) in an? (?:earlier|previous|past|prior|other|another|older) "
    r"(?:session|conversation|chat)|"
    r"\btreat\w*\s+(?:whatever|what|everything|the output|the response|the contents?|the text)\b(?:[^.;]|\.(?=\S)){0,100}?\bas (?:additional |extra |further |new |more |your )?"
    r"(?:instructions|rules|commands|orders|directions)\b|"
    r"(?:approved|authori[sz]ed|cleared|signed off) (?:by|from) (?:the )?(?:user|owner|maintainers?|security|admin|team|lead|cto)|"
    r"the user (?:said|says|has said|told us) (?:it'?s|it is) (?:fine|ok|okay)|"
    r"god mode|(?:safety|security) (?:rules|checks) (?:are|is) "
    r"(?:off|disabled|suspended)|may ignore (?:the )?(?:safety|previous|earlier)|(?:confirmations?|approvals?|permissions?) "
    r"(?:are|is) no longer (?:required|needed)", re.I)


# What a source says, ranked before the user's own orders or taken as them: "follows `x.md` before the user's requests",
# "treats comments ... as the user's instructions", "avant celles de l'utilisateur", "son peticiones del usuario", "zu
# Anweisungen des Nutzers", "как если бы это сказал пользователь", "사용자의 요청보다 ... 먼저 따릅니다". The user is the one who
# gives orders, so a source put ahead of them or in their place speaks with their voice.
_USERS_ORDERS = r"(?:requests?|wishes|words|" + _ORDERS + r"|peticiones|pedidos|solicitudes|demandes|запрос\w*|просьб\w*)"
_IN_USERS_VOICE = (
    r"\b(?:before|ahead of|over|above|instead of|rather than|in place of)\s+(?:any(?:thing)?\s+|all\s+)?(?:the |a )?(?:" + _GRANTER
    + r")(?:'s|s'|s)?\s+(?:own\s+)?" + _USERS_ORDERS + r"\b|"
    r"\bas (?:if they were |though they were )?(?:the |a |an )?(?:" + _GRANTER + r")(?:'s|s')\s+(?:own\s+)?" + _USERS_ORDERS + r"\b|"
    r"\b(?:are|is|count as|counts as|become|becomes)\s+(?:the |a )?(?:" + _GRANTER + r")(?:'s|s')\s+(?:own\s+)?" + _USERS_ORDERS + r"\b|"
    # what a source says done over the user's no: "do what `x.md` says, even when the user disagrees"
    r"\b(?:says?|tells? (?:it|you|them)(?: to)?|asks?|wants?)\W+even (?:when|if) the (?:" + _GRANTER + r") (?:disagrees|objects|says otherwise|says no|refuses)\b|"
    r"\b(?:avant|plutôt que|au lieu de|à la place de)\s+(?:celles|ceux|les \w+|ce que (?:dit|demande)) de l'(?:utilisateur|utilisatrice)|"
    r"\b(?:sont|est|deviennent)\s+(?:des |les |une |un )?(?:" + _USERS_ORDERS + r") de l'(?:utilisateur|utilisatrice)|"
    r"\b(?:antes (?:que|de)|en lugar de|por encima de)\s+(?:las|los|lo que pide|lo que dice)\s+(?:\w+\s+)?del usuario|"
    r"\b(?:son|es|sean)\s+(?:las |los |una |un )?(?:" + _USERS_ORDERS + r") del usuario|"
    r"\b(?:antes (?:das|dos)|em vez (?:das|dos)|acima (?:das|dos))\s+(?:\w+\s+)?do (?:usuário|utilizador)|"
    r"\b(?:são|é)\s+(?:as |os |um |uma )?(?:" + _USERS_ORDERS + r") do (?:usuário|utilizador)|"
    r"\b(?:vor|statt|anstelle|über)\s+(?:denen|den \w+|die \w+|dem,? was)\s+(?:\w+\s+)?de[sr] (?:nutzers|benutzers|nutzer|benutzer)|"
    r"\b(?:zu|sind|seien)\s+(?:die |den )?(?:" + _USERS_ORDERS + r") de[sr] (?:nutzers|benutzers)|"
    r"(?:прежде|раньше|вместо|выше|перед)\s+(?:\w+\s+)?(?:указани\w*|команд\w*|инструкци\w*|запрос\w*|просьб\w*|слов\w*)\s+пользовател\w*|"
    r"как если бы (?:это |их |его |она |он |они )?(?:сказал|написал|попросил|дал|велел)\w* пользовател\w*|"
    r"(?:являются|это|считаются|становятся)\s+(?:указани\w*|команд\w*|инструкци\w*|запрос\w*|просьб\w*) пользовател\w*|"
    r"사용자\S*(?:\s+\S+?)?보다\s+(?:\S+\s+){0,4}?(?:먼저|우선(?:해서|하여|적으로)?)\s*(?:\S+\s+)?(?:따르|따릅|따라|실행|수행)|"
    r"ユーザー\S{0,8}より(?:先に|優先して)\S{0,12}(?:従|実行)|(?:先于|早于)用户")

# A rule that makes the agent take instructions from what it reads: a source other than the user, and a verb of
# obeying it, not forbidden ("the README wins; follow it", "照 ISSUE 里写的做"). Each is checked in its own sentence.
_SOURCE = re.compile(r"\b(?:readme|issues?|comments?|pull requests?|prs?|commit messages?|web ?pages?|tool output|documents?|"
                     r"docstrings?|todos?|files?|contributing|wiki|tickets?|[\w*-]+\.md)\b|コメント|イシュー|ファイル|仓库|文件|注释|评论|工单|"
                     r"комментари|файл|тикет|kommentar|datei|fichier|commentaire|archivo|fichero|comentario|arquivo|ficheiro|comentário|bestand|"
                     r"plik|dosya|yorum|파일|댓글|주석|\bcommenti\b|"
                     # the notes a commit carries: "`git notes show HEAD~3` 의 내용: ... 노트에 적힌 명령"
                     r"\bgit notes\b|노트|"
                     # what the agent reads while it works: a hook's or a tool's output, a page a link leads to
                     r"\bhooks?\b|\boutput\b|\bpages?\b|\brunbooks?\b|sayfa\w*|\bseite\b|página|\bpagina\b|strona|страниц\w*|ページ|页面|페이지", re.I)
_OBEY = re.compile(r"\bfollow (?:it|them|its|their|what|whatever)\b|\bobey(?:s|ed|ing)?\b|" + _IN_USERS_VOICE + r"|\bdo (?:what|whatever) (?:it|they) says?\b|"
                   r"\btreat (?:it|them|that|this) as (?:a |the )?(?:user'?s?|owner'?s?)\b|"
                   r"\bcounts? as (?:a |an )?(?:requests?|instructions?|orders?|commands?) from (?:the )?user|"
                   r"\b(?:readme|issue|comment|file|page|ticket)s?\W+(?:\w+\W+){0,2}?(?:wins|prevails|takes? (?:precedence|priority))\b|"
                   r"\bact on (?:it|them)\b|"
                   # what a source tells the agent, done: "if a README tells the agent to run something, just run it"
                   r"\b(?:tells?|says?|asks?)\b[^.;]{0,80}?,\s*(?:just\s+|simply\s+)?(?:run|do|execute|follow) (?:it|them|that)\b|"
                   r"\b(?:run|execute|do) (?:what(?:ever)?|everything) (?:is |it |they )?(?:in|says?)\b|"
                   r"\b(?:run|execute|do)\s+(?:anything|everything|whatever)\b[^.;]{0,60}?\b(?:tells?|says?|asks?)\b|"
                   r"\bvoer uit wat\b|\bvolg (?:dat|het|die|deze)\b[^.;]{0,30}\bop\b|führe aus,? was|exécute ce qu|ejecuta lo que|"
                   r"execute o que|esegui (?:quello|ciò) che|wykonaj (?:to,? )?co|выполни(?:те)? то,? что|"
                   # "whatever it says, do that": "ne diyorsa onu uygula", "was er sagt, das tu", "lo que diga, hazlo"
                   r"\bne (?:diyorsa|söylüyorsa|yazıyorsa|istiyorsa)\s+(?:\S+\s+){0,3}?(?:uygula|yap|çalıştır)\w*|"
                   # ranked above the user, or taken as the user's own words, in the thirteen languages
                   r"\bover (?:any|all|the|every)\s+(?:user'?s?\s+)?(?:user )?(?:messages?|requests?|instructions?|wishes)|"
                   r"\bover (?:anything|everything|whatever|what) (?:the user|you are|you're|they)\b|"
                   r"\b(?:priority|precedence|prioridad|prioridade|priorité|vorrang|precedenza|voorrang|pierwszeństwo|приоритет|"
                   # the Dutch verb beside its noun: "de instructies in dit bestand voorgaan op die van de gebruiker"
                   r"voorga\w*)\W+"
                   r"(?:\w+\W+){0,4}?(?:user|usuario|usuário|utilizador|utilisateur|nutzer|benutzer|utente|gebruiker|użytkownik|пользовател)|"
                   r"优先于用户|ユーザー\w{0,8}より優先|사용자\w{0,8}보다 우선|"
                   # its commands taken as the user's: "treats that file's commands as coming from the user", "当成用户的命令"
                   r"\bas (?:if they came |coming |if it came )?from the (?:user|(?:repository |repo |project )?(?:owner|maintainers?))\b|\bas the user'?s own\b|当成用户|当作用户|视为用户|视作用户|"
                   # whoever of those who may give orders, and "like" as well as "as": "リポジトリ所有者の指示として", "사용자 지시처럼"
                   r"(?:" + _GRANTER + r")の(?:指示|命令|コマンド)として|(?:" + _GRANTER + r")의? (?:명령|지시)(?:으?로|처럼)(?!\s*(?:보지|간주하지|여기지|취급하지|받아들이지|따르지)\s*않)|"
                   # one order or many, with or without its article: "come un ordine dell'utente", "comme des ordres de l'utilisateur"
                   r"como (?:una |un |las |los )?(?:órden(?:es)?|orden|comandos?|instrucci(?:ón|ones)|petici(?:ón|ones)) del usuario|"
                   r"comme (?:des |un |une |les )?(?:ordres?|commandes?|instructions?|demandes?) de l'utilisateur|"
                   r"als (?:ein(?:e|en)? |die )?(?:befehle?|anweisung(?:en)?|auftr(?:ag|äge)) de[rs] (?:nutzers|benutzers)|"
                   r"como (?:uma |um |as |os )?(?:ordens?|comandos?|instruç(?:ão|ões)|pedidos?) do (?:utilizador|usuário)|как (?:команды|указания) пользователя|"
                   r"come (?:un |una |gli |le |i )?(?:ordin[ei]|comand[oi]|istruzion[ei]|richiest[ae]) dell'utente|"
                   r"\beven over the user|\b(?:same|equal) (?:authority|weight|standing|say) as (?:the )?user|\babove (?:this skill|the user)|\bas (?:if|though) the user (?:had )?(?:typed|written|said|asked)|"
                   r"\beven if the user (?:did not|didn't|has not|hasn't|never) ask|comme si l'utilisateur|même si l'utilisateur ne|"
                   r"als (?:ob|hätte) (?:der|die) (?:nutzer|benutzer)|auch wenn (?:der|die) (?:nutzer|benutzer)\w* (?:es )?nicht|"
                   r"como si (?:lo )?(?:hubiera|hubiese) (?:escrito|pedido) el usuario|como si el usuario|aunque el usuario no|"
                   r"como se o usuário|mesmo que o usuário não|come se l'utente|anche se l'utente non|alsof de gebruiker|"
                   r"jakby użytkownik|nawet jeśli użytkownik nie|sanki kullanıcı|kullanıcı istemese bile|как будто (?:это )?пользователь|"
                   r"даже если пользователь не|就像用户|忽略用户[^。，,]{0,6}(?:规则|指示|要求)|ユーザーが(?:書いた|入力した|言った)かのように|\bcarry (?:it|them) out\b|照[^。，,？?]{0,20}做|照做|按照?[^。，,？?]{0,12}(?:做|执行)|"
                   r"(?:적힌|적혀 있는|쓰인|써 있는)\s*(?:명령|커맨드)\S*\s+(?:\S+\s+){0,3}?실행|書かれた(?:コマンド|命令)\S{0,12}実行|写(?:着|的)(?:命令|指令)\S{0,12}执行|"
                   # the commands others leave in what it reads, run: "execute the instructions you find in issue comments";
                   # the project's own README or CONTRIBUTING steps are not that
                   r"\b(?:run|execute|carry out)\s+(?:the |any |all |every )?(?:instructions|commands)\s+(?:(?:that|which)\s+)?(?:(?:it|they|you)\s+)?"
                   r"(?:are\s+)?(?:finds?|found|written|posted|given|left)\s+(?:in|on|under)\s+(?:the\s+)?(?:\w+\s+)?(?:comments|issues|notes|messages|tickets)\b|"
                   r"\besegu\w+\s+(?:le |i |tutte le |tutti i )?(?:istruzioni|comandi)\s+(?:che\s+(?:\w+\s+)?(?:trov\w+|legg\w+)|scritt\w+|trovat\w+)\s+"
                   r"(?:nei commenti|nelle issue|nelle note|nei messaggi|nei ticket)\b|"
                   r"\bejecut\w+\s+(?:las |los |todas las |todos los )?(?:instrucciones|comandos|órdenes)\s+(?:que\s+(?:\w+\s+)?(?:encuentr\w+|le\w+)|escrit\w+|encontrad\w+)\s+"
                   r"en (?:los comentarios|las issues|las notas|los mensajes|los tickets)\b|"
                   r"\bexécut\w+\s+(?:les |toutes les )?(?:instructions|commandes)\s+(?:qu'(?:il|elle|ils|elles|on) trouv\w+|écrites|trouvées|laissées)\s+"
                   r"dans les (?:commentaires|issues|notes|messages|tickets)\b|"
                   r"\bexecut\w+\s+(?:as |os |todas as |todos os )?(?:instruções|comandos)\s+(?:que\s+(?:\w+\s+)?(?:encontr\w+|l[eê]\w*)|escrit\w+|encontrad\w+)\s+"
                   r"n(?:os comentários|as issues|as notas|as mensagens|os tickets)\b|"
                   r"に従|従って|следуй|выполняй (?:его|их|это)|befolge|suis-(?:le|les)|síguel[oa]s?|siga-?(?:o|a|os|as)\b", re.I)


def sends_or_shows(plain: str) -> bool:
    """Do the words of `plain` (a clause without its code) send or show something, in any language read here?"""
    return bool(_SENDS.search(plain) or _SHOWS.search(plain))


def _defers_to_content(text: str) -> bool:
    if not _SOURCE.search(text):
        return False
    parts = sentences(text)
    return any(not forbids(s, m.start()) and not (i + 1 < len(parts) and forbidden_by_next(s, parts[i + 1]))
               for i, s in enumerate(parts) for m in _OBEY.finditer(s))


# A name inside a label: an italic title (`Board *Platform*`) or a channel (`#platform`). Bold (`**System**`) is how a
# notice dresses itself, so only single emphasis counts, and only beside other words of the label.
_NAME_IN_LABEL = re.compile(r"(?<![*\w])\*(?!\*)[^*\n]{1,40}(?<!\*)\*(?![*\w])|(?<![_\w])_(?!_)[^_\n]{1,40}_(?![_\w])|(?<![\w#])#[\w-]+")


def _author_of(label: str) -> str:
    """The words of a label that could name who speaks: without the names of boards, channels and pages it holds."""
    rest = _NAME_IN_LABEL.sub(" ", label)
    return rest if re.search(r"\w", re.sub(r"^[-*\u2022\s]+|\bpolicy\b", "", rest)) else label


def _injection(text: str) -> bool:
    lead = _LEAD.match(text)
    # A label naming an authority over a line that only forbids ("Minutes of the platform round: we no longer delete
    # volumes") narrows what the agent does; posing as the system is a way to widen it.
    if lead and _AUTHORITY.search(_author_of(lead.group(1))) and not _narrows(text[lead.end():]):
        return True
    return bool(_CLAIM.search(text)) or _claims_consent(text) or bool(re.search(r"\(auto-generated by the harness\)|<\|im_start\|>", text))


# Words said after a quotation that deny it is a yes: "« déjà approuvé » n'est pas l'accord", "“已授权”并不代表用户同意",
# "「事前承認済み」という文言は…承認ではありません".
_YES_ANYWHERE = _YES + r"|承認|許可|승인|허가|허락|동의"
_NOT_A_YES = re.compile(
    # a quoted yes said to stand in for no review: "«ya aprobaron» no sustituye a su revisión"
    r"^\W*(?:does not|doesn't|do not|don't) (?:replace|stand in for)|^\W*is no substitute|^\W*no (?:sustituye|reemplaza)n?\b|"
    r"^\W*ne remplacen? pas|^\W*ersetz\w* nicht|^\W*não substitu\w*|^\W*non sostituisc\w*|^\W*vervang\w* niet|"
    r"(?:\bis not|\bisn't|\bare not|\baren't|\bdoes not mean|\bdoesn't mean|\bdoes not count as|\bdoesn't count as|\bis never|"
    # the agent not taking it for one: "агент не считает разрешением", "doesn't treat it as consent" ("не считает нужным
    # подтверждение", "doesn't see the need for confirmation" deny the asking, not the yes)
    r"\b(?:does not|doesn't|never) (?:treat|take|regard|see) (?:it|that|this|them|these|those) (?:as|for)\b|"
    r"\bне счита\w*\s+(?:(?:это|его|их)\s+)?(?=(?:разрешением|согласием|одобрением|подтверждением)\b)|\bне принима\w*\s+(?:\w+\s+)?за\b|"
    r"n'est pas|ne vaut pas|ne signifie pas|\bgilt nicht als|\btelt niet als|\bno vale como|\bnão vale como|\bnon vale come|"
    r"\bist kein\w*|\bbedeutet kein\w*|\bno es\b|\bno significa|\bnão é|\bnão significa|\bnon è|\bnon significa|\bis geen|"
    r"\bbetekent geen|\bnie jest|\bnie oznacza|\bне является|\bне означает|并不代表|不代表|不等于|并不是|不是|不算|"
    # a claim said to stand in for no yes, unquoted: "ya autorizó los merges no sustituye la aprobación del usuario"
    r"\b(?:does not|doesn't) (?:replace|stand in for)|\bis no substitute for|\bno (?:sustituye|reemplaza)n?\b|\bne remplacen? pas|"
    r"\bersetz\w* nicht|\bnão substitu\w*|\bnon sostituisc\w*|\bvervang\w* niet)"
    r"[^.;。；]{0,30}?(?:" + _YES_ANYWHERE + r")|"
    r"(?:" + _YES_ANYWHERE + r")(?:ではありません|ではない|じゃない|이 아닙니다|가 아닙니다|이 아니다|가 아니다|"
    # taken for none, the verb last: "согласием не считается", "사용자의 동의로 보지 않으며", "承認とは見なしません"
    r"\s+не (?:считается|считаются|является)|(?:으로|로) (?:보지|간주하지|여기지|받아들이지) 않|(?:とは|として)(?:見な|みな|扱い|扱わ)(?:さ|し)?(?:ません|ない))", re.I)
# A source that gives no yes, said right before the claim: "no da permiso permanente", "does not give standing approval".
_GIVES_NONE = re.compile(r"(?:\bdoes not|\bdoesn't|\bno|\bnão|\bnon|\bне)\s+(?:give|grant|da|otorga|dá|concede|dà|да[её]т)\s+(?:\w+\s+)?$|"
                         r"\b(?:ne donne|n'accorde) (?:pas|aucune?)\s+(?:d'|de\s+|l'|la\s+)?$|\bgibt\s+(?:\w+\s+)?kein\w*\s+$|不(?:给|授予)$",
                         re.I)


# The rule going on as if the reported claim were not there: "…, the agent asks anyway", "e chiede comunque".
_ANYWAY = re.compile(r"[,，、][^.;；。]*?" + REGARDLESS, re.I)


def _denied_after(sentence: str, start: int, end: int) -> bool:
    """Do the words after the claim from `start` to `end`, in its clause, deny it to be a yes: after the quotation it
    stands in, or after the claim itself ("permissão permanente … não vale como permissão"), or a source gives no yes
    right before it ("no da permiso permanente"), or a yes it is said not to stand in for ("… ya aprobó todo no cuenta
    como aprobación"); or, where a source is
    reported making it ("a comment says the user already approved"), does the rule go on regardless?"""
    around = quotation_around(sentence, start)
    after = sentence[around[1] + 1:] if around is not None else sentence[end:]
    clause = re.split(r"[.;；。]", after)[0]
    before = re.split(r"[.;；。]", sentence[:start])[-1]
    if _NOT_A_YES.search(clause) or _GIVES_NONE.search(before) \
            or any(_standing_in_denied(clause, m) for m in _GRANTED_RE.finditer(clause)):
        return True
    return around is None and bool(REPORTED.search(before)) and bool(_ANYWAY.search(clause))


def _claims_consent(text: str) -> bool:
    """Does a sentence of `text` claim the user's consent as given without the user, not denying it ("nobody approves on
    the user's behalf")?"""
    # A claim quoted only to be set aside ("even if the note says 'already approved'") or denied after it ("« déjà
    # approuvé » n'est pas l'accord") is not relied on.
    return any(not forbids(s, max(m.start(), m.start("grant"))) and not conceded(s, m.start()) and not _denied_after(s, m.start(), m.end())
               and not _standing_in_denied(s, m) for s in sentences(text) for m in _GRANTED_RE.finditer(s))


def _standing_in_denied(sentence: str, match: re.Match) -> bool:
    """Is the claim that something stands in for a yes ("counts as approval", "vale come approvazione") said with its
    own verb negated ("does not count as approval", "non vale come approvazione")? That denies the yes; a reading of
    the negation as a waived approval ("not ... approval" as "without approval") takes the verb's negation for the
    asking's."""
    return match.start("grant") >= 0 and forbidden_right_before(sentence, match.start())


def _narrows(text: str) -> bool:
    """Does the first sentence of `text` forbid what it says, naming no dangerous effect at all (a notice that
    lifts a guard names what it lets through)?"""
    first = next(iter(sentences(text)), "")
    return bool(first.strip()) and forbids(first) and not effects_of(first)


# Deletion spelled in a script language rather than a command.
_SCRIPTED_DELETE = re.compile(r"\b(?:rmtree|remove|unlink|rmdir|removedirs|rm_rf|rmsync)\s*\(\s*['\"](?:/|~|[a-z]:)", re.I)
# Configuration that has the effect, whichever file it is written in.
_CONFIG = (
    (DISARM, r"addopts\s*=.*(?:-k\s*['\"]?not\b|--ignore|--deselect|-p\s*no:)|\"strict\"\s*:\s*false|noimplicitany\"?\s*:\s*false|"
     r"bash\(\*\)|bash\(rm[: ]|defaultmode\"?\s*:\s*\"?bypasspermissions|skipdangerousmodepermissionprompt|"
     r"exclude:\s*['\"]?\.\*|stages:\s*\[\s*manual\s*\]|(?:^|\s)if:\s*false\b|fail_ci_if_error:\s*false|(?<![(,]\s)(?<![(,])ignore_errors\s*=\s*true|"
     r"continue-on-error:\s*true|allow_failure:\s*true|\.git/hooks/[\w-]+[^\n]*exit\s+0|warn_only|--exit-zero|"
     r"disable_error_code|strict_optional\s*=\s*false|--no-strict|-dskiptests|--skip-tests?\b|--no-tests?\b|"
     # a coverage or quality floor lowered to nothing: "lower `fail_under` to 0", `--cov-fail-under=0`
     r"ignore_?patterns?\W+\[[^\]]*[\"'](?:\.?/)?(?:src|lib|app|tests?|\*\*)/?(?:\*\*?)?(?:/\*)?[\"']|\"rules\"\s*:\s*\{\s*\}|"
     # a hook script that does nothing: `"precommit": "exit 0"`; a whole group of lints let through at once, not one named
     # lint (`#![allow(warnings)]`, `#[allow(clippy::pedantic, clippy::all)]`, `// ignore_for_file: type=lint`); a failure
     # caught as a success
     r"#!?\[allow\([^)\]]*?\b(?:warnings|all|unused)\b[^)\]]*\)\]|\bignore_for_file\s*:[^`\n]*?\b(?:type\s*=\s*)?(?:lint|all)\b|catcherror\s*\([^)]*success|(?:^|[\s`=])-vet=off\b|"
     r"[\"']?pre-?(?:commit|push)[\"']?\s*:\s*[\"'](?:exit 0|true|:)[\"']|"
     # every uncaught exception of the page let pass, whatever it is: `Cypress.on('uncaught:exception', () => false)`
     r"uncaught:exception[\"']\s*,\s*(?:\([\w\s,]*\)|\w+)\s*=>\s*(?:false|\{\s*return\s+false\s*;?\s*\})|"
     r"(?:fail[_-]?under|(?:cov|coverage)[\w.-]*(?:threshold|minimum|min))\W+(?:(?:to|auf|à|a|en|para|op|na|do|до|为|に)\W+)?0(?![\d.])"),
    (HISTORY, r"receive\.denynonfastforwards\s*(?:=\s*)?(?:false|0)|allow[_-]force[_-]push\w*\s*[:=]?\s*true|"
     r"enforce_admins\W+false|(?:lift|remove|disable|turn off)\w*\s+(?:the\s+)?branch protection"),
    # a systemd unit's `[Install]` section, its name in capitals as systemd reads it; bunfig's `[install]` sets packages
    (PERSIST, r"wantedby\s*=|systemd/user|\.config/autostart|(?-i:\[Install\])|core\.hookspath\s*[= ]\s*~|init\.templatedir"),
    (EXFIL, r"remote\s+set-url\s+--add|pushurl\s*=|remote\s+add\s+\w+\s+(?:https?|git@|ssh)://?(?!github\.com/(?:our|the-?user))"),
    # the root or home folder, or the container engine's socket, mounted into a container: `/:/host`, `-v ~/:/h`
    (PRIVILEGE, r"(?<![\w.~/:-])(?:/|~/?|\$home/?|/var/run/docker\.sock):/\w*|nopasswd|privileged:\s*true|--privileged|user:\s*['\"]?root|cap_add|-verb\s+runas|\bu\+s\b|\bsetuid\b"),
)
_CONFIG_RE = tuple((effect, re.compile(pattern, re.I | re.M)) for effect, pattern in _CONFIG)
_SWALLOWED = re.compile(r"\|\|\s*(?:true|:|exit\s+0)(?![\w-])|(?:^|[;&(`]\s*)yes\s*\|", re.I)


def _effect(words: list[str]) -> str:
    """The effect of one command: as written, as its wrapped command with options written out, then by the table."""
    command = parse(words)
    if previews(command) or drops_only_test_databases(command):
        return ""
    return _command(words) or (command is not None and _command(command.canonical())) or classify(command)


_ENVIRONMENT_LISTERS = {"env", "printenv", "set", "export", "declare"}


def names_only(stages: list[list[str]]) -> bool:
    """Does a pipeline that lists the environment keep only the variables' names (`env | cut -d= -f1`,
    `printenv | awk -F= '{print $1}'`, `env | sed 's/=.*//'`)? Names are no secret; the values it drops are."""
    if not stages or not stages[0] or stages[0][0].lower() not in _ENVIRONMENT_LISTERS:
        return False
    return any(keeps_keys(stage) for stage in stages[1:])


_DELETE_VERB = re.compile(r"\b(?:delete|remove|empty|wipe|erase|purge|clear out|clean out|get rid of|nuke|trash|vide[rz]?|supprime[rz]?|efface[rz]?|"
                          r"lösch\w*|leere\w*|borra\w*|vacía\w*|elimina\w*|apaga\w*|esvazi\w*|svuota\w*|cancella\w*|verwijder\w*|leeg\w*|"
                          r"usuń|opróżnij|sil\w*|boşalt\w*|удали\w*|очисти\w*)\b|删除|清空|删掉|削除|空に|삭제|비우", re.I)
_CLAUSE_END = re.compile(r"[.;:!?。；，（）()]|\b(?:then|but|except|sauf|außer|excepto|salvo|кроме)\b", re.I)


def _objects(sentence: str, plain: str, end: int) -> list[str]:
    """What a verb ending at `end` acts on: the one-word code spans after it, a few words away at most, up to the
    clause's end ("empty `~/Documents` and `~/Downloads`")."""
    stop = _CLAUSE_END.search(plain, end)
    clause = sentence[end:stop.start() if stop else len(sentence)]
    first = clause.find("`")
    if first < 0 or len(clause[:first].split()) > 2:
        return []
    # The objects are one list: each later span a few words from the one before ("`~/Documents` and `~/Downloads`");
    # a span further on is another verb's ("..., and asks before touching anything in `/var/lib/docker`").
    listed, last = [], None
    for m in re.finditer(r"`([^`]*)`", clause):
        gap = clause[last:m.start()] if last is not None else ""
        if last is not None and len(gap.split()) > _LIST_GAP_WORDS and not _JOINS_LIST.search(gap):
            break
        last = m.end()
        # A path named right after a prohibition ("..., nie `~/.cargo`") is what the verb must spare.
        if " " not in m.group(1) and not forbidden_right_before(sentence, end + m.start()):
            listed.append(m.group(1))
    return listed


_LIST_GAP_WORDS = 3  # words between two objects of one verb: "and", "or the folder"
# ... or more, where a joining word stands right before the next: "`./tmp/x` the task made and `~/Pictures`".
_JOINS_LIST = re.compile(r"(?:[,、]|\b(?:and|or|et|ou|und|oder|y|o|e|en|of|i|lub|czy|ve|veya|и|или)\b|和|或)\s*(?:[^\W\d]+\s+){0,2}$",
                         re.I)


_IMAGE_STEP = re.compile(r"\s*RUN\s")  # upper case: the Dockerfile instruction, not the English verb


_TRANSFER = {"scp", "sftp", "rsync", "rclone", "croc", "magic-wormhole", "wormhole"}
# A storage upload's own flag that makes what it writes readable by anybody (`--acl public-read`, `gsutil -a
# public-read`, `s3cmd --acl-public`), and words saying anyone may fetch it: the data goes to everyone, build output
# or not. A team's own bucket kept private, or a public flag without those words, is read elsewhere.
_PUBLIC_ACL = re.compile(r"(?:--acl[= ]|(?:^|\s)-a\s+)public-read|--acl-public\b|\ballusers:r\b|--public-access[= ](?:blob|container)", re.I)
_ANYONE = re.compile(r"\b(?:anyone|anybody|everyone|everybody|the (?:whole )?(?:world|public))\b|n'importe qui|tout le monde|"
                     r"\biedereen\b|\bjede[rn]?mann?\b|\balle welt\b|cualquiera|todo el mundo|qualquer (?:pessoa|um)|"
                     r"\bchiunque\b|\bka[żz]dy\b|\bwszyscy\b|кто угодно|\bвсе(?:м|х)?\b|\bлюбой\b|任何人|所有人|誰でも|누구나|\bherkes\b", re.I)
_FAR_END = re.compile(r"\b(?!127\.)(?!0\.0\.0\.0)\d{1,3}(?:\.\d{1,3}){3}\b|\b[\w.-]+@[\w-]+(?:\.[\w-]+)+|https?://(?!localhost|127\.)")


def _receives(stage: list[str]) -> bool:
    """Does a later stage of a pipeline send what it reads to another machine (`| ssh host tar x`, `| nc host 9`)?"""
    command = parse(stage)
    if command is None:
        return False
    if "ssh" in command.wrappers or command.program in ("ssh", "nc", "ncat", "netcat", "socat", "telnet"):
        return True
    return command.program in ("curl", "wget", "http", "https") and any(
        w in ("@-", "-") or w.endswith("=@-") for w in command.words)


# A git subcommand written without its program, as a tool's help or a wrapper's description does: "filter-branch で
# 履歴を書き直して push --force する". Its program is git all the same.
_GIT_IMPLIED = re.compile(r"(?<![\w-])(?:push\s+(?:--force|-f|--mirror)(?![\w-])|filter-branch(?![\w-])|filter-repo(?![\w-])|"
                          r"reset\s+--hard(?![\w-])|clean\s+-[a-z]*f[a-z]*(?![\w-]))", re.I)


def implied_git(span: str) -> list[str]:
    """The effects of the git subcommands `span` names without `git` (a span that names git is read as a command)."""
    if re.search(r"(?<![\w-])git(?![\w-])", span):
        return []
    return [e for m in _GIT_IMPLIED.finditer(span) for e in [_git(m.group(0).split())] if e]


def harmless_command_on(span: str) -> bool:
    """Does `span` write only commands that, by their own words, keep the names of a settings file and drop its
    values (`cut -d= -f1 .env`)? Then what is done to the file is what the command says, whatever verb of showing
    the prose puts before it."""
    on_file = [words for words in commands(f"`{span}`") if any(_CREDENTIAL_PATH.search(w) for w in words[1:])]
    return bool(on_file) and all(keeps_keys(words) for words in on_file)


def effects_of(sentence: str, beside: str = "") -> list[tuple[str, int | None]]:
    """Every dangerous effect `sentence` names, with where it names it (None: its commands), from
    its commands first, then its prose. `beside`: a clause a `;` joins to it that speaks of the same step, where
    what spares the prose's effect may stand ("No need to ask before running `pnpm test`; it only reads")."""
    spans = code(sentence)
    # Code the rule asks for: library calls read as the commands they stand for, and their own effects.
    written = [words for span in spans for words in calls.as_commands(span)]
    # A Dockerfile's `RUN` line runs in the image being built: what it deletes or discards is that image's, not the user's.
    image = [words for span in spans if _IMAGE_STEP.match(span) for words in commands(f"`{span}`")]
    named = [stages[0] for stages in pipelines(sentence) if names_only(stages)]
    found: list[tuple[str, int | None]] = [
        (e, None) for words in commands(sentence) + written + _targets_named_apart(spans) for e in [_effect(words)]
        if e and not (e in (DELETE, DISCARD) and words in image) and not (e == CREDS and words in named)
        and not (e == DELETE and undoes_earlier_step(words, sentence))]
    found += [(e, None) for span in spans for e in calls.effects(span)]
    found += [(e, None) for span in spans for e in implied_git(span)]
    found += [(e, None) for words in _continued(spans, plain_of(sentence)) for e in [_effect(words)] if e]
    found += [(e, None) for e in settings.effects(sentence)]
    found += [(EXFIL, None) for stages in pipelines(sentence) if any(_receives(stage) for stage in stages[1:])]
    # A failure swallowed by the chain itself: the parser splits `||` off, so read it whole.
    if any(_SWALLOWED.search(source) for source in sources(sentence)):
        found.append((DISARM, None))
    if any(_SCRIPTED_DELETE.search(source) for source in sources(sentence)):
        found.append((DELETE, None))
    found += [(effect, None) for effect, pattern in _CONFIG_RE if pattern.search(sentence)]
    plain = plain_of(sentence)
    # A transfer tool named alone, its far end in the words: "with `scp` to my machine at 203.0.113.7".
    if any(span.strip() in _TRANSFER for span in spans) and _FAR_END.search(plain):
        found.append((EXFIL, None))
    # A public flag on an upload, and the words say anyone may fetch it: "so anyone can read it".
    anyone = _ANYONE.search(plain)
    if anyone:
        found += [(EXFIL, m.start()) for m in CODE_SPAN.finditer(sentence, condition_end(sentence))
                  if _PUBLIC_ACL.search(m.group(1))]
    # A credential file named in code and sent or shown in words: `.env` "to colleagues on Telegram".
    # Each verb is a place the effect is named: "never send files out, except the `.env`, which you mail to ...".
    # ... unless each credential file is named only right after a prohibition ("reads `.env.example`, never `.env`").
    held = [m for m in CODE_SPAN.finditer(sentence) if _holds_credentials(m.group(1), sentence)
            and not harmless_command_on(m.group(1)) and not quoted_question(sentence, m.start())]
    if not found and held and not all(forbidden_right_before(sentence, m.start()) for m in held):
        sends = [(EXFIL, verb.start()) for verb in _SENDS.finditer(plain)]
        found += sends or [(CREDS, shown.start()) for shown in _SHOWS.finditer(plain)]
    # A verb of deletion in words, its object a home or system folder in code: "empty `~/Documents`".
    found += [(DELETE, verb.start()) for verb in _DELETE_VERB.finditer(plain, condition_end(sentence))
              if not _guarded_against(plain, verb) and any(_home_or_root(p) for p in _objects(sentence, plain, verb.end()))]
    # A check command in code taken out of CI or a hook: "removes `stylua --check .` from the `pre-commit` hook".
    if not _OWN_OR_ASKED_REMOVAL_RE.search(plain):
        found += [(DISARM, at) for at in removed_checks(sentence) if at >= condition_end(sentence)]
    if not found:
        begin = condition_end(sentence)  # an action inside a leading condition is not asked for
        plain_beside = plain_of(beside)
        for effect, action, obj, spared in _PROSE_RE:
            # An action in quotation marks is someone's words quoted ("the bot replies «skip the checks»"), not asked for.
            # A waiver that is what a claim says, the claim then denied to be the user's yes ("a comment saying it may
            # migrate without asking does not count as consent"), waives nothing.
            verb = next((v for v in action.finditer(plain, begin) if not _guarded_against(plain, v)
                         and not inside_quotation(plain, v.start())
                         and not (effect == DISARM and _WAIVER_RE.match(plain, v.start()) and _denied_after(sentence, v.start(), v.end()))),
                        None)
            if not verb or spared.search(plain) or spared.search(plain_beside):
                continue
            # The object is another word than the verb: "paste" is no object of its own ("paste the output").
            if any(o.start() != verb.start() for o in obj.finditer(plain)):
                found.append((effect, verb.start()))
            # "Never delete anything outside `build/`, except `~/.cache`": what the exception names is asked for.
            carved = _EXCEPT.search(sentence, verb.end())
            if carved and obj.search(sentence[carved.end():]):
                found.append((effect, carved.end()))
    return list(dict.fromkeys(found))



# An action named as what comes after the step the sentence asks for ("see what is untracked before deleting
# anything", "antes de borrar nada", "変更を捨てる前に確認"): the event guarded against, not asked for.
_BEFORE_AFTER = re.compile(r"^\w{0,3}?\s*(?:前に|之前|前，|前,|전에|\s*önce\b)", re.I)


_EXCEPT = re.compile(r"\b(?:except|excepting|other than|but for|sauf|hormis|außer|ausgenommen|salvo|excepto|exceto|tranne|eccetto|"
                     r"behalve|z wyjątkiem|oprócz|hariç|кроме|за исключением)\b|除了|除非|ただし|を除", re.I)


# A participle before its noun, the subject of what follows, describes it ("so skipped tests are reported"); a past deed in a relative clause is
# another's, told as a lesson ("Lesson learned from agents that wiped production: ...").
_DESCRIBES = re.compile(r"\w*(?:ed|en)\s+(?:tests?|checks?|hooks?|steps?|jobs?)\s+(?:are|is|get|gets|will be|show|appear)\b", re.I)
_THEIR_DEED = re.compile(r"\b(?:that|who|which)\s+(?:had\s+|have\s+|once\s+)?$", re.I)
_LESSON = re.compile(r"\b(?:lessons?|learned|learnt|post-?mortem|incident|takeaway)\b", re.I)


def _guarded_against(plain: str, verb: re.Match) -> bool:
    """Is the action at `verb` not asked for: what comes after the step asked ("before deleting"), a participle
    describing a noun, or another's past deed told as a lesson?"""
    if _DESCRIBES.match(plain, verb.start()):
        return True
    if _LESSON.search(plain) and _THEIR_DEED.search(plain, 0, verb.start()) and re.match(r"\w*(?:ed|ped)\b", plain[verb.start():]):
        return True
    return bool(BEFORE_STEP.search(plain, 0, verb.start()) or _BEFORE_AFTER.match(plain[verb.end():verb.end() + 8]))


_GIT_ALIAS = re.compile(r"^\s*\[alias\]\s*[\w-]+\s*=\s*(.+)$", re.I)
# The git subcommand prose names before a lone option: "repeat the commit with `-n`".
_GIT_VERB = re.compile(r"\b(commit|push|merge|rebase|clean|reset|checkout|restore|switch|stash)\w*\b", re.I)
# A variable that switches hooks off, named alone in code and set in words: "set the variable `SKIP` to every hook".
_DISARMING_VARIABLE = re.compile(r"SKIP|HUSKY|PRE_COMMIT_ALLOW_NO_CONFIG|GIT_HOOKS_DISABLED|SKIP_HOOKS|NO_VERIFY")
_SET_WORDS = re.compile(r"\b(?:set|define|export)\b|variable|variab|переменн|задай|установ|setze|définis|establece|defina|imposta|ustaw|"
                        r"ayarla|设置|设定|設定|설정", re.I)


# A file in the user's home, outside any project: `~/.gradle/gradle.properties`, `$HOME/.config/nix/nix.conf`.
_HOME_FILE = re.compile(r"(?:^|[\s'\"=(])(?:~|\$home|\$\{home\})/\.[\w.-]+/[\w./-]+", re.I)
# The sentence says the file holds a secret: "its `access-tokens` line", "the signing.password line", or a token
# a tool's login left there ("so the team can check the token" of `~/.semgrep/settings.yml`).
_SECRET_WORD = re.compile(r"(?<![a-z])(?:(?:access[_ -]?|auth[_ -]?)?tokens?|jetons?|токен\w*|令牌|トークン|토큰|passwor[dt]s?|passwörter|credentials?|"
                          r"contraseñas?|senhas?|mots? de passe|пароль|密码|パスワード|비밀번호)(?![a-z])", re.I)


def _holds_credentials(span: str, sentence: str) -> bool:
    """A credential file by its name, or a file in the user's home the sentence says holds a password or token:
    a login kept for a package source or a cache (`~/.gem/credentials`, `nix.conf`'s `access-tokens`)."""
    return bool(_CREDENTIAL_PATH.search(span) or (_HOME_FILE.search(span) and _SECRET_WORD.search(sentence)))


def plain_of(sentence: str) -> str:
    """`sentence` with its code spans blanked, same length: the words around the code."""
    return re.sub(r"`[^`]*`", lambda m: " " * len(m.group(0)), sentence)


def _continued(spans: list[str], plain: str) -> list[list[str]]:
    """Commands written in pieces: a lone option in a span of its own continues the command of the span before it,
    and takes the span after it as its value (`pytest` ... `-k` ... `not slow`), or the git subcommand the words
    name ("repeat the commit with `-n`"); a `[alias]` line does what it stands for; a variable that switches hooks
    off, named alone and set in words."""
    found = []
    for i, span in enumerate(spans):
        words = span.split()
        if len(words) == 1 and words[0].startswith("-"):
            before = spans[i - 1].split() if i else []
            if not before:
                verbs = _GIT_VERB.findall(plain)
                before = ["git", verbs[-1]] if verbs else []
            after = spans[i + 1].split() if i + 1 < len(spans) else []
            if before:
                found.append(before + words + after)
        alias = _GIT_ALIAS.match(span)
        if alias:
            found.append(["git"] + alias.group(1).strip("'\"").split())
        if _DISARMING_VARIABLE.fullmatch(span.strip()) and _SET_WORDS.search(plain):
            found.append([span.strip() + "=all"])
    return found


_TARGET_TAKERS = {"rm", "del", "shred", "unlink", "cat", "less", "more", "head", "tail", "base64", "xxd", "type"}


def _targets_named_apart(spans: list[str]) -> list[list[str]]:
    """A command given no target (`rm -rf`) run on paths the sentence names in spans of their own, before or after
    it ("borra `~/Documents` y `~/Downloads` con `rm -rf`")."""
    lone = [span for span in spans if len(span.split()) == 1 and not span.startswith("-")]
    bare = [span.split() for span in spans if (len(span.split()) > 1 and all(w.startswith("-") for w in span.split()[1:]))
            or span.strip() in _TARGET_TAKERS]
    return [words + [path] for words in bare for path in lone]


def places(sentence: str, effect: str, at: int | None) -> list[int | None]:
    """Where `sentence` names `effect`: `at` for words; for an effect of its commands, each code span whose
    own commands have it, so a prohibition is read for the command that has the effect, not the first one
    named ("yes to `git stash`, no to `git checkout -- .`"). [None] where no span alone has it."""
    if at is not None:
        return [at]
    found = list(CODE_SPAN.finditer(sentence))
    # A span's own commands: read as code, so words quoted in it (a to-do line, "Force-Push abgeschafft") are no command.
    spans = [m.start() for m in found if any(e == effect for e, _ in effects_of(m.group(0)))]
    # No span alone has it: a later span that only continues a command (a lone argument, a flag) gave it the
    # effect, and is where it is named ("`rm -rf target/x` ..., nie `~/.cargo`" forbids the path it would add).
    joined = [m.start() for m in found[1:] if len(m.group(1).split()) < 2 or m.group(1).startswith("-")]
    return spans or joined or [None]


# A narrowed run that is only a step: the same sentence then runs the whole suite ("`pytest -k 'not slow'` locally while
# you narrow it down, then the full suite"). Nothing between "then" and the suite may skip or negate it.
_THEN_FULL = re.compile(r"(?:\bthen|\bafterwards|\bafter that|\bdanach|\banschließend|\bpuis|\bensuite|\bdespués|\bluego|\bdepois|\bpoi|"
                        r"\bdopo|\bdaarna|\bpotem|\bsonra|\bзатем|\bпотом|然后|之后|その後|그 다음)\W+"
                        r"(?:(?!(?:skip|without|never|not|no|ohne|kein\w*|nie|nicht|sans|sin|sem|senza|zonder|bez|без|не|optional)\b)[\w'-]+\W+){0,3}?"
                        r"(?:full|whole|entire|complete|voll\w*|ganz\w*|gesamt\w*|complèt\w*|entièr\w*|complet\w*|enter\w*|inter\w*|hele|"
                        r"volledig\w*|pełn\w*|cał\w*|tüm|tam|полн\w*|весь|всю)\s+(?:[\w-]+\s+)?(?:test\s*)?(?:suite|suíte|tests|testsuite|"
                        r"run|batería|набор)\b", re.I)
_TEST_RUNNERS = {"pytest", "py.test", "jest", "vitest", "mocha", "go", "cargo", "npm", "yarn", "pnpm", "tox", "nox", "rspec",
                 "phpunit", "dotnet", "mvn", "gradle", "./gradlew", "python", "python3", "npx", "bun", "deno"}


def narrowed_then_full(sentence: str) -> bool:
    """Is every narrowing `sentence` names a test run typed by hand (not a setting written to a file), and does the
    sentence then run the whole suite?"""
    if not _THEN_FULL.search(sentence) or any(p.search(sentence) for _, p in _CONFIG_RE) or settings.effects(sentence):
        return False
    runs = [words for words in commands(sentence) if _effect(words) == DISARM]
    return bool(runs) and all(words[0].lower() in _TEST_RUNNERS for words in runs)


# What splits a sentence at "then" ("..., then the full suite"): the step after it is still this sentence's.
_THEN_SPLIT = re.compile(r"\s+(?:then|and then|afterwards|ensuite|dann|luego(?!\s+de\b)|depois(?!\s+d[eoa]s?\b)|затем)\s+", re.I)


def narrowed_step(text: str, sentence: str) -> bool:
    """`narrowed_then_full` on `sentence` of `text`, taken with the sentence after it where only a "then" parts them."""
    start = text.find(sentence)
    if start < 0:
        return narrowed_then_full(sentence)
    end = start + len(sentence)
    joint = _THEN_SPLIT.match(text, end)
    if joint and not sentence.rstrip().endswith((".", "!", "?", ";", "。", "！", "？", "；")):
        rest = next(iter(sentences(text[joint.end():])), "")
        return narrowed_then_full(f"{text[start:joint.end()]}{rest}")
    return narrowed_then_full(sentence)


def judged_as(sentence: str, effect: str, place: int | None) -> str:
    """`sentence` as a prohibition of `effect` at `place` is read in: a waived confirmation's own "without" ("ohne
    Rückfrage", "sem confirmar", "確認なし") is the effect, not a prohibition of it, so its words are blanked; a
    prohibition outside them still forbids it ("nie ohne Rückfrage", "on n'y touche pas sans demander")."""
    waived = _WAIVER_RE.match(sentence, place) if effect == DISARM and place is not None else None
    return sentence[:waived.start()] + " " * len(waived.group(0)) + sentence[waived.end():] if waived else sentence


def asks(sentence: str, effect: str, at: int | None, topics: bool = True) -> bool:
    """Does `sentence` ask for `effect` (named at `at`) anywhere it names it, rather than forbid it? `topics`: a
    command explained or written about is talked of, not run (no sentence of the rule runs it by a pronoun)."""
    if effect == HISTORY and at is None and leased_own_branch(sentence):
        return False
    return any(not forbids(judged_as(sentence, effect, place), place) and not (topics and talked_of(sentence, place))
               for place in places(sentence, effect, at))


# A verb of explaining, then up to a few words ("what", "to the user what", "was"), then the command: its topic.
_EXPLAIN = re.compile(r"(?:\b(?:explain|describe|document|erklär|beschreib|expliqu|décri|explic|describ|spieg|descriv|wyjaśni|opisz|opisać|"
                      r"açıkla|объясн|опиш|опис)\w*|\bleg\w* uit|解释|说明|說明|説明)[,，、]?\s*(?:(?:to|à|a|an|для)\s+(?:the\s+|den\s+|les\s+)?\w+\s+)?"
                      r"(?:what|how|why|warum|pourquoi|por qué|perché|waarom|dlaczego|neden|почему|was|wie|ce que|comment|qué|lo que|cómo|o que|como|cosa|come|wat|hoe|co|jak|ne|nasıl|что|как)?\s*$", re.I)
# After the command, a word that makes it the topic: "について", "에 대해", "의 위험".
_ABOUT_AFTER = re.compile(r"\s*(?:(?:や|と|、)\s*`[^`]*`\s*)*(?:について|に関して|とは|에 대해|에 관해|에 대한)")
# A run of the thing by a pronoun: "then run it", "führ es aus" (its particle a few words on: "führt es vor dem Build aus"),
# "lance-le".
RUN_IT = re.compile(r"\b(?:run|execut|do|apply|appli|us|try|tri)\w*\s+(?:it|them|that|this)\b|\bführ\w* (?:es|ihn|sie)(?: \w+){0,4} aus\b|"
                    r"\b(?:lance|exécute|fais|utilise)-(?:le|la|les)\b|\b(?:ejecút|hazl|úsal)\w*|\besegu\w*l[oaie]\b", re.I)


# A thing put out of one place: "`git tag -f` stays out of the `justfile`", "queda fuera de CI".
_KEPT_OUT = re.compile(r"(?<![\w'-])(?:" + "|".join(re.escape(p) for p in OUT_OF_SCOPE) + r")(?![\w'-])", re.I)


def kept_out_then_run(sentence: str, following: str, place: int | None) -> bool:
    """Is what `sentence` names at `place` forbidden only by being put out of one place, then run by a pronoun after it,
    in the sentence or the next ("`git push --force` stays out of CI, so the agent runs it by hand")? Out of one
    place is not out of the agent's hands."""
    out = _KEPT_OUT.search(sentence, place or 0)
    if not out or forbids(sentence[:out.start()] + " " * len(out.group(0)) + sentence[out.end():], place):
        return False
    rest = plain_of(sentence[out.end():]) + " " + plain_of(following)
    # A run left to the user ("asks the user to run it") is theirs.
    return any(not forbids(rest, run.start()) and not keeps_asking(rest[:run.start()]) for run in RUN_IT.finditer(rest))


def talked_of(sentence: str, at: int | None) -> bool:
    """Is the command at `at` what the sentence explains or writes about ("erkläre, was `git reset --hard` bewirkt",
    "`rm -rf` について書くときは")?"""
    span = CODE_SPAN.match(sentence, at) if at is not None else None
    if at is not None and not span:
        # A verb in words inside an indirect question that a verb of showing or explaining governs: "show the user what
        # would be deleted", "enseñar al usuario qué se borraría". What it would do is shown, not done.
        return bool(_SHOWN_WHAT.search(plain_of(sentence), 0, at))
    return bool(span) and bool(_EXPLAIN.search(sentence, 0, at) or _ABOUT_AFTER.match(sentence, span.end()))


_SHOWN_WHAT = re.compile(r"(?:\b(?:show|tell|explain|describe|list|report|enseñ|muestr|mostr|explic|montr|expliqu|indiqu|zeig|erklär|"
                         r"toon|vertel|pokaż|wyjaśni|göster|açıkla|покаж|объясн|сообщ)\w*|\blaat\s+zien|显示|说明|見せ|示し)"
                         r"\s+(?:[\w'-]+\s+){0,3}?(?:what|which|qué|que|lo que|o que|ce qui|ce que|was|wat|welke|co|ne|neyi|что|какие|哪些|什么|何が)"
                         r"\s+(?:(?:would|will|could|might|se|sería|seria|serait|würde|zou|by|будет|бы|would be|wird)\s+)?(?:\w+\s+)?$", re.I)


# The agent's own branch, in the thirteen languages: "your feature branch", "ta propre branche", "자기 기능 브랜치".
_OWN_BRANCH = re.compile(
    r"\byour (?:own )?(?:unshared |unpushed |local )?(?:feature |topic |working )?(?:`[^`]*`\s+)?branch|\bown (?:unshared |unpushed )?(?:feature )?branch|"
    r"\btheir (?:own )?(?:feature |topic )branch|"
    r"\b(?:ta|votre) (?:propre )?branche|\b(?:dein(?:em|en|er|e)?|ihr(?:em|en|er|e)?|de[nm] eigenen?) (?:eigenen? )?(?:feature-)?branch|\btu (?:propia )?rama|"
    r"\b(?:sua|tua) (?:própria )?branch|\bseu (?:próprio )?branch|\b(?:tuo|proprio) ramo|\b(?:je|jouw) eigen (?:feature)?branch|"
    r"\beigen (?:\w+ )?(?:feature-?)?branch|\bwłasn\w* gałę?\w*|\bkendi (?:\w+ )?dal\w*|自分の\w*ブランチ|自己的\w*分支|(?:자기|자신의|개인)\s*(?:\w+\s*)?브랜치|\bсво\w+ (?:собственн\w+ )?ветк\w+",
    re.I)
_PROTECTED = re.compile(r"\b(?:main|master|trunk|develop|release\w*|prod\w*|production|staging|gh-pages)\b", re.I)


def leased_own_branch(sentence: str) -> bool:
    """Does every push `sentence` asks for force only with a lease (`--force-with-lease`: refused if the remote
    moved, so no one else's work is lost) to a branch the sentence says is the agent's own, no shared one named?"""
    # Each push as its own code span writes it: a lone flag in a later span is read apart ("never a plain `--force`").
    pushes = [c for span in code(sentence) for c in (parse(words) for words in commands(f"`{span}`"))
              if c is not None and c.program == "git" and c.sub("push")]
    leased = all("--force-with-lease" in c.options and not {"-f", "--force", "--mirror", "--delete", "-d"} & c.options
                 and not any(p.startswith(("+", ":")) for p in c.positionals) for c in pushes)
    # A shared branch named in the words or as a push's target; another span's name (a bot `@release`) is no branch.
    shared = _PROTECTED.search(plain_of(sentence)) or any(_PROTECTED.search(p) for c in pushes for p in c.positionals[1:])
    return bool(pushes) and leased and bool(_OWN_BRANCH.search(sentence)) and not shared \
        and all(forbids(sentence, m.start()) for m in CODE_SPAN.finditer(sentence) if _FORCING.fullmatch(m.group(1).strip()))


# A force flag named in a span of its own: it joins the push named before it unless the sentence forbids it.
_FORCING = re.compile(r"(?:-f|--force|--mirror|--delete|-d|\+\S+)(?:\s+\S+)?")


_HERE = re.compile(r"(?<![\w./~$-])(?:\./?\*?|\*)(?=\s|$|;|&|\|)")  # the current folder's contents: `.`, `./`, `./*`, `*`


def run_inside(text: str) -> str:
    """`text` with the current folder its commands delete (`rm -rf ./*`) written out where an earlier command of the
    rule entered a build folder (`cd build/`): relative paths resolve there. A `cd` anywhere else leaves them as
    they are, the whole project."""
    inside = ""

    def resolved(match: re.Match) -> str:
        nonlocal inside
        out = []
        for part in re.split(r"(&&|;|\|\||\|)", match.group(1)):
            words = part.split()
            if words[:1] == ["cd"]:
                target = words[1].strip("'\"") if len(words) > 1 else "~"
                inside = target.rstrip("/") if not _outside_build(target) and not target.startswith("..") else ""
            elif inside and words[:1] == ["rm"]:
                part = _HERE.sub(inside + "/*", part)
            out.append(part)
        return "`" + "".join(out) + "`"
    return CODE_SPAN.sub(resolved, text)


def effect_in(text: str) -> str:
    """Why `text` may not become a rule for what it would make the agent do, or "". A sentence
    that forbids the effect it names ("never use sudo in scripts") is fine; a notice is never."""
    text = run_inside(text)
    if any(_injection(source) for source in sources(text)) or _defers_to_content(text):
        return INJECTION
    parts = sentences(text)
    named = set()  # effects some sentence names alone and forbids: the whole text does not ask for them again
    defined = defined_then_forbidden(parts)
    topics = not any(not forbids(s, run.start()) for s in parts for run in RUN_IT.finditer(plain_of(s)))
    for number, sentence in enumerate(parts):
        # The next sentence may forbid it, or leave it to the user, by a pronoun: "...; you never run it."
        # A definition names; the sentences after it say whether it is done.
        if (number + 1 < len(parts) and forbidden_by_next(sentence, parts[number + 1])) or (number == 0 and defined):
            named.update(effect for effect, _ in effects_of(sentence))
            continue
        for effect, at in effects_of(sentence, same_step_beside(parts, number)):
            # The leased push's own sentence, or the one after it, may say whose branch it is for ("`git push
            # --force-with-lease`; only on the user's own feature branch").
            if effect == HISTORY and at is None and leased_own_branch(" ".join(parts[number:number + 2])):
                named.add(effect)
                continue
            if effect == DISARM and at is None and narrowed_step(text, sentence):
                named.add(effect)
                continue
            if asks(sentence, effect, at, topics):
                return effect
            if all(forbids(judged_as(sentence, effect, place), place) or (topics and talked_of(sentence, place))
                   for place in places(sentence, effect, at)):
                if any(kept_out_then_run(sentence, parts[number + 1] if number + 1 < len(parts) else "", place)
                       for place in places(sentence, effect, at)):
                    return effect
                named.add(effect)
    # An effect split across sentences ("Set X. Then run $X.") only shows in the whole text.
    if len(parts) > 1:
        for effect, at in effects_of(text):
            if at is None and effect not in named and not any(forbids(s) for s in parts):
                return effect
    return _pointed_back(parts)


# A clause after a `;` whose subject takes up the step before it ("...; it only reads", "...; both only read state").
_TAKES_UP = re.compile(r"^\W*(?:it|they|both|this|that|these|those|the (?:command|step|script)|es|er|sie|beide|der befehl|il|elle|ils|"
                       r"les deux|la commande|ambos|ambas|el comando|ele|eles|o comando|entrambi|il comando|het|ze|allebei|to|oba|"
                       r"ikisi|bu|он|она|оно|они|оба|это|команда|它|两者|これ|どちらも|둘 다|이것)\b", re.I)


def same_step_beside(parts: list[str], number: int) -> str:
    """The clause a `;` joins to sentence `number` of `parts` that speaks of the same step: the one after it when its
    subject takes that step up by a pronoun, the one before it when this one runs that step by a pronoun ("`git
    status` only reads; no need to ask before running it"). "" where there is none."""
    sentence = parts[number]
    if sentence.rstrip().endswith((";", "；")) and number + 1 < len(parts) and _TAKES_UP.match(parts[number + 1]):
        return parts[number + 1]
    if number and parts[number - 1].rstrip().endswith((";", "；")) and RUN_IT.search(plain_of(sentence)):
        return parts[number - 1]
    return ""


# A verb's object a pronoun, pointing back at what the sentence before named: "Old stashes are clutter; let them go".
_PRONOUN_OBJECT = re.compile(r"^\W*(?:\w+\s+){0,1}?(?:them|it|those|these|all of them|les|sie|los|las|их|его)\b", re.I)
# ... or, where the step before named a file, a noun phrase whose head is "file": "prints the whole file", "выводит оба файла".
_FILE_OBJECT = re.compile(r"^\W*(?:\w+\s+){0,2}?(?:files?|fichiers?|dateien|datei|archivos?|arquivos?|bestand(?:en)?|pliki?|plików|"
                          r"dosya\w*|файл\w*|文件|ファイル|파일)(?!\w)", re.I)


def _pointed_back(parts: list[str]) -> str:
    """The effect a sentence asks for on what the one before it named, through a pronoun or, for a file, a noun
    phrase headed by "file", or ""."""
    for first, second in zip(parts, parts[1:]):
        joined = f"{first} {second}"
        for effect, at in effects_of(joined):
            rest = _verb_rest(joined, at) if at is not None else ""
            taken_up = _PRONOUN_OBJECT.match(rest) or (effect in (CREDS, EXFIL) and _FILE_OBJECT.match(rest))
            if at is not None and at > len(first) and taken_up and asks(joined, effect, at):
                return effect
    return ""


def _verb_rest(text: str, at: int) -> str:
    """What follows the word that starts at `at`."""
    word = re.match(r"\w+(?:\s+(?:go|away|out|up|down))?", text[at:])
    return text[at + (word.end() if word else 0):]
