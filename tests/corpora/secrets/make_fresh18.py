"""Writes the eighteenth fresh held-out part of the secrets corpus, fresh18.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are facts read in public detector rule sets, as each item's note says.
Six contexts are new with this part (a Docker Compose override file, a Vagrantfile, a Packer
variables file, a systemd credential drop-in, a PgBouncer auth file, a Gradle init script); secrets
in prose are in Norwegian. No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh18.py [OUT]   # default: fresh18.jsonl beside this file
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, url_quoted, write

SEED = 20261218
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh18.py (seed {SEED})"

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
            "compose_override", "vagrantfile", "packer_vars", "systemd_credential", "pgbouncer_userlist", "init_gradle")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 2
    head, tail = value[:cut], value[cut:]
    text = (f"Dec 18 04:51:09 lager-3 {tool}-agent[907]: loaded {name}={head}\n"
            f"Dec 18 04:51:09 lager-3 {tool}-agent[907]: {tail} (line continued)")
    return text, [head, tail]


def _ed25519_pkcs8() -> str:
    """An Ed25519 private key as PKCS#8 DER (its fixed 16-byte prefix, then 32 drawn bytes), in base64: one 64-character line."""
    return base64.b64encode(bytes.fromhex("302e020100300506032b657004220420") + bytes(R.randrange(256) for _ in range(32))).decode()


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return f"Her er nøkkelen til {tool}:\n-----BEGIN PRIVATE KEY-----\n{value}\n-----END PRIVATE KEY-----", [value]
    if context == "docker_config":
        encoded = base64.b64encode(f"lager-{tool}:{value}".encode()).decode()
        return json.dumps({"auths": {f"registry.{tool}.example.no": {"auth": encoded}}, "credsStore": ""}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: lager-{tool}\n  namespace: varehus\ndata:\n"
                f"  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return (f"[{tool}]\naccess_key = {key_id}\nsecret_key = {value}\nhost_base = objects.{tool}.example.no\n"
                f"signature_v2 = False"), [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf"):
        texts = {
            "url": f"https://api.{tool}.example.no/v2/export?format=csv&{name.lower()}={quoted}",
            "connection_string": f"redis://lager:{quoted}@cache.{tool}.example.no:6380/3?ssl=true",
            "git_credentials": f"https://lager-bot:{quoted}@git.{tool}.example.no",
            "pip_conf": f"[global]\nindex-url = https://lager:{quoted}@pypi.{tool}.example.no/simple\ntimeout = 30",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), name.replace("_", "-").title()
    texts = {
        "env": f"NODE_ENV=production\n{name}={value}\nPORT=8088",
        "json": json.dumps({"services": {tool: {"credentials": {cam: value}, "retry": 3}}}, indent=2),
        "escaped_json": json.dumps({"time": "2026-12-18T04:51:09Z", "msg": "outbound", "body": json.dumps({"service": tool, cam: value})}),
        "cli_flag": f"$ lagerctl import --source {tool} --{kebab}={value} --dry-run=false",
        "prose": f"Hei Ingrid! Den nye nøkkelen til {tool} er {value}. Kan du legge den inn i testmiljøet før lunsj?",
        "tool_output": f"$ {tool} auth status\nLogged in to api.{tool}.example.no\n{title}: {value}\nScopes: read, write",
        "diff": (f"diff --git a/config/{tool}.yml b/config/{tool}.yml\n@@ -1,2 +1,3 @@\n {tool}:\n"
                 f"+  {low}: {value}\n   region: eu-north-1"),
        "bytes_literal": f"{name} = b\"{value}\"",
        "yaml": f"{tool}:\n  {cam}: \"{value}\"\n  baseUrl: https://api.{tool}.example.no",
        "csv": f"name,{low},owner\n{tool},{value},ingrid",
        "header": f"GET /v2/orders HTTP/1.1\nHost: api.{tool}.example.no\n{title}: {value}\nAccept: application/json",
        "log": f"2026-12-18T04:51:09.412Z DEBUG lager.{tool} request headers={{'{title}': '{value}', 'Accept': '*/*'}}",
        "code": f"{tool}_client = {tool.capitalize()}Client(\n    {low}=\"{value}\",\n    timeout=10,\n)",
        "ini": f"[{tool}]\n{low}={value}\nendpoint=https://api.{tool}.example.no",
        "xml": f"<add key=\"{cam}\" value=\"{value}\" />",
        "dockerfile": f"FROM python:3.13-slim\nENV {name}=\"{value}\"\nCMD [\"python\", \"-m\", \"lager.{tool}\"]",
        "netrc": f"machine api.{tool}.example.no login lager password {value}",
        "toml": f"[services.{tool}]\n{low} = \"{value}\"\nenabled = true",
        "shell_history": f"  412  export {name}={value}\n  413  lagerctl sync {tool}",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"{tool}.{cam} = \"{value}\"\n", f"{tool}.ping()"]}),
        "hcl": f"variable \"{low}\" {{\n  default   = \"{value}\"\n  sensitive = false\n}}",
        "properties": f"{tool}.{cam}={value}\n{tool}.retries=3",
        "powershell": f"PS C:\\lager> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')",
        "systemd": f"[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/{tool}-sync",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.example.no/v2/orders",
                                                            "headers": [{"name": title, "value": value}]}}]}}),
        "curl_trace": f"> POST /v2/orders HTTP/1.1\n> Host: api.{tool}.example.no\n> {title}: {value}\n> Content-Length: 88",
        "crash_report": f"panic: {tool}: unexpected status 401\n\ngoroutine 1 [running]:\nmain.sync(...)\nenv: {name}={value} GOMAXPROCS=4",
        "web_storage": json.dumps({"origin": f"https://{tool}.example.no", "sessionStorage": {cam: value}}),
        "plist": f"<dict>\n\t<key>{cam}</key>\n\t<string>{value}</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "outputs": {low: {"value": value, "type": "string", "sensitive": False}}}),
        "mobile_config": f"# android/secrets.properties\n{low}={value}\napplicationIdSuffix=.lager",
        "sql_dump": f"INSERT INTO public.integrations (name, {low}) VALUES ('{tool}', '{value}');",
        "email": (f"From: drift@example.no\nTo: lager@example.no\nSubject: Ny nøkkel for {tool}\n\n"
                  f"Hei, her er den nye verdien: {value}\nMvh drift"),
        "nginx": f"location /{tool}/ {{\n    proxy_set_header {title} \"{value}\";\n    proxy_pass https://api.{tool}.example.no/;\n}}",
        "markdown": f"**{tool}** — `{name}={value}` (staging)",
        "postman": json.dumps({"name": f"lager {tool}", "values": [{"key": cam, "value": value, "enabled": True}]}),
        "jenkinsfile": f"stage('sync {tool}') {{\n  environment {{ {name} = \"{value}\" }}\n  steps {{ sh 'lagerctl sync {tool}' }}\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: lager/{tool}-sync:1.8\n    environment:\n      - {name}={value}",
        "gradle": f"buildConfigField(\"String\", \"{name}\", \"\\\"{value}\\\"\")",
        "chat_export": json.dumps({"messages": [{"from": "ingrid", "date": "2026-12-18T04:51:09", "text": f"{tool} {low}: {value}"}]}),
        "ansible": f"- name: configure {tool}\n  ansible.builtin.lineinfile:\n    path: /etc/lager/{tool}.env\n    line: \"{name}={value}\"",
        "kubeconfig": f"users:\n- name: lager-{tool}\n  user:\n    token: {value}",
        "hocon": f"{tool}.{cam} = \"{value}\"",
        "nix": f"environment.variables.{name} = \"{value}\";",
        "caddyfile": f":8088 {{\n  reverse_proxy https://api.{tool}.example.no {{\n    header_up {title} \"{value}\"\n  }}\n}}",
        "gitconfig": f"[{tool}]\n\t{cam} = {value}",
        "makefile": f"export {name} := {value}\n\nimport:\n\tlagerctl import --source {tool}",
        "npmrc": f"//registry.{tool}.example.no/npm/:_authToken=\"{value}\"\nalways-auth=true",
        "pgpass": f"db.{tool}.example.no:5432:*:lager:{value}",
        "crontab": f"*/20 * * * * {name}='{value}' /usr/local/bin/{tool}-sync >/dev/null 2>&1",
        "http_file": f"### orders\nGET https://api.{tool}.example.no/v2/orders\n{title}: {value}",
        "haproxy": f"backend {tool}\n    http-request set-header {title} {value}\n    server s1 api.{tool}.example.no:443 ssl verify required",
        "sbt": f"credentials += Credentials(\"{tool}\", \"repo.{tool}.example.no\", \"lager\", \"{value}\")",
        "pypirc": f"[{tool}]\nrepository = https://pypi.{tool}.example.no/legacy/\nusername = lager\npassword = {value}",
        "ssh_config": f"Host *.{tool}.example.no\n    SendEnv LANG\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} import", "type": "python", "request": "launch",
                                                        "module": "lager", "env": {name: value}}]}, indent=2),
        "gha_workflow": f"- name: import from {tool}\n  run: lagerctl import --source {tool}\n  env:\n    {name}: {value}",
        "fish": f"set -Ux {name} {value}",
        "devtools_console": f"> window.__LAGER_CONFIG__.{tool}.{cam}\n'{value}'",
        "envrc": f"export {name}={value}\nlayout python3",
        "maven_settings": f"<servers>\n  <server>\n    <id>{tool}</id>\n    <password>{value}</password>\n  </server>\n</servers>",
        "rclone_conf": f"[{tool}-arkiv]\ntype = s3\nprovider = Other\naccess_key_id = lager\nsecret_access_key = {value}",
        "composer_auth": json.dumps({"http-basic": {f"repo.{tool}.example.no": {"username": "lager", "password": value}}}, indent=2),
        "yarnrc": f"npmRegistries:\n  \"https://npm.{tool}.example.no\":\n    npmAuthIdent: \"lager:{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.example.no\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}-lager]\ntoken = \"{value}\"",
        "aws_config": f"[profile {tool}-lager]\nregion = eu-north-1\n{low} = {value}\noutput = json",
        "helm_values": f"secrets:\n  {tool}:\n    {cam}: {value}",
        "vault_agent": f"template {{\n  contents    = \"{name}={value}\"\n  destination = \"/run/lager/{tool}.env\"\n}}",
        "my_cnf": f"[client]\nuser = lager_{tool}\npassword = {value}\nhost = db.{tool}.example.no",
        "bitbucket_pipelines": f"- step:\n    name: import {tool}\n    script:\n      - {name}={value} lagerctl import --source {tool}",
        "wrangler": f"[env.production.vars]\n{name} = \"{value}\"",
        "k6_script": f"const {cam} = '{value}';\nexport default function () {{ http.get('https://api.{tool}.example.no/v2/orders', {{ headers: {{ '{title}': {cam} }} }}); }}",
        "heroku_config": f"$ heroku config:get {name} -a lager-{tool}\n{value}",
        "authinfo": f"machine api.{tool}.example.no login lager password \"{value}\" port https",
        "fly_toml": f"[env]\n  PRIMARY_REGION = \"arn\"\n  {name} = \"{value}\"",
        "netlify_toml": f"[build.environment]\n  {name} = \"{value}\"\n  NODE_VERSION = \"22\"",
        "render_yaml": f"envVarGroups:\n  - name: {tool}\n    envVars:\n      - key: {name}\n        value: \"{value}\"",
        "jmeter_plan": f"<stringProp name=\"HTTPSampler.header.{title}\">{value}</stringProp>",
        "jenkins_credentials": (f"<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>{tool}-lager</id>\n"
                                f"  <username>lager</username>\n  <password>{value}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>"),
        "gitlab_ci": f"import:{tool}:\n  variables:\n    {name}: {value}\n  script: lagerctl import --source {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: ''\n:{tool}: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\nenvironment=LANG=\"nb_NO.UTF-8\",{name}=\"{value}\"",
        "pulumi_config": f"config:\n  lager:{tool}{name.title().replace('_', '')}: {value}",
        "extension_storage": json.dumps({"chrome.storage.session": {f"{tool}Auth": {cam: value, "expires": 0}}}),
        "circleci_config": f"jobs:\n  import:\n    docker:\n      - image: cimg/python:3.13\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"- task: Bash@3\n  inputs:\n    targetType: inline\n    script: lagerctl import --source {tool}\n  env:\n    {name}: {value}",
        "ngrok_config": f"version: 3\nagent:\n  authtoken: {value}\n  region: eu",
        "hgrc": f"[auth]\nlager.prefix = hg.{tool}.example.no\nlager.username = lager\nlager.password = {value}",
        "wpa_supplicant": f"network={{\n    ssid=\"{tool}-lager\"\n    psk=\"{value}\"\n}}",
        "compose_override": (f"# docker-compose.override.yml\nservices:\n  {tool}-sync:\n    environment:\n"
                             f"      {name}: \"{value}\"\n    ports:\n      - \"8088:8088\""),
        "vagrantfile": (f"Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"debian/bookworm64\"\n"
                        f"  config.vm.provision \"shell\", env: {{ \"{name}\" => \"{value}\" }}, path: \"provision.sh\"\nend"),
        "packer_vars": f"# variables.auto.pkrvars.hcl\n{low} = \"{value}\"\nimage_name = \"lager-{tool}\"",
        "systemd_credential": (f"# /etc/systemd/system/{tool}-sync.service.d/credentials.conf\n[Service]\n"
                               f"SetCredential={low}:{value}\nLoadCredential=ca.pem:/etc/lager/ca.pem"),
        "pgbouncer_userlist": f"# /etc/pgbouncer/userlist.txt\n\"lager_{tool}\" \"{value}\"",
        "init_gradle": (f"// ~/.gradle/init.d/{tool}.gradle\nallprojects {{\n  repositories {{\n    maven {{\n"
                        f"      url 'https://maven.{tool}.example.no/releases'\n      credentials {{ username 'lager'; password '{value}' }}\n"
                        f"    }}\n  }}\n}}"),
    }
    return texts[context], [value]


def _uuid_groups(alphabet: str = HX) -> str:
    return "-".join(r(n, alphabet) for n in (8, 4, 4, 4, 12))


# Formats whose facts were read in public material (source kind public): the maintained TruffleHog detectors
# (github.com/trufflesecurity/trufflehog, pkg/detectors) and the Kingfisher rule set (github.com/mongodb/kingfisher,
# data/rules). Only the facts (prefix, length, alphabet, the name beside it) were read; no rule, pattern or example was
# copied, and every value is drawn here.
TH = "TruffleHog detectors (github.com/trufflesecurity/trufflehog, pkg/detectors)"
KF = "Kingfisher rule set (github.com/mongodb/kingfisher, data/rules)"


def th(what: str, detector: str) -> str:
    return f"{what}, {TH} {detector}"


def near(vendor: str, count: str, detector: str) -> str:
    """The usual fact: a value of a length and alphabet beside the vendor's name."""
    return th(f"a {vendor} key ({count} beside the vendor's name)", detector)


def _web3_jwt() -> str:
    return f"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{r(180, U64)}.{r(43, U64)}"


SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("m3o/api-key", "M3O_API_KEY", "m3o", lambda: r(48), near("M3O", "48 letters and digits", "m3o")),
    ("meaningcloud/license-key", "MEANINGCLOUD_KEY", "meaningcloud", lambda: r(32, LO), near("MeaningCloud", "32 lower-case letters and digits", "meaningcloud")),
    ("metaapi/token", "METAAPI_TOKEN", "metaapi", lambda: r(64, HX), near("MetaApi", "64 hex digits", "metaapi")),
    ("mite/api-key", "MITE_API_KEY", "mite", lambda: r(16, LO), near("mite", "16 lower-case letters and digits", "mite")),
    ("nethunt/api-key", "NETHUNT_API_KEY", "nethunt", lambda: _uuid_groups(LO), near("NetHunt CRM", "36 lower-case letters, digits and dashes", "nethunt")),
    ("netsuite/consumer-secret", "NETSUITE_CONSUMER_SECRET", "netsuite", lambda: r(64), near("NetSuite", "64 letters and digits", "netsuite")),
    ("neutrinoapi/api-key", "NEUTRINO_API_KEY", "neutrinoapi", lambda: r(48), near("Neutrino API", "48 letters and digits", "neutrinoapi")),
    ("nutritionix/app-key", "NUTRITIONIX_APP_KEY", "nutritionix", lambda: r(32, LO), near("Nutritionix", "32 lower-case letters and digits", "nutritionix")),
    ("onepagecrm/api-key", "ONEPAGECRM_API_KEY", "onepagecrm", lambda: r(43) + "=", near("OnePageCRM", "44 letters, digits and =", "onepagecrm")),
    ("openvpn/client-secret", "OPENVPN_CLIENT_SECRET", "openvpn", lambda: r(64, U64),
     th("an OpenVPN Cloud Connexa client secret (64 or more letters, digits, _ and - beside a client id and the api.openvpn.com domain)", "openvpn")),
    ("parsehub/api-key", "PARSEHUB_API_KEY", "parsehub", lambda: r(12), near("ParseHub", "12 letters and digits", "parsehub")),
    ("pganalyze/read-key", "PGANALYZE_API_KEY", "pganalyze", lambda: "pgar_" + r(27), th("a pganalyze read-only API key (pgar_ and 27 letters and digits)", "pganalyzereadkey")),
    ("photoroom/api-key", "PHOTOROOM_API_KEY", "photoroom", lambda: f"sk_pr_{r(10, LO)}_{r(40, HX)}",
     th("a PhotoRoom API key (sk_pr_, a name of letters and digits, _ and 40 hex digits)", "photoroom")),
    ("pivotaltracker/api-token", "PIVOTAL_TRACKER_TOKEN", "pivotaltracker", lambda: r(32, LO), near("Pivotal Tracker", "32 lower-case letters and digits", "pivotaltracker")),
    ("planview/leankit-token", "LEANKIT_TOKEN", "leankit", lambda: r(128, HX), near("Planview LeanKit", "128 hex digits", "planviewleankit")),
    ("poloniex/api-key", "POLONIEX_API_KEY", "poloniex", lambda: "-".join(r(8, UP) for _ in range(4)),
     th("a Poloniex API key (four groups of 8 upper-case letters and digits joined by dashes, beside the vendor's name)", "poloniex")),
    ("poloniex/api-secret", "POLONIEX_API_SECRET", "poloniex", lambda: r(128, HX), near("Poloniex secret", "128 hex digits", "poloniex")),
    ("postbacks/api-key", "POSTBACKS_API_KEY", "postbacks", _uuid_groups, near("Postbacks", "8-4-4-4-12 hex digits", "postbacks")),
    ("purestake/api-key", "PURESTAKE_API_KEY", "purestake", lambda: r(40), near("PureStake", "40 letters and digits", "purestake")),
    ("robinhoodcrypto/private-key", "ROBINHOOD_PRIVATE_KEY", "robinhood", _ed25519_pkcs8,
     th("a Robinhood Crypto API private key (a base64 Ed25519 private key beside an rh-api- key; set here in its PKCS#8 armour)", "robinhoodcrypto")),
    ("recharge/api-key", "RECHARGE_API_KEY", "recharge", lambda: f"sk_{R.choice(['1x1', '2x2', '5x3', '10x1'])}_{r(64, HX)}",
     th("a Recharge Payments API key (sk_, a rate tier such as 2x2, _, 64 hex digits)", "rechargepayments")),
    ("redhat/pyxis-api-key", "PYXIS_API_KEY", "pyxis", lambda: r(32, LO), near("Red Hat Pyxis", "32 lower-case letters and digits", "redhatpyxis")),
    ("rentman/api-token", "RENTMAN_TOKEN", "rentman", lambda: f"ey{r(34)}.ey{r(270, U64)}",
     th("a Rentman API token (ey and 34 letters and digits, a dot, ey and 250 to 300 letters, digits, dots, _ and -)", "rentman")),
    ("repairshopr/api-key", "REPAIRSHOPR_API_KEY", "repairshopr", lambda: r(51, AL + "-"), near("RepairShopr", "51 letters, digits and dashes", "repairshopr")),
    ("revampcrm/api-key", "REVAMP_API_KEY", "revampcrm", lambda: r(40), near("Revamp CRM", "40 letters and digits", "revampcrm")),
    ("roaring/client-secret", "ROARING_CLIENT_SECRET", "roaring", lambda: r(28, U64), near("Roaring", "28 letters, digits, _ and -", "roaring")),
    ("robinhoodcrypto/api-key", "ROBINHOOD_API_KEY", "robinhood", lambda: "rh-api-" + _uuid_groups(),
     th("a Robinhood Crypto API key (rh-api- and a UUID in hex)", "robinhoodcrypto")),
    ("rownd/app-secret", "ROWND_APP_SECRET", "rownd", lambda: r(48, LO), near("Rownd", "48 lower-case letters and digits", "rownd")),
    ("runrunit/app-key", "RUNRUNIT_APP_KEY", "runrunit", lambda: r(32, HX), near("Runrun.it", "32 hex digits", "runrunit")),
    ("runrunit/user-token", "RUNRUNIT_USER_TOKEN", "runrunit", lambda: r(20), near("Runrun.it user", "18 to 20 letters and digits", "runrunit")),
    ("salesmate/session-key", "SALESMATE_SESSION_KEY", "salesmate", _uuid_groups, near("Salesmate", "8-4-4-4-12 hex digits", "salesmate")),
    ("satismeter/write-key", "SATISMETER_WRITE_KEY", "satismeter", lambda: r(32), near("SatisMeter", "32 letters and digits", "satismeterwritekey")),
    ("sheety/api-token", "SHEETY_TOKEN", "sheety", lambda: r(64, LO), near("Sheety", "64 lower-case letters and digits", "sheety")),
    ("shutterstock/consumer-secret", "SHUTTERSTOCK_CONSUMER_SECRET", "shutterstock", lambda: r(16), near("Shutterstock", "16 letters and digits", "shutterstock")),
    ("shutterstock/oauth-token", "SHUTTERSTOCK_TOKEN", "shutterstock", lambda: "v2/" + r(388),
     th("a Shutterstock OAuth token (v2/ and 388 letters and digits)", "shutterstockoauth")),
    ("signable/api-key", "SIGNABLE_API_KEY", "signable", lambda: r(32), near("Signable", "32 letters, digits and dashes", "signable")),
    ("siteleaf/api-secret", "SITELEAF_API_SECRET", "siteleaf", lambda: r(32, LO), near("Siteleaf", "32 lower-case letters and digits", "siteleaf")),
    ("skybiometry/api-secret", "SKYBIOMETRY_API_SECRET", "skybiometry", lambda: r(26, LO), near("SkyBiometry", "25 or 26 lower-case letters and digits", "skybiometry")),
    ("smooch/key-secret", "SMOOCH_SECRET", "smooch", lambda: r(86, U64), near("Smooch", "86 letters, digits, _ and -", "smooch")),
    ("spectralops/token", "SPECTRAL_DSN_TOKEN", "spectral", lambda: "spu-" + r(32, LO), th("a SpectralOps token (spu- and 32 lower-case letters and digits)", "spectralops")),
    ("strava/client-secret", "STRAVA_CLIENT_SECRET", "strava", lambda: r(40, LO), near("Strava", "40 lower-case letters and digits", "strava")),
    ("strava/refresh-token", "STRAVA_REFRESH_TOKEN", "strava", lambda: r(40, LO), near("Strava refresh", "40 lower-case letters and digits", "strava")),
    ("sugester/api-key", "SUGESTER_API_KEY", "sugester", lambda: r(32), near("Sugester", "32 letters and digits", "sugester")),
    ("surveyanyplace/api-key", "SURVEYANYPLACE_API_KEY", "surveyanyplace", lambda: r(32), near("Survey Anyplace", "32 letters and digits", "surveyanyplace")),
    ("swell/secret-key", "SWELL_SECRET_KEY", "swell", lambda: r(32), near("Swell", "32 letters and digits", "swell")),
    ("tableau/pat-secret", "TABLEAU_PAT_SECRET", "tableau", lambda: f"{r(22, B64)}==:{r(32)}",
     th("a Tableau personal access token secret (22 base64 characters, ==:, 32 letters and digits)", "tableau")),
    ("teamgate/api-token", "TEAMGATE_TOKEN", "teamgate", lambda: r(40, LO), near("Teamgate", "40 lower-case letters and digits", "teamgate")),
    ("teamgate/app-key", "TEAMGATE_APP_KEY", "teamgate", lambda: r(80), near("Teamgate app", "80 letters and digits", "teamgate")),
    ("thinkific/api-key", "THINKIFIC_API_KEY", "thinkific", lambda: r(32, HX), near("Thinkific", "32 hex digits", "thinkific")),
    ("thousandeyes/api-token", "THOUSANDEYES_TOKEN", "thousandeyes", lambda: r(32), near("ThousandEyes", "32 letters and digits", "thousandeyes")),
    ("tly/api-token", "TLY_API_TOKEN", "tly", lambda: r(60), near("T.LY", "60 letters and digits", "tly")),
    ("tokeet/api-key", "TOKEET_API_KEY", "tokeet", _uuid_groups, near("Tokeet", "8-4-4-4-12 hex digits", "tokeet")),
    ("tru/client-secret", "TRU_CLIENT_SECRET", "truid", lambda: r(26, U64), near("tru.ID", "26 letters, digits, dots, _ and -", "tru")),
    ("twist/oauth-token", "TWIST_TOKEN", "twist", lambda: r(40, HX), near("Twist", "40 hex digits, sometimes after oauth2:", "twist")),
    ("typetalk/client-secret", "TYPETALK_CLIENT_SECRET", "typetalk", lambda: r(64), near("Typetalk", "64 letters and digits", "typetalk")),
    ("unifyid/api-key", "UNIFYID_API_KEY", "unifyid", lambda: r(43, U64) + "=", near("UnifyID", "44 letters, digits, _, - and =", "unifyid")),
    ("vouchery/api-key", "VOUCHERY_API_KEY", "vouchery", lambda: _uuid_groups(LO), near("Vouchery", "36 lower-case letters, digits and dashes", "vouchery")),
    ("web3storage/api-token", "WEB3_STORAGE_TOKEN", "web3storage", _web3_jwt,
     th("a web3.storage API token (a JWT with the fixed HS256 header, eyJ and 100 to 300 letters, digits, _ and -, a dot, 25 to 100 more)", "web3storage")),
    ("webscrapingai/api-key", "WEBSCRAPING_AI_KEY", "webscrapingai", lambda: r(32), near("WebScraping.AI", "32 letters and digits", "webscraping")),
    ("wepay/access-token", "WEPAY_ACCESS_TOKEN", "wepay", lambda: r(62, AL + "_"), near("WePay", "62 letters, digits and _", "wepay")),
    ("wit/server-token", "WIT_SERVER_TOKEN", "wit", lambda: r(32, UP), near("Wit.ai", "32 upper-case letters and digits", "wit")),
    ("workstack/api-token", "WORKSTACK_TOKEN", "workstack", lambda: r(60), near("Workstack", "60 letters and digits", "workstack")),
    ("yelp/api-key", "YELP_API_KEY", "yelp", lambda: r(128, U64), near("Yelp Fusion", "128 letters, digits, _, -, = and dots", "yelp")),
    ("zenserp/api-key", "ZENSERP_API_KEY", "zenserp", lambda: _uuid_groups(LO), near("Zenserp", "36 lower-case letters, digits and dashes", "zenserp")),
    ("zipapi/api-key", "ZIPAPI_KEY", "zipapi", lambda: r(32), near("ZipAPI", "32 letters and digits", "zipapi")),
    ("zonkafeedback/auth-token", "ZONKA_AUTH_TOKEN", "zonka", lambda: r(36), near("Zonka Feedback", "36 letters and digits", "zonkafeedback")),
    ("particle/access-token", "PARTICLE_ACCESS_TOKEN", "particle", lambda: r(40),
     f"a Particle access token (40 letters and digits beside the vendor's name), {KF} particle.io.yml"),
    ("onedesk/password", "ONEDESK_PASSWORD", "onedesk", lambda: r(14, AL + "!=@#$%^"),
     th("a OneDesk password (8 to 64 letters, digits and !=@#$%^ beside the vendor's name and an e-mail address)", "onedesk")),
    ("zipbooks/password", "ZIPBOOKS_PASSWORD", "zipbooks", lambda: r(16, AL + "!=@#$%^"),
     th("a ZipBooks password (8 or more letters, digits and !=@#$%^ beside the vendor's name and an e-mail address)", "zipbooks")),
    ("mrticktock/password", "MRTICKTOCK_PASSWORD", "mrticktock", lambda: r(18, AL + "!=@#$%()_^"),
     th("a MrTickTock password (up to 50 letters, digits and !=@#$%()_^ beside the vendor's name and an e-mail address)", "mrticktock")),
    ("satismeter/project-token", "SATISMETER_TOKEN", "satismeter", lambda: r(32), near("SatisMeter project", "32 letters and digits", "satismeterprojectkey")),
    ("simplynoted/api-key", "SIMPLYNOTED_API_KEY", "simplynoted", lambda: f"ey{r(34)}.ey{r(220, U64)}.{r(86, U64)}",
     th("a Simply Noted API key (340 to 360 characters with no space beside the vendor's name; drawn here as a JWT's three parts)", "simplynoted")),
    ("paperform/api-key", "PAPERFORM_API_KEY", "paperform", lambda: f"ey{r(34)}.ey{r(600, U64)}.{r(300, U64)}",
     th("a Paperform API key (850 to 1000 letters, digits, dots, _ and - beside the vendor's name; drawn here as a JWT's three parts)", "paperform")),
    ("storychief/api-key", "STORYCHIEF_API_KEY", "storychief", lambda: f"ey{r(34)}.ey{r(640, U64)}.{r(300, U64)}",
     th("a StoryChief API key (940 to 1000 letters, digits, dots, _ and - beside the vendor's name; drawn here as a JWT's three parts)", "storychief")),
    ("viewneo/api-token", "VIEWNEO_TOKEN", "viewneo", lambda: f"{r(200)}.{r(220)}.{r(700, U64)}",
     th("a viewneo token (120 to 300 letters and digits, a dot, 150 to 300, a dot, 600 to 800 letters, digits, _ and -)", "viewneo")),
]


NORWEGIAN = [
    ("websitepulse/api-key", near("WebSitePulse", "32 hex digits", "websitepulse")),
    ("worldweather/api-key", near("World Weather Online", "31 lower-case letters and digits", "worldweather")),
    ("zipcodeapi/api-key", near("ZipCodeAPI", "64 letters and digits", "zipcodeapi")),
    ("tallyfy/api-token", th("a Tallyfy API token (36 letters and digits, a dot, 264 more, a dot, 683 letters, digits, _ and -)", "tallyfy")),
]
PUBLIC = {what for *_, what in SECRETS} | {what for _, what in NORWEGIAN}


def norwegian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Norwegian chat line with no setting name (format, context, text, secrets, what)."""
    pulse, weather, zipcode = r(32, HX), r(31, LO), r(64)
    tallyfy = f"{r(36)}.{r(264)}.{r(683, U64)}"
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = NORWEGIAN
    return [
        (f1, "prose", f"Overvåkingen virker igjen, jeg byttet til {pulse} i går kveld. Ikke del den i kanalen, takk.", [pulse], w1),
        (f2, "prose", f"Værvarselet på lagerskjermen bruker nå {weather} – den gamle gikk ut på fredag.", [weather], w2),
        (f3, "prose", f"Postnummeroppslaget trenger denne: {zipcode}. Legg den i hvelvet når du har testet.", [zipcode], w3),
        (f4, "prose", f"Her er tokenet til Tallyfy som du ba om:\n{tallyfy}\nDet gjelder bare for testkontoen.", [tallyfy], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows


def _norwegian_organisation_number() -> str:
    """A Norwegian organisation number: eight digits and a mod-11 check digit (weights 3 2 7 6 5 4 3 2); a draw
    whose check would be 10 is drawn again."""
    while True:
        digits = r(8, DG)
        check = 11 - sum(int(d) * w for d, w in zip(digits, (3, 2, 7, 6, 5, 4, 3, 2))) % 11
        if check != 10:
            return digits + str(check % 11)


def _ssh_ed25519_public() -> str:
    return base64.b64encode(bytes.fromhex("0000000b7373682d6564323535313900000020") + bytes(R.randrange(256) for _ in range(32))).decode()


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/trace-sampler-ratio", "env",
     lambda: f"OTEL_TRACES_SAMPLER=parentbased_traceidratio\nOTEL_TRACES_SAMPLER_ARG=0.{R.randrange(1, 99):02d}\nOTEL_BSP_MAX_EXPORT_BATCH_SIZE=512",
     "how many traces are kept"),
    ("json/sigstore-bundle-log-index", "json",
     lambda: json.dumps({"verificationMaterial": {"tlogEntries": [{"logIndex": str(R.randrange(10**8, 10**9)), "logId": {"keyId": b64(32)}}]}}, indent=2),
     "a transparency log entry's index and log id"),
    ("escaped/dependency-range-resolution", "escaped_json",
     lambda: json.dumps({"level": "debug", "msg": "resolved", "detail": json.dumps({"name": "lager-core", "requested": "^2.4.0", "resolved": f"2.4.{R.randrange(1, 9)}"})}),
     "a version range and the version it resolved to"),
    ("cli/minisign-public-key-verify", "cli_flag",
     lambda: f"$ minisign -V -m lager-2.4.0.tar.gz -x lager-2.4.0.tar.gz.minisig -p keys/release.pub",
     "checking a signature with a public key file"),
    ("prose/norwegian-organisation-number", "prose",
     lambda: f"Organisasjonsnummeret vårt er {_norwegian_organisation_number()} MVA; skriv det på alle fakturaer til oss.",
     "a company's public registration number"),
    ("tool/cargo-pkgid-output", "tool_output",
     lambda: "$ cargo pkgid\npath+file:///home/ingrid/lager#lager-core@2.4.0",
     "a package's id"),
    ("diff/renovate-digest-pin", "diff",
     lambda: f"-FROM node:22-alpine\n+FROM node:22-alpine@sha256:{r(64, HX)}",
     "an image pinned by its digest"),
    ("bytes/sqlite-file-header-magic", "bytes_literal", lambda: "SQLITE_MAGIC = b'SQLite format 3\\x00'\nPAGE_SIZE_OFFSET = 16",
     "the fixed bytes a SQLite database file starts with"),
    ("yaml/mkdocs-nav-and-theme", "yaml",
     lambda: "site_name: Lager\ntheme:\n  name: material\n  language: nb\nnav:\n  - Hjem: index.md\n  - Drift: drift.md",
     "a documentation site's menu"),
    ("csv/norwegian-postal-codes", "csv", lambda: "postnummer,poststed\n0150,OSLO\n5003,BERGEN\n7010,TRONDHEIM",
     "public postal codes"),
    ("url/s3-object-version-id", "url",
     lambda: f"https://lager-exports.s3.eu-north-1.amazonaws.com/2026/12/orders.csv?versionId={r(32, U64)}",
     "an object's version id, no signature"),
    ("header/link-preload-hints", "header",
     lambda: f"HTTP/1.1 103 Early Hints\nLink: </assets/app.{r(8, HX)}.css>; rel=preload; as=style\nLink: </assets/app.{r(8, HX)}.js>; rel=modulepreload",
     "assets a page asks for early, by hashed file name"),
    ("log/vault-lease-id-renewal", "log",
     lambda: f"2026-12-18T04:51:09Z [INFO] renewed lease: lease_id=database/creds/lager/{r(24)} ttl=1h",
     "a lease's id, which names a credential but is not it"),
    ("connection/amqp-external-sasl-tls", "connection_string",
     lambda: "amqps://rabbit.example.no:5671/lager?auth_mechanism=EXTERNAL&cacertfile=%2Fetc%2Flager%2Fca.pem&server_name_indication=rabbit.example.no",
     "a broker address that signs in with a client certificate, no password"),
    ("code/password-field-name-constants", "code",
     lambda: "PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"Authorization\"\nMIN_PASSWORD_LENGTH = 12",
     "names of fields and a length, no value"),
    ("ini/keyring-backend-choice", "ini", lambda: "[backend]\ndefault-keyring = keyring.backends.SecretService.Keyring",
     "which keyring stores passwords, not a password"),
    ("xml/saml-idp-entity-and-cert-fingerprint", "xml",
     lambda: f"<IdP entityID=\"https://idp.example.no/saml\">\n  <Fingerprint algorithm=\"sha256\">{':'.join(r(2, HX.upper()) for _ in range(32))}</Fingerprint>\n</IdP>",
     "an identity provider's certificate fingerprint"),
    ("dockerfile/onbuild-stopsignal-and-user", "dockerfile",
     lambda: "FROM debian:bookworm-slim\nONBUILD COPY . /srv/lager\nSTOPSIGNAL SIGTERM\nUSER 10001:10001",
     "image build instructions"),
    ("netrc/awk-machine-names-listing", "netrc",
     lambda: "$ awk '$1 == \"machine\" {print $2}' ~/.netrc\nfiles.example.no\nftp.example.no",
     "the machine names a netrc has, not its passwords"),
    ("pem/ssh2-public-key-block", "pem",
     lambda: "---- BEGIN SSH2 PUBLIC KEY ----\nComment: \"ingrid@lager\"\n" + _ssh_ed25519_public() + "\n---- END SSH2 PUBLIC KEY ----",
     "a public key in RFC 4716 armour"),
    ("wrapped/traceroute-hops-across-lines", "wrapped",
     lambda: f"Dec 18 04:51:09 lager-3 netcheck[77]: hops 10.0.0.1 193.156.{R.randrange(1, 254)}.1 195.204.{R.randrange(1, 254)}.17\nDec 18 04:51:09 lager-3 netcheck[77]: 195.204.{R.randrange(1, 254)}.30 api.example.no done",
     "network hops cut across log lines"),
    ("toml/taplo-formatting-rules", "toml",
     lambda: "[formatting]\nalign_entries = true\nreorder_keys = false\narray_auto_expand = true\ncolumn_width = 100",
     "formatter settings for TOML files"),
    ("history/kubectl-config-use-context", "shell_history",
     lambda: "  611  kubectl config get-contexts\n  612  kubectl config use-context lager-test\n  613  kubectl get pods -n varehus",
     "switching between clusters by name"),
    ("notebook/papermill-parameters-cell", "notebook",
     lambda: json.dumps({"cell_type": "code", "metadata": {"tags": ["parameters"]}, "source": ["run_date = '2026-12-18'\n", f"sample_fraction = 0.{R.randrange(1, 9)}\n"]}),
     "a notebook's run parameters"),
    ("hcl/terraform-moved-block", "hcl",
     lambda: "moved {\n  from = aws_s3_bucket.exports\n  to   = module.lager.aws_s3_bucket.exports\n}",
     "a resource's old and new address"),
    ("properties/spring-config-import-vault", "properties",
     lambda: "spring.config.import=vault://secret/lager\nspring.cloud.vault.authentication=KUBERNETES",
     "settings that say where secrets come from"),
    ("powershell/test-netconnection-output", "powershell",
     lambda: f"PS C:\\lager> Test-NetConnection api.example.no -Port 443\n\nComputerName     : api.example.no\nRemoteAddress    : 193.156.{R.randrange(1, 254)}.{R.randrange(1, 254)}\nRemotePort       : 443\nTcpTestSucceeded : True",
     "a port check"),
    ("systemd/socket-activation-listen", "systemd",
     lambda: "[Socket]\nListenStream=127.0.0.1:8088\nBacklog=128\n\n[Install]\nWantedBy=sockets.target",
     "a socket a service is started on"),
    ("har/priority-and-resource-type", "har",
     lambda: json.dumps({"log": {"entries": [{"_priority": "High", "_resourceType": "script", "request": {"method": "GET", "url": f"https://lager.example.no/assets/app.{r(8, HX)}.js"}}]}}),
     "a request's priority and kind"),
    ("curl/connection-reuse-and-left-intact", "curl_trace",
     lambda: "* Re-using existing connection with host api.example.no\n> GET /v2/health HTTP/1.1\n< HTTP/1.1 204 No Content\n* Connection #0 to host api.example.no left intact",
     "a reused connection"),
    ("k8s/network-policy-egress-cidrs", "k8s_secret",
     lambda: "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: lager-egress\nspec:\n  egress:\n    - to:\n        - ipBlock:\n            cidr: 10.20.0.0/16",
     "where pods may connect"),
    ("crash/rust-panic-backtrace", "crash_report",
     lambda: "thread 'main' panicked at src/sync.rs:88:14:\ncalled `Option::unwrap()` on a `None` value\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
     "a panic's place in the code"),
    ("web/indexeddb-database-names", "web_storage",
     lambda: json.dumps({"origin": "https://lager.example.no", "indexedDB": ["lager-cache-v3", "workbox-expiration"]}),
     "names of a page's databases"),
    ("plist/background-modes", "plist",
     lambda: "<key>UIBackgroundModes</key>\n<array>\n\t<string>fetch</string>\n\t<string>remote-notification</string>\n</array>",
     "what an app may do in the background"),
    ("tfstate/output-subnet-id-list", "tfstate",
     lambda: json.dumps({"version": 4, "outputs": {"subnet_ids": {"value": [f"subnet-{r(17, HX)}" for _ in range(2)], "type": ["list", "string"]}}}),
     "network ids a stack exports"),
    ("mobile/android-abi-splits", "mobile_config",
     lambda: "splits {\n    abi {\n        enable true\n        include 'arm64-v8a', 'x86_64'\n        universalApk false\n    }\n}",
     "which CPU builds an app ships"),
    ("sql/create-role-without-password", "sql_dump",
     lambda: "CREATE ROLE lager_read NOLOGIN;\nGRANT USAGE ON SCHEMA lager TO lager_read;",
     "a role with no login and a grant"),
    ("email/content-disposition-filename-encoding", "email",
     lambda: "Content-Type: application/pdf\nContent-Disposition: attachment; filename*=UTF-8''faktura_bl%C3%A5b%C3%A6r.pdf\nContent-Transfer-Encoding: base64",
     "an attachment's encoded file name"),
    ("nginx/ssl-certificate-paths", "nginx",
     lambda: "ssl_certificate     /etc/letsencrypt/live/lager.example.no/fullchain.pem;\nssl_certificate_key /etc/letsencrypt/live/lager.example.no/privkey.pem;",
     "paths to certificate files, not their contents"),
    ("markdown/api-key-placeholder-table", "markdown",
     lambda: "| variable | example |\n| --- | --- |\n| `LAGER_API_KEY` | `<your-api-key>` |\n| `LAGER_REGION` | `eu-north-1` |",
     "documentation that names a key with a placeholder"),
    ("postman/auth-type-inherit", "postman",
     lambda: json.dumps({"info": {"name": "lager"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{accessToken}}", "type": "string"}]}}),
     "a request that refers to a variable by name"),
    ("jenkins/archive-artifacts-fingerprint", "jenkinsfile",
     lambda: "post {\n  success {\n    archiveArtifacts artifacts: 'dist/*.tar.gz', fingerprint: true\n  }\n}",
     "which build files are kept"),
    ("compose/deploy-restart-policy", "compose",
     lambda: "services:\n  worker:\n    deploy:\n      replicas: 2\n      restart_policy:\n        condition: on-failure\n        max_attempts: 3",
     "how a service restarts"),
    ("gradle/test-retry-plugin-settings", "gradle",
     lambda: "tasks.test {\n    retry {\n        maxRetries.set(2)\n        failOnPassedAfterRetry.set(false)\n    }\n}",
     "how often a failed test is retried"),
    ("chat/irc-log-nick-changes", "chat_export",
     lambda: "[04:51] * ingrid is now known as ingrid_lunsj\n[05:20] * ingrid_lunsj is now known as ingrid\n[05:21] <ingrid> tilbake",
     "nickname changes in a chat log"),
    ("ansible/become-method-and-user", "ansible",
     lambda: "- hosts: lager\n  become: true\n  become_method: sudo\n  become_user: postgres\n  tasks:\n    - ansible.builtin.command: pg_lsclusters",
     "which user a play runs as"),
    ("kubeconfig/disable-compression-flag", "kubeconfig",
     lambda: "clusters:\n- name: lager\n  cluster:\n    server: https://k8s.example.no:6443\n    disable-compression: true",
     "a cluster address and a transfer setting"),
    ("hocon/pekko-http-server-limits", "hocon",
     lambda: "pekko.http.server {\n  idle-timeout = 60 s\n  parsing.max-content-length = 8m\n}",
     "a web server's limits"),
    ("nix/substituters-and-trusted-public-keys", "nix",
     lambda: f"nix.settings = {{\n  substituters = [ \"https://cache.example.no\" ];\n  trusted-public-keys = [ \"cache.example.no-1:{b64(32)}\" ];\n}};",
     "a binary cache and its public signing key"),
    ("caddy/handle-path-prefix-strip", "caddyfile",
     lambda: "lager.example.no {\n  handle_path /api/* {\n    reverse_proxy 127.0.0.1:8088\n  }\n}",
     "a path prefix removed before proxying"),
    ("gitconfig/push-autosetupremote-and-followtags", "gitconfig",
     lambda: "[push]\n\tautoSetupRemote = true\n\tfollowTags = true\n[fetch]\n\tprune = true",
     "push and fetch settings"),
    ("makefile/secrets-check-target", "makefile",
     lambda: "check-secrets:\n\tgitleaks detect --no-banner --redact -v",
     "a target that looks for secrets"),
    ("npmrc/ignore-scripts-and-omit-dev", "npmrc", lambda: "ignore-scripts=true\nomit=dev\nupdate-notifier=false",
     "install settings"),
    ("pgpass/pg-hba-conf-rules", "pgpass",
     lambda: "# TYPE  DATABASE  USER        ADDRESS        METHOD\nhostssl lager     lager_read  10.20.0.0/16   scram-sha-256\nlocal   all       postgres                   peer",
     "which clients may sign in and how, with no password"),
    ("crontab/anacrontab-periods", "crontab",
     lambda: "# /etc/anacrontab\nSTART_HOURS_RANGE=3-22\n1\t5\tcron.daily\tnice run-parts /etc/cron.daily\n7\t25\tcron.weekly\tnice run-parts /etc/cron.weekly",
     "when daily and weekly jobs run"),
    ("http/variable-placeholder-auth", "http_file",
     lambda: "GET https://api.example.no/v2/me\nAuthorization: Bearer {{$dotenv LAGER_TOKEN}}",
     "a request file that reads a token by name at run time"),
    ("haproxy/http-errors-section", "haproxy",
     lambda: "http-errors lager-errors\n    errorfile 503 /etc/haproxy/errors/503-nb.http\n    errorfile 504 /etc/haproxy/errors/504-nb.http",
     "error pages by status"),
    ("sbt/resolver-without-credentials", "sbt",
     lambda: "resolvers += \"lager\" at \"https://maven.example.no/releases\"",
     "a repository with no login"),
    ("pypirc/twine-check-output", "pypirc",
     lambda: "$ twine check dist/*\nChecking dist/lager-2.4.0-py3-none-any.whl: PASSED\nChecking dist/lager-2.4.0.tar.gz: PASSED",
     "a package check before upload"),
    ("ssh/local-and-dynamic-forwards", "ssh_config",
     lambda: "Host lager-db\n    HostName db.example.no\n    LocalForward 15432 127.0.0.1:5432\n    DynamicForward 1080",
     "port forwards"),
    ("launch/pre-launch-task-and-cwd", "launch_json",
     lambda: json.dumps({"configurations": [{"name": "lager", "type": "node", "request": "launch", "preLaunchTask": "npm: build", "cwd": "${workspaceFolder}/api"}]}, indent=2),
     "a debugger's build step and folder"),
    ("gha/workflow-dispatch-choice-inputs", "gha_workflow",
     lambda: "on:\n  workflow_dispatch:\n    inputs:\n      miljo:\n        type: choice\n        options: [test, produksjon]\n        default: test",
     "a manual run's choices"),
    ("fish/function-with-argparse", "fish",
     lambda: "function lagerlog\n    argparse 'n/lines=' -- $argv\n    journalctl -u lager -n $_flag_lines\nend",
     "a shell function and its options"),
    ("console/crypto-random-uuid", "devtools_console", lambda: f"> crypto.randomUUID()\n< '{u4()}'",
     "a random id a page made"),
    ("envrc/use-mise-and-watch-tool-versions", "envrc", lambda: "use mise\nwatch_file .mise.toml\nexport LAGER_ENV=dev",
     "a direnv file that picks tool versions"),
    ("maven/gpg-keyname-property", "maven_settings",
     lambda: f"<properties>\n  <gpg.keyname>{r(16, HX.upper())}</gpg.keyname>\n</properties>",
     "the id of a signing key"),
    ("rclone/hasher-remote-settings", "rclone_conf",
     lambda: "[hashed]\ntype = hasher\nremote = arkiv:lager\nhashes = md5,sha1\nmax_age = 30d",
     "a remote that keeps file checksums"),
    ("composer/allow-plugins-map", "composer_auth",
     lambda: json.dumps({"config": {"allow-plugins": {"php-http/discovery": True, "composer/installers": False}}}, indent=4),
     "which plugins may run"),
    ("yarnrc/npm-minimal-age-gate", "yarnrc", lambda: "npmMinimalAgeGate: 1440\nenableTelemetry: false",
     "package age and telemetry settings"),
    ("terraformrc/provider-dev-overrides", "terraformrc",
     lambda: "provider_installation {\n  dev_overrides {\n    \"example.no/lager/lager\" = \"/home/ingrid/go/bin\"\n  }\n  direct {}\n}",
     "a local provider build used instead of the registry's"),
    ("cargo/target-rustflags-and-linker", "cargo_credentials",
     lambda: "[target.x86_64-unknown-linux-gnu]\nlinker = \"clang\"\nrustflags = [\"-C\", \"link-arg=-fuse-ld=mold\"]",
     "build flags"),
    ("docker/context-inspect-endpoint-output", "docker_config",
     lambda: "$ docker context inspect lager --format '{{.Endpoints.docker.Host}}'\nssh://deploy@lager.example.no",
     "where a client context points"),
    ("aws/cli-pager-and-retry-mode", "aws_config",
     lambda: "[default]\ncli_pager =\nretry_mode = adaptive\nmax_attempts = 5\nregion = eu-north-1",
     "CLI settings with no key"),
    ("gitcredentials/usehttppath-setting", "git_credentials",
     lambda: "[credential \"https://git.example.no\"]\n\tuseHttpPath = true\n\tusername = ingrid",
     "a setting that keeps logins per repository path, and a user name"),
    ("helm/topology-spread-constraints", "helm_values",
     lambda: "topologySpreadConstraints:\n  - maxSkew: 1\n    topologyKey: topology.kubernetes.io/zone\n    whenUnsatisfiable: ScheduleAnyway",
     "how pods are spread over zones"),
    ("vault/agent-exec-child-process", "vault_agent",
     lambda: "exec {\n  command                   = [\"/usr/local/bin/lager\", \"serve\"]\n  restart_on_secret_changes = \"always\"\n}",
     "the process an agent starts"),
    ("mycnf/mysql-login-path-use", "my_cnf",
     lambda: "$ mysql --login-path=lager -e 'SELECT 1'\n+---+\n| 1 |\n+---+\n| 1 |\n+---+",
     "signing in by a stored login name"),
    ("s3cfg/storage-class-and-acl", "s3cfg", lambda: "[default]\nstorage_class = STANDARD_IA\nacl_public = False\nguess_mime_type = True",
     "upload settings"),
    ("bitbucket/oidc-step", "bitbucket_pipelines",
     lambda: "- step:\n    oidc: true\n    script:\n      - export AWS_WEB_IDENTITY_TOKEN_FILE=$(pwd)/web-identity-token\n      - echo $BITBUCKET_STEP_OIDC_TOKEN > $(pwd)/web-identity-token",
     "a step that writes a short-lived token from a variable it names"),
    ("wrangler/compatibility-flags-and-date", "wrangler",
     lambda: "name = \"lager\"\ncompatibility_date = \"2026-11-30\"\ncompatibility_flags = [\"nodejs_compat\"]",
     "a worker's runtime settings"),
    ("k6/env-var-reference", "k6_script",
     lambda: "const token = __ENV.LAGER_TOKEN;\nexport default () => http.get('https://api.example.no/v2/me', { headers: { Authorization: `Bearer ${token}` } });",
     "a script that reads a token by name"),
    ("heroku/apps-info-output", "heroku_config",
     lambda: f"$ heroku apps:info -a lager-no\n=== lager-no\nRegion: eu\nStack:  heroku-24\nWeb URL: https://lager-no-{r(12, HX)}.herokuapp.com/",
     "an app's public address"),
    ("authinfo/auth-source-pass-setting", "authinfo",
     lambda: "(auth-source-pass-enable)\n(setq auth-source-pass-filename \"~/.password-store\")",
     "an editor told which password store to read"),
    ("fly/volume-mounts", "fly_toml", lambda: "[mounts]\n  source = \"lager_data\"\n  destination = \"/data\"",
     "a volume"),
    ("netlify/functions-directory", "netlify_toml", lambda: "[functions]\n  directory = \"netlify/functions\"\n  node_bundler = \"esbuild\"\n  external_node_modules = [\"sharp\"]",
     "where functions are built from"),
    ("render/preview-environments-and-plan", "render_yaml",
     lambda: "previews:\n  generation: automatic\n  expireAfterDays: 3\nservices:\n  - type: web\n    name: lager\n    plan: starter",
     "preview settings and a plan"),
    ("jmeter/constant-timer-and-response-assertion", "jmeter_plan",
     lambda: "<ConstantTimer testname=\"pause\">\n  <stringProp name=\"ConstantTimer.delay\">300</stringProp>\n</ConstantTimer>\n<ResponseAssertion testname=\"200\">\n  <stringProp name=\"49586\">200</stringProp>\n</ResponseAssertion>",
     "a pause and a status check"),
    ("jenkins/credential-scope-and-description-only", "jenkins_credentials",
     lambda: "<com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>\n  <scope>GLOBAL</scope>\n  <id>lager-deploy</id>\n  <description>Deploy key for lager, rotated every quarter</description>\n</com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>",
     "a stored key's scope, id and description, without the key"),
    ("gitlab/id-tokens-audience", "gitlab_ci",
     lambda: "deploy:\n  id_tokens:\n    VAULT_ID_TOKEN:\n      aud: https://vault.example.no\n  secrets:\n    DB_PASSWORD:\n      vault: lager/db/password@secret",
     "a job that names a vault path and an audience"),
    ("pipconf/constraint-file-and-only-binary", "pip_conf", lambda: "[install]\nconstraint = /etc/lager/constraints.txt\nonly-binary = :all:",
     "install constraints"),
    ("gem/sources-list", "gem_credentials", lambda: "---\n:sources:\n- https://rubygems.org/\n- https://gems.example.no/",
     "gem sources with no key"),
    ("nuget/trusted-signers-fingerprint", "nuget_config",
     lambda: f"<trustedSigners>\n  <repository name=\"nuget.org\" serviceIndex=\"https://api.nuget.org/v3/index.json\">\n    <certificate fingerprint=\"{r(64, HX.upper())}\" hashAlgorithm=\"SHA256\" />\n  </repository>\n</trustedSigners>",
     "a signer's certificate fingerprint"),
    ("supervisord/inet-http-server-port", "supervisord", lambda: "[inet_http_server]\nport = 127.0.0.1:9001",
     "a local control port"),
    ("pulumi/secrets-provider-url", "pulumi_config",
     lambda: "secretsprovider: awskms://alias/lager-pulumi?region=eu-north-1\nconfig:\n  aws:region: eu-north-1",
     "which key encrypts a stack's secrets, by alias"),
    ("extension/manifest-key-public", "extension_storage",
     lambda: json.dumps({"manifest_version": 3, "name": "Lager", "key": base64.b64encode(bytes.fromhex("30820122300d06092a864886f70d01010105000382010f00") + bytes(R.randrange(256) for _ in range(270))).decode()}),
     "an extension's public key, which fixes its id"),
    ("circleci/context-name-reference", "circleci_config",
     lambda: "workflows:\n  deploy:\n    jobs:\n      - deploy:\n          context: lager-production",
     "a job that names a context holding secrets"),
    ("azure/variable-group-and-key-vault-name", "azure_pipelines",
     lambda: "variables:\n  - group: lager-prod\n- task: AzureKeyVault@2\n  inputs:\n    KeyVaultName: kv-lager-prod\n    SecretsFilter: '*'",
     "a variable group and a key vault, by name"),
    ("ngrok/oauth-provider-allow-domain", "ngrok_config",
     lambda: "traffic_policy:\n  on_http_request:\n    - actions:\n        - type: oauth\n          config:\n            provider: google\n    - expressions: [\"!actions.ngrok.oauth.identity.email.endsWith('@example.no')\"]\n      actions:\n        - type: deny",
     "a tunnel that lets in one domain's users"),
    ("hgrc/paths-default-push", "hgrc", lambda: "[paths]\ndefault = https://hg.example.no/lager\ndefault-push = ssh://hg@hg.example.no/lager",
     "repository addresses"),
    ("wpa/network-priority-and-bssid", "wpa_supplicant",
     lambda: f"network={{\n    ssid=\"lager-gjest\"\n    key_mgmt=NONE\n    bssid={':'.join(r(2, HX) for _ in range(6))}\n    priority=1\n}}",
     "an open network with its access point address"),
    ("override/compose-build-target-and-command", "compose_override",
     lambda: "# docker-compose.override.yml\nservices:\n  api:\n    build:\n      target: dev\n    command: [\"uvicorn\", \"lager.app:app\", \"--reload\"]",
     "a local build stage and command"),
    ("vagrant/box-version-and-synced-folder", "vagrantfile",
     lambda: "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"bento/ubuntu-24.04\"\n  config.vm.box_version = \"202510.26.0\"\n  config.vm.synced_folder \".\", \"/srv/lager\"\nend",
     "a box and a shared folder"),
    ("packer/image-tags-and-ssh-username", "packer_vars",
     lambda: "# variables.auto.pkrvars.hcl\nssh_username = \"admin\"\nimage_tags = {\n  team = \"lager\"\n  os   = \"debian-12\"\n}",
     "a build user's name and image tags"),
    ("creds/systemd-creds-list-output", "systemd_credential",
     lambda: "$ systemd-creds list\nNAME        SECURE   SIZE PATH\ndb-password secure  32B /run/credentials/lager.service/db-password",
     "a listing of credential names and sizes, not their values"),
    ("userlist/pgbouncer-show-users-output", "pgbouncer_userlist",
     lambda: "pgbouncer=# SHOW USERS;\n    name    | pool_mode\n------------+-----------\n lager_read | transaction\n lager_app  |",
     "user names and pool modes, no password"),
    ("initgradle/plugin-portal-mirror", "init_gradle",
     lambda: "// ~/.gradle/init.d/mirror.gradle\nsettingsEvaluated { settings ->\n  settings.pluginManagement.repositories {\n    maven { url 'https://maven.example.no/plugins' }\n  }\n}",
     "a plugin mirror with no login"),
]


# Ordinary shapes that fresh17, written beside this part by someone who never saw it, holds too;
# their items keep their text, and their ids are told apart from fresh17's.
SHARED_WITH_FRESH17 = ("extension/manifest-key-public", "pypirc/twine-check-output", "terraformrc/provider-dev-overrides",
                       "toml/taplo-formatting-rules")


def build() -> list[dict]:
    items = build_part(DRAWN, _placed(), place, norwegian_prose, ORDINARY, PUBLIC)
    return [dict(item, id=item["id"].removesuffix("-1") + "-2") if item["format"] in SHARED_WITH_FRESH17 else item
            for item in items]


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh18.jsonl"))
