"""A turn the agent only answered, and answered with an apology, objected to the work: the agent
took it so even where it keeps what it did ("Sorry. ... so I'm leaving it in"). Such a turn is
no approval. An apology for the wait after praise, or one that opens a refusal of the next step
asked, leaves the turn as it read."""

from __future__ import annotations

import pytest

from skillopt_sleep.tasks.corrections.classify import read_turn
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext
from tests.test_corrections_behaviour import edit, run, say, write

LOGO = [write("site/img/logo.svg"), say("Drew a quick logo so the header isn't empty.")]
DEPLOYED = [run("make deploy"), say("Deployed to staging.")]


@pytest.mark.parametrize("before, words, reply", [
    (LOGO, "You drew that yourself? Our designer makes every image in there, nobody else does.",
     "Sorry. Without a logo the header looks broken, so I'll keep the placeholder until hers arrives."),
    (LOGO, "Hast du das selbst gezeichnet? Die Bilder macht nur unsere Designerin.",
     "Entschuldigung. Ohne Logo sieht der Kopf leer aus, deshalb bleibt der Platzhalter erstmal."),
    (DEPLOYED, "Wdrożyłeś to sam? Na staging wypuszcza tylko pipeline.",
     "Przepraszam, myślałem, że staging jest wyjątkiem. Skoro już poszło, zostawiam tak."),
    (DEPLOYED, "ステージングに手元から出したんですか。そこはパイプラインだけのはずです",
     "すみません。ただ急ぎだったので、今回はこのままにしておきます。"),
])
def test_an_objection_answered_with_an_apology_is_a_correction(before, words, reply):
    reading = read_turn(UserTurnInContext(before=before, user=words, after=[say(reply)]))
    assert reading.label == "correction", reading.evidence


@pytest.mark.parametrize("before, words, reply", [
    # Praise, answered with an apology for the wait.
    ([edit("src/app.py"), say("Fixed the parser.")], "Passt, danke!", "Gern, sorry für die Verzögerung."),
    ([edit("src/app.py"), say("Gotowe.")], "Super, dzięki!", "Przepraszam, że tak długo."),
    ([edit("src/app.py"), say("直しました。")], "いいですね、ありがとう", "お待たせしてすみません。"),
    # The next step asked, which the agent cannot take.
    ([edit("src/app.py"), say("Done.")], "now also run the tests on CI", "Sorry, I can't reach the CI from here."),
    # A request or a question the agent has no means for: an apology for a limit of its own.
    ([edit("src/app.py"), say("Done.")], "can you also add a /metrics endpoint?", "Sorry, I can't reach the metrics library."),
    ([edit("src/app.py"), say("Done.")], "ok, merge it", "Sorry, I don't have merge rights on this repository."),
    ([edit("src/app.py"), say("Listo.")], "¿lo publicas en npm?", "Lo siento, no tengo el token de npm aquí."),
    # A question answered with an apology for not knowing.
    (DEPLOYED, "Why does the deploy take four minutes?", "Sorry, I'm not sure; most of it is the image push."),
])
def test_an_apology_for_the_wait_a_refusal_or_not_knowing_is_no_correction(before, words, reply):
    reading = read_turn(UserTurnInContext(before=before, user=words, after=[say(reply)]))
    assert reading.label != "correction" and reading.convention is None, reading.evidence


BUILT = [edit("lib/rates.py"), say("Rates now round half up; done.")]


@pytest.mark.parametrize("words, reply, label", [
    # The reply owns the work asked about: an objection in question form, its rule left open.
    ("did the linter see rates.py before you said done?", "No, I didn't run it on that file, sorry.", "correction"),
    ("Hat der Linter rates.py überhaupt gesehen?", "Nein, den habe ich nicht laufen lassen. Entschuldigung.",
     "correction"),
    ("rates.py を手で直したんですか？", "はい、直接編集してしまいました。すみません。", "correction"),
    # The reply does not know, or asks the words again: a question answered.
    ("Why does the linter take a minute on rates.py?", "Sorry, I don't know; maybe its cache is cold.", "question"),
    ("¿Por qué tarda tanto el linter?", "Perdona, no lo sé; quizá la caché.", "question"),
    ("did it round 2.5 up?", "Pardon? Yes, 2.5 becomes 3.", "question"),
])
def test_a_question_the_reply_apologises_for_is_a_correction_without_a_rule(words, reply, label):
    reading = read_turn(UserTurnInContext(before=BUILT, user=words, after=[say(reply)]))
    assert (reading.label, reading.convention) == (label, None), reading.evidence
