"""A command read as its program reads it (screen/argv.py): wrappers undone, the program's bare
name, options in every spelling, subcommands apart from options."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen.argv import parse, program_name, unwrapped


@pytest.mark.parametrize("line, inner", [
    ("timeout 60 git push -f", "git push -f"),
    ("nice -n 10 git clean -fdx", "git clean -fdx"),
    ("env -i HOME=/x command rm -rf ~", "rm -rf ~"),
    ("A=1 B=2 git reset --hard", "git reset --hard"),
    ("docker compose exec app rm -rf ~/", "rm -rf ~/"),
    ("docker exec -u root web ls", "ls"),
    ("kubectl exec db-0 -- pg_dumpall", "pg_dumpall"),
    ("uv run --with rich pytest -q", "pytest -q"),
    ("npx --yes pm2 startup", "pm2 startup"),
    ("ssh deploy@host git push -f", "git push -f"),
    ("python manage.py flush", "manage.py flush"),
    ("git status", "git status"),
])
def test_wrappers_are_undone(line, inner):
    assert unwrapped(line.split()) == inner.split()


def test_the_wrappers_are_kept_with_the_command():
    command = parse("sudo timeout 5 ./install.sh".split())
    assert command.program == "install.sh" and command.wrappers == ("sudo", "timeout")
    assert parse("run0".split()).wrappers == ("run0",)


@pytest.mark.parametrize("word, name", [
    ("/usr/bin/git", "git"), ("C:\\Tools\\git.exe", "git"), ("\\rm", "rm"), ("./gradlew", "gradlew"), ("Git.EXE", "git"),
])
def test_the_program_is_its_bare_name(word, name):
    assert program_name(word) == name


def test_bundled_long_and_abbreviated_options_are_all_read():
    clean = parse("git clean -xdf".split())
    assert {"-x", "-d", "-f"} <= clean.options
    assert "-f" in parse("rm --recursive --force x".split()).options
    assert "--hard" in parse("git reset --har HEAD".split()).options
    assert "--force" not in parse("git push --fo".split()).options  # ambiguous: --force, --force-with-lease
    assert parse("git reset --har HEAD".split()).canonical() == ["git", "reset", "--hard", "HEAD"]
    assert "--testPathIgnorePatterns" in parse("jest --testPathIgnorePatterns=auth".split()).options


def test_subcommands_skip_options_and_their_global_values():
    assert parse("mysqladmin -f drop app".split()).sub("drop")
    assert parse("git -C repo push -f".split()).sub("push")
    assert parse("consul kv delete -recurse app/".split()).sub("kv", "delete")
    assert not parse("consul kv get app/".split()).sub("kv", "delete")
    assert parse("docker volume prune --all".split()).value("--all") == []
