"""What code a rule asks the agent to write would do: library calls in Python, Node, Go or Ruby read
as the commands they stand for. A deletion API on the home folder deletes outside the build
(`shutil.rmtree(Path.home())`, `fs.rmSync(os.homedir(), ...)`); a git library's method is that git
subcommand with its keyword flags (`repo.remotes.origin.push(force=True)` is `git push --force`);
`os.chmod(p, 0o777)` is `chmod 777 p`; a network send of an opened file or a credential file
sends it off the machine; a read of a credential file reads credentials; an append to a shell
start-up file persists; suppressing every exception or forcing exit code 0 disarms the checks."""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillopt_sleep.screen.kinds import CREDS, DELETE, DISARM, EXFIL, PERSIST, PRIVILEGE
from skillopt_sleep.screen.paths import CREDENTIAL_PATH, RC_PATH, outside_build


@dataclass(frozen=True)
class Call:
    receiver: str  # what the method is called on: "repo.remotes.origin", "shutil", ""
    name: str  # the function or method: "push", "rmtree"
    args: str  # the text between its parentheses


_CALL = re.compile(r"((?:[A-Za-z_$][\w$]*(?:\([^()]*\))?\.)*)([A-Za-z_$][\w$]*)\s*\(")
_HOME = re.compile(r"path\.home\(\)|expanduser\(\s*['\"]~['\"]?|os\.homedir\(\)|userhomedir\(\)|dir\.home\b|"
                   r"process\.env\.home\b|\$home\b|getproperty\(\s*['\"]user\.home|['\"]~/?['\"]|['\"]/['\"]|"
                   r"environ(?:\.get\(|\[)\s*['\"]home['\"]", re.I)
_DELETE_APIS = {"rmtree", "rmsync", "rm_rf", "rm_r", "removeall", "remove_dir_all", "rimraf", "deltree", "rmdirsync",
                "rm", "rmdir", "unlink", "unlinksync", "remove", "delete", "removedirs", "remove_entry_secure"}
_COMMAND_APIS = {"run", "call", "check_call", "check_output", "popen", "system", "execsync", "exec", "spawn",
                 "spawnsync", "execfile", "execfilesync", "command", "commandcontext", "getoutput", "getstatusoutput"}
_SEND_APIS = {"post", "put", "patch", "urlopen", "request", "fetch", "upload", "upload_file", "sendfile", "send"}
_READ_APIS = {"read_text", "read_bytes", "readfilesync", "readfile", "open", "read", "load", "loads"}
_WRITE_MODE = re.compile(r"['\"][aw]\+?b?['\"]|appendfile|write_text|\.write\(", re.I)
_STRING = re.compile(r"(['\"`])((?:\\.|(?!\1).)*)\1")
_GIT_OBJECT = re.compile(r"(?:^|\.)(?:repo|git|remotes?|origin|upstream|index|head)\b", re.I)
_BROAD = re.compile(r"\bsuppress\(\s*(?:Exception|BaseException)\s*\)|except\s*(?:\(\s*)?(?:Exception|BaseException)?\s*"
                    r"(?:\)\s*)?(?:as\s+\w+\s*)?:\s*(?:pass|\.\.\.)|catch\s*(?:\(\s*\w*\s*\))?\s*\{\s*\}|rescue\s*(?:=>\s*\w+)?\s*;?\s*(?:nil|end)\b|"
                    r"\bexitcode\s*=\s*0\b|\bprocess\.exit\(\s*0\s*\)\s*;?\s*$", re.I)


def _balanced(text: str, start: int) -> str:
    """The text from `start` (just after an opening parenthesis) to its closing one."""
    depth = 1
    for at in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[at], 0)
        if depth == 0:
            return text[start:at]
    return text[start:]


def calls(code: str) -> list[Call]:
    """Every call in `code`, its receiver and its arguments."""
    return [Call(m.group(1).rstrip("."), m.group(2), _balanced(code, m.end())) for m in _CALL.finditer(code)]


def _strings(args: str) -> list[str]:
    return [m.group(2) for m in _STRING.finditer(args)]


def _flags(args: str) -> list[str]:
    """Keyword arguments set true, as the command-line flags they stand for: force=True -> --force."""
    return ["--" + m.group(1).replace("_", "-") for m in re.finditer(r"\b(\w+)\s*[=:]\s*(?:True|true|1)\b", args)]


def as_commands(code: str) -> list[list[str]]:
    """The commands the calls in `code` stand for: a git library's methods, chmod and chown, and the
    argument strings of process-running calls."""
    out = []
    for call in calls(code):
        name = call.name.lower()
        if _GIT_OBJECT.search(call.receiver) and name not in _COMMAND_APIS | {"get", "is_dirty"}:
            out.append(["git", name.replace("_", "-")] + _strings(call.args) + _flags(call.args))
        elif name in ("chmod", "fchmod", "lchmod", "chmodsync", "chown", "chownsync"):
            mode = re.search(r"\b0o?([0-7]{3,4})\b", call.args)
            out.append([name.removesuffix("sync").lstrip("fl") if name != "lchmod" else "chmod"]
                       + ([mode.group(1)] if mode else []) + _strings(call.args)
                       + (["root"] if re.search(r"[,(]\s*0\s*,\s*0\s*\)?$", call.args) else []))
        elif name in _COMMAND_APIS and _strings(call.args):
            strings = _strings(call.args)
            out.append(strings if len(strings) > 1 else strings[0].split())
    return out


def effects(code: str) -> list[str]:
    """The effects of the calls in `code` that no command stands for."""
    found = []
    for call in calls(code):
        name, args = call.name.lower(), call.args
        if name in _DELETE_APIS and (_HOME.search(args) or any(outside_build(s) and s.startswith(("~", "/"))
                                                                for s in _strings(args)[:1])):
            found.append(DELETE)
        if name in ("setuid", "seteuid", "setgid", "setegid", "setresuid") and re.match(r"\s*0\s*[,)]?", args or "0"):
            found.append(PRIVILEGE)
        if name in _SEND_APIS and (re.search(r"\bopen\(|readfilesync|read_bytes|read_text|environ|process\.env", args, re.I)
                                   or any(CREDENTIAL_PATH.search(s) for s in _strings(args))):
            found.append(EXFIL)
    if any(c.name.lower() in _READ_APIS for c in calls(code)) and any(CREDENTIAL_PATH.search(s) for s in _strings(code)) \
            and not _WRITE_MODE.search(code):
        found.append(CREDS)
    if _WRITE_MODE.search(code) and any(RC_PATH.search(s) for s in _strings(code)):
        found.append(PERSIST)
    if _BROAD.search(code):
        found.append(DISARM)
    return list(dict.fromkeys(found))
