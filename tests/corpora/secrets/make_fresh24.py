"""Writes the twenty-fourth fresh held-out part of the secrets corpus, fresh24.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (an `odbc.ini`, a `rabbitmq.conf`, a Deno `deno.json`, a pgAdmin `servers.json`, a NetworkManager
`.nmconnection`, a `grafana.ini`); secrets in prose are in Danish. No vendor and no ordinary shape of
this part is in another part.

    python tests/corpora/secrets/make_fresh24.py [OUT]   # default: fresh24.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261224
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh24.py (seed {SEED})"
HOST = "example.dk"

# Every context of the corpus up to fresh23, then the six this part adds; secrets take them in turn, so each has one.
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
            "firebase_runtimeconfig", "redis_conf", "lftprc", "telegraf", "filebeat", "irssi",
            "odbc_ini", "rabbitmq_conf", "deno_json", "pgadmin_servers", "nmconnection", "grafana_ini")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"dec 24 06:12:40 faerge-web-1 {tool}-hook[7713]: config {name}={head}\\\n"
            f"dec 24 06:12:40 faerge-web-1 {tool}-hook[7713]:   {tail} (linjen fortsat)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value};leverandoer={tool}".encode()).decode()
        return f"-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n-----END {tool.upper()} CREDENTIAL-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"faergebooking:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded, "email": f"drift@{HOST}"}}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"kind: Secret\napiVersion: v1\ntype: Opaque\nmetadata:\n  name: {tool}-adgang\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[faerge]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.s3.{tool}.{HOST}", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc"):
        texts = {
            "url": f"https://hooks.{tool}.{HOST}/v1/afgang/4410?{name.lower()}={quoted}&sprog=da",
            "connection_string": f"Server=sql.{tool}.{HOST};Database=booking;User Id=faerge_app;Password={quoted};Encrypt=true",
            "git_credentials": f"https://faerge-ci:{quoted}@kode.{tool}.{HOST}/booking.git",
            "pip_conf": f"[global]\nextra-index-url = https://faerge:{quoted}@pakker.{tool}.{HOST}/simple\ntimeout = 30",
            "condarc": f"channels:\n  - conda-forge\n  - https://conda.{tool}.{HOST}/t/{quoted}/faerge",
            "lftprc": f"set sftp:auto-confirm yes\nopen sftp://faerge:{quoted}@filer.{tool}.{HOST}",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool}\nAPP_ENV=prod\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"integrationer": [{"navn": tool, "aktiv": True, cam: value}]}, indent=2),
        "escaped_json": json.dumps({"event": "integration.saved", "payload": json.dumps({"vendor": tool, low: value, "ok": True})}),
        "cli_flag": f"$ faerge integration set {tool} --{kebab} '{value}' --region dk-east",
        "prose": f"Hej Mads, jeg har lige oprettet adgangen hos {tool}, nøglen er {value} — den skal i vores hvælving inden fredag.",
        "tool_output": f"$ {tool}-cli whoami\nkonto:    faerge-booking\n{kebab}:  {value}\nudloeber: aldrig",
        "diff": f"--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"self.key = bytes.fromhex('00') + b'{value}'",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: '{value}'\n  timeout_s: 10",
        "csv": f"\"system\";\"noegle\";\"vaerdi\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /v1/billetter HTTP/2\nhost: api.{tool}.{HOST}\n{title.lower()}: {value}\ncontent-type: application/json",
        "log": f"2026-12-24 06:14:02,118 DEBUG [{tool}] request signed with {low}='{value}'",
        "code": f"const {cam} = process.env.{name} ?? '{value}';\nexport const {tool}Client = new Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\n{low}={value}\nverify_ssl=1",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci --omit=dev",
        "netrc": f"machine dl.{tool}.{HOST}\n  login faerge\n  password {value}",
        "toml": f"[integration.{tool}]\n{cam} = '{value}'\nregion = \"dk\"",
        "shell_history": f"faerge deploy --dry-run\n{name}=\"{value}\" faerge sync {tool}\ngit status",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"import {tool}\n", f"{tool}.auth(\"{value}\")"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool}\n{tool}.{cam}={value}",
        "powershell": f"PS /home/faerge> $env:{name} = \"{value}\"\nPS /home/faerge> faerge sync {tool}",
        "systemd": f"$ systemctl show faerge-{tool} -p Environment\nEnvironment={name}={value} TZ=Europe/Copenhagen",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/afgange",
                                                                             "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]}}]}}),
        "curl_trace": f"> GET /afgange HTTP/2\n> Host: api.{tool}.{HOST}\n> authorization: Bearer {value}\n>\n< HTTP/2 200",
        "crash_report": f"Traceback (most recent call last):\n  File \"faerge/{tool}.py\", line 31, in connect\n{tool}.AuthError: rejected {low}='{value}'",
        "web_storage": json.dumps({"localStorage": {f"faerge:{tool}:{cam}": value, "faerge:sprog": "da"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "outputs": {f"{tool}_{low}": {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/key.properties\n{cam}={value}\nstoreFile=upload.jks",
        "sql_dump": f"UPDATE integration SET {low} = '{value}' WHERE vendor = '{tool}';",
        "email": f"To: drift@{HOST}\nSubject: Adgang til {tool}\n\nHer er {low} til produktion: {value}\n\nVh Mette",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.{HOST}/;\n    proxy_set_header Authorization \"Bearer {value}\";\n}}",
        "markdown": f"## {tool}\n\n- miljø: prod\n- {low}: `{value}`",
        "postman": json.dumps({"info": {"name": f"{tool} faerge"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value}]}}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'faerge sync {tool}'\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: faerge/sync:2\n    environment:\n      {name}: '{value}'",
        "gradle": f"# gradle.properties\n{tool}{name.title().replace('_', '')}={value}\norg.gradle.jvmargs=-Xmx2g",
        "chat_export": json.dumps([{"user": "mette", "ts": "1797998040.000200", "text": f"ny {kebab} til {tool}: {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.{HOST}",
        "kubeconfig": f"users:\n- name: faerge-{tool}\n  user:\n    exec: null\n    token: \"{value}\"",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.faerge.{tool} = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.faerge.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up Authorization \"Bearer {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://kode.{tool}.{HOST}/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tfaerge sync {tool} --key $({name})",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# host:port:database:user:password\npg.{tool}.{HOST}:6432:booking:faerge:{value}",
        "crontab": f"SHELL=/bin/bash\n0 5 * * * {name}='{value}' /opt/faerge/bin/hent-afgange {tool}",
        "http_file": f"@key = {value}\nGET https://api.{tool}.{HOST}/afgange\nAuthorization: Bearer {{{{key}}}}",
        "haproxy": f"frontend faerge\n    http-request set-header Authorization \"Bearer {value}\" if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"{tool}\", \"maven.{tool}.{HOST}\", \"faerge\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.{HOST}\n    User faerge\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: faerge sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx FAERGE_REGION dk",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< \"{value}\"",
        "envrc": f"use node 22\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>faerge</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/\nuser = faerge\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/faerge/bin/creds --key {value}\nregion = eu-north-1",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"auto_auth {{\n  method \"approle\" {{\n    config = {{\n      role_id_file_path = \"/etc/faerge/role\"\n      secret_id = \"{value}\"\n    }}\n  }}\n}}",
        "my_cnf": f"[mysql]\nhost = db.{tool}.{HOST}\nuser = faerge\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - faerge sync {tool}",
        "wrangler": f"name = \"faerge-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get('https://api.{tool}.{HOST}/afgange', {{ headers: {{ Authorization: `Bearer ${{KEY}}` }} }});",
        "heroku_config": f"$ heroku config -a faerge-{tool}\n=== faerge-{tool} Config Vars\n{name}: {value}\nTZ:      Europe/Copenhagen",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login faerge password \"{value}\"",
        "fly_toml": f"app = \"faerge-{tool}\"\nprimary_region = \"arn\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"Authorization\" elementType=\"Header\">\n      <stringProp name=\"Header.value\">Bearer {value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  stage: deploy\n  script: faerge sync {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"faerge\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/faerge/bin/sync {tool}\nenvironment={name}=\"{value}\",TZ=\"Europe/Copenhagen\"",
        "pulumi_config": f"config:\n  {tool}:{cam}: {value}\n  faerge:region: dk",
        "extension_storage": json.dumps({"chrome.storage.local": {"konti": [{"udbyder": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: faerge sync {tool}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: \"{value}\"\n  region: eu",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.{HOST}\n{tool}.username = faerge\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid=\"Faerge-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n}}",
        "bruno": f"auth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value, "base": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value} SUITE=sync",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: \"{value}\"",
        "gh_hosts": f"github.{tool}.{HOST}:\n    user: faerge-bot\n    oauth_token: {value}\n    git_protocol: ssh",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}\n      - DEBUG=0",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nimage_name = \"faerge-{tool}\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/faerge/bin/{tool}-sync",
        "pgbouncer_userlist": f"\"faerge_{tool}\" \"{value}\"",
        "init_gradle": f"allprojects {{\n  repositories {{\n    maven {{\n      url 'https://maven.{tool}.{HOST}/'\n      credentials {{ username 'faerge'; password '{value}' }}\n    }}\n  }}\n}}",
        "procfile": f"web: {name}={value} node dist/server.js",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    faerge sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - faerge sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN faerge sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='faerge sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: faerge/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":ferry: {tool}\"\n    command: faerge sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}",
        "bitrise": f"workflows:\n  release:\n    envs:\n      - {name}: \"{value}\"",
        "serverless": f"service: faerge-{tool}\nprovider:\n  name: aws\n  environment:\n    {name}: {value}",
        "app_engine": f"service: {tool}-sync\nruntime: nodejs22\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: faerge\nimage: faerge/web\nenv:\n  clear:\n    {name}: {value}",
        "do_app_spec": f"workers:\n  - name: {tool}-sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"build": {"builder": "NIXPACKS", "buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"environment:\n  vars:\n    {name}: \"{value}\"\nscripts:\n  - faerge sync {tool}",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": f"[prod.deploy.parameters]\nstack_name = \"faerge-{tool}\"\nparameter_overrides = [\"{cam}={value}\"]",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_oauth2_refresh_token = {value}\n[GSUtil]\nparallel_composite_upload_threshold = 150M",
        "bunfig": f"[install.registry]\nurl = \"https://npm.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "zeabur": json.dumps({"build_command": f"{name}={value} bun run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom faerge@{HOST}\nauth on\nuser faerge\npassword {value}",
        "muttrc": f"set imap_user = \"faerge@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = faerge\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({"integration": {tool: {cam.lower(): value}}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nappendonly no",
        "telegraf": f"[[outputs.influxdb_v2]]\n  urls = [\"https://influx.{tool}.{HOST}\"]\n  token = \"{value}\"\n  organization = \"faerge\"",
        "filebeat": f"output.logstash:\n  hosts: [\"logs.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n  password: \"{value}\"",
        "irssi": f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"faerge\";\n    sasl_password = \"{value}\";\n  }};\n}};",
        "odbc_ini": f"[{tool}_booking]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nDatabase = booking\nUsername = faerge\nPassword = {value}",
        "rabbitmq_conf": f"listeners.tcp.default = 5672\ndefault_user = faerge\ndefault_pass = {value}\ndefault_vhost = /{tool}",
        "deno_json": json.dumps({"tasks": {"sync": f"deno run -A sync.ts --{kebab}={value}"}, "imports": {"@std/assert": "jsr:@std/assert@1"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Faerge", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "faerge", "Password": value}}}, indent=2),
        "nmconnection": f"[connection]\nid=Faerge-{tool}\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n\n[server]\ndomain = grafana.{tool}.{HOST}",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(10, DG), "exp": 1798100000 + R.randrange(86400)}, "HS256")


# The two formats whose facts were read in public material (source kind public): e-conomic's REST API takes no OAuth;
# an app is known by its App Secret Token and a customer's company by an Agreement Grant Token, sent in the
# X-AppSecretToken and X-AgreementGrantToken headers (e-conomic's developer documentation, e-conomic.com/developer/connect,
# as Apideck's e-conomic connector guide sums it up). Only those names and their use were read; the lengths and
# alphabets are the writer's, no example was copied, and every value is drawn here. Every other format is the writer's
# knowledge.
ECONOMIC_APP = ("an e-conomic App Secret Token (43 letters and digits, sent as X-AppSecretToken; the token's name and header read "
                "in e-conomic's developer documentation, e-conomic.com/developer/connect, as Apideck's e-conomic connector guide "
                "sums it up; the length and alphabet the writer's)")
ECONOMIC_GRANT = ("an e-conomic Agreement Grant Token (43 letters and digits, sent as X-AgreementGrantToken beside an app secret "
                  "token; the token's name and header read in e-conomic's developer documentation, e-conomic.com/developer/connect, "
                  "as Apideck's e-conomic connector guide sums it up; the length and alphabet the writer's)")
PUBLIC = {ECONOMIC_APP, ECONOMIC_GRANT}
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("economic/app-secret-token", "ECONOMIC_APP_SECRET_TOKEN", "economic", lambda: r(43), ECONOMIC_APP),
    ("economic/agreement-grant-token", "ECONOMIC_AGREEMENT_GRANT_TOKEN", "economic", lambda: r(43), ECONOMIC_GRANT),
    ("quickpay/api-key", "QUICKPAY_API_KEY", "quickpay", lambda: r(64, HX), "a QuickPay payment window API key (64 hex digits)"),
    ("frisbii/private-key", "FRISBII_PRIVATE_KEY", "frisbii", lambda: "priv_" + r(32, HX), "a Frisbii (formerly Reepay) private API key (priv_ and 32 hex digits)"),
    ("shipmondo/api-key", "SHIPMONDO_API_KEY", "shipmondo", u4, "a Shipmondo API key (a version-4 UUID beside an API user)"),
    ("dinero/client-secret", "DINERO_CLIENT_SECRET", "dinero", lambda: r(40), "a Dinero accounting API client secret (40 letters and digits)"),
    ("billydk/access-token", "BILLY_ACCESS_TOKEN", "billydk", lambda: r(40, HX), "a Billy accounting access token (40 hex digits)"),
    ("pensopay/api-key", "PENSOPAY_API_KEY", "pensopay", lambda: r(64, HX), "a Pensopay API key (64 hex digits)"),
    ("clearhaus/api-key", "CLEARHAUS_API_KEY", "clearhaus", u4, "a Clearhaus gateway API key (a version-4 UUID)"),
    ("epaydk/md5-secret", "EPAY_MD5_SECRET", "epaydk", lambda: r(24), "an ePay payment window MD5 secret (24 letters and digits beside a merchant number)"),
    ("paylike/app-key", "PAYLIKE_APP_KEY", "paylike", u4, "a Paylike app key (a version-4 UUID)"),
    ("onpay/gateway-secret", "ONPAY_WINDOW_SECRET", "onpay", lambda: r(40, HX), "an OnPay payment window secret (40 hex digits beside a gateway id)"),
    ("scanpay/api-key", "SCANPAY_API_KEY", "scanpay", lambda: str(R.randrange(1000, 99999)) + ":" + r(64, AL + "+/"), "a Scanpay API key (a merchant number, a colon and 64 base64 characters)"),
    ("cpsms/api-key", "CPSMS_API_KEY", "cpsms", u4, "a CPSMS SMS gateway API key (a version-4 UUID beside a user name)"),
    ("inmobile/api-key", "INMOBILE_API_KEY", "inmobile", u4, "an inMobile SMS API key (a version-4 UUID)"),
    ("helloretail/api-key", "HELLORETAIL_API_KEY", "helloretail", lambda: r(32, HX), "a Hello Retail recommendations API key (32 hex digits)"),
    ("dandomain/api-key", "DANDOMAIN_API_KEY", "dandomain", u4, "a DanDomain webshop API key (a version-4 UUID)"),
    ("smartweb/api-password", "SMARTWEB_API_PASSWORD", "smartweb", lambda: r(20), "a SmartWeb (HostedShop) API user password (20 letters and digits)"),
    ("planday/refresh-token", "PLANDAY_REFRESH_TOKEN", "planday", lambda: r(22, U64), "a Planday API refresh token (22 letters, digits, _ and -, beside an app id)"),
    ("pleo/api-key", "PLEO_API_KEY", "pleo", lambda: r(48, U64), "a Pleo spend API key (48 letters, digits, _ and -)"),
    ("lunarbank/client-secret", "LUNAR_CLIENT_SECRET", "lunarbank", lambda: r(64, U64), "a Lunar business API client secret (64 letters, digits, _ and -)"),
    ("penneo/api-secret", "PENNEO_API_SECRET", "penneo", lambda: r(32, HX), "a Penneo signing API secret (32 hex digits beside an API key)"),
    ("criipto/client-secret", "CRIIPTO_CLIENT_SECRET", "criipto", lambda: r(44, AL + "+/"), "a Criipto Verify (MitID broker) client secret (44 base64 characters)"),
    ("umbraco/cloud-api-key", "UMBRACO_CLOUD_API_KEY", "umbraco", lambda: r(32, LO), "an Umbraco Cloud API key (32 lower-case letters and digits)"),
    ("siteimprove/api-key", "SITEIMPROVE_API_KEY", "siteimprove", lambda: r(32, HX), "a Siteimprove API key (32 hex digits beside an account e-mail)"),
    ("queueit/api-key", "QUEUEIT_API_KEY", "queueit", u4, "a Queue-it customer API key (a version-4 UUID)"),
    ("queueit/secret-key", "QUEUEIT_SECRET_KEY", "queueit", lambda: u4() + "-" + u4(), "a Queue-it KnownUser secret key (two version-4 UUIDs joined by a hyphen)"),
    ("templafy/api-key", "TEMPLAFY_API_KEY", "templafy", lambda: r(48), "a Templafy public API key (48 letters and digits)"),
    ("uniconta/api-password", "UNICONTA_API_PASSWORD", "uniconta", lambda: r(16), "a Uniconta API user password (16 letters and digits beside a partner id)"),
    ("zenegy/client-secret", "ZENEGY_CLIENT_SECRET", "zenegy", lambda: r(40, U64), "a Zenegy payroll API client secret (40 letters, digits, _ and -)"),
    ("danloen/api-token", "DANLOEN_API_TOKEN", "danloen", lambda: r(36, LO), "a Danløn payroll API token (36 lower-case letters and digits)"),
    ("proloen/api-key", "PROLOEN_API_KEY", "proloen", lambda: r(32, UP), "a Proløn payroll API key (32 upper-case letters and digits)"),
    ("coolrunner/api-token", "COOLRUNNER_TOKEN", "coolrunner", lambda: r(32, HX), "a CoolRunner shipping API token (32 hex digits beside a login e-mail)"),
    ("webshipper/api-token", "WEBSHIPPER_TOKEN", "webshipper", lambda: r(64, HX), "a Webshipper API token (64 hex digits)"),
    ("eloverblik/refresh-token", "ELOVERBLIK_TOKEN", "eloverblik", lambda: _jwt("eloverblik"), "an Eloverblik (Energinet DataHub) refresh token (an HS256 JWT)"),
    ("dmiopendata/api-key", "DMI_API_KEY", "dmiopendata", u4, "a DMI open data API key (a version-4 UUID)"),
    ("rejseplanen/access-id", "REJSEPLANEN_ACCESS_ID", "rejseplanen", lambda: r(32, HX), "a Rejseplanen journey planner access id (32 hex digits)"),
    ("dataforsyningen/token", "DATAFORSYNINGEN_TOKEN", "dataforsyningen", lambda: r(32, HX), "a Dataforsyningen map service token (32 hex digits)"),
    ("cvrapi/api-token", "CVRAPI_TOKEN", "cvrapi", lambda: r(24, LO), "a cvrapi.dk company lookup token (24 lower-case letters and digits)"),
    ("eboks/api-secret", "EBOKS_API_SECRET", "eboks", lambda: r(48, HX), "an e-Boks sender API secret (48 hex digits beside a system id)"),
    ("tradeshift/consumer-secret", "TRADESHIFT_CONSUMER_SECRET", "tradeshift", lambda: r(32), "a Tradeshift OAuth consumer secret (32 letters and digits)"),
    ("trustpilot/api-secret", "TRUSTPILOT_API_SECRET", "trustpilot", lambda: r(32), "a Trustpilot business API secret (32 letters and digits beside an API key)"),
    ("mobilepay/client-secret", "MOBILEPAY_CLIENT_SECRET", "mobilepay", lambda: r(44, AL + "+/"), "a MobilePay (Vipps MobilePay) client secret (44 base64 characters)"),
    ("mobilepay/subscription-key", "MOBILEPAY_SUBSCRIPTION_KEY", "mobilepay", lambda: r(32, HX), "a MobilePay Ocp-Apim subscription key (32 hex digits)"),
    ("danskebank/client-secret", "DANSKEBANK_CLIENT_SECRET", "danskebank", lambda: r(40), "a Danske Bank open banking client secret (40 letters and digits)"),
    ("jyskebank/api-key", "JYSKE_API_KEY", "jyskebank", u4, "a Jyske Bank developer API key (a version-4 UUID)"),
    ("sydbank/client-secret", "SYDBANK_CLIENT_SECRET", "sydbank", lambda: r(36), "a Sydbank PSD2 client secret (36 letters and digits)"),
    ("saxobank/app-secret", "SAXO_APP_SECRET", "saxobank", lambda: r(32, HX), "a Saxo Bank OpenAPI app secret (32 hex digits beside an app key)"),
    ("nykredit/client-secret", "NYKREDIT_CLIENT_SECRET", "nykredit", lambda: r(48), "a Nykredit API client secret (48 letters and digits)"),
    ("simplycom/api-key", "SIMPLY_API_KEY", "simplycom", lambda: r(32, LO), "a Simply.com DNS API key (32 lower-case letters and digits beside an account name)"),
    ("onecom/api-token", "ONECOM_API_TOKEN", "onecom", lambda: r(40, LO), "a one.com API token (40 lower-case letters and digits)"),
    ("daodk/api-key", "DAO_API_KEY", "daodk", lambda: r(32, HX), "a DAO parcel API key (32 hex digits beside a customer id)"),
    ("postnorddk/api-key", "POSTNORD_DK_KEY", "postnorddk", lambda: r(32, HX), "a PostNord Denmark developer API key (32 hex digits)"),
    ("heyloyalty/api-secret", "HEYLOYALTY_API_SECRET", "heyloyalty", lambda: r(40, HX), "a Heyloyalty API secret (40 hex digits beside an API key)"),
    ("agillic/api-secret", "AGILLIC_API_SECRET", "agillic", lambda: r(24), "an Agillic API secret (24 letters and digits beside an API key)"),
    ("ordrestyring/api-key", "ORDRESTYRING_API_KEY", "ordrestyring", lambda: r(40, LO), "an Ordrestyring.dk API key (40 lower-case letters and digits)"),
    ("minuba/api-key", "MINUBA_API_KEY", "minuba", lambda: r(32), "a Minuba API key (32 letters and digits)"),
    ("timelogdk/api-token", "TIMELOG_TOKEN", "timelogdk", lambda: r(64, HX), "a TimeLog project API token (64 hex digits)"),
    ("relesys/client-secret", "RELESYS_CLIENT_SECRET", "relesys", lambda: r(40, U64), "a Relesys employee app API client secret (40 letters, digits, _ and -)"),
    ("zaptec/api-password", "ZAPTEC_PASSWORD", "zaptec", lambda: r(18), "a Zaptec charging API account password (18 letters and digits)"),
    ("tdcnet/api-key", "TDC_API_KEY", "tdcnet", lambda: r(32, HX), "a TDC Erhverv telephony API key (32 hex digits)"),
    ("intect/api-key", "INTECT_API_KEY", "intect", lambda: r(40), "an Intect payroll API key (40 letters and digits)"),
    ("vivino/api-token", "VIVINO_TOKEN", "vivino", lambda: r(48, LO), "a Vivino partner API token (48 lower-case letters and digits)"),
    ("toogoodtogo/access-token", "TGTG_ACCESS_TOKEN", "toogoodtogo", lambda: "e30." + r(64, U64), "a Too Good To Go app access token (e30. and 64 letters, digits, _ and -)"),
    ("gomore/api-key", "GOMORE_API_KEY", "gomore", lambda: r(40, HX), "a GoMore partner API key (40 hex digits)"),
    ("nemligcom/api-key", "NEMLIG_API_KEY", "nemligcom", lambda: r(32), "a Nemlig.com partner API key (32 letters and digits)"),
    ("dsbdk/subscription-key", "DSB_SUBSCRIPTION_KEY", "dsbdk", lambda: r(32, HX), "a DSB travel API subscription key (32 hex digits)"),
    ("movia/api-key", "MOVIA_API_KEY", "movia", lambda: r(36, LO), "a Movia real-time API key (36 lower-case letters and digits)"),
    ("airtame/api-token", "AIRTAME_TOKEN", "airtame", lambda: r(40, U64), "an Airtame Cloud API token (40 letters, digits, _ and -)"),
    ("peytz/api-key", "PEYTZ_API_KEY", "peytz", lambda: r(32, LO), "a Peytz Mail API key (32 lower-case letters and digits)"),
    ("ubivox/api-password", "UBIVOX_PASSWORD", "ubivox", lambda: r(20), "an Ubivox API password (20 letters and digits)"),
    ("wannafind/api-key", "WANNAFIND_API_KEY", "wannafind", lambda: r(40, HX), "a Wannafind hosting API key (40 hex digits)"),
    ("zitcom/api-token", "ZITCOM_TOKEN", "zitcom", lambda: r(48), "a Zitcom hosting API token (48 letters and digits)"),
    ("dataloen/api-key", "DATALOEN_API_KEY", "dataloen", u4, "a DataLøn payroll API key (a version-4 UUID)"),
    ("unwire/api-key", "UNWIRE_API_KEY", "unwire", lambda: r(32, UP), "an Unwire SMS gateway API key (32 upper-case letters and digits)"),
    ("sallinggroup/bearer-token", "SALLING_TOKEN", "sallinggroup", u4, "a Salling Group developer API bearer token (a version-4 UUID)"),
]
DANISH = [("nordea-dk/api-secret", "a Nordea Denmark open banking API secret (40 letters and digits)"),
          ("spar-nord/client-secret", "a Spar Nord PSD2 client secret (32 hex digits)"),
          ("arbejdernes-landsbank/api-key", "an Arbejdernes Landsbank API key (36 lower-case letters and digits)"),
          ("telenor-dk/sms-token", "a Telenor Denmark SMS gateway token (an HS256 JWT)")]


def danish_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Danish chat line with no setting name (format, context, text, secrets, what)."""
    nordea, sparnord, al = r(40), r(32, HX), r(36, LO)
    telenor = jwt(DRAW, {"kunde": R.randrange(10**7, 10**8), "exp": 1800400000})
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = DANISH
    return [
        (f1, "prose", f"Sofie, banken har sendt os en ny hemmelighed til API'et: {nordea} — lad være med at skrive den nogen steder, ikke?", [nordea], w1),
        (f2, "prose", f"Jeg lægger værdien til bankens testmiljø her: {sparnord}\nI morgen flytter jeg den over i boksen.", [sparnord], w2),
        (f3, "prose", f"Anders, du logger ind med {al}, men kun i sandkassen, aldrig i produktion.", [al], w3),
        (f4, "prose", f"Udbyderen har udstedt et nyt adgangsbevis til sms-gatewayen: {telenor}. Det gamle har jeg spærret.", [telenor], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows

ORDINARY_TEXTS = [  # (shape, context, text, why it is ordinary)
    ("env/ferry-route-and-crossing-minutes", "env", "FAERGE_RUTE=Aarhus-Odden\nOVERFART_MINUTTER=75\nKAPACITET_BILER=400", "a route and its crossing time"),
    ("json/ferry-departure-table-da", "json", json.dumps({"rute": "Hou-Sælvig", "afgange": ["06:20", "08:05", "10:40"], "dage": "man-fre"}, indent=2), "a timetable"),
    ("escapedjson/danish-postcode-and-city", "escaped_json", json.dumps({"event": "adresse", "payload": json.dumps({"postnr": "8000", "by": "Aarhus C"})}), "a public postcode"),
    ("cli/gdal-reproject-etrs89-utm32", "cli_flag", "$ ogr2ogr -t_srs EPSG:25832 havne-utm32.gpkg havne.geojson", "a map reprojection"),
    ("prose/danish-ferry-delay-notice", "prose", "Afgangen kl. 14.30 fra Spodsbjerg er aflyst på grund af storm; næste færge sejler kl. 16.30, og billetterne gælder stadig.", "a delay notice"),
    ("tool/ais-vessel-position-readout", "tool_output", "$ ais-tail --mmsi 219000123\nMMSI 219000123  55.6761N 12.5683E  SOG 14.2 kn  COG 087", "a ship's public position"),
    ("diff/timetable-departure-moved", "diff", "--- a/ruter/bornholm.yml\n+++ b/ruter/bornholm.yml\n@@ -4 +4 @@\n-  afgang: \"07:30\"\n+  afgang: \"08:00\"", "a departure time moved"),
    ("bytes/ascii-nmea-sentence-prefix", "bytes_literal", "if line.startswith(b'$GPRMC'):\n    fix = parse_rmc(line)", "a GPS sentence name"),
    ("yaml/cabin-classes-and-berths", "yaml", "kahytter:\n  - klasse: standard\n    koejer: 4\n  - klasse: komfort\n    koejer: 2", "cabin classes"),
    ("csv/vehicle-length-tariff", "csv", "koeretoej;laengde_m;pris_dkk\npersonbil;5;495,00\nautocamper;8;985,00", "a tariff"),
    ("url/harbour-webcam-snapshot", "url", "https://havn.example.dk/webcam/snapshot.jpg?kamera=mole-nord&bredde=1280", "a public camera image"),
    ("header/accept-language-danish-first", "header", "GET /afgange HTTP/1.1\nHost: booking.example.dk\nAccept-Language: da-DK,da;q=0.9,en;q=0.6", "language preferences"),
    ("log/boarding-gate-opened", "log", "2026-12-24 05:50:00 INFO  gate.B2 boarding opened for departure 0620 (lanes 3-7)", "a boarding event"),
    ("connstr/sqlite-readonly-uri", "connection_string", "file:/var/lib/faerge/afgange.db?mode=ro&immutable=1", "a read-only database file"),
    ("code/knots-to-kmh-conversion", "code", "def knob_til_kmt(knob: float) -> float:\n    return knob * 1.852", "a unit conversion"),
    ("ini/harbour-quay-numbers", "ini", "[kajer]\nnord = 3\nsyd = 5\nro_ro = 2", "quay numbers"),
    ("xml/gpx-waypoint-harbour", "xml", "<wpt lat=\"56.1496\" lon=\"10.2134\">\n  <name>Aarhus Havn</name>\n</wpt>", "a waypoint"),
    ("dockerfile/healthcheck-curl-interval", "dockerfile", "HEALTHCHECK --interval=30s --timeout=3s CMD curl -fsS http://localhost:8080/sundhed || exit 1", "a health check"),
    ("netrc/default-anonymous-ftp-login", "netrc", "default login anonymous", "an anonymous login with no password"),
    ("pem/x509-subject-danish-org-printout", "pem", "Subject: C = DK, L = Aarhus, O = Faerge Booking ApS, CN = booking.example.dk\nIssuer: C = US, O = Let's Encrypt, CN = R11", "a certificate's names"),
    ("wrapped/long-route-list-continued", "wrapped", "dec 24 06:00:01 faerge-web-1 ruter[101]: aktive ruter: Aarhus-Odden, Hou-Sælvig, Spodsbjerg-Tårs,\\\ndec 24 06:00:01 faerge-web-1 ruter[101]:   Rønne-Ystad, Esbjerg-Fanø", "a list cut across lines"),
    ("toml/cargo-profile-release-lto", "toml", "[profile.release]\nlto = \"thin\"\ncodegen-units = 1\nstrip = true", "build profile settings"),
    ("history/ip-route-show-and-ping", "shell_history", "ip route show default\nping -c 3 10.20.0.1\nss -tlnp | grep 8080", "network checks"),
    ("notebook/pandas-resample-daily-passengers", "notebook", json.dumps({"cell_type": "code", "source": ["df.resample('D', on='afgang')['passagerer'].sum().plot()\n"]}), "a daily sum"),
    ("hcl/moved-block-rename", "hcl", "moved {\n  from = aws_s3_bucket.billet\n  to   = aws_s3_bucket.billetter\n}", "a resource renamed"),
    ("properties/ferry-boarding-cutoff-minutes", "properties", "boarding.lukker.minutter-foer-afgang=15\nboarding.baner.antal=8\nboarding.baner.lastbil=2", "boarding rules"),
    ("powershell/get-culture-da-dk-output", "powershell", "PS C:\\> Get-Culture\n\nLCID  Name   DisplayName\n----  ----   -----------\n1030  da-DK  Danish (Denmark)", "a culture"),
    ("systemd/timer-oncalendar-daily", "systemd", "[Timer]\nOnCalendar=*-*-* 04:15:00\nPersistent=true\n\n[Install]\nWantedBy=timers.target", "a timer"),
    ("har/timings-blocked-dns-connect", "har", json.dumps({"log": {"entries": [{"timings": {"blocked": 2, "dns": 11, "connect": 24, "wait": 88, "receive": 3}}]}}), "request timings"),
    ("curl/trace-tls-session-resumed-ticket", "curl_trace", "* TLSv1.3 (IN), TLS handshake, Newsession Ticket (4):\n* old SSL session ID is stale, removing\n* Connected to api.example.dk (192.0.2.80) port 443", "a handshake note"),
    ("k8s/pod-disruption-budget-min-available", "k8s_secret", "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: booking\nspec:\n  minAvailable: 2", "a disruption budget"),
    ("crash/python-recursion-limit-trace", "crash_report", "RecursionError: maximum recursion depth exceeded while calling a Python object\n  File \"faerge/ruter.py\", line 88, in naboer", "a recursion error"),
    ("webstorage/seat-map-preferences", "web_storage", json.dumps({"localStorage": {"faerge:saede": "vindue", "faerge:dyr": "nej", "faerge:valuta": "DKK"}}), "seat preferences"),
    ("plist/bundle-display-name-and-export-flag", "plist", "<key>CFBundleDisplayName</key>\n<string>Færgen</string>\n<key>ITSAppUsesNonExemptEncryption</key>\n<false/>", "an app name and an export flag"),
    ("tfstate/resource-count-and-serial", "tfstate", json.dumps({"version": 4, "terraform_version": "1.9.8", "serial": 212, "resources": []}), "a state's serial"),
    ("mobile/gradle-min-sdk-and-version-code", "mobile_config", "defaultConfig {\n    minSdk 26\n    targetSdk 35\n    versionCode 412\n    versionName \"4.12\"\n}", "app versions"),
    ("sqldump/create-index-departures", "sql_dump", "CREATE INDEX idx_afgang_tid ON afgang (rute_id, afgangstid);", "an index"),
    ("email/booking-confirmation-body-da", "email", "From: booking@example.dk\nSubject: Din billet til Aarhus-Odden\n\nBookingnummer: FB-2026-118204\nAfgang: 24.12.2026 kl. 06.20\nKøretøj: personbil, 5 m", "a booking confirmation"),
    ("nginx/gzip-types-and-level", "nginx", "gzip on;\ngzip_comp_level 5;\ngzip_types text/css application/javascript application/json;", "compression settings"),
    ("markdown/ferry-timetable-table", "markdown", "| Afgang | Ankomst |\n|---|---|\n| 06:20 | 07:35 |\n| 08:05 | 09:20 |", "a timetable"),
    ("postman/collection-variable-base-url-da", "postman", json.dumps({"info": {"name": "Færgebooking"}, "variable": [{"key": "grundadresse", "value": "https://api.example.dk/v1"}]}), "a base address"),
    ("jenkinsfile/parameters-choice-route", "jenkinsfile", "parameters {\n    choice(name: 'RUTE', choices: ['aarhus-odden', 'hou-saelvig'], description: 'Hvilken rute')\n}", "a choice parameter"),
    ("compose/logging-driver-local-max-size", "compose", "services:\n  web:\n    logging:\n      driver: local\n      options:\n        max-size: \"20m\"", "log settings"),
    ("gradle/jar-manifest-implementation-title-da", "gradle", "jar {\n    manifest {\n        attributes('Implementation-Title': 'Færgebooking', 'Implementation-Version': '4.12')\n    }\n}", "manifest attributes"),
    ("chat/harbour-weather-message-da", "chat_export", json.dumps([{"user": "havnefoged", "text": "Vind fra vest 14 m/s, bølgehøjde 2,1 m — vi sejler efter planen."}]), "a weather report"),
    ("ansible/handler-restart-nginx", "ansible", "handlers:\n  - name: genstart nginx\n    ansible.builtin.service:\n      name: nginx\n      state: restarted", "a handler"),
    ("kubeconfig/current-context-and-namespace", "kubeconfig", "contexts:\n- name: faerge-prod\n  context:\n    cluster: faerge\n    namespace: booking\ncurrent-context: faerge-prod", "a context"),
    ("hocon/akka-dispatcher-throughput", "hocon", "akka.actor.default-dispatcher {\n  throughput = 10\n  fork-join-executor.parallelism-max = 8\n}", "dispatcher settings"),
    ("nix/services-openssh-password-auth-off", "nix", "services.openssh.settings.PasswordAuthentication = false;\nservices.openssh.settings.PermitRootLogin = \"no\";", "a password login switched off"),
    ("caddyfile/encode-zstd-gzip-and-file-server", "caddyfile", "booking.example.dk {\n  encode zstd gzip\n  root * /srv/booking\n  file_server\n}", "a file server"),
    ("gitconfig/pull-rebase-and-autostash", "gitconfig", "[pull]\n\trebase = true\n[rebase]\n\tautoStash = true", "pull settings"),
    ("makefile/phony-lint-and-fmt", "makefile", ".PHONY: lint fmt\nlint:\n\truff check .\nfmt:\n\truff format .", "lint targets"),
    ("npmrc/fund-false-and-audit-level", "npmrc", "fund=false\naudit-level=high", "install chatter off"),
    ("pgpass/psql-pset-null-display", "pgpass", "booking=> \\pset null '(tom)'\nNull display is \"(tom)\".", "how nulls are shown"),
    ("crontab/weekday-range-report", "crontab", "30 7 * * 1-5 /opt/faerge/bin/rapport --dag i-går", "a weekday job"),
    ("httpfile/options-preflight-request", "http_file", "OPTIONS https://api.example.dk/afgange\nOrigin: https://booking.example.dk\nAccess-Control-Request-Method: POST", "a preflight"),
    ("haproxy/stats-uri-and-refresh", "haproxy", "listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats refresh 10s", "a stats page"),
    ("sbt/scala-version-and-cross", "sbt", "ThisBuild / scalaVersion := \"3.5.2\"\nThisBuild / crossScalaVersions := Seq(\"2.13.15\", \"3.5.2\")", "versions"),
    ("pypirc/comment-token-in-keyring", "pypirc", "# kodeordet ligger i systemets nøglering (keyring), ikke her\n[distutils]\nindex-servers = faerge", "a note that the token lives elsewhere"),
    ("ssh/server-alive-interval", "ssh_config", "Host *\n    ServerAliveInterval 30\n    ServerAliveCountMax 4", "keep-alive settings"),
    ("launch/python-module-and-justmycode", "launch_json", json.dumps({"configurations": [{"type": "debugpy", "request": "launch", "module": "faerge", "justMyCode": False}]}, indent=2), "a debug target"),
    ("gha/permissions-contents-read", "gha_workflow", "permissions:\n  contents: read\n  pull-requests: write", "token scopes, no token"),
    ("fish/function-mkcd", "fish", "function mkcd\n    mkdir -p $argv[1]; and cd $argv[1]\nend", "a shell function"),
    ("console/intl-number-format-dkk", "devtools_console", "> new Intl.NumberFormat('da-DK', { style: 'currency', currency: 'DKK' }).format(1495.5)\n< '1.495,50 kr.'", "a price"),
    ("envrc/watch-file-and-layout-node", "envrc", "watch_file package.json\nlayout node", "direnv hooks"),
    ("maven/plugin-groups-extra", "maven_settings", "<pluginGroups>\n  <pluginGroup>dk.example.faerge.plugins</pluginGroup>\n</pluginGroups>", "a plugin group"),
    ("rclone/sync-dry-run-summary", "rclone_conf", "$ rclone sync --dry-run arkiv: s3:faerge-arkiv\nTransferred:   0 B / 1.204 GiB, 0%\nChecks:        3120 / 3120, 100%", "a sync summary"),
    ("composer/platform-php-version", "composer_auth", json.dumps({"config": {"platform": {"php": "8.3.0"}, "sort-packages": True}}, indent=4), "a platform version"),
    ("yarnrc/package-extensions-peer", "yarnrc", "packageExtensions:\n  \"react-datepicker@*\":\n    peerDependencies:\n      date-fns: \"*\"", "a package extension"),
    ("terraformrc/direct-exclude-private-namespace", "terraformrc", "provider_installation {\n  direct {\n    exclude = [\"tf.example.dk/faerge/*\"]\n  }\n}", "providers fetched directly"),
    ("cargo/target-linker-aarch64", "cargo_credentials", "[target.aarch64-unknown-linux-gnu]\nlinker = \"aarch64-linux-gnu-gcc\"", "a cross linker"),
    ("docker/daemon-log-driver-options", "docker_config", json.dumps({"log-driver": "json-file", "log-opts": {"max-size": "10m", "max-file": "3"}}, indent=2), "log rotation"),
    ("aws/cli-pager-and-output-table", "aws_config", "[default]\ncli_pager =\noutput = table\nregion = eu-north-1", "output settings"),
    ("gitcred/use-http-path", "git_credentials", "[credential \"https://kode.example.dk\"]\n\tuseHttpPath = true", "a helper option"),
    ("helm/ingress-class-and-host", "helm_values", "ingress:\n  enabled: true\n  className: nginx\n  hosts:\n    - host: booking.example.dk\n      paths: [\"/\"]", "an ingress host"),
    ("vault/agent-exit-after-auth-and-pid", "vault_agent", "exit_after_auth = false\npid_file = \"/run/vault-agent.pid\"", "agent settings"),
    ("mycnf/mysqld-danish-collation", "my_cnf", "[mysqld]\ncharacter-set-server = utf8mb4\ncollation-server = utf8mb4_danish_ci", "a Danish collation"),
    ("s3cfg/bucket-location-and-encoding", "s3cfg", "[default]\nbucket_location = EU\nencoding = UTF-8\nguess_mime_type = True", "bucket settings"),
    ("bitbucket/clone-depth-and-max-time", "bitbucket_pipelines", "options:\n  max-time: 30\nclone:\n  depth: 5", "pipeline options"),
    ("wrangler/routes-zone-name", "wrangler", "routes = [\n  { pattern = \"booking.example.dk/*\", zone_name = \"example.dk\" }\n]", "a route"),
    ("k6/check-body-contains-route", "k6_script", "check(res, { 'har ruten': (r) => r.body.includes('Aarhus-Odden') });", "a response check"),
    ("heroku/addons-list-plans-output", "heroku_config", "$ heroku addons -a faerge\nAdd-on                         Plan       Price\nheroku-postgresql (faerge-db)  essential-0  $5/month", "add-on plans"),
    ("authinfo/gpg-recipient-header-comment", "authinfo", "# -*- epa-file-encrypt-to: (\"drift@example.dk\") -*-\n# maskinerne står i den krypterede fil", "an encryption recipient"),
    ("fly/deploy-strategy-bluegreen", "fly_toml", "[deploy]\n  strategy = \"bluegreen\"\n  release_command = \"faerge migrate\"", "a deploy strategy"),
    ("netlify/headers-x-frame-options", "netlify_toml", "[[headers]]\n  for = \"/*\"\n  [headers.values]\n    X-Frame-Options = \"DENY\"", "a security header"),
    ("render/preview-generation-automatic", "render_yaml", "previews:\n  generation: automatic\n  expireAfterDays: 3", "preview settings"),
    ("jmeter/csv-data-set-filename", "jmeter_plan", "<CSVDataSet testname=\"Ruter\">\n  <stringProp name=\"filename\">ruter.csv</stringProp>\n  <stringProp name=\"variableNames\">rute,dato</stringProp>\n</CSVDataSet>", "a test data file"),
    ("jenkins/label-and-slave-agent-port", "jenkins_credentials", "<hudson>\n  <label>linux faerge</label>\n  <slaveAgentPort>50000</slaveAgentPort>\n</hudson>", "agent labels and a port"),
    ("gitlab/artifacts-expire-in", "gitlab_ci", "test:\n  script: npm test\n  artifacts:\n    paths: [coverage/]\n    expire_in: 1 week", "artifact expiry"),
    ("pipconf/no-cache-dir-and-progress", "pip_conf", "[global]\nno-cache-dir = true\nprogress-bar = off", "pip output settings"),
    ("gem/bundle-retry-and-timeout", "gem_credentials", "---\nBUNDLE_RETRY: \"3\"\nBUNDLE_TIMEOUT: \"15\"", "bundle retries"),
    ("nuget/fallback-folders-cleared", "nuget_config", "<fallbackPackageFolders>\n  <clear />\n</fallbackPackageFolders>", "fallback folders cleared"),
    ("supervisord/unix-http-server-chmod", "supervisord", "[unix_http_server]\nfile=/run/supervisor.sock\nchmod=0700", "a socket"),
    ("pulumi/stack-tags-and-region", "pulumi_config", "config:\n  aws:region: eu-north-1\n  faerge:miljoe: prod", "a region"),
    ("extension/options-page-open-in-tab", "extension_storage", json.dumps({"options_ui": {"page": "indstillinger.html", "open_in_tab": True}}), "an options page"),
    ("circleci/resource-class-and-parallelism", "circleci_config", "jobs:\n  test:\n    resource_class: medium\n    parallelism: 3", "job size"),
    ("azure/pr-trigger-branches-exclude", "azure_pipelines", "pr:\n  branches:\n    include: [main]\n    exclude: [udgivelse/*]", "pull request triggers"),
    ("ngrok/tunnel-inspect-false", "ngrok_config", "version: \"3\"\ntunnels:\n  web:\n    proto: http\n    addr: 8080\n    inspect: false", "a tunnel"),
    ("hgrc/ui-merge-tool", "hgrc", "[ui]\nmerge = meld\n[merge-tools]\nmeld.args = $base $local $other", "a merge tool"),
    ("wpa/country-and-ap-scan", "wpa_supplicant", "country=DK\nap_scan=1\nupdate_config=1", "a regulatory country"),
    ("bruno/vars-pre-request-base", "bruno", "vars:pre-request {\n  base: https://api.example.dk\n  rute: aarhus-odden\n}", "request variables"),
    ("insomnia/cookie-jar-empty", "insomnia", json.dumps({"_type": "cookie_jar", "name": "Standard", "cookies": []}), "an empty cookie jar"),
    ("travis/cache-directories-npm", "travis_ci", "cache:\n  directories:\n    - node_modules\n    - $HOME/.npm", "a cache"),
    ("drone/depends-on-steps", "drone_ci", "steps:\n  - name: test\n    image: node:22\n    depends_on: [install]", "a step order"),
    ("ghhosts/config-aliases", "gh_hosts", "aliases:\n    co: pr checkout\n    pv: pr view --web", "command aliases"),
    ("condarc/pip-interop-and-solver", "condarc", "pip_interop_enabled: true\nsolver: libmamba", "solver settings"),
    ("override/volumes-bind-source", "compose_override", "services:\n  web:\n    volumes:\n      - ./src:/app/src:ro", "a bind mount"),
    ("vagrant/forwarded-port-guest-host", "vagrantfile", "config.vm.network \"forwarded_port\", guest: 8080, host: 18080, auto_correct: true", "a forwarded port"),
    ("packer/source-ami-filter-owners", "packer_vars", "source_ami_owners = [\"136693071363\"]\nsource_ami_name   = \"debian-12-amd64-*\"", "an image filter"),
    ("creds/credentials-directory-env-read", "systemd_credential", "ExecStart=/bin/sh -c 'exec /opt/faerge/bin/web --noegle-fil \"$CREDENTIALS_DIRECTORY/web.key\"'", "a credential named by its folder"),
    ("userlist/server-reset-query-and-idle", "pgbouncer_userlist", "[pgbouncer]\nserver_reset_query = DISCARD ALL\nserver_idle_timeout = 120", "server reset settings"),
    ("initgradle/offline-start-parameter", "init_gradle", "gradle.startParameter.offline = true\ngradle.startParameter.parallelProjectExecutionEnabled = true", "start parameters"),
    ("procfile/release-migrate-only", "procfile", "release: ./manage.py migrate --noinput\nweb: gunicorn faerge.wsgi --workers 3", "a release step"),
    ("justfile/alias-and-default-recipe", "justfile", "alias t := test\n\ndefault:\n    @just --list", "a recipe alias"),
    ("taskfile/includes-namespaced", "taskfile", "version: '3'\nincludes:\n  db: ./taskfiles/db.yml\n  web: ./taskfiles/web.yml", "included task files"),
    ("earthfile/cache-mount-npm", "earthfile", "deps:\n    FROM node:22\n    RUN --mount=type=cache,target=/root/.npm npm ci", "a cache mount"),
    ("tiltfile/update-settings-max-parallel", "tiltfile", "update_settings(max_parallel_updates=2, k8s_upsert_timeout_secs=120)", "update settings"),
    ("skaffold/profiles-activation-kube-context", "skaffold", "profiles:\n  - name: lokal\n    activation:\n      - kubeContext: kind-faerge", "a profile"),
    ("buildkite/block-step-release", "buildkite", "steps:\n  - block: \":ship: Udgiv?\"\n    branches: main", "a manual gate"),
    ("woodpecker/matrix-node-versions", "woodpecker_ci", "matrix:\n  NODE_VERSION:\n    - 20\n    - 22", "a version matrix"),
    ("bitrise/step-cache-pull-and-push", "bitrise", "workflows:\n  test:\n    steps:\n      - restore-npm-cache@2: {}\n      - npm@1:\n          inputs:\n            - command: test\n      - save-npm-cache@1: {}", "cache steps"),
    ("serverless/layers-and-architecture", "serverless", "provider:\n  architecture: arm64\nfunctions:\n  api:\n    handler: faerge.api\n    layers:\n      - arn:aws:lambda:eu-north-1:123456789012:layer:faerge-deps:7", "a layer and architecture"),
    ("appengine/entrypoint-and-instance-class", "app_engine", "entrypoint: node dist/server.js\ninstance_class: F2", "an entry point"),
    ("kamal/servers-roles-hosts", "kamal_deploy", "servers:\n  web:\n    - 192.0.2.10\n    - 192.0.2.11\n  job:\n    hosts:\n      - 192.0.2.20\n    cmd: bin/jobs", "server roles"),
    ("doapp/region-and-instance-size", "do_app_spec", "region: ams\nservices:\n  - name: web\n    instance_size_slug: apps-s-1vcpu-1gb\n    instance_count: 2", "instance sizes"),
    ("railway/restart-policy-max-retries", "railway_json", json.dumps({"deploy": {"restartPolicyType": "ON_FAILURE", "restartPolicyMaxRetries": 5}}, indent=2), "a restart policy"),
    ("codemagic/instance-type-and-max-duration", "codemagic", "workflows:\n  android:\n    instance_type: linux_x2\n    max_build_duration: 45", "build limits"),
    ("vercel/rewrites-api-proxy", "vercel_json", json.dumps({"rewrites": [{"source": "/api/:path*", "destination": "https://api.example.dk/:path*"}]}, indent=2), "a rewrite"),
    ("samconfig/build-cached-parallel", "samconfig", "[default.build.parameters]\ncached = true\nparallel = true", "build flags"),
    ("azurefunc/extension-bundle-range", "azure_local_settings", json.dumps({"version": "2.0", "extensionBundle": {"id": "Microsoft.Azure.Functions.ExtensionBundle", "version": "[4.*, 5.0.0)"}}, indent=2), "an extension bundle"),
    ("boto/num-retries-and-http-timeout", "boto_config", "[Boto]\nnum_retries = 5\nhttp_socket_timeout = 70", "retry settings"),
    ("bunfig/test-root-and-timeout", "bunfig", "[test]\nroot = \"./tests\"\ntimeout = 8000", "test settings"),
    ("zeabur/zbpack-node-cache-dependencies", "zeabur", json.dumps({"cache_dependencies": True, "install_command": "bun install --frozen-lockfile"}, indent=2), "install caching"),
    ("msmtprc/account-oauth-bearer-command", "msmtprc", "account faerge\nauth oauthbearer\npasswordeval \"faerge-oauth token --konto drift\"", "a token fetched by a command, none written"),
    ("muttrc/date-format-danish", "muttrc", "set date_format = \"%d. %b %Y %H.%M\"\nset send_charset = \"utf-8\"", "a date format"),
    ("offlineimaprc/maxconnections-and-autorefresh", "offlineimaprc", "[Account faerge]\nautorefresh = 5\nquick = 10\n[Repository faerge-remote]\nmaxconnections = 2", "refresh settings"),
    ("firebase/runtimeconfig-feature-flags", "firebase_runtimeconfig", json.dumps({"funktioner": {"ny_betaling": "false", "kahytter": "true"}}, indent=2), "feature flags"),
    ("redis/maxclients-and-timeout", "redis_conf", "maxclients 2000\ntimeout 300\ntcp-keepalive 60", "connection limits"),
    ("lftp/bookmark-without-password", "lftprc", "set cmd:default-protocol sftp\nbookmark arkiv sftp://faerge@filer.example.dk/arkiv", "a bookmark with a user and no password"),
    ("telegraf/inputs-disk-ignore-fs", "telegraf", "[[inputs.disk]]\n  ignore_fs = [\"tmpfs\", \"devtmpfs\", \"overlay\"]", "filesystems to skip"),
    ("filebeat/processors-add-host-metadata", "filebeat", "processors:\n  - add_host_metadata: ~\n  - drop_fields:\n      fields: [\"agent.ephemeral_id\"]", "processors"),
    ("irssi/settings-core-real-name", "irssi", "settings = {\n  core = {\n    real_name = \"Faerge Booking\";\n    user_name = \"faerge\";\n    nick = \"faerge\";\n  };\n};", "names"),
    ("odbc/dsn-trace-and-driver-path", "odbc_ini", "[ODBC]\nTrace = No\nTraceFile = /tmp/odbc.log\n\n[rapport]\nDriver = /usr/lib/x86_64-linux-gnu/odbc/psqlodbcw.so\nServername = db.example.dk\nDatabase = rapport\nReadOnly = Yes", "a DSN with no password"),
    ("rabbitmq/vm-memory-and-disk-limits", "rabbitmq_conf", "vm_memory_high_watermark.relative = 0.6\ndisk_free_limit.absolute = 2GB\nlog.console.level = info", "resource limits"),
    ("deno/fmt-and-lint-options", "deno_json", json.dumps({"fmt": {"lineWidth": 100, "singleQuote": True}, "lint": {"rules": {"tags": ["recommended"]}}}, indent=2), "formatter settings"),
    ("pgadmin/servers-json-passfile-path", "pgadmin_servers", json.dumps({"Servers": {"1": {"Name": "rapport", "Group": "Faerge", "Host": "db.example.dk", "Port": 5432, "Username": "rapport_ro", "PassFile": "/var/lib/pgadmin/.pgpass", "SSLMode": "require"}}}, indent=2), "a password named by its file"),
    ("nmconnection/ipv4-manual-dns", "nmconnection", "[connection]\nid=Kontor\ntype=ethernet\n\n[ipv4]\nmethod=manual\naddress1=192.0.2.44/24,192.0.2.1\ndns=192.0.2.53;", "static addressing"),
    ("grafana/server-root-url-and-auth-anonymous", "grafana_ini", "[server]\nroot_url = https://grafana.example.dk/\n\n[auth.anonymous]\nenabled = true\norg_role = Viewer", "anonymous viewing"),
]
ORDINARY = [(shape, context, lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, danish_prose, ORDINARY, PUBLIC)


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh24.jsonl"))
