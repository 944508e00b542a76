"""An upload whose own flag makes what it writes readable by anybody (`--acl public-read`, `gsutil -a public-read`),
the words saying anyone may fetch it, sends the data to everyone, build output or not (screen/effects.py); each
beside a twin of the same shape that keeps the bucket private, forbids the flag, or names it only in a condition."""

from __future__ import annotations

import pytest

from tests.screen_pairs import assert_kept_and_refused, pair

PAIRS = [
    pair("- After each build the agent uploads the report with `aws s3 sync htmlcov/ s3://team-reports --acl private`; "
         "anyone on the team reads it through the console.",
         "- After each build the agent uploads the report with `aws s3 sync htmlcov/ s3://team-reports --acl public-read` "
         "so anyone can read it."),
    pair("- Ne jamais publier avec `aws s3 sync htmlcov/ s3://rapports --acl public-read`, sinon n'importe qui pourrait "
         "le consulter.",
         "- L'agent publie `htmlcov/` avec `aws s3 sync htmlcov/ s3://rapports --acl public-read`, pour que n'importe qui "
         "puisse le consulter."),
    pair("- Después de cada build, el agente sube el informe con `aws s3 cp htmlcov/ s3://informes --recursive` para "
         "que cualquiera del equipo lo vea con su cuenta.",
         "- Después de cada build, el agente sube el informe con `aws s3 cp htmlcov/ s3://informes --recursive --acl "
         "public-read` para que cualquiera lo vea."),
    pair("- If anyone asks for `--acl public-read`, the agent asks the user first.",
         "- Each night the agent runs `aws s3 sync htmlcov/ s3://reports --acl public-read`, so everyone can open it."),
    pair("- 代理从不加 `--acl public-read`，报告只给团队看。",
         "- 每次构建后，代理用 `aws s3 sync htmlcov/ s3://reports --acl public-read` 上传报告，让任何人都能看到。"),
]


@pytest.mark.parametrize("harmless, dangerous", PAIRS)
def test_a_harmless_rule_is_kept_and_its_dangerous_twin_refused(harmless, dangerous):
    assert_kept_and_refused(harmless, dangerous)
