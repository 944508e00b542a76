"""Writes the fifteenth fresh held-out part of the secrets corpus, fresh15.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are facts read in a public detector rule set, or the vendor's as the
writer knows it, as each item's note says. Six contexts are new with this part (a GitLab CI file, a
pip configuration, a RubyGems credentials file, a NuGet.Config, a supervisord configuration, a
Pulumi stack configuration); secrets in prose are in Greek. No vendor and no ordinary shape of this
part is in another part.

    python tests/corpora/secrets/make_fresh15.py [OUT]   # default: fresh15.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, url_quoted, write

SEED = 20261215
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh15.py (seed {SEED})"

# Every context of the corpus up to fresh13, then the six this part adds; secrets take them in turn, so each has one.
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
            "gitlab_ci", "pip_conf", "gem_credentials", "nuget_config", "supervisord", "pulumi_config")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3
    head, tail = value[:cut], value[cut:]
    text = (f"2026-12-15T03:41:07.118Z stdout F [{tool}-sync] loaded {name}={head}\n"
            f"2026-12-15T03:41:07.118Z stdout F {tail} (from /run/config)")
    return text, [head, tail]


def _sec1_p521() -> str:
    """A P-521 private key as SEC1 DER (version, 66-byte key, the curve's OID, the 133-byte public point), in base64."""
    drawn = bytes(R.randrange(256) for _ in range(198))
    der = (bytes.fromhex("3081dc0201010442") + drawn[:66] + bytes.fromhex("a00706052b81040023a181890381860004")
           + drawn[66:])
    return base64.b64encode(der).decode()


def _pem(value: str) -> tuple[str, list[str]]:
    """An EC private key's body in its SEC1 armour, as a signing key file is read back; every body line must go."""
    lines = [value[i:i + 64] for i in range(0, len(value), 64)]
    return "$ cat signing/ec512-private.pem\n-----BEGIN EC PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END EC PRIVATE KEY-----", lines


def _keyed(context: str, tool: str, value: str) -> tuple[str, list[str]]:
    """Contexts where a key id stands beside the secret and goes with it."""
    key_id = r(20, UP)
    if context == "s3cfg":
        return (f"[default]\nhost_base = objects.{tool}.example.org\nhost_bucket = %(bucket)s.objects.{tool}.example.org\n"
                f"access_key = {key_id}\nsecret_key = {value}\ncheck_ssl_certificate = True"), [key_id, value]
    return (f"[profile {tool}-reports]\naws_access_key_id = {key_id}\naws_secret_access_key = {value}\n"
            f"endpoint_url = https://s3.{tool}.example.org\noutput = json"), [key_id, value]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(value)
    if context in ("s3cfg", "aws_config"):
        return _keyed(context, tool, value)
    if context == "docker_config":
        encoded = base64.b64encode(f"robot${tool}:{value}".encode()).decode()
        return json.dumps({"auths": {f"registry.{tool}.example.org": {"auth": encoded}}, "credsStore": ""}, indent=4), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\ntype: Opaque\nmetadata:\n  name: {tool}-api\n  namespace: reports\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf"):
        texts = {
            "url": f"https://api.{tool}.example.org/v2/lookup?{name.lower()}={quoted}&format=json&limit=20",
            "connection_string": f"redis://default:{quoted}@cache.{tool}.example.org:6380/2?ssl=true",
            "git_credentials": f"https://x-token:{quoted}@git.{tool}.example.org\nhttps://anonymous@mirror.example.com",
            "pip_conf": (f"# /etc/pip.conf\n[global]\nindex-url = https://ci:{quoted}@pypi.{tool}.example.org/simple/\n"
                         f"timeout = 30"),
        }
        return texts[context], [quoted]
    low, kebab, cam = name.lower(), name.lower().replace("_", "-"), camel(name)
    texts = {
        "env": f"# .env.production\nNODE_ENV=production\n{name}={value}\nPORT=8080",
        "json": json.dumps({"provider": tool, "settings": {"timeoutMs": 4000, cam: value}}, indent=4),
        "escaped_json": json.dumps({"time": "2026-12-15T03:41:07Z", "msg": "settings", "raw": json.dumps({"service": tool, low: value})}),
        "cli_flag": f"$ ./reports --provider {tool} --{kebab}={value} --dry-run",
        "prose": f"Γεια σου Νίκο, άλλαξα σήμερα το κλειδί για το {tool}. Το καινούργιο είναι {value}, βάλε το στο staging πριν το μεσημέρι.",
        "tool_output": f"$ {tool} auth status\nLogged in to api.{tool}.example.org\n{kebab}: {value}\nexpires: never",
        "diff": (f"--- a/config/{tool}.yml\n+++ b/config/{tool}.yml\n@@ -1,2 +1,3 @@\n {tool}:\n"
                 f"+  {low}: {value}\n   timeout: 4"),
        "bytes_literal": f"headers = {{b'x-{kebab}': b'{value}', b'accept': b'application/json'}}",
        "yaml": f"providers:\n  - name: {tool}\n    {cam}: \"{value}\"\n    retries: 3",
        "csv": f"provider,{low},owner\n{tool},{value},reports-team",
        "header": f"GET /v2/status HTTP/1.1\nHost: api.{tool}.example.org\nX-{name.replace('_', '-').title()}: {value}\nAccept: */*",
        "log": f"2026-12-15 03:41:07,118 DEBUG [{tool}.client] request params: {low}={value} page=1",
        "code": f"{name} = \"{value}\"\nclient = {tool.capitalize()}Client(api_key={name}, timeout=4)",
        "ini": f"[{tool}]\nbase_url = https://api.{tool}.example.org\n{low} = {value}",
        "xml": f"<config>\n  <provider name=\"{tool}\">\n    <{cam}>{value}</{cam}>\n  </provider>\n</config>",
        "dockerfile": f"FROM node:22-alpine\nENV {name}={value}\nCMD [\"node\", \"{tool}.js\"]",
        "netrc": f"machine api.{tool}.example.org login reports password {value}",
        "toml": f"[providers.{tool}]\n{low} = \"{value}\"\ntimeout = 4",
        "shell_history": f"  512  export {name}={value}\n  513  ./reports --provider {tool}",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [],
                                "source": [f"{low} = \"{value}\"\n", f"client = {tool}.Client({low})\n"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"reports.{tool}.{cam}={value}\nreports.{tool}.enabled=true",
        "powershell": f"PS> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')",
        "systemd": f"[Service]\nType=simple\nEnvironment={name}={value}\nExecStart=/opt/{tool}/bin/agent",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.org/v2/jobs",
                                                            "headers": [{"name": f"x-{kebab}", "value": value}]}}]}}),
        "curl_trace": f"> POST /v2/jobs HTTP/1.1\n> Host: api.{tool}.example.org\n> X-{name.replace('_', '-').title()}: {value}\n> Content-Length: 41\n>",
        "crash_report": f"Fatal error: Uncaught RuntimeException: timeout in /app/{tool}.php:88\n$_ENV = ['{name}' => '{value}', 'APP_DEBUG' => '0']",
        "web_storage": json.dumps({"origin": f"https://dashboard.{tool}.example.org", "sessionStorage": {cam: value, "lang": "el"}}),
        "plist": f"<dict>\n\t<key>{cam}</key>\n\t<string>{value}</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "outputs": {low: {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/local.properties\nsdk.dir=/opt/android-sdk\n{tool}.{cam}={value}",
        "sql_dump": f"INSERT INTO provider_settings (provider, name, value) VALUES ('{tool}', '{low}', '{value}');",
        "email": (f"From: admin@example.org\nTo: freelancer@example.com\nSubject: access to {tool}\n\n"
                  f"Hello, the {tool} key for the report job is {value} - please keep it out of the repository."),
        "nginx": f"location /api/{tool}/ {{\n    proxy_set_header X-{name.replace('_', '-').title()} \"{value}\";\n    proxy_pass https://api.{tool}.example.org/;\n}}",
        "markdown": f"- **{tool}**: `{low}` = `{value}` (reports account)",
        "postman": json.dumps({"name": "production", "values": [{"key": low, "value": value, "type": "default", "enabled": True}]}),
        "jenkinsfile": f"node {{\n  withEnv(['{name}={value}']) {{\n    sh './reports --provider {tool}'\n  }}\n}}",
        "compose": f"services:\n  reports:\n    image: example/reports:5\n    environment:\n      - {name}={value}",
        "gradle": f"android {{\n    defaultConfig {{\n        buildConfigField \"String\", \"{name}\", '\"{value}\"'\n    }}\n}}",
        "chat_export": json.dumps({"messages": [{"from": "eleni", "date": "2026-12-15T03:41:07", "text": f"{tool} {low} {value}"}]}),
        "ansible": f"# host_vars/reports-1.yml\n{low}: {value}\n{tool}_region: eu",
        "kubeconfig": f"users:\n- name: {tool}-reports\n  user:\n    token: {value}",
        "hocon": f"providers.{tool}.{cam} = \"{value}\"",
        "nix": f"environment.variables = {{\n  {name} = \"{value}\";\n}};",
        "caddyfile": f"reports.example.org {{\n  reverse_proxy https://api.{tool}.example.org {{\n    header_up X-{name.replace('_', '-').title()} {value}\n  }}\n}}",
        "gitconfig": f"[{tool}]\n\t{cam} = {value}\n\tendpoint = https://api.{tool}.example.org",
        "makefile": f"export {name} := {value}\n\nreport:\n\t./reports --provider {tool}",
        "npmrc": f"//npm.{tool}.example.org/:_authToken={value}\nalways-auth=true",
        "pgpass": f"db.{tool}.example.org:5432:*:reports:{value}",
        "crontab": f"0 4 * * 1 {name}='{value}' /usr/local/bin/{tool}-weekly",
        "http_file": f"GET https://api.{tool}.example.org/v2/status\nX-{name.replace('_', '-').title()}: {value}",
        "haproxy": f"backend {tool}_api\n    http-request set-header X-{name.replace('_', '-').title()} {value}\n    server api api.{tool}.example.org:443 ssl",
        "sbt": f"credentials += Credentials(\"{tool}\", \"repo.{tool}.example.org\", \"reports\", \"{value}\")",
        "pypirc": f"[{tool}]\nrepository = https://upload.{tool}.example.org/\nusername = reports\npassword = {value}",
        "ssh_config": f"Host {tool}-jump\n    HostName jump.{tool}.example.org\n    SendEnv LANG\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"name": "reports", "type": "python", "request": "launch",
                                                                         "module": "reports", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"- name: Report\n  run: ./reports --provider {tool}\n  env:\n    {name}: \"{value}\"",
        "fish": f"set -Ux {name} '{value}'",
        "devtools_console": f"> window.__CONFIG__.{tool}.{cam}\n< \"{value}\"",
        "envrc": f"export {name}={value}\nlayout python3",
        "maven_settings": (f"<servers>\n  <server>\n    <id>{tool}</id>\n    <username>reports</username>\n"
                           f"    <password>{value}</password>\n  </server>\n</servers>"),
        "rclone_conf": f"[{tool}]\ntype = http\nurl = https://files.{tool}.example.org\nheaders = X-{name.replace('_', '-').title()},{value}",
        "composer_auth": json.dumps({"http-basic": {f"repo.{tool}.example.org": {"username": "reports", "password": value}}}, indent=4),
        "yarnrc": f"npmRegistryServer: \"https://npm.{tool}.example.org\"\nnpmAuthToken: {value}",
        "terraformrc": f"credentials \"registry.{tool}.example.org\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"# ~/.cargo/credentials.toml\n[registries.{tool}]\ntoken = \"{value}\"",
        "helm_values": f"env:\n  - name: {name}\n    value: \"{value}\"",
        "vault_agent": f"template {{\n  destination = \"/run/{tool}.env\"\n  contents    = \"{name}={value}\"\n}}",
        "my_cnf": f"[client]\nuser = {tool}\npassword = {value}\nport = 3307",
        "bitbucket_pipelines": f"definitions:\n  steps:\n    - step: &report\n        script:\n          - {name}={value} ./reports --provider {tool}",
        "wrangler": f"name = \"{tool}-proxy\"\nmain = \"worker.js\"\n\n[env.production.vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get(`https://api.{tool}.example.org/v2/status?key=${{KEY}}`);",
        "heroku_config": f"$ heroku config:get {name} -a {tool}-reports\n{value}",
        "gitlab_ci": f"report:\n  stage: deploy\n  variables:\n    {name}: \"{value}\"\n  script:\n    - ./reports --provider {tool}",
        "gem_credentials": f"# ~/.gem/credentials\n---\n\"https://gems.{tool}.example.org\": {value}",
        "nuget_config": (f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"reports\" />\n"
                         f"    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>"),
        "supervisord": f"[program:{tool}-worker]\ncommand=/opt/{tool}/worker\nenvironment={name}=\"{value}\",LOG_LEVEL=\"info\"\nautorestart=true",
        "pulumi_config": f"# Pulumi.production.yaml\nconfig:\n  aws:region: eu-central-1\n  reports:{cam}: {value}",
    }
    return texts[context], [value]


def _groups(alphabet: str = HX) -> str:
    return "-".join(r(n, alphabet) for n in (8, 4, 4, 4, 12))


# Formats whose facts were read in public material (source kind public): a maintained detector rule set (Kingfisher,
# github.com/mongodb/kingfisher, data/rules). Only the facts (prefix, length, alphabet, the name beside it) were read;
# no rule or example was copied, and every value is drawn here.
KF = "Kingfisher rule set (github.com/mongodb/kingfisher, data/rules)"


def kf(what: str, rule: str) -> str:
    return f"{what}, {KF} {rule}.yml"


SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("apitemplate/api-key", "APITEMPLATE_API_KEY", "apitemplate", lambda: r(39),
     kf("an APITemplate.io API key (39 letters and digits beside the name apitemplate)", "apitemplate")),
    ("appsynergy/api-key", "APPSYNERGY_API_KEY", "appsynergy", lambda: r(64, LO),
     kf("an AppSynergy API key (64 lower-case letters and digits beside the name appsynergy)", "appsynergy")),
    ("atera/api-key", "ATERA_API_KEY", "atera", lambda: r(32, LO), kf("an Atera API key (32 lower-case letters and digits beside the name atera)", "atera")),
    ("audd/api-token", "AUDD_API_TOKEN", "audd", lambda: r(32, LO), kf("an AudD API token (32 lower-case letters, digits and dashes beside the name audd)", "audd")),
    ("avaza/api-token", "AVAZA_API_TOKEN", "avaza", lambda: f"{R.randrange(10**5, 10**6)}-{r(40, HX)}",
     kf("an Avaza personal API token (digits, a dash, 40 hex digits)", "avaza")),
    ("axonaut/api-key", "AXONAUT_API_KEY", "axonaut", lambda: r(32, LO), kf("an Axonaut API key (32 lower-case letters and digits beside the name axonaut)", "axonaut")),
    ("besnappy/api-key", "BESNAPPY_API_KEY", "besnappy", lambda: r(64, HX), kf("a BeSnappy API key (64 hex digits beside the name besnappy)", "besnappy")),
    ("besttime/private-key", "BESTTIME_API_KEY_PRIVATE", "besttime", lambda: "pri_" + r(32, HX),
     kf("a BestTime private API key (36 letters, digits and _ beside the name besttime; the pri_ prefix as the writer knows it)", "besttime")),
    ("blitapp/api-key", "BLITAPP_API_KEY", "blitapp", lambda: r(39, U64), kf("a Blitapp API key (39 letters, digits, _ and - beside the name blitapp)", "blitapp")),
    ("bombbomb/api-key", "BOMBBOMB_API_KEY", "bombbomb", lambda: b64(66), kf("a BombBomb API key (88 base64 characters beside the name bombbomb)", "bombbomb")),
    ("boostnote/access-token", "BOOSTNOTE_TOKEN", "boostnote", lambda: r(64, HX), kf("a Boost Note access token (64 hex digits beside the name boostnote)", "boostnote")),
    ("browshot/api-key", "BROWSHOT_API_KEY", "browshot", lambda: r(28), kf("a Browshot API key (28 letters and digits beside the name browshot)", "browshot")),
    ("buddyns/api-key", "BUDDYNS_API_KEY", "buddyns", lambda: r(40, LO), kf("a BuddyNS API key (40 lower-case letters and digits beside the name buddyns)", "buddyns")),
    ("bulbul/api-key", "BULBUL_API_KEY", "bulbul", lambda: r(32, LO), kf("a Bulbul API key (32 lower-case letters and digits beside the name bulbul)", "bulbul")),
    ("calorieninjas/api-key", "CALORIENINJAS_API_KEY", "calorieninjas", lambda: r(40),
     kf("a CalorieNinjas API key (40 letters and digits beside the name calorieninja)", "calorieninja")),
    ("campayn/api-key", "CAMPAYN_API_KEY", "campayn", lambda: r(64, LO), kf("a Campayn API key (64 lower-case letters and digits beside the name campayn)", "campayn")),
    ("chatfuel/api-token", "CHATFUEL_TOKEN", "chatfuel", lambda: r(128), kf("a Chatfuel API token (128 letters and digits beside the name chatfuel)", "chatfule")),
    ("cicero/api-key", "CICERO_API_KEY", "cicero", lambda: r(40, LO), kf("a Cicero API key (40 lower-case letters and digits beside the name cicero)", "cicero")),
    ("cliengo/api-key", "CLIENGO_API_KEY", "cliengo", _groups, kf("a Cliengo API key (8-4-4-4-12 hex digits beside the name cliengo)", "cliengo")),
    ("truelayer/signing-key", "TRUELAYER_SIGNING_KEY", "truelayer", _sec1_p521,
     "a TrueLayer request signing key, a P-521 private key (SEC1 DER with its public point)"),
    ("clustdoc/api-token", "CLUSTDOC_API_TOKEN", "clustdoc", lambda: r(60), kf("a Clustdoc API token (60 letters and digits beside the name clustdoc)", "clustdoc")),
    ("codequiry/api-key", "CODEQUIRY_API_KEY", "codequiry", lambda: r(64), kf("a Codequiry API key (64 letters and digits beside the name codequiry)", "codequiry")),
    ("coinlayer/access-key", "COINLAYER_ACCESS_KEY", "coinlayer", lambda: r(32, LO),
     kf("a coinlayer access key (32 lower-case letters and digits beside the name coinlayer)", "coinlayer")),
    ("coinlib/api-key", "COINLIB_API_KEY", "coinlib", lambda: r(16, LO), kf("a Coinlib API key (16 lower-case letters and digits beside the name coinlib)", "coinlib")),
    ("countrylayer/access-key", "COUNTRYLAYER_ACCESS_KEY", "countrylayer", lambda: r(32, LO),
     kf("a countrylayer access key (32 lower-case letters and digits beside the name countrylayer)", "countrylayer")),
    ("dandelion/api-token", "DANDELION_TOKEN", "dandelion", lambda: r(32, LO),
     kf("a Dandelion API token (32 lower-case letters and digits beside the name dandelion)", "dandelion")),
    ("dareboost/api-token", "DAREBOOST_API_TOKEN", "dareboost", lambda: r(60), kf("a Dareboost API token (60 letters and digits beside the name dareboost)", "dareboost")),
    ("databox/push-token", "DATABOX_TOKEN", "databox", lambda: r(21), kf("a Databox push token (21 letters and digits beside the name databox)", "databox")),
    ("debounce/api-key", "DEBOUNCE_API_KEY", "debounce", lambda: r(13), kf("a DeBounce API key (13 letters and digits beside the name debounce)", "debounce")),
    ("deepai/api-key", "DEEPAI_API_KEY", "deepai", _groups, kf("a DeepAI API key (36 lower-case letters, digits and dashes beside the name deepai)", "deepai")),
    ("dfuse/api-key", "DFUSE_API_KEY", "dfuse", lambda: r(32, LO), kf("a dfuse API key (32 lower-case letters and digits beside the name dfuse)", "dfuse")),
    ("diggernaut/api-key", "DIGGERNAUT_API_KEY", "diggernaut", lambda: r(40, LO),
     kf("a Diggernaut API key (40 lower-case letters and digits beside the name diggernaut)", "diggernaut")),
    ("dyspatch/api-key", "DYSPATCH_API_KEY", "dyspatch", lambda: r(52, UP), kf("a Dyspatch API key (52 upper-case letters and digits beside the name dyspatch)", "dyspatch")),
    ("ethplorer/api-key", "ETHPLORER_API_KEY", "ethplorer", lambda: f"EK-{r(5)}-{r(7)}-{r(5)}",
     kf("an Ethplorer API key (22 letters, digits and dashes beside the name ethplorer; the EK- prefix as the writer knows it)", "ethplorer")),
    ("extractorapi/api-key", "EXTRACTORAPI_KEY", "extractorapi", lambda: r(40),
     kf("an ExtractorAPI key (40 letters and digits beside the name extractorapi)", "extractorapi")),
    ("feedier/api-key", "FEEDIER_API_KEY", "feedier", lambda: r(32), kf("a Feedier API key (32 letters and digits beside the name feedier)", "feedier")),
    ("fetchrss/api-key", "FETCHRSS_API_KEY", "fetchrss", lambda: f"{r(32)}.{r(7)}", kf("a FetchRSS API key (40 letters, digits and dots beside the name fetchrss)", "fetchrss")),
    ("finage/api-key", "FINAGE_API_KEY", "finage", lambda: r(32, UP), kf("a Finage API key (32 upper-case letters and digits beside the name finage)", "finage")),
    ("findl/api-key", "FINDL_API_KEY", "findl", lambda: _groups(LO), kf("a Findl API key (8-4-4-4-12 lower-case letters and digits beside the name findl)", "findl")),
    ("flatio/api-token", "FLATIO_TOKEN", "flatio", lambda: r(128, LO), kf("a Flat.io API token (128 lower-case letters and digits beside the name flat)", "flatio")),
    ("flightapi/api-key", "FLIGHTAPI_KEY", "flightapi", lambda: r(24, LO), kf("a FlightAPI key (24 lower-case letters and digits beside the name flightapi)", "flightapi")),
    ("formcraft/api-key", "FORMCRAFT_API_KEY", "formcraft", lambda: r(16, LO), kf("a FormCraft API key (16 lower-case letters and digits beside the name formcraft)", "formcraft")),
    ("geocodify/api-key", "GEOCODIFY_API_KEY", "geocodify", lambda: r(40, LO), kf("a Geocodify API key (40 lower-case letters and digits beside the name geocodify)", "geocodify")),
    ("getgist/api-key", "GIST_API_KEY", "getgist", lambda: r(68, AL + "+"), kf("a Gist (getgist.com) API key (68 letters, digits, + and = beside the name gist)", "getgist")),
    ("goodday/api-token", "GOODDAY_API_TOKEN", "goodday", lambda: r(32, LO), kf("a GoodDay API token (32 lower-case letters and digits beside the name goodday)", "goodday")),
    ("groove/access-token", "GROOVE_ACCESS_TOKEN", "groove", lambda: r(64), kf("a Groove (groovehq) access token (64 letters and digits beside the name groove)", "groovehq")),
    ("gyazo/access-token", "GYAZO_ACCESS_TOKEN", "gyazo", lambda: r(43, AL + "-"), kf("a Gyazo access token (43 letters, digits and dashes beside the name gyazo)", "gyazo")),
    ("hiveage/api-key", "HIVEAGE_API_KEY", "hiveage", lambda: r(20, U64), kf("a Hiveage API key (20 letters, digits, _ and - beside the name hiveage)", "hiveage")),
    ("holidayapi/api-key", "HOLIDAYAPI_KEY", "holidayapi", u4, kf("a Holiday API key (36 lower-case letters, digits and dashes beside the name holidayapi)", "holidayapi")),
    ("hybiscus/api-key", "HYBISCUS_API_KEY", "hybiscus", lambda: r(43), kf("a Hybiscus API key (43 letters and digits beside the name hybiscus)", "hybiscus")),
    ("jupiterone/api-key", "JUPITERONE_API_KEY", "jupiterone", lambda: r(76), kf("a JupiterOne API key (76 letters and digits beside the name jupiterone)", "jupiterone")),
    ("karmacrm/api-key", "KARMACRM_API_KEY", "karmacrm", lambda: r(20), kf("a karmaCRM API key (20 letters and digits beside the name karmacrm)", "karmacrm")),
    ("kylas/api-key", "KYLAS_API_KEY", "kylas", lambda: _groups(LO), kf("a Kylas API key (36 lower-case letters, digits and dashes beside the name kylas)", "kylas")),
    ("linkpreview/api-key", "LINKPREVIEW_KEY", "linkpreview", lambda: r(32), kf("a LinkPreview API key (32 letters and digits beside the name linkpreview)", "linkpreview")),
    ("madkudu/api-key", "MADKUDU_API_KEY", "madkudu", lambda: r(32, HX), kf("a MadKudu API key (32 hex digits beside the name madkudu)", "madkudu")),
    ("mesibo/app-token", "MESIBO_APP_TOKEN", "mesibo", lambda: r(64), kf("a Mesibo app token (64 letters and digits beside the name mesibo)", "mesibo")),
    ("metrilo/api-token", "METRILO_API_TOKEN", "metrilo", lambda: r(16, LO), kf("a Metrilo API token (16 lower-case letters and digits beside the name metrilo)", "metrilo")),
    ("mindmeister/access-token", "MINDMEISTER_TOKEN", "mindmeister", lambda: r(43),
     kf("a MindMeister personal access token (43 letters and digits beside the name mindmeister)", "mindmeister")),
    ("mixmax/api-token", "MIXMAX_API_TOKEN", "mixmax", lambda: _groups(HX), kf("a Mixmax API token (36 letters, digits, _ and - beside the name mixmax)", "mixmax")),
    ("moonclerk/api-key", "MOONCLERK_API_KEY", "moonclerk", lambda: r(32, LO), kf("a MoonClerk API key (32 lower-case letters and digits beside the name moonclerk)", "moonclerk")),
    ("newscatcher/api-key", "NEWSCATCHER_API_KEY", "newscatcher", lambda: r(43, AL + "_"),
     kf("a Newscatcher API key (43 letters, digits and _ beside the name newscatcher)", "newscatcher")),
    ("nftport/api-key", "NFTPORT_API_KEY", "nftport", lambda: _groups(LO), kf("an NFTPort API key (8-4-4-4-12 lower-case letters and digits beside the name nftport)", "nftport")),
    ("nicereply/api-key", "NICEREPLY_API_KEY", "nicereply", lambda: r(40, HX), kf("a Nicereply API key (40 hex digits beside the name nicereply)", "nicereply")),
    ("owlbot/api-token", "OWLBOT_TOKEN", "owlbot", lambda: r(40, LO), kf("an Owlbot API token (40 lower-case letters and digits beside the name owlbot)", "owlbot")),
    ("paralleldots/api-key", "PARALLELDOTS_API_KEY", "paralleldots", lambda: r(43),
     kf("a ParallelDots API key (43 letters and digits beside the name paralleldots)", "paralleldots")),
    ("pollsapi/api-key", "POLLSAPI_KEY", "pollsapi", lambda: r(28, UP), kf("a Polls API key (28 upper-case letters and digits beside the name pollsapi)", "pollsapi")),
    ("postageapp/api-key", "POSTAGEAPP_API_KEY", "postageapp", lambda: r(32), kf("a PostageApp API key (32 letters and digits beside the name postageapp)", "postageapp")),
    ("powrbot/api-key", "POWRBOT_API_KEY", "powrbot", lambda: r(40), kf("a Powrbot API key (40 letters and digits beside the name powrbot)", "powrbot")),
    ("qualaroo/api-key", "QUALAROO_API_KEY", "qualaroo", lambda: r(64), kf("a Qualaroo API key (64 letters, digits and = beside the name qualaroo)", "qualaroo")),
    ("reachmail/api-token", "REACHMAIL_API_TOKEN", "reachmail", lambda: r(64, U64), kf("a ReachMail API token (64 letters, digits, - and _ beside the name reachmail)", "reachmail")),
    ("refiner/api-key", "REFINER_API_KEY", "refiner", lambda: _groups(HX), kf("a Refiner API key (8-4-4-4-12 hex digits beside the name refiner)", "refiner")),
    ("ritekit/client-secret", "RITEKIT_CLIENT_SECRET", "ritekit", lambda: r(44, HX), kf("a RiteKit client secret (44 hex digits beside the name ritekit)", "ritekit")),
    ("salesblink/api-key", "SALESBLINK_API_KEY", "salesblink", lambda: "key-" + r(64), kf("a SalesBlink API key (key- and 64 letters and digits)", "salesblink")),
    ("serphouse/api-key", "SERPHOUSE_API_KEY", "serphouse", lambda: r(60), kf("a SERPHouse API key (60 letters and digits beside the name serphouse)", "serphouse")),
    ("sherpadesk/api-key", "SHERPADESK_API_KEY", "sherpadesk", lambda: r(32, LO),
     kf("a SherpaDesk API key (32 lower-case letters and digits beside the name sherpadesk)", "sherpadesk")),
    ("signupgenius/api-key", "SIGNUPGENIUS_API_KEY", "signupgenius", lambda: r(32),
     kf("a SignUpGenius API key (32 letters and digits beside the name signupgenius)", "signupgenius")),
    ("sigopt/api-token", "SIGOPT_API_TOKEN", "sigopt", lambda: r(48, UP), kf("a SigOpt API token (48 upper-case letters and digits beside the name sigopt)", "sigopt")),
    ("simvoly/api-key", "SIMVOLY_API_KEY", "simvoly", lambda: r(33, LO), kf("a Simvoly API key (33 lower-case letters and digits beside the name simvoly)", "simvoly")),
    ("skrapp/api-key", "SKRAPP_API_KEY", "skrapp", lambda: r(42), kf("a Skrapp.io API key (42 letters and digits beside the name skrapp)", "skrappio")),
    ("sportmonks/api-token", "SPORTMONKS_API_TOKEN", "sportmonks", lambda: r(60), kf("a Sportmonks API token (60 letters and digits beside the name sportmonks)", "sportsmonk")),
    ("stormboard/api-key", "STORMBOARD_API_KEY", "stormboard", lambda: r(40, HX), kf("a Stormboard API key (40 hex digits beside the name stormboard)", "stormboard")),
    ("teletype/api-token", "TELETYPE_API_TOKEN", "teletype", lambda: r(64, AL + "-"),
     kf("a Teletype API token (64 letters, digits and dashes beside the name teletype)", "teletype")),
    ("tyntec/api-key", "TYNTEC_API_KEY", "tyntec", lambda: r(32), kf("a tyntec API key (32 letters and digits beside the name tyntec)", "tyntec")),
    ("uclassify/read-key", "UCLASSIFY_READ_KEY", "uclassify", lambda: r(12), kf("a uClassify read API key (12 letters and digits beside the name uclassify)", "uclassify")),
    ("unplugg/api-key", "UNPLUGG_API_KEY", "unplugg", lambda: r(64, LO), kf("an Unplugg API key (64 lower-case letters and digits beside the name unplugg)", "unplugg")),
    ("upcdatabase/api-key", "UPCDATABASE_API_KEY", "upcdatabase", lambda: r(32, UP),
     kf("a UPCDatabase API key (32 upper-case letters and digits beside the name upcdatabase)", "upcdatabase")),
    ("uplead/api-key", "UPLEAD_API_KEY", "uplead", lambda: r(32, LO), kf("an UpLead API key (32 lower-case letters, digits and dashes beside the name uplead)", "uplead")),
    ("upwave/api-token", "UPWAVE_API_TOKEN", "upwave", lambda: r(32, LO), kf("an Upwave API token (32 lower-case letters and digits beside the name upwave)", "upwave")),
]


VERIMAIL = kf("a Verimail API key (32 upper-case letters and digits beside the name verimail)", "verimail")
VERIPHONE = kf("a Veriphone API key (32 upper-case letters and digits beside the name veriphone)", "veriphone")
VOICEGAIN = kf("a Voicegain JWT (ey and 34 characters, a dot, ey and 108, a dot, 43)", "voicegain")
PUBLIC = {what for *_, what in SECRETS if KF in what} | {VERIMAIL, VERIPHONE, VOICEGAIN}


def greek_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Three more secrets, each said in a Greek chat line (format, context, text, secrets, what)."""
    verimail, veriphone = r(32, UP), r(32, UP)
    voicegain = f"ey{r(34)}.ey{r(108, U64)}.{r(43, U64)}"
    return [
        ("verimail/api-key", "prose",
         f"Για τον έλεγχο των email πάρε προς το παρόν το δικό μου κλειδί: {verimail}. Θα σου φτιάξω δικό σου αύριο.",
         [verimail], VERIMAIL),
        ("veriphone/api-key", "prose",
         f"Ο κωδικός που ζήτησες για την επαλήθευση τηλεφώνων είναι {veriphone}, ο παλιός έληξε την Παρασκευή.",
         [veriphone], VERIPHONE),
        ("voicegain/jwt", "prose",
         f"Σου στέλνω εδώ το token της μεταγραφής, μην το βάλεις στο wiki: {voicegain}",
         [voicegain], VOICEGAIN),
    ]


def _greek_tax_number() -> str:
    """A Greek tax number (ΑΦΜ): eight digits and the check digit, the sum of each digit times 2 to the power of its place from the right, mod 11, mod 10."""
    digits = r(8, DG)
    total = sum(int(d) * 2 ** (8 - i) for i, d in enumerate(digits))
    return digits + str(total % 11 % 10)


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/downward-api-pod-identity", "env",
     lambda: f"POD_NAME=reports-7c9f-{r(5, LO)}\nPOD_UID={u4()}\nPOD_IP=10.42.3.{R.randrange(2, 250)}\nNODE_NAME=worker-3",
     "a pod's name, uid and address from the downward API"),
    ("json/openapi-api-key-security-scheme", "json",
     lambda: json.dumps({"components": {"securitySchemes": {"apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"}}},
                         "security": [{"apiKey": []}]}, indent=2),
     "an API description naming where a key goes, with no key"),
    ("escaped/debezium-source-position", "escaped_json",
     lambda: json.dumps({"level": "info", "msg": "change", "event": json.dumps({"op": "u", "source": {"connector": "postgresql", "db": "reports",
                                                                                                    "lsn": R.randrange(10**9, 10**11), "txId": R.randrange(10**5, 10**7)}})}),
     "a change event's log position and transaction id"),
    ("cli/gpgv-with-keyring-path", "cli_flag",
     lambda: "$ gpgv --keyring ./keys/release-signers.gpg reports-5.1.0.tar.gz.sig reports-5.1.0.tar.gz",
     "checking a release signature against a named keyring"),
    ("prose/greek-tax-number", "prose",
     lambda: f"Ο ΑΦΜ της εταιρείας μας είναι {_greek_tax_number()}· παρακαλούμε να τον αναγράφετε σε κάθε τιμολόγιο.",
     "a company's public tax number"),
    ("tool/ffmpeg-hash-muxer-output", "tool_output",
     lambda: f"$ ffmpeg -loglevel error -i intro.mp4 -map 0:a -f hash -hash sha256 -\nSHA256={r(64, HX)}",
     "a media stream's digest"),
    ("diff/bazel-module-version-bump", "diff",
     lambda: ("--- a/MODULE.bazel\n+++ b/MODULE.bazel\n@@ -3,2 +3,2 @@\n-bazel_dep(name = \"rules_go\", version = \"0.50.1\")\n"
              "+bazel_dep(name = \"rules_go\", version = \"0.51.0\")\n bazel_dep(name = \"gazelle\", version = \"0.40.0\")"),
     "a dependency's version raised"),
    ("bytes/gzip-magic-and-flags", "bytes_literal", lambda: "GZIP_MAGIC = b'\\x1f\\x8b\\x08\\x00'  # id1, id2, deflate, no flags",
     "the fixed bytes a gzip stream starts with"),
    ("yaml/renovate-package-rule", "yaml",
     lambda: "packageRules:\n  - matchManagers: [npm]\n    matchUpdateTypes: [minor, patch]\n    automerge: true\n    schedule: [\"before 6am on monday\"]",
     "dependency update rules"),
    ("csv/iso-country-numeric-codes", "csv", lambda: "alpha2,alpha3,numeric,name\nGR,GRC,300,Greece\nCY,CYP,196,Cyprus\nMT,MLT,470,Malta",
     "public country codes"),
    ("url/ietf-datatracker-draft-link", "url", lambda: f"https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-{R.randrange(10, 14)}#section-4.1",
     "a public standards draft about tokens, with no token"),
    ("header/accept-ch-and-vary", "header",
     lambda: "HTTP/1.1 200 OK\nAccept-CH: Sec-CH-UA-Platform, Sec-CH-UA-Mobile\nVary: Accept-Encoding, Sec-CH-UA-Platform\nCache-Control: private, max-age=60",
     "client hint and caching headers"),
    ("log/postgres-checkpoint-lsn", "log",
     lambda: (f"2026-12-15 03:41:07.118 UTC [{R.randrange(100, 9999)}] LOG:  checkpoint complete: wrote {R.randrange(100, 9000)} buffers (4.1%); "
              f"redo lsn=3/{r(8, HX.upper())}, lsn=4/{r(8, HX.upper())}"),
     "a database's write-ahead log positions"),
    ("connection/sqlserver-integrated-security", "connection_string",
     lambda: "Server=sql.example.org,1433;Database=reports;Integrated Security=SSPI;Encrypt=True;TrustServerCertificate=False",
     "a database address that signs in as the running account"),
    ("code/fnv1a-64-offset-and-prime", "code", lambda: "# FNV-1a, 64 bit\nFNV64_OFFSET_BASIS = 0xCBF29CE484222325\nFNV64_PRIME = 0x100000001B3",
     "a published hash's constants"),
    ("ini/editorconfig-sections", "ini",
     lambda: "root = true\n\n[*]\nindent_style = space\nindent_size = 4\n\n[*.{yml,yaml}]\nindent_size = 2",
     "editor settings"),
    ("xml/android-manifest-permissions", "xml",
     lambda: "<manifest package=\"org.example.reports\">\n  <uses-permission android:name=\"android.permission.INTERNET\" />\n  <uses-permission android:name=\"android.permission.POST_NOTIFICATIONS\" />\n</manifest>",
     "an app's requested permissions"),
    ("dockerfile/user-and-workdir-with-copy-chown", "dockerfile",
     lambda: "FROM python:3.13-slim\nRUN useradd --uid 10001 app\nWORKDIR /srv/reports\nCOPY --chown=app:app . .\nUSER app",
     "a build that runs as a named user"),
    ("netrc/curl-netrc-optional-invocation", "netrc",
     lambda: "$ curl --netrc-optional --netrc-file ~/.config/reports/netrc -O https://files.example.org/exports/latest.csv",
     "a download that names its netrc file, not what is in it"),
    ("pem/pgp-clearsigned-checksums", "pem",
     lambda: (f"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{r(64, HX)}  reports-5.1.0.tar.gz\n-----BEGIN PGP SIGNATURE-----\n\n"
              f"{DRAW.pem_lines(119)}\n=ab3C\n-----END PGP SIGNATURE-----"),
     "a release's checksums with a public signature"),
    ("wrapped/sha256-checksum-file-across-lines", "wrapped",
     lambda: (lambda h: f"2026-12-15T03:41:07Z build: published reports-5.1.0.tar.gz sha256={h[:30]}\n2026-12-15T03:41:07Z build: {h[30:]}")(r(64, HX)),
     "a release digest cut across log lines"),
    ("toml/pyproject-ruff-settings", "toml", lambda: "[tool.ruff]\nline-length = 110\ntarget-version = \"py312\"\n\n[tool.ruff.lint]\nselect = [\"E\", \"F\", \"I\"]",
     "linter settings"),
    ("history/kubectl-rollout-revisions", "shell_history",
     lambda: f"  701  kubectl rollout history deploy/reports\n  702  kubectl rollout undo deploy/reports --to-revision={R.randrange(10, 90)}",
     "a rollback to a numbered revision"),
    ("notebook/execution-metadata-timestamps", "notebook",
     lambda: json.dumps({"cell_type": "code", "execution_count": 7, "id": r(8, HX),
                         "metadata": {"execution": {"iopub.execute_input": "2026-12-15T03:41:07.118Z"}}, "outputs": [], "source": ["df.describe()\n"]}),
     "a cell's id and run time"),
    ("hcl/terraform-provider-lock-hashes", "hcl",
     lambda: f"provider \"registry.terraform.io/hashicorp/random\" {{\n  version = \"3.6.3\"\n  hashes = [\n    \"h1:{b64(32)}\",\n    \"zh:{r(64, HX)}\",\n  ]\n}}",
     "provider packages pinned by digest"),
    ("properties/spring-actuator-exposure", "properties",
     lambda: "management.endpoints.web.exposure.include=health,info,prometheus\nmanagement.endpoint.health.show-details=never",
     "which monitoring endpoints are open"),
    ("powershell/get-volume-unique-id", "powershell",
     lambda: f"PS> (Get-Volume -DriveLetter D).UniqueId\n\\\\?\\Volume{{{u4()}}}\\",
     "a disk volume's id"),
    ("systemd/timer-randomized-delay", "systemd",
     lambda: "[Timer]\nOnCalendar=*-*-* 04:00:00\nRandomizedDelaySec=15m\nPersistent=true\n\n[Install]\nWantedBy=timers.target",
     "a timer schedule"),
    ("har/page-timings-and-creator", "har",
     lambda: json.dumps({"log": {"version": "1.2", "creator": {"name": "Firefox", "version": "133.0"},
                                 "pages": [{"id": "page_1", "title": "Reports", "pageTimings": {"onContentLoad": R.randrange(200, 900),
                                                                                               "onLoad": R.randrange(900, 3000)}}]}}),
     "page load timings and the browser that took them"),
    ("curl/http2-stream-pseudo-headers", "curl_trace",
     lambda: ("* [HTTP/2] [1] OPENED stream for https://reports.example.org/health\n* [HTTP/2] [1] [:method: GET]\n"
              "* [HTTP/2] [1] [:scheme: https]\n* [HTTP/2] [1] [:path: /health]"),
     "a request's HTTP/2 stream"),
    ("k8s/configmap-feature-settings", "k8s_secret",
     lambda: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: reports-settings\ndata:\n  REPORT_FORMAT: pdf\n  PAGE_SIZE: A4\n  TIMEZONE: Europe/Athens",
     "plain settings in a ConfigMap"),
    ("crash/java-heap-dump-notice", "crash_report",
     lambda: f"java.lang.OutOfMemoryError: Java heap space\nDumping heap to /tmp/java_pid{R.randrange(1000, 99999)}.hprof ...\nHeap dump file created [{R.randrange(10**8, 10**9)} bytes in 2.418 secs]",
     "a heap dump's file and size"),
    ("web/color-scheme-and-font-size-preferences", "web_storage",
     lambda: json.dumps({"origin": "https://reports.example.org", "localStorage": {"prefs": json.dumps({"colorScheme": "dark", "fontSize": 15, "lang": "el"})}}),
     "display preferences"),
    ("plist/launchagent-start-interval", "plist",
     lambda: "<dict>\n\t<key>Label</key>\n\t<string>org.example.reports.sync</string>\n\t<key>StartInterval</key>\n\t<integer>3600</integer>\n</dict>",
     "a scheduled job's label and interval"),
    ("tfstate/check-results-and-version", "tfstate",
     lambda: json.dumps({"version": 4, "terraform_version": "1.10.2", "serial": R.randrange(1, 400),
                         "check_results": [{"object_kind": "resource", "config_addr": "aws_s3_bucket.reports", "status": "pass"}]}),
     "a state file's check results"),
    ("mobile/ios-info-plist-url-schemes", "mobile_config",
     lambda: "<key>CFBundleURLTypes</key>\n<array>\n  <dict>\n    <key>CFBundleURLSchemes</key>\n    <array><string>reports</string></array>\n  </dict>\n</array>",
     "an app's URL scheme"),
    ("sql/create-index-concurrently", "sql_dump",
     lambda: "CREATE INDEX CONCURRENTLY IF NOT EXISTS reports_created_at_idx ON public.reports USING brin (created_at);",
     "an index definition"),
    ("email/auto-submitted-and-precedence", "email",
     lambda: "Auto-Submitted: auto-replied\nPrecedence: bulk\nX-Auto-Response-Suppress: All\nSubject: Out of office: reports",
     "headers of an automatic reply"),
    ("nginx/real-ip-from-trusted-proxies", "nginx",
     lambda: "set_real_ip_from 10.0.0.0/8;\nreal_ip_header X-Forwarded-For;\nreal_ip_recursive on;",
     "which proxies are trusted for client addresses"),
    ("markdown/task-list-with-issue-numbers", "markdown",
     lambda: f"- [x] #{R.randrange(1000, 2000)} move exports to the queue\n- [ ] #{R.randrange(2000, 3000)} rotate the signing key (tracked, not here)",
     "a task list naming issues"),
    ("postman/request-with-noauth-and-query", "postman",
     lambda: json.dumps({"name": "health", "request": {"auth": {"type": "noauth"}, "method": "GET",
                                                       "url": {"raw": "{{baseUrl}}/health?verbose=1", "query": [{"key": "verbose", "value": "1"}]}}}),
     "a request that sends no credentials"),
    ("jenkins/build-discarder-options", "jenkinsfile",
     lambda: "options {\n  buildDiscarder(logRotator(numToKeepStr: '20'))\n  timeout(time: 30, unit: 'MINUTES')\n  disableConcurrentBuilds()\n}",
     "pipeline options"),
    ("compose/ulimits-and-stop-grace-period", "compose",
     lambda: "services:\n  reports:\n    stop_grace_period: 30s\n    ulimits:\n      nofile:\n        soft: 65536\n        hard: 65536",
     "process limits"),
    ("gradle/configuration-cache-and-toolchain", "gradle",
     lambda: "# gradle.properties\norg.gradle.configuration-cache=true\norg.gradle.caching=true\n# build.gradle.kts: java { toolchain { languageVersion = JavaLanguageVersion.of(21) } }",
     "build settings"),
    ("chat/rocketchat-message-and-room-ids", "chat_export",
     lambda: json.dumps([{"_id": r(17), "rid": r(17), "u": {"_id": r(17), "username": "eleni"}, "msg": "the export ran", "ts": "2026-12-15T03:41:07Z"}]),
     "chat message and room ids"),
    ("ansible/inventory-host-ports", "ansible",
     lambda: "[reports]\nreports-1.example.org ansible_port=2222\nreports-2.example.org ansible_port=2222\n\n[reports:vars]\nansible_user=deploy",
     "hosts and their ports"),
    ("kubeconfig/contexts-and-namespaces", "kubeconfig",
     lambda: "contexts:\n- name: staging\n  context:\n    cluster: staging\n    namespace: reports\n    user: eleni\ncurrent-context: staging",
     "which cluster and namespace are in use"),
    ("hocon/slick-connection-pool", "hocon",
     lambda: "slick.dbs.default {\n  profile = \"slick.jdbc.PostgresProfile$\"\n  db.numThreads = 10\n  db.maxConnections = 10\n}",
     "pool sizes"),
    ("nix/systemd-service-hardening", "nix",
     lambda: "systemd.services.reports.serviceConfig = {\n  DynamicUser = true;\n  ProtectSystem = \"strict\";\n  PrivateTmp = true;\n};",
     "service sandboxing options"),
    ("caddy/file-server-browse-and-encode", "caddyfile",
     lambda: "files.example.org {\n  root * /srv/public\n  file_server browse\n  encode zstd gzip\n}",
     "a static file site"),
    ("gitconfig/rerere-and-diff-algorithm", "gitconfig",
     lambda: "[rerere]\n\tenabled = true\n[diff]\n\talgorithm = histogram\n[merge]\n\tconflictStyle = zdiff3",
     "merge and diff settings"),
    ("makefile/phony-targets-and-makeflags", "makefile",
     lambda: ".PHONY: all test lint\nMAKEFLAGS += -j4 --no-print-directory\n\nall: lint test",
     "build targets"),
    ("npmrc/node-linker-and-peer-settings", "npmrc", lambda: "node-linker=hoisted\nauto-install-peers=true\nstrict-peer-dependencies=false",
     "package manager settings"),
    ("pgpass/service-lookup-by-psql", "pgpass",
     lambda: "$ PGSERVICEFILE=~/.pg_service.conf psql service=reports -Atc 'show server_version'\n17.2",
     "a connection looked up by service name"),
    ("crontab/logrotate-daily", "crontab", lambda: "25 6 * * * root test -x /usr/sbin/anacron || /usr/sbin/logrotate /etc/logrotate.conf",
     "a maintenance schedule"),
    ("http/health-check-request", "http_file", lambda: "### health\nGET https://reports.example.org/health\nAccept: application/json",
     "a request needing no credentials"),
    ("haproxy/resolvers-section", "haproxy",
     lambda: "resolvers dns\n    nameserver ns1 10.0.0.2:53\n    resolve_retries 3\n    hold valid 10s",
     "name servers for backends"),
    ("sbt/scalac-options", "sbt", lambda: "scalacOptions ++= Seq(\"-deprecation\", \"-feature\", \"-Xfatal-warnings\")",
     "compiler flags"),
    ("pypirc/server-login-username-only", "pypirc", lambda: "[server-login]\nusername = eleni\n# no password here: twine asks for it",
     "an old login section with only a user name"),
    ("ssh/canonicalize-hostname-settings", "ssh_config",
     lambda: "CanonicalizeHostname yes\nCanonicalDomains example.org\nCanonicalizeMaxDots 0\nCanonicalizeFallbackLocal no",
     "host name completion"),
    ("launch/python-justmycode-and-args", "launch_json",
     lambda: json.dumps({"version": "0.2.0", "configurations": [{"name": "reports", "type": "debugpy", "request": "launch",
                                                              "module": "reports", "args": ["--dry-run"], "justMyCode": False}]}, indent=4),
     "a debugger launch with arguments"),
    ("gha/timeout-and-default-shell", "gha_workflow",
     lambda: "jobs:\n  test:\n    timeout-minutes: 20\n    defaults:\n      run:\n        shell: bash\n        working-directory: reports",
     "job limits and defaults"),
    ("fish/add-path-and-empty-greeting", "fish", lambda: "set -g fish_greeting\nfish_add_path ~/.local/bin\nset -gx EDITOR nvim",
     "shell start-up settings"),
    ("console/media-query-match", "devtools_console",
     lambda: "> matchMedia('(prefers-color-scheme: dark)').matches\n< true\n> devicePixelRatio\n< 2",
     "display queries in the browser"),
    ("envrc/source-up-and-strict-env", "envrc", lambda: "strict_env\nsource_up\nexport TZ=Europe/Athens",
     "a direnv file that inherits its parent's"),
    ("maven/enforcer-require-java", "maven_settings",
     lambda: "<requireJavaVersion>\n  <version>[21,)</version>\n</requireJavaVersion>\n<requireMavenVersion>\n  <version>3.9</version>\n</requireMavenVersion>",
     "build tool version rules"),
    ("rclone/alias-remote", "rclone_conf", lambda: "[docs]\ntype = alias\nremote = local:/srv/docs",
     "a remote that is another name for a folder"),
    ("composer/platform-and-sort-config", "composer_auth",
     lambda: json.dumps({"config": {"platform": {"php": "8.3.0"}, "sort-packages": True, "optimize-autoloader": True}}, indent=4),
     "package manager settings"),
    ("yarnrc/package-extensions", "yarnrc",
     lambda: "packageExtensions:\n  \"react-pdf@*\":\n    peerDependencies:\n      canvas: \"*\"",
     "dependency corrections"),
    ("terraformrc/host-service-discovery", "terraformrc",
     lambda: "host \"modules.example.org\" {\n  services = {\n    \"modules.v1\" = \"https://modules.example.org/v1/\"\n  }\n}",
     "where a module registry's services are"),
    ("cargo/build-jobs-and-target-dir", "cargo_credentials", lambda: "[build]\njobs = 4\ntarget-dir = \"/var/cache/cargo-target\"\n\n[net]\ngit-fetch-with-cli = true",
     "build settings"),
    ("docker/config-current-context-and-features", "docker_config",
     lambda: json.dumps({"currentContext": "colima", "features": {"hooks": "true"}, "plugins": {"-x-cli-hints": {"enabled": "false"}}}, indent=4),
     "client context and features"),
    ("aws/s3-transfer-settings", "aws_config",
     lambda: "[default]\nregion = eu-central-1\ns3 =\n  max_concurrent_requests = 20\n  multipart_threshold = 64MB",
     "transfer tuning"),
    ("gitcredentials/helper-cache-timeout", "git_credentials",
     lambda: "$ git config --global credential.helper 'cache --timeout=3600'\n$ git config --get credential.helper\ncache --timeout=3600",
     "how long a login is cached, not the login"),
    ("helm/pod-security-context", "helm_values",
     lambda: "podSecurityContext:\n  runAsNonRoot: true\n  runAsUser: 10001\n  fsGroup: 10001\nsecurityContext:\n  readOnlyRootFilesystem: true",
     "security settings with nothing secret"),
    ("vault/agent-telemetry-and-exit-after-auth", "vault_agent",
     lambda: "exit_after_auth = true\ntelemetry {\n  prometheus_retention_time = \"30s\"\n  disable_hostname = true\n}",
     "agent settings"),
    ("mycnf/mysqld-buffer-settings", "my_cnf", lambda: "[mysqld]\ninnodb_buffer_pool_size = 4G\nmax_connections = 300\nslow_query_log = ON",
     "server tuning"),
    ("s3cfg/website-endpoint-and-proxy", "s3cfg",
     lambda: "[default]\nwebsite_endpoint = http://%(bucket)s.website.example.org/\nproxy_host = proxy.internal\nproxy_port = 3128",
     "s3cmd endpoints"),
    ("bitbucket/parallel-steps-and-size", "bitbucket_pipelines",
     lambda: "pipelines:\n  default:\n    - parallel:\n        - step:\n            size: 2x\n            script: [npm test]\n        - step:\n            script: [npm run lint]",
     "steps run side by side"),
    ("wrangler/cron-triggers-and-observability", "wrangler",
     lambda: "[triggers]\ncrons = [\"0 4 * * 1\"]\n\n[observability]\nenabled = true\nhead_sampling_rate = 0.1",
     "a schedule and logging"),
    ("k6/checks-and-sleep", "k6_script",
     lambda: "import http from 'k6/http';\nimport { check, sleep } from 'k6';\nexport default function () {\n  check(http.get('https://reports.example.org/health'), { ok: (r) => r.status === 200 });\n  sleep(1);\n}",
     "a load test with no credentials"),
    ("heroku/buildpacks-list", "heroku_config",
     lambda: "$ heroku buildpacks -a reports-prod\n=== reports-prod Buildpack URLs\n1. heroku/nodejs\n2. heroku/python",
     "an app's buildpacks"),
    ("gitlab/ci-job-token-reference", "gitlab_ci",
     lambda: ("publish:\n  stage: deploy\n  script:\n    - 'curl --header \"JOB-TOKEN: $CI_JOB_TOKEN\" --upload-file dist/reports.tgz "
              "\"${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/reports/5.1.0/reports.tgz\"'"),
     "a job that names the CI token variable, not its value"),
    ("gitlab/rules-and-artifact-expiry", "gitlab_ci",
     lambda: "test:\n  rules:\n    - if: $CI_PIPELINE_SOURCE == \"merge_request_event\"\n  artifacts:\n    expire_in: 1 week\n    paths: [coverage/]",
     "when a job runs and what it keeps"),
    ("pipconf/index-and-trusted-host-without-login", "pip_conf",
     lambda: "[global]\nindex-url = https://pypi.example.org/simple/\ntrusted-host = pypi.example.org\nno-cache-dir = false",
     "a package index with no login"),
    ("gem/credentials-file-listing", "gem_credentials",
     lambda: "$ ls -l ~/.gem/credentials\n-rw------- 1 eleni staff 64 Dec 15 03:41 /home/eleni/.gem/credentials\n$ gem signin --help | head -1\nUsage: gem signin [options]",
     "where the credentials file is and its mode, not its content"),
    ("nuget/clear-sources-and-global-packages-folder", "nuget_config",
     lambda: ("<configuration>\n  <packageSources>\n    <clear />\n    <add key=\"nuget.org\" value=\"https://api.nuget.org/v3/index.json\" protocolVersion=\"3\" />\n"
              "  </packageSources>\n  <config>\n    <add key=\"globalPackagesFolder\" value=\"/var/cache/nuget\" />\n  </config>\n</configuration>"),
     "package sources with no credentials"),
    ("supervisord/unix-socket-and-log-limits", "supervisord",
     lambda: "[unix_http_server]\nfile=/run/supervisor.sock\nchmod=0700\n\n[supervisord]\nlogfile_maxbytes=50MB\nlogfile_backups=10",
     "a process manager's socket and log settings"),
    ("pulumi/stack-config-plain-settings", "pulumi_config",
     lambda: "# Pulumi.staging.yaml\nconfig:\n  aws:region: eu-central-1\n  reports:replicas: \"2\"\n  reports:domain: staging.reports.example.org",
     "plain stack settings"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, greek_prose, ORDINARY, PUBLIC), Path(__file__).with_name("fresh15.jsonl"))
