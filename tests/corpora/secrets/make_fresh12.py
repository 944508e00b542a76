"""Writes the twelfth fresh held-out part of the secrets corpus, fresh12.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as the writer knows them, or facts read in public
detector rules and vendor documentation, as each item's note says. Six contexts are new with this
part (a Cargo credentials file, a Docker client config.json, an AWS CLI config, a git credential
store, Helm values, a Vault Agent configuration); secrets in prose are in Finnish. No vendor and no
ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh12.py [OUT]   # default: fresh12.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261207
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
HXU = HX.upper()
DRAWN = f"value drawn by make_fresh12.py (seed {SEED})"

# Every earlier part's contexts, then the six this part adds; secrets take them in turn, so each has one.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown",
            "postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible",
            "kubeconfig", "hocon", "nix", "caddyfile", "gitconfig", "makefile",
            "npmrc", "pgpass", "crontab", "http_file", "haproxy", "sbt",
            "pypirc", "ssh_config", "launch_json", "gha_workflow", "fish", "devtools_console",
            "envrc", "maven_settings", "rclone_conf", "composer_auth", "yarnrc", "terraformrc",
            "cargo_credentials", "docker_config", "aws_config", "git_credentials", "helm_values", "vault_agent")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) * 3 // 5
    head, tail = value[:cut], value[cut:]
    text = (f"2026-12-07T08:41:09Z ci[4411]: {tool}: setting {name}={head}\n"
            f"2026-12-07T08:41:09Z ci[4411]: {tail}")
    return text, [head, tail]


def _pgp_armour(value: str) -> tuple[str, list[str]]:
    lines = value.split("\n")
    return ("# exported from the browser extension before the laptop was reimaged\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
            + value + f"\n={r(4, B64)}\n-----END PGP PRIVATE KEY BLOCK-----"), lines


def _docker_auth(tool: str, value: str) -> tuple[str, list[str]]:
    encoded = base64.b64encode(f"ci-robot:{value}".encode()).decode()
    return json.dumps({"auths": {f"registry.{tool}.example.com": {"auth": encoded}}, "detachKeys": "ctrl-e,e"}, indent=2), [encoded]


def _aws_profile(tool: str, value: str) -> tuple[str, list[str]]:
    key_id = r(20, UP)
    return (f"[profile {tool}]\nregion = eu-central-1\nendpoint_url = https://s3.{tool}.example.com\n"
            f"aws_access_key_id = {key_id}\naws_secret_access_key = {value}"), [key_id, value]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pgp_armour(value)
    if context == "docker_config":
        return _docker_auth(tool, value)
    if context == "aws_config":
        return _aws_profile(tool, value)
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}\n  namespace: jobs\ntype: Opaque\n"
                f"data:\n  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials"):
        texts = {
            "url": f"https://api.{tool}.example.com/v2/export?format=csv&{name.lower()}={quoted}",
            "connection_string": f"{tool}://admin:{quoted}@db.{tool}.example.com:5432/main?sslmode=require",
            "git_credentials": f"https://ci-bot:{quoted}@git.{tool}.example.com\nhttps://mirror@git.example.org",
        }
        return texts[context], [quoted]
    low, kebab, cam = name.lower(), name.lower().replace("_", "-"), camel(name)
    texts = {
        "env": f"# .env.production (not for the repository)\nNODE_ENV=production\n{name}={value}\nSENTRY_ENVIRONMENT=prod",
        "json": json.dumps({"service": tool, "credentials": {cam: value}, "retry": 3}, indent=2),
        "escaped_json": json.dumps({"level": "debug", "msg": "settings", "body": json.dumps({"provider": tool, cam: value})}),
        "cli_flag": f"$ {tool} login --{kebab}={value} --profile ci",
        "prose": f"Hei Aino, {tool}-avain vaihtui aamulla. Uusi arvo on {value}, päivitätkö sen tuotantoon ennen iltaa?",
        "tool_output": f"$ {tool} whoami --show-credentials\naccount    ci-bot\n{kebab:<10} {value}\nexpires    never",
        "diff": (f"diff --git a/config/{tool}.env b/config/{tool}.env\n--- a/config/{tool}.env\n+++ b/config/{tool}.env\n"
                 f"@@ -1,2 +1,3 @@\n REGION=eu-central\n+{name}={value}\n TIMEOUT=30"),
        "bytes_literal": f"headers = {{b'x-{kebab}': b'{value}', b'accept': b'application/json'}}",
        "yaml": f"{tool}:\n  baseUrl: https://api.{tool}.example.com\n  {cam}: {value}\n  retries: 3",
        "csv": f"name,env,{low},owner\n{tool}-prod,production,{value},platform",
        "header": f"GET /v2/account HTTP/1.1\nHost: api.{tool}.example.com\nx-{kebab}: {value}\nAccept: */*",
        "log": f"2026-12-07 08:41:09,512 DEBUG [{tool}.client] using {low}={value} for request 7f3a",
        "code": f"<?php\n$config = [\n    'slug' => '{tool}',\n    '{low}' => '{value}',\n    'timeout' => 20,\n];",
        "ini": f"[{tool}]\nhost = api.{tool}.example.com\n{low} = {value}\nverify_ssl = true",
        "xml": f"<settings>\n  <provider id=\"{tool}\">\n    <{cam}>{value}</{cam}>\n  </provider>\n</settings>",
        "dockerfile": f"FROM node:22-alpine\nENV {name}={value}\nCOPY . /app\nRUN npm ci",
        "netrc": f"machine api.{tool}.example.com login ci-bot password {value}",
        "toml": f"[auth.{tool}]\nurl = \"https://api.{tool}.example.com\"\n{low} = \"{value}\"",
        "shell_history": f": 1765096869:0;{tool} auth --{kebab} {value}\n: 1765096874:0;{tool} projects list",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [],
                                "source": [f"client = {tool}.Client(\n", f"    {low}=\"{value}\",\n", ")\n"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool} integration\n{tool}.base-url=https://api.{tool}.example.com\n{tool}.{kebab}={value}",
        "powershell": f"PS /home/ci> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')\nPS /home/ci> {tool} sync",
        "systemd": f"# /etc/systemd/system/{tool}-sync.service.d/override.conf\n[Service]\nEnvironment={name}={value}",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.com/v2/jobs",
                                                            "headers": [{"name": f"X-{tool.capitalize()}-Key", "value": value}]}}]}}),
        "curl_trace": f"* Connected to api.{tool}.example.com port 443\n> POST /v2/lookup HTTP/2\n> host: api.{tool}.example.com\n> x-{kebab}: {value}\n>\n< HTTP/2 200",
        "crash_report": f"Fatal error: uncaught exception in {tool}_worker\nProcess environment:\n  PATH=/usr/bin:/bin\n  {name}={value}\n  TZ=UTC",
        "web_storage": json.dumps({"origin": f"https://dashboard.{tool}.example.com", "sessionStorage": {cam: value, "locale": "fi-FI"}}),
        "plist": f"<dict>\n  <key>{cam}</key>\n  <string>{value}</string>\n  <key>Environment</key>\n  <string>production</string>\n</dict>",
        "tfstate": json.dumps({"resources": [{"mode": "managed", "type": f"{tool}_credential", "name": "ci",
                                              "instances": [{"attributes": {"id": "ci", low: value}}]}]}),
        "mobile_config": json.dumps({"expo": {"name": "shop", "slug": "shop", "extra": {cam: value}}}, indent=2),
        "sql_dump": f"COPY public.api_credentials (provider, {low}, created_at) FROM stdin;\n{tool}\t{value}\t2026-12-01 10:00:00\n\\.",
        "email": (f"From: it-support@example.com\nTo: new.hire@example.com\nSubject: Your {tool} access\n\n"
                  f"Welcome aboard! Your {tool} credential is {value}. Store it in the password manager."),
        "nginx": f"server {{\n  location /api/{tool}/ {{\n    proxy_set_header X-Api-Key \"{value}\";\n    proxy_pass https://api.{tool}.example.com;\n  }}\n}}",
        "markdown": f"## {tool} setup\n\n1. Export the key: `export {name}={value}`\n2. Run `{tool} init`.",
        "postman": json.dumps({"info": {"name": f"{tool} API"}, "auth": {"type": "apikey", "apikey": [{"key": "value", "value": value, "type": "string"}]}}),
        "jenkinsfile": f"node {{\n  withEnv(['{name}={value}']) {{\n    sh '{tool} publish'\n  }}\n}}",
        "compose": f"services:\n  {tool}:\n    image: ghcr.io/example/{tool}:1.4\n    environment:\n      - {name}={value}",
        "gradle": f"// build.gradle.kts\n{tool} {{\n    {cam}.set(\"{value}\")\n}}",
        "chat_export": json.dumps([{"from": "ilkka", "date": "2026-12-07T08:40:00", "text": f"here's the {tool} one: {value}"}]),
        "ansible": f"- hosts: workers\n  vars:\n    {low}: {value}\n  roles:\n    - {tool}",
        "kubeconfig": f"users:\n- name: {tool}-admin\n  user:\n    token: \"{value}\"\ncontexts:\n- name: {tool}\n  context: {{cluster: {tool}, user: {tool}-admin}}",
        "hocon": f"{tool}.client {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"environment.variables = {{\n  {name} = \"{value}\";\n}};",
        "caddyfile": f"{tool}.example.org {{\n  reverse_proxy https://api.{tool}.example.com {{\n    header_up X-Api-Key \"{value}\"\n  }}\n}}",
        "gitconfig": f"[credential \"https://{tool}.example.com\"]\n\tusername = ci\n[http \"https://{tool}.example.com\"]\n\textraHeader = X-Api-Token: {value}",
        "makefile": f"export {name} := {value}\n\ndeploy:\n\t{tool} deploy --prod",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.example.com/\n//npm.{tool}.example.com/:_authToken=\"{value}\"",
        "pgpass": f"db.{tool}.example.com:6432:*:app_owner:{value}",
        "crontab": f"MAILTO=ops@example.com\n# {tool} nightly check\n0 4 * * * curl -fsS -H '{name}: {value}' https://api.{tool}.example.com/v1/tests",
        "http_file": f"@{cam} = {value}\n\nGET https://api.{tool}.example.com/v1/quotes\nX-Api-Key: {{{{{cam}}}}}",
        "haproxy": f"frontend api\n    bind :443\n    http-request set-header X-Api-Key \"{value}\" if {{ path_beg /{tool} }}",
        "sbt": f"credentials += Credentials(\"{tool} API\", \"api.{tool}.example.com\", \"ci\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pkgs.{tool}.example.com/pypi/\nusername = ci\npassword = {value}",
        "ssh_config": f"Host {tool}\n    HostName ssh.{tool}.example.com\n    User deploy\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"name": f"{tool} worker", "type": "debugpy", "request": "launch",
                                                                         "program": "worker.py", "env": {name: value}}]}, indent=2),
        "gha_workflow": f"on: push\njobs:\n  check:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: {tool} check\n        env:\n          {name}: \"{value}\"",
        "fish": f"# ~/.config/fish/conf.d/{tool}.fish\nset -Ux {name} {value}",
        "devtools_console": f"> window.__{tool.upper()}_CONFIG__\n< {{{cam}: '{value}', region: 'eu'}}",
        "envrc": f"export {name}={value}\nlayout python3",
        "maven_settings": (f"<settings>\n  <servers>\n    <server>\n      <id>{tool}-releases</id>\n      <username>ci</username>\n"
                           f"      <password>{value}</password>\n    </server>\n  </servers>\n</settings>"),
        "rclone_conf": f"[{tool}]\ntype = s3\nprovider = Other\nendpoint = https://s3.{tool}.example.com\nenv_auth = false\nsecret_access_key = {value}",
        "composer_auth": json.dumps({"http-basic": {f"repo.{tool}.com": {"username": "token", "password": value}}}, indent=4),
        "yarnrc": f"npmRegistryServer: \"https://npm.{tool}.example.com\"\nnpmAlwaysAuth: true\nnpmAuthToken: {value}",
        "terraformrc": f"credentials \"api.{tool}.example.com\" {{\n  token = \"{value}\"\n}}\nplugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"",
        "cargo_credentials": f"# ~/.cargo/credentials.toml\n[registries.{tool}]\ntoken = \"{value}\"",
        "helm_values": f"# values-prod.yaml for helm upgrade --install {tool}\nreplicaCount: 2\n{tool}:\n  auth:\n    {cam}: \"{value}\"",
        "vault_agent": f"template {{\n  destination = \"/run/{tool}/env\"\n  contents    = <<EOT\n{name}={value}\nEOT\n}}",
    }
    return texts[context], [value]


def pgp_body() -> str:
    return "\n".join(DRAW.pem_body(660))


# Formats whose facts were read in public material (source kind public): the vendor's documentation or a
# maintained detector rule set (gitleaks, github.com/gitleaks/gitleaks, cmd/generate/config/rules). Only the facts
# (prefix, length, alphabet, the name beside it) were read; every value is drawn here.
GITLEAKS = "gitleaks rule set (github.com/gitleaks/gitleaks, cmd/generate/config/rules)"
CASTAI = f"a CAST AI API key (castai_v1_, 64 letters and digits, an underscore, 8 more), {GITLEAKS} castai.go"
MERAKI = f"a Cisco Meraki API key (40 lower-case hex digits beside the name meraki), {GITLEAKS} meraki.go"
NYTIMES = f"a New York Times API key (32 characters beside the name nytimes), {GITLEAKS} nytimes.go"
GITTER = f"a Gitter access token (40 letters, digits, - and _ beside the name gitter), {GITLEAKS} gitter.go"
PRIVATEAI = f"a Private AI API key (32 lower-case letters and digits beside the name private-ai), {GITLEAKS} privateai.go"
FREEMIUS = f"a Freemius secret key (sk_ and 29 non-space characters, in the PHP SDK's secret_key entry), {GITLEAKS} freemius.go"
FINICITY = f"a Finicity API token (32 hex digits beside the name finicity), {GITLEAKS} finicity.go"
FINICITY_SECRET = f"a Finicity client secret (20 letters and digits beside the name finicity), {GITLEAKS} finicity.go"
BITTREX = f"a Bittrex secret key (32 letters and digits beside the name bittrex), {GITLEAKS} bittrex.go"
BITTREX_ACCESS = f"a Bittrex access key (32 letters and digits beside the name bittrex), {GITLEAKS} bittrex.go"
LOOKER = f"a Looker API client secret (24 letters and digits beside the name looker), {GITLEAKS} looker.go"
FRESHBOOKS = f"a FreshBooks access token (64 letters and digits beside the name freshbooks), {GITLEAKS} freshbooks.go"
SQUARESPACE = f"a Squarespace access token (a hex 8-4-4-4-12 UUID beside the name squarespace), {GITLEAKS} squarespace.go"
CHIEF_PAT = (f"a Chief Tools personal access token (ctp_ and 30 to 248 letters and digits), {GITLEAKS} chieftools.go, "
             "after docs.chief.tools \"Tokens\"")
CHIEF_ACCESS = f"a Chief Tools OAuth access token (cto_ and 30 to 248 letters and digits), {GITLEAKS} chieftools.go"
PACKAGIST = ("a Private Packagist user token (packagist_uut_, 60 hex digits of random and 8 of checksum), "
             "packagist.com docs \"Composer authentication\", \"Token format\"")
TAP = ("a Tap Payments secret key (sk_live_ and 24 letters and digits, as the test keys sk_test_ are shown), "
       "developers.tap.company \"Test Keys\"")
PUBLIC = {CASTAI, MERAKI, NYTIMES, GITTER, PRIVATEAI, FREEMIUS, FINICITY, FINICITY_SECRET, BITTREX, BITTREX_ACCESS, LOOKER,
          FRESHBOOKS, SQUARESPACE, CHIEF_PAT, CHIEF_ACCESS, PACKAGIST, TAP}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("castai/api-key", "CASTAI_API_TOKEN", "castai", lambda: f"castai_v1_{r(64)}_{r(8)}", CASTAI),
    ("upstage/api-key", "UPSTAGE_API_KEY", "upstage", lambda: "up_" + r(32), "an Upstage API key (up_)"),
    ("mixedbread/api-key", "MXBAI_API_KEY", "mixedbread", lambda: "mxb_" + r(32), "a Mixedbread API key (mxb_)"),
    ("codefresh/api-key", "CF_API_KEY", "codefresh", lambda: f"{r(24, HX)}.{r(32, HX)}", "a Codefresh API key (id.secret in hex)"),
    ("meraki/api-key", "MERAKI_API_KEY", "meraki", lambda: r(40, HX), MERAKI),
    ("featherless/api-key", "FEATHERLESS_API_KEY", "featherless", lambda: "rc_" + r(64, HX), "a Featherless API key (rc_)"),
    ("dify/app-key", "DIFY_APP_KEY", "dify", lambda: "app-" + r(24), "a Dify app API key (app-)"),
    ("steel/api-key", "STEEL_API_KEY", "steel", lambda: "ste-" + r(43), "a Steel browser API key (ste-)"),
    ("tabby/secret-key", "TABBY_SECRET_KEY", "tabby", lambda: "sk_" + u4(), "a Tabby secret key (sk_ and a UUID)"),
    ("nytimes/api-key", "NYTIMES_API_KEY", "nytimes", lambda: r(32, U64), NYTIMES),
    ("gitter/access-token", "GITTER_TOKEN", "gitter", lambda: r(40, U64), GITTER),
    ("privateai/api-key", "PRIVATE_AI_KEY", "privateai", lambda: r(32, LO), PRIVATEAI),
    ("fathom/api-token", "FATHOM_API_TOKEN", "fathom", lambda: f"{R.randrange(100, 99999)}|{r(40)}", "a Fathom Analytics API token (id|secret)"),
    ("contabo/client-secret", "CONTABO_CLIENT_SECRET", "contabo", lambda: r(32), "a Contabo API client secret"),
    ("freemius/secret-key", "FREEMIUS_SECRET_KEY", "freemius", lambda: "sk_" + r(29, AL + "#@*!%"), FREEMIUS),
    ("finicity/api-token", "FINICITY_APP_KEY", "finicity", lambda: r(32, HX), FINICITY),
    ("bittrex/secret-key", "BITTREX_API_SECRET", "bittrex", lambda: r(32), BITTREX),
    ("zenhub/api-token", "ZENHUB_TOKEN", "zenhub", lambda: r(64, HX), "a ZenHub API token"),
    ("pulsedive/api-key", "PULSEDIVE_KEY", "pulsedive", lambda: r(64, HX), "a Pulsedive API key"),
    ("passbolt/private-key", "PASSBOLT_PRIVATE_KEY", "passbolt", pgp_body, "a Passbolt user's OpenPGP private key block"),
    ("privy/app-secret", "PRIVY_APP_SECRET", "privy", lambda: r(86, U64), "a Privy app secret"),
    ("prefixdev/api-key", "PREFIX_API_KEY", "prefixdev", lambda: "pfx_" + r(48), "a prefix.dev API key (pfx_)"),
    ("hyperbolic/api-key", "HYPERBOLIC_API_KEY", "hyperbolic",
     lambda: jwt(DRAW, {"sub": f"{r(10, LO)}@example.com", "iat": 1764806400}), "a Hyperbolic API key (a JWT)"),
    ("reka/api-key", "REKA_API_KEY", "reka", lambda: r(64, HX), "a Reka API key"),
    ("upcloud/api-token", "UPCLOUD_TOKEN", "upcloud", lambda: "ucat_" + r(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"), "an UpCloud API token (ucat_)"),
    ("saltedge/secret", "SALTEDGE_SECRET", "saltedge", lambda: r(43, U64), "a Salt Edge app secret"),
    ("ncloud/secret-key", "NCLOUD_SECRET_KEY", "ncloud", lambda: r(40), "a NAVER Cloud Platform secret key"),
    ("envkey/envkey", "ENVKEY", "envkey", lambda: r(52), "an EnvKey ENVKEY"),
    ("amadeus/client-secret", "AMADEUS_CLIENT_SECRET", "amadeus", lambda: r(16), "an Amadeus for Developers API secret"),
    ("ipdata/api-key", "IPDATA_API_KEY", "ipdata", lambda: r(56, HX), "an ipdata API key"),
    ("cribl/client-secret", "CRIBL_CLIENT_SECRET", "cribl", lambda: r(64, U64), "a Cribl.Cloud API client secret"),
    ("sirv/client-secret", "SIRV_CLIENT_SECRET", "sirv", lambda: r(86, B64) + "==", "a Sirv REST API client secret"),
    ("momento/api-key", "MOMENTO_API_KEY", "momento",
     lambda: jwt(DRAW, {"sub": "ci@example.com", "ver": 1, "p": r(64, B64)}), "a Momento API key (a JWT)"),
    ("revai/access-token", "REVAI_ACCESS_TOKEN", "revai", lambda: "02" + r(80, U64), "a Rev.ai access token (02...)"),
    ("sakuracloud/access-token-secret", "SAKURACLOUD_ACCESS_TOKEN_SECRET", "sakuracloud", lambda: r(64),
     "a Sakura Cloud API access token secret"),
    ("tosspayments/secret-key", "TOSS_SECRET_KEY", "tosspayments", lambda: "live_sk_" + r(24), "a Toss Payments secret key (live_sk_)"),
    ("talkjs/secret-key", "TALKJS_SECRET_KEY", "talkjs", lambda: "sk_live_" + r(24), "a TalkJS secret key (sk_live_)"),
    ("chapa/secret-key", "CHAPA_SECRET_KEY", "chapa", lambda: "CHASECK-" + r(32), "a Chapa secret key (CHASECK-)"),
    ("smarty/auth-token", "SMARTY_AUTH_TOKEN", "smarty", lambda: r(20), "a Smarty (SmartyStreets) auth token"),
    ("looker/client-secret", "LOOKERSDK_CLIENT_SECRET", "looker", lambda: r(24), LOOKER),
    ("payjp/secret-key", "PAYJP_SECRET_KEY", "payjp", lambda: "sk_live_" + r(48, HX), "a PAY.JP secret key (sk_live_)"),
    ("aikido/ci-token", "AIKIDO_CLIENT_API_KEY", "aikido", lambda: "AIK_CI_" + r(64), "an Aikido CI API token (AIK_CI_)"),
    ("nhost/admin-secret", "NHOST_ADMIN_SECRET", "nhost", lambda: r(32, AL + "-_=#"), "an Nhost admin secret"),
    ("jumpcloud/api-key", "JUMPCLOUD_API_KEY", "jumpcloud", lambda: r(40, HX), "a JumpCloud API key"),
    ("freshbooks/access-token", "FRESHBOOKS_TOKEN", "freshbooks", lambda: r(64), FRESHBOOKS),
    ("tines/webhook-secret", "TINES_WEBHOOK_SECRET", "tines", lambda: r(32, HX), "a Tines webhook secret"),
    ("okteto/token", "OKTETO_TOKEN", "okteto", lambda: r(40), "an Okteto personal access token"),
    ("vivawallet/client-secret", "VIVA_CLIENT_SECRET", "vivawallet", lambda: r(30), "a Viva Wallet API client secret"),
    ("authentik/token", "AUTHENTIK_TOKEN", "authentik", lambda: r(60), "an authentik API token"),
    ("lakera/api-key", "LAKERA_GUARD_API_KEY", "lakera", lambda: r(64, HX), "a Lakera Guard API key"),
    ("chieftools/pat", "CHIEF_TOOLS_TOKEN", "chieftools", lambda: "ctp_" + r(40), CHIEF_PAT),
    ("workato/api-token", "WORKATO_API_TOKEN", "workato", lambda: r(64, HX), "a Workato API client token"),
    ("forgejo/access-token", "FORGEJO_TOKEN", "forgejo", lambda: r(40, HX), "a Forgejo access token"),
    ("scalegrid/db-password", "SCALEGRID_DB_PASSWORD", "scalegrid", lambda: r(24), "a ScaleGrid database user password"),
    ("statuscake/api-key", "STATUSCAKE_API_KEY", "statuscake", lambda: r(20), "a StatusCake API key"),
    ("intrinio/api-key", "INTRINIO_API_KEY", "intrinio", lambda: "Oj" + r(41, B64) + "=", "an Intrinio API key (base64, Oj...)"),
    ("metronome/bearer-token", "METRONOME_BEARER_TOKEN", "metronome", lambda: r(64, HX), "a Metronome API bearer token"),
    ("benzinga/api-key", "BENZINGA_API_KEY", "benzinga", lambda: r(32, HX), "a Benzinga API key"),
    ("anaconda/token", "ANACONDA_TOKEN", "anaconda", lambda: r(2, LO) + "-" + r(36, U64), "an anaconda.org upload token"),
    ("cometchat/rest-api-key", "COMETCHAT_REST_API_KEY", "cometchat", lambda: r(40, HX), "a CometChat REST API key"),
    ("tap/secret-key", "TAP_SECRET_KEY", "tap", lambda: "sk_live_" + r(24), TAP),
    ("aviationstack/access-key", "AVIATIONSTACK_ACCESS_KEY", "aviationstack", lambda: r(32, HX), "an aviationstack access key"),
    ("zoomeye/api-key", "ZOOMEYE_API_KEY", "zoomeye", lambda: f"{r(8, HXU)}-{r(4, HXU)}-{r(5, HXU)}-{r(4, HXU)}-{r(11, HXU)}",
     "a ZoomEye API key (grouped upper-case hex)"),
    ("squarespace/access-token", "SQUARESPACE_ACCESS_TOKEN", "squarespace", u4, SQUARESPACE),
    ("criminalip/api-key", "CRIMINALIP_API_KEY", "criminalip", lambda: r(60), "a Criminal IP API key"),
    ("repsy/password", "REPSY_PASSWORD", "repsy", lambda: r(32), "a Repsy repository deploy password"),
    ("filebase/secret-key", "FILEBASE_SECRET_KEY", "filebase", lambda: r(40), "a Filebase S3 secret access key"),
    ("packagist/user-token", "PACKAGIST_TOKEN", "packagist", lambda: f"packagist_uut_{r(60, HX)}{r(8, HX)}", PACKAGIST),
    ("verdaccio/npm-token", "VERDACCIO_TOKEN", "verdaccio",
     lambda: jwt(DRAW, {"real_groups": ["ci"], "name": "ci", "groups": ["ci", "$all", "$authenticated"], "iat": 1764806400}),
     "a Verdaccio registry token (a JWT)"),
    ("env0/api-secret", "ENV0_API_SECRET", "env0", lambda: r(32), "an env0 API key secret"),
    ("kellnr/token", "KELLNR_TOKEN", "kellnr", lambda: r(32), "a kellnr crate registry token"),
    ("ionos/registry-token", "IONOS_REGISTRY_PASSWORD", "ionos", lambda: r(44, B64), "an IONOS container registry token"),
    ("idrive/e2-secret-key", "IDRIVE_E2_SECRET_KEY", "idrive", lambda: r(40), "an IDrive e2 secret access key"),
    ("gogs/access-token", "GOGS_TOKEN", "gogs", lambda: r(40, HX), "a Gogs access token"),
    ("arize/api-key", "ARIZE_API_KEY", "arize", lambda: "ak-" + u4() + "-" + r(32, U64), "an Arize API key (ak-)"),
    ("drata/api-key", "DRATA_API_KEY", "drata", u4, "a Drata public API key (a UUID)"),
]


def finnish_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Three more secrets, each said in a Finnish chat line (format, context, text, secrets, what)."""
    access, client_secret, bittrex_key = "cto_" + r(48), r(20), r(32)
    return [
        ("chieftools/access-token", "prose",
         f"Chief Tools -palvelun käyttötunnus on nyt {access}. Älä laita sitä wikiin, lähetän sen sinulle vain tässä.",
         [access], CHIEF_ACCESS),
        ("finicity/client-secret", "prose",
         f"Finicityn asiakassalaisuus testiympäristöön: {client_secret} (vanha lakkasi toimimasta perjantaina).",
         [client_secret], FINICITY_SECRET),
        ("bittrex/access-key", "prose",
         f"Tässä Bittrexin pääsyavain arkistoskriptiä varten: {bittrex_key} – pyydä salainen avain Mikolta erikseen.",
         [bittrex_key], BITTREX_ACCESS),
    ]


def _finnish_business_id() -> str:
    """A Finnish business id (Y-tunnus): seven digits and the check digit of the 7-9-10-5-8-4-2 weights."""
    while True:
        digits = r(7, DG)
        rest = sum(int(d) * w for d, w in zip(digits, (7, 9, 10, 5, 8, 4, 2))) % 11
        if rest != 1:
            return f"{digits}-{0 if rest == 0 else 11 - rest}"


def _finnish_reference() -> str:
    """A Finnish bank reference number: digits and the check digit of the repeating 7-3-1 weights from the right."""
    base = r(9, "123456789") + r(5, DG)
    total = sum(int(d) * (7, 3, 1)[i % 3] for i, d in enumerate(reversed(base)))
    return base + str((10 - total % 10) % 10)


def _grouped(value: str) -> str:
    return " ".join(value[i:i + 5] for i in range(0, len(value), 5))


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/sentry-release-and-dist", "env", lambda: f"SENTRY_RELEASE=web@4.2.0+{r(40, HX)}\nSENTRY_DIST={R.randrange(100, 999)}\nSENTRY_ENVIRONMENT=production",
     "a release name built from the commit it shipped, printed in every error report"),
    ("json/cyclonedx-component-hashes", "json", lambda: json.dumps({"bomFormat": "CycloneDX", "specVersion": "1.6", "components": [
        {"type": "library", "name": "left-pad", "version": "1.3.0", "hashes": [{"alg": "SHA-256", "content": r(64, HX)}]}]}, indent=2),
     "a software bill of materials listing the published digest of a package"),
    ("escaped/github-webhook-delivery-guid", "escaped_json", lambda: json.dumps({"msg": "webhook received", "meta": json.dumps(
        {"X-GitHub-Delivery": u4(), "X-GitHub-Event": "push", "X-GitHub-Hook-ID": str(R.randrange(10**8, 10**9))})}),
     "a webhook delivery's id and hook number, shown in the repository's settings"),
    ("cli/gh-attestation-verify-digest", "cli_flag", lambda: f"$ gh attestation verify oci://ghcr.io/acme/api@sha256:{r(64, HX)} --owner acme",
     "verifying a published image by its digest"),
    ("prose/finnish-business-id", "prose", lambda: f"Laskutusosoite on sama kuin ennen, Y-tunnuksemme on {_finnish_business_id()} ja ALV-numero sen mukainen.",
     "a company's business id, printed on every invoice"),
    ("tool/openssl-dgst-sha3-output", "tool_output", lambda: f"$ openssl dgst -sha3-256 dist/app-2.1.0.tar.gz\nSHA3-256(dist/app-2.1.0.tar.gz)= {r(64, HX)}",
     "a release file's digest"),
    ("diff/submodule-pointer-bump", "diff", lambda: f"diff --git a/vendor/proto b/vendor/proto\n--- a/vendor/proto\n+++ b/vendor/proto\n@@ -1 +1 @@\n-Subproject commit {r(40, HX)}\n+Subproject commit {r(40, HX)}",
     "a submodule moved from one commit to another"),
    ("bytes/sha256-initial-hash-words", "bytes_literal", lambda: "SHA256_IV = bytes.fromhex('6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19')",
     "the published initial hash values of SHA-256 (FIPS 180-4)"),
    ("yaml/goreleaser-checksum-and-signs", "yaml", lambda: "checksum:\n  name_template: checksums.txt\n  algorithm: sha256\nsigns:\n  - artifacts: checksum\n    args: [\"--batch\", \"--local-user\", \"{{ .Env.GPG_FINGERPRINT }}\", \"--detach-sign\", \"${artifact}\"]",
     "a release tool's signing setup that names a key through the environment"),
    ("csv/gs1-sscc-pallet-codes", "csv", lambda: f"pallet,sscc,warehouse\n1,00{r(16, DG)},HEL-2\n2,00{r(16, DG)},HEL-2",
     "serial shipping container codes printed on pallet labels"),
    ("url/hal-archive-ids", "url", lambda: f"https://hal.science/hal-0{r(7, DG)}v2/document",
     "a public preprint's archive id"),
    ("header/xkey-surrogate-keys", "header", lambda: f"HTTP/1.1 200 OK\nxkey: product-{R.randrange(1000, 9999)} category-12 {r(32, HX)}\nAge: 120",
     "cache tags a CDN uses to purge related pages"),
    ("log/nats-jetstream-sequences", "log", lambda: f"[1] 2026/12/07 08:41:09.512 [INF] JetStream consumer ORDERS > durable {r(22, AL)} stream seq 184467 consumer seq 1022",
     "a stream consumer's generated name and sequence numbers"),
    ("conn/redis-sentinel-master-list", "connection_string", lambda: "redis+sentinel://sentinel-1.internal:26379,sentinel-2.internal:26379,sentinel-3.internal:26379/mymaster/0",
     "a Sentinel address list without a password"),
    ("code/crc32c-table-constants", "code", lambda: "static const uint32_t crc32c_table[4] = {\n    0x00000000, 0xF26B8303, 0xE13B70F7, 0x1350F3F4,\n};",
     "the first entries of the published CRC-32C lookup table"),
    ("ini/tox-passenv-names", "ini", lambda: "[testenv]\npassenv =\n    AWS_PROFILE\n    GITHUB_TOKEN\n    PYPI_API_TOKEN\ncommands = pytest {posargs}",
     "names of variables passed to tests, not their values"),
    ("xml/xliff-translation-unit-ids", "xml", lambda: f"<trans-unit id=\"{r(40, HX)}\" datatype=\"html\">\n  <source>Sign in with your API key</source>\n  <target>Kirjaudu API-avaimella</target>\n</trans-unit>",
     "a translation unit's content-derived id and text about a key"),
    ("dockerfile/oci-revision-label", "dockerfile", lambda: f"FROM python:3.13-slim\nLABEL org.opencontainers.image.revision=\"{r(40, HX)}\" \\\n      org.opencontainers.image.source=\"https://github.com/acme/api\"",
     "an image's source commit, a published label"),
    ("netrc/account-field-without-password", "netrc", lambda: "machine archive.example.org\n  login reader\n  account research-dept",
     "a .netrc entry with an account name and no password"),
    ("pem/rsa-public-key-pkcs1", "pem", lambda: "-----BEGIN RSA PUBLIC KEY-----\n" + "\n".join(DRAW.pem_body(270)) + "\n-----END RSA PUBLIC KEY-----",
     "an RSA public key in its PKCS#1 armour"),
    ("wrapped/ssh-ed25519-public-key-across-lines", "wrapped", lambda: (lambda key: f"2026-12-07T08:41:09Z provision[88]: adding deploy key ssh-ed25519 {key[:34]}\n2026-12-07T08:41:09Z provision[88]: {key[34:]} deploy@ci")("AAAAC3NzaC1lZDI1NTE5AAAAI" + r(43, B64)),
     "a public key cut across two log lines"),
    ("toml/typos-extend-words", "toml", lambda: "[default.extend-words]\ntokn = \"token\"\nsecrte = \"secret\"\n\n[files]\nextend-exclude = [\"*.lock\"]",
     "a spell checker's corrections that name secret words"),
    ("history/git-revert-merge-shas", "shell_history", lambda: f": 1765096869:0;git revert -m 1 {r(40, HX)}\n: 1765096880:0;git push origin HEAD",
     "reverting a merge commit by its id"),
    ("notebook/pandas-hash-object-output", "notebook", lambda: json.dumps({"cell_type": "code", "execution_count": 7, "metadata": {},
        "outputs": [{"output_type": "execute_result", "data": {"text/plain": [f"0    {R.getrandbits(63)}\n1    {R.getrandbits(63)}\ndtype: uint64"]}}],
        "source": ["pd.util.hash_pandas_object(df.head(2), index=False)"]}),
     "row hashes of a data frame"),
    ("hcl/nomad-job-and-datacenter-ids", "hcl", lambda: f"job \"api\" {{\n  datacenters = [\"hel1\"]\n  meta {{\n    git_sha = \"{r(12, HX)}\"\n  }}\n}}",
     "a job's datacenter and source commit"),
    ("properties/spring-resource-server-issuer-uri", "properties", lambda: "spring.security.oauth2.resourceserver.jwt.issuer-uri=https://login.example.org/realms/acme\nspring.security.oauth2.resourceserver.jwt.jwk-set-uri=https://login.example.org/realms/acme/protocol/openid-connect/certs",
     "where tokens are checked, with token words and no token"),
    ("powershell/get-hotfix-kb-ids", "powershell", lambda: f"PS C:\\> Get-HotFix | Select-Object -First 2\n\nSource  Description      HotFixID   InstalledOn\n------  -----------      --------   -----------\nBLD-07  Security Update  KB50{r(5, DG)}  12/2/2026",
     "an update's public knowledge-base id"),
    ("systemd/load-credential-directives", "systemd", lambda: "[Service]\nLoadCredential=tls-key:/etc/ssl/private/api.key\nLoadCredentialEncrypted=db-password\nExecStart=/usr/bin/api --key-file=${CREDENTIALS_DIRECTORY}/tls-key",
     "where credentials are loaded from, not the credentials"),
    ("har/page-refs-and-timings", "har", lambda: json.dumps({"log": {"pages": [{"id": f"page_{R.randrange(1, 9)}", "startedDateTime": "2026-12-07T08:41:09.512Z",
        "title": "https://shop.example.org/", "pageTimings": {"onContentLoad": 412, "onLoad": 980}}]}}),
     "a capture's page ids and timings"),
    ("curl/server-certificate-chain-details", "curl_trace", lambda: f"* Server certificate:\n*  subject: CN=api.example.org\n*  start date: Nov  1 00:00:00 2026 GMT\n*  serial number: {':'.join(r(2, HXU) for _ in range(16))}\n*  issuer: C=US; O=Let's Encrypt; CN=R11\n*  SSL certificate verify ok.",
     "a server certificate's public serial number"),
    ("k8s/secret-type-without-data", "k8s_secret", lambda: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: registry-pull\n  annotations:\n    reflector.v1.k8s.emberstack.com/reflection-allowed: \"true\"\ntype: kubernetes.io/dockerconfigjson\nimmutable: true",
     "a Secret's metadata without its data"),
    ("crash/java-hs-err-header", "crash_report", lambda: f"#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n#  SIGSEGV (0xb) at pc=0x00007f{r(10, HX)}, pid={R.randrange(1000, 99999)}, tid={R.randrange(1000, 99999)}\n#\n# JRE version: OpenJDK Runtime Environment (21.0.5+11) (build 21.0.5+11-LTS)",
     "a JVM crash's program counter and process ids"),
    ("web/redux-persist-cart-ids", "web_storage", lambda: json.dumps({"origin": "https://shop.example.org", "localStorage": {"persist:cart": json.dumps(
        {"items": json.dumps([{"sku": f"SKU-{r(8, UP)}", "qty": 1}]), "_persist": json.dumps({"version": 2, "rehydrated": True})})}}),
     "a persisted shopping cart with product codes"),
    ("plist/code-signing-team-identifier", "plist", lambda: f"<key>com.apple.developer.team-identifier</key>\n<string>{r(10, UP)}</string>\n<key>application-identifier</key>\n<string>{r(10, UP)}.com.example.shop</string>",
     "a developer team id, shown in every signed app"),
    ("tfstate/route53-zone-and-change-ids", "tfstate", lambda: json.dumps({"type": "aws_route53_record", "name": "www", "instances": [{"attributes": {"zone_id": "Z" + r(20, UP), "name": "www.example.org", "type": "CNAME"}}]}),
     "a DNS zone's id"),
    ("mobile/proguard-mapping-hash-comment", "mobile_config", lambda: f"# compiler: R8\n# compiler_version: 8.7.18\n# min_api: 24\n# pg_map_id: {r(7, HX)}\n# pg_map_hash: SHA-256 {r(64, HX)}",
     "the header of an app's obfuscation map"),
    ("sql/mysql-dump-master-log-position", "sql_dump", lambda: f"-- CHANGE MASTER TO MASTER_LOG_FILE='binlog.{R.randrange(100, 999):06d}', MASTER_LOG_POS={R.randrange(10**6, 10**8)};\n-- Dump completed on 2026-12-07  8:41:09",
     "a dump's replication coordinates"),
    ("email/list-id-and-archived-at", "email", lambda: f"List-Id: <dev.lists.example.org>\nArchived-At: <https://lists.example.org/archives/dev/{r(32, HX)}/>\nList-Post: <mailto:dev@lists.example.org>",
     "a mailing list's public archive link"),
    ("nginx/ssl-stapling-config", "nginx", lambda: "ssl_stapling on;\nssl_stapling_verify on;\nssl_trusted_certificate /etc/ssl/certs/chain.pem;\nresolver 9.9.9.9 valid=300s;",
     "certificate checking settings that name files"),
    ("markdown/github-permalinks-with-shas", "markdown", lambda: f"See [the retry loop](https://github.com/acme/api/blob/{r(40, HX)}/src/retry.rs#L40-L58) for the details.",
     "a link to a file at a fixed commit"),
    ("postman/globals-with-plain-values", "postman", lambda: json.dumps({"id": u4(), "name": "Globals", "values": [{"key": "baseUrl", "value": "https://api.example.org", "enabled": True},
                                                                                                                {"key": "tenantId", "value": u4(), "enabled": True}]}),
     "a workspace's globals with a tenant id"),
    ("jenkins/lockable-resource-names", "jenkinsfile", lambda: "stage('deploy') {\n  options { lock(resource: 'signing-key-slot', quantity: 1) }\n  steps { sh './deploy.sh' }\n}",
     "a lock named after a key"),
    ("compose/profiles-and-extends", "compose", lambda: "services:\n  worker:\n    extends:\n      file: common.yml\n      service: base\n    profiles: [\"tokens\", \"batch\"]",
     "a service's profiles that name tokens"),
    ("gradle/dependency-verification-sha256", "gradle", lambda: f"<component group=\"com.squareup.okio\" name=\"okio\" version=\"3.9.1\">\n  <artifact name=\"okio-3.9.1.jar\">\n    <sha256 value=\"{r(64, HX)}\" origin=\"Generated by Gradle\"/>\n  </artifact>\n</component>",
     "a dependency's published digest in Gradle's verification metadata"),
    ("chat/zulip-message-ids", "chat_export", lambda: json.dumps({"messages": [{"id": R.randrange(10**6, 10**8), "stream_id": R.randrange(10, 999), "subject": "deploys", "content": "green again"}]}),
     "a chat message's numbers"),
    ("ansible/vault-ids-and-no-log", "ansible", lambda: "- name: write the database password\n  ansible.builtin.template:\n    src: db.conf.j2\n    dest: /etc/app/db.conf\n  no_log: true\n  vars:\n    vault_id: prod@prompt",
     "a task that names a vault id and hides its output"),
    ("kubeconfig/exec-credential-plugin", "kubeconfig", lambda: "users:\n- name: eks-admin\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: [\"eks\", \"get-token\", \"--cluster-name\", \"prod\"]",
     "a plugin that fetches a token when needed, no token in the file"),
    ("hocon/kamon-environment-tags", "hocon", lambda: f"kamon.environment {{\n  service = \"orders\"\n  instance = \"orders-{r(8, LO)}\"\n  tags {{ git-sha = \"{r(40, HX)}\" }}\n}}",
     "an instance name and source commit sent with metrics"),
    ("nix/nixos-networking-hostid", "nix", lambda: f"networking.hostId = \"{r(8, HX)}\";\nboot.supportedFilesystems = [ \"zfs\" ];",
     "a machine's host id for ZFS"),
    ("caddy/acme-ca-and-email-directives", "caddyfile", lambda: "{\n  email ops@example.org\n  acme_ca https://acme-v02.api.letsencrypt.org/directory\n}",
     "where certificates come from"),
    ("gitconfig/blame-ignore-revs-file", "gitconfig", lambda: f"[blame]\n\tignoreRevsFile = .git-blame-ignore-revs\n# .git-blame-ignore-revs:\n# {r(40, HX)}  # reformat with black",
     "commits skipped by blame"),
    ("makefile/docker-tag-with-short-sha", "makefile", lambda: f"TAG ?= $(shell git rev-parse --short=12 HEAD)\n# e.g. TAG={r(12, HX)}\nimage:\n\tdocker build -t acme/api:$(TAG) .",
     "an image tag made from the commit"),
    ("npmrc/provenance-and-scope-registries", "npmrc", lambda: "provenance=true\n@acme:registry=https://npm.pkg.github.com\naudit-level=high",
     "publishing settings without a token"),
    ("pgpass/permissions-warning-output", "pgpass", lambda: "WARNING: password file \"/home/ci/.pgpass\" has group or world access; permissions should be u=rw (0600) or less",
     "a client warning about the password file, not its content"),
    ("crontab/certbot-renew-deploy-hook", "crontab", lambda: "17 3,15 * * * certbot renew --quiet --deploy-hook 'systemctl reload nginx'",
     "a certificate renewal schedule"),
    ("http/webfinger-lookup", "http_file", lambda: f"GET https://social.example.org/.well-known/webfinger?resource=acct:{r(8, LO)}@social.example.org\nAccept: application/jrd+json",
     "a public account lookup"),
    ("haproxy/stick-table-and-unique-id-format", "haproxy", lambda: "frontend www\n    unique-id-format %{+X}o\\ %ci:%cp_%fi:%fp_%Ts_%rt:%pid\n    unique-id-header X-Unique-ID\n    stick-table type ip size 100k expire 30m",
     "a request id format and a table of client addresses"),
    ("sbt/pgp-signing-key-id", "sbt", lambda: f"usePgpKeyHex(\"{r(40, HXU)}\")\npgpSigningKey := Some(\"{r(16, HXU)}\")",
     "the id of the public key releases are signed with"),
    ("pypirc/trusted-publishing-comment", "pypirc", lambda: "[distutils]\nindex-servers = pypi\n\n[pypi]\nrepository = https://upload.pypi.org/legacy/\n# no password: uploads use trusted publishing from CI",
     "a .pypirc without a password"),
    ("ssh/hostkeyalgorithms-and-knownhosts-files", "ssh_config", lambda: "Host *\n    HostKeyAlgorithms ssh-ed25519,rsa-sha2-512\n    UserKnownHostsFile ~/.ssh/known_hosts ~/.ssh/known_hosts.d/%k\n    HashKnownHosts yes",
     "an ssh client's host key settings"),
    ("launch/envfile-reference-and-port", "launch_json", lambda: json.dumps({"configurations": [{"name": "API", "type": "node", "request": "launch", "envFile": "${workspaceFolder}/.env.local", "port": 9229}]}, indent=2),
     "a pointer to an environment file, not its content"),
    ("gha/oidc-role-to-assume-arn", "gha_workflow", lambda: f"permissions:\n  id-token: write\nsteps:\n  - uses: aws-actions/configure-aws-credentials@v4\n    with:\n      role-to-assume: arn:aws:iam::{r(12, DG)}:role/gha-deploy\n      aws-region: eu-north-1",
     "a role assumed through OIDC, no key"),
    ("fish/completion-token-options", "fish", lambda: "complete -c acme -l token -d 'API token (read from $ACME_TOKEN when omitted)'\ncomplete -c acme -l profile -xa '(acme profiles)'",
     "completions that name a token option"),
    ("console/service-worker-registration-scope", "devtools_console", lambda: f"> (await navigator.serviceWorker.getRegistration()).scope\n< 'https://app.example.org/'\n> document.querySelector('meta[name=build]').content\n< '{r(10, HX)}'",
     "a service worker's scope and the build id"),
    ("envrc/path-add-and-source-env", "envrc", lambda: "PATH_add bin\nsource_env_if_exists .envrc.private\nexport RUST_LOG=info",
     "a direnv file that names a private file without its content"),
    ("maven/password-from-env-expression", "maven_settings", lambda: "<server>\n  <id>releases</id>\n  <username>${env.MAVEN_USERNAME}</username>\n  <password>${env.MAVEN_PASSWORD}</password>\n</server>",
     "a password read from the environment, not the password"),
    ("rclone/crypt-remote-options-without-passwords", "rclone_conf", lambda: "[secret-photos]\ntype = crypt\nremote = b2:photos-archive\nfilename_encryption = standard\ndirectory_name_encryption = true",
     "an encrypted remote's options without its passwords"),
    ("composer/auth-json-file-listing", "composer_auth", lambda: "$ ls -l \"$(composer config --global home)/auth.json\"\n-rw------- 1 ci ci 212 Dec  7 08:41 /home/ci/.config/composer/auth.json",
     "where the auth file is, not what it holds"),
    ("yarnrc/checksum-behavior-and-cache-folder", "yarnrc", lambda: "checksumBehavior: throw\ncacheFolder: ./.yarn/cache\nenableGlobalCache: false",
     "package checking settings"),
    ("terraformrc/credentials-helper-block", "terraformrc", lambda: "credentials_helper \"vault\" {\n  args = [\"--mount\", \"terraform-tokens\"]\n}",
     "a credentials helper named, no token"),
    ("cargo/registry-index-urls-without-tokens", "cargo_credentials", lambda: "[registries.acme]\nindex = \"sparse+https://crates.example.org/index/\"\n\n[registry]\ndefault = \"acme\"",
     "a registry's index address with no token"),
    ("docker/config-credential-helpers", "docker_config", lambda: json.dumps({"credsStore": "osxkeychain", "credHelpers": {f"{r(12, DG)}.dkr.ecr.eu-north-1.amazonaws.com": "ecr-login"}}, indent=2),
     "registry logins handed to helpers, no stored auth"),
    ("aws/sso-profile-account-and-role", "aws_config", lambda: f"[profile dev]\nsso_session = acme\nsso_account_id = {r(12, DG)}\nsso_role_name = Developer\nregion = eu-north-1\n\n[sso-session acme]\nsso_start_url = https://acme.awsapps.com/start",
     "an SSO profile with an account number and a role name"),
    ("gitcredentials/usernames-without-passwords", "git_credentials", lambda: "https://readonly@git.example.org\nhttps://anonymous@mirror.example.org",
     "credential store lines with user names only"),
    ("helm/existing-secret-names-and-image-digest", "helm_values", lambda: f"image:\n  repository: ghcr.io/acme/api\n  digest: sha256:{r(64, HX)}\nauth:\n  existingSecret: api-credentials\n  existingSecretPasswordKey: password",
     "chart values naming a Secret and pinning an image"),
    ("vault/agent-template-secret-paths", "vault_agent", lambda: "template {\n  destination = \"/run/app/db.env\"\n  contents    = <<EOT\n{{ with secret \"database/creds/app\" }}DB_PASSWORD={{ .Data.password }}{{ end }}\nEOT\n}",
     "a template that fetches a secret when it runs, none in the file"),
    ("prose/finnish-bank-reference-number", "prose", lambda: f"Maksa lasku viitenumerolla {_grouped(_finnish_reference())}, eräpäivä on 20.12.",
     "an invoice's reference number"),
    ("tool/git-verify-tag-good-signature", "tool_output", lambda: f"$ git verify-tag v3.4.0\ngpg: Signature made Sat Dec  5 10:12:44 2026 UTC\ngpg: Good signature from \"Release Bot <release@example.org>\" [full]\nPrimary key fingerprint: {' '.join(r(4, HXU) for _ in range(10))}",
     "a release tag's signature check with the public key's fingerprint"),
    ("json/eslint-cache-file-hashes", "json", lambda: json.dumps([{"/src/app.ts": "1"}, {"size": R.randrange(1000, 9999), "mtime": 1765096869000, "hash": r(32, HX), "results": []}]),
     "a linter's cache of file hashes"),
    ("log/mongodb-oplog-timestamps", "log", lambda: f"{{\"t\":{{\"$date\":\"2026-12-07T08:41:09.512Z\"}},\"s\":\"I\",\"c\":\"REPL\",\"msg\":\"Applied op\",\"attr\":{{\"ts\":{{\"$timestamp\":{{\"t\":1765096869,\"i\":{R.randrange(1, 40)}}}}},\"ui\":\"{u4()}\"}}}}",
     "a replication log entry's timestamp and collection id"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, finnish_prose, ORDINARY, PUBLIC), Path(__file__).with_name("fresh12.jsonl"))
