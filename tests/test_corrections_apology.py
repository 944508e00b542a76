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
    # A question answered with an apology for not knowing.
    (DEPLOYED, "Why does the deploy take four minutes?", "Sorry, I'm not sure; most of it is the image push."),
])
def test_an_apology_for_the_wait_a_refusal_or_not_knowing_is_no_correction(before, words, reply):
    reading = read_turn(UserTurnInContext(before=before, user=words, after=[say(reply)]))
    assert reading.label != "correction" and reading.convention is None, reading.evidence
