"""Realistic fake secrets of every kind redaction covers, each in the sentence, command or
config line it would appear in. Generated from a fixed seed: the same corpus every run."""

from __future__ import annotations

import base64
import random
import string
from dataclasses import dataclass

ALNUM = string.ascii_letters + string.digits
LOWER_HEX = "0123456789abcdef"
B64 = ALNUM + "+/"


@dataclass(frozen=True)
class Secret:
    kind: str
    value: str  # what must never reach the store
    line: str  # the text carrying it


def corpus(seed: int = 7) -> list[Secret]:
    rnd = random.Random(seed)

    def pick(chars: str, n: int) -> str:
        # A digit, an upper- and a lower-case letter where the alphabet has them: real keys do.
        body = [rnd.choice(chars) for _ in range(n)]
        for i, group in enumerate((string.digits, string.ascii_uppercase, string.ascii_lowercase)):
            usable = [c for c in group if c in chars]
            if usable and n > 3:
                body[rnd.randrange(n)] = rnd.choice(usable)
        return "".join(body)

    def secret(kind: str, value: str, line: str) -> Secret:
        return Secret(kind, value, line.format(s=value))

    basic = base64.b64encode(f"deploy:{pick(ALNUM, 14)}".encode()).decode()
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIiwiZXhwIjoxOTAwMDAwMDAwfQ." + pick(ALNUM + "_-", 43)
    key_body = "\n".join(pick(B64, 64) for _ in range(6))
    password = pick(ALNUM, 10) + "!7"
    return [
        secret("anthropic", "sk-ant-api03-" + pick(ALNUM + "_-", 93) + "AA", "export ANTHROPIC_API_KEY={s}"),
        secret("anthropic", "sk-ant-admin01-" + pick(ALNUM, 60), "the admin key is {s}, keep it safe"),
        secret("openai", "sk-proj-" + pick(ALNUM + "_-", 120), "client = OpenAI(api_key=\"{s}\")"),
        secret("openai", "sk-" + pick(ALNUM, 20) + "T3BlbkFJ" + pick(ALNUM, 20), "OPENAI_KEY {s} stopped working"),
        secret("github", "ghp_" + pick(ALNUM, 36), "git clone https://{s}@github.com/acme/shop.git"),
        secret("github", "github_pat_11A" + pick(ALNUM + "_", 79), "gh auth login --with-token <<< {s}"),
        secret("github", "gho_" + pick(ALNUM, 36), "oauth token {s} expired"),
        secret("gitlab", "glpat-" + pick(ALNUM + "_-", 20), "git remote add origin https://oauth2:{s}@gitlab.com/acme/api.git"),
        secret("gitlab", "glrt-" + pick(ALNUM, 20), "gitlab-runner register --token {s}"),
        secret("gitlab", "GR1348941" + pick(ALNUM, 20), "runner registration token {s}"),
        secret("huggingface", "hf_" + pick(ALNUM, 34), "huggingface-cli login --token {s}"),
        secret("huggingface", "hf_" + pick(ALNUM, 34), "HF_TOKEN={s} python train.py"),
        secret("npm", "npm_" + pick(ALNUM, 36), "echo //registry.npmjs.org/:_authToken={s} > ~/.npmrc"),
        secret("npm", "npm_" + pick(ALNUM, 36), "npm publish failed with token {s}"),
        secret("stripe", "sk_live_" + pick(ALNUM, 24), "stripe.api_key = {s}"),
        secret("stripe", "rk_live_" + pick(ALNUM, 99), "restricted key {s} lacks the charges scope"),
        secret("stripe", "whsec_" + pick(ALNUM, 32), "STRIPE_WEBHOOK={s}"),
        secret("aws", "AKIA" + pick(string.ascii_uppercase + string.digits, 16), "aws_access_key_id = {s}"),
        secret("aws", pick(B64, 40), "aws_secret_access_key = {s}"),
        secret("azure", pick(B64, 86) + "==", "DefaultEndpointsProtocol=https;AccountName=shop;AccountKey={s};EndpointSuffix=core.windows.net"),
        secret("slack", "xoxb-" + pick(string.digits, 12) + "-" + pick(string.digits, 13) + "-" + pick(ALNUM, 24), "SLACK_BOT={s}"),
        secret("slack", "https://hooks.slack.com/services/T" + pick(ALNUM, 8) + "/B" + pick(ALNUM, 8) + "/" + pick(ALNUM, 24),
               "curl -X POST {s} -d '{{\"text\":\"hi\"}}'"),
        secret("google", "AIza" + pick(ALNUM + "_-", 35), "maps key {s} is restricted to the shop domain"),
        secret("sendgrid", "SG." + pick(ALNUM + "_-", 22) + "." + pick(ALNUM + "_-", 43), "sendgrid key: {s}"),
        secret("square", "sq0csp-" + pick(ALNUM + "_-", 43), "square secret {s}"),
        secret("twilio", "AC" + pick(LOWER_HEX, 32), "twilio account {s} is suspended"),
        secret("twilio", "SK" + pick(LOWER_HEX, 32), "api key sid {s}"),
        secret("mailchimp", pick(LOWER_HEX, 32) + "-us6", "mailchimp {s}"),
        secret("telegram", "7" + pick(string.digits, 8) + ":AA" + pick(ALNUM + "_-", 33), "bot token {s}"),
        secret("discord", "MT" + pick(ALNUM, 22) + "." + pick(ALNUM, 6) + "." + pick(ALNUM + "_-", 27), "discord bot {s}"),
        secret("discord", "https://discord.com/api/webhooks/1" + pick(string.digits, 17) + "/" + pick(ALNUM + "_-", 68),
               "post alerts to {s}"),
        secret("pypi", "pypi-AgEIcHlwaS5vcmc" + pick(ALNUM + "_-", 120), "twine upload -p {s} dist/*"),
        secret("artifactory", "AKC" + pick(ALNUM, 70), "artifactory key {s}"),
        secret("jwt", jwt, "session cookie {s}"),
        secret("private-key", key_body, "-----BEGIN RSA PRIVATE KEY-----\n{s}\n-----END RSA PRIVATE KEY-----"),
        secret("bearer", pick(ALNUM, 40), "curl -H 'Authorization: Bearer {s}' https://api.shop.test/v1/orders"),
        secret("basic-auth", basic, "curl -H 'Authorization: Basic {s}' https://ci.shop.test/api"),
        secret("token-header", pick(ALNUM, 40), "Authorization: token {s}"),
        secret("x-api-key", pick(ALNUM, 32), "curl -H \"X-Api-Key: {s}\" https://api.shop.test"),
        secret("x-api-key", pick(LOWER_HEX, 40), "x-auth-token: {s}"),
        secret("url-credentials", password, "https://admin:{s}@registry.shop.test/v2/"),
        secret("url-credentials", pick(ALNUM, 16), "DATABASE_URL=postgres://shop:{s}@db.internal:5432/shop"),
        secret("url-credentials", pick(ALNUM, 12), "redis://:{s}@cache:6379/0"),
        secret("mysql", pick(ALNUM, 12) + "#1", "mysql -h db -u root -p{s} shop < dump.sql"),
        secret("mysql", pick(ALNUM, 12), "mysqldump -uroot -p{s} --all-databases"),
        secret("curl-user", pick(ALNUM, 14), "curl -u admin:{s} https://jenkins.shop.test/api/json"),
        secret("sshpass", pick(ALNUM, 12), "sshpass -p {s} ssh deploy@web1"),
        secret("password", pick(ALNUM, 12) + "%", "password: {s}"),
        secret("password", pick(ALNUM, 12), "mysql --password={s} shop"),
        secret("env", pick(ALNUM, 32), "SECRET_KEY={s}"),
        secret("env", pick(ALNUM, 24), "export DB_PASSWORD='{s}'"),
        secret("assignment", pick(ALNUM + "_-", 32), "token: {s}"),
        secret("assignment", pick(ALNUM, 28), "app.config['SIGNING_KEY'] = '{s}'"),
        secret("assignment", pick(ALNUM, 30), "./deploy --client-secret={s}"),
        secret("high-entropy", pick(B64, 44), "const seed = \"{s}\";"),
    ]
