"""Writes the seventeenth fresh held-out part of the secrets corpus, fresh17.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are facts read in public detector rule sets, or the vendor's as the
writer knows it, as each item's note says. Six contexts are new with this part (a Bruno collection,
an Insomnia export, a Travis CI file, a Drone CI file, the GitHub CLI's hosts.yml, a conda .condarc);
secrets in prose are in Croatian. No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh17.py [OUT]   # default: fresh17.jsonl beside this file
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, b64url_json, build_part, camel, chunks, in_turn, url_quoted, write

SEED = 20261217
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh17.py (seed {SEED})"

# Every context of the corpus up to fresh16, then the six this part adds; secrets take them in turn, so each has one.
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
            "authinfo", "fly_toml", "netlify_toml", "render_yaml", "jmeter_plan", "jenkins_credentials",
            "gitlab_ci", "pip_conf", "gem_credentials", "nuget_config", "supervisord", "pulumi_config",
            "extension_storage", "circleci_config", "azure_pipelines", "ngrok_config", "hgrc", "wpa_supplicant",
            "bruno", "insomnia", "travis_ci", "drone_ci", "gh_hosts", "condarc")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) * 2 // 5
    head, tail = value[:cut], value[cut:]
    text = (f"2026-12-17T05:41:09Z skladiste-3 {tool}-relay[907] env {name}={head}\n"
            f"2026-12-17T05:41:09Z skladiste-3 {tool}-relay[907] {tail} (line continued)")
    return text, [head, tail]


def _pkcs8_rsa2048() -> str:
    """An RSA-2048 private key as PKCS#8 DER (its sequence, version, rsaEncryption algorithm, the inner key's tags,
    then drawn bytes), in base64."""
    der = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
    return base64.b64encode(der + bytes(R.randrange(256) for _ in range(1180))).decode()


def _pem(value: str) -> tuple[str, list[str]]:
    """A private key's body in its PKCS#8 armour, pasted into a handover note; every body line must go."""
    lines = chunks(value)
    return ("Ključ za potpisivanje naloga, kako je dogovoreno:\n-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines)
            + "\n-----END PRIVATE KEY-----"), lines


def _keyed(context: str, tool: str, value: str) -> tuple[str, list[str]]:
    """Contexts where a key id stands beside the secret and goes with it."""
    key_id = r(20, UP)
    if context == "s3cfg":
        return (f"[default]\nhost_base = objects.{tool}.example.net\naccess_key = {key_id}\nsecret_key = {value}\n"
                f"signature_v2 = False"), [key_id, value]
    return (f"[profile skladiste-{tool}]\naws_access_key_id = {key_id}\naws_secret_access_key = {value}\n"
            f"region = eu-south-2\noutput = table"), [key_id, value]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(value)
    if context in ("s3cfg", "aws_config"):
        return _keyed(context, tool, value)
    if context == "docker_config":
        encoded = base64.b64encode(f"skladiste:{value}".encode()).decode()
        return json.dumps({"auths": {f"registry.{tool}.example.net": {"auth": encoded, "email": "ops@example.hr"}}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-credentials\n  namespace: skladiste\n"
                f"data:\n  {name}: {encoded}"), [encoded]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf"):
        texts = {
            "url": f"https://api.{tool}.example.net/v2/status?format=json&{camel(name)}={quoted}&jezik=hr",
            "connection_string": f"redis://skladiste:{quoted}@cache.{tool}.example.net:6380/2?ssl=true",
            "git_credentials": f"https://skladiste-bot:{quoted}@git.{tool}.example.net",
            "pip_conf": f"[global]\nindex-url = https://skladiste:{quoted}@pypi.{tool}.example.net/simple/\ntimeout = 30",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), name.replace("_", "-").title()
    texts = {
        "env": f"# .env.local\nSKLADISTE_REGION=hr-split\n{name}={value}",
        "json": json.dumps({"vendors": [{"name": tool, "credentials": {cam: value}}], "retries": 3}, indent=2),
        "escaped_json": json.dumps({"time": "2026-12-17T05:41:09Z", "msg": "request", "body": json.dumps({"service": tool, cam: value, "page": 1})}),
        "cli_flag": f"$ ./skladiste import --source {tool} --{kebab}={value} --dry-run",
        "prose": f"Bok Marko, novi ključ za {tool} je {value}, molim te upiši ga u testnu konfiguraciju prije sastanka.",
        "tool_output": f"$ {tool} auth status\nAccount: skladiste-ops\n{title}: {value}\nExpires: never",
        "diff": (f"--- a/config/{tool}.yml\n+++ b/config/{tool}.yml\n@@ -1,2 +1,3 @@\n {tool}:\n"
                 f"+  {low}: {value}\n   region: hr-split"),
        "bytes_literal": f"CREDENTIALS = {{b'vendor': b'{tool}', b'{low}': b'{value}'}}",
        "yaml": f"{tool}:\n  endpoint: https://api.{tool}.example.net\n  {cam}: \"{value}\"",
        "csv": f"vendor,{low},owner\n{tool},{value},ivana",
        "header": f"GET /v2/shipments HTTP/1.1\nHost: api.{tool}.example.net\nX-{title}: {value}\nAccept: application/json",
        "log": f"2026-12-17 05:41:09,331 ERROR skladiste.sync vendor={tool} {low}={value} status=401",
        "code": f"import {{ {tool}Client }} from './clients';\n\nconst client = new {tool}Client({{ {cam}: \"{value}\" }});",
        "ini": f"[{tool}]\n{low} = {value}\ntimeout = 20",
        "xml": f"<vendor name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</vendor>",
        "dockerfile": f"FROM python:3.13-slim\nENV {name}={value}\nCMD [\"python\", \"-m\", \"skladiste.{tool}\"]",
        "netrc": f"machine api.{tool}.example.net login skladiste password {value}",
        "toml": f"[vendors.{tool}]\n{low} = \"{value}\"\nenabled = true",
        "shell_history": f": 1765950069:0;export {name}='{value}'\n: 1765950071:0;make sync-{tool}",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [],
                                "source": [f"from skladiste import {tool}\n", f"{tool}.connect({cam}=\"{value}\")\n"]}),
        "hcl": f"resource \"{tool}_webhook\" \"skladiste\" {{\n  url     = \"https://skladiste.example.hr/hook\"\n  {low} = \"{value}\"\n}}",
        "properties": f"vendors.{tool}.url=https://api.{tool}.example.net\nvendors.{tool}.{cam}={value}",
        "powershell": f"PS C:\\skladiste> Set-Item -Path Env:{name} -Value '{value}'\nPS C:\\skladiste> .\\uvoz.ps1 -Source {tool}",
        "systemd": f"[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/opt/skladiste/bin/{tool}-sync",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.net/v2/orders",
                                                            "headers": [{"name": f"X-{title}", "value": value}]}}]}}),
        "curl_trace": f"* Connected to api.{tool}.example.net port 443\n> POST /v2/orders HTTP/1.1\n> X-{title}: {value}\n> Accept: */*",
        "crash_report": f"panic: sync {tool}: unexpected status 500\n\ngoroutine 1 [running]:\nmain.sync({{{cam}:\"{value}\"}})\n\t/src/skladiste/sync.go:88",
        "web_storage": json.dumps({"origin": f"https://portal.{tool}.example.net", "sessionStorage": {cam: value, "lang": "hr"}}),
        "plist": f"<dict>\n  <key>{cam}</key>\n  <string>{value}</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"{tool}_account", "name": "skladiste",
                                                            "instances": [{"attributes": {"id": "skladiste", low: value}}]}]}),
        "mobile_config": f"# android/local.properties\nsdk.dir=/opt/android-sdk\n{tool}.{cam}={value}",
        "sql_dump": f"INSERT INTO vendor_credentials (vendor, {low}) VALUES ('{tool}', '{value}');",
        "email": (f"From: ivana@example.hr\nTo: marko@example.hr\nSubject: pristup za {tool}\n\n"
                  f"Evo ti pristupni ključ za {tool}: {value}\nNe prosljeđuj ga dalje."),
        "nginx": f"location /api/{tool}/ {{\n    proxy_set_header X-{title} \"{value}\";\n    proxy_pass https://api.{tool}.example.net/;\n}}",
        "markdown": f"## {tool}\n\n- {low}: `{value}`\n- vlasnik: Ivana",
        "postman": json.dumps({"info": {"name": "skladiste"}, "auth": {"type": "apikey", "apikey": [{"key": "value", "value": value}, {"key": "key", "value": f"X-{title}"}]}}),
        "jenkinsfile": f"node {{\n  withEnv(['{name}={value}']) {{\n    sh './skladiste sync {tool}'\n  }}\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: skladiste/sync:1.8\n    environment:\n      - {name}={value}",
        "gradle": f"// build.gradle.kts\nbuildConfigField(\"String\", \"{name}\", \"\\\"{value}\\\"\")",
        "chat_export": json.dumps({"channel": "#skladiste", "messages": [{"user": "ivana", "ts": "1765950069.000200", "text": f"{tool} {low} {value}"}]}),
        "ansible": f"[skladiste:vars]\n{tool}_{low}={value}\nansible_user=deploy",
        "kubeconfig": f"users:\n- name: {tool}-robot\n  user:\n    token: {value}",
        "hocon": f"vendors.{tool}.{cam} = \"{value}\"\nvendors.{tool}.timeout = 20s",
        "nix": f"environment.variables = {{\n  {name} = \"{value}\";\n}};",
        "caddyfile": f"skladiste.example.hr {{\n  reverse_proxy https://api.{tool}.example.net {{\n    header_up X-{title} \"{value}\"\n  }}\n}}",
        "gitconfig": f"[{tool}]\n\t{cam} = {value}\n[core]\n\tautocrlf = input",
        "makefile": f"export {name} := {value}\n\nimport:\n\t./skladiste import --source {tool}",
        "npmrc": f"//registry.{tool}.example.net/npm/:_authToken=\"{value}\"\nalways-auth=true",
        "pgpass": f"db.{tool}.example.net:5432:*:skladiste:{value}",
        "crontab": f"*/10 * * * * {name}={value} /opt/skladiste/bin/import {tool} >/dev/null 2>&1",
        "http_file": f"### {tool}\nGET https://api.{tool}.example.net/v2/stock\nX-{title}: {value}",
        "haproxy": f"backend {tool}\n    http-request set-header X-{title} {value}\n    server s1 api.{tool}.example.net:443 ssl verify required",
        "sbt": f"credentials += Credentials(\"{tool}\", \"maven.{tool}.example.net\", \"skladiste\", \"{value}\")",
        "pypirc": f"[{tool}]\nrepository = https://pypi.{tool}.example.net/legacy/\nusername = skladiste\npassword = {value}",
        "ssh_config": f"Host api.{tool}.example.net\n    SendEnv LANG\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"name": f"uvoz {tool}", "type": "python", "request": "launch",
                                                                         "module": "skladiste", "env": {name: value}}]}, indent=2),
        "gha_workflow": f"jobs:\n  uvoz:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./skladiste import --source {tool}\n        env:\n          {name}: {value}",
        "fish": f"set -Ux {name} {value}\nfunctions -q {tool}-sync; or source ~/.config/fish/functions/{tool}-sync.fish",
        "devtools_console": f"> sessionStorage.getItem('{cam}')\n< \"{value}\"",
        "envrc": f"export {name}={value}\nlayout python3",
        "maven_settings": f"<servers>\n  <server>\n    <id>{tool}</id>\n    <username>skladiste</username>\n    <password>{value}</password>\n  </server>\n</servers>",
        "rclone_conf": f"[{tool}-arhiva]\ntype = s3\nprovider = Other\nendpoint = https://s3.{tool}.example.net\nsecret_access_key = {value}",
        "composer_auth": json.dumps({"http-basic": {f"packages.{tool}.example.net": {"username": "skladiste", "password": value}}}, indent=4),
        "yarnrc": f"npmRegistryServer: \"https://npm.{tool}.example.net\"\nnpmAuthToken: {value}",
        "terraformrc": f"credentials \"registry.{tool}.example.net\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}-crates]\ntoken = \"{value}\"",
        "helm_values": f"sync:\n  vendor: {tool}\n  secretEnv:\n    {name}: {value}",
        "vault_agent": f"template {{\n  contents    = \"{value}\"\n  destination = \"/etc/skladiste/{tool}.key\"\n}}",
        "my_cnf": f"[mysqldump]\nuser = skladiste\npassword = {value}\nhost = db.{tool}.example.net",
        "bitbucket_pipelines": f"pipelines:\n  custom:\n    uvoz:\n      - step:\n          script:\n            - {name}={value} ./skladiste import --source {tool}",
        "wrangler": f"name = \"skladiste-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst {cam} = '{value}';\nexport default () => http.get(`https://api.{tool}.example.net/v2/stock?key=${{{cam}}}`);",
        "heroku_config": f"$ heroku config:get {name} -a skladiste-{tool}\n{value}",
        "authinfo": f"machine api.{tool}.example.net login skladiste port https password {value}",
        "fly_toml": f"app = \"skladiste-{tool}\"\n\n[env]\n  {name} = \"{value}\"\n  REGION = \"hr-split\"",
        "netlify_toml": f"[build.environment]\n  {name} = \"{value}\"\n  NODE_VERSION = \"22\"",
        "render_yaml": f"envVarGroups:\n  - name: {tool}\n    envVars:\n      - key: {name}\n        value: \"{value}\"",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <elementProp name=\"X-{title}\" elementType=\"Header\">\n    <stringProp name=\"Header.value\">{value}</stringProp>\n  </elementProp>\n</HeaderManager>",
        "jenkins_credentials": (f"<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>{tool}-skladiste</id>\n"
                                f"  <username>skladiste</username>\n  <password>{value}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>"),
        "gitlab_ci": f"uvoz:\n  variables:\n    {name}: {value}\n  script:\n    - ./skladiste import --source {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"skladiste\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-uvoz]\ncommand=/opt/skladiste/bin/import {tool}\nenvironment=HOME=\"/srv/skladiste\",{name}=\"{value}\"",
        "pulumi_config": f"config:\n  skladiste:{cam}:\n    value: {value}",
        "extension_storage": json.dumps({"extensionId": r(32, "abcdefghijklmnop"), "storage": {"local": {f"{tool}_{cam}": value}}}, indent=2),
        "circleci_config": f"jobs:\n  uvoz:\n    docker:\n      - image: cimg/python:3.13\n    steps:\n      - run: {name}={value} ./skladiste import --source {tool}",
        "azure_pipelines": f"steps:\n  - script: ./skladiste import --source {tool}\n    env:\n      {name}: {value}",
        "ngrok_config": f"version: 2\nauthtoken: {value}\ntunnels:\n  {tool}:\n    proto: http\n    addr: 8000",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.example.net/skladiste\n{tool}.username = skladiste\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n    ssid=\"skladiste-{tool}\"\n    psk=\"{value}\"\n}}",
        "bruno": (f"meta {{\n  name: zalihe\n  type: http\n  seq: 1\n}}\n\nget {{\n  url: https://api.{tool}.example.net/v2/stock\n}}\n\n"
                  f"headers {{\n  X-{title}: {value}\n}}"),
        "insomnia": json.dumps({"_type": "export", "__export_format": 4, "resources": [
            {"_id": f"req_{r(32, HX)}", "_type": "request", "name": f"{tool} zalihe", "url": f"https://api.{tool}.example.net/v2/stock",
             "headers": [{"name": f"X-{title}", "value": value}]}]}, indent=2),
        "travis_ci": f"language: python\npython: \"3.13\"\nenv:\n  global:\n    - {name}={value}\nscript: ./skladiste import --source {tool}",
        "drone_ci": (f"kind: pipeline\ntype: docker\nname: uvoz\n\nsteps:\n  - name: {tool}\n    image: python:3.13\n"
                     f"    environment:\n      {name}: {value}\n    commands:\n      - ./skladiste import --source {tool}"),
        "gh_hosts": f"github.{tool}.example.net:\n    users:\n        skladiste-bot:\n    git_protocol: https\n    user: skladiste-bot\n    oauth_token: {value}",
        "condarc": f"channels:\n  - https://conda.{tool}.example.net/t/{value}/skladiste\n  - conda-forge\nchannel_priority: strict",
    }
    return texts[context], [value]


def _groups(alphabet: str = HX, sizes: tuple[int, ...] = (8, 4, 4, 4, 12)) -> str:
    return "-".join(r(n, alphabet) for n in sizes)


# Formats whose facts were read in public material (source kind public): three maintained detector rule sets. Only the
# facts (prefix, length, alphabet, the name beside it) were read; no rule, pattern or example was copied, and every
# value is drawn here.
TH = "TruffleHog detectors (github.com/trufflesecurity/trufflehog, pkg/detectors)"
KF = "Kingfisher rule set (github.com/mongodb/kingfisher, data/rules)"
NP = "Nosey Parker rules (github.com/praetorian-inc/noseyparker, data/default/rules)"


def th(what: str, detector: str) -> str:
    return f"{what}, {TH}/{detector}"


def kf(what: str, rule: str) -> str:
    return f"{what}, {KF}/{rule}.yml"


def near(vendor: str, count: str, detector: str | None = None) -> str:
    """The usual fact: a value of a length and alphabet beside the vendor's name, read in a TruffleHog detector."""
    return th(f"a {vendor} key ({count} beside the vendor's name)", detector or vendor.lower().replace(" ", "").replace(".", ""))


def _livestorm() -> str:
    """A JWT whose claims open with the Livestorm API audience and a jti, then a drawn rest, and a drawn signature."""
    claims = b64url_json({"aud": "api.livestorm.co", "jti": u4(), "iat": 1765950069, "org": u4()})
    return f"{b64url_json({'alg': 'HS256'})}.{claims}.{r(43, U64)}"


def _lendflow() -> str:
    """Two dot-joined runs (36, 235), a dot, then nine dash-joined runs of the lengths a Lendflow token has."""
    runs = "-".join(r(n, AL + ("_" if n in (162, 40, 66, 59, 220) else "")) for n in (32, 47, 162, 42, 40, 66, 59, 7, 220))
    return f"{r(36)}.{r(235)}.{runs}"


SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("abyssale/api-key", "ABYSSALE_API_KEY", "abyssale", lambda: r(40), near("Abyssale", "40 letters and digits")),
    ("adzuna/app-key", "ADZUNA_APP_KEY", "adzuna", lambda: r(32, LO), near("Adzuna", "32 lower-case letters and digits")),
    ("aeroworkflow/api-key", "AEROWORKFLOW_API_KEY", "aeroworkflow", lambda: r(20, AL + "^!?#:*;"),
     near("Aero Workflow", "20 letters, digits and ^!?#:*;", "aeroworkflow")),
    ("aha/api-key", "AHA_API_KEY", "aha", lambda: r(64, HX), near("Aha!", "64 hex digits", "aha")),
    ("airvisual/api-key", "AIRVISUAL_API_KEY", "airvisual", lambda: _groups(LO), near("AirVisual", "36 lower-case letters, digits and dashes")),
    ("alconost/api-key", "ALCONOST_API_KEY", "alconost", lambda: r(32, LO), near("Alconost", "32 lower-case letters and digits")),
    ("alegra/api-token", "ALEGRA_API_TOKEN", "alegra", lambda: r(20, LO), near("Alegra", "20 lower-case letters, digits and dashes")),
    ("aletheiaapi/api-key", "ALETHEIA_API_KEY", "aletheia", lambda: r(32, UP), near("Aletheia API", "32 upper-case letters and digits", "aletheiaapi")),
    ("alienvault/otx-key", "OTX_API_KEY", "alienvault", lambda: r(64, LO), near("AlienVault OTX", "64 lower-case letters and digits", "alienvault")),
    ("allsports/api-key", "ALLSPORTS_API_KEY", "allsports", lambda: r(64, LO), near("AllSportsAPI", "64 lower-case letters and digits", "allsports")),
    ("ambee/api-key", "AMBEE_API_KEY", "ambee", lambda: r(64, HX), near("Ambee", "64 hex digits")),
    ("anypoint/client-secret", "ANYPOINT_CLIENT_SECRET", "anypoint", lambda: _groups(LO),
     near("MuleSoft Anypoint", "8-4-4-4-12 lower-case letters and digits, beside an organisation id of the same shape", "anypoint")),
    ("apacta/api-key", "APACTA_API_KEY", "apacta", lambda: _groups(LO), near("Apacta", "36 lower-case letters, digits and dashes")),
    ("api2cart/api-key", "API2CART_API_KEY", "api2cart", lambda: r(32, HX), near("API2Cart", "32 hex digits")),
    ("apiflash/access-key", "APIFLASH_ACCESS_KEY", "apiflash", lambda: r(32, LO), near("ApiFlash", "32 lower-case letters and digits")),
    ("apimatic/api-key", "APIMATIC_API_KEY", "apimatic", lambda: r(64, U64), near("APIMatic", "64 letters, digits, _ and -")),
    ("appcues/api-key", "APPCUES_API_KEY", "appcues", lambda: _groups(LO), near("Appcues", "36 lower-case letters, digits and dashes")),
    ("apptivo/api-key", "APPTIVO_API_KEY", "apptivo", lambda: _groups(LO), near("Apptivo", "36 lower-case letters, digits and dashes")),
    ("artsy/client-secret", "ARTSY_CLIENT_SECRET", "artsy", lambda: r(32), near("Artsy", "32 letters and digits, beside a 20-character client id")),
    ("ibkr/oauth-consumer-key", "IBKR_SIGNING_KEY", "ibkr", _pkcs8_rsa2048,
     "an Interactive Brokers Web API OAuth consumer's RSA-2048 signing key in PKCS#8 armour"),
    ("aylien/api-key", "AYLIEN_API_KEY", "aylien", lambda: r(32, LO), near("AYLIEN", "32 lower-case letters and digits, beside an 8-character app id", "aylien")),
    ("billomat/api-key", "BILLOMAT_API_KEY", "billomat", lambda: r(32, HX), near("Billomat", "32 hex digits")),
    ("bitmex/api-secret", "BITMEX_API_SECRET", "bitmex", lambda: r(48, U64), near("BitMEX", "48 letters, digits, - and _, beside a 24-character key id", "bitmex")),
    ("bulksms/api-password", "BULKSMS_TOKEN_SECRET", "bulksms", lambda: r(29, AL + "!@#$%^&*"), near("BulkSMS", "29 letters, digits and !@#$%^&*")),
    ("caflou/api-key", "CAFLOU_API_KEY", "caflou", lambda: "eyJhbGciOiJIUzI1NiJ9." + r(134, AL + "_-"),
     th("a Caflou API key (the base64url of an HS256 JWT header and 135 letters, digits, dots, _ and -)", "caflou")),
    ("cashboard/api-key", "CASHBOARD_API_KEY", "cashboard", lambda: _groups(UP, (3, 3, 3, 3)),
     near("Cashboard", "four groups of 3 upper-case letters and digits joined by dashes")),
    ("caspio/client-secret", "CASPIO_CLIENT_SECRET", "caspio", lambda: r(50, LO), near("Caspio", "50 lower-case letters and digits")),
    ("cexio/api-secret", "CEXIO_API_SECRET", "cexio", lambda: r(26), near("CEX.IO", "24 to 27 letters and digits", "cexio")),
    ("checkvist/api-key", "CHECKVIST_API_KEY", "checkvist", lambda: r(14), near("Checkvist", "14 letters and digits")),
    ("clickhelp/api-key", "CLICKHELP_API_KEY", "clickhelp", lambda: r(24), near("ClickHelp", "24 letters and digits")),
    ("clientary/api-token", "CLIENTARY_API_TOKEN", "clientary", lambda: r(25), near("Clientary (Ronin)", "24 to 26 letters and digits", "clientary")),
    ("clinchpad/api-key", "CLINCHPAD_API_KEY", "clinchpad", lambda: r(32, LO), near("ClinchPad", "32 lower-case letters and digits")),
    ("clockworksms/api-token", "CLOCKWORK_API_TOKEN", "clockwork", lambda: r(24), near("Clockwork SMS (TextAnywhere)", "24 letters and digits", "clockworksms")),
    ("cloudelements/user-secret", "CLOUDELEMENTS_USER_SECRET", "cloudelements", lambda: r(43), near("Cloud Elements", "43 letters and digits")),
    ("cloze/api-key", "CLOZE_API_KEY", "cloze", lambda: r(32, HX), near("Cloze", "32 hex digits")),
    ("column/api-key", "COLUMN_API_KEY", "column", lambda: "live_" + r(27), near("Column", "test_ or live_ and 27 letters and digits")),
    ("commodities/api-key", "COMMODITIES_API_KEY", "commodities", lambda: r(60), near("Commodities-API", "60 letters and digits", "commodities")),
    ("companyhub/api-key", "COMPANYHUB_API_KEY", "companyhub", lambda: r(20), near("CompanyHub", "20 letters and digits")),
    ("convier/api-key", "CONVIER_API_KEY", "convier", lambda: f"{r(2, DG)}|{r(40)}", near("Convier", "2 digits, a | and 40 letters and digits")),
    ("copper/api-key", "COPPER_API_KEY", "copper", lambda: r(32, LO), near("Copper CRM", "32 lower-case letters and digits", "copper")),
    ("currencycloud/api-key", "CURRENCYCLOUD_API_KEY", "currencycloud", lambda: r(64, LO), near("Currencycloud", "64 lower-case letters and digits")),
    ("customerguru/api-key", "CUSTOMERGURU_API_KEY", "customerguru", lambda: r(30), near("CustomerGuru", "30 letters and digits beside the word guru", "customerguru")),
    ("demio/api-secret", "DEMIO_API_SECRET", "demio", lambda: r(16), near("Demio", "10 to 20 letters and digits, beside a 32-character key")),
    ("deputy/api-token", "DEPUTY_API_TOKEN", "deputy", lambda: r(32, LO), near("Deputy", "32 lower-case letters and digits")),
    ("dnscheck/api-key", "DNSCHECK_API_KEY", "dnscheck", lambda: r(32), near("DNS Check", "32 letters and digits", "dnscheck")),
    ("dotdigital/api-password", "DOTDIGITAL_API_PASSWORD", "dotdigital", lambda: r(8, UP) + r(8, LO) + "!9",
     th("a dotdigital API user's password (8 to 24 characters beside pw or pass, its user an apiuser- address)", "dotdigital")),
    ("dovico/client-token", "DOVICO_CLIENT_TOKEN", "dovico", lambda: f"{r(32, LO)}.{r(6, LO)}", near("Dovico", "32 lower-case letters and digits, a dot and more")),
    ("duply/api-key", "DUPLY_API_KEY", "duply", lambda: _groups(), near("Duply", "8-4-4-4-12 hex digits")),
    ("eagleeyenetworks/api-key", "EEN_API_KEY", "eagleeye", lambda: r(15), near("Eagle Eye Networks", "15 letters and digits", "eagleeyenetworks")),
    ("easyinsight/api-key", "EASYINSIGHT_API_KEY", "easyinsight", lambda: r(20), near("Easy Insight", "20 letters and digits", "easyinsight")),
    ("edamam/app-key", "EDAMAM_APP_KEY", "edamam", lambda: r(32, LO), near("Edamam", "32 lower-case letters and digits, beside an 8-character app id")),
    ("enablex/app-key", "ENABLEX_APP_KEY", "enablex", lambda: r(36), near("EnableX", "36 letters and digits")),
    ("endorlabs/api-key", "ENDOR_API_KEY", "endorlabs", lambda: "endr+" + r(16, AL + "-"), th("an Endor Labs API key (endr+ and 16 letters, digits and dashes)", "endorlabs")),
    ("exchangeratesapi/access-key", "EXCHANGERATES_ACCESS_KEY", "exchangerates", lambda: r(32, LO),
     near("exchangeratesapi.io", "32 lower-case letters and digits", "exchangeratesapi")),
    ("exportsdk/api-key", "EXPORTSDK_API_KEY", "exportsdk", lambda: f"{r(10, LO)}_{_groups(LO)}",
     th("an ExportSDK API key (5 to 15 lower-case letters and digits, _, then 36 lower-case letters, digits and dashes)", "exportsdk")),
    ("faceplusplus/api-secret", "FACEPP_API_SECRET", "faceplusplus", lambda: r(32, U64), near("Face++", "32 letters, digits, _ and -", "faceplusplus")),
    ("fibery/api-token", "FIBERY_API_TOKEN", "fibery", lambda: f"{r(8, HX)}.{r(35, HX)}", near("Fibery", "8 hex digits, a dot and 35 more")),
    ("flightstats/app-key", "FLIGHTSTATS_APP_KEY", "flightstats", lambda: r(32, LO), near("FlightStats", "32 lower-case letters and digits, beside an 8-character app id")),
    ("flowflu/api-key", "FLOWFLU_API_KEY", "flowflu", lambda: r(51), near("Flowflu", "51 letters and digits")),
    ("fmfw/api-secret", "FMFW_API_SECRET", "fmfw", lambda: r(32, U64), near("FMFW.io", "32 letters, digits, _ and -", "fmfw")),
    ("formbucket/api-token", "FORMBUCKET_TOKEN", "formbucket", lambda: f"{b64url_json({'alg': 'HS256', 'typ': 'JWT'})}.{r(96)}.{r(43, U64)}",
     th("a FormBucket token (three dot-joined runs of letters and digits, the last with _ and -)", "formbucket")),
    ("formsite/api-key", "FORMSITE_API_KEY", "formsite", lambda: r(32), near("Formsite", "32 letters and digits, beside a server name fs and digits")),
    ("gemini/api-secret", "GEMINI_API_SECRET", "gemini", lambda: r(28),
     th("a Gemini exchange API secret (27 or 28 letters and digits, beside a key that starts master- or account-)", "gemini")),
    ("gengo/private-key", "GENGO_PRIVATE_KEY", "gengo", lambda: r(64, AL + "-_=~^@$"), near("Gengo", "64 letters, digits and -_=~^@$ and brackets")),
    ("geocodio/api-key", "GEOCODIO_API_KEY", "geocodio", lambda: r(39, LO), near("Geocodio", "39 lower-case letters and digits")),
    ("getsandbox/api-key", "GETSANDBOX_API_KEY", "getsandbox", lambda: r(40, LO), near("Sandbox (getsandbox.com)", "40 lower-case letters, digits and dashes", "getsandbox")),
    ("gocanvas/api-key", "GOCANVAS_API_KEY", "gocanvas", lambda: r(43, AL + "/+") + "=", near("GoCanvas", "43 base64 characters and =")),
    ("guru/api-token", "GURU_API_TOKEN", "guru", lambda: _groups(LO), near("Guru", "8-4-4-4-12 lower-case letters and digits, beside a user's address")),
    ("hypertrack/secret-key", "HYPERTRACK_SECRET_KEY", "hypertrack", lambda: r(54, U64), near("HyperTrack", "54 letters, digits, _ and -, beside a 27-character account id")),
    ("instamojo/auth-token", "INSTAMOJO_AUTH_TOKEN", "instamojo", lambda: r(40), near("Instamojo", "40 letters and digits")),
    ("invoiceocean/api-token", "INVOICEOCEAN_API_TOKEN", "invoiceocean", lambda: r(20), near("InvoiceOcean", "20 letters and digits")),
    ("kanbantool/api-token", "KANBANTOOL_API_TOKEN", "kanbantool", lambda: r(12, UP), near("Kanban Tool", "12 upper-case letters and digits", "kanbantool")),
    ("keenio/master-key", "KEEN_MASTER_KEY", "keen", lambda: r(64, UP), near("Keen", "64 upper-case letters and digits, beside a 24-character project id", "keenio")),
    ("lendflow/api-token", "LENDFLOW_API_TOKEN", "lendflow", _lendflow,
     th("a Lendflow token (runs of 36 and 235 letters and digits joined by dots, then nine dash-joined runs from 7 to 235 characters)", "lendflow")),
    ("lexigram/api-key", "LEXIGRAM_API_KEY", "lexigram", lambda: r(301), near("Lexigram", "301 characters")),
    ("liveagent/api-key", "LIVEAGENT_API_KEY", "liveagent", lambda: r(32), near("LiveAgent", "32 letters and digits, beside a ladesk.com address", "liveagent")),
    ("livestorm/api-token", "LIVESTORM_API_TOKEN", "livestorm", _livestorm,
     th("a Livestorm token (a JWT with an HS256 header whose claims open with the api.livestorm.co audience and a jti)", "livestorm")),
    ("captaindata/api-key", "CAPTAINDATA_API_KEY", "captaindata", lambda: r(64, HX), th("a Captain Data API key (64 hex digits beside the vendor's name and a project id)", "captaindata/v2")),
    ("blynk/device-token", "BLYNK_AUTH_TOKEN", "blynk", lambda: r(32, U64), kf("a Blynk device access token (32 letters, digits, _ and - after a blynk.cloud address)", "blynk")),
    ("currentsapi/api-key", "CURRENTS_API_KEY", "currentsapi", lambda: r(48, AL + "-_+="), kf("a Currents API key (48 letters, digits and -_+= beside the vendor's name)", "currentsapi")),
    ("dependencytrack/api-key", "DTRACK_API_KEY", "dependencytrack", lambda: "odt_" + r(32), kf("a Dependency-Track API key (odt_ and 32 to 255 letters and digits)", "dependency_track")),
    ("gitalk/client-secret", "GITALK_CLIENT_SECRET", "gitalk", lambda: r(40, HX),
     f"a Gitalk OAuth client secret (40 hex digits, beside a 20-hex-digit client id in the widget's setup), {NP}/gitalk"),
    ("asaas/api-key", "ASAAS_API_KEY", "asaas", lambda: "$aact_" + b64(96), "an Asaas API key ($aact_ and a long base64 run)"),
    ("algorithmia/api-key", "ALGORITHMIA_API_KEY", "algorithmia", lambda: "sim" + r(28), "an Algorithmia API key (sim and 28 letters and digits)"),
    ("bigdatacloud/api-key", "BIGDATACLOUD_API_KEY", "bigdatacloud", lambda: "bdc_" + r(32, HX), "a BigDataCloud API key (bdc_ and 32 hex digits)"),
    ("civitai/api-key", "CIVITAI_API_KEY", "civitai", lambda: r(32, HX), "a Civitai API key (32 hex digits)"),
    ("deta/project-key", "DETA_PROJECT_KEY", "deta", lambda: f"{r(8, LO)}_{r(32)}", "a Deta project key (an 8-character project id, _ and 32 letters and digits)"),
    ("devto/api-key", "DEVTO_API_KEY", "devto", lambda: r(24), "a DEV (Forem) API key (24 letters and digits)"),
    ("hashnode/personal-access-token", "HASHNODE_TOKEN", "hashnode", lambda: _groups(), "a Hashnode personal access token (8-4-4-4-12 hex digits)"),
    ("kolide/api-key", "KOLIDE_API_KEY", "kolide", lambda: "k2sk_v1_" + r(24), "a Kolide API key (k2sk_v1_ and 24 letters and digits)"),
    ("kandji/api-token", "KANDJI_API_TOKEN", "kandji", lambda: _groups(), "a Kandji API token (8-4-4-4-12 hex digits)"),
    ("lichess/personal-token", "LICHESS_TOKEN", "lichess", lambda: "lip_" + r(20), "a Lichess personal API token (lip_ and 20 letters and digits)"),
    ("emailable/api-key", "EMAILABLE_API_KEY", "emailable", lambda: "live_" + r(20, LO), "an Emailable API key (live_ and 20 lower-case letters and digits)"),
    ("flotiq/api-key", "FLOTIQ_API_KEY", "flotiq", lambda: r(32, HX), "a Flotiq read-write API key (32 hex digits)"),
    ("iugu/api-token", "IUGU_API_TOKEN", "iugu", lambda: r(32, HX.upper()), "an iugu API token (32 upper-case hex digits)"),
    ("bugcrowd/api-token", "BUGCROWD_API_TOKEN", "bugcrowd", lambda: f"{r(20)}:{r(40)}", "a Bugcrowd API token (an identifier, a colon and a 40-character secret)"),
    ("egnyte/access-token", "EGNYTE_ACCESS_TOKEN", "egnyte", lambda: r(24), "an Egnyte OAuth access token (24 letters and digits)"),
    ("cloudns/auth-password", "CLOUDNS_AUTH_PASSWORD", "cloudns", lambda: r(16), "a ClouDNS API user's password (beside its numeric auth-id)"),
    ("digicert/api-key", "DIGICERT_API_KEY", "digicert", lambda: r(52, UP), "a DigiCert CertCentral API key (52 upper-case letters and digits)"),
    ("addigy/client-secret", "ADDIGY_CLIENT_SECRET", "addigy", lambda: r(40, HX), "an Addigy API client secret (40 hex digits)"),
    ("jamf/client-secret", "JAMF_CLIENT_SECRET", "jamf", lambda: r(64, U64), "a Jamf Pro API client secret (64 letters, digits, _ and -)"),
    ("kinsta/api-key", "KINSTA_API_KEY", "kinsta", lambda: r(64, HX), "a Kinsta API key (64 hex digits)"),
    ("hotjar/client-secret", "HOTJAR_CLIENT_SECRET", "hotjar", lambda: r(48), "a Hotjar API client secret (48 letters and digits)"),
    ("ideogram/api-key", "IDEOGRAM_API_KEY", "ideogram", lambda: r(86, U64), "an Ideogram API key (86 letters, digits, _ and -)"),
    ("frontify/access-token", "FRONTIFY_TOKEN", "frontify", lambda: r(40), "a Frontify personal access token (40 letters and digits)"),
    ("dailymotion/api-secret", "DAILYMOTION_API_SECRET", "dailymotion", lambda: r(40, HX), "a Dailymotion API secret (40 hex digits)"),
]


CROATIAN = [
    ("bitcoinaverage/api-key", kf("a BitcoinAverage API key (43 letters and digits beside the vendor's name)", "bitcoinaverage")),
    ("ipinfodb/api-key", kf("an IPInfoDB API key (64 lower-case letters and digits beside the vendor's name)", "ipinfodb")),
    ("kagi/api-key", f"a Kagi API key (11 letters, digits, _ and -, a dot and 43 more, beside the vendor's name), {NP}/kagi"),
    ("luno/api-secret", near("Luno", "43 letters, digits, _ and -, beside a 13-character key id")),
]
PUBLIC = {what for *_, what in SECRETS if TH in what or KF in what or NP in what} | {what for _, what in CROATIAN}


def croatian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Croatian chat line with no setting name (format, context, text, secrets, what)."""
    average, infodb, kagi, luno = r(43), r(64, LO), f"{r(11, U64)}.{r(43, U64)}", r(43, U64)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = CROATIAN
    return [
        (f1, "prose", f"Za tečajeve kriptovaluta zasad uzmi moj ključ {average}, sutra ti otvorim zaseban račun.", [average], w1),
        (f2, "prose", f"Geolokacija opet radi: {infodb} — nemoj ga stavljati na wiki, molim te.", [infodb], w2),
        (f3, "prose", f"Pretraživanje ide preko mog računa, ključ je {kagi}; stari sam ugasio u petak.", [kagi], w3),
        (f4, "prose", f"Tajna za burzu koju si tražio: {luno}. Obriši poruku kad je spremiš.", [luno], w4),
    ]


def _croatian_oib() -> str:
    """A Croatian personal identification number (OIB): ten digits and an ISO 7064 MOD 11,10 check digit."""
    digits, a = r(10, DG), 10
    for d in digits:
        a = (a + int(d)) % 10 or 10
        a = a * 2 % 11
    return digits + str((11 - a) % 10)


def _key_id(text: str) -> str:
    """A key id as TUF writes it: the hex SHA-256 of the key's text."""
    return hashlib.sha256(text.encode()).hexdigest()


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/doppler-project-and-config-names", "env",
     lambda: "DOPPLER_PROJECT=skladiste\nDOPPLER_CONFIG=prd\nDOPPLER_ENVIRONMENT=prd",
     "settings that name a secrets manager's project, not a token"),
    ("json/tuf-root-public-keys", "json",
     lambda: (lambda key: json.dumps({"signed": {"_type": "root", "version": 3, "expires": "2027-12-17T00:00:00Z",
                                                 "keys": {_key_id(key): {"keytype": "ed25519", "scheme": "ed25519", "keyval": {"public": key}}}}}, indent=2))(r(64, HX)),
     "update metadata listing public keys by their ids"),
    ("escaped/opentelemetry-span-link", "escaped_json",
     lambda: json.dumps({"msg": "span", "attrs": json.dumps({"links": [{"trace_id": r(32, HX), "span_id": r(16, HX), "trace_state": "rojo=00f067aa0ba902b7"}]})}),
     "a span's link to another trace"),
    ("cli/minisign-sign-with-key-path", "cli_flag",
     lambda: "$ minisign -S -s ~/.minisign/skladiste.key -m skladiste-2.4.0.tar.gz -t 'skladiste 2.4.0'",
     "signing with a key file named by its path"),
    ("prose/croatian-personal-id-oib", "prose",
     lambda: f"OIB naše tvrtke je {_croatian_oib()}, molimo da ga navedete na svakom računu.",
     "a company's public identification number"),
    ("tool/smartctl-disk-serial-and-wwn", "tool_output",
     lambda: f"$ sudo smartctl -i /dev/sda | grep -E 'Serial|WWN'\nSerial Number:    S{r(14, UP)}\nLU WWN Device Id: 5 002538 {r(9, HX)}",
     "a disk's serial number and world wide name"),
    ("diff/cargo-lock-checksum-bump", "diff",
     lambda: (f"--- a/Cargo.lock\n+++ b/Cargo.lock\n@@ -301,4 +301,4 @@\n [[package]]\n name = \"serde\"\n-version = \"1.0.215\"\n-checksum = \"{r(64, HX)}\"\n"
              f"+version = \"1.0.216\"\n+checksum = \"{r(64, HX)}\""),
     "a crate's published checksum"),
    ("bytes/elf-header-ident", "bytes_literal", lambda: "ELF_MAGIC = b'\\x7fELF'\nELFCLASS64 = b'\\x02'\nELFDATA2LSB = b'\\x01'",
     "the fixed bytes an ELF file starts with"),
    ("yaml/renovate-package-rules", "yaml",
     lambda: "extends:\n  - config:recommended\npackageRules:\n  - matchUpdateTypes: [patch]\n    automerge: true",
     "dependency update rules"),
    ("csv/croatian-county-codes", "csv", lambda: "sifra,zupanija,sjediste\n17,Splitsko-dalmatinska,Split\n21,Grad Zagreb,Zagreb\n08,Primorsko-goranska,Rijeka",
     "public county codes"),
    ("url/signed-download-expiry-only", "url",
     lambda: f"https://cdn.example.hr/izvjestaji/2026-12.pdf?expires=1765953669&v={R.randrange(2, 9)}",
     "a download address with an expiry and a version, no signature"),
    ("header/early-hints-preload-links", "header",
     lambda: "HTTP/1.1 103 Early Hints\nLink: </static/app.css>; rel=preload; as=style\nLink: </static/app.js>; rel=modulepreload",
     "resources a page will need"),
    ("log/redis-background-save", "log",
     lambda: f"1:M 17 Dec 2026 05:41:09.331 * Background saving started by pid {R.randrange(1000, 9999)}\n1:M 17 Dec 2026 05:41:10.102 * Background saving terminated with success",
     "a cache's snapshot"),
    ("connection/nats-cluster-urls-with-tls", "connection_string",
     lambda: "nats://nats1.example.hr:4222,nats://nats2.example.hr:4222?tls=true&name=skladiste-uvoz",
     "message broker addresses, no user or password"),
    ("code/adler32-modulus", "code", lambda: "# Adler-32: both sums are kept modulo the largest prime below 2**16\nMOD_ADLER = 65521",
     "a published checksum constant"),
    ("ini/mypy-strict-overrides", "ini", lambda: "[mypy]\nstrict = True\n\n[mypy-tests.*]\ndisallow_untyped_defs = False",
     "type checker settings"),
    ("xml/sitemap-url-entries", "xml",
     lambda: "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url><loc>https://skladiste.example.hr/</loc><changefreq>weekly</changefreq></url>\n</urlset>",
     "a sitemap"),
    ("dockerfile/shell-and-stopsignal", "dockerfile",
     lambda: "FROM alpine:3.21\nSHELL [\"/bin/ash\", \"-eo\", \"pipefail\", \"-c\"]\nSTOPSIGNAL SIGQUIT",
     "an image's shell and stop signal"),
    ("netrc/file-mode-listing", "netrc",
     lambda: f"$ ls -l ~/.netrc\n-rw------- 1 ivana ivana {R.randrange(60, 400)} Dec 17 05:41 /home/ivana/.netrc",
     "a netrc file's mode and size, not what is in it"),
    ("pem/x509-certificate-legacy-label", "pem",
     lambda: "-----BEGIN X509 CERTIFICATE-----\n" + "\n".join(chunks(base64.b64encode(
         bytes.fromhex("308201f030820196a003020102") + bytes(R.randrange(256) for _ in range(486))).decode())) + "\n-----END X509 CERTIFICATE-----",
     "a certificate under its older armour label, which holds only a public key"),
    ("wrapped/commit-hash-across-lines", "wrapped",
     lambda: (lambda h: f"2026-12-17T05:41:09Z skladiste-3 deploy[12] release at {h[:22]}\n2026-12-17T05:41:09Z skladiste-3 deploy[12] {h[22:]} done")(r(40, HX)),
     "a commit id cut across log lines"),
    ("toml/taplo-formatting-rules", "toml", lambda: "[formatting]\nalign_entries = true\ncolumn_width = 100\nreorder_keys = false",
     "formatter settings"),
    ("history/git-worktree-and-sparse-checkout", "shell_history",
     lambda: ": 1765950069:0;git worktree add ../skladiste-hotfix v2.3.2\n: 1765950090:0;git sparse-checkout set web docs",
     "a second working tree"),
    ("notebook/execute-result-dataframe-shape", "notebook",
     lambda: json.dumps({"output_type": "execute_result", "execution_count": 7, "metadata": {},
                         "data": {"text/plain": [f"({R.randrange(1000, 90000)}, 14)"]}}),
     "a table's size"),
    ("hcl/packer-required-plugins", "hcl",
     lambda: "packer {\n  required_plugins {\n    qemu = {\n      version = \">= 1.1.0\"\n      source  = \"github.com/hashicorp/qemu\"\n    }\n  }\n}",
     "a build tool's plugin versions"),
    ("properties/kafka-streams-application-settings", "properties",
     lambda: "application.id=skladiste-zalihe\nnum.stream.threads=2\nprocessing.guarantee=exactly_once_v2",
     "stream processing settings"),
    ("powershell/get-authenticodesignature-output", "powershell",
     lambda: f"PS> Get-AuthenticodeSignature .\\uvoz.ps1\n\nSignerCertificate                         Status  Path\n-----------------                         ------  ----\n{r(40, HX.upper())}  Valid   uvoz.ps1",
     "a script's signing certificate thumbprint"),
    ("systemd/journald-retention", "systemd", lambda: "[Journal]\nSystemMaxUse=2G\nMaxRetentionSec=1month\nCompress=yes",
     "log retention settings"),
    ("har/redirect-chain-locations", "har",
     lambda: json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": "http://skladiste.example.hr/"},
                                             "response": {"status": 301, "redirectURL": "https://skladiste.example.hr/"}}]}}),
     "a redirect to the secure address"),
    ("curl/write-out-status-and-time", "curl_trace",
     lambda: f"$ curl -s -o /dev/null -w '%{{http_code}} %{{time_total}}\\n' https://skladiste.example.hr/health\n200 0.{R.randrange(100, 999)}",
     "a request's status and duration"),
    ("k8s/network-policy-ingress", "k8s_secret",
     lambda: "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: skladiste-db\nspec:\n  podSelector:\n    matchLabels:\n      app: db\n  ingress:\n    - from:\n        - podSelector:\n            matchLabels:\n              app: skladiste",
     "which pods may reach the database"),
    ("crash/java-stack-with-line-numbers", "crash_report",
     lambda: f"Exception in thread \"main\" java.lang.IllegalStateException: artikl {R.randrange(10000, 99999)} nema cijenu\n\tat hr.example.skladiste.Cjenik.cijena(Cjenik.java:57)\n\tat hr.example.skladiste.Main.main(Main.java:12)",
     "a stack trace with file lines"),
    ("web/feature-flag-variants", "web_storage",
     lambda: json.dumps({"origin": "https://skladiste.example.hr", "localStorage": {"flags": json.dumps({"novi-izvjestaj": "B", "tamna-tema": True})}}),
     "a page's feature flag variants"),
    ("plist/associated-domains", "plist",
     lambda: "<key>com.apple.developer.associated-domains</key>\n<array>\n\t<string>applinks:skladiste.example.hr</string>\n</array>",
     "an app's linked domains"),
    ("tfstate/outputs-public-ip", "tfstate",
     lambda: json.dumps({"version": 4, "outputs": {"public_ip": {"value": f"203.0.113.{R.randrange(2, 250)}", "type": "string"}}}),
     "a state's public address output"),
    ("mobile/android-network-security-config", "mobile_config",
     lambda: "<network-security-config>\n  <domain-config cleartextTrafficPermitted=\"false\">\n    <domain includeSubdomains=\"true\">example.hr</domain>\n  </domain-config>\n</network-security-config>",
     "which domains an app may reach in clear text"),
    ("sql/comment-on-column", "sql_dump",
     lambda: "COMMENT ON COLUMN public.artikli.sifra IS 'interna šifra artikla';",
     "a column's description"),
    ("email/return-path-and-delivered-to", "email",
     lambda: f"Return-Path: <bounce-{r(12, LO)}@lists.example.hr>\nDelivered-To: ivana@example.hr\nX-Spam-Score: -0.{R.randrange(1, 9)}",
     "a bounce address and delivery headers"),
    ("nginx/map-accept-language", "nginx",
     lambda: "map $http_accept_language $jezik {\n    default en;\n    ~*^hr hr;\n}",
     "a language chosen from a request header"),
    ("markdown/footnote-and-reference", "markdown",
     lambda: "Zalihe se broje tjedno.[^1]\n\n[^1]: Osim u prosincu, kada se broje dnevno.",
     "a footnote"),
    ("postman/query-params-one-disabled", "postman",
     lambda: json.dumps({"request": {"method": "GET", "url": {"raw": "https://skladiste.example.hr/v2/items?page=2",
                                                              "query": [{"key": "page", "value": "2"}, {"key": "debug", "value": "1", "disabled": True}]}}}),
     "a request's query parameters"),
    ("jenkins/parallel-stages-and-agent-label", "jenkinsfile",
     lambda: "stage('provjere') {\n  parallel {\n    stage('lint') { agent { label 'linux' }; steps { sh 'make lint' } }\n    stage('test') { agent { label 'linux' }; steps { sh 'make test' } }\n  }\n}",
     "stages run side by side"),
    ("compose/logging-driver-rotation", "compose",
     lambda: "services:\n  api:\n    image: skladiste/api:2.4\n    logging:\n      driver: json-file\n      options:\n        max-size: \"10m\"\n        max-file: \"3\"",
     "log rotation for a service"),
    ("gradle/test-logging-events", "gradle",
     lambda: "tasks.test {\n    useJUnitPlatform()\n    testLogging { events(\"failed\", \"skipped\") }\n}",
     "test settings"),
    ("chat/poll-options-and-votes", "chat_export",
     lambda: json.dumps([{"type": "poll", "question": "Inventura u petak ili subotu?", "options": [{"text": "petak", "votes": R.randrange(2, 9)}, {"text": "subota", "votes": 1}]}]),
     "a poll's options and counts"),
    ("ansible/vault-id-reference", "ansible",
     lambda: "[defaults]\nvault_identity_list = prod@~/.ansible/prod.vault-id\ninventory = inventory/hosts.ini",
     "where a vault password is read from, not the password"),
    ("kubeconfig/empty-config-skeleton", "kubeconfig",
     lambda: "apiVersion: v1\nkind: Config\npreferences: {}\nclusters: []\ncontexts: []\nusers: []\ncurrent-context: \"\"",
     "a kubeconfig with nothing in it yet"),
    ("hocon/kafka-consumer-poll-timing", "hocon",
     lambda: "kafka.consumer {\n  poll-interval = 50ms\n  stop-timeout = 30s\n  group-id = \"skladiste-uvoz\"\n}",
     "a consumer's timings and group"),
    ("nix/overlay-version-override", "nix",
     lambda: "final: prev: {\n  skladiste = prev.skladiste.overrideAttrs (old: { version = \"2.4.0\"; doCheck = false; });\n}",
     "a package overlay"),
    ("caddy/php-fastcgi-and-root", "caddyfile",
     lambda: "skladiste.example.hr {\n  root * /srv/skladiste/public\n  php_fastcgi unix//run/php/php8.3-fpm.sock\n  file_server\n}",
     "a PHP site"),
    ("gitconfig/diff-algorithm-and-color-moved", "gitconfig",
     lambda: "[diff]\n\talgorithm = histogram\n\tcolorMoved = zebra\n[log]\n\tdate = iso",
     "how diffs and dates are shown"),
    ("makefile/phony-and-default-goal", "makefile",
     lambda: ".DEFAULT_GOAL := test\n.PHONY: test lint\n\ntest:\n\tpytest -q\n\nlint:\n\truff check .",
     "targets"),
    ("npmrc/omit-dev-and-audit-level", "npmrc", lambda: "omit=dev\naudit-level=high\nloglevel=warn",
     "package manager settings"),
    ("pgpass/pg-dump-verbose-lines", "pgpass",
     lambda: "$ pg_dump -Fc -v skladiste -f skladiste.dump\npg_dump: reading schemas\npg_dump: dumping contents of table \"public.artikli\"",
     "a dump's progress"),
    ("crontab/anacron-job-line", "crontab", lambda: "# /etc/anacrontab\n7\t15\tskladiste.tjedno\t/opt/skladiste/bin/tjedni-izvjestaj",
     "a weekly job"),
    ("http/request-variables-from-env-name", "http_file",
     lambda: "GET https://{{host}}/v2/stock\nAuthorization: Bearer {{$dotenv SKLADISTE_TOKEN}}",
     "a request that names where its token comes from"),
    ("haproxy/ssl-default-bind-ciphersuites", "haproxy",
     lambda: "global\n    ssl-default-bind-ciphersuites TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384\n    ssl-default-bind-options ssl-min-ver TLSv1.2",
     "TLS cipher choices"),
    ("sbt/resolvers-and-scalac-options", "sbt",
     lambda: "resolvers += \"skladiste\" at \"https://maven.example.hr/releases\"\nscalacOptions ++= Seq(\"-deprecation\", \"-feature\")",
     "build resolvers and options"),
    ("pypirc/twine-check-output", "pypirc",
     lambda: "$ twine check dist/*\nChecking dist/skladiste-2.4.0-py3-none-any.whl: PASSED\nChecking dist/skladiste-2.4.0.tar.gz: PASSED",
     "a package check before upload, with no login"),
    ("ssh/server-alive-and-compression", "ssh_config",
     lambda: "Host *.example.hr\n    ServerAliveInterval 30\n    ServerAliveCountMax 4\n    Compression yes",
     "keep-alive settings"),
    ("launch/chrome-launch-with-source-maps", "launch_json",
     lambda: json.dumps({"version": "0.2.0", "configurations": [{"name": "web", "type": "chrome", "request": "launch", "url": "http://localhost:5173",
                                                              "webRoot": "${workspaceFolder}/web", "sourceMaps": True}]}, indent=2),
     "a browser debug session"),
    ("gha/workflow-dispatch-choice-input", "gha_workflow",
     lambda: "on:\n  workflow_dispatch:\n    inputs:\n      okruzenje:\n        type: choice\n        options: [staging, produkcija]",
     "a manual trigger's input"),
    ("fish/vi-key-bindings-and-cursor", "fish",
     lambda: "fish_vi_key_bindings\nbind -M insert \\cf accept-autosuggestion\nset -g fish_cursor_insert line",
     "key bindings"),
    ("console/navigator-language-and-timezone", "devtools_console",
     lambda: "> [navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone]\n< ['hr-HR', 'Europe/Zagreb']",
     "a browser's language and time zone"),
    ("envrc/use-asdf-and-node-bin-path", "envrc", lambda: "use asdf\nPATH_add node_modules/.bin\nexport NODE_ENV=development",
     "a direnv file that picks tool versions"),
    ("maven/http-proxy-without-login", "maven_settings",
     lambda: "<proxies>\n  <proxy>\n    <id>ured</id>\n    <active>true</active>\n    <protocol>http</protocol>\n    <host>proxy.example.hr</host>\n    <port>3128</port>\n  </proxy>\n</proxies>",
     "a proxy with no login"),
    ("rclone/local-remote-copy-links", "rclone_conf", lambda: "[lokalno]\ntype = local\ncopy_links = true\nnounc = true",
     "a local disk remote"),
    ("composer/path-and-vcs-repositories", "composer_auth",
     lambda: json.dumps({"repositories": [{"type": "path", "url": "../paketi/*"}, {"type": "vcs", "url": "https://git.example.hr/skladiste/php-sdk"}]}, indent=4),
     "where packages come from, with no login"),
    ("yarnrc/workspace-tools-plugin", "yarnrc",
     lambda: "plugins:\n  - path: .yarn/plugins/@yarnpkg/plugin-workspace-tools.cjs\n    spec: \"@yarnpkg/plugin-workspace-tools\"",
     "a package manager plugin"),
    ("terraformrc/provider-dev-overrides", "terraformrc",
     lambda: "provider_installation {\n  dev_overrides {\n    \"example.hr/skladiste/inventar\" = \"/home/ivana/go/bin\"\n  }\n  direct {}\n}",
     "a provider built locally"),
    ("cargo/command-aliases", "cargo_credentials",
     lambda: "[alias]\nxtask = \"run --package xtask --\"\nlint = \"clippy --all-targets -- -D warnings\"",
     "Cargo command aliases, with nothing secret"),
    ("docker/config-features-and-aliases", "docker_config",
     lambda: json.dumps({"features": {"hooks": "false"}, "aliases": {"builder": "buildx"}}, indent=2),
     "client features and a command alias, no credentials"),
    ("aws/retry-mode-and-s3-addressing", "aws_config",
     lambda: "[default]\nretry_mode = adaptive\nmax_attempts = 5\ns3 =\n  addressing_style = path",
     "retry and S3 settings, no key"),
    ("gitcredentials/credential-manager-store-choice", "git_credentials",
     lambda: "$ git config --get-regexp '^credential'\ncredential.helper manager\ncredential.credentialstore gpg",
     "which credential store is used, not what is in it"),
    ("helm/pod-anti-affinity", "helm_values",
     lambda: "affinity:\n  podAntiAffinity:\n    preferredDuringSchedulingIgnoredDuringExecution:\n      - weight: 100\n        podAffinityTerm:\n          topologyKey: kubernetes.io/hostname",
     "pods spread over nodes"),
    ("vault/agent-template-render-interval", "vault_agent",
     lambda: "template_config {\n  static_secret_render_interval = \"10m\"\n  exit_on_retry_failure = true\n}",
     "how often an agent renders its templates"),
    ("mycnf/mysql-client-safe-updates", "my_cnf", lambda: "[mysql]\nsafe-updates\nshow-warnings\nno-beep",
     "client safety settings"),
    ("s3cfg/website-index-and-storage-class", "s3cfg",
     lambda: "[default]\nstorage_class = STANDARD_IA\nwebsite_index = index.html\nwebsite_error = 404.html",
     "s3cmd website settings"),
    ("bitbucket/deployment-environments", "bitbucket_pipelines",
     lambda: "pipelines:\n  branches:\n    main:\n      - step:\n          name: deploy\n          deployment: production\n          trigger: manual\n          script: [./deploy.sh]",
     "a manual deployment"),
    ("wrangler/assets-directory-and-spa-fallback", "wrangler",
     lambda: "[assets]\ndirectory = \"./public\"\nnot_found_handling = \"single-page-application\"",
     "static assets settings"),
    ("k6/scenarios-constant-arrival-rate", "k6_script",
     lambda: "export const options = {\n  scenarios: {\n    zalihe: { executor: 'constant-arrival-rate', rate: 50, timeUnit: '1s', duration: '2m', preAllocatedVUs: 20 },\n  },\n};",
     "a load scenario"),
    ("heroku/addons-listing", "heroku_config",
     lambda: f"$ heroku addons -a skladiste-hr\nAdd-on                                Plan         Price\nheroku-postgresql (postgresql-{r(6, LO)}-{R.randrange(10000, 99999)})  essential-0  $5/month",
     "which add-ons an app has"),
    ("authinfo/auth-source-pass-backend", "authinfo",
     lambda: "(require 'auth-source-pass)\n(auth-source-pass-enable)\n(setq auth-source-do-cache nil)",
     "an editor told to read passwords from another tool"),
    ("fly/deploy-strategy-and-release-command", "fly_toml",
     lambda: "[deploy]\n  strategy = \"bluegreen\"\n  release_command = \"python manage.py migrate\"",
     "how an app is deployed"),
    ("netlify/functions-directory-and-bundler", "netlify_toml",
     lambda: "[functions]\n  directory = \"netlify/functions\"\n  node_bundler = \"esbuild\"",
     "where functions live"),
    ("render/cron-job-schedule", "render_yaml",
     lambda: "services:\n  - type: cron\n    name: dnevni-izvjestaj\n    schedule: \"30 5 * * *\"\n    startCommand: ./skladiste report",
     "a scheduled job"),
    ("jmeter/constant-timer-and-assertion", "jmeter_plan",
     lambda: "<ConstantTimer testname=\"pauza\">\n  <stringProp name=\"ConstantTimer.delay\">300</stringProp>\n</ConstantTimer>\n<ResponseAssertion testname=\"200\"/>",
     "a pause and an assertion"),
    ("jenkins/folder-credentials-store-empty", "jenkins_credentials",
     lambda: "<com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty>\n  <domainCredentialsMap class=\"hudson.util.CopyOnWriteMap$Hash\"/>\n</com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty>",
     "a folder's credential store with nothing in it"),
    ("gitlab/include-template-and-stages", "gitlab_ci",
     lambda: "include:\n  - template: Security/SAST.gitlab-ci.yml\nstages: [test, deploy]",
     "an included template and stages"),
    ("pipconf/trusted-host-and-find-links", "pip_conf",
     lambda: "[global]\nfind-links = /srv/wheels\ntrusted-host = pypi.example.hr\nno-cache-dir = false",
     "install sources with no login"),
    ("gem/bundle-config-path-and-jobs", "gem_credentials",
     lambda: "---\nBUNDLE_PATH: \"vendor/bundle\"\nBUNDLE_JOBS: \"4\"\nBUNDLE_WITHOUT: \"development:test\"",
     "Bundler settings with nothing secret"),
    ("nuget/trusted-signer-certificate-fingerprint", "nuget_config",
     lambda: f"<trustedSigners>\n  <repository name=\"nuget.org\" serviceIndex=\"https://api.nuget.org/v3/index.json\">\n    <certificate fingerprint=\"{r(64, HX.upper())}\" hashAlgorithm=\"SHA256\" allowUntrustedRoot=\"false\" />\n  </repository>\n</trustedSigners>",
     "a trusted signer's certificate fingerprint"),
    ("supervisord/group-of-programs", "supervisord",
     lambda: "[group:skladiste]\nprograms=api,worker\npriority=10",
     "programs started together"),
    ("pulumi/secrets-provider-name", "pulumi_config",
     lambda: "secretsprovider: awskms://alias/skladiste-pulumi?region=eu-central-1\nconfig:\n  aws:region: eu-central-1",
     "a stack that names the key service its secrets are sealed with"),
    ("extension/manifest-key-public", "extension_storage",
     lambda: json.dumps({"manifest_version": 3, "name": "Skladište pomoćnik", "version": "1.2.0", "key": base64.b64encode(
         bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + bytes(R.randrange(256) for _ in range(270))).decode()}, indent=2),
     "an extension's public key, which fixes its id"),
    ("circleci/workflow-filters-and-contexts", "circleci_config",
     lambda: "workflows:\n  build:\n    jobs:\n      - test\n      - deploy:\n          context: skladiste-prod\n          requires: [test]\n          filters:\n            branches:\n              only: main",
     "a workflow that names a context of secrets, not their values"),
    ("azure/variable-group-reference", "azure_pipelines",
     lambda: "variables:\n  - group: skladiste-prod\n  - name: buildConfiguration\n    value: Release",
     "a pipeline that names a variable group"),
    ("ngrok/web-addr-and-log-format", "ngrok_config",
     lambda: "version: 3\nagent:\n  web_addr: localhost:4041\n  log_format: logfmt\n  log_level: info",
     "an agent's inspector address and logging"),
    ("hgrc/paths-and-phases", "hgrc",
     lambda: "[paths]\ndefault = https://hg.example.hr/skladiste\n\n[phases]\npublish = False",
     "repository paths"),
    ("wpa/open-network-priority", "wpa_supplicant",
     lambda: "network={\n    ssid=\"skladiste-gosti\"\n    key_mgmt=NONE\n    priority=1\n}",
     "an open network with no passphrase"),
    ("bruno/collection-with-env-reference", "bruno",
     lambda: "meta {\n  name: artikli\n  type: http\n  seq: 2\n}\n\nget {\n  url: {{baseUrl}}/v2/items\n}\n\nauth:bearer {\n  token: {{accessToken}}\n}",
     "a request that names its token by variable"),
    ("insomnia/workspace-and-environment-ids", "insomnia",
     lambda: json.dumps({"_type": "export", "__export_format": 4, "resources": [
         {"_id": f"wrk_{r(32, HX)}", "_type": "workspace", "name": "Skladište"},
         {"_id": f"env_{r(32, HX)}", "_type": "environment", "parentId": f"wrk_{r(32, HX)}", "data": {"baseUrl": "https://skladiste.example.hr"}}]}, indent=2),
     "an export's resource ids and base address"),
    ("travis/matrix-and-cache", "travis_ci",
     lambda: "language: python\npython:\n  - \"3.12\"\n  - \"3.13\"\ncache: pip\ninstall: pip install -r requirements.txt\nscript: pytest",
     "versions and a cache"),
    ("drone/secret-from-reference", "drone_ci",
     lambda: "kind: pipeline\ntype: docker\nname: objava\n\nsteps:\n  - name: objava\n    image: plugins/docker\n    settings:\n      password:\n        from_secret: registry_password",
     "a step that names a stored secret"),
    ("ghhosts/git-protocol-and-user-only", "gh_hosts",
     lambda: "github.com:\n    git_protocol: ssh\n    user: ivana-skladiste\n    users:\n        ivana-skladiste:",
     "a CLI host entry with no token (kept in the system keyring)"),
    ("condarc/channels-and-pkgs-dirs", "condarc",
     lambda: "channels:\n  - conda-forge\n  - nodefaults\npkgs_dirs:\n  - /srv/conda/pkgs\nauto_activate_base: false",
     "channels and cache folders"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, croatian_prose, ORDINARY, PUBLIC), Path(__file__).with_name("fresh17.jsonl"))
