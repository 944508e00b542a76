"""Writes the thirteenth fresh held-out part of the secrets corpus, fresh13.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as the writer knows them, or facts read in a public
detector rule set, as each item's note says. Six contexts are new with this part (a MySQL option
file, an s3cmd configuration, a Bitbucket Pipelines file, a Cloudflare wrangler.toml, a k6 load test
script, a Heroku config dump); secrets in prose are in Czech. No vendor and no ordinary shape of this
part is in another part.

    python tests/corpora/secrets/make_fresh13.py [OUT]   # default: fresh13.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261214
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
HXU = HX.upper()
DRAWN = f"value drawn by make_fresh13.py (seed {SEED})"

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
            "cargo_credentials", "docker_config", "aws_config", "git_credentials", "helm_values", "vault_agent",
            "my_cnf", "s3cfg", "bitbucket_pipelines", "wrangler", "k6_script", "heroku_config")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) * 2 // 5
    head, tail = value[:cut], value[cut:]
    text = (f"Dec 14 06:12:51 runner-7 agent[2290]: [{tool}] exported {name}={head}\n"
            f"Dec 14 06:12:51 runner-7 agent[2290]: {tail}")
    return text, [head, tail]


def _pem(value: str) -> tuple[str, list[str]]:
    """An EC private key's base64 body in its SEC1 armour; every body line must go."""
    lines = [value[i:i + 64] for i in range(0, len(value), 64)]
    return "-----BEGIN EC PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END EC PRIVATE KEY-----", lines


def _sec1_p256() -> str:
    """A P-256 private key as SEC1 DER (version, 32-byte key, the curve's OID, the 65-byte public point), in base64."""
    drawn = bytes(R.randrange(256) for _ in range(96))
    der = (bytes.fromhex("30770201010420") + drawn[:32] + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
           + b"\x04" + drawn[32:])
    return base64.b64encode(der).decode()


def _s3cfg(tool: str, value: str) -> tuple[str, list[str]]:
    key_id = r(20, UP)
    return (f"[default]\naccess_key = {key_id}\nhost_base = s3.{tool}.example.net\nhost_bucket = %(bucket)s.s3.{tool}.example.net\n"
            f"secret_key = {value}\nuse_https = True"), [key_id, value]


def _docker_auth(tool: str, value: str) -> tuple[str, list[str]]:
    encoded = base64.b64encode(f"deploy:{value}".encode()).decode()
    return json.dumps({"auths": {f"cr.{tool}.example.net": {"auth": encoded}}, "currentContext": "default"}, indent=2), [encoded]


def _aws_profile(tool: str, value: str) -> tuple[str, list[str]]:
    key_id = r(20, UP)
    return (f"[profile {tool}-archive]\nregion = eu-west-3\nservices = {tool}\n"
            f"aws_access_key_id = {key_id}\naws_secret_access_key = {value}"), [key_id, value]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(value)
    if context == "s3cfg":
        return _s3cfg(tool, value)
    if context == "docker_config":
        return _docker_auth(tool, value)
    if context == "aws_config":
        return _aws_profile(tool, value)
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-credentials\n  namespace: billing\ndata:\n"
                f"  {name.lower()}: {encoded}"), [encoded]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials"):
        texts = {
            "url": f"https://hooks.{tool}.example.net/ingest/v1?source=ci&{name.lower()}={quoted}&dry=0",
            "connection_string": f"amqps://{tool}-worker:{quoted}@queue.{tool}.example.net:5671/%2Fjobs?heartbeat=30",
            "git_credentials": f"https://oauth2:{quoted}@code.{tool}.example.net\nhttps://reader@git.example.com",
        }
        return texts[context], [quoted]
    low, kebab, cam = name.lower(), name.lower().replace("_", "-"), camel(name)
    texts = {
        "env": f"# .env.staging\nAPP_ENV=staging\n{name}={value}\nLOG_FORMAT=json",
        "json": json.dumps({"integration": tool, "enabled": True, "auth": {cam: value}}, indent=2),
        "escaped_json": json.dumps({"ts": "2026-12-14T06:12:51Z", "event": "config.loaded", "payload": json.dumps({"vendor": tool, cam: value})}),
        "cli_flag": f"$ {tool}-cli configure --{kebab} {value} --region eu",
        "prose": f"Ahoj Petře, klíč k {tool} jsem dnes ráno vyměnila. Nový je {value}, nahraješ ho prosím do produkce ještě před obědem?",
        "tool_output": f"$ {tool} config show\nprofile     default\n{kebab:<11} {value}\ncreated     2026-12-01",
        "diff": (f"diff --git a/deploy/{tool}.env b/deploy/{tool}.env\n--- a/deploy/{tool}.env\n+++ b/deploy/{tool}.env\n"
                 f"@@ -3,2 +3,3 @@\n WORKERS=4\n+{name}={value}\n QUEUE=default"),
        "bytes_literal": f"AUTH = {{b'{kebab}': b'{value}', b'user-agent': b'{tool}-sync/2.0'}}",
        "yaml": f"integrations:\n  {tool}:\n    endpoint: https://api.{tool}.example.net\n    {cam}: {value}",
        "csv": f"service,stage,{low},rotated\n{tool},staging,{value},2026-11-30",
        "header": f"POST /v1/events HTTP/1.1\nHost: api.{tool}.example.net\n{name.replace('_', '-').title()}: {value}\nContent-Type: application/json",
        "log": f"[2026-12-14 06:12:51.044] INFO  {tool}.auth - configured with {low}={value} (source=env)",
        "code": f"const {cam} = \"{value}\";\nexport const {tool.replace('-', '')}Client = create({{ {cam}, retries: 2 }});",
        "ini": f"[integration:{tool}]\nendpoint = https://api.{tool}.example.net\n{low} = {value}\ntimeout = 15",
        "xml": f"<configuration>\n  <appSettings>\n    <add key=\"{name}\" value=\"{value}\" />\n  </appSettings>\n</configuration>",
        "dockerfile": f"FROM python:3.13-slim\nARG {name}={value}\nRUN pip install {tool}-sdk",
        "netrc": f"machine api.{tool}.example.net\n  login robot\n  password {value}",
        "toml": f"[{tool}]\nendpoint = \"https://api.{tool}.example.net\"\n{low} = \"{value}\"\nretries = 2",
        "shell_history": f": 1765692771:0;export {name}='{value}'\n: 1765692779:0;{tool} status",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 4, "metadata": {}, "outputs": [],
                                "source": ["import os\n", f"os.environ[\"{name}\"] = \"{value}\"\n"]}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n  region  = \"eu\"\n}}",
        "properties": f"{tool}.endpoint=https://api.{tool}.example.net\n{tool}.{low}={value}",
        "powershell": f"PS C:\\ci> $env:{name} = '{value}'\nPS C:\\ci> {tool} push",
        "systemd": f"[Unit]\nDescription={tool} exporter\n\n[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/{tool}-exporter",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.example.net/v1/me",
                                                            "headers": [{"name": "Authorization", "value": f"Token {value}"}]}}]}}),
        "curl_trace": f"* Connected to api.{tool}.example.net (203.0.113.7) port 443\n> GET /v1/usage HTTP/2\n> authorization: Token {value}\n> user-agent: curl/8.11.0\n>",
        "crash_report": f"Traceback (most recent call last):\n  File \"sync.py\", line 40, in <module>\nConnectionError: refused\n\nenv: HOME=/root {name}={value} LANG=C.UTF-8",
        "web_storage": json.dumps({"origin": f"https://app.{tool}.example.net", "localStorage": {f"{tool}:{cam}": value, "theme": "dark"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n  <key>{name}</key>\n  <string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"{tool}_api_key", "name": "ci",
                                                            "instances": [{"attributes": {"name": "ci", "secret": value}}]}]}),
        "mobile_config": f"// Config.xcconfig\nPRODUCT_BUNDLE_IDENTIFIER = com.example.orders\n{name} = {value}",
        "sql_dump": f"INSERT INTO `integration_keys` (`vendor`, `{low}`) VALUES ('{tool}', '{value}');",
        "email": (f"From: ops@example.net\nTo: contractor@example.org\nSubject: {tool} for the pilot\n\n"
                  f"Hi, use {value} for {tool} until Friday; we rotate it after the pilot."),
        "nginx": f"location /{tool}/ {{\n    proxy_set_header Authorization \"Token {value}\";\n    proxy_pass https://api.{tool}.example.net/;\n}}",
        "markdown": f"| service | {low} |\n| --- | --- |\n| {tool} | `{value}` |",
        "postman": json.dumps({"id": "env-staging", "name": "staging", "values": [{"key": cam, "value": value, "type": "secret", "enabled": True}]}),
        "jenkinsfile": f"pipeline {{\n  agent any\n  environment {{ {name} = '{value}' }}\n  stages {{ stage('sync') {{ steps {{ sh '{tool} sync' }} }} }}\n}}",
        "compose": f"services:\n  worker:\n    image: example/{tool}-worker:2\n    environment:\n      {name}: \"{value}\"",
        "gradle": f"# gradle.properties\norg.gradle.jvmargs=-Xmx2g\n{tool}.{cam}={value}",
        "chat_export": json.dumps({"channel": "ops", "messages": [{"user": "vera", "ts": "1765692771.000200", "text": f"{tool}: {value}"}]}),
        "ansible": f"# group_vars/all.yml\n{tool}_endpoint: https://api.{tool}.example.net\n{tool}_{low}: \"{value}\"",
        "kubeconfig": f"users:\n- name: {tool}\n  user:\n    token: {value}",
        "hocon": f"{tool} {{\n  endpoint = \"https://api.{tool}.example.net\"\n  {cam} = \"{value}\"\n}}",
        "nix": f"services.{tool}.settings = {{\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.example.net {{\n  reverse_proxy /{tool}/* https://api.{tool}.example.net {{\n    header_up Authorization \"Token {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://api.{tool}.example.net\"]\n\textraHeader = Authorization: Token {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\t{tool} sync --key $({name})",
        "npmrc": f"@{tool}:registry=https://registry.{tool}.example.net/\n//registry.{tool}.example.net/:_authToken={value}",
        "pgpass": f"warehouse.{tool}.example.net:5432:analytics:loader:{value}",
        "crontab": f"# m h dom mon dow command\n15 5 * * * {name}={value} /opt/{tool}/export.sh",
        "http_file": f"### usage\nGET https://api.{tool}.example.net/v1/usage\nAuthorization: Token {value}",
        "haproxy": f"backend {tool}\n    http-request set-header Authorization \"Token {value}\"\n    server s1 api.{tool}.example.net:443 ssl verify required",
        "sbt": f"ThisBuild / {cam} := \"{value}\"",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.example.net/\nusername = uploader\npassword = {value}",
        "ssh_config": f"Host {tool}-bastion\n    HostName bastion.{tool}.example.net\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch",
                                                                         "program": "${workspaceFolder}/sync.js", "env": {name: value}}]}, indent=2),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: {tool} sync",
        "fish": f"set -gx {name} {value}",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< '{value}'",
        "envrc": f"export {name}=\"{value}\"\nuse node 22",
        "maven_settings": (f"<settings>\n  <profiles>\n    <profile>\n      <id>{tool}</id>\n      <properties>\n"
                           f"        <{tool}.{cam}>{value}</{tool}.{cam}>\n      </properties>\n    </profile>\n  </profiles>\n</settings>"),
        "rclone_conf": f"[{tool}-webdav]\ntype = webdav\nurl = https://dav.{tool}.example.net\nvendor = other\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.example.net": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://registry.{tool}.example.net\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"app.{tool}.example.net\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\nindex = \"sparse+https://crates.{tool}.example.net/\"\ntoken = \"{value}\"",
        "helm_values": f"{tool}:\n  enabled: true\n  {cam}: {value}\n  resources: {{}}",
        "vault_agent": f"env_template \"{name}\" {{\n  contents = \"{value}\"\n}}",
        "my_cnf": f"# ~/.my.cnf\n[client]\nuser = {tool}_app\npassword = \"{value}\"\nhost = mysql.{tool}.example.net",
        "bitbucket_pipelines": (f"pipelines:\n  default:\n    - step:\n        name: Sync\n        script:\n"
                                f"          - export {name}={value}\n          - {tool} sync"),
        "wrangler": f"name = \"{tool}-edge\"\nmain = \"src/index.ts\"\ncompatibility_date = \"2026-12-01\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": (f"import http from 'k6/http';\n\nconst params = {{ headers: {{ '{kebab}': '{value}' }} }};\n\n"
                      f"export default function () {{\n  http.get('https://api.{tool}.example.net/v1/health', params);\n}}"),
        "heroku_config": f"$ heroku config -a {tool}-prod\n=== {tool}-prod Config Vars\nLOG_LEVEL: info\n{name}:  {value}\nWEB_CONCURRENCY: 2",
    }
    return texts[context], [value]


def _hex_groups(sizes: tuple[int, ...], alphabet: str = HX) -> str:
    return "-".join(r(n, alphabet) for n in sizes)


# Formats whose facts were read in public material (source kind public): a maintained detector rule set (Kingfisher,
# github.com/mongodb/kingfisher, data/rules). Only the facts (prefix, length, alphabet, the name beside it) were read;
# no rule or example was copied, and every value is drawn here.
KF = "Kingfisher rule set (github.com/mongodb/kingfisher, data/rules)"
SCRAPERBOX = f"a ScraperBox API token (32 upper-case letters and digits beside the name scraperbox), {KF} scraperbox.yml"
SCRAPESTACK = f"a scrapestack access key (32 lower-case letters and digits beside the name scrapestack), {KF} scrapestack.yml"
WISTIA = f"a Wistia API token (64 lower-case letters and digits beside the name wistia), {KF} wistia.yml"
NIGHTFALL = f"a Nightfall API key (NF- and 32 letters and digits), {KF} nightfall.yml"
CONVERTKIT = f"a ConvertKit API secret (22 letters, digits and _ beside the name convertkit), {KF} convertkit.yml"
IONIC = f"an Ionic personal access token (ion_ and 42 lower-case letters and digits), {KF} ionic.yml"
BLAZEMETER = f"a BlazeMeter API key (8-4-4-4-12 lower-case letters and digits beside the name blazemeter), {KF} blazemeter.yml"
BUDIBASE = f"a Budibase API key (32 hex digits, a dash, about 80 hex digits), {KF} budibase.yml"
CHARTMOGUL = f"a ChartMogul API key (32 lower-case letters and digits beside the name chartmogul), {KF} chartmogul.yml"
DETECTIFY = f"a Detectify API key (32 lower-case letters and digits beside the name detectify), {KF} detectify.yml"
STACKHAWK = f"a StackHawk API key (hawk., 20 URL-safe characters, a dot, 20 more), {KF} stackhawk.yml"
SSLMATE = f"an SSLMate API key (36 letters and digits beside the name sslmate), {KF} sslmate.yml"
UBIDOTS = f"an Ubidots token (BBFF- and 30 letters and digits), {KF} ubidots.yml"
VOICEFLOW = f"a Voiceflow Dialog Manager API key (VF.DM., 24 hex digits, a dot, 16 letters and digits), {KF} voiceflow.yml"
VOICEFLOW_WS = f"a Voiceflow workspace API key (VF.WS., 24 hex digits, a dot, 16 letters and digits), {KF} voiceflow.yml"
USERFLOW = f"a Userflow API key (29 lower-case letters, digits and _ beside the name userflow), {KF} userflow.yml"
SHOTSTACK = f"a Shotstack API key (40 letters and digits beside the name shotstack), {KF} shotstack.yml"
KNAPSACK = f"a Knapsack Pro test suite token (32 lower-case letters and digits beside the name knapsackpro), {KF} knapsackpro.yml"
GLASSNODE = f"a Glassnode API key (27 letters and digits beside the name glassnode), {KF} glassnode.yml"
TAXJAR = f"a TaxJar API token (32 lower-case letters and digits beside the name taxjar), {KF} taxjar.yml"
SNIPCART = f"a Snipcart secret API key (75 letters, digits and _ beside the name snipcart), {KF} snipcart.yml"
LOADMILL = f"a Loadmill API token (40 letters and digits beside the name loadmill), {KF} loadmill.yml"
YOUSIGN = f"a Yousign API key (32 lower-case letters and digits beside the name yousign), {KF} yousign.yml"
STORECOVE = f"a Storecove API key (43 URL-safe characters beside the name storecove), {KF} storecove.yml"
PANDASCORE = f"a PandaScore API token (51 URL-safe characters beside the name pandascore), {KF} pandascore.yml"
CURRENCYLAYER = f"a currencylayer access key (32 lower-case letters and digits beside the name currencylayer), {KF} currencylayer.yml"
BSCSCAN = f"a BscScan API key (34 upper-case letters and digits beside the name bscscan), {KF} bscscan.yml"
GECKOBOARD = f"a Geckoboard API key (44 letters and digits beside the name geckoboard), {KF} geckoboard.yml"
KLIPFOLIO = f"a Klipfolio API key (40 hex digits beside the name klipfolio), {KF} klipfolio.yml"
MAILSAC = f"a Mailsac API key (k_ and 36 or more letters and digits), {KF} mailsac.yml"
OOPSPAM = f"an OOPSpam API key (40 letters and digits beside the name oopspam), {KF} oopspam.yml"
PDFSHIFT = f"a PDFShift API key (32 hex digits beside the name pdfshift), {KF} pdfshift.yml"
CRAFTMYPDF = f"a CraftMyPDF API key (35 letters and digits beside the name craftmypdf), {KF} craftmypdf.yml"
ROUTE4ME = f"a Route4Me API key (32 upper-case letters and digits beside the name route4me), {KF} route4me.yml"
STORMGLASS = f"a Stormglass API key (73 letters, digits and dashes beside the name stormglass), {KF} stormglass.yml"
PDL = f"a People Data Labs API key (64 lower-case letters and digits beside the name peopledatalabs), {KF} peopledatalabs.yml"
STOCKDATA = f"a StockData API token (40 letters and digits beside the name stockdata), {KF} stockdata.yml"
SIMFIN = f"a SimFin API key (32 letters and digits beside the name simfin), {KF} simfin.yml"
THINGSBOARD = f"a ThingsBoard device provisioning secret (20 lower-case letters and digits after provisionDeviceSecret), {KF} thingsboard.yml"
PUBLIC = {SCRAPERBOX, SCRAPESTACK, WISTIA, NIGHTFALL, CONVERTKIT, IONIC, BLAZEMETER, BUDIBASE, CHARTMOGUL, DETECTIFY, STACKHAWK,
          SSLMATE, UBIDOTS, VOICEFLOW, VOICEFLOW_WS, USERFLOW, SHOTSTACK, KNAPSACK, GLASSNODE, TAXJAR, SNIPCART, LOADMILL,
          YOUSIGN, STORECOVE, PANDASCORE, CURRENCYLAYER, BSCSCAN, GECKOBOARD, KLIPFOLIO, MAILSAC, OOPSPAM, PDFSHIFT,
          CRAFTMYPDF, ROUTE4ME, STORMGLASS, PDL, STOCKDATA, SIMFIN, THINGSBOARD}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("scraperbox/api-token", "SCRAPERBOX_TOKEN", "scraperbox", lambda: r(32, UP), SCRAPERBOX),
    ("arcjet/site-key", "ARCJET_KEY", "arcjet", lambda: "ajkey_" + r(26, LO), "an Arcjet site key (ajkey_ and 26 lower-case letters and digits)"),
    ("permit/api-key", "PERMIT_API_KEY", "permit", lambda: "permit_key_" + r(86), "a Permit.io environment API key (permit_key_)"),
    ("wistia/api-token", "WISTIA_API_TOKEN", "wistia", lambda: r(64, LO), WISTIA),
    ("nightfall/api-key", "NIGHTFALL_API_KEY", "nightfall", lambda: "NF-" + r(32), NIGHTFALL),
    ("trieve/api-key", "TRIEVE_API_KEY", "trieve", lambda: "tr-" + r(32), "a Trieve API key (tr-)"),
    ("convertkit/api-secret", "CONVERTKIT_API_SECRET", "convertkit", lambda: r(22, AL + "_"), CONVERTKIT),
    ("ionic/personal-token", "IONIC_TOKEN", "ionic", lambda: "ion_" + r(42, LO), IONIC),
    ("hookdeck/api-key", "HOOKDECK_API_KEY", "hookdeck", lambda: r(50), "a Hookdeck project API key"),
    ("blazemeter/api-key", "BLAZEMETER_API_KEY", "blazemeter", lambda: _hex_groups((8, 4, 4, 4, 12), LO), BLAZEMETER),
    ("coderabbit/api-key", "CODERABBIT_API_KEY", "coderabbit", lambda: "cr-" + r(48, HX), "a CodeRabbit API key (cr- and hex)"),
    ("budibase/api-key", "BUDIBASE_API_KEY", "budibase", lambda: f"{r(32, HX)}-{r(80, HX)}", BUDIBASE),
    ("ollama/api-key", "OLLAMA_API_KEY", "ollama", lambda: f"{r(32, HX)}.{r(24)}", "an ollama.com API key (32 hex digits, a dot, 24 characters)"),
    ("chartmogul/api-key", "CHARTMOGUL_API_KEY", "chartmogul", lambda: r(32, LO), CHARTMOGUL),
    ("openfga/preshared-key", "OPENFGA_AUTHN_PRESHARED_KEYS", "openfga", lambda: r(40, AL), "an OpenFGA server pre-shared authentication key"),
    ("detectify/api-key", "DETECTIFY_API_KEY", "detectify", lambda: r(32, LO), DETECTIFY),
    ("temporal/api-key", "TEMPORAL_API_KEY", "temporal",
     lambda: jwt(DRAW, {"account_id": r(5, LO), "key_id": r(16, LO), "iat": 1765692771}, "ES256"), "a Temporal Cloud API key (a JWT)"),
    ("stackhawk/api-key", "HAWK_API_KEY", "stackhawk", lambda: f"hawk.{r(20, U64)}.{r(20, U64)}", STACKHAWK),
    ("vapi/private-key", "VAPI_PRIVATE_KEY", "vapi", u4, "a Vapi private API key (a UUID)"),
    ("turnkey/api-private-key", "TURNKEY_API_PRIVATE_KEY", "turnkey", _sec1_p256, "a Turnkey API key pair's P-256 private key (SEC1 DER with its public point)"),
    ("zep/api-key", "ZEP_API_KEY", "zep", lambda: "z_" + jwt(DRAW, {"project": u4(), "iat": 1765692771}), "a Zep Cloud API key (z_ and a JWT)"),
    ("ubidots/token", "UBIDOTS_TOKEN", "ubidots", lambda: "BBFF-" + r(30), UBIDOTS),
    ("hcaptcha/secret", "HCAPTCHA_SECRET", "hcaptcha", lambda: "0x" + r(40, HX), "an hCaptcha account secret (0x and 40 hex digits)"),
    ("voiceflow/dm-api-key", "VOICEFLOW_API_KEY", "voiceflow", lambda: f"VF.DM.{r(24, HX)}.{r(16)}", VOICEFLOW),
    ("dnsimple/account-token", "DNSIMPLE_TOKEN", "dnsimple", lambda: "dnsimple_a_" + r(32), "a DNSimple account access token (dnsimple_a_)"),
    ("userflow/api-key", "USERFLOW_API_KEY", "userflow", lambda: r(29, LO + "_"), USERFLOW),
    ("hostinger/api-token", "HOSTINGER_API_TOKEN", "hostinger", lambda: r(48), "a Hostinger API token"),
    ("shotstack/api-key", "SHOTSTACK_API_KEY", "shotstack", lambda: r(40), SHOTSTACK),
    ("atlan/api-token", "ATLAN_API_KEY", "atlan", lambda: jwt(DRAW, {"typ": "Bearer", "azp": "apikey-" + u4(), "iat": 1765692771}, "RS256"),
     "an Atlan API token (a JWT)"),
    ("knapsackpro/test-suite-token", "KNAPSACK_PRO_TEST_SUITE_TOKEN", "knapsackpro", lambda: r(32, LO), KNAPSACK),
    ("autodesk/client-secret", "AUTODESK_CLIENT_SECRET", "autodesk", lambda: r(64), "an Autodesk Platform Services client secret"),
    ("glassnode/api-key", "GLASSNODE_API_KEY", "glassnode", lambda: r(27), GLASSNODE),
    ("bland/api-key", "BLAND_API_KEY", "bland", lambda: "org_" + r(64, HX), "a Bland AI API key (org_ and hex)"),
    ("taxjar/api-token", "TAXJAR_API_TOKEN", "taxjar", lambda: r(32, LO), TAXJAR),
    ("boxcast/client-secret", "BOXCAST_CLIENT_SECRET", "boxcast", lambda: r(40), "a BoxCast API client secret"),
    ("snipcart/secret-key", "SNIPCART_SECRET_KEY", "snipcart", lambda: r(75, AL + "_"), SNIPCART),
    ("defang/access-token", "DEFANG_ACCESS_TOKEN", "defang", lambda: jwt(DRAW, {"sub": "ci", "tenant": r(8, LO), "iat": 1765692771}),
     "a Defang access token (a JWT)"),
    ("loadmill/api-token", "LOADMILL_API_TOKEN", "loadmill", lambda: r(40), LOADMILL),
    ("frontapp/api-token", "FRONT_API_TOKEN", "frontapp", lambda: jwt(DRAW, {"iss": "front", "sub": r(12, HX), "scopes": ["shared:*"]}),
     "a Front API token (a JWT)"),
    ("yousign/api-key", "YOUSIGN_API_KEY", "yousign", lambda: r(32, LO), YOUSIGN),
    ("glean/api-token", "GLEAN_API_TOKEN", "glean", lambda: r(43, U64) + "=", "a Glean API token (base64)"),
    ("storecove/api-key", "STORECOVE_API_KEY", "storecove", lambda: r(43, U64), STORECOVE),
    ("rutter/client-secret", "RUTTER_SECRET", "rutter", lambda: r(32, HX), "a Rutter client secret (32 hex digits)"),
    ("pandascore/api-token", "PANDASCORE_TOKEN", "pandascore", lambda: r(51, U64), PANDASCORE),
    ("smartling/user-secret", "SMARTLING_USER_SECRET", "smartling", lambda: r(52, LO + "-"), "a Smartling API user secret"),
    ("currencylayer/access-key", "CURRENCYLAYER_ACCESS_KEY", "currencylayer", lambda: r(32, LO), CURRENCYLAYER),
    ("speakeasy/api-key", "SPEAKEASY_API_KEY", "speakeasy", lambda: r(40), "a Speakeasy workspace API key"),
    ("bscscan/api-key", "BSCSCAN_API_KEY", "bscscan", lambda: r(34, UP), BSCSCAN),
    ("mailosaur/api-key", "MAILOSAUR_API_KEY", "mailosaur", lambda: r(16), "a Mailosaur API key (16 characters)"),
    ("geckoboard/api-key", "GECKOBOARD_API_KEY", "geckoboard", lambda: r(44), GECKOBOARD),
    ("magicbell/api-secret", "MAGICBELL_API_SECRET", "magicbell", lambda: r(40), "a MagicBell API secret"),
    ("klipfolio/api-key", "KLIPFOLIO_API_KEY", "klipfolio", lambda: r(40, HX), KLIPFOLIO),
    ("hyperping/api-key", "HYPERPING_API_KEY", "hyperping", lambda: r(32, HX), "a Hyperping API key"),
    ("mailsac/api-key", "MAILSAC_API_KEY", "mailsac", lambda: "k_" + r(40), MAILSAC),
    ("apideck/api-key", "APIDECK_API_KEY", "apideck", lambda: "sk_live_" + u4() + "-" + r(24), "an Apideck API key (sk_live_, a UUID and more)"),
    ("oopspam/api-key", "OOPSPAM_API_KEY", "oopspam", lambda: r(40), OOPSPAM),
    ("brex/user-token", "BREX_API_TOKEN", "brex", lambda: "bxt_" + r(48), "a Brex user token (bxt_)"),
    ("pdfshift/api-key", "PDFSHIFT_API_KEY", "pdfshift", lambda: r(32, HX), PDFSHIFT),
    ("bytebase/service-key", "BYTEBASE_SERVICE_KEY", "bytebase", lambda: "bbs_" + r(20), "a Bytebase service account key (bbs_)"),
    ("craftmypdf/api-key", "CRAFTMYPDF_API_KEY", "craftmypdf", lambda: r(35), CRAFTMYPDF),
    ("cloudamqp/api-key", "CLOUDAMQP_APIKEY", "cloudamqp", u4, "a CloudAMQP API key (a UUID)"),
    ("route4me/api-key", "ROUTE4ME_API_KEY", "route4me", lambda: r(32, UP), ROUTE4ME),
    ("corbado/api-secret", "CORBADO_API_SECRET", "corbado", lambda: "corbado1_" + r(30), "a Corbado API secret (corbado1_)"),
    ("stormglass/api-key", "STORMGLASS_API_KEY", "stormglass", lambda: f"{_hex_groups((8, 4, 4, 4, 12))}-{_hex_groups((8, 4, 4, 4, 12))}", STORMGLASS),
    ("emqx/api-secret", "EMQX_API_SECRET", "emqx", lambda: r(56), "an EMQX API key's secret"),
    ("peopledatalabs/api-key", "PEOPLEDATALABS_API_KEY", "peopledatalabs", lambda: r(64, LO), PDL),
    ("formspree/deploy-key", "FORMSPREE_DEPLOY_KEY", "formspree", lambda: r(32, HX), "a Formspree deploy key"),
    ("stockdata/api-token", "STOCKDATA_API_TOKEN", "stockdata", lambda: r(40), STOCKDATA),
    ("grist/api-key", "GRIST_API_KEY", "grist", lambda: r(40, HX), "a Grist API key (40 hex digits)"),
    ("simfin/api-key", "SIMFIN_API_KEY", "simfin", lambda: r(32), SIMFIN),
    ("lightdash/personal-access-token", "LIGHTDASH_API_KEY", "lightdash", lambda: "ldpat_" + r(32, HX), "a Lightdash personal access token (ldpat_)"),
    ("neynar/api-key", "NEYNAR_API_KEY", "neynar", lambda: _hex_groups((8, 4, 4, 4, 12), HXU), "a Neynar API key (grouped upper-case hex)"),
    ("openmeter/api-token", "OPENMETER_API_TOKEN", "openmeter", lambda: f"om_{r(32)}_{r(8)}", "an OpenMeter Cloud API token (om_)"),
    ("retell/api-key", "RETELL_API_KEY", "retell", lambda: "key_" + r(28, HX), "a Retell AI API key (key_ and hex)"),
    ("seam/api-key", "SEAM_API_KEY", "seam", lambda: f"seam_{r(8)}_{r(24)}", "a Seam API key (seam_)"),
    ("tebex/secret-key", "TEBEX_SECRET", "tebex", lambda: r(40, HX), "a Tebex webstore secret key"),
    ("sslmate/api-key", "SSLMATE_API_KEY", "sslmate", lambda: r(36), SSLMATE),
    ("cubbit/ds3-secret-key", "CUBBIT_SECRET_ACCESS_KEY", "cubbit", lambda: r(40, AL + "+/"),
     "a Cubbit DS3 (S3-compatible) secret access key"),
    ("twenty/api-key", "TWENTY_API_KEY", "twenty", lambda: jwt(DRAW, {"sub": u4(), "type": "API_KEY", "workspaceId": u4()}),
     "a Twenty CRM API key (a JWT)"),
    ("unstructured/api-key", "UNSTRUCTURED_API_KEY", "unstructured", lambda: r(30), "an Unstructured API key"),
    ("vanta/client-secret", "VANTA_CLIENT_SECRET", "vanta", lambda: f"vci_{r(64, HX)}", "a Vanta OAuth client secret"),
    ("yext/api-key", "YEXT_API_KEY", "yext", lambda: r(32, HX), "a Yext API key (32 hex digits)"),
    ("nango/secret-key", "NANGO_SECRET_KEY", "nango", u4, "a Nango environment secret key (a UUID)"),
    ("capgo/api-key", "CAPGO_API_KEY", "capgo", u4, "a Capgo API key (a UUID)"),
]


def czech_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Three more secrets, each said in a Czech chat line (format, context, text, secrets, what)."""
    workspace, device_secret, nightfall_key = f"VF.WS.{r(24, HX)}.{r(16)}", r(20, LO), "NF-" + r(32)
    return [
        ("voiceflow/workspace-api-key", "prose",
         f"Tady je klíč k pracovnímu prostoru ve Voiceflow: {workspace}. Do wiki ho prosím nedávej, posílám ho jen sem.",
         [workspace], VOICEFLOW_WS),
        ("thingsboard/provision-secret", "prose",
         f"Tajný kód pro registraci čidel v ThingsBoardu je {device_secret}, starý minulý týden přestal fungovat.",
         [device_secret], THINGSBOARD),
        ("nightfall/api-key", "prose",
         f"Na testy skenování ber zatím můj klíč {nightfall_key}, vlastní ti Jana vytvoří zítra.",
         [nightfall_key], NIGHTFALL),
    ]


def _czech_company_id() -> str:
    """A Czech company id (IČO): seven digits and the mod-11 check digit of the weights 8 to 2."""
    digits = r(7, DG)
    rest = sum(int(d) * w for d, w in zip(digits, range(8, 1, -1))) % 11
    return digits + str((11 - rest) % 10)


def _isbn13() -> str:
    """An ISBN-13 of the 978 prefix with its check digit (weights 1 and 3)."""
    body = "978" + r(9, DG)
    total = sum(int(d) * (1, 3)[i % 2] for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/otel-resource-attributes-with-revision", "env",
     lambda: f"OTEL_SERVICE_NAME=checkout\nOTEL_RESOURCE_ATTRIBUTES=service.version=3.2.1,deployment.environment=prod,vcs.revision={r(40, HX)}",
     "telemetry attributes naming the deployed commit"),
    ("json/openvex-statement-with-image-digest", "json",
     lambda: json.dumps({"@context": "https://openvex.dev/ns/v0.2.0", "author": "security@example.net",
                         "statements": [{"vulnerability": {"name": "CVE-2026-31337"}, "status": "not_affected",
                                         "products": [{"@id": f"pkg:oci/api@sha256:{r(64, HX)}"}],
                                         "justification": "vulnerable_code_not_in_execute_path"}]}, indent=2),
     "a vulnerability statement about an image named by its digest"),
    ("escaped/cloudevent-id-and-traceparent", "escaped_json",
     lambda: json.dumps({"level": "info", "msg": "event", "event": json.dumps({"specversion": "1.0", "id": u4(), "type": "order.paid",
                                                                              "traceparent": f"00-{r(32, HX)}-{r(16, HX)}-01"})}),
     "an event's id and trace context"),
    ("cli/cosign-verify-certificate-identity", "cli_flag",
     lambda: (f"$ cosign verify --certificate-identity=https://github.com/acme/api/.github/workflows/release.yml@refs/tags/v1.2.0 "
              f"--certificate-oidc-issuer=https://token.actions.githubusercontent.com ghcr.io/acme/api@sha256:{r(64, HX)}"),
     "verifying a signed image by the identity that signed it"),
    ("prose/czech-company-id", "prose",
     lambda: f"Fakturační údaje se nemění: naše IČO je {_czech_company_id()}, sídlo zůstává v Brně.",
     "a company's public registration number"),
    ("tool/git-pack-file-names", "tool_output",
     lambda: (lambda h: f"$ ls .git/objects/pack\npack-{h}.idx\npack-{h}.pack\npack-{h}.rev")(r(40, HX)),
     "pack files named by their checksum"),
    ("diff/git-lfs-pointer-oid", "diff",
     lambda: (f"diff --git a/assets/hero.psd b/assets/hero.psd\n--- a/assets/hero.psd\n+++ b/assets/hero.psd\n@@ -1,3 +1,3 @@\n"
              f" version https://git-lfs.github.com/spec/v1\n-oid sha256:{r(64, HX)}\n+oid sha256:{r(64, HX)}\n size 48213377"),
     "a large file's content address in a pointer file"),
    ("bytes/png-signature-and-ihdr", "bytes_literal", lambda: "PNG_HEADER = b'\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR'",
     "the fixed signature every PNG file starts with"),
    ("yaml/dependabot-registry-secret-refs", "yaml",
     lambda: "registries:\n  npm-internal:\n    type: npm-registry\n    url: https://npm.pkg.github.com\n    token: ${{secrets.NPM_READ_TOKEN}}",
     "a registry whose token is named, not given"),
    ("csv/isbn13-reading-list", "csv", lambda: f"title,isbn\nRelease It!,{_isbn13()}\nDesigning Data-Intensive Applications,{_isbn13()}",
     "book numbers with their check digits"),
    ("url/openstreetmap-node-links", "url", lambda: f"https://www.openstreetmap.org/node/{r(10, DG)}#map=19/49.19522/16.60796",
     "a public map object's number"),
    ("header/content-digest-sha256", "header", lambda: f"HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Digest: sha-256=:{b64(32)}:",
     "a response body's digest"),
    ("log/raft-leader-election", "log",
     lambda: f"2026-12-14T06:12:51.044Z [INFO]  raft: election won: term={R.randrange(2, 90)} tally=2 id={u4()}",
     "a consensus node's id and term"),
    ("conn/mongodb-srv-without-credentials", "connection_string",
     lambda: f"mongodb+srv://cluster0.{r(5, LO)}.mongodb.net/?retryWrites=true&w=majority&appName=orders",
     "a cluster address without a user or password"),
    ("code/murmur3-mixing-constants", "code", lambda: "const C1: u32 = 0xcc9e_2d51;\nconst C2: u32 = 0x1b87_3593;\nconst FMIX: u32 = 0x85eb_ca6b;",
     "the published constants of MurmurHash3"),
    ("ini/pip-conf-index-without-credentials", "ini",
     lambda: "[global]\nindex-url = https://pypi.example.net/simple\ntrusted-host = pypi.example.net\nrequire-hashes = true",
     "a package index address without a password"),
    ("xml/nuget-package-source-mapping", "xml",
     lambda: "<packageSourceMapping>\n  <packageSource key=\"internal\">\n    <package pattern=\"Acme.*\" />\n  </packageSource>\n</packageSourceMapping>",
     "which feed serves which packages"),
    ("dockerfile/buildkit-secret-mount", "dockerfile",
     lambda: "# syntax=docker/dockerfile:1\nFROM node:22\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
     "a build step that mounts a secret by name"),
    ("netrc/anonymous-ftp-macdef", "netrc", lambda: "machine mirror.example.net\n  login anonymous\nmacdef init\nbinary\n",
     "an anonymous login with no password"),
    ("pem/pkcs7-certificate-chain", "pem", lambda: "-----BEGIN PKCS7-----\n" + DRAW.pem_lines(1440) + "\n-----END PKCS7-----",
     "a server's public certificate chain in PKCS#7"),
    ("wrapped/sha512-digest-across-lines", "wrapped",
     lambda: (lambda d: f"Dec 14 06:12:51 runner-7 verify[77]: sha512 of release.tar.zst = {d[:70]}\n"
                        f"Dec 14 06:12:51 runner-7 verify[77]: {d[70:]} (ok)")(r(128, HX)),
     "a release digest cut across two log lines"),
    ("toml/uv-index-with-authenticate-flag", "toml",
     lambda: "[[tool.uv.index]]\nname = \"internal\"\nurl = \"https://pypi.example.net/simple\"\nauthenticate = \"always\"",
     "an index that asks for credentials without holding any"),
    ("history/git-bisect-good-bad", "shell_history",
     lambda: f": 1765692771:0;git bisect start\n: 1765692775:0;git bisect bad {r(40, HX)}\n: 1765692781:0;git bisect good {r(40, HX)}",
     "commits marked during a bisect"),
    ("notebook/hashlib-md5-of-dataset", "notebook",
     lambda: json.dumps({"cell_type": "code", "execution_count": 3, "metadata": {},
                         "outputs": [{"output_type": "execute_result", "data": {"text/plain": [f"'{r(32, HX)}'"]}}],
                         "source": ["hashlib.md5(Path('data/orders.csv').read_bytes()).hexdigest()"]}),
     "a data file's checksum"),
    ("hcl/packer-source-ami-owner", "hcl",
     lambda: f"source \"amazon-ebs\" \"base\" {{\n  source_ami    = \"ami-0{r(16, HX)}\"\n  instance_type = \"t3.small\"\n  ssh_username  = \"ubuntu\"\n}}",
     "a machine image's id"),
    ("properties/flyway-locations-and-checksum-comment", "properties",
     lambda: f"flyway.locations=classpath:db/migration\nflyway.validateMigrationNaming=true\n# V12__orders.sql checksum {R.randrange(-2**31, 2**31)}",
     "a migration's checksum"),
    ("powershell/get-filehash-sha384", "powershell",
     lambda: f"PS C:\\> Get-FileHash -Algorithm SHA384 .\\setup.msi | Format-List\n\nAlgorithm : SHA384\nHash      : {r(96, HXU)}\nPath      : C:\\setup.msi",
     "an installer's digest"),
    ("systemd/hostnamectl-machine-and-boot-ids", "systemd",
     lambda: f"$ hostnamectl\n Static hostname: build-04\n      Machine ID: {r(32, HX)}\n         Boot ID: {r(32, HX)}\n Operating System: Debian GNU/Linux 13",
     "a machine's and a boot's ids"),
    ("har/response-etag-and-cache-control", "har",
     lambda: json.dumps({"log": {"entries": [{"response": {"status": 200, "headers": [{"name": "etag", "value": f"W/\"{r(27, HX)}\""},
                                                                                       {"name": "cache-control", "value": "max-age=600"}]}}]}}),
     "a response's cache validator"),
    ("curl/alt-svc-and-request-id", "curl_trace",
     lambda: f"* ALPN: server accepted h2\n< HTTP/2 200\n< alt-svc: h3=\":443\"; ma=86400\n< x-request-id: {u4()}",
     "protocol negotiation and a request id"),
    ("k8s/external-secret-remote-refs", "k8s_secret",
     lambda: ("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: orders-db\nspec:\n"
              "  secretStoreRef: {name: vault, kind: ClusterSecretStore}\n  data:\n  - secretKey: password\n    remoteRef: {key: orders/db, property: password}"),
     "where a secret is fetched from, not the secret"),
    ("crash/go-panic-goroutine-trace", "crash_report",
     lambda: (f"panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.parse(...)\n"
              f"\t/src/parse.go:41 +0x{r(3, HX)}\nmain.main()\n\t/src/main.go:12 +0x{r(2, HX)}"),
     "a crash's stack with code offsets"),
    ("web/feature-flag-bootstrap-cache", "web_storage",
     lambda: json.dumps({"origin": "https://app.example.net", "localStorage": {"ff:bootstrap": json.dumps({"new-checkout": {"variant": "on", "version": R.randrange(10, 99)}})}}),
     "cached feature flags"),
    ("plist/configuration-profile-payload-uuid", "plist",
     lambda: f"<key>PayloadIdentifier</key>\n<string>net.example.wifi</string>\n<key>PayloadUUID</key>\n<string>{u4().upper()}</string>",
     "a configuration profile's id"),
    ("tfstate/lineage-and-serial", "tfstate",
     lambda: json.dumps({"version": 4, "terraform_version": "1.9.8", "serial": R.randrange(10, 300), "lineage": u4(), "outputs": {}}),
     "a state file's lineage id"),
    ("mobile/android-application-id-and-version-code", "mobile_config",
     lambda: f"android {{\n    defaultConfig {{\n        applicationId \"net.example.orders\"\n        versionCode {R.randrange(100, 9999)}\n        versionName \"4.1.0\"\n    }}\n}}",
     "an app's id and build number"),
    ("sql/pg-sequence-setval", "sql_dump",
     lambda: f"SELECT pg_catalog.setval('public.orders_id_seq', {R.randrange(10**4, 10**7)}, true);",
     "a sequence's position in a dump"),
    ("email/message-id-and-references", "email",
     lambda: f"Message-ID: <{u4()}@mail.example.net>\nIn-Reply-To: <{u4()}@mail.example.net>\nSubject: Re: release notes",
     "mail message ids"),
    ("nginx/upstream-consistent-hash", "nginx",
     lambda: "upstream api {\n    hash $request_id consistent;\n    server 10.0.0.11:8080;\n    server 10.0.0.12:8080;\n    keepalive 32;\n}",
     "load balancing by a request id"),
    ("markdown/compare-link-between-releases", "markdown",
     lambda: f"**Full changelog**: [v1.8.0...v1.9.0](https://github.com/acme/api/compare/{r(40, HX)}...{r(40, HX)})",
     "a link comparing two commits"),
    ("postman/collection-variables-with-empty-key", "postman",
     lambda: json.dumps({"info": {"name": "Orders"}, "variable": [{"key": "apiKey", "value": ""}, {"key": "baseUrl", "value": "https://api.example.net"}]}),
     "a collection whose key variable is empty"),
    ("jenkins/sshagent-credential-id", "jenkinsfile",
     lambda: "stage('tag') {\n  steps {\n    sshagent(credentials: ['release-deploy-key']) {\n      sh 'git push origin --tags'\n    }\n  }\n}",
     "a key named by its credential id, not given"),
    ("compose/secret-file-references", "compose",
     lambda: "services:\n  db:\n    image: postgres:17\n    secrets: [db_password]\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt",
     "a secret named by its file"),
    ("gradle/build-scan-link", "gradle",
     lambda: f"BUILD SUCCESSFUL in 41s\n\nPublishing Build Scan...\nhttps://gradle.com/s/{r(13, LO)}",
     "a published build report's link"),
    ("chat/mattermost-post-and-channel-ids", "chat_export",
     lambda: json.dumps([{"id": r(26, LO), "channel_id": r(26, LO), "user_id": r(26, LO), "message": "staging is green"}]),
     "chat post and channel ids"),
    ("ansible/galaxy-requirements-with-signatures", "ansible",
     lambda: "collections:\n  - name: community.general\n    version: 9.5.0\n    signatures:\n      - https://galaxy.example.net/signatures/community-general-9.5.0.asc",
     "a collection pinned with its signature's address"),
    ("kubeconfig/cluster-server-and-tls-server-name", "kubeconfig",
     lambda: "clusters:\n- name: lab\n  cluster:\n    server: https://10.20.0.1:6443\n    tls-server-name: kubernetes.default.svc",
     "a cluster address without credentials"),
    ("hocon/play-allowed-hosts", "hocon",
     lambda: "play.filters.hosts {\n  allowed = [\".example.net\", \"localhost:9000\"]\n}\nplay.http.session.cookieName = \"ORDERS_SESSION\"",
     "allowed host names and a cookie's name"),
    ("nix/fetchurl-with-sri-hash", "nix",
     lambda: f"src = fetchurl {{\n  url = \"https://example.net/releases/tool-2.3.tar.gz\";\n  hash = \"sha256-{b64(32)}\";\n}};",
     "a download pinned by its digest"),
    ("caddy/csp-nonce-placeholder", "caddyfile",
     lambda: "example.net {\n  header Content-Security-Policy \"script-src 'self' 'nonce-{http.request.uuid}'\"\n  encode zstd gzip\n}",
     "a nonce placeholder filled per request"),
    ("gitconfig/ssh-signing-allowed-signers", "gitconfig",
     lambda: "[gpg]\n\tformat = ssh\n[gpg \"ssh\"]\n\tallowedSignersFile = ~/.config/git/allowed_signers\n[user]\n\tsigningkey = ~/.ssh/id_ed25519.pub",
     "signing set up by public key paths"),
    ("makefile/ldflags-commit-and-build-date", "makefile",
     lambda: f"COMMIT := $(shell git rev-parse HEAD)\n# e.g. COMMIT={r(40, HX)}\nbuild:\n\tgo build -ldflags \"-X main.commit=$(COMMIT) -X main.date=2026-12-14\"",
     "the commit and date stamped into a binary"),
    ("npmrc/engine-strict-and-save-exact", "npmrc", lambda: "engine-strict=true\nsave-exact=true\nfund=false\nupdate-notifier=false",
     "package manager settings with nothing secret"),
    ("pgpass/pg-service-conf-without-password", "pgpass",
     lambda: "# ~/.pg_service.conf\n[reporting]\nhost=db.internal\nport=5432\ndbname=orders\nuser=reporting\nsslmode=verify-full",
     "a connection service without a password"),
    ("crontab/restic-check-schedule", "crontab", lambda: "30 2 * * 0 restic check --read-data-subset=5% >> /var/log/restic-check.log 2>&1",
     "a backup check schedule"),
    ("http/graphql-introspection-query", "http_file",
     lambda: "### schema\nPOST https://api.example.net/graphql\nContent-Type: application/json\n\n{\"query\": \"{ __schema { types { name } } }\"}",
     "a schema query with no credentials"),
    ("haproxy/peers-section", "haproxy", lambda: "peers lb\n    peer lb1 10.0.0.11:10000\n    peer lb2 10.0.0.12:10000",
     "load balancer peers"),
    ("sbt/scalafix-dependency-coordinates", "sbt",
     lambda: "ThisBuild / scalafixDependencies += \"com.github.liancheng\" %% \"organize-imports\" % \"0.6.0\"",
     "a library's coordinates"),
    ("pypirc/testpypi-token-username-only", "pypirc",
     lambda: "[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\n# password comes from keyring",
     "an upload target whose password is kept elsewhere"),
    ("ssh/controlpath-and-proxyjump", "ssh_config",
     lambda: "Host db-*\n    ProxyJump bastion\n    ControlMaster auto\n    ControlPath ~/.ssh/cm-%C\n    ControlPersist 10m",
     "connection sharing settings"),
    ("launch/compound-configurations", "launch_json",
     lambda: json.dumps({"version": "0.2.0", "compounds": [{"name": "API + worker", "configurations": ["API", "Worker"], "stopAll": True}]}, indent=2),
     "debug configurations started together"),
    ("gha/actions-pinned-by-commit", "gha_workflow",
     lambda: f"steps:\n  - uses: actions/checkout@{r(40, HX)} # v4.2.2\n  - uses: actions/setup-node@{r(40, HX)} # v4.1.0",
     "actions pinned to commits"),
    ("fish/abbreviations", "fish", lambda: "abbr -a gco git checkout\nabbr -a gst git status\nabbr -a k kubectl",
     "shell abbreviations"),
    ("console/navigation-timing-entry", "devtools_console",
     lambda: f"> performance.getEntriesByType('navigation')[0].serverTiming\n< [{{name: 'db', duration: {R.randrange(3, 90)}}}, {{name: 'cache', description: 'hit'}}]",
     "page timing from the browser"),
    ("envrc/layout-node-and-watch-files", "envrc", lambda: "layout node\nwatch_file package.json .nvmrc\nexport NODE_OPTIONS=--max-old-space-size=4096",
     "a direnv file with a layout and watched files"),
    ("maven/mirror-of-central", "maven_settings",
     lambda: "<mirrors>\n  <mirror>\n    <id>internal</id>\n    <mirrorOf>central</mirrorOf>\n    <url>https://maven.example.net/releases</url>\n  </mirror>\n</mirrors>",
     "a repository mirror"),
    ("rclone/sftp-remote-with-key-file-path", "rclone_conf",
     lambda: "[nas]\ntype = sftp\nhost = nas.local\nuser = backup\nkey_file = ~/.ssh/id_ed25519\nshell_type = unix",
     "a remote that names its key file"),
    ("composer/auth-json-empty-sections", "composer_auth", lambda: json.dumps({"http-basic": {}, "github-oauth": {}, "bearer": {}}, indent=4),
     "an auth file with nothing in it"),
    ("yarnrc/npm-scope-registry-without-token", "yarnrc",
     lambda: "npmScopes:\n  acme:\n    npmRegistryServer: \"https://npm.pkg.github.com\"\n    npmAlwaysAuth: true",
     "a scope's registry with no token"),
    ("terraformrc/filesystem-mirror-and-direct-exclude", "terraformrc",
     lambda: ("provider_installation {\n  filesystem_mirror {\n    path    = \"/usr/share/terraform/providers\"\n    include = [\"example.net/*/*\"]\n  }\n"
              "  direct {\n    exclude = [\"example.net/*/*\"]\n  }\n}"),
     "where providers are installed from"),
    ("cargo/global-credential-providers", "cargo_credentials",
     lambda: "[registry]\nglobal-credential-providers = [\"cargo:token\", \"cargo:libsecret\"]",
     "where tokens are kept, not the tokens"),
    ("docker/config-proxies-and-plugin-dirs", "docker_config",
     lambda: json.dumps({"proxies": {"default": {"httpProxy": "http://proxy.internal:3128", "noProxy": "localhost,.internal"}},
                         "cliPluginsExtraDirs": ["/usr/lib/docker/cli-plugins"]}, indent=2),
     "client settings without a stored login"),
    ("aws/credential-process-profile", "aws_config",
     lambda: "[profile ci]\ncredential_process = /usr/local/bin/aws-vault exec ci --json\nregion = eu-west-3",
     "a profile that fetches credentials when run"),
    ("gitcredentials/store-file-listing", "git_credentials",
     lambda: "$ git config --global credential.helper\nstore --file ~/.config/git/credentials\n$ wc -l ~/.config/git/credentials\n3 /home/ci/.config/git/credentials",
     "where the credential store is and how long it is"),
    ("helm/image-pull-secret-names", "helm_values",
     lambda: f"imagePullSecrets:\n  - name: regcred\nserviceAccount:\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::{r(12, DG)}:role/orders",
     "a pull secret named and a role to assume"),
    ("vault/auto-auth-approle-file-paths", "vault_agent",
     lambda: ("auto_auth {\n  method \"approle\" {\n    config = {\n      role_id_file_path   = \"/etc/vault/role-id\"\n"
              "      secret_id_file_path = \"/etc/vault/secret-id\"\n    }\n  }\n}"),
     "files that hold a login, not the login"),
    ("mycnf/client-section-without-password", "my_cnf",
     lambda: "# ~/.my.cnf\n[client]\nuser = reporting\nhost = mysql.internal\nssl-mode = VERIFY_IDENTITY\n\n[mysqldump]\nsingle-transaction",
     "a MySQL option file without a password"),
    ("s3cfg/bucket-location-and-host-template", "s3cfg",
     lambda: "[default]\nbucket_location = EU\nhost_base = s3.example.net\nhost_bucket = %(bucket)s.s3.example.net\nsignature_v2 = False",
     "s3cmd settings without keys"),
    ("bitbucket/pipe-with-repository-variable-refs", "bitbucket_pipelines",
     lambda: ("pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - pipe: atlassian/aws-s3-deploy:1.6.1\n"
              "              variables:\n                AWS_ACCESS_KEY_ID: $AWS_ACCESS_KEY_ID\n                AWS_SECRET_ACCESS_KEY: $AWS_SECRET_ACCESS_KEY"),
     "a step naming repository variables, not their values"),
    ("wrangler/kv-and-d1-binding-ids", "wrangler",
     lambda: f"[[kv_namespaces]]\nbinding = \"CACHE\"\nid = \"{r(32, HX)}\"\n\n[[d1_databases]]\nbinding = \"DB\"\ndatabase_name = \"orders\"\ndatabase_id = \"{u4()}\"",
     "storage bindings' ids"),
    ("k6/env-reference-and-thresholds", "k6_script",
     lambda: ("import http from 'k6/http';\n\nexport const options = { thresholds: { http_req_duration: ['p(95)<400'] } };\n"
              "const token = __ENV.API_TOKEN;\n\nexport default function () {\n  http.get('https://api.example.net/v1/health', { headers: { Authorization: `Bearer ${token}` } });\n}"),
     "a load test that reads its token from the environment"),
    ("heroku/releases-list-with-commits", "heroku_config",
     lambda: f"$ heroku releases -a orders-prod\n=== orders-prod Releases - Current: v{R.randrange(40, 99)}\nv58  Deploy {r(8, HX)}  ci@example.net  2026/12/14 06:12:51\nv57  Set LOG_LEVEL config vars  ops@example.net  2026/12/13 17:01:09",
     "deploys listed with their commits"),
    ("prose/czech-bank-account-and-variable-symbol", "prose",
     lambda: f"Zálohu pošlete prosím na účet 19-{r(10, DG)}/0800, variabilní symbol {r(10, DG)}. Děkujeme.",
     "a bank account number and payment reference"),
    ("tool/cosign-triangulate-output", "tool_output",
     lambda: f"$ cosign triangulate ghcr.io/acme/api:1.9.0\nghcr.io/acme/api:sha256-{r(64, HX)}.sig",
     "where an image's signature is stored"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, czech_prose, ORDINARY, PUBLIC), Path(__file__).with_name("fresh13.jsonl"))
