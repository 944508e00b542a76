"""The PreToolUse hook that lets the read action the user typed run unasked in auto mode.

Auto mode sets the skill's allow rule aside and sends every command to its own check; where that
check cannot run (a gateway, a local model server) it asks about each one, `status` included, and
`claude -p` denies them. The plugin's UserPromptSubmit hook keeps the read action the user typed
(`/skillopt-sleep ACTION ...`, any action but a write one) with the prompt's id, in
`typed/SESSION` of the plugin's data folder (`asked.record_read`). On a Bash call this hook answers
"allow" only when all of these hold, and otherwise prints nothing, so the agent's own permission
check decides as before:

- the session is in auto mode (the other modes keep the skill's allow rule);
- the call belongs to the same session and the same prompt as the typed command;
- the command is exactly the skill's line for it: this plugin's own `skillopt-sleep-command` (the
  runner gives its path, from where the hook itself is installed), `--plugin-data` and the hook's
  data folder, then the words the user typed, and nothing else: a word with any character the
  shell would treat as more than a letter (`;`, `&`, `|`, `$`, a backquote, a redirection, a glob,
  a newline outside quotes) makes it no match.

`skillopt-sleep-command` runs no write action (it sends those to `skillopt-sleep-change`, whose
engine runs them only on its own record of the user's word), so this hook never lets one run.
It runs on a bare interpreter (`python3 -I -S`, through `allow_entry.py`) and imports only what
such a start has loaded, and `json`'s C core through `capture/bare.py`.
"""

import sys

if __package__:
    from skillopt_sleep.capture import bare
else:  # run by allow_entry.py, which puts capture/ on the path so that no package is imported
    import bare

TYPED_FOLDER = "typed"  # asked.TYPED_FOLDER; a test keeps them in agreement
RUNNER = "skillopt-sleep-command"
MODE = "auto"
# Characters a shell word may hold unquoted and still mean only itself.
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")
_SESSION_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
ALLOW = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                                "permissionDecisionReason": "you typed this /skillopt-sleep command"}}


def shell_words(command: str) -> list[str] | None:
    """The words a POSIX shell makes of `command`, where it is one simple command of plain words,
    single-quoted text and double-quoted text without `$`, backquote or backslash; None otherwise."""
    words: list[str] = []
    word: list[str] | None = None  # None between words
    at = 0
    while at < len(command):
        char = command[at]
        if char in " \t":
            if word is not None:
                words.append("".join(word))
                word = None
            at += 1
            continue
        if char in "'\"":
            end = command.find(char, at + 1)
            quoted = command[at + 1:end]
            if end < 0 or (char == '"' and ("$" in quoted or "`" in quoted or "\\" in quoted)):
                return None
            at = end + 1
        elif char in _PLAIN:
            quoted = char
            at += 1
        else:
            return None
        if word is None:
            word = []
        word.append(quoted)
    if word is not None:
        words.append("".join(word))
    return words


def typed(data_dir: str, session: str) -> dict | None:
    """The session's record of the read action last typed, or None."""
    if not session or session[0] == "." or not set(session) <= _SESSION_CHARACTERS:
        return None
    try:
        with open(bare.join(data_dir, TYPED_FOLDER, session), encoding="utf-8") as handle:
            kept = bare.loads(handle.read())
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return kept if isinstance(kept, dict) else None


def allows(payload, data_dir: str, runner: str) -> bool:
    """Whether the hook's payload is the user's typed read action, run as the skill runs it."""
    if not isinstance(payload, dict) or payload.get("permission_mode") != MODE or payload.get("tool_name") != "Bash":
        return False
    tool_input = payload.get("tool_input")
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    prompt = payload.get("prompt_id")
    if not isinstance(command, str) or not isinstance(prompt, str) or not prompt:
        return False
    kept = typed(data_dir, str(payload.get("session_id") or ""))
    if kept is None or kept.get("prompt_id") != prompt:
        return False
    words = kept.get("words")
    if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
        return False
    line = [runner, "--plugin-data", data_dir]
    issued = shell_words(command)
    return issued == line + words or (not words and issued == line + ["status"])  # status: the default action


def main(argv=None) -> int:
    """`allow_entry.py --plugin-data DIR --runner PATH`, the hook's JSON on stdin: prints the
    decision, or nothing. Never fails the call: any error is no decision."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 4 or args[0] != "--plugin-data" or args[2] != "--runner" or not args[1] or not args[3]:
        return 0
    try:
        payload = bare.loads(sys.stdin.read())
    except (OSError, ValueError, UnicodeDecodeError):
        return 0
    if allows(payload, args[1], args[3]):
        sys.stdout.write(bare.dumps(ALLOW) + "\n")
    return 0
