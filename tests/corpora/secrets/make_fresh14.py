"""Writes the fourteenth fresh held-out part of the secrets corpus, fresh14.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are the vendors' as the writer knows them, or facts read in a public
detector rule set, as each item's note says. Six contexts are new with this part (an Emacs .authinfo
file, a Fly.io fly.toml, a netlify.toml, a Render blueprint render.yaml, a JMeter test plan, a Jenkins
credentials.xml); secrets in prose are in Hungarian. No vendor and no ordinary shape of this part is in
another part.

    python tests/corpora/secrets/make_fresh14.py [OUT]   # default: fresh14.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B32, DG, HX, LO, U64, UP, Seeded, bech32, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261207
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
HXU = HX.upper()
DRAWN = f"value drawn by make_fresh14.py (seed {SEED})"

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
            "my_cnf", "s3cfg", "bitbucket_pipelines", "wrangler", "k6_script", "heroku_config",
            "authinfo", "fly_toml", "netlify_toml", "render_yaml", "jmeter_plan", "jenkins_credentials")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 2
    head, tail = value[:cut], value[cut:]
    text = (f"2026-12-07T03:41:09.118Z worker-3 stdout F [{tool}] loaded {name}={head}\n"
            f"2026-12-07T03:41:09.118Z worker-3 stdout F {tail} (from secret store)")
    return text, [head, tail]


def _pem(value: str) -> tuple[str, list[str]]:
    """A private key's base64 body in PKCS#8 armour; every body line must go."""
    lines = [value[i:i + 64] for i in range(0, len(value), 64)]
    return "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----", lines


def _ed25519_pkcs8() -> str:
    """An Ed25519 private key as PKCS#8 DER (the fixed prefix and a drawn 32-byte seed), in base64."""
    return base64.b64encode(bytes.fromhex("302e020100300506032b657004220420") + bytes(R.randrange(256) for _ in range(32))).decode()


def _s3cfg(tool: str, value: str) -> tuple[str, list[str]]:
    key_id = r(20, UP)
    return (f"[{tool}]\nhost_base = objects.{tool}.example.org\nhost_bucket = objects.{tool}.example.org\n"
            f"access_key = {key_id}\nsecret_key = {value}\nsignature_v2 = False"), [key_id, value]


def _docker_auth(tool: str, value: str) -> tuple[str, list[str]]:
    encoded = base64.b64encode(f"ci-bot:{value}".encode()).decode()
    return json.dumps({"auths": {f"registry.{tool}.example.org": {"auth": encoded}}, "credsStore": ""}, indent=2), [encoded]


def _aws_profile(tool: str, value: str) -> tuple[str, list[str]]:
    key_id = r(20, UP)
    return (f"[profile {tool}-uploads]\nregion = ap-southeast-2\noutput = json\n"
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
        return (f"apiVersion: v1\nkind: Secret\ntype: Opaque\nmetadata:\n  name: {tool}\n  labels: {{app: reports}}\ndata:\n"
                f"  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    if context == "jenkins_credentials":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"<com.cloudbees.plugins.credentials.SystemCredentialsProvider>\n  <domainCredentialsMap>\n    <entry>\n"
                f"      <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n        <id>{tool}-key</id>\n"
                f"        <description>{tool} for the nightly job</description>\n        <secret>{value}</secret>\n"
                f"      </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n    </entry>\n  </domainCredentialsMap>\n"
                f"</com.cloudbees.plugins.credentials.SystemCredentialsProvider>"), [value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials"):
        texts = {
            "url": f"https://api.{tool}.example.org/v2/report.csv?from=2026-11-01&{name.lower()}={quoted}",
            "connection_string": f"mongodb://{tool}_reader:{quoted}@db1.{tool}.example.org:27017,db2.{tool}.example.org:27017/reports?replicaSet=rs0",
            "git_credentials": f"https://x-token:{quoted}@git.{tool}.example.org\nhttps://anonymous@mirror.example.com",
        }
        return texts[context], [quoted]
    low, kebab, cam = name.lower(), name.lower().replace("_", "-"), camel(name)
    texts = {
        "env": f"# .env.local\nNODE_ENV=development\nPORT=5173\n{name}={value}",
        "json": json.dumps({"services": {tool: {cam: value, "timeoutMs": 8000}}}, indent=2),
        "escaped_json": json.dumps({"time": "2026-12-07T03:41:09Z", "level": "debug", "settings": json.dumps({"provider": tool, cam: value})}),
        "cli_flag": f"$ npx {tool}-uploader --{kebab}={value} --dir ./out",
        "prose": f"Szia Bence! A {tool} kulcsát ma reggel lecseréltem, az új: {value} — légyszi, tedd be a stagingbe még ebéd előtt.",
        "tool_output": f"$ {tool} whoami --verbose\naccount   reports-team\n{kebab:<9} {value}\nexpires   never",
        "diff": (f"diff --git a/config/{tool}.yml b/config/{tool}.yml\n--- a/config/{tool}.yml\n+++ b/config/{tool}.yml\n"
                 f"@@ -1,2 +1,3 @@\n enabled: true\n+{low}: {value}\n region: eu"),
        "bytes_literal": f"headers = {{b'x-{kebab}': b'{value}', b'accept': b'application/json'}}",
        "yaml": f"clients:\n  - name: {tool}\n    baseUrl: https://api.{tool}.example.org\n    {cam}: \"{value}\"",
        "csv": f"integration,owner,{low}\n{tool},reports-team,{value}",
        "header": f"GET /v2/status HTTP/1.1\nHost: api.{tool}.example.org\nX-{name.replace('_', '-').title()}: {value}\nAccept: */*",
        "log": f"time=2026-12-07T03:41:09Z level=debug component={tool} msg=\"client ready\" {low}={value}",
        "code": f"client = {tool.replace('-', '_').title().replace('_', '')}Client({low}=\"{value}\", timeout=8)",
        "ini": f"[{tool}]\nbase_url = https://api.{tool}.example.org\n{low} = {value}",
        "xml": f"<{tool}Settings>\n  <endpoint>https://api.{tool}.example.org</endpoint>\n  <{cam}>{value}</{cam}>\n</{tool}Settings>",
        "dockerfile": f"FROM node:22-alpine\nENV {name}={value}\nCMD [\"node\", \"server.js\"]",
        "netrc": f"machine uploads.{tool}.example.org login reports password {value}",
        "toml": f"[clients.{tool}]\nbase_url = \"https://api.{tool}.example.org\"\n{low} = \"{value}\"",
        "shell_history": f"  501  export {name}={value}\n  502  {tool} ping",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 7, "metadata": {}, "outputs": [],
                                "source": [f"{low} = \"{value}\"\n", f"client = connect(\"{tool}\", {low})\n"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"app.{tool}.base-url=https://api.{tool}.example.org\napp.{tool}.{kebab}={value}",
        "powershell": f"PS> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')",
        "systemd": f"# /etc/systemd/system/{tool}-sync.service.d/override.conf\n[Service]\nEnvironment={name}={value}",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.org/v2/jobs",
                                                            "headers": [{"name": f"x-{kebab}", "value": value}]}}]}}),
        "curl_trace": f"> POST /v2/jobs HTTP/1.1\n> Host: api.{tool}.example.org\n> X-{name.replace('_', '-').title()}: {value}\n> Content-Length: 42\n>",
        "crash_report": (f"Unhandled exception: TimeoutError\n  at sync ({tool}.js:88:11)\n\nProcess environment:\n"
                         f"  NODE_ENV=production\n  {name}={value}"),
        "web_storage": json.dumps({"origin": f"https://dashboard.{tool}.example.org", "sessionStorage": {f"{cam}": value, "lang": "hu"}}),
        "plist": f"<dict>\n  <key>{cam}</key>\n  <string>{value}</string>\n  <key>Region</key>\n  <string>eu</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "resources": [{"mode": "managed", "type": f"{tool}_token", "name": "reports",
                                                            "instances": [{"attributes": {"id": "reports", "value": value}}]}]}),
        "mobile_config": f"# android/key.properties\nstoreFile=release.jks\n{cam}={value}",
        "sql_dump": f"COPY public.integrations (vendor, {low}) FROM stdin;\n{tool}\t{value}\n\\.",
        "email": (f"From: reports@example.org\nTo: vendor-support@{tool}.example.org\nSubject: key for the reports account\n\n"
                  f"Our current key is {value} - can you check why it is rejected?"),
        "nginx": f"location /api/{tool}/ {{\n    proxy_set_header X-{name.replace('_', '-').title()} \"{value}\";\n    proxy_pass https://api.{tool}.example.org/;\n}}",
        "markdown": f"Setup:\n\n1. Install the CLI\n2. Run `{tool} login --key {value}`",
        "postman": json.dumps({"name": "reports", "values": [{"key": "baseUrl", "value": f"https://api.{tool}.example.org"},
                                                            {"key": cam, "value": value, "type": "default"}]}),
        "jenkinsfile": f"node {{\n  withEnv(['{name}={value}']) {{\n    sh '{tool} export'\n  }}\n}}",
        "compose": f"services:\n  reports:\n    image: example/reports:1\n    environment:\n      - {name}={value}",
        "gradle": f"// build.gradle.kts\nbuildConfigField(\"String\", \"{name}\", \"\\\"{value}\\\"\")",
        "chat_export": json.dumps({"messages": [{"from": "dora", "date": "2026-12-07T03:41:09", "text": f"{tool} key → {value}"}]}),
        "ansible": f"- name: configure {tool}\n  ansible.builtin.lineinfile:\n    path: /etc/reports.env\n    line: \"{name}={value}\"",
        "kubeconfig": f"users:\n- name: {tool}-reader\n  user:\n    token: \"{value}\"",
        "hocon": f"clients.{tool}.{cam} = \"{value}\"",
        "nix": f"environment.variables.{name} = \"{value}\";",
        "caddyfile": f"reports.example.org {{\n  reverse_proxy https://api.{tool}.example.org {{\n    header_up X-{name.replace('_', '-').title()} {value}\n  }}\n}}",
        "gitconfig": f"[{tool}]\n\t{cam} = {value}",
        "makefile": f"export {name} := {value}\n\nreport:\n\t{tool} export > report.csv",
        "npmrc": f"//npm.{tool}.example.org/:_authToken=\"{value}\"\n@{tool}:registry=https://npm.{tool}.example.org/",
        "pgpass": f"# ~/.pgpass\n*:5432:reports:{tool}:{value}",
        "crontab": f"SHELL=/bin/bash\n{name}={value}\n0 3 * * 1 /opt/{tool}/weekly.sh",
        "http_file": f"@{cam} = {value}\n\nGET https://api.{tool}.example.org/v2/status\nX-Api-Key: {{{{{cam}}}}}",
        "haproxy": f"frontend reports\n    http-request set-header X-{name.replace('_', '-').title()} {value} if {{ path_beg /{tool} }}",
        "sbt": f"credentials += Credentials(\"{tool}\", \"repo.{tool}.example.org\", \"ci\", \"{value}\")",
        "pypirc": f"[{tool}]\nrepository = https://upload.{tool}.example.org/legacy/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Host reports-{tool}\n    HostName {tool}.example.org\n    SetEnv {name}=\"{value}\"",
        "launch_json": json.dumps({"configurations": [{"name": "reports", "type": "python", "request": "launch", "module": "reports",
                                                       "env": {name: value, "PYTHONUNBUFFERED": "1"}}]}, indent=2),
        "gha_workflow": f"- name: Export\n  run: {tool} export\n  env:\n    {name}: \"{value}\"",
        "fish": f"set -Ux {name} '{value}'",
        "devtools_console": f"> sessionStorage.{cam}\n< \"{value}\"",
        "envrc": f"dotenv_if_exists .env.local\nexport {name}={value}",
        "maven_settings": (f"<settings>\n  <servers>\n    <server>\n      <id>{tool}</id>\n      <username>ci</username>\n"
                           f"      <password>{value}</password>\n    </server>\n  </servers>\n</settings>"),
        "rclone_conf": f"[{tool}]\ntype = http\nurl = https://files.{tool}.example.org\nheaders = X-Api-Key,{value}",
        "composer_auth": json.dumps({"http-basic": {f"repo.{tool}.example.org": {"username": "ci", "password": value}}}, indent=4),
        "yarnrc": f"npmRegistries:\n  \"https://npm.{tool}.example.org\":\n    npmAlwaysAuth: true\n    npmAuthToken: {value}",
        "terraformrc": f"# ~/.terraformrc\ncredentials \"registry.{tool}.example.org\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"# ~/.cargo/credentials.toml\n[registries.{tool}]\ntoken = \"{value}\"",
        "helm_values": f"reports:\n  {tool}:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"template {{\n  destination = \"/run/reports/{tool}.env\"\n  contents    = \"{name}={value}\"\n}}",
        "my_cnf": f"[client]\nuser = {tool}\npassword = {value}\nhost = db.{tool}.example.org\nport = 3306",
        "bitbucket_pipelines": f"definitions:\n  steps:\n    - step: &export\n        script:\n          - {name}={value} {tool} export",
        "wrangler": f"name = \"{tool}-reports\"\n\n[env.staging.vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\n\nconst {cam} = '{value}';\n\nexport default function () {{\n  http.get(`https://api.{tool}.example.org/v2/status?key=${{{cam}}}`);\n}}",
        "heroku_config": f"$ heroku config:get {name} -a reports-{tool}\n{value}",
        "authinfo": f"# ~/.authinfo\nmachine api.{tool}.example.org port https login reports password {value}",
        "fly_toml": f"app = \"reports-{tool}\"\nprimary_region = \"ams\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[build]\n  command = \"npm run build\"\n\n[build.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: web\n    name: reports-{tool}\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": (f"<HeaderManager guiclass=\"HeaderPanel\" testclass=\"HeaderManager\" testname=\"{tool} headers\">\n"
                        f"  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"\" elementType=\"Header\">\n"
                        f"      <stringProp name=\"Header.name\">X-{name.replace('_', '-').title()}</stringProp>\n"
                        f"      <stringProp name=\"Header.value\">{value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>"),
    }
    return texts[context], [value]


def _hex_groups(sizes: tuple[int, ...], alphabet: str = HX) -> str:
    return "-".join(r(n, alphabet) for n in sizes)


# Formats whose facts were read in public material (source kind public): a maintained detector rule set (Kingfisher,
# github.com/mongodb/kingfisher, data/rules). Only the facts (prefix, length, alphabet, the name beside it) were read;
# no rule or example was copied, and every value is drawn here.
KF = "Kingfisher rule set (github.com/mongodb/kingfisher, data/rules)"
PUBLIC: set[str] = set()


def kf(fact: str, rule: str) -> str:
    """A format fact read in the rule file named, as an item's note; marks the format public."""
    note = f"{fact}, {KF} {rule}.yml"
    PUBLIC.add(note)
    return note


def _lower32() -> str:
    return r(32, LO)


APPFOLLOW = kf("an AppFollow API token (a JWT whose header is the fixed HS256 one, 74 characters of claims, a 43-character signature)", "appfollow")
TICKETTAILOR = kf("a Ticket Tailor API key (sk_, four digits, _, six digits, _, 32 hex digits)", "tickettailor")
VAGRANT = kf("a Vagrant Cloud token (14 letters and digits, .atlasv1., 67 letters and digits)", "vagrantcloud")

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("appfollow/api-token", "APPFOLLOW_API_TOKEN", "appfollow",
     lambda: f"eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.{r(74)}.{r(43, U64)}", APPFOLLOW),
    ("ayrshare/api-key", "AYRSHARE_API_KEY", "ayrshare", lambda: _hex_groups((8, 8, 8, 8), UP),
     kf("an Ayrshare API key (four groups of eight upper-case letters and digits, beside the name ayrshare)", "ayrshare")),
    ("baremetrics/api-key", "BAREMETRICS_API_KEY", "baremetrics", lambda: r(25, LO + "_-"),
     kf("a Baremetrics API key (25 lower-case letters, digits, _ and -, beside the name baremetrics)", "baremetrics")),
    ("beebole/api-token", "BEEBOLE_API_TOKEN", "beebole", lambda: r(40, LO),
     kf("a Beebole API token (40 lower-case letters and digits beside the name beebole)", "beebole")),
    ("blocknative/api-key", "BLOCKNATIVE_API_KEY", "blocknative", u4,
     kf("a Blocknative API key (a hex UUID beside the name blocknative)", "blocknative")),
    ("borgbase/api-token", "BORGBASE_TOKEN", "borgbase", lambda: r(150, AL + "/_.-"),
     kf("a BorgBase API token (148 to 152 letters, digits, /, _, . and -, beside the name borgbase)", "borgbase")),
    ("brandfetch/api-key", "BRANDFETCH_API_KEY", "brandfetch", lambda: r(40),
     kf("a Brandfetch API key (40 letters and digits beside the name brandfetch)", "brandfetch")),
    ("calendarific/api-key", "CALENDARIFIC_API_KEY", "calendarific", lambda: r(32),
     kf("a Calendarific API key (32 letters and digits beside the name calendarific)", "calendarific")),
    ("canny/api-key", "CANNY_API_KEY", "canny", lambda: _hex_groups((8, 4, 4, 4, 12), LO),
     kf("a Canny API key (8-4-4-4-12 lower-case letters and digits beside the name canny)", "cannyio")),
    ("capsulecrm/api-token", "CAPSULE_CRM_TOKEN", "capsulecrm", lambda: r(64, AL + "-._+="),
     kf("a Capsule CRM API token (64 letters, digits and -._+=, beside the name capsulecrm)", "capsulecrm")),
    ("carboninterface/api-key", "CARBONINTERFACE_API_KEY", "carboninterface", lambda: r(21),
     kf("a Carbon Interface API key (21 letters and digits beside the name carboninterface)", "carboninterface")),
    ("cloudmersive/api-key", "CLOUDMERSIVE_API_KEY", "cloudmersive", u4,
     kf("a Cloudmersive API key (36 lower-case letters, digits and dashes, a UUID, beside the name cloudmersive)", "cloudmersive")),
    ("coinapi/api-key", "COINAPI_KEY", "coinapi", lambda: u4().upper(),
     kf("a CoinAPI key (36 upper-case letters, digits and dashes, a UUID, beside the name coinapi)", "coinapi")),
    ("currencyfreaks/api-key", "CURRENCYFREAKS_API_KEY", "currencyfreaks", _lower32,
     kf("a CurrencyFreaks API key (32 lower-case letters and digits beside the name currencyfreaks)", "currencyfreaks")),
    ("delighted/api-key", "DELIGHTED_API_KEY", "delighted", lambda: r(32),
     kf("a Delighted API key (32 letters and digits beside the name delighted)", "delighted")),
    ("docparser/api-key", "DOCPARSER_API_KEY", "docparser", lambda: r(40, HX),
     kf("a Docparser API key (40 hex digits beside the name docparser)", "docparser")),
    ("dronahq/api-token", "DRONAHQ_TOKEN", "dronahq", lambda: r(50, LO),
     kf("a DronaHQ API token (50 lower-case letters and digits beside the name dronahq)", "dronahq")),
    ("dynalist/api-token", "DYNALIST_TOKEN", "dynalist", lambda: r(128, AL + "-_"),
     kf("a Dynalist API token (128 letters, digits, - and _, beside the name dynalist)", "dynalist")),
    ("eraser/api-token", "ERASER_API_TOKEN", "eraser", lambda: r(20),
     kf("an Eraser API token (20 letters and digits beside the name eraser)", "eraser")),
    ("teller/client-private-key", "TELLER_PRIVATE_KEY", "teller", _ed25519_pkcs8,
     "a Teller API client's private key in PKCS#8 (an Ed25519 key: the fixed DER prefix and a drawn 32-byte seed)"),
    ("eventbrite/private-token", "EVENTBRITE_TOKEN", "eventbrite", lambda: r(20, UP),
     kf("an Eventbrite private token (20 upper-case letters and digits beside the name eventbrite)", "eventbrite")),
    ("fastforex/api-key", "FASTFOREX_API_KEY", "fastforex", lambda: f"{r(10, LO)}-{r(17, LO)}",
     kf("a fastFOREX API key (28 lower-case letters, digits and dashes beside the name fastforex)", "fastforex")),
    ("fileio/api-key", "FILEIO_API_KEY", "fileio", lambda: f"{r(8, UP)}.{r(7, UP)}-{r(7, UP)}-{r(7, UP)}-{r(7, UP)}",
     kf("a file.io API key (39 upper-case letters, digits, dots and dashes beside the name fileio)", "fileio")),
    ("fulcrum/api-token", "FULCRUM_API_TOKEN", "fulcrum", lambda: r(80, LO),
     kf("a Fulcrum API token (80 lower-case letters and digits beside the name fulcrum)", "fulcrum")),
    ("gtmetrix/api-key", "GTMETRIX_API_KEY", "gtmetrix", lambda: r(32, HX),
     kf("a GTmetrix API key (32 hex digits beside the name gtmetrix)", "gtmetrix")),
    ("happyscribe/api-key", "HAPPYSCRIBE_API_KEY", "happyscribe", lambda: r(24),
     kf("a Happy Scribe API key (24 letters and digits beside the name happyscribe)", "happyscribe")),
    ("hellosign/api-key", "HELLOSIGN_API_KEY", "hellosign", lambda: r(64, AL + "/+-"),
     kf("a HelloSign (Dropbox Sign) API key (64 letters, digits, /, + and -, beside the name hellosign)", "hellosign")),
    ("iconfinder/api-key", "ICONFINDER_API_KEY", "iconfinder", lambda: r(64),
     kf("an Iconfinder API key (64 letters and digits beside the name iconfinder)", "iconfinder")),
    ("imagga/api-auth", "IMAGGA_AUTHORIZATION", "imagga", lambda: r(70) + "==",
     kf("an Imagga authorization value (72 letters, digits and =, beside the name imagga)", "imagga")),
    ("ip2location/api-key", "IP2LOCATION_API_KEY", "ip2location", lambda: r(32, UP),
     kf("an IP2Location API key (32 upper-case letters and digits beside the name ip2location)", "ip2location")),
    ("juro/api-key", "JURO_API_KEY", "juro", lambda: r(40),
     kf("a Juro API key (40 letters and digits beside the name juro)", "juro")),
    ("leadfeeder/api-token", "LEADFEEDER_TOKEN", "leadfeeder", lambda: r(43, AL + "-"),
     kf("a Leadfeeder API token (43 letters, digits and dashes beside the name leadfeeder)", "leadfeeder")),
    ("linenotify/access-token", "LINE_NOTIFY_TOKEN", "linenotify", lambda: r(43),
     kf("a LINE Notify access token (43 letters and digits beside the name linenotify)", "linenotify")),
    ("loyverse/access-token", "LOYVERSE_TOKEN", "loyverse", _lower32,
     kf("a Loyverse access token (32 lower-case letters and digits beside the name loyverse)", "loyverse")),
    ("lunchmoney/access-token", "LUNCHMONEY_TOKEN", "lunchmoney", lambda: r(50, HX),
     kf("a Lunch Money access token (50 hex digits beside the name lunchmoney)", "lunchmoney")),
    ("mailmodo/api-key", "MAILMODO_API_KEY", "mailmodo", lambda: _hex_groups((7, 7, 7, 7), UP),
     kf("a Mailmodo API key (four groups of seven upper-case letters and digits beside the name mailmodo)", "mailmodo")),
    ("meistertask/api-token", "MEISTERTASK_TOKEN", "meistertask", lambda: r(43),
     kf("a MeisterTask API token (43 letters and digits beside the name meistertask)", "meistertask")),
    ("mockaroo/api-key", "MOCKAROO_API_KEY", "mockaroo", lambda: r(8, LO),
     kf("a Mockaroo API key (eight lower-case letters and digits beside the name mockaroo)", "mockaroo")),
    ("noticeable/api-key", "NOTICEABLE_API_KEY", "noticeable", lambda: r(20),
     kf("a Noticeable API key (20 letters and digits beside the name noticeable)", "noticeable")),
    ("onfleet/api-key", "ONFLEET_API_KEY", "onfleet", _lower32,
     kf("an Onfleet API key (32 lower-case letters and digits beside the name onfleet)", "onfleet")),
    ("parseur/api-key", "PARSEUR_API_KEY", "parseur", lambda: r(40, HX),
     kf("a Parseur API key (40 hex digits beside the name parseur)", "parseur")),
    ("partnerstack/api-key", "PARTNERSTACK_SECRET_KEY", "partnerstack", lambda: r(64),
     kf("a PartnerStack API key (64 letters and digits beside the name partnerstack)", "partnerstack")),
    ("planyo/api-key", "PLANYO_API_KEY", "planyo", lambda: r(62, LO),
     kf("a Planyo API key (62 lower-case letters and digits beside the name planyo)", "planyo")),
    ("podio/client-secret", "PODIO_CLIENT_SECRET", "podio", _lower32,
     kf("a Podio client secret (32 lower-case letters and digits beside the name podio)", "podio")),
    ("prodpad/api-key", "PRODPAD_API_KEY", "prodpad", lambda: r(64, HX),
     kf("a ProdPad API key (64 hex digits beside the name prodpad)", "prodpad")),
    ("rawg/api-key", "RAWG_API_KEY", "rawg", lambda: r(32),
     kf("a RAWG API key (32 letters and digits beside the name rawg)", "rawg")),
    ("rocketreach/api-key", "ROCKETREACH_API_KEY", "rocketreach", lambda: f"{r(6, LO)}k{r(32, HX)}",
     kf("a RocketReach API key (39 lower-case letters, digits and dashes beside the name rocketreach)", "rocketreach")),
    ("rockset/api-key", "ROCKSET_APIKEY", "rockset", lambda: r(64),
     kf("a Rockset API key (64 letters and digits beside the name rockset)", "rockset")),
    ("salesflare/api-key", "SALESFLARE_API_KEY", "salesflare", lambda: r(45, AL + "_"),
     kf("a Salesflare API key (45 letters, digits and _ beside the name salesflare)", "salesflare")),
    ("scrapeowl/api-key", "SCRAPEOWL_API_KEY", "scrapeowl", lambda: r(30, LO),
     kf("a ScrapeOwl API key (30 lower-case letters and digits beside the name scrapeowl)", "scrapeowl")),
    ("shipday/api-key", "SHIPDAY_API_KEY", "shipday", lambda: f"{r(10)}.{r(20)}",
     kf("a Shipday API key (eleven letters, digits and dots, then 20 letters and digits, beside the name shipday)", "shipday")),
    ("signaturit/access-token", "SIGNATURIT_TOKEN", "signaturit", lambda: r(86),
     kf("a Signaturit access token (86 letters and digits beside the name signaturit)", "signaturit")),
    ("simplesat/api-key", "SIMPLESAT_API_KEY", "simplesat", lambda: r(40, LO),
     kf("a Simplesat API key (40 lower-case letters and digits beside the name simplesat)", "simplesat")),
    ("spoonacular/api-key", "SPOONACULAR_API_KEY", "spoonacular", _lower32,
     kf("a Spoonacular API key (32 lower-case letters and digits beside the name spoonacular)", "spoonacular")),
    ("statuspal/api-key", "STATUSPAL_API_KEY", "statuspal", lambda: r(32),
     kf("a StatusPal API key (32 letters and digits beside the name statuspal)", "statuspal")),
    ("surveysparrow/access-token", "SURVEYSPARROW_TOKEN", "surveysparrow", lambda: r(88, AL + "-_"),
     kf("a SurveySparrow access token (88 letters, digits, - and _, beside the name surveysparrow)", "surveysparrow")),
    ("theoddsapi/api-key", "ODDS_API_KEY", "theoddsapi", lambda: r(32, HX),
     kf("a The Odds API key (32 hex digits beside the name theoddsapi)", "theoddsapi")),
    ("tickettailor/api-key", "TICKET_TAILOR_API_KEY", "tickettailor", lambda: f"sk_{r(4, DG)}_{r(6, DG)}_{r(32, HX)}", TICKETTAILOR),
    ("timecamp/api-token", "TIMECAMP_API_TOKEN", "timecamp", lambda: r(26, LO),
     kf("a TimeCamp API token (26 lower-case letters and digits beside the name timecamp)", "timecamp")),
    ("tmetric/api-token", "TMETRIC_TOKEN", "tmetric", lambda: r(64, UP),
     kf("a TMetric API token (64 upper-case letters and digits beside the name tmetric)", "tmetric")),
    ("vagrantcloud/api-token", "VAGRANT_CLOUD_TOKEN", "vagrantcloud", lambda: f"{r(14)}.atlasv1.{r(67)}", VAGRANT),
    ("ynab/personal-access-token", "YNAB_ACCESS_TOKEN", "ynab", lambda: r(64, HX),
     kf("a YNAB personal access token (64 hex digits beside the name youneedabudget)", "youneedabudget")),
    ("positionstack/api-key", "POSITIONSTACK_ACCESS_KEY", "positionstack", lambda: r(32, AL + "_"),
     kf("a positionstack access key (32 letters, digits and _ beside the name positionstack)", "positionstack")),
    ("scrapingant/api-key", "SCRAPINGANT_API_KEY", "scrapingant", _lower32,
     kf("a ScrapingAnt API key (32 lower-case letters and digits beside the name scrapingant)", "scrapingant")),
    ("serpstack/access-key", "SERPSTACK_ACCESS_KEY", "serpstack", _lower32,
     kf("a serpstack access key (32 lower-case letters and digits beside the name serpstack)", "serpstack")),
    ("survicate/api-key", "SURVICATE_API_KEY", "survicate", _lower32,
     kf("a Survicate API key (32 lower-case letters and digits beside the name survicate)", "survicate")),
    ("ticketmaster/consumer-key", "TICKETMASTER_API_KEY", "ticketmaster", lambda: r(32),
     kf("a Ticketmaster consumer key (32 letters and digits beside the name ticketmaster)", "ticketmaster")),
    ("whoxy/api-key", "WHOXY_API_KEY", "whoxy", lambda: r(33, LO),
     kf("a Whoxy API key (33 lower-case letters and digits beside the name whoxy)", "whoxy")),
    ("zenscrape/api-key", "ZENSCRAPE_API_KEY", "zenscrape", u4,
     kf("a Zenscrape API key (a hex UUID beside the name zenscrape)", "zenscrape")),
    ("weatherbit/api-key", "WEATHERBIT_API_KEY", "weatherbit", _lower32,
     kf("a Weatherbit API key (32 lower-case letters and digits beside the name weatherbit)", "weatherbit")),
    # formats as the writer knows them (source kind generated)
    ("jfrog/reference-token", "JFROG_ACCESS_TOKEN", "jfrog", lambda: "cmVmdGtuOjAxOj" + r(50),
     "a JFrog reference token (cmVmdGtuOjAxOj, the base64 of reftkn:01:, and 50 more characters)"),
    ("dbtcloud/service-token", "DBT_CLOUD_SERVICE_TOKEN", "dbtcloud", lambda: "dbtc_" + r(51, U64), "a dbt Cloud service token (dbtc_)"),
    ("rudderstack/write-key", "RUDDERSTACK_WRITE_KEY", "rudderstack", lambda: r(27), "a RudderStack source write key (27 letters and digits)"),
    ("dwolla/app-secret", "DWOLLA_APP_SECRET", "dwolla", lambda: r(50), "a Dwolla application secret (50 letters and digits)"),
    ("scalr/api-token", "SCALR_TOKEN", "scalr", lambda: jwt(DRAW, {"jti": "at-" + r(17, LO), "iss": "scalr", "typ": "access_token"}),
     "a Scalr API access token (a JWT)"),
    ("northflank/api-token", "NORTHFLANK_TOKEN", "northflank", lambda: "nf-" + r(64, HX), "a Northflank API token"),
    ("filestack/api-key", "FILESTACK_API_KEY", "filestack", lambda: r(22), "a Filestack API key (22 letters and digits)"),
    ("livepeer/api-key", "LIVEPEER_API_KEY", "livepeer", u4, "a Livepeer Studio API key (a UUID)"),
    ("pocketbase/admin-token", "POCKETBASE_ADMIN_TOKEN", "pocketbase",
     lambda: jwt(DRAW, {"id": r(15, LO), "type": "admin", "exp": 1767225600}), "a PocketBase admin auth token (a JWT)"),
    ("hightouch/api-key", "HIGHTOUCH_API_KEY", "hightouch", u4, "a Hightouch workspace API key (a UUID)"),
    ("instaclustr/api-key", "INSTACLUSTR_API_KEY", "instaclustr", lambda: r(32, HX), "an Instaclustr provisioning API key (32 hex digits)"),
    ("paperspace/api-key", "PAPERSPACE_API_KEY", "paperspace", lambda: r(32, HX), "a Paperspace API key (32 hex digits)"),
    ("cerebrium/api-key", "CEREBRIUM_API_KEY", "cerebrium",
     lambda: jwt(DRAW, {"projectId": "p-" + r(8, HX), "iat": 1765078869}), "a Cerebrium inference API key (a JWT)"),
    ("hatchet/client-token", "HATCHET_CLIENT_TOKEN", "hatchet",
     lambda: jwt(DRAW, {"aud": "https://cloud.onhatchet.run", "sub": u4(), "server_url": "https://cloud.onhatchet.run"}, "ES256"),
     "a Hatchet client token (a JWT)"),
    ("redpanda/client-secret", "REDPANDA_CLIENT_SECRET", "redpanda", lambda: r(64, AL + "-_"), "a Redpanda Cloud service account client secret"),
    ("lancedb/api-key", "LANCEDB_API_KEY", "lancedb", lambda: "sk_" + r(32, UP + "23456"), "a LanceDB Cloud API key (sk_ and base32)"),
    ("predibase/api-token", "PREDIBASE_API_TOKEN", "predibase", lambda: "pb_" + r(32, AL + "-_"), "a Predibase API token (pb_)"),
    ("census/api-key", "CENSUS_API_KEY", "census", lambda: "secret-token:" + r(32), "a Census workspace API key (secret-token:)"),
    ("qovery/api-token", "QOVERY_API_TOKEN", "qovery", lambda: "qov_" + r(64), "a Qovery API token (qov_)"),
]


def hungarian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Three more secrets, each said in a Hungarian chat line (format, context, text, secrets, what)."""
    tailor, vagrant, appfollow = (f"sk_{r(4, DG)}_{r(6, DG)}_{r(32, HX)}", f"{r(14)}.atlasv1.{r(67)}",
                                  f"eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.{r(74)}.{r(43, U64)}")
    return [
        ("tickettailor/api-key", "prose",
         f"A jegyeladáshoz ezt a kulcsot használd: {tailor}. Kérlek, ne tedd fel a wikire, csak ide küldöm.",
         [tailor], TICKETTAILOR),
        ("vagrantcloud/api-token", "prose",
         f"A boxok feltöltéséhez az új tokenem {vagrant}, a régi tegnap óta nem működik.",
         [vagrant], VAGRANT),
        ("appfollow/api-token", "prose",
         f"Amíg Réka nem csinál neked sajátot, az értékelések lekéréséhez nyugodtan használd az enyémet: {appfollow}",
         [appfollow], APPFOLLOW),
    ]


def _hungarian_tax_number() -> str:
    """A Hungarian tax number: eight digits (the last a check digit of the weights 9, 7, 3, 1), the VAT code, the county."""
    digits = r(7, DG)
    check = (10 - sum(int(d) * w for d, w in zip(digits, (9, 7, 3, 1, 9, 7, 3))) % 10) % 10
    return f"{digits}{check}-{R.choice('1235')}-{R.randrange(2, 44):02d}"


def _luhn(body: str) -> str:
    """The body with its Luhn check digit, as SIM card numbers (ICCIDs) end."""
    total = 0
    for i, d in enumerate(reversed(body)):
        n = int(d) * (2 if i % 2 == 0 else 1)
        total += n - 9 if n > 9 else n
    return body + str((10 - total % 10) % 10)


def _mac() -> str:
    return ":".join(r(2, HXU) for _ in range(6))


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/buildkite-build-and-job-ids", "env",
     lambda: f"BUILDKITE_BUILD_ID={u4()}\nBUILDKITE_JOB_ID={u4()}\nBUILDKITE_BUILD_NUMBER={R.randrange(900, 9999)}\nBUILDKITE_COMMIT={r(40, HX)}",
     "a CI build's ids and commit"),
    ("json/circleci-pipeline-and-workflow-ids", "json",
     lambda: json.dumps({"pipeline": {"id": u4(), "number": R.randrange(100, 5000)}, "workflow": {"id": u4(), "name": "test"}}, indent=2),
     "a pipeline's and a workflow's ids"),
    ("escaped/vault-token-accessor", "escaped_json",
     lambda: json.dumps({"msg": "token looked up", "data": json.dumps({"accessor": r(24), "policies": ["reports"], "ttl": 2764800})}),
     "a token's accessor, which names the token without being it"),
    ("cli/gpg-agent-keyinfo-by-keygrip", "cli_flag", lambda: f"$ gpg-connect-agent 'keyinfo {r(40, HXU)}' /bye",
     "a key looked up by its keygrip, a hash of the public key"),
    ("prose/hungarian-tax-number", "prose",
     lambda: f"Cégünk adószáma {_hungarian_tax_number()}; kérjük, a számlán ezt tüntessék fel.",
     "a company's public tax number"),
    ("tool/klist-keytab-principals", "tool_output",
     lambda: (f"$ klist -k /etc/krb5.keytab\nKeytab name: FILE:/etc/krb5.keytab\nKVNO Principal\n---- ----------------------------\n"
              f"   {R.randrange(2, 9)} host/build-4.example.org@EXAMPLE.ORG\n   {R.randrange(2, 9)} HTTP/reports.example.org@EXAMPLE.ORG"),
     "a keytab's principals listed without its keys"),
    ("diff/certbot-renewal-account-id", "diff",
     lambda: (f"diff --git a/renewal/reports.example.org.conf b/renewal/reports.example.org.conf\n@@ -3,2 +3,2 @@\n"
              f"-account = {r(32, HX)}\n+account = {r(32, HX)}\n server = https://acme-v02.api.letsencrypt.org/directory"),
     "an ACME account's id, not its key"),
    ("bytes/luks2-header-magic", "bytes_literal", lambda: "LUKS_MAGIC = b'LUKS\\xba\\xbe'\nLUKS2_SECOND_MAGIC = b'SKUL\\xba\\xbe'",
     "the fixed bytes an encrypted volume's header starts with"),
    ("yaml/cloud-init-meta-data", "yaml",
     lambda: f"instance-id: iid-{r(8, HX)}\nlocal-hostname: build-4\nnetwork-interfaces: |\n  auto eth0\n  iface eth0 inet dhcp",
     "a machine's instance id for cloud-init"),
    ("csv/sim-iccid-inventory", "csv",
     lambda: f"device,iccid\ngate-01,{_luhn('8936' + r(14, DG))}\ngate-02,{_luhn('8936' + r(14, DG))}",
     "SIM card serial numbers with their check digits"),
    ("url/google-oauth-public-client-id", "url",
     lambda: (f"https://accounts.google.com/o/oauth2/v2/auth?client_id={r(12, DG)}-{r(32, LO)}.apps.googleusercontent.com"
              "&redirect_uri=https%3A%2F%2Freports.example.org%2Fcallback&response_type=code&scope=openid%20email"),
     "a public OAuth client's id in a sign-in link"),
    ("header/sns-message-and-topic", "header",
     lambda: (f"POST /hooks/sns HTTP/1.1\nx-amz-sns-message-type: Notification\nx-amz-sns-message-id: {u4()}\n"
              f"x-amz-sns-topic-arn: arn:aws:sns:eu-central-1:{r(12, DG)}:reports-events"),
     "a notification's id and topic"),
    ("log/btrfs-scrub-fsid", "log",
     lambda: f"kernel: BTRFS info (device sdb1): scrub: started on devid 1\nkernel: BTRFS: device fsid {u4()} devid 1 transid {R.randrange(1000, 99999)} /dev/sdb1",
     "a file system's id in kernel messages"),
    ("conn/cockroach-url-with-cert-paths", "connection_string",
     lambda: ("postgresql://reports@crdb.example.org:26257/reports?sslmode=verify-full&sslrootcert=certs/ca.crt"
              "&sslcert=certs/client.reports.crt&sslkey=certs/client.reports.key"),
     "a connection that names its key file, not a password"),
    ("code/xxhash64-primes", "code",
     lambda: "const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;\nconst PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;\nconst PRIME64_3: u64 = 0x1656_67B1_9E37_79F9;",
     "the published constants of xxHash64"),
    ("ini/setup-cfg-entry-points-with-secret-words", "ini",
     lambda: "[options.entry_points]\nconsole_scripts =\n    rotate-secret = reports.cli:rotate_secret\n    show-token-expiry = reports.cli:token_expiry",
     "commands whose names say secret and token"),
    ("xml/aspnet-machinekey-autogenerate", "xml",
     lambda: "<system.web>\n  <machineKey validationKey=\"AutoGenerate,IsolateApps\" decryptionKey=\"AutoGenerate,IsolateApps\" validation=\"HMACSHA256\" />\n</system.web>",
     "key settings left to the server to generate"),
    ("dockerfile/add-git-repository-at-commit", "dockerfile",
     lambda: f"FROM alpine:3.21\nADD https://github.com/acme/schemas.git#{r(40, HX)} /schemas",
     "a repository added at a commit"),
    ("netrc/password-manager-comment", "netrc",
     lambda: "# passwords live in pass(1): pass show ftp/example.org\nmachine ftp.example.org login mirror",
     "a login whose password is kept elsewhere"),
    ("pem/certificate-signing-request", "pem",
     lambda: "-----BEGIN CERTIFICATE REQUEST-----\n" + DRAW.pem_lines(600) + "\n-----END CERTIFICATE REQUEST-----",
     "a certificate request, which holds only the public key"),
    ("wrapped/mok-fingerprint-across-lines", "wrapped",
     lambda: (lambda f: f"Dec 07 03:41:09 build-4 mokutil[812]: [key 1] SHA1 Fingerprint: {f[:29]}\nDec 07 03:41:09 build-4 mokutil[812]: {f[29:]}")(
         ":".join(r(2, HX) for _ in range(20))),
     "an enrolled boot key's fingerprint cut across log lines"),
    ("toml/hatch-version-from-vcs", "toml",
     lambda: "[tool.hatch.version]\nsource = \"vcs\"\nraw-options = { local_scheme = \"no-local-version\" }",
     "a version read from tags"),
    ("history/git-cherry-pick-range", "shell_history",
     lambda: f"  611  git cherry-pick {r(10, HX)}..{r(10, HX)}\n  612  git log --oneline -5",
     "a range of commits picked"),
    ("notebook/torch-initial-seed-output", "notebook",
     lambda: json.dumps({"cell_type": "code", "execution_count": 5, "metadata": {},
                         "outputs": [{"output_type": "execute_result", "data": {"text/plain": [r(13, DG)]}}],
                         "source": ["torch.initial_seed()"]}),
     "a random generator's seed"),
    ("hcl/vault-kv-data-source", "hcl",
     lambda: "data \"vault_kv_secret_v2\" \"db\" {\n  mount = \"kv\"\n  name  = \"reports/db\"\n}",
     "where a secret is read from, not the secret"),
    ("properties/kafka-ssl-keystore-locations", "properties",
     lambda: "ssl.keystore.location=/etc/kafka/reports.p12\nssl.keystore.type=PKCS12\nssl.truststore.location=/etc/kafka/truststore.p12",
     "key stores named by path, without passwords"),
    ("powershell/netadapter-guid-and-mac", "powershell",
     lambda: f"PS> Get-NetAdapter Ethernet | Format-List InterfaceGuid, MacAddress\n\nInterfaceGuid : {{{u4().upper()}}}\nMacAddress    : {_mac().replace(':', '-')}",
     "a network adapter's ids"),
    ("systemd/cryptsetup-unit-luks-uuid", "systemd",
     lambda: f"● systemd-cryptsetup@luks\\x2d{u4()}.service - Cryptography Setup for luks\n     Active: active (exited)",
     "an encrypted volume's id in a unit name"),
    ("har/cloudfront-via-and-cf-id", "har",
     lambda: json.dumps({"log": {"entries": [{"response": {"status": 200, "headers": [
         {"name": "via", "value": f"1.1 {r(32, HX)}.cloudfront.net (CloudFront)"},
         {"name": "x-amz-cf-id", "value": r(54, U64) + "=="}]}}]}}),
     "a CDN's request ids"),
    ("curl/pinned-public-key-hash", "curl_trace",
     lambda: f"* SSL connection using TLSv1.3 / TLS_AES_128_GCM_SHA256\n*  public key hash: sha256//{b64(32)}\n*  subject: CN=api.example.org",
     "the hash of a server's public key"),
    ("k8s/csi-secret-provider-class", "k8s_secret",
     lambda: ("apiVersion: secrets-store.csi.x-k8s.io/v1\nkind: SecretProviderClass\nmetadata:\n  name: reports\nspec:\n"
              "  provider: azure\n  parameters:\n    keyvaultName: reports-kv\n    objects: |\n      array:\n        - |\n          objectName: db-password\n          objectType: secret"),
     "which secrets a driver mounts, named only"),
    ("crash/node-heap-out-of-memory", "crash_report",
     lambda: (f"<--- Last few GCs --->\n[{R.randrange(1000, 90000)}:0x{r(12, HX)}]    48213 ms: Mark-Compact 4041.2 (4137.4) -> 4036.9 (4138.1) MB\n\n"
              "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"),
     "a crash's process id and isolate address"),
    ("web/matomo-visitor-cookie", "web_storage",
     lambda: json.dumps({"origin": "https://www.example.org", "cookies": {f"_pk_id.1.{r(4, HX)}": f"{r(16, HX)}.1765078869."}}),
     "an analytics visitor id"),
    ("plist/bluetooth-paired-devices", "plist",
     lambda: f"<key>PairedDevices</key>\n<array>\n  <string>{_mac().lower().replace(':', '-')}</string>\n  <string>{_mac().lower().replace(':', '-')}</string>\n</array>",
     "paired devices' addresses"),
    ("tfstate/cloudflare-record-and-zone-ids", "tfstate",
     lambda: json.dumps({"version": 4, "resources": [{"type": "cloudflare_record", "name": "www", "instances": [
         {"attributes": {"id": r(32, HX), "zone_id": r(32, HX), "name": "www", "type": "CNAME"}}]}]}),
     "DNS records' and a zone's ids"),
    ("mobile/huawei-agconnect-app-ids", "mobile_config",
     lambda: json.dumps({"client": {"app_id": "10" + r(7, DG), "product_id": r(18, DG), "package_name": "org.example.reports"}}, indent=2),
     "a mobile app's public ids"),
    ("sql/pg-restore-toc-listing", "sql_dump",
     lambda: f";\n; Archive created at 2026-12-07 02:00:00 UTC\n;\n{R.randrange(3000, 9000)}; 1259 {R.randrange(16000, 99000)} TABLE public orders reports",
     "a dump's table of contents with object ids"),
    ("email/bimi-selector-and-location", "email",
     lambda: "BIMI-Selector: v=BIMI1; s=brand;\nBIMI-Location: https://www.example.org/bimi/logo.svg\nFrom: news@example.org",
     "a sender's logo headers"),
    ("nginx/ssl-session-ticket-key-path", "nginx",
     lambda: "ssl_session_tickets on;\nssl_session_ticket_key /etc/nginx/tickets/current.key;\nssl_session_ticket_key /etc/nginx/tickets/previous.key;",
     "ticket keys named by path"),
    ("markdown/signal-safety-number", "markdown",
     lambda: "**Safety number with @dora** (compare in person):\n\n`" + " ".join(r(5, DG) for _ in range(12)) + "`",
     "a number two people compare to check each other's public keys"),
    ("postman/collection-info-id", "postman",
     lambda: json.dumps({"info": {"_postman_id": u4(), "name": "Reports API",
                                  "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "item": []}, indent=2),
     "a collection's id"),
    ("jenkins/docker-agent-image-digest", "jenkinsfile",
     lambda: f"pipeline {{\n  agent {{ docker {{ image 'python@sha256:{r(64, HX)}' }} }}\n  stages {{ stage('test') {{ steps {{ sh 'make test' }} }} }}\n}}",
     "a build image pinned by digest"),
    ("compose/nfs-volume-driver-options", "compose",
     lambda: "volumes:\n  exports:\n    driver_opts:\n      type: nfs\n      o: \"addr=10.0.4.12,nfsvers=4.1,ro\"\n      device: \":/exports/reports\"",
     "a network share's address"),
    ("gradle/sonar-project-key", "gradle",
     lambda: "sonar {\n  properties {\n    property(\"sonar.projectKey\", \"acme_reports\")\n    property(\"sonar.organization\", \"acme\")\n  }\n}",
     "a project's key on a code quality server"),
    ("chat/telegram-chat-and-message-ids", "chat_export",
     lambda: json.dumps({"chat_id": -int("100" + r(10, DG)), "messages": [{"id": R.randrange(1000, 99999), "from": "dora", "text": "deploy done"}]}),
     "a chat's and a message's numbers"),
    ("ansible/nmcli-connection-uuid", "ansible",
     lambda: f"- name: bond for storage\n  community.general.nmcli:\n    conn_name: storage\n    uuid: {u4()}\n    type: bond\n    state: present",
     "a network connection's id"),
    ("kubeconfig/proxy-url-and-tls-server-name", "kubeconfig",
     lambda: "clusters:\n- name: reports\n  cluster:\n    server: https://10.0.4.2:6443\n    proxy-url: socks5://localhost:1080\n    tls-server-name: api.reports.internal",
     "how to reach a cluster, without credentials"),
    ("hocon/include-secrets-file", "hocon",
     lambda: "include \"secrets.conf\"\n\nreports {\n  export-dir = /var/lib/reports\n}",
     "a secrets file included by name"),
    ("nix/luks-device-by-uuid", "nix",
     lambda: f"boot.initrd.luks.devices.\"cryptroot\".device = \"/dev/disk/by-uuid/{u4()}\";",
     "an encrypted disk named by its id"),
    ("caddy/acme-eab-key-id", "caddyfile",
     lambda: f"{{\n  acme_eab {{\n    key_id {r(22, U64)}\n    mac_key {{env.EAB_MAC_KEY}}\n  }}\n}}",
     "an account binding's key id, its MAC key named only"),
    ("gitconfig/maintenance-and-fsmonitor", "gitconfig",
     lambda: "[maintenance]\n\trepo = /srv/src/reports\n[core]\n\tfsmonitor = true\n\tuntrackedCache = true",
     "repository settings without secrets"),
    ("makefile/pprof-profile-targets", "makefile",
     lambda: "profile-heap:\n\tgo tool pprof -http=:8081 http://localhost:6060/debug/pprof/heap\n\nprofile-cpu:\n\tgo tool pprof http://localhost:6060/debug/pprof/profile?seconds=30",
     "profiling targets"),
    ("npmrc/fund-audit-and-cache", "npmrc", lambda: "fund=false\naudit-level=high\ncache=~/.cache/npm\nprefer-offline=true",
     "npm settings without a token"),
    ("pgpass/psql-conninfo-output", "pgpass",
     lambda: "reports=> \\conninfo\nYou are connected to database \"reports\" as user \"reader\" on host \"db.example.org\" at port \"5432\".",
     "a connection described without its password"),
    ("crontab/mailto-and-random-delay", "crontab",
     lambda: "MAILTO=ops@example.org\nRANDOM_DELAY=30\n30 2 * * * /usr/local/bin/reports-vacuum",
     "a schedule without secrets"),
    ("http/jaeger-trace-lookup", "http_file",
     lambda: f"### trace of the slow export\nGET http://jaeger.internal:16686/api/traces/{r(32, HX)}",
     "a trace looked up by its id"),
    ("haproxy/server-template-dns-discovery", "haproxy",
     lambda: "backend reports\n    server-template srv 1-5 _reports._tcp.service.consul resolvers consul resolve-prefer ipv4 check",
     "servers found through DNS"),
    ("sbt/buildinfo-git-head", "sbt",
     lambda: f"buildInfoKeys += BuildInfoKey.action(\"gitHead\")(\"{r(40, HX)}\")",
     "the commit a build came from"),
    ("pypirc/repository-with-ca-path", "pypirc",
     lambda: "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.example.org/legacy/\ncert = /etc/ssl/certs/internal-ca.pem",
     "an upload target and its CA, without a password"),
    ("ssh/include-and-match-exec", "ssh_config",
     lambda: "Include ~/.ssh/config.d/*\nMatch exec \"nc -z -w1 bastion.example.org 22\"\n    ProxyJump bastion.example.org",
     "client settings without keys"),
    ("launch/attach-to-picked-process", "launch_json",
     lambda: json.dumps({"version": "0.2.0", "configurations": [{"name": "Attach", "type": "debugpy", "request": "attach",
                                                                "processId": "${command:pickProcess}"}]}, indent=2),
     "a debugger attached to a chosen process"),
    ("gha/concurrency-group-expression", "gha_workflow",
     lambda: "concurrency:\n  group: ${{ github.workflow }}-${{ github.ref }}\n  cancel-in-progress: true",
     "a run group made of names"),
    ("fish/history-file-entries", "fish",
     lambda: f"- cmd: git switch -c fix/{r(6, LO)}\n  when: {R.randrange(1765000000, 1765099999)}\n- cmd: make test\n  when: {R.randrange(1765100000, 1765199999)}",
     "commands and when they ran"),
    ("devtools/web-bluetooth-device-id", "devtools_console",
     lambda: f"> (await navigator.bluetooth.getDevices())[0].id\n< '{r(22, AL + '+/')}=='",
     "a paired device's id in the browser"),
    ("envrc/use-nix-pinned-nixpkgs", "envrc",
     lambda: f"use nix -I nixpkgs=https://github.com/NixOS/nixpkgs/archive/{r(40, HX)}.tar.gz",
     "a package set pinned to a commit"),
    ("maven/plugin-groups-and-offline", "maven_settings",
     lambda: "<settings>\n  <offline>false</offline>\n  <pluginGroups>\n    <pluginGroup>org.sonarsource.scanner.maven</pluginGroup>\n  </pluginGroups>\n</settings>",
     "build settings without servers"),
    ("rclone/union-remote-upstreams", "rclone_conf",
     lambda: "[everything]\ntype = union\nupstreams = archive: photos:ro\ncreate_policy = epmfs",
     "a remote made of other remotes"),
    ("composer/gitlab-domains-settings", "composer_auth",
     lambda: json.dumps({"config": {"gitlab-domains": ["git.example.org"], "gitlab-protocol": "https"}}, indent=4),
     "where packages come from, without a token"),
    ("yarnrc/supported-architectures", "yarnrc",
     lambda: "supportedArchitectures:\n  os: [linux, darwin]\n  cpu: [x64, arm64]\nenableTelemetry: false",
     "install settings without a token"),
    ("terraformrc/plugin-cache-and-checkpoint", "terraformrc",
     lambda: "plugin_cache_dir   = \"$HOME/.terraform.d/plugin-cache\"\ndisable_checkpoint = true",
     "CLI settings without credentials"),
    ("cargo/vendored-source-replacement", "cargo_credentials",
     lambda: "[source.crates-io]\nreplace-with = \"vendored-sources\"\n\n[source.vendored-sources]\ndirectory = \"vendor\"",
     "crates taken from a folder"),
    ("docker/config-detach-keys-and-formats", "docker_config",
     lambda: json.dumps({"detachKeys": "ctrl-e,e", "psFormat": "table {{.ID}}\t{{.Image}}\t{{.Status}}"}, indent=2),
     "client settings without auths"),
    ("aws/profile-role-and-mfa-serial", "aws_config",
     lambda: (lambda a: f"[profile reports-admin]\nrole_arn = arn:aws:iam::{a}:role/ReportsAdmin\nmfa_serial = arn:aws:iam::{a}:mfa/dora\nsource_profile = default")(r(12, DG)),
     "a role and an MFA device named by their ARNs"),
    ("gitcredentials/fill-request-lines", "git_credentials",
     lambda: "$ git credential fill\nprotocol=https\nhost=git.example.org\npath=acme/reports.git\n",
     "what git asks a helper for, without the answer"),
    ("helm/aws-lb-certificate-arn-annotation", "helm_values",
     lambda: f"service:\n  annotations:\n    service.beta.kubernetes.io/aws-load-balancer-ssl-cert: arn:aws:acm:eu-central-1:{r(12, DG)}:certificate/{u4()}",
     "a certificate named by its ARN"),
    ("vault/agent-cache-and-listener", "vault_agent",
     lambda: "cache {\n  use_auto_auth_token = true\n}\n\nlistener \"tcp\" {\n  address     = \"127.0.0.1:8100\"\n  tls_disable = true\n}",
     "agent settings without a token"),
    ("mycnf/ssl-ca-cert-and-key-paths", "my_cnf",
     lambda: "[client]\nssl-ca = /etc/mysql/ca.pem\nssl-cert = /etc/mysql/client-cert.pem\nssl-key = /etc/mysql/client-key.pem",
     "a client key named by path"),
    ("s3cfg/multipart-and-encoding", "s3cfg",
     lambda: "[default]\nmultipart_chunk_size_mb = 64\nencoding = UTF-8\nguess_mime_type = True",
     "transfer settings without keys"),
    ("bitbucket/clone-depth-and-caches", "bitbucket_pipelines",
     lambda: "clone:\n  depth: 50\npipelines:\n  default:\n    - step:\n        caches: [node, pip]\n        script: [make test]",
     "pipeline settings without variables"),
    ("wrangler/routes-and-r2-bucket", "wrangler",
     lambda: "routes = [{ pattern = \"reports.example.org/*\", zone_name = \"example.org\" }]\n\n[[r2_buckets]]\nbinding = \"EXPORTS\"\nbucket_name = \"reports-exports\"",
     "routes and a bucket's name"),
    ("k6/scenario-executor-and-tags", "k6_script",
     lambda: "export const options = {\n  scenarios: { steady: { executor: 'constant-vus', vus: 20, duration: '5m', tags: { suite: 'reports' } } },\n};",
     "a load test's scenario"),
    ("heroku/ps-dyno-list", "heroku_config",
     lambda: "$ heroku ps -a reports-prod\n=== web (Standard-1X): gunicorn reports.wsgi (2)\nweb.1: up 2026/12/07 02:10:44 +0000 (~ 1h ago)\nweb.2: up 2026/12/07 02:10:51 +0000 (~ 1h ago)",
     "dynos and their commands"),
    ("authinfo/entries-without-passwords", "authinfo",
     lambda: "machine imap.example.org login dora port 993\nmachine smtp.example.org login dora port 587",
     "logins whose passwords are asked for"),
    ("fly/toml-mounts-and-checks", "fly_toml",
     lambda: "app = \"reports\"\n\n[mounts]\n  source = \"reports_data\"\n  destination = \"/data\"\n\n[[http_service.checks]]\n  path = \"/healthz\"\n  interval = \"15s\"",
     "an app's volume and health check"),
    ("netlify/context-branches-and-plugins", "netlify_toml",
     lambda: "[context.deploy-preview]\n  command = \"npm run build:preview\"\n\n[[plugins]]\n  package = \"@netlify/plugin-lighthouse\"",
     "build contexts without secrets"),
    ("render/env-var-from-database", "render_yaml",
     lambda: "services:\n  - type: web\n    name: reports\n    envVars:\n      - key: DATABASE_URL\n        fromDatabase:\n          name: reports-db\n          property: connectionString",
     "a value Render fills in, named only"),
    ("jmeter/csv-data-set-and-uuid-function", "jmeter_plan",
     lambda: ("<CSVDataSet testname=\"users\">\n  <stringProp name=\"filename\">data/users.csv</stringProp>\n"
              "  <stringProp name=\"variableNames\">user,region</stringProp>\n</CSVDataSet>\n"
              "<stringProp name=\"Argument.value\">${__UUID()}</stringProp>"),
     "test data read from a file and a generated id"),
    ("jenkins/credentials-domain-specification", "jenkins_credentials",
     lambda: ("<com.cloudbees.plugins.credentials.domains.Domain>\n  <name>reports</name>\n  <specifications>\n"
              "    <com.cloudbees.plugins.credentials.domains.HostnameSpecification>\n      <includes>*.example.org</includes>\n"
              "    </com.cloudbees.plugins.credentials.domains.HostnameSpecification>\n  </specifications>\n</com.cloudbees.plugins.credentials.domains.Domain>"),
     "a credentials domain without credentials"),
    ("prose/hungarian-bank-account", "prose",
     lambda: f"Az előleget a {r(8, DG)}-{r(8, DG)}-{r(8, DG)} számlaszámra kérjük, a közleménybe a rendelésszámot írják.",
     "a bank account number"),
    ("tool/vercel-list-deployment-ids", "tool_output",
     lambda: f"$ vercel ls reports\n  Age  Deployment                                   Status\n  2h   https://reports-{r(9, LO)}-acme.vercel.app   ● Ready\n  1d   https://reports-{r(9, LO)}-acme.vercel.app   ● Ready",
     "deployments' generated addresses"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, hungarian_prose, ORDINARY, PUBLIC), Path(__file__).with_name("fresh14.jsonl"))
