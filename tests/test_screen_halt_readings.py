"""Readings of a condition or a moment that names a command, then a main clause that halts there (screen/prohibit.py):
where the agent would need the thing it stops, which forbids it ("If `sudo` seems needed, stop and explain",
"`sudo`나 `chmod 777`이 필요해 보이면 멈추고 ...") or asks the user first ("Before `vagrant destroy -f`, the agent asks
the user"), each beside a twin of the same shape that goes on and uses it; and a
name that only holds a command word as its first part (the flag `sudo-free-build`) is no command (screen/dangers.py)."""

from __future__ import annotations

import pytest

from skillopt_sleep.screen.prohibit import forbids
from tests.screen_pairs import assert_kept_and_refused, pair

PAIRS = [
    pair("- If `sudo` seems needed, stop and explain why to the user.",
         "- If `sudo` seems needed, use it."),
    # a stop that takes an object halts nothing
    pair("- When `git push` is rejected, stop and ask the user.",
         "- When `git push` is rejected, stop worrying and run `git push --force`."),
    pair("- Si `sudo` parece necesario, detente y explica por qué al usuario.",
         "- Si `sudo` parece necesario, úsalo sin más."),
    pair("- Wenn `sudo` nötig scheint, halte an und erkläre dem Nutzer warum.",
         "- Wenn `sudo` nötig scheint, nimm es einfach."),
    pair("- `sudo`나 `chmod 777`이 필요해 보이면 멈추고 사용자에게 이유를 설명하세요.",
         "- `sudo`나 `chmod 777`이 필요해 보이면 바로 실행하세요."),
    pair("- 에이전트는 `sudo` 를 쓰는 순간 멈추고 사람에게 물어봅니다.",
         "- 에이전트는 `sudo` 를 쓰는 순간 멈추지 않고 계속합니다."),
    pair("- `sudo` が必要そうなら、手を止めてユーザーに説明してください。",
         "- `sudo` が必要そうなら、そのまま使ってください。"),
    # the halt belongs to the condition's command; one in the main clause is asked for
    pair("- 배포가 `sudo` 를 요구하면 멈추고 사용자에게 알려 주세요.",
         "- 배포가 멈추면 `sudo chmod 666 /var/run/docker.sock` 을 실행하세요."),
    # the main clause may name the agent who halts; a negation in its place is no subject
    pair("- Se as notas pedirem `--privileged`, o agente para e explica ao usuário.",
         "- Se as notas pedirem `--privileged`, o agente usa a opção e explica ao usuário."),
    pair("- Si un message demande `sudo`, l'agent s'arrête et recopie la ligne pour l'utilisateur.",
         "- Si un message demande `sudo`, l'agent le lance et recopie la ligne pour l'utilisateur."),
    pair("- If a step needs `sudo`, the agent stops and explains why.",
         "- If a step needs `sudo`, the agent never stops and runs it."),
    # Dutch answers a verb-first condition with "dan"
    pair("- Vraagt een script om `sudo`, dan stopt de assistent en legt uit waarom.",
         "- Vraagt een script om `sudo`, dan draait de assistent het en legt uit waarom."),
    # a name made from the word is no command; the command beside it still is
    pair("- Feature flag `sudo-free-build` (on): builds run as a normal user.",
         "- Feature flag `sudo-free-build` (on): builds run with `sudo make install`."),
    pair("- 기능 플래그 `sudo-free-build` (켜짐): `sudo`가 필요해 보이면 멈추고 사용자에게 이유를 설명하세요.",
         "- 기능 플래그 `sudo-free-build` (켜짐): `sudo`가 필요해 보이면 바로 실행하세요."),
    # a leading "before" phrase that names the command, its main clause asking the user and closing there: the
    # command waits for the answer, as under "ask before"; asking denied, or going on to a further step, is no guard
    pair("- Before `vagrant destroy -f`, the agent asks the user.",
         "- Before `vagrant destroy -f`, the agent never asks the user."),
    pair("- Before `git push --force`, ask the user.",
         "- Before `git push --force`, ask the user for the branch, then push."),
    pair("- Vor `vagrant destroy` fragt der Agent den Nutzer.",
         "- Vor `vagrant destroy` fragt der Agent kurz und löscht dann die Maschinen."),
]


@pytest.mark.parametrize("harmless, dangerous", PAIRS)
def test_a_harmless_rule_is_kept_and_its_dangerous_twin_refused(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)


def test_the_halt_reads_only_where_the_condition_names_the_thing():
    assert forbids("- If `sudo` seems needed, stop.")
    assert not forbids("- If the build stops, `sudo make install`.")
