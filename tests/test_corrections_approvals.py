"""Approvals, next steps and one-off fixes after real-shaped work state no lasting rule, and an
annoyed correction after a fix shipped without its test keeps the test rule. A reading that
turns "now do it for real, drop --dry-run" into a ban writes a wrong check into the user's skill,
so every change to the reader is held to these turns as well as to the corpus."""

from __future__ import annotations

import pytest

from skillopt_sleep.tasks.corrections.classify import read_turn
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext
from tests.test_corrections_behaviour import edit, run, say


NO_RULE = [
    # The next step after a preview or a build: the flag or job left behind is the plan, not a ban.
    ([run("helm upgrade --dry-run app ./chart")], "now do it for real, drop --dry-run", [run("helm upgrade app ./chart")]),
    ([run("ansible-playbook --check site.yml")], "ok. run it without --check", [run("ansible-playbook site.yml")]),
    ([run("pytest --lf tests")], "run the whole suite now, not just --lf", [run("pytest tests")]),
    ([run("cargo test --release foo")], "release build passed; try it without --release too", [run("cargo test foo")]),
    ([run("make -j8 all")], "-j8 is fine but let's see it serially for the logs", [run("make all")]),
    ([run("terraform plan -out=tf.plan")], "go ahead and apply", [run("terraform apply tf.plan")]),
    ([run("make docs")], "docs built fine; please publish them too", [run("make publish")]),
    ([run("make build")], "build is green, run make install", [run("make install")]),
    ([run("kubectl apply -f deploy.yaml")], "apply went fine, show me the pods", [run("kubectl get pods")]),
    ([run("terraform plan")], "the plan looks right, go ahead", [run("terraform apply")]),
    ([run("npm run build")], "build ok, now run start", [run("npm run start")]),
    ([run("poetry build")], "build worked! publish it", [run("poetry publish")]),
    ([run("cargo build")], "build is fine, now cargo run", [run("cargo run")]),
    ([run("pnpm test -- --watch")], "no need to watch, just run it once", [run("pnpm test")]),
    ([run("docker compose up -d")], "compose is up, now run the migrations", [run("docker compose exec web rails db:migrate")]),
    ([run("npx prisma migrate dev")], "migration looks good, generate the client", [run("npx prisma generate")]),
    # Praise, then another tool asked for beside the one that ran: the next check, not a tool replaced.
    ([run("npx eslint src/")], "great, now run prettier too", [run("npx prettier --check src/")]),
    ([run("ruff check .")], "nice, now mypy too", [run("mypy .")]),
    # A file put back once: the change was wrong, the file is not out of bounds.
    ([edit("src/app/main.go")], "revert src/app/main.go, that change broke the build",
     [run("git checkout -- src/app/main.go")]),
    ([edit("pkg/api/handler.go")], "undo your edit to pkg/api/handler.go, wrong approach",
     [run("git checkout pkg/api/handler.go")]),
    ([edit("lib/utils/date.ts")], "put lib/utils/date.ts back, I'll fix the timezone bug myself",
     [run("git restore lib/utils/date.ts")]),
    ([edit("config/settings.py")], "please revert config/settings.py for now", [run("git checkout -- config/settings.py")]),
    ([edit("config/app.yml")], "no, not like that. revert app.yml, I'll explain what I meant",
     [run("git checkout -- config/app.yml")]),
    ([edit("notes.txt"), run("pipx install httpie")], "put notes.txt back for now", [run("git checkout -- notes.txt")]),
    ([edit("README.md"), run("brew install jq")], "revert the README, I'll reword it myself",
     [run("git checkout -- README.md")]),
    # Approvals and new work.
    ([edit("src/api.ts")], "looks good. can you also update the changelog?", [edit("CHANGELOG.md")]),
    ([edit("src/parser.rs")], "ok, now add a test for the parser fix", [edit("tests/parser_test.rs"), run("cargo test")]),
    ([edit("app/models/user.rb"), run("bundle exec rspec")], "great, specs pass. commit it",
     [run("git commit -am 'fix user'")]),
    ([run("npm install lodash"), edit("src/util.js")], "why lodash? fine, keep it", [say("Lodash gives us debounce.")]),
    ([edit("src/index.js")], "sorry, my mistake earlier: the port should be 8080 after all", [edit("src/index.js")]),
    ([run("go test ./...")], "tests are slow today, whatever. next: the README", [edit("README.md")]),
    ([edit("src/main.py")], "nice. next time also print the diff, but for now push it", [run("git push")]),
    ([edit("web/app.css")], "hmm, the button is still blue. make it green", [edit("web/app.css")]),
    # A setting changed once in a data file: the key stays, with another value or none for now.
    ([edit("k8s/deploy.yaml"), say("Rollout tuned: maxSurge 2 so deploys go faster.")],
     "make maxSurge 1, we don't have the capacity", [edit("k8s/deploy.yaml"), say("maxSurge set to 1.")]),
    ([edit("k8s/deploy.yaml"), say("Set logLevel info and added the probe.")],
     "ok, now set logLevel to debug for a bit", [edit("k8s/deploy.yaml"), say("logLevel is debug now.")]),
    ([edit("k8s/deploy.yaml"), say("Added readinessProbe and livenessProbe.")],
     "drop the livenessProbe for now, it restarts the pod while it warms up",
     [edit("k8s/deploy.yaml"), say("livenessProbe removed.")]),
    ([edit("chart/values.yaml"), say("Set replicaCount 3 in values.")], "rename replicaCount to replicas, the chart changed",
     [edit("chart/values.yaml"), say("Renamed.")]),
    # The plan's next job of the same program, or this one occasion: no ban of the job before it.
    ([edit("prisma/schema.prisma"), run("npx prisma db push"), say("Schema pushed.")],
     "db push is done; next run migrate dev so we get a migration file", [run("npx prisma migrate dev --name add_user")]),
    ([edit("prisma/schema.prisma"), run("npx prisma db push"), say("Schema pushed.")],
     "ok, after the db push also do a migrate dev", [run("npx prisma migrate dev --name x")]),
    ([run("atlas schema inspect --url $DB")], "schema inspect looks right, now migrate diff",
     [run("atlas migrate diff add_users")]),
    ([edit("prisma/schema.prisma"), run("npx prisma db push"), say("Schema pushed.")],
     "db push is fine for prototyping but for this one do a migrate dev", [run("npx prisma migrate dev --name x")]),
    ([edit("prisma/schema.prisma"), run("npx prisma db push"), say("Schema pushed.")],
     "don't worry about db push now, run migrate dev", [run("npx prisma migrate dev --name x")]),
    # A flag dropped for this run, after praise or a habit of running with it first: no ban.
    ([run("rsync -n -av src/ dst/")], "fine, now without -n", [run("rsync -av src/ dst/")]),
    ([run("helm upgrade --install app ./chart --dry-run"), say("Dry run looks clean.")],
     "we always do a dry run first; now run it without --dry-run", [run("helm upgrade --install app ./chart")]),
    ([run("ansible-playbook site.yml --check"), say("Check mode passed.")], "as always, run it without --check",
     [run("ansible-playbook site.yml")]),
    # A run praised, then the next one asked for now: the plan's next step, no tool given up.
    ([run("pip install httpx"), say("Installed httpx.")], "pip install worked, now run poetry lock", [run("poetry lock")]),
    ([run("kubectl apply -f k8s/"), say("Applied.")], "nice, kubectl apply went fine; now argocd app sync web",
     [run("argocd app sync web")]),
    # One more dependency asked for, or one taken out once: the work, not a rule about the manifest.
    ([edit("main/idf_component.yml"), run("idf.py build"), say("Added the led_strip component.")],
     "ok, add the esp_lcd component too", [edit("main/idf_component.yml")]),
    ([edit("supabase/functions/import_map.json"), say("Added zod to the import map.")],
     "remove zod from import_map.json, we don't need that dependency after all",
     [edit("supabase/functions/import_map.json")]),
]


@pytest.mark.parametrize("before, words, after", NO_RULE, ids=[words for _, words, _ in NO_RULE])
def test_an_approval_next_step_or_one_off_states_no_rule(before, words, after):
    reading = read_turn(UserTurnInContext(before=before, user=words, after=after))
    assert reading.convention is None, reading.evidence


FIXED = [edit("src/parser.py"), say("Fixed the off-by-one in the parser.")]
TESTED = [edit("tests/test_parser.py"), run("pytest tests/test_parser.py")]


@pytest.mark.parametrize("words", ["Again, add a test for the fix.", "Seriously, add a test.", "Ugh, add a test for it.",
                                   "Sigh. Add a test with it.", "Nope, add a regression test.", "Test?! Add one.",
                                   "Every fix needs a test. Now add one.", "you never add tests. now add one for this fix"])
def test_an_annoyed_ask_for_the_missing_test_keeps_the_test_rule(words):
    reading = read_turn(UserTurnInContext(before=FIXED, user=words, after=TESTED))
    assert reading.convention is not None and reading.convention.kind == "test_added"
