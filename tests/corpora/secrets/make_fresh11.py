"""Writes the eleventh fresh held-out part of the secrets corpus, fresh11.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as the writer knows them, as each item's note says.
Six contexts are new with this part (a direnv .envrc, a Maven settings.xml, an rclone.conf, a
Composer auth.json, a .yarnrc.yml, a Terraform CLI configuration). No vendor and no ordinary shape
of this part is in another part.

    python tests/corpora/secrets/make_fresh11.py [OUT]   # default: fresh11.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B58, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, write

SEED = 20261206
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
HXU = HX.upper()  # upper-case hex, as fingerprints and thumbprints are printed
DRAWN = f"value drawn by make_fresh11.py (seed {SEED})"

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
            "envrc", "maven_settings", "rclone_conf", "composer_auth", "yarnrc", "terraformrc")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    half = len(value) // 2
    head, tail = value[:half], value[half:]
    text = (f"Dec 06 09:14:02 build-7 runner[2231]: [{tool}] exporting {name}={head}\n"
            f"Dec 06 09:14:02 build-7 runner[2231]: {tail} (continued)")
    return text, [head, tail]


def _pem(value: str) -> tuple[str, list[str]]:
    lines = value.split("\n")
    return "# /etc/chef/client.pem on the build agent\n-----BEGIN RSA PRIVATE KEY-----\n" + value + "\n-----END RSA PRIVATE KEY-----", lines


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(value)
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-creds\n  namespace: tooling\ntype: Opaque\n"
                f"data:\n  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    low, kebab, cam = name.lower(), name.lower().replace("_", "-"), camel(name)
    texts = {
        "env": f"# copied from the team vault on Monday\nAPP_ENV=staging\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"integrations": [{"name": tool, cam: value, "enabled": True}]}, indent=2),
        "escaped_json": json.dumps({"ts": "2026-12-06T09:12:44Z", "event": "config.loaded", "raw": json.dumps({tool: {cam: value}})}),
        "cli_flag": f"$ ./bin/release --provider {tool} --{kebab} {value} --dry-run=false",
        "prose": f"Hej! Jag fick inte {tool} att fungera, så jag använde Karins nyckel {value} tills vidare. Säg till om jag ska byta.",
        "tool_output": f"$ {tool} config list\nprofile      default\n{low:<12} {value}\nregion       eu-north-1",
        "diff": f"--- a/.env.ci\n+++ b/.env.ci\n@@ -3,3 +3,4 @@\n CI=true\n NODE_ENV=test\n+{name}={value}\n PORT=8080",
        "bytes_literal": f"payload = b'{{\"provider\":\"{tool}\",\"{cam}\":\"{value}\"}}'",
        "yaml": f"integrations:\n  - name: {tool}\n    {cam}: \"{value}\"\n    timeoutSeconds: 20",
        "csv": f"service,stage,{low},rotated\n{tool},prod,{value},2026-11-30",
        "url": f"https://hooks.{tool}.example.net/ingest?{cam}={value}&source=ci",
        "header": f"POST /v1/events HTTP/2\nhost: api.{tool}.example.net\nx-{kebab}: {value}\ncontent-type: application/json",
        "log": f"I1206 09:12:44.318 worker.go:88] {tool}: connecting with {low}=\"{value}\" attempt=1",
        "connection_string": f"{tool}+https://svc-ci:{value}@{tool}.internal.example.net:8443/api",
        "code": f"const client = new {tool.capitalize()}({{ {cam}: '{value}', retries: 2 }});",
        "ini": f"[integration:{tool}]\nendpoint = https://api.{tool}.example.net\n{low} = {value}",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM python:3.12-slim\nARG {name}={value}\nRUN pip install --no-cache-dir -r requirements.txt",
        "netrc": f"machine api.{tool}.example.net\n  login automation\n  password {value}",
        "toml": f"[tool.{tool}]\nenabled = true\n{low} = \"{value}\"",
        "shell_history": f": 1765012364:0;export {name}={value}\n: 1765012371:0;{tool} sync --all",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 4, "metadata": {}, "outputs": [],
                                "source": [f"import os\n", f"os.environ['{name}'] = '{value}'\n"]}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n  region = \"eu-west-1\"\n}}",
        "properties": f"{tool}.endpoint=https://api.{tool}.example.net\n{tool}.{cam}={value}",
        "powershell": f"PS C:\\src\\app> $env:{name} = '{value}'\nPS C:\\src\\app> .\\deploy.ps1 -Stage prod",
        "systemd": f"[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/{tool}-agent --foreground",
        "har": json.dumps({"request": {"method": "GET", "url": f"https://api.{tool}.example.net/v1/me",
                                       "headers": [{"name": f"X-{tool.capitalize()}-Key", "value": value}]}}),
        "curl_trace": f"> GET /v1/me HTTP/1.1\n> Host: api.{tool}.example.net\n> X-Api-Key: {value}\n> User-Agent: curl/8.8.0\n< HTTP/1.1 200 OK",
        "crash_report": f"Exception Type: EXC_CRASH (SIGABRT)\nEnvironment:\n  {name}={value}\n  HOME=/Users/ci",
        "web_storage": json.dumps({"origin": f"https://app.{tool}.example.net", "localStorage": {f"{tool}:{cam}": value, "theme": "dark"}}),
        "plist": f"<key>{name}</key>\n<string>{value}</string>\n<key>CFBundleVersion</key>\n<string>412</string>",
        "tfstate": json.dumps({"type": f"{tool}_credential", "name": "ci", "instances": [{"attributes": {low: value, "id": "ci"}}]}),
        "mobile_config": f"// Config.xcconfig\n{name} = {value}\nPRODUCT_BUNDLE_IDENTIFIER = com.example.shop",
        "sql_dump": f"INSERT INTO integration_settings (provider, {low}) VALUES ('{tool}', '{value}');",
        "email": f"From: ops@example.org\nSubject: {tool} access for the new contractor\n\nHi Dana, the key is {value} - please keep it to yourself.",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.example.net/;\n    proxy_set_header X-Api-Key \"{value}\";\n}}",
        "markdown": f"| service | {low} |\n| --- | --- |\n| {tool} | `{value}` |",
        "postman": json.dumps({"name": "staging", "values": [{"key": cam, "value": value, "type": "default", "enabled": True}]}),
        "jenkinsfile": f"pipeline {{\n  environment {{\n    {name} = '{value}'\n  }}\n  stages {{ stage('sync') {{ steps {{ sh '{tool} sync' }} }} }}\n}}",
        "compose": f"services:\n  worker:\n    image: example/worker:2.3\n    environment:\n      {name}: \"{value}\"",
        "gradle": f"// gradle.properties\norg.gradle.jvmargs=-Xmx2g\n{cam}={value}",
        "chat_export": json.dumps({"messages": [{"user": "tomas", "ts": "1765012364.1029", "text": f"{tool} key for the demo: {value}"}]}),
        "ansible": f"all:\n  vars:\n    {low}: \"{value}\"\n    {tool}_region: eu-west-1",
        "kubeconfig": f"users:\n- name: {tool}-ci\n  user:\n    token: {value}",
        "hocon": f"{tool} {{\n  endpoint = \"https://api.{tool}.example.net\"\n  {cam} = \"{value}\"\n}}",
        "nix": f"services.{tool}-agent = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.example.net {{\n  reverse_proxy https://api.{tool}.example.net {{\n    header_up X-Api-Key \"{value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://git.{tool}.example.net/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\t{tool} sync --key $({name})",
        "npmrc": f"registry=https://registry.npmjs.org/\n//npm.{tool}.example.net/:_authToken={value}",
        "pgpass": f"{tool}-db.internal.example.net:5432:analytics:reporter:{value}",
        "crontab": f"*/30 * * * * {name}={value} /opt/{tool}/bin/export --quiet",
        "http_file": f"### list projects\nGET https://api.{tool}.example.net/v1/projects\nAuthorization: Token {value}",
        "haproxy": f"backend {tool}_api\n    http-request set-header X-Api-Key {value}\n    server s1 api.{tool}.example.net:443 ssl verify required",
        "sbt": f"ThisBuild / {cam} := \"{value}\"\nlibraryDependencies += \"com.example\" %% \"{tool}-client\" % \"1.2.0\"",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.example.net/simple/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Host {tool}-bastion\n    HostName bastion.{tool}.example.net\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"Debug {tool}", "type": "node", "request": "launch",
                                                       "env": {name: value}}]}, indent=2),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      {name}: {value}\n    steps:\n      - run: {tool} sync",
        "fish": f"set -gx {name} {value}\nset -gx EDITOR nvim",
        "devtools_console": f"> localStorage.getItem('{cam}')\n< '{value}'",
        "envrc": f"use flake\nexport {name}=\"{value}\"\ndotenv_if_exists .env.local",
        "maven_settings": f"<servers>\n  <server>\n    <id>{tool}</id>\n    <username>deploy</username>\n    <password>{value}</password>\n  </server>\n</servers>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.example.net/\nvendor = other\nuser = backup\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"repo.{tool}.example.net": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.example.net\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"app.{tool}.example.net\" {{\n  token = \"{value}\"\n}}",
    }
    return texts[context], [value]


def pem_body() -> str:
    return "\n".join(DRAW.pem_body(600))


# Formats whose facts were read in the vendor's public documentation (source kind public).
KONNECT = ("a Kong Konnect personal access token (kpat_, sent as a bearer token), developer.konghq.com "
           "\"What are the Konnect APIs?\"")
ZUPLO = "a Zuplo API key (zpka_<random>_<checksum>), zuplo.com/docs \"API Key Best Practices\""
POLAR = "a Polar organization access token (polar_oat_), polar.sh/docs \"Organization Access Tokens\""
NETBIRD = "a NetBird personal access token (nbp_, sent as `Authorization: Token`), the NetBird API's OpenAPI description"
PUBLIC = {KONNECT, ZUPLO, POLAR, NETBIRD}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn
    ("cypress/record-key", "CYPRESS_RECORD_KEY", "cypress", u4, "a Cypress Cloud record key (a UUID)"),
    ("applitools/api-key", "APPLITOOLS_API_KEY", "applitools", lambda: r(43) + "110", "an Applitools Eyes API key"),
    ("testrail/api-key", "TESTRAIL_API_KEY", "testrail", lambda: r(20) + "-" + r(10), "a TestRail API key"),
    ("revenuecat/secret-key", "REVENUECAT_SECRET_KEY", "revenuecat", lambda: "sk_" + r(32), "a RevenueCat secret API key (sk_)"),
    ("appsflyer/dev-key", "APPSFLYER_DEV_KEY", "appsflyer", lambda: r(22), "an AppsFlyer dev key"),
    ("branch/secret-key", "BRANCH_SECRET", "branch", lambda: "secret_live_" + r(32), "a Branch secret key (secret_live_)"),
    ("clevertap/passcode", "CLEVERTAP_PASSCODE", "clevertap", lambda: f"{r(3, UP)}-{r(3, UP)}-{r(4, UP)}", "a CleverTap account passcode"),
    ("moengage/data-api-key", "MOENGAGE_DATA_API_KEY", "moengage", lambda: r(24, UP), "a MoEngage data API key"),
    ("lago/api-key", "LAGO_API_KEY", "lago", u4, "a Lago API key (a UUID)"),
    ("zuora/client-secret", "ZUORA_CLIENT_SECRET", "zuora", lambda: r(40) + "=", "a Zuora OAuth client secret"),
    ("nmi/security-key", "NMI_SECURITY_KEY", "nmi", lambda: r(32), "an NMI gateway security key"),
    ("moneris/api-token", "MONERIS_API_TOKEN", "moneris", lambda: r(20), "a Moneris API token"),
    ("helcim/api-token", "HELCIM_API_TOKEN", "helcim", lambda: r(48, U64), "a Helcim API token"),
    ("pirsch/access-key", "PIRSCH_ACCESS_KEY", "pirsch", lambda: "pa_" + r(45), "a Pirsch access key (pa_)"),
    ("glitchtip/dsn-key", "GLITCHTIP_KEY", "glitchtip", lambda: r(32, HX), "a GlitchTip DSN key"),
    ("exceptionless/api-key", "EXCEPTIONLESS_API_KEY", "exceptionless", lambda: r(40), "an Exceptionless API key"),
    ("testingbot/secret", "TESTINGBOT_SECRET", "testingbot", lambda: r(32, HX), "a TestingBot secret"),
    ("qase/api-token", "QASE_API_TOKEN", "qase", lambda: r(64, HX), "a Qase API token"),
    ("currents/record-key", "CURRENTS_RECORD_KEY", "currents", lambda: r(16), "a Currents record key"),
    ("chef/client-key", "CHEF_CLIENT_KEY", "chef", pem_body, "a Chef client key (an RSA private key)"),
    ("happo/api-secret", "HAPPO_API_SECRET", "happo", lambda: r(32, HX), "a Happo API secret"),
    ("argos/token", "ARGOS_TOKEN", "argos", lambda: r(40, HX), "an Argos CI upload token"),
    ("mabl/api-key", "MABL_API_KEY", "mabl", lambda: r(22, U64), "a mabl API key"),
    ("eppo/sdk-key", "EPPO_SDK_KEY", "eppo", lambda: r(43, U64), "an Eppo server SDK key"),
    ("abtasty/client-secret", "ABTASTY_CLIENT_SECRET", "abtasty", lambda: r(40), "an AB Tasty API client secret"),
    ("kameleoon/client-secret", "KAMELEOON_CLIENT_SECRET", "kameleoon", lambda: r(43, U64), "a Kameleoon client secret"),
    ("sezzle/private-key", "SEZZLE_PRIVATE_KEY", "sezzle", lambda: "sz_pr_" + r(32, LO), "a Sezzle private API key (sz_pr_)"),
    ("afterpay/secret-key", "AFTERPAY_SECRET_KEY", "afterpay", lambda: r(128, HX), "an Afterpay merchant secret key"),
    ("bluesnap/api-password", "BLUESNAP_API_PASSWORD", "bluesnap", lambda: r(18, AL + "#%"), "a BlueSnap API password"),
    ("maxio/api-key", "MAXIO_API_KEY", "maxio", lambda: r(43), "a Maxio (Chargify) API key"),
    ("outreach/client-secret", "OUTREACH_CLIENT_SECRET", "outreach", lambda: r(43, U64), "an Outreach OAuth client secret"),
    ("salesloft/api-key", "SALESLOFT_API_KEY", "salesloft", lambda: f"v2_ak_{r(5, DG)}_{r(64, HX)}", "a Salesloft API key (v2_ak_)"),
    ("pipedream/api-key", "PIPEDREAM_API_KEY", "pipedream", lambda: r(32, HX), "a Pipedream API key"),
    ("windmill/token", "WM_TOKEN", "windmill", lambda: r(32), "a Windmill user token"),
    ("airbyte/client-secret", "AIRBYTE_CLIENT_SECRET", "airbyte", lambda: r(32), "an Airbyte application client secret"),
    ("mparticle/api-secret", "MPARTICLE_API_SECRET", "mparticle", lambda: r(64, U64), "an mParticle server API secret"),
    ("adjust/api-token", "ADJUST_API_TOKEN", "adjust", lambda: r(20, U64), "an Adjust API token"),
    ("airship/master-secret", "AIRSHIP_MASTER_SECRET", "airship", lambda: r(22, U64), "an Airship app master secret"),
    ("pushwoosh/api-token", "PUSHWOOSH_API_TOKEN", "pushwoosh", lambda: r(80), "a Pushwoosh API access token"),
    ("vwo/api-token", "VWO_API_TOKEN", "vwo", lambda: r(64, HX), "a VWO API token"),
    ("splitio/sdk-key", "SPLIT_SDK_KEY", "splitio", lambda: r(36, LO), "a Split server-side SDK key"),
    ("bugherd/api-key", "BUGHERD_API_KEY", "bugherd", lambda: r(22, LO), "a BugHerd API key"),
    ("openreplay/api-key", "OPENREPLAY_API_KEY", "openreplay", lambda: r(20), "an OpenReplay organisation API key"),
    ("appcenter/api-token", "APPCENTER_API_TOKEN", "appcenter", lambda: r(40, HX), "a Visual Studio App Center API token"),
    ("bitbar/api-key", "BITBAR_API_KEY", "bitbar", lambda: r(32), "a Bitbar API key"),
    ("perfecto/security-token", "PERFECTO_SECURITY_TOKEN", "perfecto",
     lambda: jwt(DRAW, {"jti": u4(), "iss": "https://auth.perfectomobile.com/auth/realms/acme-perfectomobile-com", "typ": "Offline"}, "RS256"),
     "a Perfecto offline security token (a JWT)"),
    ("zephyr/api-token", "ZEPHYR_API_TOKEN", "zephyr",
     lambda: jwt(DRAW, {"sub": u4(), "iss": "com.kanoah.test-manager", "context": {"baseUrl": "https://acme.atlassian.net"}}),
     "a Zephyr Scale API token (a JWT)"),
    ("launchable/token", "LAUNCHABLE_TOKEN", "launchable", lambda: f"v1:acme/main:{r(32, HX)}", "a Launchable workspace token (v1:org/workspace:)"),
    ("trunk/api-token", "TRUNK_API_TOKEN", "trunk", lambda: r(40, U64), "a Trunk organisation API token"),
    ("keygen/product-token", "KEYGEN_PRODUCT_TOKEN", "keygen", lambda: f"prod-{r(64, HX)}v3", "a Keygen product token (prod-...v3)"),
    ("polar/access-token", "POLAR_ACCESS_TOKEN", "polar", lambda: "polar_oat_" + r(43), POLAR),
    ("zuplo/api-key", "ZUPLO_API_KEY", "zuplo", lambda: f"zpka_{r(32, HX)}_{r(8, HX)}", ZUPLO),
    ("kong/konnect-pat", "KONNECT_TOKEN", "kong", lambda: "kpat_" + r(46), KONNECT),
    ("codesandbox/api-token", "CSB_API_KEY", "codesandbox", lambda: "csb_v1_" + r(43, U64), "a CodeSandbox API token (csb_v1_)"),
    ("gitpod/pat", "GITPOD_TOKEN", "gitpod", lambda: "gitpod_pat_" + r(43, U64), "a Gitpod personal access token (gitpod_pat_)"),
    ("coder/session-token", "CODER_SESSION_TOKEN", "coder", lambda: f"{r(10)}-{r(22)}", "a Coder session token (id-secret)"),
    ("daytona/api-key", "DAYTONA_API_KEY", "daytona", lambda: "dtn_" + r(64, HX), "a Daytona API key (dtn_)"),
    ("teleport/join-token", "TELEPORT_JOIN_TOKEN", "teleport", lambda: r(32, HX), "a Teleport join token"),
    ("netbird/pat", "NB_PAT", "netbird", lambda: "nbp_" + r(36), NETBIRD),
    ("headscale/api-key", "HEADSCALE_API_KEY", "headscale", lambda: f"{r(10, U64)}.{r(32, U64)}", "a headscale API key (prefix.secret)"),
    ("argocd/auth-token", "ARGOCD_AUTH_TOKEN", "argocd",
     lambda: jwt(DRAW, {"iss": "argocd", "sub": "ci:apiKey", "jti": u4(), "iat": 1764547200}), "an Argo CD account API token (a JWT)"),
    ("rundeck/api-token", "RD_TOKEN", "rundeck", lambda: r(32), "a Rundeck API token"),
    ("netbox/api-token", "NETBOX_TOKEN", "netbox", lambda: f"nbt_{r(12, LO)}.{r(40)}", "a NetBox v2 API token (nbt_key.secret)"),
    ("nautobot/api-token", "NAUTOBOT_TOKEN", "nautobot", lambda: r(40, HX), "a Nautobot API token"),
    ("checkmk/automation-secret", "CMK_AUTOMATION_SECRET", "checkmk", lambda: r(32, UP), "a Checkmk automation user secret"),
    ("graylog/access-token", "GRAYLOG_TOKEN", "graylog", lambda: r(51, LO), "a Graylog access token"),
    ("hyperdx/api-key", "HYPERDX_API_KEY", "hyperdx", u4, "a HyperDX ingestion API key (a UUID)"),
    ("wiz/client-secret", "WIZ_CLIENT_SECRET", "wiz", lambda: r(64), "a Wiz service account client secret"),
    ("sysdig/secure-api-token", "SYSDIG_SECURE_API_TOKEN", "sysdig", u4, "a Sysdig Secure API token (a UUID)"),
    ("incidentio/api-key", "INCIDENT_IO_API_KEY", "incidentio", lambda: r(64, HX), "an incident.io API key"),
    ("hackerone/api-token", "H1_API_TOKEN", "hackerone", lambda: b64(32), "a HackerOne API token"),
    ("readwise/token", "READWISE_TOKEN", "readwise", lambda: r(50), "a Readwise access token"),
    ("roam/graph-token", "ROAM_API_TOKEN", "roam", lambda: "roam-graph-token-" + r(27, U64), "a Roam Research graph token (roam-graph-token-)"),
    ("pocket/consumer-key", "POCKET_CONSUMER_KEY", "pocket", lambda: f"{r(6, DG)}-{r(24, HX)}", "a Pocket consumer key"),
]


def _zbase32(n: int) -> str:
    return r(n, "ybndrfg8ejkmcpqxot1uwisza345h769")


def _cuid1() -> str:
    return "c" + r(24, LO)


def _uuid6() -> str:
    h = r(32, HX)
    return f"{h[:8]}-{h[8:12]}-6{h[13:16]}-{R.choice('89ab')}{h[17:20]}-{h[20:]}"


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/build-vcs-ref-and-number", "env", lambda: f"BUILD_NUMBER=4182\nBUILD_VCS_REF={r(40, HX)}\nBUILD_DATE=2026-12-06T09:00:00Z",
     "the commit a build came from and its number, printed on every build page"),
    ("did/multikey-verification-method", "json", lambda: json.dumps({"id": "did:web:example.org#key-1", "type": "Multikey",
                                                                      "controller": "did:web:example.org", "publicKeyMultibase": "z6Mk" + r(44, B58)}, indent=2),
     "a DID document's public verification key, published to be read"),
    ("escaped/bazel-bes-invocation-id", "escaped_json", lambda: json.dumps({"msg": "build event", "data": json.dumps({"invocationId": u4(), "buildToolVersion": "7.4.1"})}),
     "a Bazel build's invocation id, shown in the results UI link"),
    ("cli/gsutil-object-generation", "cli_flag", lambda: f"$ gsutil cp gs://acme-artifacts/app.tar.gz#{r(16, DG)} ./app.tar.gz",
     "a Cloud Storage object generation number, a version selector"),
    ("prose/wikipedia-oldid-links", "prose", lambda: f"The wording changed between oldid={r(10, DG)} and oldid={r(10, DG)}; compare the two revisions on the article's history page.",
     "Wikipedia revision ids, public"),
    ("tool/nix-path-info-signatures", "tool_output", lambda: f"$ nix path-info --sigs /nix/store/{r(32, '0123456789abcdfghijklmnpqrsvwxyz')}-hello-2.12.1\n/nix/store/...-hello-2.12.1  cache.nixos.org-1:{b64(64)}",
     "a binary cache's signature over a store path, public for every download"),
    ("diff/chromatic-baseline-build-ids", "diff", lambda: f"--- a/.chromatic.json\n+++ b/.chromatic.json\n-  \"baselineBuild\": \"{r(24, HX)}\"\n+  \"baselineBuild\": \"{r(24, HX)}\"",
     "visual-test baseline build ids, shown in the project's build list"),
    ("bytes/protobuf-varint-fixture", "bytes_literal", lambda: "expected = b'\\x08\\x96\\x01\\x12\\x07testing\\x1a\\x03\\x8e\\x02\\x9e\\xa7\\x05'",
     "a protobuf encoding example from the wire-format docs"),
    ("yaml/artifacthub-sign-key-fingerprint", "yaml", lambda: f"annotations:\n  artifacthub.io/signKey: |\n    fingerprint: {r(40, HXU)}\n    url: https://charts.example.org/pgp_keys.asc",
     "the fingerprint of a public chart-signing key"),
    ("csv/ieee-oui-assignments", "csv", lambda: f"Registry,Assignment,Organization Name\nMA-L,{r(6, HXU)},Example Networks GmbH\nMA-L,{r(6, HXU)},Sample Devices Ltd",
     "IEEE MAC address block assignments, a public registry"),
    ("url/pastebin-public-raw-ids", "url", lambda: f"Full reproduction steps: https://pastebin.com/raw/{r(8)} (public paste, no login)",
     "a public paste's id, meant to be shared"),
    ("header/fastly-served-by-and-timer", "header", lambda: f"x-served-by: cache-fra-eddf{r(7, DG)}-FRA\nx-cache: HIT\nx-timer: S{r(10, DG)}.{r(6, DG)},VS0,VE1",
     "CDN cache node names and timings"),
    ("log/erlang-pids-and-refs", "log", lambda: f"=ERROR REPORT==== 6-Dec-2026::09:12:44 ===\nprocess <0.{r(4, DG)}.0> exited; monitor #Ref<0.{r(10, DG)}.{r(10, DG)}.{r(6, DG)}>",
     "Erlang process ids and references in a VM log"),
    ("db/cassandra-contact-points-without-auth", "connection_string", lambda: "cassandra://10.0.4.11:9042,10.0.4.12:9042/metrics?dc=eu-west&consistency=LOCAL_QUORUM",
     "a Cassandra contact point list without credentials"),
    ("code/rfc4122-namespace-constants", "code", lambda: "NAMESPACE_DNS = UUID('6ba7b810-9dad-11d1-80b4-00c04fd430c8')\nNAMESPACE_URL = UUID('6ba7b811-9dad-11d1-80b4-00c04fd430c8')",
     "the namespace UUIDs RFC 4122 publishes"),
    ("ini/flake8-ignores-with-secret-words", "ini", lambda: "[flake8]\nper-file-ignores =\n    tests/test_secrets_loader.py:S105,S106\n    scripts/rotate_token_docs.py:E501",
     "lint settings whose file names say secret and token"),
    ("xml/wix-upgrade-code", "xml", lambda: f"<Package Name=\"Acme Agent\" Manufacturer=\"Acme\" Version=\"3.2.0\"\n         UpgradeCode=\"{u4().upper()}\">",
     "a Windows installer's upgrade code, the same in every shipped package"),
    ("dockerfile/cuda-repo-key-fingerprint", "dockerfile", lambda: f"RUN gpg --keyserver keyserver.ubuntu.com --recv-keys {r(40, HXU)} \\\n && apt-get update",
     "the fingerprint of a vendor's public repository key"),
    ("netrc/anonymous-ftp-convention", "netrc", lambda: "machine ftp.gnu.org\n  login anonymous\n  password guest@example.org",
     "anonymous FTP, where the password is by convention an e-mail address"),
    ("pem/dsa-parameters", "pem", lambda: "-----BEGIN DSA PARAMETERS-----\n" + DRAW.pem_lines(300) + "\n-----END DSA PARAMETERS-----",
     "public DSA domain parameters, no key"),
    ("wrapped/mime-base64-pdf-attachment", "wrapped", lambda: "Content-Type: application/pdf; name=\"brochure.pdf\"\nContent-Transfer-Encoding: base64\n\n"
     + base64.b64encode(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" * 2).decode()[:76] + "\n"
     + base64.b64encode(b"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n").decode()[:76],
     "a public brochure attached as base64, wrapped at 76 characters"),
    ("toml/uv-index-urls-without-credentials", "toml", lambda: "[[tool.uv.index]]\nname = \"pytorch-cu124\"\nurl = \"https://download.pytorch.org/whl/cu124\"\nexplicit = true",
     "a package index without credentials"),
    ("shell/history-sha256sum-check", "shell_history", lambda: f": 1765012400:0;echo \"{r(64, HX)}  node-v22.11.0-linux-x64.tar.xz\" | sha256sum -c",
     "checking a download against its published digest"),
    ("notebook/numpy-bitgenerator-state", "notebook", lambda: json.dumps({"cell_type": "code", "outputs": [{"output_type": "execute_result", "data": {
        "text/plain": [f"{{'bit_generator': 'PCG64', 'state': {{'state': {r(38, DG)}, 'inc': {r(38, DG)}}}, 'has_uint32': 0}}"]}}],
        "source": ["np.random.default_rng(42).bit_generator.state"]}),
     "a seeded random generator's state, reproducible from its seed"),
    ("hcl/consul-acl-policy-rules", "hcl", lambda: "key_prefix \"secret/\" {\n  policy = \"deny\"\n}\nkey_prefix \"config/token-service/\" {\n  policy = \"read\"\n}",
     "an ACL policy whose paths say secret and token"),
    ("properties/log4j-pattern-with-token-words", "properties", lambda: "appender.console.layout.pattern=%d{ISO8601} [%t] %-5p %c{1} tokenId=%X{tokenId} - %m%n\nlogger.auth.name=com.example.auth.TokenRefresher",
     "a logging pattern and logger names with token words"),
    ("powershell/cert-store-thumbprints", "powershell", lambda: f"PS C:\\> Get-ChildItem Cert:\\LocalMachine\\Root | Select Thumbprint, Subject\n\nThumbprint                               Subject\n{r(40, HXU)} CN=ISRG Root X1, O=Internet Security Research Group",
     "certificate thumbprints of public root certificates"),
    ("systemd/id128-app-specific-output", "systemd", lambda: f"$ systemd-id128 machine-id --app-specific={r(32, HX)}\n{r(32, HX)}",
     "an application-specific id derived from the machine id, made to be shown"),
    ("har/base64-svg-response-body", "har", lambda: json.dumps({"response": {"status": 200, "content": {"mimeType": "image/svg+xml", "encoding": "base64",
        "text": base64.b64encode(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>').decode()}}}),
     "an icon served to every visitor, captured as base64"),
    ("curl/content-range-and-etag", "curl_trace", lambda: f"> GET /releases/app.tar.gz HTTP/1.1\n> Range: bytes=1048576-\n< HTTP/1.1 206 Partial Content\n< Content-Range: bytes 1048576-5242879/5242880\n< ETag: \"{r(32, HX)}-5\"",
     "a resumed download's range and ETag"),
    ("k8s/secret-base64-log-level-config", "k8s_secret", lambda: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-settings\ntype: Opaque\ndata:\n  config.yaml: "
     + base64.b64encode(b"logLevel: info\nfeatures:\n  darkMode: true\n").decode(),
     "a Secret holding only public settings, base64 as Secrets are"),
    ("crash/android-tombstone-build-id", "crash_report", lambda: f"*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***\nBuild fingerprint: 'google/husky/husky:15/AP4A.250105.002/{r(8, DG)}:user/release-keys'\nAbort message: 'FORTIFY: pthread_mutex_lock called on a destroyed mutex'\n    #00 pc 000000000005c1e4  /apex/com.android.runtime/lib64/bionic/libc.so (BuildId: {r(32, HX)})",
     "a native crash's build fingerprint and library build id"),
    ("web/zustand-persist-ui-state", "web_storage", lambda: json.dumps({"origin": "https://app.example.org", "localStorage": {"ui-store": json.dumps({"state": {"sidebar": "collapsed", "lastSeenChangelog": r(7, HX)}, "version": 3})}}),
     "a persisted UI state with a changelog commit id"),
    ("plist/skadnetwork-identifiers", "plist", lambda: f"<key>SKAdNetworkItems</key>\n<array>\n  <dict><key>SKAdNetworkIdentifier</key><string>{r(10, LO)}.skadnetwork</string></dict>\n  <dict><key>SKAdNetworkIdentifier</key><string>{r(10, LO)}.skadnetwork</string></dict>\n</array>",
     "ad network identifiers every app lists publicly"),
    ("tfstate/gcp-service-agent-emails", "tfstate", lambda: json.dumps({"type": "google_project_service_identity", "instances": [{"attributes": {"email": f"service-{r(12, DG)}@gcp-sa-pubsub.iam.gserviceaccount.com", "service": "pubsub.googleapis.com"}}]}),
     "a Google-managed service agent's address"),
    ("mobile/assetlinks-cert-fingerprints", "mobile_config", lambda: json.dumps([{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.shop",
        "sha256_cert_fingerprints": [":".join(r(2, "0123456789ABCDEF") for _ in range(32))]}}]),
     "the signing certificate's fingerprint an app publishes in assetlinks.json"),
    ("sql/pg-dump-extension-versions", "sql_dump", lambda: "CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;\nCOMMENT ON EXTENSION pgcrypto IS 'cryptographic functions';\nSELECT pg_catalog.set_config('search_path', '', false);",
     "a dump's extension statements with crypto words"),
    ("email/autocrypt-header", "email", lambda: f"From: alice@example.org\nAutocrypt: addr=alice@example.org; prefer-encrypt=mutual; keydata=\n {b64(120)}",
     "an Autocrypt header, which carries the sender's public key"),
    ("nginx/geoip2-database-paths", "nginx", lambda: "geoip2 /usr/share/GeoIP/GeoLite2-Country.mmdb {\n    auto_reload 60m;\n    $geoip2_country_code country iso_code;\n}",
     "a GeoIP database path and variable"),
    ("markdown/asciinema-cast-links", "markdown", lambda: f"[![asciicast](https://asciinema.org/a/{r(25)}.svg)](https://asciinema.org/a/{r(25)})",
     "a public terminal recording's id"),
    ("postman/collection-fork-uids", "postman", lambda: json.dumps({"info": {"_postman_id": u4(), "name": "Orders API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
        "_exporter_id": r(8, DG), "_collection_link": f"https://www.postman.com/acme/workspace/orders/collection/{r(8, DG)}-{u4()}"}}),
     "a collection's id and its public link"),
    ("jenkins/stash-names-with-key-words", "jenkinsfile", lambda: "stage('package') {\n  steps {\n    stash name: 'public-keys-bundle', includes: 'keys/*.pub'\n    unstash 'token-schema'\n  }\n}",
     "stash names that say keys and token"),
    ("compose/ipam-subnets-and-mac-addresses", "compose", lambda: f"networks:\n  lab:\n    ipam:\n      config:\n        - subnet: 172.28.0.0/16\nservices:\n  dhcp:\n    mac_address: 02:42:{r(2, HX)}:{r(2, HX)}:{r(2, HX)}:{r(2, HX)}",
     "network ranges and a container's MAC address"),
    ("gradle/configuration-cache-report", "gradle", lambda: f"Configuration cache entry stored.\nSee the complete report at file:///home/ci/app/build/reports/configuration-cache/{r(25, LO)}/{r(25, LO)}/configuration-cache-report.html",
     "a configuration cache report's generated folders"),
    ("chat/mattermost-post-ids", "chat_export", lambda: json.dumps({"posts": [{"id": r(26, LO), "channel_id": r(26, LO), "message": "deploy done, see thread"}]}),
     "chat post and channel ids"),
    ("ansible/ara-playbook-ids", "ansible", lambda: f"# recorded by ARA: https://ara.example.org/playbooks/{r(4, DG)}.html\n- hosts: web\n  vars:\n    ara_playbook_labels: [\"nightly\", \"check:false\"]",
     "a playbook report's number and labels"),
    ("kubeconfig/certificate-authority-file-paths", "kubeconfig", lambda: "clusters:\n- name: lab\n  cluster:\n    server: https://10.0.0.10:6443\n    certificate-authority: /etc/kubernetes/pki/ca.crt",
     "a path to a public CA certificate"),
    ("hocon/pekko-artery-system-uids", "hocon", lambda: f"# remote system uid seen in the association log: {r(19, DG)}\npekko.remote.artery.canonical.port = 25520",
     "an actor system's incarnation uid"),
    ("nix/binary-cache-public-keys", "nix", lambda: f"nix.settings.trusted-public-keys = [\n  \"cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY=\"\n  \"acme.cachix.org-1:{b64(32)}\"\n];",
     "binary caches' public signing keys"),
    ("caddy/header-up-request-ids", "caddyfile", lambda: "reverse_proxy app:8080 {\n  header_up X-Request-Id {http.request.uuid}\n  header_up X-Forwarded-Proto {scheme}\n}",
     "placeholders for per-request ids"),
    ("gitconfig/insteadof-mirror-and-ssh-rewrites", "gitconfig", lambda: "[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n[url \"https://mirror.example.org/git/\"]\n\tinsteadOf = git://",
     "URL rewrites without credentials"),
    ("makefile/sha256-verify-download", "makefile", lambda: f"PROTOC_SHA256 := {r(64, HX)}\n\nbin/protoc:\n\tcurl -sSLo protoc.zip $(PROTOC_URL)\n\techo \"$(PROTOC_SHA256)  protoc.zip\" | sha256sum -c",
     "a download's published digest"),
    ("npmrc/auth-token-env-reference", "npmrc", lambda: "@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\nengine-strict=true",
     "a reference to a token in the environment, not the token"),
    ("pgpass/format-comment-template", "pgpass", lambda: "# hostname:port:database:username:password\n# db.example.net:5432:app:app_ro:<your password here>",
     "the file's format line and a commented placeholder"),
    ("crontab/flock-lockfile-schedules", "crontab", lambda: "15 3 * * * flock -n /run/lock/reindex.lock /opt/search/bin/reindex --since=24h\n0 */6 * * * flock -n /run/lock/rotate-keys.lock /opt/ops/bin/rotate-keys --dry-run",
     "schedules whose lock files name keys"),
    ("http/idempotency-and-correlation-headers", "http_file", lambda: f"POST https://api.example.org/v1/payments\nIdempotency-Key: {{{{$uuid}}}}\nX-Correlation-Id: {r(26, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}\nContent-Type: application/json",
     "a request's generated idempotency placeholder and correlation id"),
    ("haproxy/server-cookie-values", "haproxy", lambda: f"backend web\n    cookie SRV insert indirect nocache\n    server web1 10.0.1.11:8080 check cookie {r(6, LO)}\n    server web2 10.0.1.12:8080 check cookie {r(6, LO)}",
     "sticky-session cookie values naming servers"),
    ("sbt/coursier-checksum-files", "sbt", lambda: f"[info] downloaded https://repo1.maven.org/maven2/org/typelevel/cats-core_3/2.12.0/cats-core_3-2.12.0.jar.sha1\n[info]   {r(40, HX)}",
     "a Maven Central checksum file's content"),
    ("pypirc/index-servers-keyring-note", "pypirc", lambda: "[distutils]\nindex-servers =\n    pypi\n    testpypi\n\n# passwords come from the system keyring (keyring set https://upload.pypi.org/legacy/ __token__)",
     "a .pypirc with no password, pointing at the keyring"),
    ("ssh/canonical-domains-and-proxyjump", "ssh_config", lambda: "CanonicalizeHostname yes\nCanonicalDomains lab.example.net\nHost *.lab.example.net\n    ProxyJump jump.example.net\n    IdentitiesOnly yes",
     "an ssh client's host rules without keys"),
    ("launch/prompt-input-ids-with-token-words", "launch_json", lambda: json.dumps({"inputs": [{"id": "apiToken", "type": "promptString", "description": "Paste the API token", "password": True}],
        "configurations": [{"name": "Run", "type": "python", "request": "launch", "env": {"API_TOKEN": "${input:apiToken}"}}]}, indent=2),
     "a prompt for a token, not the token"),
    ("gha/matrix-include-runner-labels", "gha_workflow", lambda: "strategy:\n  matrix:\n    include:\n      - os: ubuntu-24.04\n        target: x86_64-unknown-linux-gnu\n      - os: macos-14\n        target: aarch64-apple-darwin",
     "a build matrix"),
    ("fish/prompt-git-sha-segment", "fish", lambda: f"function fish_right_prompt\n    set_color brblack\n    echo (git rev-parse --short HEAD 2>/dev/null)\nend\n# renders as: {r(9, HX)}",
     "a prompt showing the current commit"),
    ("console/sourcemap-warning-chunk-hashes", "devtools_console", lambda: f"DevTools failed to load source map: Could not load content for https://app.example.org/assets/index-{r(8, U64)}.js.map: HTTP error: status code 404",
     "a bundler's content-hashed asset name"),
    ("envrc/use-flake-and-dotenv-if-exists", "envrc", lambda: "use flake\nwatch_file flake.lock\ndotenv_if_exists .env.local\nexport TOKEN_CACHE_DIR=\"$PWD/.cache/tokens\"",
     "a direnv file that loads settings and names a cache folder"),
    ("maven/mirror-and-server-ids-without-passwords", "maven_settings", lambda: "<mirrors>\n  <mirror>\n    <id>central-proxy</id>\n    <mirrorOf>central</mirrorOf>\n    <url>https://nexus.example.org/repository/maven-central/</url>\n  </mirror>\n</mirrors>",
     "a Maven mirror without credentials"),
    ("rclone/anonymous-public-s3-remote", "rclone_conf", lambda: "[opendata]\ntype = s3\nprovider = AWS\nenv_auth = false\nregion = us-east-1\n# anonymous access to a public bucket: no access_key_id, no secret_access_key",
     "an anonymous remote for a public bucket"),
    ("composer/auth-json-empty-skeleton", "composer_auth", lambda: json.dumps({"http-basic": {}, "github-oauth": {}, "gitlab-token": {}, "bearer": {}}, indent=4),
     "an auth.json with every section empty"),
    ("yarnrc/npm-auth-token-env-reference", "yarnrc", lambda: "npmScopes:\n  acme:\n    npmRegistryServer: \"https://npm.pkg.github.com\"\n    npmAuthToken: \"${NPM_TOKEN:-}\"\nenableTelemetry: false",
     "a reference to a token in the environment, not the token"),
    ("terraformrc/provider-network-mirror", "terraformrc", lambda: "provider_installation {\n  network_mirror {\n    url = \"https://terraform-mirror.example.org/providers/\"\n  }\n}\nplugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"",
     "a provider mirror without credentials"),
    ("ids/farcaster-cast-hashes", "json", lambda: json.dumps({"cast": {"hash": "0x" + r(40, HX), "author": {"fid": int(r(6, DG))}, "text": "shipped!"}}),
     "a public post's hash"),
    ("ids/mastodon-status-snowflakes", "url", lambda: f"https://mastodon.social/@example/{r(18, DG)}",
     "a public post's id"),
    ("ids/lichess-game-ids", "prose", lambda: f"Annotated game for Thursday's club night: https://lichess.org/{r(8)} (move 23 is the one to discuss).",
     "a public game's id"),
    ("ids/matrix-room-ids", "chat_export", lambda: json.dumps({"room_id": f"!{r(18)}:matrix.org", "alias": "#rust:matrix.org", "body": "meeting moved to 15:00"}),
     "a public room's id"),
    ("ids/zotero-item-keys", "csv", lambda: f"Key,Item Type,Title\n{r(8, UP)},journalArticle,On the Design of Seeds\n{r(8, UP)},book,Distributed Systems",
     "reference-manager item keys"),
    ("uuid/v6-reordered-time", "sql_dump", lambda: f"INSERT INTO events (id, kind) VALUES ('{_uuid6()}', 'signup'), ('{_uuid6()}', 'login');",
     "time-ordered row ids"),
    ("ids/sqids-encoded-ids", "log", lambda: f"2026-12-06T09:12:44Z INFO GET /orders/{r(10)} 200 12ms",
     "short public ids encoded from row numbers"),
    ("ids/cuid-v1-rows", "csv", lambda: f"id,email,created\n{_cuid1()},ana@example.org,2026-11-02\n{_cuid1()},ben@example.org,2026-11-03",
     "row ids from a collision-resistant id generator"),
    ("ids/pkarr-zbase32-public-keys", "prose", lambda: f"Resolve my homeserver via pkarr: pk:{_zbase32(52)} (it's a public key, share freely).",
     "a public key published for lookup"),
    ("hash/b3sum-output", "tool_output", lambda: f"$ b3sum dist/*.whl\n{r(64, HX)}  dist/acme-3.2.0-py3-none-any.whl",
     "a BLAKE3 digest of a released file"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, list, ORDINARY, PUBLIC), Path(__file__).with_name("fresh11.jsonl"))
