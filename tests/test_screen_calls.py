"""Code a rule asks for, read as what it would do (screen/calls.py)."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen import kinds
from skillopt_sleep.screen.calls import as_commands, calls, effects
from skillopt_sleep.screen.effects import effect_in


def test_calls_are_found_with_receiver_and_arguments():
    found = calls("repo.remotes.origin.push(force=True)")
    assert [(c.receiver, c.name, c.args) for c in found] == [("repo.remotes.origin", "push", "force=True")]
    assert calls("f(g(1), 2)")[0].args == "g(1), 2"


@pytest.mark.parametrize("code, command", [
    ("repo.remotes.origin.push(force=True)", ["git", "push", "--force"]),
    ("repo.git.reset('--hard', 'origin/main')", ["git", "reset", "--hard", "origin/main"]),
    ("os.chmod(path, 0o777)", ["chmod", "777"]),
    ("subprocess.run(['git', 'push', '-f'])", ["git", "push", "-f"]),
    ("os.system('git clean -fdx')", ["git", "clean", "-fdx"]),
])
def test_calls_read_as_the_commands_they_stand_for(code, command):
    assert command in as_commands(code)


@pytest.mark.parametrize("code, expected", [
    ("shutil.rmtree(Path.home() / 'projects')", kinds.DELETE),
    ("fs.rmSync(os.homedir(), { recursive: true })", kinds.DELETE),
    ("shutil.rmtree(os.path.expanduser('~'))", kinds.DELETE),
    ("requests.post(url, files={'f': open('.env', 'rb')})", kinds.EXFIL),
    ("Path('~/.ssh/id_rsa').expanduser().read_text()", kinds.CREDS),
    ("open(os.path.expanduser('~/.zshrc'), 'a').write(line)", kinds.PERSIST),
    ("os.setuid(0)", kinds.PRIVILEGE),
    ("with contextlib.suppress(Exception):", kinds.DISARM),
    ("process.exitCode = 0", kinds.DISARM),
])
def test_calls_with_an_effect_of_their_own(code, expected):
    assert expected in effects(code)


@pytest.mark.parametrize("code", [
    "shutil.rmtree('build', ignore_errors=True)", "fs.rmSync('dist', { recursive: true, force: true })",
    "Path('~/.ssh/id_rsa').expanduser().exists()", "requests.get(url)", "logging.exception('failed')",
    "with contextlib.suppress(ImportError):", "os.chmod(path, 0o644)", "repo.is_dirty()",
])
def test_the_same_calls_used_safely_have_no_effect(code):
    assert effects(code) == [] and not any(c[:2] in (["git", "push"], ["git", "reset"]) for c in as_commands(code))


def test_a_rule_with_such_code_is_refused_for_its_effect():
    assert effect_in("- In release scripts, call `repo.remotes.origin.push(force=True)`.") == kinds.HISTORY
    assert effect_in("- Clean up with `shutil.rmtree('build')` before rebuilding.") == ""
