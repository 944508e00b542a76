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
        *more_formats(pick, secret, rnd),
    ]


def more_formats(pick, secret, rnd: random.Random) -> list[Secret]:
    """Provider formats by prefix and structure, keys split across messages, and credentials in
    URLs and config files."""
    hexa = lambda n: pick(LOWER_HEX, n)  # noqa: E731
    upper = string.ascii_uppercase + string.digits
    pem = [pick(B64, 64) for _ in range(8)]
    uuid = lambda: "-".join(hexa(n) for n in (8, 4, 4, 4, 12))  # noqa: E731
    session_token = "IQoJb3JpZ2luX2VjE" + pick(B64, 300)
    return [
        secret("sendgrid-env", "SG." + pick(ALNUM + "_-", 22) + "." + pick(ALNUM + "_-", 43), "SENDGRID_API_KEY={s} npm start"),
        secret("sendgrid-short", "SG." + pick(ALNUM, 18) + "." + pick(ALNUM, 30), "sg = SendGridAPIClient('{s}')"),
        secret("telegram-url", "6" + pick(string.digits, 9) + ":AA" + pick(ALNUM + "_-", 33),
               "curl https://api.telegram.org/bot{s}/sendMessage -d chat_id=42"),
        secret("telegram-env", "5" + pick(string.digits, 9) + ":AA" + pick(ALNUM + "_-", 33), "TELEGRAM_TOKEN={s}"),
        secret("netrc", pick(ALNUM, 14) + "9", "machine api.heroku.com login dev@shop.test password {s}"),
        secret("netrc-lines", pick(ALNUM, 16), "machine registry.shop.test\n  login deploy\n  password {s}\n"),
        secret("aws-session-token", session_token, "aws_session_token = {s}"),
        secret("aws-session-json", "FwoGZXIvYXdzE" + pick(B64, 280), '{{"Credentials": {{"SessionToken": "{s}", "Expiration": "x"}}}}'),
        secret("aws-session-env", "IQoJb3JpZ2luX2VjE" + pick(B64, 260), "export AWS_SESSION_TOKEN={s}"),
        secret("shopify-pat", "shpat_" + hexa(32), "X-Shopify-Access-Token: {s}"),
        secret("shopify-shared", "shpss_" + hexa(32), "shopify app secret {s}"),
        secret("shopify-custom", "shpca_" + hexa(32), "custom app token {s} was rotated"),
        secret("shopify-private", "shppa_" + hexa(32), "private app password {s}"),
        secret("digitalocean-pat", "dop_v1_" + hexa(64), "doctl auth init -t {s}"),
        secret("digitalocean-oauth", "doo_v1_" + hexa(64), "DO oauth {s}"),
        secret("digitalocean-refresh", "dor_v1_" + hexa(64), "refresh with {s}"),
        secret("pem-first-half", "\n".join(pem[:4]), "-----BEGIN RSA PRIVATE KEY-----\n{s}"),
        secret("pem-second-half", "\n".join(pem[4:]), "{s}\n-----END RSA PRIVATE KEY-----"),
        secret("pem-middle", "\n".join(pem[2:6]), "{s}\n"),
        secret("pem-escaped", pick(B64, 64) + "\\n" + pick(B64, 64),
               '{{"private_key": "-----BEGIN PRIVATE KEY-----\\n{s}\\n-----END PRIVATE KEY-----\\n"}}'),
        secret("pgp-private", "\n".join(pick(B64, 64) for _ in range(3)),
               "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{s}\n-----END PGP PRIVATE KEY BLOCK-----"),
        secret("putty", "\n".join(pick(B64, 64) for _ in range(3)),
               "PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: 3\n{s}\nPrivate-MAC: " + hexa(64)),
        secret("github-server", "ghs_" + pick(ALNUM, 36), "installation token {s}"),
        secret("github-refresh", "ghr_" + pick(ALNUM, 76), "refresh_token={s}"),
        secret("github-user", "ghu_" + pick(ALNUM, 36), "user-to-server {s}"),
        secret("gitlab-deploy", "gldt-" + pick(ALNUM, 20), "deploy token {s}"),
        secret("gitlab-trigger", "glptt-" + hexa(40), "curl -F token={s} -F ref=main https://gitlab.shop.test/api/v4/projects/1/trigger/pipeline"),
        secret("slack-user", "xoxp-" + pick(string.digits, 12) + "-" + pick(string.digits, 12) + "-" + pick(string.digits, 13) + "-" + hexa(32),
               "slack user token {s}"),
        secret("slack-app", "xapp-1-A" + pick(upper, 10) + "-" + pick(string.digits, 13) + "-" + hexa(64), "SLACK_APP_TOKEN={s}"),
        secret("slack-config", "xoxe.xoxp-1-" + pick(ALNUM, 150), "config token {s}"),
        secret("stripe-test", "sk_test_" + pick(ALNUM, 99), "Stripe::API_KEY = '{s}'"),
        secret("stripe-restricted-test", "rk_test_" + pick(ALNUM, 24), "key {s} is restricted"),
        secret("twilio-auth-token", hexa(32), "TWILIO_AUTH_TOKEN={s}"),
        secret("npmrc-auth", base64.b64encode(f"ci:{pick(ALNUM, 16)}".encode()).decode(), "//registry.shop.test/:_auth={s}"),
        secret("npmrc-password", base64.b64encode(pick(ALNUM, 18).encode()).decode(), "//registry.shop.test/:_password={s}"),
        secret("pypi-test", "pypi-AgENdGVzdC5weXBpLm9yZw" + pick(ALNUM + "_-", 100), "[testpypi]\npassword = {s}"),
        secret("huggingface-org", "api_org_" + pick(ALNUM, 34), "org token {s}"),
        secret("google-oauth-secret", "GOCSPX-" + pick(ALNUM + "_-", 28), '{{"client_secret": "{s}"}}'),
        secret("google-access", "ya29.a0" + pick(ALNUM + "_-", 150), "gcloud token {s}"),
        secret("google-refresh", "1//0" + pick(ALNUM + "_-", 60), "refresh token {s}"),
        secret("firebase", "AAAA" + pick(ALNUM + "_-", 7) + ":APA91b" + pick(ALNUM + "_-", 134), "FCM server key {s}"),
        secret("azure-client-secret", pick(ALNUM, 3) + "8Q~" + pick(ALNUM + "_~.-", 31) + "a", "AZURE_CLIENT_SECRET {s}"),
        secret("azure-sas", "sv=2022-11-02&ss=b&srt=sco&sp=rwdlac&se=2030-01-01T00:00:00Z&sig=" + pick(ALNUM, 43) + "%3D",
               "https://shop.blob.core.windows.net/?{s}"),
        secret("azure-servicebus", pick(B64, 43) + "=",
               "Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey={s}"),
        secret("azure-connection", pick(B64, 86) + "==",
               "az storage blob list --connection-string 'DefaultEndpointsProtocol=https;AccountName=x;AccountKey={s}'"),
        secret("mailgun", "key-" + hexa(32), "mailgun api {s}"),
        secret("heroku-new", "HRKU-" + pick(ALNUM + "_-", 60), "heroku token {s}"),
        secret("heroku-legacy", uuid(), "HEROKU_API_KEY={s}"),
        secret("datadog-api", hexa(32), "DD_API_KEY={s} datadog-agent start"),
        secret("datadog-app", hexa(40), "datadog:\n  app_key: {s}"),
        secret("sentry-dsn", hexa(32), "SENTRY_DSN=https://{s}@o12345.ingest.sentry.io/678"),
        secret("sentry-token", "sntrys_" + pick(B64, 120), "sentry-cli --auth-token {s} releases new 1.0"),
        secret("sentry-user", "sntryu_" + hexa(64), "sentry user token {s}"),
        secret("databricks", "dapi" + hexa(32), "databricks token {s}"),
        secret("atlassian", "ATATT3xFfGF0" + pick(ALNUM + "_-", 180) + "=" + hexa(8).upper(), "jira token {s}"),
        secret("bitbucket", "ATBB" + pick(ALNUM, 32), "app password {s}"),
        secret("linear", "lin_api_" + pick(ALNUM, 40), "linear key {s}"),
        secret("notion", "ntn_" + pick(ALNUM, 46), "notion integration {s}"),
        secret("notion-legacy", "secret_" + pick(ALNUM, 43), "notion secret {s}"),
        secret("postman", "PMAK-" + hexa(24) + "-" + hexa(34), "postman key {s}"),
        secret("doppler", "dp.st.dev." + pick(ALNUM, 40), "DOPPLER_TOKEN {s}"),
        secret("pulumi", "pul-" + hexa(40), "pulumi login with {s}"),
        secret("terraform-cloud", pick(ALNUM, 14) + ".atlasv1." + pick(ALNUM, 67), 'credentials "app.terraform.io" {{ token = "{s}" }}'),
        secret("vault", "hvs." + pick(ALNUM + "_-", 90), "VAULT_TOKEN {s}"),
        secret("grafana-cloud", "glc_" + pick(ALNUM, 80) + "==", "grafana token {s}"),
        secret("grafana-sa", "glsa_" + pick(ALNUM, 32) + "_" + hexa(8), "grafana service account {s}"),
        secret("newrelic", "NRAK-" + pick(upper, 27), "new relic key {s}"),
        secret("dynatrace", "dt0c01." + pick(upper, 24) + "." + pick(upper, 64), "dynatrace {s}"),
        secret("alibaba", "LTAI" + pick(ALNUM, 20), "aliyun access key {s}"),
        secret("tencent", "AKID" + pick(ALNUM, 32), "tencent secret id {s}"),
        secret("age", "AGE-SECRET-KEY-1" + "".join(rnd.choice("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L") for _ in range(58)), "age key {s}"),
        secret("shippo", "shippo_live_" + hexa(40), "shippo {s}"),
        secret("square-access", "EAAA" + pick(ALNUM + "_-", 60), "square access token {s}"),
        secret("braintree", "access_token$production$" + pick(string.ascii_lowercase + string.digits, 16) + "$" + hexa(32),
               "braintree {s}"),
        secret("facebook", "EAACEdEose0cBA" + pick(ALNUM, 120), "graph api token {s}"),
        secret("airtable", "pat" + pick(ALNUM, 14) + "." + hexa(64), "airtable {s}"),
        secret("figma", "figd_" + pick(ALNUM + "_-", 40), "figma token {s}"),
        secret("contentful", "CFPAT-" + pick(ALNUM + "_-", 43), "contentful {s}"),
        secret("docker-pat", "dckr_pat_" + pick(ALNUM + "_-", 27), "docker login -u shop -p {s}"),
        secret("buildkite", "bkua_" + hexa(40), "buildkite agent token {s}"),
        secret("flyio", "fo1_" + pick(ALNUM + "_-", 43), "fly token {s}"),
        secret("supabase", "sbp_" + hexa(40), "supabase access token {s}"),
        secret("planetscale", "pscale_tkn_" + pick(ALNUM + "_-", 43), "planetscale {s}"),
        secret("render", "rnd_" + pick(ALNUM, 32), "render api key {s}"),
        secret("replicate", "r8_" + pick(ALNUM, 37), "REPLICATE_API_TOKEN {s}"),
        secret("groq", "gsk_" + pick(ALNUM, 52), "groq key {s}"),
        secret("perplexity", "pplx-" + pick(ALNUM, 48), "pplx {s}"),
        secret("xai", "xai-" + pick(ALNUM, 80), "grok key {s}"),
        secret("openrouter", "sk-or-v1-" + hexa(64), "openrouter {s}"),
        secret("langsmith", "lsv2_pt_" + hexa(32) + "_" + hexa(10), "LANGSMITH_API_KEY {s}"),
        secret("pinecone", "pcsk_" + pick(ALNUM, 6) + "_" + pick(ALNUM, 64), "pinecone {s}"),
        secret("mapbox", "sk.eyJ1Ijoic2hvcCIsImEiOiJ" + pick(ALNUM, 20) + "." + pick(ALNUM + "_-", 22), "mapbox secret {s}"),
        secret("dropbox", "sl.B" + pick(ALNUM + "_-", 138), "dropbox {s}"),
        secret("rubygems", "rubygems_" + hexa(48), "GEM_HOST_API_KEY: {s}"),
        secret("nuget", "oy2" + pick(string.ascii_lowercase + string.digits, 43), "dotnet nuget push -k {s}"),
        secret("brevo", "xkeysib-" + hexa(64) + "-" + pick(ALNUM, 16), "brevo {s}"),
        secret("plaid", "access-production-" + uuid(), "plaid item {s}"),
        secret("sonarqube", "squ_" + hexa(40), "sonar token {s}"),
        secret("launchdarkly", "sdk-" + uuid(), "launchdarkly {s}"),
        secret("twitter-bearer", "AAAAAAAAAAAAAAAAAAAAA" + pick(ALNUM, 80), "twitter bearer {s}"),
        secret("ngrok", "2" + pick(ALNUM, 26) + "_" + pick(ALNUM, 21), "ngrok config add-authtoken {s}"),
        secret("redis-cli", pick(ALNUM, 14), "redis-cli -h cache -a {s} ping"),
        secret("cli-token-flag", pick(ALNUM, 32), "vercel deploy --token {s}"),
        secret("cli-api-key-flag", pick(ALNUM, 28), "ollama-cloud push --api-key {s}"),
        secret("url-token", pick(ALNUM, 40), "git clone https://{s}@git.shop.test/acme/api.git"),
        secret("pgpass", pick(ALNUM, 14), "db.internal:5432:shop:deploy:{s}"),
        secret("docker-auth", base64.b64encode(f"shop:{pick(ALNUM, 20)}".encode()).decode(),
               '{{"auths": {{"registry.shop.test": {{"auth": "{s}"}}}}}}'),
        secret("docker-identity", pick(ALNUM, 40), '"identitytoken": "{s}"'),
        secret("maven-settings", pick(ALNUM, 12) + "7", "<server><id>shop</id><username>ci</username><password>{s}</password></server>"),
        secret("nuget-config", pick(ALNUM, 20), '<add key="ClearTextPassword" value="{s}" />'),
        secret("jdbc", pick(ALNUM, 14), "jdbc:postgresql://db:5432/shop?user=app&password={s}"),
        secret("odbc", pick(ALNUM, 14), "Server=db;Database=shop;User Id=sa;Pwd={s};"),
        secret("amqp", pick(ALNUM, 14), "amqp://shop:{s}@rabbit:5672/"),
        secret("pip-index", pick(ALNUM, 24), "index-url = https://__token__:{s}@pypi.shop.test/simple"),
        secret("cookie", pick(ALNUM + "%", 48), "curl -H 'Cookie: theme=dark; sessionid={s}' https://shop.test/admin"),
        secret("set-cookie", pick(ALNUM, 40), "Set-Cookie: auth_token={s}; Path=/; HttpOnly"),
        secret("presigned", pick(ALNUM + "%", 200), "https://s3.amazonaws.com/b/k?X-Amz-Security-Token={s}&X-Amz-Signature=" + hexa(64)),
        secret("query-token", pick(ALNUM, 32), "GET /v1/report?access_token={s}&format=csv"),
        secret("k8s-secret", base64.b64encode(pick(ALNUM, 18).encode()).decode(), "data:\n  password: {s}"),
        secret("gh-actions", pick(ALNUM, 30), "  with:\n    api-token: {s}"),
    ]
