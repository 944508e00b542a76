"""Writes the twenty-third fresh held-out part of the secrets corpus, fresh23.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (a Firebase `.runtimeconfig.json`, a `redis.conf`, an `.lftprc`, a `telegraf.conf`, a
`filebeat.yml`, an `.irssi/config`); secrets in prose are in Dutch. No vendor and no ordinary shape
of this part is in another part.

    python tests/corpora/secrets/make_fresh23.py [OUT]   # default: fresh23.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261223
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh23.py (seed {SEED})"
HOST = "example.nl"

# Every context of the corpus up to fresh22, then the six this part adds; secrets take them in turn, so each has one.
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
            "procfile", "justfile", "taskfile", "earthfile", "tiltfile", "skaffold",
            "buildkite", "woodpecker_ci", "bitrise", "serverless", "app_engine", "kamal_deploy",
            "do_app_spec", "railway_json", "codemagic", "vercel_json", "samconfig", "azure_local_settings",
            "boto_config", "bunfig", "zeabur", "msmtprc", "muttrc", "offlineimaprc",
            "firebase_runtimeconfig", "redis_conf", "lftprc", "telegraf", "filebeat", "irssi")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 2 - 3
    head, tail = value[:cut], value[cut:]
    text = (f"2026-12-23T09:41:12+01:00 fiets-api-2 {tool}-sync[2281]: loaded {name}={head}\n"
            f"2026-12-23T09:41:12+01:00 fiets-api-2 {tool}-sync[2281]: ...{tail} (regel afgebroken)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{tool}:{name}:{value}".encode()).decode()
        return (f"Sleutelbestand ({tool}):\n-----BEGIN ENCODED {name}-----\n{body}\n-----END ENCODED {name}-----"), [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"fietsverhuur-ci:{value}".encode()).decode()
        return json.dumps({"auths": {f"registry.{tool}.{HOST}": {"auth": encoded}}, "credsStore": ""}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-fietsverhuur\n  namespace: betalingen\ndata:\n"
                f"  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[default]\nhost_base = s3.{tool}.{HOST}\naccess_key = {key_id}\nsecret_key = {value}\nuse_https = True", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc"):
        texts = {
            "url": f"https://api.{tool}.{HOST}/v2/melding?reservering=8812&{name.lower()}={quoted}",
            "connection_string": f"amqps://fietsverhuur:{quoted}@mq.{tool}.{HOST}:5671/reserveringen",
            "git_credentials": f"https://fietsverhuur-deploy:{quoted}@git.{tool}.{HOST}",
            "pip_conf": f"[install]\nindex-url = https://fietsverhuur:{quoted}@pypi.{tool}.{HOST}/simple/\ntrusted-host = pypi.{tool}.{HOST}",
            "condarc": f"default_channels:\n  - https://fietsverhuur:{quoted}@repo.{tool}.{HOST}/main",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"NODE_ENV=production\nTZ=Europe/Amsterdam\n{name}={value}",
        "json": json.dumps({"betalingen": {"leverancier": tool, cam: value, "test": False}}, indent=4),
        "escaped_json": json.dumps({"level": "info", "msg": "webhook opgeslagen", "body": json.dumps({"provider": tool, cam: value})}),
        "cli_flag": f"$ fietsctl provider add {tool} --{kebab}={value} --sandbox=false",
        "prose": f"Hoi Sanne, uit het {tool}-dashboard heb ik de nieuwe sleutel gehaald: {value}. Kijk je er even naar voordat we productie omzetten?",
        "tool_output": f"$ {tool} config list\nprofile   default\n{kebab}   {value}\nendpoint  https://api.{tool}.{HOST}",
        "diff": f"diff --git a/config/{tool}.yml b/config/{tool}.yml\n@@ -1,2 +1,2 @@\n-  {low}: changeme\n+  {low}: {value}",
        "bytes_literal": f"sig = hmac.new(b\"{value}\", body, hashlib.sha256)",
        "yaml": f"providers:\n  - id: {tool}\n    {cam}: \"{value}\"\n    retries: 3",
        "csv": f"leverancier,veld,waarde\n{tool},{low},{value}",
        "header": f"GET /v2/reserveringen HTTP/1.1\nHost: api.{tool}.{HOST}\n{title}: {value}\nAccept: application/json",
        "log": f"[2026-12-22 07:15:48 +0100] INFO  {tool}.client - using {low}={value}",
        "code": f"{low} = os.environ.get(\"{name}\", \"{value}\")\nclient = {tool.capitalize()}({low})",
        "ini": f"[provider:{tool}]\n{cam} = {value}\nsandbox = false",
        "xml": f"<add key=\"{tool}:{cam}\" value=\"{value}\" />",
        "dockerfile": f"FROM python:3.12-slim\nENV {name}=\"{value}\"\nCMD [\"gunicorn\", \"fietsverhuur.wsgi\"]",
        "netrc": f"machine api.{tool}.{HOST} login fietsverhuur-bot password {value}",
        "toml": f"[providers.{tool}]\n{low} = \"{value}\"\nsandbox = false",
        "shell_history": f": 1797921348:0;export {name}='{value}'\n: 1797921377:0;fietsctl sync {tool}",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 7, "source": [f"{low} = \"{value}\"\n", f"df = {tool}.reserveringen({low})"]}),
        "hcl": f"resource \"fietsverhuur_provider\" \"{tool}\" {{\n  {low} = \"{value}\"\n  sandbox = false\n}}",
        "properties": f"provider.{tool}.{kebab}={value}\nprovider.{tool}.timeout=30",
        "powershell": f"PS C:\\fietsverhuur> [Environment]::SetEnvironmentVariable('{name}', '{value}', 'User')",
        "systemd": f"[Service]\nEnvironment=\"{name}={value}\"\nExecStart=/usr/local/bin/fietsverhuur-{tool}",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": f"https://api.{tool}.{HOST}/v2/betalingen",
                                                            "headers": [{"name": title, "value": value}]}, "response": {"status": 201}}]}}),
        "curl_trace": f"* Connected to api.{tool}.{HOST} port 443\n> POST /v2/betalingen HTTP/1.1\n> {title}: {value}\n< HTTP/1.1 201 Created",
        "crash_report": f"panic: {tool}: auth failed for {low}=\"{value}\"\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/fietsverhuur/main.go:58",
        "web_storage": json.dumps({"sessionStorage": {f"{tool}.{cam}": value, "taal": "nl"}}),
        "plist": f"<dict>\n  <key>{cam}</key>\n  <string>{value}</string>\n</dict>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"fietsverhuur_{tool}", "instances": [{"attributes": {"id": "betalingen", low: value}}]}]}),
        "mobile_config": f"// Config.xcconfig\n{name} = {value}\nPRODUCT_BUNDLE_IDENTIFIER = nl.fietsverhuur.app",
        "sql_dump": f"INSERT INTO `koppelingen` (`leverancier`, `sleutel`) VALUES ('{tool}', '{value}');",
        "email": f"From: elif@fietsverhuur.{HOST}\nSubject: {tool} productiesleutel\n\nHoi,\n{low}: {value}\nSanne",
        "nginx": f"location /betalingen/ {{\n    proxy_set_header {title} \"{value}\";\n    proxy_pass https://api.{tool}.{HOST};\n}}",
        "markdown": f"| leverancier | sleutel |\n|---|---|\n| {tool} | `{value}` |",
        "postman": json.dumps({"name": f"{tool} productie", "values": [{"key": cam, "value": value, "enabled": True}]}),
        "jenkinsfile": f"environment {{\n    {name} = '{value}'\n}}",
        "compose": f"services:\n  betalingen:\n    image: fietsverhuur/betalingen:3\n    environment:\n      - {name}={value}",
        "gradle": f"buildConfigField \"String\", \"{name}\", '\"{value}\"'",
        "chat_export": json.dumps({"messages": [{"from": "Sanne", "date": "2026-12-22T08:15:48", "text": f"{tool} {kebab}: {value}"}]}),
        "ansible": f"- name: {tool} sleutel naar bestand\n  ansible.builtin.lineinfile:\n    path: /etc/fietsverhuur/env\n    line: \"{name}={value}\"",
        "kubeconfig": f"users:\n- name: {tool}-ops\n  user:\n    token: {value}",
        "hocon": f"providers.{tool}.{cam} = \"{value}\"",
        "nix": f"environment.variables.{name} = \"{value}\";",
        "caddyfile": f"betalingen.fietsverhuur.{HOST} {{\n  reverse_proxy api.{tool}.{HOST}:443 {{\n    header_up {title} \"{value}\"\n  }}\n}}",
        "gitconfig": f"[{tool}]\n\t{cam} = {value}",
        "makefile": f"export {name} = {value}\n\ndeploy:\n\tfietsctl deploy --provider {tool}",
        "npmrc": f"//registry.{tool}.{HOST}/npm/:_authToken=\"{value}\"\nalways-auth=true",
        "pgpass": f"db.{tool}.{HOST}:5432:*:fietsverhuur_app:{value}",
        "crontab": f"*/10 * * * * {name}={value} /usr/local/bin/fietsverhuur-afstemming {tool}",
        "http_file": f"### {tool} lijst met reserveringen\nGET https://api.{tool}.{HOST}/v2/reserveringen\n{title}: {value}",
        "haproxy": f"backend {tool}\n    http-request set-header {title} {value}\n    server s1 api.{tool}.{HOST}:443 ssl",
        "sbt": f"credentials += Credentials(\"Fietsverhuur Nexus\", \"nexus.{tool}.{HOST}\", \"fietsverhuur\", \"{value}\")",
        "pypirc": f"[{tool}]\nrepository = https://pypi.{tool}.{HOST}/legacy/\nusername = fietsverhuur\npassword = {value}",
        "ssh_config": f"Host {tool}-bastion\n    User fietsverhuur\n    SetEnv {name}=\"{value}\"",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"type": "python", "request": "launch", "name": tool, "env": {name: value}}]}, indent=2),
        "gha_workflow": f"- name: {tool} afstemming\n  run: fietsctl sync {tool}\n  env:\n    {name}: \"{value}\"",
        "fish": f"set -Ux {name} {value}",
        "devtools_console": f"> fietsverhuur.providers.{tool}.{cam}\n'{value}'",
        "envrc": f"export {name}={value}\nlayout python3",
        "maven_settings": f"<servers>\n  <server>\n    <id>{tool}</id>\n    <password>{value}</password>\n  </server>\n</servers>",
        "rclone_conf": f"[{tool}-back-up]\ntype = s3\nprovider = Other\nsecret_access_key = {value}\nendpoint = s3.{tool}.{HOST}",
        "composer_auth": json.dumps({"http-basic": {f"repo.{tool}.{HOST}": {"username": "fietsverhuur", "password": value}}}, indent=4),
        "yarnrc": f"npmRegistries:\n  \"https://npm.{tool}.{HOST}\":\n    npmAuthToken: {value}",
        "terraformrc": f"credentials \"tf.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}\nplugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"",
        "cargo_credentials": f"[registries.{tool}-crates]\ntoken = \"{value}\"",
        "aws_config": f"[profile fietsverhuur-{tool}]\nregion = eu-west-1\n{low} = {value}",
        "helm_values": f"env:\n  - name: {name}\n    value: \"{value}\"",
        "vault_agent": f"template {{\n  contents = \"{{{{ with secret \\\"kv/{tool}\\\" }}}}{value}{{{{ end }}}}\"\n  destination = \"/run/fietsverhuur/{tool}\"\n}}",
        "my_cnf": f"[client]\nuser = fietsverhuur_ro\npassword = {value}\nhost = mysql.{tool}.{HOST}",
        "bitbucket_pipelines": f"definitions:\n  steps:\n    - step: &sync\n        script:\n          - {name}={value} fietsctl sync {tool}",
        "wrangler": f"name = \"fietsverhuur-{tool}\"\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"const {cam} = '{value}';\nexport default function () {{\n  http.post('https://api.{tool}.{HOST}/v2/betalingen', null, {{ headers: {{ '{title}': {cam} }} }});\n}}",
        "heroku_config": f"$ heroku config:set {name}={value} -a fietsverhuur-{tool}\nSetting {name} and restarting fietsverhuur-{tool}... done, v42",
        "authinfo": f"machine imap.{tool}.{HOST} login fietsverhuur password {value} port 993",
        "fly_toml": f"app = \"fietsverhuur-{tool}\"\nprimary_region = \"otp\"\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[build.environment]\n  {name} = \"{value}\"\n  NODE_VERSION = \"22\"",
        "render_yaml": f"envVarGroups:\n  - name: {tool}\n    envVars:\n      - key: {name}\n        value: \"{value}\"",
        "jmeter_plan": f"<elementProp name=\"{cam}\" elementType=\"Argument\">\n  <stringProp name=\"Argument.name\">{cam}</stringProp>\n  <stringProp name=\"Argument.value\">{value}</stringProp>\n</elementProp>",
        "jenkins_credentials": f"<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>{tool}-fietsverhuur</id>\n  <username>fietsverhuur</username>\n  <password>{value}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
        "gitlab_ci": f"deploy:\n  variables:\n    {name}: \"{value}\"\n  script:\n    - fietsctl deploy {tool}",
        "gem_credentials": f"---\n:{tool}: {value}",
        "nuget_config": f"<apikeys>\n  <add key=\"https://nuget.{tool}.{HOST}/v3/index.json\" value=\"{value}\" />\n</apikeys>",
        "supervisord": f"[program:fietsverhuur-{tool}]\ncommand=/usr/local/bin/fietsverhuur-{tool} --{kebab} {value}\nautorestart=true",
        "pulumi_config": f"config:\n  fietsverhuur:{cam}:\n    value: {value}",
        "extension_storage": json.dumps({"chrome.storage.sync": {"leveranciers": {tool: {cam: value}}}}),
        "circleci_config": f"jobs:\n  deploy:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      {name}: \"{value}\"",
        "azure_pipelines": f"- task: Bash@3\n  inputs:\n    targetType: inline\n    script: fietsctl sync {tool}\n  env:\n    {name}: {value}",
        "ngrok_config": f"version: 3\nagent:\n  authtoken: {value}\nendpoints:\n  - name: {tool}\n    upstream:\n      url: 8000",
        "hgrc": f"[auth]\nfietsverhuur.prefix = hg.{tool}.{HOST}\nfietsverhuur.username = fietsverhuur\nfietsverhuur.password = {value}",
        "wpa_supplicant": f"network={{\n    ssid=\"fietsverhuur-{tool}\"\n    psk=\"{value}\"\n    priority=5\n}}",
        "bruno": f"headers {{\n  {title}: {value}\n}}",
        "insomnia": json.dumps({"_type": "request", "name": f"{tool} reservering", "headers": [{"name": title, "value": value}]}),
        "travis_ci": f"env:\n  global:\n    - {name}=\"{value}\"\nlanguage: python",
        "drone_ci": f"steps:\n  - name: deploy\n    image: python:3.12\n    environment:\n      {name}: {value}\n    commands:\n      - fietsctl deploy {tool}",
        "gh_hosts": f"git.{tool}.{HOST}:\n    users:\n        fietsverhuur-bot:\n            oauth_token: {value}\n    git_protocol: https",
        "compose_override": f"services:\n  worker:\n    environment:\n      {name}: \"{value}\"",
        "vagrantfile": f"config.vm.provision \"shell\", env: {{ \"{name}\" => \"{value}\" }}, inline: \"fietsctl sync {tool}\"",
        "packer_vars": f"{tool}_{low} = \"{value}\"\nregion = \"eu-west-1\"",
        "systemd_credential": f"[Service]\nSetCredential={tool}.{kebab}:{value}\nLoadCredential=tls.key:/etc/fietsverhuur/tls.key",
        "pgbouncer_userlist": f"\"fietsverhuur_{tool}\" \"{value}\"\n\"fietsverhuur_ro\" \"\"",
        "init_gradle": f"settingsEvaluated {{ settings ->\n  settings.ext.{cam} = \"{value}\"\n}}",
        "procfile": f"release: {name}={value} python manage.py migrate\nweb: gunicorn fietsverhuur.wsgi",
        "justfile": f"{low} := \"{value}\"\n\nsync:\n    fietsctl sync {tool} --key {{{{{low}}}}}",
        "taskfile": f"version: '3'\nenv:\n  {name}: \"{value}\"\ntasks:\n  sync:\n    cmds: [fietsctl sync {tool}]",
        "earthfile": f"VERSION 0.8\ndeploy:\n    FROM python:3.12\n    RUN --secret {name}={value} fietsctl deploy {tool}",
        "tiltfile": f"k8s_yaml(secret_from_dict('{tool}', inputs={{'{low}': '{value}'}}))",
        "skaffold": f"apiVersion: skaffold/v4beta11\nkind: Config\ndeploy:\n  kubectl:\n    flags:\n      apply: [\"--token={value}\"]",
        "buildkite": f"env:\n  {name}: \"{value}\"\nsteps:\n  - command: fietsctl deploy {tool}",
        "woodpecker_ci": f"steps:\n  - name: deploy\n    image: python:3.12\n    environment:\n      {name}: \"{value}\"",
        "bitrise": f"app:\n  envs:\n    - {name}: {value}\n      opts:\n        is_expand: false",
        "serverless": f"functions:\n  afstemming:\n    handler: fietsverhuur.handler\n    environment:\n      {name}: \"{value}\"",
        "app_engine": f"runtime: python313\nenv_variables:\n  {name}: {value}\n  TZ: Europe/Amsterdam",
        "kamal_deploy": f"service: fietsverhuur\nenv:\n  clear:\n    {name}: \"{value}\"\n    TZ: Europe/Amsterdam",
        "do_app_spec": f"name: fietsverhuur\nservices:\n  - name: api\n    envs:\n      - key: {name}\n        scope: RUN_TIME\n        value: \"{value}\"",
        "railway_json": json.dumps({"$schema": "https://railway.com/railway.schema.json", "deploy": {"startCommand": f"fietsctl serve --{kebab} {value}"}}, indent=2),
        "codemagic": f"workflows:\n  ios-release:\n    environment:\n      vars:\n        {name}: {value}\n      xcode: latest",
        "vercel_json": json.dumps({"env": {name: value}, "regions": ["fra1"]}, indent=2),
        "samconfig": f"version = 0.1\n[default.deploy.parameters]\nstack_name = \"fietsverhuur-{tool}\"\nparameter_overrides = \"{cam}={value} Stage=prod\"",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"FUNCTIONS_WORKER_RUNTIME": "python", name: value}}, indent=2),
        "boto_config": f"[Credentials]\n{low} = {value}\n[Boto]\nhttps_validate_certificates = True\nendpoint = api.{tool}.{HOST}",
        "bunfig": f"[install.scopes]\n\"@{tool}\" = {{ url = \"https://npm.{tool}.{HOST}/\", token = \"{value}\" }}",
        "zeabur": json.dumps({"build_command": "bun run build", "start_command": f"fietsctl serve --{kebab}={value}", "node_version": "22"}, indent=2),
        "msmtprc": f"account {tool}\nhost smtp.{tool}.{HOST}\nport 587\ntls on\nuser fietsverhuur@{HOST}\npassword {value}\naccount default : {tool}",
        "muttrc": f"set smtp_url = \"smtps://fietsverhuur@smtp.{tool}.{HOST}:465/\"\nset smtp_pass = \"{value}\"\nset realname = \"Fietsverhuur\"",
        "offlineimaprc": f"[Repository {tool}-extern]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = fietsverhuur\nremotepass = {value}\nsslcacertfile = OS-DEFAULT",
        "firebase_runtimeconfig": json.dumps({tool: {low: value}, "app": {"regio": "europe-west4"}}, indent=2),
        "redis_conf": f"bind 127.0.0.1 -::1\nport 6379\nmasterauth {value}\nmaxmemory 256mb\nmaxmemory-policy allkeys-lru",
        "lftprc": f"set ftp:ssl-force true\nset ssl:verify-certificate yes\nbookmark {tool} ftps://fietsverhuur:{value}@ftp.{tool}.{HOST}/",
        "telegraf": f"[[outputs.http]]\n  url = \"https://metrics.{tool}.{HOST}/api/v2/write\"\n  [outputs.http.headers]\n    {title} = \"{value}\"",
        "filebeat": f"output.elasticsearch:\n  hosts: [\"https://logs.{tool}.{HOST}:9200\"]\n  {low}: \"{value}\"\n  ssl.verification_mode: full",
        "irssi": f"servers = (\n  {{\n    address = \"irc.{tool}.{HOST}\";\n    chatnet = \"{tool}\";\n    port = \"6697\";\n    password = \"{value}\";\n    use_tls = \"yes\";\n  }}\n);",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(12, LO), "iat": 1797990000 + R.randrange(86400)}, "HS256")


# The one format whose fact was read in public material (source kind public): Moneybird's developer documentation
# (developer.moneybird.com, Authentication) names a personal API token, registered in the account and sent as a Bearer
# token. Only that name and use were read; the length and alphabet are the writer's, no example was copied, and every
# value is drawn here. Every other format is the writer's knowledge.
MONEYBIRD_TOKEN = ("a Moneybird personal API token (64 hex digits, sent as a Bearer token; the personal API token and its use as a "
                   "Bearer token read in Moneybird's developer documentation, developer.moneybird.com/authentication, the length "
                   "and alphabet the writer's)")
PUBLIC = {MONEYBIRD_TOKEN}
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("buckaroo/secret-key", "BUCKAROO_SECRET_KEY", "buckaroo", lambda: r(32, UP), "a Buckaroo secret key (32 upper-case letters and digits beside a website key)"),
    ("multisafepay/api-key", "MULTISAFEPAY_API_KEY", "multisafepay", lambda: r(40, HX), "a MultiSafepay website API key (40 hex digits)"),
    ("postnl/api-key", "POSTNL_API_KEY", "postnl", lambda: r(32), "a PostNL shipping API key (32 letters and digits)"),
    ("picqer/api-key", "PICQER_API_KEY", "picqer", lambda: r(40), "a Picqer API key (40 letters and digits)"),
    ("exactonline/client-secret", "EXACT_CLIENT_SECRET", "exactonline", lambda: r(12), "an Exact Online app client secret (12 letters and digits beside a client id UUID)"),
    ("moneybird/api-token", "MONEYBIRD_TOKEN", "moneybird", lambda: r(64, HX), MONEYBIRD_TOKEN),
    ("twinfield/client-secret", "TWINFIELD_CLIENT_SECRET", "twinfield", lambda: r(40, U64), "a Twinfield OAuth client secret (40 letters, digits, _ and -)"),
    ("bolcom/client-secret", "BOL_CLIENT_SECRET", "bolcom", lambda: r(64, U64), "a bol.com retailer API client secret (64 letters, digits, _ and -)"),
    ("transip/private-key-passphrase", "TRANSIP_KEY_PASSPHRASE", "transip", lambda: r(24), "a TransIP API key pair passphrase (24 letters and digits)"),
    ("mijndomein/api-key", "MIJNDOMEIN_API_KEY", "mijndomein", lambda: r(32, HX), "a Mijndomein reseller API key (32 hex digits)"),
    ("bunq/api-key", "BUNQ_API_KEY", "bunq", lambda: r(64, HX), "a bunq API key (64 hex digits)"),
    ("knab/client-secret", "KNAB_CLIENT_SECRET", "knab", lambda: r(36), "a Knab PSD2 client secret (36 letters and digits)"),
    ("rabobank/client-secret", "RABOBANK_CLIENT_SECRET", "rabobank", lambda: r(48, U64), "a Rabobank developer portal client secret (48 letters, digits, _ and -)"),
    ("abnamro/api-key", "ABNAMRO_API_KEY", "abnamro", lambda: r(32), "an ABN AMRO developer API key (32 letters and digits)"),
    ("tikkie/app-token", "TIKKIE_APP_TOKEN", "tikkie", u4, "a Tikkie app token (a version-4 UUID beside an API key)"),
    ("paynl/api-token", "PAYNL_API_TOKEN", "paynl", lambda: r(40, HX), "a Pay.nl API token (40 hex digits beside an AT code)"),
    ("ccvpayments/api-key", "CCV_API_KEY", "ccvpayments", lambda: r(32, HX), "a CCV online payments API key (32 hex digits)"),
    ("myparcelnl/api-key", "MYPARCEL_API_KEY", "myparcelnl", lambda: r(40, HX), "a MyParcel API key (40 hex digits)"),
    ("channable/api-token", "CHANNABLE_TOKEN", "channable", lambda: r(40, LO), "a Channable API token (40 lower-case letters and digits)"),
    ("effectconnect/secret-key", "EFFECTCONNECT_SECRET_KEY", "effectconnect", lambda: r(44, AL + "+/"), "an EffectConnect secret key (44 base64 characters beside a public key)"),
    ("montapacking/api-password", "MONTA_API_WACHTWOORD", "montapacking", lambda: r(16), "a Monta fulfilment API password (16 letters and digits)"),
    ("dhlparcelnl/api-key", "DHL_PARCEL_NL_KEY", "dhlparcelnl", u4, "a DHL Parcel NL API key (a version-4 UUID beside a user id)"),
    ("afas/app-token", "AFAS_APP_TOKEN", "afas", lambda: "<token><version>1</version><data>" + r(64, HX.upper()) + "</data></token>", "an AFAS Profit app connector token (64 upper-case hex digits in a token element)"),
    ("nmbrs/api-token", "NMBRS_API_TOKEN", "nmbrs", lambda: r(32, HX), "a Nmbrs API token (32 hex digits)"),
    ("loketnl/client-secret", "LOKET_CLIENT_SECRET", "loketnl", lambda: r(40), "a Loket.nl API client secret (40 letters and digits)"),
    ("salonized/api-key", "SALONIZED_API_KEY", "salonized", lambda: r(32, LO), "a Salonized API key (32 lower-case letters and digits)"),
    ("thuisbezorgd/partner-key", "THUISBEZORGD_PARTNER_KEY", "thuisbezorgd", lambda: r(36), "a Thuisbezorgd.nl restaurant partner key (36 letters and digits)"),
    ("marktplaats/client-secret", "MARKTPLAATS_CLIENT_SECRET", "marktplaats", lambda: r(48), "a Marktplaats partner API client secret (48 letters and digits)"),
    ("funda/api-key", "FUNDA_API_KEY", "funda", lambda: r(32, HX), "a Funda partner feed API key (32 hex digits)"),
    ("werkspot/api-key", "WERKSPOT_API_KEY", "werkspot", lambda: r(40, LO), "a Werkspot pro API key (40 lower-case letters and digits)"),
    ("spotler/api-secret", "SPOTLER_API_SECRET", "spotler", lambda: r(32), "a Spotler Mail+ API secret (32 letters and digits beside a consumer key)"),
    ("copernica/access-token", "COPERNICA_ACCESS_TOKEN", "copernica", lambda: r(80, HX), "a Copernica REST access token (80 hex digits)"),
    ("lightspeedecom/api-secret", "LIGHTSPEED_API_SECRET", "lightspeedecom", lambda: r(32, HX), "a Lightspeed eCom API secret (32 hex digits beside an API key)"),
    ("wefact/api-key", "WEFACT_API_KEY", "wefact", lambda: r(32, HX), "a WeFact API key (32 hex digits)"),
    ("bluem/secret", "BLUEM_SECRET", "bluem", lambda: r(64, HX), "a Bluem (iDIN, ePayments) sender secret (64 hex digits)"),
    ("spryng/api-token", "SPRYNG_API_TOKEN", "spryng", lambda: _jwt("spryng"), "a Spryng SMS bearer token (an HS256 JWT)"),
    ("leaseweb/api-key", "LEASEWEB_API_KEY", "leaseweb", u4, "a Leaseweb API key (a version-4 UUID)"),
    ("cyso/api-token", "CYSO_API_TOKEN", "cyso", lambda: r(48, U64), "a Cyso Cloud API token (48 letters, digits, _ and -)"),
    ("payvision/api-password", "PAYVISION_API_WACHTWOORD", "payvision", lambda: r(20), "a Payvision API password (20 letters and digits beside a member id)"),
    ("emspay/api-key", "EMS_API_KEY", "emspay", lambda: r(32, HX), "an EMS online payments API key (32 hex digits)"),
    ("targetpay/rtlo-secret", "TARGETPAY_SECRET", "targetpay", lambda: r(24, UP), "a TargetPay layout secret (24 upper-case letters and digits beside an RTLO code)"),
    ("sisow/merchant-key", "SISOW_MERCHANT_KEY", "sisow", lambda: r(40, HX), "a Sisow merchant key (40 hex digits beside a merchant id)"),
    ("kiyoh/connector-code", "KIYOH_CONNECTOR", "kiyoh", lambda: r(32, LO), "a Kiyoh review connector code (32 lower-case letters and digits)"),
    ("feedbackcompany/client-secret", "FEEDBACKCOMPANY_CLIENT_SECRET", "feedbackcompany", lambda: r(40), "a Feedback Company OAuth client secret (40 letters and digits)"),
    ("yukinl/access-key", "YUKI_ACCESS_KEY", "yukinl", u4, "a Yuki web service access key (a version-4 UUID)"),
    ("snelstart/subscription-key", "SNELSTART_SUBSCRIPTION_KEY", "snelstart", lambda: r(32, HX), "a SnelStart B2B API subscription key (32 hex digits)"),
    ("eboekhouden/security-code", "EBOEKHOUDEN_SECURITYCODE2", "eboekhouden", u4, "an e-Boekhouden.nl security code 2 (a version-4 UUID beside code 1)"),
    ("jortt/client-secret", "JORTT_CLIENT_SECRET", "jortt", lambda: r(43, U64), "a Jortt API client secret (43 letters, digits, _ and -)"),
    ("rompslomp/api-token", "ROMPSLOMP_TOKEN", "rompslomp", lambda: r(40, LO), "a Rompslomp API token (40 lower-case letters and digits)"),
    ("tellow/api-key", "TELLOW_API_KEY", "tellow", lambda: r(36), "a Tellow bookkeeping API key (36 letters and digits)"),
    ("floriday/client-secret", "FLORIDAY_CLIENT_SECRET", "floriday", lambda: r(64, U64), "a Floriday supplier API client secret (64 letters, digits, _ and -)"),
    ("hostnet/api-key", "HOSTNET_API_KEY", "hostnet", lambda: r(32), "a Hostnet reseller API key (32 letters and digits)"),
    ("vimexx/api-secret", "VIMEXX_API_SECRET", "vimexx", lambda: r(40, HX), "a Vimexx API client secret (40 hex digits)"),
    ("versio/api-password", "VERSIO_API_WACHTWOORD", "versio", lambda: r(16), "a Versio API password (16 letters and digits)"),
    ("antagonist/api-token", "ANTAGONIST_TOKEN", "antagonist", lambda: r(48, LO), "an Antagonist DNS API token (48 lower-case letters and digits)"),
    ("voys/api-token", "VOYS_API_TOKEN", "voys", lambda: r(40, HX), "a Voys telephony API token (40 hex digits beside a user name)"),
    ("speakap/api-token", "SPEAKAP_TOKEN", "speakap", lambda: r(36, LO), "a Speakap API token (36 lower-case letters and digits)"),
    ("bynder/permanent-token", "BYNDER_PERMANENT_TOKEN", "bynder", lambda: r(64, HX), "a Bynder permanent token (64 hex digits)"),
    ("mendix/pat", "MENDIX_PAT", "mendix", lambda: r(48), "a Mendix platform personal access token (48 letters and digits)"),
    ("nsreizigers/subscription-key", "NS_SUBSCRIPTION_KEY", "nsreizigers", lambda: r(32, HX), "an NS travel information API subscription key (32 hex digits)"),
    ("ovapi/api-key", "OVAPI_KEY", "ovapi", lambda: r(24, LO), "an OVapi partner key (24 lower-case letters and digits)"),
    ("picnicnl/auth-key", "PICNIC_AUTH_KEY", "picnicnl", lambda: _jwt("picnic"), "a Picnic account auth key (an HS256 JWT)"),
    ("coolblue/partner-secret", "COOLBLUE_PARTNER_SECRET", "coolblue", lambda: r(40), "a Coolblue partner API secret (40 letters and digits)"),
    ("teamleader/client-secret", "TEAMLEADER_CLIENT_SECRET", "teamleader", lambda: r(32, HX), "a Teamleader Focus client secret (32 hex digits)"),
    ("twikey/api-key", "TWIKEY_API_KEY", "twikey", lambda: r(40, UP), "a Twikey API key (40 upper-case letters and digits)"),
    ("ohmyprints/api-key", "OHMYPRINTS_API_KEY", "ohmyprints", lambda: r(32), "an OhMyPrints API key (32 letters and digits)"),
    ("sendy/client-secret", "SENDY_NL_CLIENT_SECRET", "sendy", lambda: r(40), "a Sendy shipping client secret (40 letters and digits)"),
    ("qls/api-password", "QLS_API_WACHTWOORD", "qls", lambda: r(20), "a QLS fulfilment API password (20 letters and digits)"),
    ("parcelpro/api-key", "PARCELPRO_API_KEY", "parcelpro", lambda: r(32, HX), "a Parcel Pro API key (32 hex digits beside a user id)"),
    ("wehkamp/partner-secret", "WEHKAMP_PARTNER_SECRET", "wehkamp", lambda: r(48, U64), "a Wehkamp marketplace partner secret (48 letters, digits, _ and -)"),
    ("vandebron/api-key", "VANDEBRON_API_KEY", "vandebron", u4, "a Vandebron partner API key (a version-4 UUID)"),
    ("tibber/access-token", "TIBBER_TOKEN", "tibber", lambda: r(43, U64), "a Tibber developer access token (43 letters, digits, _ and -)"),
    ("homeyappliance/api-key", "HOMEY_API_KEY", "homeyappliance", lambda: u4() + ":" + u4() + ":" + r(40, HX), "a Homey API key (two version-4 UUIDs and 40 hex digits, colon-separated)"),
    ("ziggo/api-secret", "ZIGGO_API_SECRET", "ziggo", lambda: r(32), "a Ziggo partner API secret (32 letters and digits)"),
]

DUTCH = [
    ("ingnl/client-secret", "an ING Nederland developer client secret (40 letters and digits)"),
    ("snsbank/api-key", "a SNS Bank open banking API key (32 hex digits)"),
    ("asnbank/api-secret", "an ASN Bank API secret (36 lower-case letters and digits)"),
    ("kpn/api-token", "a KPN API Store token (an HS256 JWT)"),
]


def dutch_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Dutch chat line with no setting name (format, context, text, secrets, what)."""
    ing, sns, asn = r(40), r(32, HX), r(36, LO)
    kpn = jwt(DRAW, {"klant": R.randrange(10**8, 10**9), "exp": 1800300000})
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = DUTCH
    return [
        (f1, "prose", f"Joris, de bank heeft ons een nieuw geheim voor de API gestuurd: {ing} — zet het nergens neer, goed?", [ing], w1),
        (f2, "prose", f"Hier laat ik de waarde voor de testomgeving van de bank achter: {sns}\nMorgen verhuis ik hem naar de kluis.", [sns], w2),
        (f3, "prose", f"Fleur, je logt in met {asn}, maar alleen op de sandbox, niet op productie.", [asn], w3),
        (f4, "prose", f"De provider heeft een nieuw toegangsbewijs voor de sms-gateway uitgegeven: {kpn}. Het oude heb ik ingetrokken.", [kpn], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows


ORDINARY_TEXTS = [  # (shape, context, text, why it is ordinary)
    ("env/tz-and-locale-dutch", "env", "LANG=nl_NL.UTF-8\nLC_MONETARY=nl_NL.UTF-8\nTZ=Europe/Amsterdam", "a locale"),
    ("json/bike-frame-sizes-cm", "json", json.dumps({"framematen_cm": [49, 53, 57, 61], "wielmaat": "28 inch"}, indent=2), "frame sizes"),
    ("escapedjson/postcode-and-house-number", "escaped_json", json.dumps({"msg": "adres", "body": json.dumps({"postcode": "1012 AB", "huisnummer": 14})}), "a public address form"),
    ("cli/ffmpeg-trim-clip", "cli_flag", "$ ffmpeg -ss 00:00:05 -to 00:00:20 -i rondleiding.mp4 -c copy rondleiding-kort.mp4", "a video cut"),
    ("prose/dutch-rental-opening-times", "prose", "Op Koningsdag zijn we open van 9:00 tot 14:00; op eerste en tweede kerstdag blijft de verhuur dicht.", "opening hours"),
    ("tooloutput/uv-tree-depth-one", "tool_output", "$ uv tree --depth 1\nfietsverhuur v1.4.0\n├── httpx v0.28.1\n└── pydantic v2.10.3", "a dependency tree"),
    ("diff/dutch-dt-spelling-fix", "diff", "--- a/docs/handleiding.md\n+++ b/docs/handleiding.md\n@@ -3 +3 @@\n-De fiets word opgehaald.\n+De fiets wordt opgehaald.", "a spelling fix"),
    ("bytes/png-signature-check", "bytes_literal", "if data[:8] != b\"\\x89PNG\\r\\n\\x1a\\n\":\n    raise ValueError('geen PNG')", "a file signature"),
    ("yaml/i18n-fallback-locales", "yaml", "i18n:\n  default: nl\n  fallback: [en, de]", "fallback languages"),
    ("csv/tyre-pressure-bar", "csv", "band,min_bar,max_bar\n28x1.40,3.5,5.0\n26x2.10,2.0,3.5", "tyre pressures"),
    ("url/map-tile-zoom-coordinates", "url", "https://tiles.example.nl/kaart/15/16834/10770.png?stijl=fiets", "map tile coordinates"),
    ("header/accept-language-weights", "header", "Accept-Language: nl-NL,nl;q=0.9,en;q=0.7\nAccept-Encoding: gzip, br", "language preferences"),
    ("log/queue-depth-gauge", "log", "[2026-12-23 09:41:12 +0100] INFO  wachtrij reserveringen diepte=17 oudste=4s", "a queue depth"),
    ("connstr/sqlite-uri-read-only", "connection_string", "file:/var/lib/fietsverhuur/archief.db?mode=ro&immutable=1", "a local database file"),
    ("code/dutch-postcode-regex", "code", "POSTCODE = re.compile(r'^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$')", "a postcode pattern"),
    ("ini/editorconfig-indent", "ini", "root = true\n\n[*.py]\nindent_style = space\nindent_size = 4", "editor settings"),
    ("xml/sitemap-url-priority", "xml", "<url>\n  <loc>https://fietsverhuur.example.nl/tarieven</loc>\n  <changefreq>monthly</changefreq>\n  <priority>0.6</priority>\n</url>", "a sitemap entry"),
    ("dockerfile/useradd-and-nonroot-workdir", "dockerfile", "FROM python:3.12-slim\nRUN useradd --create-home fiets\nUSER fiets\nWORKDIR /home/fiets/app", "a non-root user"),
    ("netrc/netrc-manual-page-line", "netrc", "$ man 5 netrc | grep -m1 macdef\n       macdef name", "a manual page line"),
    ("pem/csr-subject-line", "pem", "$ openssl req -in fiets.csr -noout -subject\nsubject=C=NL, ST=Noord-Holland, L=Amsterdam, O=Fietsverhuur, CN=fietsverhuur.example.nl", "a request's public subject"),
    ("wrapped/dutch-notice-folded", "wrapped", "2026-12-23T09:41:12+01:00 fiets-api-2 app[77]: Reservering bevestigd, ophalen bij de stalling aan de\n2026-12-23T09:41:12+01:00 fiets-api-2 app[77]: ...Prinsengracht na 10:00 (regel afgebroken)", "a notice folded over two lines"),
    ("toml/ruff-line-length-and-select", "toml", "[tool.ruff]\nline-length = 110\n[tool.ruff.lint]\nselect = [\"E\", \"F\", \"I\"]", "lint settings"),
    ("history/git-bisect-run", "shell_history", ": 1797990012:0;git bisect start HEAD v1.3.0\n: 1797990044:0;git bisect run pytest -x tests/test_tarief.py", "a bisect"),
    ("notebook/pandas-groupby-month", "notebook", json.dumps({"cell_type": "code", "source": ["df.groupby(df.datum.dt.month)['ritten'].sum()\n"]}), "a grouping"),
    ("hcl/locals-common-tags", "hcl", "locals {\n  tags = {\n    team    = \"verhuur\"\n    omgeving = \"prod\"\n  }\n}", "resource tags"),
    ("properties/spring-jackson-dates", "properties", "spring.jackson.date-format=yyyy-MM-dd\nspring.jackson.time-zone=Europe/Amsterdam", "date settings"),
    ("powershell/get-culture-dutch-date", "powershell", "PS C:\\fiets> (Get-Culture).Name\nnl-NL\nPS C:\\fiets> (Get-Date -Year 2026 -Month 12 -Day 23).ToString('dddd d MMMM')\nwoensdag 23 december", "a culture and a date"),
    ("systemd/timer-on-calendar", "systemd", "[Timer]\nOnCalendar=Mon..Sat 05:30\nPersistent=true\n[Install]\nWantedBy=timers.target", "a timer"),
    ("har/page-title-and-load-timings", "har", json.dumps({"pages": [{"id": "page_1", "title": "Tarieven - Fietsverhuur", "pageTimings": {"onContentLoad": 412, "onLoad": 980}}]}), "a page's load times"),
    ("curltrace/alpn-h2-negotiated", "curl_trace", "* ALPN: curl offers h2,http/1.1\n* ALPN: server accepted h2\n* using HTTP/2", "a protocol negotiation"),
    ("k8s/network-policy-ingress-only", "k8s_secret", "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: alleen-frontend\nspec:\n  podSelector:\n    matchLabels: {app: api}\n  policyTypes: [Ingress]", "a network policy"),
    ("crash/python-keyerror-bike-type", "crash_report", "Traceback (most recent call last):\n  File \"tarief.py\", line 31, in prijs\n    return TARIEVEN[soort]\nKeyError: 'bakfiets'", "a missing key"),
    ("webstorage/cookie-consent-categories", "web_storage", json.dumps({"localStorage": {"toestemming": json.dumps({"noodzakelijk": True, "statistiek": False})}}), "consent choices"),
    ("plist/location-usage-description", "plist", "<key>NSLocationWhenInUseUsageDescription</key>\n<string>We tonen de dichtstbijzijnde stalling.</string>", "a permission text"),
    ("tfstate/lineage-serial-and-version", "tfstate", json.dumps({"version": 4, "terraform_version": "1.10.2", "serial": 58, "lineage": u4()}), "a state's lineage id"),
    ("mobile/android-min-and-target-sdk", "mobile_config", "android {\n    defaultConfig {\n        minSdk 26\n        targetSdk 35\n    }\n}", "SDK levels"),
    ("sql/dutch-icu-collation-order-by", "sql_dump", "SELECT naam FROM stallingen ORDER BY naam COLLATE \"nl-NL-x-icu\";", "a sort order"),
    ("email/auto-submitted-out-of-office", "email", "Auto-Submitted: auto-replied\nSubject: Afwezig: reservering\n\nIk ben tot 2 januari afwezig; mail de balie voor spoed.", "an out-of-office reply"),
    ("nginx/limit-req-zone-booking-rate", "nginx", "limit_req_zone $binary_remote_addr zone=reserveren:10m rate=5r/s;\nlocation /api/reserveren { limit_req zone=reserveren burst=10; }", "a rate limit"),
    ("markdown/task-list-checkboxes", "markdown", "- [x] Nieuwe tarieven invoeren\n- [ ] Foto's van de bakfietsen vervangen", "a task list"),
    ("postman/collection-variable-page-size", "postman", json.dumps({"variable": [{"key": "paginaGrootte", "value": "25"}, {"key": "taal", "value": "nl"}]}), "collection variables"),
    ("jenkinsfile/options-timeout-and-retry", "jenkinsfile", "options {\n    timeout(time: 20, unit: 'MINUTES')\n    retry(2)\n}", "pipeline options"),
    ("compose/profiles-debug", "compose", "services:\n  mailpit:\n    image: axllent/mailpit\n    profiles: [debug]", "an optional service"),
    ("gradle/version-catalog-aliases-used", "gradle", "dependencies {\n    implementation(libs.okhttp)\n    testImplementation(libs.junit.jupiter)\n}", "catalog aliases"),
    ("chat/poll-options", "chat_export", json.dumps({"messages": [{"from": "Fleur", "type": "poll", "question": "Teamuitje?", "options": ["fietstocht", "kanoën"]}]}), "a poll"),
    ("ansible/handlers-reload-nginx", "ansible", "handlers:\n  - name: nginx herladen\n    ansible.builtin.service:\n      name: nginx\n      state: reloaded", "a handler"),
    ("kubeconfig/current-context-only", "kubeconfig", "apiVersion: v1\nkind: Config\ncurrent-context: ams-prod", "a context's name"),
    ("hocon/slick-db-pool-and-queue", "hocon", "db.default {\n  numThreads = 10\n  maxConnections = 10\n  queueSize = 1000\n}", "pool sizes"),
    ("nix/flake-inputs-nixpkgs", "nix", "inputs.nixpkgs.url = \"github:NixOS/nixpkgs/nixos-24.11\";", "a pinned input"),
    ("caddyfile/encode-and-file-server", "caddyfile", "example.nl {\n  encode zstd gzip\n  root * /srv/site\n  file_server\n}", "a static site"),
    ("gitconfig/url-insteadof-ssh-rewrite", "gitconfig", "[url \"git@git.example.nl:\"]\n\tinsteadOf = https://git.example.nl/", "a URL rewrite"),
    ("makefile/phony-help-target", "makefile", ".PHONY: help\nhelp:\n\t@grep -E '^[a-z]+:' Makefile | cut -d: -f1", "a help target"),
    ("npmrc/save-exact-and-engine-strict", "npmrc", "save-exact=true\nengine-strict=true", "install rules"),
    ("pgpass/psql-timing-and-expanded-display", "pgpass", "fietsverhuur=> \\timing on\nTiming is on.\nfietsverhuur=> \\x auto\nExpanded display is used automatically.", "display settings"),
    ("crontab/mailto-empty-and-logrotate", "crontab", "MAILTO=\"\"\n15 3 * * * /usr/sbin/logrotate /etc/logrotate.d/fietsverhuur", "a nightly job"),
    ("httpfile/graphql-query-request", "http_file", "POST https://api.example.nl/graphql\nContent-Type: application/json\n\n{\"query\": \"{ stallingen { naam } }\"}", "a query"),
    ("haproxy/timeouts-defaults", "haproxy", "defaults\n    mode http\n    timeout connect 5s\n    timeout client 30s\n    timeout server 30s", "timeouts"),
    ("sbt/scalac-options-deprecation", "sbt", "scalacOptions ++= Seq(\"-deprecation\", \"-feature\")", "compiler flags"),
    ("pypirc/index-servers-list", "pypirc", "[distutils]\nindex-servers =\n    pypi\n    testpypi", "index names with no password"),
    ("ssh/control-master-socket", "ssh_config", "Host *\n    ControlMaster auto\n    ControlPath ~/.ssh/cm-%r@%h:%p\n    ControlPersist 10m", "connection sharing"),
    ("launch/node-attach-port", "launch_json", json.dumps({"configurations": [{"type": "node", "request": "attach", "name": "koppelen", "port": 9229}]}, indent=2), "a debugger port"),
    ("gha/weekly-monday-cron-and-manual", "gha_workflow", "on:\n  schedule:\n    - cron: '17 4 * * 1'\n  workflow_dispatch:", "a weekly schedule"),
    ("fish/abbr-git-status", "fish", "abbr -a gs git status\nabbr -a gl git log --oneline", "abbreviations"),
    ("console/date-format-dutch", "devtools_console", "> new Date(2026, 11, 23).toLocaleDateString('nl-NL', { dateStyle: 'full' })\n< 'woensdag 23 december 2026'", "a formatted date"),
    ("envrc/dotenv-if-exists-and-path-add", "envrc", "dotenv_if_exists .env.lokaal\nPATH_add bin", "a path addition"),
    ("maven/offline-and-local-repository", "maven_settings", "<settings>\n  <offline>false</offline>\n  <interactiveMode>false</interactiveMode>\n  <localRepository>/srv/m2</localRepository>\n</settings>", "a local repository folder"),
    ("rclone/lsd-listing-output", "rclone_conf", "$ rclone lsd extern:\n          -1 2026-12-01 08:00:00        -1 archief\n          -1 2026-12-20 08:00:00        -1 foto", "a folder listing"),
    ("composer/scripts-test-alias", "composer_auth", json.dumps({"scripts": {"test": "phpunit --colors=always", "lint": "phpcs src"}}, indent=4), "script aliases"),
    ("yarnrc/node-linker-and-telemetry", "yarnrc", "nodeLinker: node-modules\nenableTelemetry: false", "linker settings"),
    ("terraformrc/disable-checkpoint-calls", "terraformrc", "disable_checkpoint = true\ndisable_checkpoint_signature = true", "update checks off"),
    ("cargo/build-target-dir-and-jobs", "cargo_credentials", "[build]\ntarget-dir = \"/tmp/cargo-doel\"\njobs = 2", "build settings"),
    ("docker/buildx-version-output", "docker_config", "$ docker buildx version\ngithub.com/docker/buildx v0.19.2 1fc5647dc281ca3c2ad5b451aeff2dce84f1dc49", "a tool's version and commit"),
    ("aws/s3-max-concurrent-requests", "aws_config", "[default]\ns3 =\n    max_concurrent_requests = 20\n    multipart_threshold = 64MB", "transfer settings"),
    ("gitcred/helper-cache-timeout", "git_credentials", "[credential]\n\thelper = cache --timeout=3600", "a helper's timeout, no value"),
    ("helm/node-selector-and-toleration", "helm_values", "nodeSelector:\n  zone: ams-1\ntolerations:\n  - key: gpu\n    operator: Exists\n    effect: NoSchedule", "scheduling hints"),
    ("vault/listener-tcp-tls-paths", "vault_agent", "listener \"tcp\" {\n  address       = \"0.0.0.0:8200\"\n  tls_cert_file = \"/etc/vault/tls.crt\"\n  tls_key_file  = \"/etc/vault/tls.key\"\n}", "a key named by its path"),
    ("mycnf/mysqldump-single-transaction-quick", "my_cnf", "[mysqldump]\nsingle-transaction\nquick\nmax_allowed_packet = 64M", "dump options"),
    ("s3cfg/multipart-chunk-and-signature", "s3cfg", "[default]\nmultipart_chunk_size_mb = 50\nsignature_v2 = False", "upload settings"),
    ("bitbucket/caches-pip", "bitbucket_pipelines", "pipelines:\n  default:\n    - step:\n        caches: [pip]\n        script: [pip install -r requirements.txt]", "a cache"),
    ("wrangler/compatibility-date-and-flags", "wrangler", "compatibility_date = \"2026-12-01\"\ncompatibility_flags = [\"nodejs_compat\"]", "a compatibility date"),
    ("k6/scenario-ramping-vus-stages", "k6_script", "export const options = {\n  scenarios: { piek: { executor: 'ramping-vus', stages: [{ duration: '1m', target: 50 }] } },\n};", "a load ramp"),
    ("heroku/rollback-to-release-output", "heroku_config", "$ heroku rollback v41 -a fietsverhuur\nRolling back \u2b22 fietsverhuur... done, v41", "a rollback"),
    ("authinfo/gnus-select-method", "authinfo", "(setq gnus-select-method '(nnimap \"example\" (nnimap-address \"imap.example.nl\") (nnimap-server-port 993)))", "a mail server address"),
    ("fly/mounts-volume-destination", "fly_toml", "[mounts]\n  source = \"fiets_data\"\n  destination = \"/data\"", "a volume"),
    ("netlify/redirects-spa", "netlify_toml", "[[redirects]]\n  from = \"/*\"\n  to = \"/index.html\"\n  status = 200", "a redirect"),
    ("render/disk-mount-path", "render_yaml", "services:\n  - type: web\n    name: fietsverhuur\n    disk:\n      name: data\n      mountPath: /var/data\n      sizeGB: 5", "a disk"),
    ("jmeter/constant-timer-delay", "jmeter_plan", "<ConstantTimer testname=\"Pauze\">\n  <stringProp name=\"ConstantTimer.delay\">500</stringProp>\n</ConstantTimer>", "a pause"),
    ("jenkins/num-executors-and-mode", "jenkins_credentials", "<hudson>\n  <numExecutors>2</numExecutors>\n  <mode>EXCLUSIVE</mode>\n</hudson>", "executor settings"),
    ("gitlab/rules-changes-paths", "gitlab_ci", "docs:\n  rules:\n    - changes:\n        - docs/**/*\n  script: [mkdocs build]", "a change rule"),
    ("pipconf/only-binary-and-prefer-binary", "pip_conf", "[install]\nonly-binary = :all:\nprefer-binary = true", "wheel preferences"),
    ("gem/bundle-path-vendor", "gem_credentials", "---\nBUNDLE_PATH: \"vendor/bundle\"\nBUNDLE_JOBS: \"4\"", "an install path"),
    ("nuget/global-packages-folder", "nuget_config", "<config>\n  <add key=\"globalPackagesFolder\" value=\"/srv/nuget/pakketten\" />\n</config>", "a package folder"),
    ("supervisord/stopsignal-and-stopwaitsecs", "supervisord", "[program:reserveringen]\ncommand=/opt/fietsverhuur/bin/reserveringen\nstopsignal=TERM\nstopwaitsecs=30\nstopasgroup=true", "a graceful stop"),
    ("pulumi/replica-count-and-domain", "pulumi_config", "config:\n  fietsverhuur:aantalReplicas: \"3\"\n  fietsverhuur:domein: fietsverhuur.example.nl", "a count and a domain"),
    ("extension/host-permissions", "extension_storage", json.dumps({"manifest_version": 3, "host_permissions": ["https://*.example.nl/*"], "permissions": ["storage"]}), "permissions"),
    ("circleci/orbs-python", "circleci_config", "version: 2.1\norbs:\n  python: circleci/python@2.1", "an orb"),
    ("azure/stage-depends-on-and-condition", "azure_pipelines", "stages:\n  - stage: Uitrollen\n    dependsOn: Testen\n    condition: succeeded()", "a stage order"),
    ("ngrok/log-level-and-format", "ngrok_config", "version: 3\nagent:\n  log_level: info\n  log_format: json\n  log: stdout", "logging settings"),
    ("hgrc/extensions-rebase-and-histedit", "hgrc", "[extensions]\nrebase =\nhistedit =\n[ui]\nusername = Fleur de Vries <fleur@example.nl>", "extensions and a name"),
    ("wpa/wpa-cli-scan-results", "wpa_supplicant", "$ wpa_cli scan_results\nbssid / frequency / signal level / flags / ssid\n02:00:5e:10:00:01\t5180\t-54\t[WPA2-PSK-CCMP][ESS]\tFietsverhuur-Gast", "a scan listing"),
    ("bruno/assert-status", "bruno", "assert {\n  res.status: eq 200\n  res.body.stallingen: isArray\n}", "assertions"),
    ("insomnia/request-group-name", "insomnia", json.dumps({"_type": "request_group", "name": "Stallingen", "description": "Alle verzoeken voor stallingen"}), "a folder's name"),
    ("travis/jobs-include-stages-docs", "travis_ci", "jobs:\n  include:\n    - stage: test\n      python: \"3.12\"\n    - stage: docs\n      script: make docs", "build stages"),
    ("drone/trigger-branch-and-event", "drone_ci", "trigger:\n  branch: [main]\n  event: [push, tag]", "a trigger"),
    ("ghhosts/git-protocol-and-editor", "gh_hosts", "git_protocol: ssh\neditor: vim\nprompt: enabled", "CLI preferences"),
    ("condarc/envs-and-pkgs-dirs", "condarc", "envs_dirs:\n  - ~/conda/omgevingen\npkgs_dirs:\n  - ~/conda/pakketten", "folders"),
    ("override/ports-debugpy", "compose_override", "services:\n  api:\n    ports:\n      - \"5678:5678\"\n    command: python -m debugpy --listen 0.0.0.0:5678 -m app", "a debugger port"),
    ("vagrant/synced-folder-nfs-tcp", "vagrantfile", "config.vm.synced_folder \".\", \"/vagrant\", type: \"nfs\", nfs_udp: false", "a shared folder"),
    ("packer/ami-name-template", "packer_vars", "ami_name = \"fietsverhuur-{{timestamp}}\"\ninstance_type = \"t3.small\"", "an image name"),
    ("creds/load-credential-path-only", "systemd_credential", "[Service]\nLoadCredential=db-wachtwoord:/etc/fietsverhuur/creds/db\nExecStart=/usr/bin/fietsverhuur", "a credential named by its path"),
    ("userlist/auth-type-and-file-setting", "pgbouncer_userlist", "[pgbouncer]\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt", "an auth file named by its path"),
    ("initgradle/build-cache-local-dir", "init_gradle", "settingsEvaluated { settings ->\n  settings.buildCache {\n    local { directory = new File('/tmp/gradle-cache') }\n  }\n}", "a cache folder"),
    ("procfile/worker-celery-beat", "procfile", "worker: celery -A fietsverhuur worker -l info\nbeat: celery -A fietsverhuur beat", "background processes"),
    ("justfile/recipe-parameter-with-default", "justfile", "test bestand='tests':\n    pytest {{bestand}} -q", "a recipe parameter"),
    ("taskfile/sources-and-generates-proto", "taskfile", "tasks:\n  proto:\n    sources: ['proto/*.proto']\n    generates: ['gen/*.go']\n    cmds: [buf generate]", "inputs and outputs"),
    ("earthfile/save-artifact-local", "earthfile", "build:\n    FROM golang:1.23\n    RUN go build -o fiets ./cmd\n    SAVE ARTIFACT fiets AS LOCAL bin/fiets", "a saved artifact"),
    ("tiltfile/k8s-resource-port-forwards-labels", "tiltfile", "k8s_resource('api', port_forwards=['8000:8000'], labels=['backend'])", "a port forward"),
    ("skaffold/port-forward", "skaffold", "portForward:\n  - resourceType: service\n    resourceName: api\n    port: 8000\n    localPort: 9000", "a port forward"),
    ("buildkite/parallelism-and-artifact-paths", "buildkite", "steps:\n  - command: make e2e\n    parallelism: 4\n    artifact_paths: \"rapporten/**/*\"", "parallel jobs"),
    ("woodpecker/clone-depth-setting", "woodpecker_ci", "clone:\n  git:\n    image: woodpeckerci/plugin-git\n    settings:\n      depth: 1", "a clone setting"),
    ("bitrise/trigger-map-tag", "bitrise", "trigger_map:\n  - tag: \"v*\"\n    workflow: uitgave", "a tag trigger"),
    ("serverless/provider-memory-and-timeout", "serverless", "provider:\n  name: aws\n  runtime: python3.12\n  memorySize: 512\n  timeout: 20", "function limits"),
    ("appengine/handlers-static-dir-secure", "app_engine", "handlers:\n  - url: /static\n    static_dir: static\n    secure: always", "static handlers"),
    ("kamal/healthcheck-path-and-interval", "kamal_deploy", "proxy:\n  healthcheck:\n    path: /gezond\n    interval: 3", "a health check"),
    ("doapp/alerts-deploy-failed", "do_app_spec", "alerts:\n  - rule: DEPLOYMENT_FAILED\n  - rule: DOMAIN_FAILED", "alert rules"),
    ("railway/build-watch-patterns", "railway_json", json.dumps({"build": {"builder": "NIXPACKS", "watchPatterns": ["src/**", "pyproject.toml"]}}, indent=2), "watch patterns"),
    ("codemagic/triggering-events", "codemagic", "workflows:\n  ios:\n    triggering:\n      events: [push, pull_request]\n      branch_patterns:\n        - pattern: main", "build triggers"),
    ("vercel/headers-cache-control", "vercel_json", json.dumps({"headers": [{"source": "/assets/(.*)", "headers": [{"key": "Cache-Control", "value": "public, max-age=31536000, immutable"}]}]}, indent=2), "a caching header"),
    ("samconfig/local-start-api-port", "samconfig", "version = 0.1\n[default.local_start_api.parameters]\nport = 3001\nwarm_containers = \"EAGER\"", "a local port"),
    ("azurefunc/host-json-logging", "azure_local_settings", json.dumps({"version": "2.0", "logging": {"logLevel": {"default": "Information"}}}, indent=2), "a log level"),
    ("boto/s3-calling-format-and-host", "boto_config", "[s3]\ncalling_format = boto.s3.connection.OrdinaryCallingFormat\nhost = s3.eu-west-1.amazonaws.com", "an addressing style"),
    ("bunfig/run-shell-and-silent", "bunfig", "[run]\nshell = \"system\"\nsilent = true\n[install]\nexact = true", "run settings"),
    ("zeabur/zbpack-python-entry", "zeabur", json.dumps({"python": {"entry": "main.py", "version": "3.12"}}, indent=2), "an entry file"),
    ("msmtprc/aliases-and-syslog", "msmtprc", "defaults\naliases /etc/aliases\nsyslog LOG_MAIL\nport 587", "defaults with no account"),
    ("muttrc/sidebar-and-pager-index-lines", "muttrc", "set sidebar_visible = yes\nset sidebar_width = 24\nset pager_index_lines = 8", "layout settings"),
    ("offlineimaprc/folderfilter-lambda", "offlineimaprc", "[Repository praca-extern]\nfolderfilter = lambda f: f not in ['[Gmail]/Spam', '[Gmail]/Prullenbak']", "a folder filter"),
    ("firebase/runtimeconfig-public-settings", "firebase_runtimeconfig", json.dumps({"app": {"regio": "europe-west4", "taal": "nl", "max_ritten": "12"}}, indent=2), "region and limits"),
    ("redis/save-and-appendonly", "redis_conf", "save 3600 1 300 100\nappendonly yes\nappendfsync everysec\ndir /var/lib/redis", "persistence settings"),
    ("lftp/mirror-parallel-settings", "lftprc", "set mirror:parallel-transfer-count 4\nset net:max-retries 3\nset net:timeout 20", "transfer settings"),
    ("telegraf/inputs-cpu-and-interval", "telegraf", "[agent]\n  interval = \"10s\"\n  flush_interval = \"10s\"\n[[inputs.cpu]]\n  percpu = true\n  totalcpu = true", "collection settings"),
    ("filebeat/inputs-filestream-paths", "filebeat", "filebeat.inputs:\n  - type: filestream\n    id: fietsverhuur\n    paths:\n      - /var/log/fietsverhuur/*.log", "log paths"),
    ("irssi/channels-autojoin", "irssi", "channels = (\n  { name = \"#fietsverhuur\"; chatnet = \"libera\"; autojoin = \"yes\"; }\n);", "a channel to join"),
]
ORDINARY = [(shape, context, lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, dutch_prose, ORDINARY, PUBLIC)


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh23.jsonl"))
