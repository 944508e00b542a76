"""Writes the nineteenth fresh held-out part of the secrets corpus, fresh19.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (a Procfile, a justfile, a Taskfile.yml, an Earthfile, a Tiltfile, a skaffold.yaml); secrets in
prose are in Indonesian. No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh19.py [OUT]   # default: fresh19.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261219
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh19.py (seed {SEED})"

# Every context of the corpus up to fresh18 (fresh17's included), then the six this part adds; secrets take them
# in turn, so each has one.
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
            "bruno", "insomnia", "travis_ci", "drone_ci", "gh_hosts", "condarc",
            "compose_override", "vagrantfile", "packer_vars", "systemd_credential", "pgbouncer_userlist", "init_gradle",
            "procfile", "justfile", "taskfile", "earthfile", "tiltfile", "skaffold")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3
    head, tail = value[:cut], value[cut:]
    text = (f"Dec 19 02:14:37 pasar-web-2 {tool}-worker[3121]: config {name}={head}\n"
            f"Dec 19 02:14:37 pasar-web-2 {tool}-worker[3121]: {tail} [continued]")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value}".encode()).decode()
        return (f"Kunci untuk {tool} ada di bawah ini:\n-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n"
                f"-----END {tool.upper()} CREDENTIAL-----"), [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"pasar:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.example.id": {"auth": encoded}}}, indent=4), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\ntype: Opaque\nmetadata:\n  name: {tool}-pasar\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(16, UP)
        return f"[default]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.{tool}.example.id", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc"):
        texts = {
            "url": f"https://{tool}.example.id/hooks/pasar?{name.lower()}={quoted}&retry=2",
            "connection_string": f"mongodb+srv://pasar:{quoted}@cluster0.{tool}.example.id/katalog?retryWrites=true",
            "git_credentials": f"https://pasar-ci:{quoted}@code.{tool}.example.id",
            "pip_conf": f"[global]\nextra-index-url = https://pasar:{quoted}@pkgs.{tool}.example.id/simple/",
            "condarc": f"channels:\n  - https://pasar:{quoted}@conda.{tool}.example.id/pasar\n  - defaults",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), name.replace("_", "-").title()
    texts = {
        "env": f"APP_ENV=staging\n{name}={value}\nLOG_LEVEL=info",
        "json": json.dumps({"integrations": [{"name": tool, cam: value, "enabled": True}]}, indent=2),
        "escaped_json": json.dumps({"ts": "2026-12-19T02:14:37Z", "event": "sync.start", "payload": json.dumps({cam: value, "tool": tool})}),
        "cli_flag": f"$ pasar-cli connect {tool} --{kebab} '{value}' --region ap-southeast-3",
        "prose": f"Halo Budi, kunci {tool} yang baru adalah {value}. Tolong pasang di server staging sebelum rapat sore.",
        "tool_output": f"$ {tool} whoami --show-credentials\naccount: pasar\n{low}: {value}\nexpires: never",
        "diff": f"--- a/.env.staging\n+++ b/.env.staging\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"headers = {{b\"{title}\": b\"{value}\"}}",
        "yaml": f"integrations:\n  {tool}:\n    {low}: {value}\n    timeout: 30s",
        "csv": f"service;{low};pemilik\n{tool};{value};rina",
        "header": f"POST /api/v1/events HTTP/2\nHost: {tool}.example.id\n{title}: {value}\nContent-Type: application/json",
        "log": f"2026-12-19 02:14:37,118 DEBUG pasar.{tool}: client init {low}={value!r}",
        "code": f"const {tool}Client = new {tool.capitalize()}Client({{ {cam}: \"{value}\", retries: 2 }});",
        "ini": f"[{tool}]\n{low} = {value}\nregion = ap-southeast-3",
        "xml": f"<setting name=\"{cam}\" serializeAs=\"String\">\n  <value>{value}</value>\n</setting>",
        "dockerfile": f"FROM node:22-bookworm\nARG {name}={value}\nRUN pasar-cli prefetch {tool}",
        "netrc": f"machine {tool}.example.id\n  login pasar\n  password {value}",
        "toml": f"[{tool}]\n{low} = '{value}'\nbatch = 50",
        "shell_history": f" 1021  {name}={value} pasar-cli sync {tool}\n 1022  history -c",
        "notebook": json.dumps({"cell_type": "code", "source": [f"import {tool}\n", f"{tool}.{low} = '{value}'"], "outputs": []}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n}}",
        "properties": f"pasar.{tool}.{cam}={value}\npasar.{tool}.enabled=true",
        "powershell": f"PS> $env:{name} = \"{value}\"\nPS> pasar-cli sync {tool}",
        "systemd": f"[Service]\nEnvironment={name}={value}\nExecStart=/opt/pasar/bin/{tool}-bridge",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://{tool}.example.id/api/v1/items",
                                                            "headers": [{"name": title, "value": value}]}, "response": {"status": 200}}]}}),
        "curl_trace": f"> GET /api/v1/items HTTP/2\n> host: {tool}.example.id\n> {low.replace('_', '-')}: {value}\n> user-agent: curl/8.11.0",
        "crash_report": f"Traceback (most recent call last):\n  File \"sync.py\", line 41, in <module>\n    raise AuthError(\"{tool} rejected {name}={value}\")\nAuthError: 401",
        "web_storage": json.dumps({"localStorage": {f"{tool}:{cam}": value, "theme": "dark"}}),
        "plist": f"<key>{name}</key>\n<string>{value}</string>",
        "tfstate": json.dumps({"resources": [{"type": f"{tool}_integration", "instances": [{"attributes": {low: value, "name": "pasar"}}]}]}),
        "mobile_config": f"<!-- res/values/secrets.xml -->\n<string name=\"{low}\">{value}</string>",
        "sql_dump": f"UPDATE settings SET value = '{value}' WHERE key = '{tool}.{low}';",
        "email": f"Subject: kredensial {tool}\n\nHai Rina,\n{name}: {value}\nSalam, Budi",
        "nginx": f"location /{tool} {{\n    proxy_set_header {title} {value};\n    proxy_pass https://{tool}.example.id;\n}}",
        "markdown": f"## {tool}\n\n```\n{name}={value}\n```",
        "postman": json.dumps({"variable": [{"key": cam, "value": value, "type": "secret"}]}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'pasar-cli sync {tool}'\n}}",
        "compose": f"services:\n  {tool}:\n    image: pasar/{tool}:2\n    environment:\n      {name}: {value}",
        "gradle": f"ext {{\n    {cam} = '{value}'\n}}",
        "chat_export": json.dumps([{"user": "budi", "ts": "1797646477.0012", "text": f"{tool} {low} = {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_region: ap-southeast-3",
        "kubeconfig": f"users:\n- name: {tool}\n  user:\n    auth-provider:\n      config:\n        access-token: {value}",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n}}",
        "nix": f"services.{tool}.settings.{cam} = \"{value}\";",
        "caddyfile": f"{tool}.pasar.example.id {{\n  reverse_proxy https://{tool}.example.id {{\n    header_up {title} {value}\n  }}\n}}",
        "gitconfig": f"[http \"https://{tool}.example.id\"]\n\textraHeader = {title}: {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tpasar-cli sync {tool}",
        "npmrc": f"@pasar:registry=https://npm.{tool}.example.id/\n//npm.{tool}.example.id/:_authToken={value}",
        "pgpass": f"pg.{tool}.example.id:6432:katalog:pasar:{value}",
        "crontab": f"15 3 * * * env {name}={value} /opt/pasar/bin/{tool}-export",
        "http_file": f"POST https://{tool}.example.id/api/v1/events\n{title}: {value}\nContent-Type: application/json\n\n{{}}",
        "haproxy": f"frontend pasar\n    http-request set-header {title} {value} if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"Pasar\", \"maven.{tool}.example.id\", \"pasar\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nusername = __token__\npassword = {value}",
        "ssh_config": f"Host {tool}\n    HostName ssh.{tool}.example.id\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"type": "node", "name": tool, "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: pasar-cli sync {tool}",
        "fish": f"set -gx {name} '{value}'",
        "devtools_console": f"> localStorage.getItem('{tool}:{cam}')\n< \"{value}\"",
        "envrc": f"dotenv_if_exists\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-pasar</id>\n  <username>pasar</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.example.id\nuser = pasar\npass = {value}",
        "composer_auth": json.dumps({"bearer": {f"php.{tool}.example.id": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  pasar:\n    npmRegistryServer: \"https://npm.{tool}.example.id\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"app.{tool}.example.id\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/pasar/bin/creds --static {value}",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicaCount: 2",
        "vault_agent": f"env_template \"{name}\" {{\n  contents = \"{value}\"\n}}",
        "my_cnf": f"[mysqldump]\nuser=pasar\npassword=\"{value}\"\nhost=mysql.{tool}.example.id",
        "bitbucket_pipelines": f"pipelines:\n  default:\n    - step:\n        script:\n          - export {name}={value}\n          - pasar-cli sync {tool}",
        "wrangler": f"[vars]\n{name} = \"{value}\"\nPASAR_ENV = \"staging\"",
        "k6_script": f"import http from 'k6/http';\nconst params = {{ headers: {{ '{title}': '{value}' }} }};\nexport default () => http.get('https://{tool}.example.id/api/v1/items', params);",
        "heroku_config": f"$ heroku config -a pasar-{tool}\n=== pasar-{tool} Config Vars\n{name}: {value}",
        "authinfo": f"machine smtp.{tool}.example.id login pasar port 587 password {value}",
        "fly_toml": f"app = \"pasar-{tool}\"\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<elementProp name=\"{title}\" elementType=\"Header\">\n  <stringProp name=\"Header.name\">{title}</stringProp>\n  <stringProp name=\"Header.value\">{value}</stringProp>\n</elementProp>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  script: pasar-cli sync {tool}",
        "gem_credentials": f"---\n:{tool}_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"pasar\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}]\ncommand=/opt/pasar/bin/{tool}-bridge\nenvironment={name}=\"{value}\"",
        "pulumi_config": f"config:\n  pasar:{cam}: {value}",
        "extension_storage": json.dumps({"storage.local": {"accounts": [{"service": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    environment:\n      {name}: {value}\n    steps:\n      - run: pasar-cli sync {tool}",
        "azure_pipelines": f"variables:\n  {name}: {value}\nsteps:\n  - script: pasar-cli sync {tool}",
        "ngrok_config": f"version: 2\nauthtoken: {value}\ntunnels:\n  {tool}:\n    proto: http\n    addr: 8080",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.example.id\n{tool}.username = pasar\n{tool}.password = {value}",
        "wpa_supplicant": f"network={{\n    ssid=\"pasar-{tool}\"\n    key_mgmt=WPA-PSK\n    psk=\"{value}\"\n}}",
        "bruno": f"vars:secret [\n  {cam}\n]\n\nvars {{\n  {cam}: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value}\nscript: pasar-cli sync {tool}",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: {value}",
        "gh_hosts": f"{tool}.example.id:\n    oauth_token: {value}\n    user: pasar-ci",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"",
        "systemd_credential": f"[Service]\nSetCredential={tool}-{kebab}:{value}",
        "pgbouncer_userlist": f"\"{tool}_pasar\" \"{value}\"",
        "init_gradle": f"gradle.projectsLoaded {{\n  rootProject.ext.{cam} = '{value}'\n}}",
        "procfile": f"web: bin/rails server -p $PORT\n{tool}: env {name}={value} bundle exec rake {tool}:sync",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    pasar-cli sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync-{tool}:\n    env:\n      {name}: {value}\n    cmds:\n      - pasar-cli sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN pasar-cli sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='pasar-cli sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"apiVersion: skaffold/v4beta11\nkind: Config\nbuild:\n  artifacts:\n    - image: pasar/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
    }
    return texts[context], [value]


def _uuid_upper() -> str:
    return u4().upper()


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(12, LO), "iat": 1797600000 + R.randrange(86400)}, "RS256")


def _paysafe_key() -> str:
    """A Paysafe API key: base64 of the API user and its password."""
    return base64.b64encode(f"pmle-{r(6, DG)}:B-qa2-0-{r(8, HX)}-0-{r(44, HX)}".encode()).decode()


# Formats whose facts were read in public material (source kind public): the maintained TruffleHog detectors
# (github.com/trufflesecurity/trufflehog, pkg/detectors) and the Kingfisher rule set (github.com/mongodb/kingfisher,
# data/rules). Only the facts (length, alphabet, the name beside it) were read; no rule, pattern or example was copied,
# and every value is drawn here. Every other format is the writer's knowledge of the vendor's keys, and its note says so.
TH = "TruffleHog detectors (github.com/trufflesecurity/trufflehog, pkg/detectors)"
KF = "Kingfisher rule set (github.com/mongodb/kingfisher, data/rules)"
FLOWDOCK = f"a Flowdock API token (32 hex digits beside the vendor's name), {TH} flowdock"
EIGHT_X_EIGHT = f"an 8x8 SMS API key (43 letters and digits beside the vendor's name and a subaccount id), {TH} eightxeight"
BLOGGER = f"a Blogger API key (39 letters, digits and - beside the vendor's name and a word such as KEY), {KF} blogger.yml"
RONIN = f"a Ronin invoicing API key (26 letters and digits beside the vendor's name), {TH} roninapp"
ONWATER = f"an OnWater API key (20 letters, digits, _ and - beside the vendor's name), {TH} onwaterio"
HAPPI = f"a Happi API key (56 letters and digits beside the vendor's name), {TH} happi"
PUBLIC = {FLOWDOCK, EIGHT_X_EIGHT, BLOGGER, RONIN, ONWATER, HAPPI}

SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("revolut/access-token", "REVOLUT_ACCESS_TOKEN", "revolut", lambda: "oa_prod_" + r(43, U64), "a Revolut Business access token (oa_prod_ and 43 letters, digits, _ and -)"),
    ("stancer/secret-key", "STANCER_SECRET_KEY", "stancer", lambda: "sprod_" + r(24), "a Stancer secret key (sprod_ and 24 letters and digits)"),
    ("payplug/secret-key", "PAYPLUG_SECRET_KEY", "payplug", lambda: "sk_live_" + r(22), "a PayPlug secret key (sk_live_ and 22 letters and digits)"),
    ("logfire/write-token", "LOGFIRE_TOKEN", "logfire", lambda: "pylf_v1_eu_" + r(48), "a Pydantic Logfire write token (pylf_v1_, a region, _ and 48 letters and digits)"),
    ("openpipe/api-key", "OPENPIPE_API_KEY", "openpipe", lambda: "opk_" + r(40, HX), "an OpenPipe API key (opk_ and 40 hex digits)"),
    ("friendli/personal-token", "FRIENDLI_TOKEN", "friendli", lambda: "flp_" + r(40), "a Friendli personal access token (flp_ and 40 letters and digits)"),
    ("hyperbrowser/api-key", "HYPERBROWSER_API_KEY", "hyperbrowser", lambda: "hb_" + r(28, HX), "a Hyperbrowser API key (hb_ and 28 hex digits)"),
    ("letta/api-key", "LETTA_API_KEY", "letta", lambda: "sk-let-" + r(64, U64), "a Letta API key (sk-let- and 64 letters, digits, _ and -)"),
    ("sambanova/api-key", "SAMBANOVA_API_KEY", "sambanova", u4, "a SambaNova Cloud API key (a version-4 UUID beside the vendor's name)"),
    ("nebius/api-key", "NEBIUS_API_KEY", "nebius", lambda: _jwt("nebius"), "a Nebius AI Studio API key (an RS256 JWT)"),
    ("hume/api-key", "HUME_API_KEY", "hume", lambda: r(48), "a Hume AI API key (48 letters and digits beside the vendor's name)"),
    ("hume/secret-key", "HUME_SECRET_KEY", "hume", lambda: r(64), "a Hume AI secret key (64 letters and digits beside the vendor's name)"),
    ("synthesia/api-key", "SYNTHESIA_API_KEY", "synthesia", lambda: r(32, HX), "a Synthesia API key (32 hex digits beside the vendor's name)"),
    ("tavus/api-key", "TAVUS_API_KEY", "tavus", lambda: r(32, HX), "a Tavus API key (32 hex digits beside the vendor's name)"),
    ("heygen/api-key", "HEYGEN_API_KEY", "heygen", lambda: b64(48), "a HeyGen API key (64 base64 characters beside the vendor's name)"),
    ("sarvam/api-key", "SARVAM_API_KEY", "sarvam", lambda: f"sk_{r(8, LO)}_{r(24)}", "a Sarvam AI API key (sk_, 8 lower-case letters and digits, _ and 24 letters and digits)"),
    ("murf/api-key", "MURF_API_KEY", "murf", lambda: "ap2_" + u4(), "a Murf AI API key (ap2_ and a UUID)"),
    ("lmnt/api-key", "LMNT_API_KEY", "lmnt", lambda: r(32, HX), "an LMNT API key (32 hex digits beside the vendor's name)"),
    ("resemble/api-key", "RESEMBLE_API_KEY", "resemble", lambda: r(26), "a Resemble AI API key (26 letters and digits beside the vendor's name)"),
    ("writerai/api-key", "WRITER_API_KEY", "writer", lambda: r(32, U64), "a Writer API key (32 letters, digits, _ and - beside the vendor's name)"),
    ("youcom/api-key", "YDC_API_KEY", "youcom", lambda: f"{u4()}<__>{r(24)}", "a You.com API key (a UUID, <__> and 24 letters and digits)"),
    ("reducto/api-key", "REDUCTO_API_KEY", "reducto", lambda: r(64, HX), "a Reducto API key (64 hex digits beside the vendor's name)"),
    ("agentops/api-key", "AGENTOPS_API_KEY", "agentops", u4, "an AgentOps API key (a version-4 UUID beside the vendor's name)"),
    ("patronus/api-key", "PATRONUS_API_KEY", "patronus", lambda: "sk-" + r(43, U64), "a Patronus AI API key (sk- and 43 letters, digits, _ and -)"),
    ("vellum/api-key", "VELLUM_API_KEY", "vellum", lambda: f"{r(8)}.{r(32)}", "a Vellum API key (8 letters and digits, a dot and 32 more)"),
    ("galileo/api-key", "GALILEO_API_KEY", "galileo", lambda: r(43, U64), "a Galileo API key (43 letters, digits, _ and - beside the vendor's name)"),
    ("marqo/api-key", "MARQO_API_KEY", "marqo", u4, "a Marqo Cloud API key (a version-4 UUID beside the vendor's name)"),
    ("logrocket/api-key", "LOGROCKET_API_KEY", "logrocket", lambda: f"{r(6, LO)}:pasar:{r(22)}", "a LogRocket API key (an organisation, :, an app, : and 22 letters and digits)"),
    ("highlight/api-key", "HIGHLIGHT_API_KEY", "highlight", lambda: r(32, HX), "a Highlight API key (32 hex digits beside the vendor's name)"),
    ("countly/api-key", "COUNTLY_API_KEY", "countly", lambda: r(32, HX), "a Countly user API key (32 hex digits beside the vendor's name)"),
    ("june/write-key", "JUNE_WRITE_KEY", "june", lambda: r(16), "a June analytics write key (16 letters and digits beside the vendor's name)"),
    ("hypertune/token", "HYPERTUNE_TOKEN", "hypertune", lambda: r(60, U64), "a Hypertune token (60 letters, digits, _ and - beside the vendor's name)"),
    ("flipt/client-token", "FLIPT_CLIENT_TOKEN", "flipt", lambda: r(40, U64), "a Flipt client token (40 letters, digits, _ and - beside the vendor's name)"),
    ("stigg/server-key", "STIGG_SERVER_API_KEY", "stigg", lambda: f"server-{u4()}:{u4()}", "a Stigg server API key (server-, a UUID, : and another UUID)"),
    ("orbbilling/api-key", "ORB_API_KEY", "orb", lambda: r(64, HX), "an Orb billing API key (64 hex digits beside the vendor's name)"),
    ("amberflo/api-key", "AMBERFLO_API_KEY", "amberflo", u4, "an Amberflo API key (a version-4 UUID beside the vendor's name)"),
    ("m3ter/client-secret", "M3TER_CLIENT_SECRET", "m3ter", lambda: r(64, U64), "an m3ter client secret (64 letters, digits, _ and -)"),
    ("marqeta/access-token", "MARQETA_ACCESS_TOKEN", "marqeta", u4, "a Marqeta admin access token (a version-4 UUID beside an application token)"),
    ("unitco/api-token", "UNIT_API_TOKEN", "unit", lambda: _jwt("unit"), "a Unit banking API token (an RS256 JWT)"),
    ("increase/api-key", "INCREASE_API_KEY", "increase", lambda: "secret_key_" + r(40), "an Increase API key (secret_key_ and 40 letters and digits)"),
    ("nium/api-key", "NIUM_API_KEY", "nium", lambda: r(40), "a Nium API key (40 letters and digits beside the vendor's name)"),
    ("payoneer/client-secret", "PAYONEER_CLIENT_SECRET", "payoneer", lambda: r(32, HX), "a Payoneer client secret (32 hex digits beside the vendor's name)"),
    ("mxplatform/api-key", "MX_API_KEY", "mx", lambda: r(40, HX), "an MX Platform API key (40 hex digits beside a client id)"),
    ("yodlee/client-secret", "YODLEE_CLIENT_SECRET", "yodlee", lambda: r(20), "an Envestnet Yodlee client secret (20 letters and digits)"),
    ("tamara/api-token", "TAMARA_API_TOKEN", "tamara", lambda: _jwt("tamara"), "a Tamara merchant API token (an RS256 JWT)"),
    ("alma/api-key", "ALMA_API_KEY", "alma", lambda: "sk_live_" + r(24), "an Alma API key (sk_live_ and 24 letters and digits)"),
    ("fastspring/api-password", "FASTSPRING_API_PASSWORD", "fastspring", lambda: r(22, U64), "a FastSpring API password (22 letters, digits, _ and -)"),
    ("paysafe/api-key", "PAYSAFE_API_KEY", "paysafe", _paysafe_key, "a Paysafe API key (base64 of an API user, : and a B-qa2-0- password)"),
    ("worldpay/service-key", "WORLDPAY_SERVICE_KEY", "worldpay", lambda: "T_S_" + u4(), "a Worldpay service key (T_S_ and a UUID)"),
    ("cybersource/shared-secret", "CYBERSOURCE_SHARED_SECRET", "cybersource", lambda: b64(32), "a CyberSource shared secret key (44 base64 characters beside a key id)"),
    ("esendex/password", "ESENDEX_PASSWORD", "esendex", lambda: r(14, AL + "!#%"), "an Esendex account password (letters, digits and !#%)"),
    ("smsglobal/api-secret", "SMSGLOBAL_API_SECRET", "smsglobal", lambda: r(32, HX), "an SMSGlobal API secret (32 hex digits beside the vendor's name)"),
    ("cmcom/product-token", "CM_PRODUCT_TOKEN", "cmcom", _uuid_upper, "a CM.com product token (an upper-case UUID beside the vendor's name)"),
    ("sevenio/api-key", "SEVEN_API_KEY", "seven", lambda: r(64), "a seven.io API key (64 letters and digits beside the vendor's name)"),
    ("bulkgate/application-token", "BULKGATE_APPLICATION_TOKEN", "bulkgate", lambda: r(48), "a BulkGate application token (48 letters and digits)"),
    ("gatewayapi/token", "GATEWAYAPI_TOKEN", "gatewayapi", lambda: r(64, U64), "a GatewayAPI token (64 letters, digits, _ and -)"),
    ("buttondown/api-key", "BUTTONDOWN_API_KEY", "buttondown", u4, "a Buttondown API key (a version-4 UUID beside the vendor's name)"),
    ("emailoctopus/api-key", "EMAILOCTOPUS_API_KEY", "emailoctopus", lambda: "eo_" + r(64, HX), "an EmailOctopus API key (eo_ and 64 hex digits)"),
    ("suprsend/workspace-secret", "SUPRSEND_WORKSPACE_SECRET", "suprsend", lambda: r(40, LO), "a SuprSend workspace secret (40 lower-case letters and digits)"),
    ("useplunk/secret-key", "PLUNK_SECRET_KEY", "plunk", lambda: "sk_" + r(48, HX), "a Plunk secret key (sk_ and 48 hex digits)"),
    ("heightapp/api-key", "HEIGHT_API_KEY", "height", lambda: "secret_" + r(32, LO), "a Height API key (secret_ and 32 lower-case letters and digits)"),
    ("taiga/auth-token", "TAIGA_AUTH_TOKEN", "taiga", lambda: _jwt("taiga"), "a Taiga auth token (an RS256 JWT)"),
    ("ticktick/access-token", "TICKTICK_ACCESS_TOKEN", "ticktick", u4, "a TickTick OAuth access token (a version-4 UUID)"),
    ("wpengine/api-password", "WPENGINE_API_PASSWORD", "wpengine", lambda: r(32), "a WP Engine API password (32 letters and digits beside an API user id)"),
    ("cloudways/api-key", "CLOUDWAYS_API_KEY", "cloudways", lambda: r(30), "a Cloudways API key (30 letters and digits beside the vendor's name)"),
    ("stackpath/client-secret", "STACKPATH_CLIENT_SECRET", "stackpath", lambda: r(64, HX), "a StackPath client secret (64 hex digits beside a client id)"),
    ("imperva/api-key", "IMPERVA_API_KEY", "imperva", u4, "an Imperva Cloud WAF API key (a version-4 UUID beside a numeric API id)"),
    ("sucuri/api-secret", "SUCURI_API_SECRET", "sucuri", lambda: r(32, HX), "a Sucuri API secret (32 hex digits beside an API key)"),
    ("pingone/client-secret", "PINGONE_CLIENT_SECRET", "pingone", lambda: r(64, U64), "a PingOne client secret (64 letters, digits, _ and -)"),
    ("dynamicxyz/api-token", "DYNAMIC_API_TOKEN", "dynamic", lambda: "dyn_" + r(48), "a Dynamic API token (dyn_ and 48 letters and digits)"),
    ("authsignal/tenant-secret", "AUTHSIGNAL_SECRET", "authsignal", lambda: b64(48), "an Authsignal tenant secret (64 base64 characters)"),
    ("supertokens/api-key", "SUPERTOKENS_API_KEY", "supertokens", lambda: r(30, U64), "a SuperTokens core API key (30 letters, digits, _ and -)"),
    ("userfront/api-key", "USERFRONT_API_KEY", "userfront", lambda: f"uf_live_admin_{r(8, LO)}_{r(32, HX)}", "a Userfront admin API key (uf_live_admin_, a tenant id, _ and 32 hex digits)"),
    ("firebolt/client-secret", "FIREBOLT_CLIENT_SECRET", "firebolt", lambda: r(64, U64), "a Firebolt service account secret (64 letters, digits, _ and -)"),
    ("grafbase/api-key", "GRAFBASE_API_KEY", "grafbase", lambda: _jwt("grafbase"), "a Grafbase API key (an RS256 JWT)"),
    ("latitudesh/api-key", "LATITUDESH_API_KEY", "latitudesh", lambda: r(32, HX), "a Latitude.sh API key (32 hex digits beside the vendor's name)"),
    ("flowdock/api-token", "FLOWDOCK_API_TOKEN", "flowdock", lambda: r(32, HX), FLOWDOCK),
    ("sportsdataio/api-key", "SPORTSDATA_API_KEY", "sportsdata", lambda: r(32, HX), "a SportsDataIO subscription key (32 hex digits beside the vendor's name)"),
    ("eightxeight/sms-api-key", "SMS_8X8_API_KEY", "8x8", lambda: r(43), EIGHT_X_EIGHT),
    ("blogger/api-key", "BLOGGER_API_KEY", "blogger", lambda: r(39, AL + "-"), BLOGGER),
    ("roninapp/api-key", "RONIN_API_KEY", "ronin", lambda: r(26), RONIN),
    ("onwaterio/api-key", "ONWATER_API_KEY", "onwater", lambda: r(20, U64), ONWATER),
    ("happi/api-key", "HAPPI_API_KEY", "happi", lambda: r(56), HAPPI),
]


INDONESIAN = [
    ("krea/api-key", "a Krea AI API key (a UUID, : and 32 letters and digits)"),
    ("speechify/api-key", "a Speechify API key (43 letters, digits, _ and -, then =)"),
    ("baichuan/api-key", "a Baichuan API key (sk- and 32 hex digits)"),
    ("starburst/api-token", "a Starburst Galaxy token (40 letters and digits)"),
]


def indonesian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in an Indonesian chat line with no setting name (format, context, text, secrets, what)."""
    krea, speechify, baichuan, starburst = f"{u4()}:{r(32)}", r(43, U64) + "=", "sk-" + r(32, HX), r(40)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = INDONESIAN
    return [
        (f1, "prose", f"Gambar produk sekarang dibuat lewat akun saya, kuncinya {krea} — jangan dibagikan ke grup ya.", [krea], w1),
        (f2, "prose", f"Suara untuk iklan radio pakai kunci ini: {speechify}. Yang lama sudah saya cabut kemarin.", [speechify], w2),
        (f3, "prose", f"Chatbot layanan pelanggan butuh {baichuan} untuk uji coba; simpan di brankas setelah selesai.", [baichuan], w3),
        (f4, "prose", f"Token gudang data untuk laporan bulanan:\n{starburst}\nBerlaku sampai akhir Desember saja.", [starburst], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows


def _npwp() -> str:
    """An Indonesian taxpayer number (NPWP) as printed: 15 digits in the 99.999.999.9-999.999 grouping."""
    d = r(15, DG)
    return f"{d[:2]}.{d[2:5]}.{d[5:8]}.{d[8]}-{d[9:12]}.{d[12:]}"


def _hex_pairs(n: int) -> str:
    return ":".join(r(2, HX) for _ in range(n))


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/node-options-heap-size", "env", lambda: "NODE_OPTIONS=--max-old-space-size=4096\nUV_THREADPOOL_SIZE=8\nTZ=Asia/Jakarta",
     "runtime limits and a time zone"),
    ("json/eslint-flat-rules-levels", "json", lambda: json.dumps({"rules": {"no-unused-vars": "warn", "eqeqeq": ["error", "always"]}}, indent=2),
     "lint rules and their levels"),
    ("escaped/calendar-recurrence-rule", "escaped_json", lambda: json.dumps({"level": "info", "msg": "jadwal", "ctx": json.dumps({"summary": "Stok opname", "rrule": "FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20270331T170000Z"})}),
     "a meeting's recurrence rule"),
    ("cli/openssl-s-client-brief", "cli_flag", lambda: "$ openssl s_client -connect api.pasar.example.id:443 -servername api.pasar.example.id -brief </dev/null\nProtocol version: TLSv1.3\nVerification: OK",
     "a TLS connection check"),
    ("prose/indonesian-taxpayer-number", "prose",
     lambda: f"NPWP perusahaan kami {_npwp()}, mohon dicantumkan di setiap faktur pajak.",
     "a company's public tax registration number"),
    ("tool/go-version-m-output", "tool_output",
     lambda: f"$ go version -m ./bin/pasar\n./bin/pasar: go1.23.4\n\tpath\tpasar.example.id/cmd/pasar\n\tmod\tpasar.example.id\tv1.9.0\th1:{r(43, B64)}=",
     "a binary's module versions and a module checksum"),
    ("diff/changelog-release-heading", "diff", lambda: "-## [Unreleased]\n+## [1.9.0] - 2026-12-19\n+### Fixed\n+- Harga diskon dibulatkan ke rupiah terdekat.",
     "a release note"),
    ("bytes/wasm-module-magic", "bytes_literal", lambda: "WASM_MAGIC = b'\\x00asm\\x01\\x00\\x00\\x00'",
     "the fixed bytes a WebAssembly module starts with"),
    ("yaml/pr-labeler-globs", "yaml", lambda: "dokumentasi:\n  - changed-files:\n      - any-glob-to-any-file: docs/**\nbackend:\n  - changed-files:\n      - any-glob-to-any-file: api/**",
     "labels by changed paths"),
    ("csv/indonesian-province-codes", "csv", lambda: "kode,provinsi\n31,DKI Jakarta\n32,Jawa Barat\n51,Bali",
     "public province codes"),
    ("url/youtube-playlist-id", "url", lambda: f"https://www.youtube.com/playlist?list=PL{r(32, U64)}",
     "a public playlist's id"),
    ("header/content-language-and-vary", "header", lambda: "HTTP/2 200\ncontent-language: id-ID\nvary: Accept-Language, Accept-Encoding\ncontent-type: text/html; charset=utf-8",
     "a response's language"),
    ("log/request-id-and-latency", "log",
     lambda: f"2026-12-19T02:14:37Z INFO http request_id={u4()} method=GET path=/api/v1/items status=200 dur=41ms",
     "a request's id and timing"),
    ("connection/mongodb-x509-auth", "connection_string",
     lambda: "mongodb://mongo.example.id:27017/?authMechanism=MONGODB-X509&tls=true&tlsCertificateKeyFile=%2Fetc%2Fpasar%2Fclient.pem",
     "a database address that signs in with a certificate file"),
    ("code/env-var-name-lookup", "code",
     lambda: "api_key = os.environ[\"PASAR_API_KEY\"]\nif not api_key:\n    raise SystemExit(\"PASAR_API_KEY is not set\")",
     "code that reads a key by its name"),
    ("ini/tox-envlist", "ini", lambda: "[tox]\nenvlist = py312, py313, lint\n\n[testenv]\ncommands = pytest -q",
     "test environments"),
    ("xml/xcard-contact", "xml", lambda: "<vcard xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n  <fn><text>Rina Wulandari</text></fn>\n  <tel><uri>tel:+62-21-555-0188</uri></tel>\n</vcard>",
     "a contact card"),
    ("dockerfile/syntax-directive-and-version-arg", "dockerfile", lambda: "# syntax=docker/dockerfile:1.12\nARG PYTHON_VERSION=3.13\nFROM python:${PYTHON_VERSION}-slim",
     "a parser version and a base image version"),
    ("netrc/permissions-listing", "netrc", lambda: "$ ls -l ~/.netrc\n-rw------- 1 rina rina 118 Dec 19 02:10 /home/rina/.netrc",
     "a file's mode and size, not what it holds"),
    ("pem/dhparam-generation-output", "pem", lambda: "$ openssl dhparam -out dhparam.pem 2048\nGenerating DH parameters, 2048 bit long safe prime\n..........+.......+..++*++*++*",
     "public key-exchange parameters being made"),
    ("wrapped/slow-query-across-lines", "wrapped", lambda: f"Dec 19 02:14:37 pasar-db-1 postgres[5121]: duration: {R.randrange(900, 4000)}.{R.randrange(100, 999)} ms statement: SELECT p.sku, p.nama\nDec 19 02:14:37 pasar-db-1 postgres[5121]: FROM produk p WHERE p.kategori_id = 12 ORDER BY p.nama",
     "a slow query cut across log lines"),
    ("toml/ruff-lint-select", "toml", lambda: "[tool.ruff.lint]\nselect = [\"E\", \"F\", \"I\", \"UP\"]\nignore = [\"E501\"]",
     "lint rule choices"),
    ("history/git-log-oneline-graph", "shell_history", lambda: "  88  git log --oneline --graph -n 20\n  89  git switch -c fitur/katalog",
     "git commands"),
    ("notebook/matplotlib-output-metadata", "notebook",
     lambda: json.dumps({"cell_type": "code", "execution_count": 7, "outputs": [{"output_type": "display_data", "metadata": {"image/png": {"width": 640, "height": 480}}}]}),
     "a plot's size"),
    ("hcl/lifecycle-prevent-destroy", "hcl", lambda: "lifecycle {\n  prevent_destroy = true\n  ignore_changes  = [tags]\n}",
     "a resource kept from deletion"),
    ("properties/hikari-pool-sizes", "properties",
     lambda: "spring.datasource.hikari.maximum-pool-size=20\nspring.datasource.hikari.idle-timeout=600000",
     "connection pool sizes"),
    ("powershell/get-service-status", "powershell", lambda: "PS> Get-Service -Name PasarAgent\n\nStatus   Name        DisplayName\n------   ----        -----------\nRunning  PasarAgent  Pasar Sync Agent",
     "a service's state"),
    ("systemd/timer-oncalendar", "systemd",
     lambda: "[Timer]\nOnCalendar=*-*-* 03:15:00\nPersistent=true\nRandomizedDelaySec=10m",
     "when a job runs"),
    ("har/timings-breakdown", "har",
     lambda: json.dumps({"log": {"entries": [{"timings": {"dns": 4, "connect": 18, "ssl": 11, "send": 0, "wait": 92, "receive": 3}}]}}),
     "how long a request's parts took"),
    ("curl/alpn-and-tls-version", "curl_trace",
     lambda: "* ALPN: server accepted h2\n* SSL connection using TLSv1.3 / TLS_AES_128_GCM_SHA256 / X25519 / id-ecPublicKey\n* Server certificate:\n*  subject: CN=api.pasar.example.id",
     "a TLS handshake's choices"),
    ("k8s/horizontal-pod-autoscaler", "k8s_secret", lambda: "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: pasar-api\nspec:\n  minReplicas: 2\n  maxReplicas: 8",
     "how far a deployment scales"),
    ("crash/java-oom-heap-summary", "crash_report",
     lambda: "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat id.pasar.katalog.Loader.read(Loader.java:212)",
     "a stack frame"),
    ("web/session-scroll-positions", "web_storage", lambda: json.dumps({"sessionStorage": {"scroll:/katalog": str(R.randrange(100, 4000)), "scroll:/keranjang": "0"}}),
     "where a page was scrolled to"),
    ("plist/document-types-declaration", "plist", lambda: "<key>CFBundleDocumentTypes</key>\n<array>\n\t<dict>\n\t\t<key>CFBundleTypeName</key>\n\t\t<string>CSV</string>\n\t\t<key>LSHandlerRank</key>\n\t\t<string>Alternate</string>\n\t</dict>\n</array>",
     "file types an app opens"),
    ("tfstate/output-bucket-regional-domain", "tfstate", lambda: json.dumps({"version": 4, "outputs": {"aset_domain": {"value": "pasar-aset.s3.ap-southeast-3.amazonaws.com", "type": "string"}}}),
     "a bucket's public host name"),
    ("mobile/android-sdk-levels", "mobile_config", lambda: "android {\n    defaultConfig {\n        minSdk 26\n        targetSdk 35\n        versionCode 412\n    }\n}",
     "platform levels and a version code"),
    ("sql/alter-role-valid-until", "sql_dump", lambda: "ALTER ROLE pasar_app VALID UNTIL '2027-06-30';\nREVOKE CREATE ON SCHEMA public FROM PUBLIC;",
     "a role's expiry and a revoke, no password"),
    ("email/list-unsubscribe-headers", "email",
     lambda: "List-Unsubscribe: <https://pasar.example.id/berhenti?u=8812>, <mailto:berhenti@pasar.example.id>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click",
     "a newsletter's unsubscribe links"),
    ("nginx/limit-req-zone", "nginx", lambda: "limit_req_zone $binary_remote_addr zone=api:10m rate=20r/s;\nlimit_req zone=api burst=40 nodelay;",
     "a rate limit"),
    ("markdown/secret-rotation-runbook", "markdown",
     lambda: "### Rotasi kunci\n1. Buat kunci baru di dasbor.\n2. Simpan sebagai `PASAR_API_KEY` di brankas.\n3. Cabut kunci lama.",
     "steps that name a key without its value"),
    ("postman/test-script-status-check", "postman",
     lambda: json.dumps({"event": [{"listen": "test", "script": {"exec": ["pm.test('status 200', () => pm.response.to.have.status(200));"]}}]}),
     "a request's test"),
    ("jenkins/timeout-and-retry-options", "jenkinsfile", lambda: "options {\n  timeout(time: 20, unit: 'MINUTES')\n  retry(2)\n  timestamps()\n}",
     "a build's time limit and retries"),
    ("compose/shm-size-and-ulimits", "compose", lambda: "services:\n  chrome:\n    image: browserless/chrome\n    shm_size: 1gb\n    ulimits:\n      nofile: 65536",
     "shared memory and file limits"),
    ("gradle/java-toolchain-version", "gradle", lambda: "java {\n    toolchain {\n        languageVersion = JavaLanguageVersion.of(21)\n    }\n}",
     "a Java version"),
    ("chat/slack-export-reaction-counts", "chat_export",
     lambda: json.dumps([{"user": "rina", "text": "rilis 1.9 sudah jalan", "reactions": [{"name": "tada", "count": 4}]}]),
     "a message and its reactions"),
    ("ansible/handler-notify-restart", "ansible",
     lambda: "handlers:\n  - name: restart nginx\n    ansible.builtin.service:\n      name: nginx\n      state: restarted",
     "a service restart"),
    ("kubeconfig/exec-plugin-command", "kubeconfig",
     lambda: "users:\n- name: pasar\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: kubelogin\n      args: [get-token, --login, devicecode]",
     "a login done by a plugin at run time, no token stored"),
    ("hocon/quartz-schedule-expression", "hocon", lambda: "pekko.quartz.schedules {\n  Harian {\n    expression = \"0 15 3 ? * *\"\n    timezone = \"Asia/Jakarta\"\n  }\n}",
     "a job schedule"),
    ("nix/user-extra-groups-and-shell", "nix", lambda: "users.users.rina = {\n  isNormalUser = true;\n  extraGroups = [ \"wheel\" \"docker\" ];\n  shell = pkgs.fish;\n};",
     "a user's groups and shell"),
    ("caddy/redir-www-to-apex", "caddyfile", lambda: "www.pasar.example.id {\n  redir https://pasar.example.id{uri} permanent\n}",
     "a permanent redirect"),
    ("gitconfig/signing-key-id", "gitconfig",
     lambda: f"[user]\n\tsigningkey = {r(16, HX.upper())}\n[commit]\n\tgpgsign = true",
     "the id of a signing key, not the key"),
    ("makefile/pattern-rule-for-thumbnails", "makefile", lambda: "thumbs/%.webp: foto/%.jpg\n\tcwebp -q 80 $< -o $@",
     "an image conversion rule"),
    ("npmrc/init-defaults-and-prefix", "npmrc", lambda: "init-author-name=Rina\ninit-license=MIT\nprefix=${HOME}/.npm-global",
     "defaults for new packages and an install prefix"),
    ("pgpass/pg-service-conf", "pgpass",
     lambda: "[pasar]\nhost=pg.example.id\nport=5432\ndbname=katalog\nuser=pasar_app\nsslmode=verify-full",
     "a named connection with no password"),
    ("crontab/systemd-style-comment-schedule", "crontab",
     lambda: "# m h dom mon dow command\n30 1 * * 0 /usr/sbin/logrotate /etc/logrotate.conf",
     "a weekly job"),
    ("http/range-request-partial-download", "http_file", lambda: "GET https://unduh.pasar.example.id/laporan-2026.csv\nRange: bytes=0-1048575",
     "a partial download"),
    ("haproxy/acl-path-routing", "haproxy", lambda: "frontend web\n    acl is_api path_beg /api\n    use_backend api if is_api\n    default_backend static",
     "routing by path"),
    ("sbt/test-fork-and-parallel", "sbt", lambda: "Test / fork := true\nTest / parallelExecution := false",
     "how tests run"),
    ("pypirc/repository-urls-only", "pypirc",
     lambda: "[distutils]\nindex-servers =\n    pypi\n    testpypi\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/",
     "upload addresses with no login"),
    ("ssh/host-key-algorithms", "ssh_config",
     lambda: "Host *\n    HostKeyAlgorithms ssh-ed25519,rsa-sha2-512\n    ServerAliveInterval 30",
     "accepted key types and keepalive"),
    ("launch/server-ready-action", "launch_json", lambda: json.dumps({"configurations": [{"name": "web", "type": "node", "request": "launch", "serverReadyAction": {"pattern": "listening on port ([0-9]+)", "uriFormat": "http://localhost:%s", "action": "openExternally"}}]}, indent=4),
     "a browser opened when a server is up"),
    ("gha/concurrency-cancel-in-progress", "gha_workflow",
     lambda: "concurrency:\n  group: deploy-${{ github.ref }}\n  cancel-in-progress: true",
     "which runs cancel each other"),
    ("fish/key-binding-to-function", "fish", lambda: "bind \\cr _pasar_history_search\nbind \\e. history-token-search-backward",
     "key bindings"),
    ("console/intl-currency-format", "devtools_console", lambda: f"> new Intl.NumberFormat('id-ID', {{style: 'currency', currency: 'IDR'}}).format({R.randrange(10, 999)}000)\n< 'Rp {R.randrange(10, 999)}.000,00'",
     "a price formatted for a locale"),
    ("envrc/path-add-and-layout-node", "envrc", lambda: "PATH_add bin\nlayout node\nexport PASAR_ENV=dev",
     "a direnv file that sets paths"),
    ("maven/local-repository-and-batch-mode", "maven_settings", lambda: "<settings>\n  <localRepository>/var/cache/m2</localRepository>\n  <interactiveMode>false</interactiveMode>\n</settings>",
     "a cache path and batch mode"),
    ("rclone/combine-remote-directories", "rclone_conf", lambda: "[semua]\ntype = combine\nupstreams = foto=gdrive:foto dokumen=arsip:dokumen",
     "folders of other remotes shown as one"),
    ("composer/minimum-stability-prefer-stable", "composer_auth", lambda: json.dumps({"minimum-stability": "dev", "prefer-stable": True}, indent=4),
     "which releases are accepted"),
    ("yarnrc/log-filters", "yarnrc", lambda: "logFilters:\n  - code: YN0002\n    level: discard\n  - code: YN0060\n    level: warning",
     "which install messages are shown"),
    ("terraformrc/plugin-cache-may-break-lock-file", "terraformrc", lambda: "# keep using the cache even where the lock file lists other checksums\nplugin_cache_may_break_dependency_lock_file = true",
     "a cache setting"),
    ("cargo/net-git-fetch-with-cli", "cargo_credentials", lambda: "[net]\ngit-fetch-with-cli = true\nretry = 3",
     "how dependencies are fetched"),
    ("docker/buildx-ls-output", "docker_config",
     lambda: "$ docker buildx ls\nNAME/NODE     DRIVER/ENDPOINT   STATUS   PLATFORMS\npasar*        docker-container\n \\_ pasar0    unix:///var/run/docker.sock running linux/amd64, linux/arm64",
     "builders and platforms"),
    ("aws/local-endpoint-url-override", "aws_config", lambda: "[profile lokal]\nendpoint_url = http://localhost:4566\nregion = ap-southeast-3",
     "a profile pointed at a local emulator"),
    ("gitcredentials/oauth-helper-client-id", "git_credentials", lambda: "[credential]\n\thelper = oauth\n[credential \"https://code.example.id\"]\n\toauthClientId = pasar-git-cli",
     "a helper that signs in in a browser, and a public client id"),
    ("helm/resource-requests-and-limits", "helm_values", lambda: "resources:\n  requests:\n    cpu: 100m\n    memory: 128Mi\n  limits:\n    memory: 256Mi",
     "CPU and memory a pod asks for"),
    ("vault/agent-pid-file-and-log-level", "vault_agent", lambda: "pid_file  = \"/run/vault-agent.pid\"\nlog_level = \"warn\"\nlog_file  = \"/var/log/vault-agent/\"",
     "an agent's process file and logging"),
    ("mycnf/ssl-mode-and-charset", "my_cnf", lambda: "[client]\nssl-mode = VERIFY_IDENTITY\ndefault-character-set = utf8mb4",
     "client settings with no password"),
    ("s3cfg/gpg-command-with-empty-passphrase", "s3cfg", lambda: "[default]\ngpg_command = /usr/bin/gpg\nencrypt = False\ngpg_passphrase =",
     "a passphrase setting left empty"),
    ("bitbucket/caches-and-size", "bitbucket_pipelines",
     lambda: "definitions:\n  caches:\n    pnpm: $BITBUCKET_CLONE_DIR/.pnpm-store\n  services:\n    docker:\n      memory: 2048",
     "build caches and memory"),
    ("wrangler/cron-triggers", "wrangler", lambda: "[triggers]\ncrons = [\"15 20 * * *\", \"0 */6 * * *\"]",
     "when a worker runs"),
    ("k6/group-and-custom-trend", "k6_script", lambda: "import { Trend } from 'k6/metrics';\nconst waktu = new Trend('waktu_katalog');\nexport default () => group('katalog', () => waktu.add(http.get('https://api.pasar.example.id/v1/items').timings.waiting));",
     "a custom timing metric"),
    ("heroku/ps-scale-output", "heroku_config", lambda: "$ heroku ps -a pasar-id\n=== web (Standard-1X): bin/rails server (2)\nweb.1: up 2026/12/19 02:01:44 +0700",
     "running processes"),
    ("authinfo/gpg-encrypted-file-name", "authinfo", lambda: "(setq auth-sources '(\"~/.authinfo.gpg\"))",
     "an editor told which encrypted file to read"),
    ("fly/vm-size-and-memory", "fly_toml", lambda: "[[vm]]\n  size = \"shared-cpu-1x\"\n  memory = \"512mb\"\n  cpus = 1",
     "a machine size"),
    ("netlify/redirect-rule", "netlify_toml", lambda: "[[redirects]]\n  from = \"/lama/*\"\n  to = \"/baru/:splat\"\n  status = 301",
     "a redirect"),
    ("render/disk-mount", "render_yaml", lambda: "services:\n  - type: web\n    name: pasar\n    disk:\n      name: data\n      mountPath: /var/data\n      sizeGB: 5",
     "a disk"),
    ("jmeter/csv-data-set-config", "jmeter_plan", lambda: "<CSVDataSet testname=\"produk\">\n  <stringProp name=\"filename\">produk.csv</stringProp>\n  <stringProp name=\"variableNames\">sku,harga</stringProp>\n</CSVDataSet>",
     "test data read from a file"),
    ("jenkins/gradle-tool-installation", "jenkins_credentials", lambda: "<hudson.plugins.gradle.GradleInstallation>\n  <name>gradle-8.11</name>\n  <home>/opt/gradle-8.11</home>\n</hudson.plugins.gradle.GradleInstallation>",
     "a build tool's path"),
    ("gitlab/rules-changes-and-needs", "gitlab_ci",
     lambda: "test:\n  needs: [build]\n  rules:\n    - changes:\n        - src/**/*",
     "when a job runs"),
    ("pipconf/require-virtualenv", "pip_conf", lambda: "[global]\nrequire-virtualenv = true\ndisable-pip-version-check = true",
     "install settings"),
    ("gem/gemrc-no-document", "gem_credentials", lambda: "---\ngem: --no-document\n:update_sources: true\n:verbose: true",
     "gem install defaults"),
    ("nuget/disabled-package-sources", "nuget_config", lambda: "<disabledPackageSources>\n  <add key=\"pasar-lama\" value=\"true\" />\n</disabledPackageSources>",
     "a source switched off"),
    ("supervisord/program-autorestart-logs", "supervisord",
     lambda: "[program:worker]\ncommand=/opt/pasar/bin/worker\nautorestart=true\nstdout_logfile=/var/log/pasar/worker.log",
     "a process's restart and log settings"),
    ("pulumi/project-runtime-toolchain", "pulumi_config", lambda: "name: pasar\nruntime:\n  name: python\n  options:\n    toolchain: uv\ndescription: Infrastruktur pasar",
     "a project's runtime"),
    ("extension/alarms-and-permissions", "extension_storage",
     lambda: json.dumps({"manifest_version": 3, "permissions": ["alarms", "storage"], "host_permissions": ["https://pasar.example.id/*"]}),
     "what an extension may do"),
    ("circleci/orb-version-pins", "circleci_config", lambda: "version: 2.1\norbs:\n  node: circleci/node@6.3.0\n  aws-cli: circleci/aws-cli@5.1.1",
     "pinned orb versions"),
    ("azure/pool-vm-image", "azure_pipelines", lambda: "pool:\n  vmImage: ubuntu-24.04\ntrigger:\n  branches:\n    include: [main]",
     "a build machine and trigger"),
    ("ngrok/endpoint-url-and-upstream", "ngrok_config",
     lambda: "version: 3\nendpoints:\n  - name: pasar\n    url: https://pasar-dev.ngrok.app\n    upstream:\n      url: 8080",
     "a public address and a local port"),
    ("hgrc/extensions-enabled", "hgrc", lambda: "[extensions]\nrebase =\nhistedit =\nshelve =",
     "enabled extensions"),
    ("wpa/country-and-ctrl-interface", "wpa_supplicant",
     lambda: "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=ID",
     "a country and a control socket"),
    ("bruno/assert-and-docs-blocks", "bruno",
     lambda: "assert {\n  res.status: eq 200\n}\n\ndocs {\n  Daftar produk terbaru.\n}",
     "a request's check and notes"),
    ("insomnia/request-group-metadata", "insomnia",
     lambda: json.dumps({"_type": "request_group", "_id": f"fld_{r(32, HX)}", "name": "katalog", "parentId": f"wrk_{r(32, HX)}"}),
     "a folder's ids and name"),
    ("travis/os-and-dist-matrix", "travis_ci", lambda: "os: linux\ndist: jammy\nlanguage: node_js\nnode_js:\n  - 20\n  - 22",
     "build platforms"),
    ("drone/trigger-branch-event", "drone_ci", lambda: "trigger:\n  branch:\n    - main\n  event:\n    - push\n    - tag",
     "when a pipeline runs"),
    ("ghhosts/multiple-users-names", "gh_hosts", lambda: "github.com:\n    users:\n        rina-pasar:\n        pasar-ci:\n    user: rina-pasar",
     "account names, no token"),
    ("condarc/solver-and-auto-activate", "condarc", lambda: "solver: libmamba\nauto_activate_base: false\nchannel_priority: flexible",
     "solver settings"),
    ("override/compose-extra-hosts-and-dns", "compose_override", lambda: "services:\n  api:\n    extra_hosts:\n      - \"host.docker.internal:host-gateway\"\n    dns:\n      - 1.1.1.1",
     "host names and a resolver"),
    ("vagrant/provider-memory-cpus", "vagrantfile",
     lambda: "config.vm.provider \"virtualbox\" do |vb|\n  vb.memory = 4096\n  vb.cpus = 2\nend",
     "machine sizes"),
    ("packer/source-ami-filter", "packer_vars",
     lambda: "source_ami_filter = {\n  owners      = [\"136693071363\"]\n  most_recent = true\n}",
     "a public image owner's account id"),
    ("creds/load-credential-encrypted-path", "systemd_credential",
     lambda: "[Service]\nLoadCredentialEncrypted=db-pass:/etc/credstore.encrypted/db-pass.cred\nExecStart=/opt/pasar/bin/api",
     "where an encrypted credential is loaded from, not its value"),
    ("userlist/auth-query-setting", "pgbouncer_userlist",
     lambda: "[pgbouncer]\nauth_type = scram-sha-256\nauth_user = pgbouncer_auth\nauth_query = SELECT usename, passwd FROM pgbouncer.get_auth($1)",
     "how passwords are looked up, not a password"),
    ("initgradle/build-scan-terms", "init_gradle",
     lambda: "// init.d/scan.gradle\ninitscript {\n  repositories { gradlePluginPortal() }\n}\nsettingsEvaluated { it.develocity.buildScan.termsOfUseAgree = 'yes' }",
     "a build scan setting"),
    ("procfile/web-and-release-processes", "procfile",
     lambda: "web: gunicorn pasar.wsgi --workers 3\nworker: celery -A pasar worker -l info\nrelease: python manage.py migrate",
     "process commands"),
    ("justfile/recipe-with-parameters", "justfile",
     lambda: "set dotenv-load\n\ndeploy env='staging':\n    ./scripts/deploy.sh {{env}}",
     "a recipe that loads a dotenv file by name"),
    ("taskfile/includes-and-deps", "taskfile",
     lambda: "version: '3'\nincludes:\n  db: ./taskfiles/db.yml\ntasks:\n  build:\n    deps: [db:migrate]\n    cmds:\n      - go build ./...",
     "included tasks and a build"),
    ("earthfile/save-artifact-and-image", "earthfile",
     lambda: "VERSION 0.8\nbuild:\n    FROM golang:1.23\n    RUN go build -o out/pasar ./cmd/pasar\n    SAVE ARTIFACT out/pasar\n    SAVE IMAGE pasar:dev",
     "build outputs"),
    ("tiltfile/k8s-resource-port-forwards", "tiltfile",
     lambda: "k8s_yaml('deploy/api.yaml')\nk8s_resource('api', port_forwards=8080, labels=['backend'])",
     "a resource and its forwarded port"),
    ("skaffold/profiles-and-port-forward", "skaffold",
     lambda: "profiles:\n  - name: dev\n    activation:\n      - kubeContext: kind-pasar\nportForward:\n  - resourceType: service\n    resourceName: api\n    port: 8080",
     "a profile chosen by cluster name and a forwarded port"),
]


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, indonesian_prose, ORDINARY, PUBLIC)


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh19.jsonl"))
