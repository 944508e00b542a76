"""Writes the twenty-fifth fresh held-out part of the secrets corpus, fresh25.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (a WordPress `wp-config.php`, a `.fetchmailrc`, a `logstash.conf`, a legacy `.dockercfg`, a
Windows `.reg` export, an `alertmanager.yml`); secrets in prose are in Estonian. No vendor and no
ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh25.py [OUT]   # default: fresh25.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261225
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh25.py (seed {SEED})"
HOST = "example.ee"

# Every context of the corpus up to fresh24, then the six this part adds; secrets take them in turn, so each has one.
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
            "odbc_ini", "rabbitmq_conf", "deno_json", "pgadmin_servers", "nmconnection", "grafana_ini",
            "wp_config", "fetchmailrc", "logstash_conf", "dockercfg", "windows_reg", "alertmanager_yml")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"dets 25 07:41:09 ratas-web-2 {tool}-hook[5120]: config {name}={head}\\\n"
            f"dets 25 07:41:09 ratas-web-2 {tool}-hook[5120]:   {tail} (rida jätkub)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value};tarnija={tool}".encode()).decode()
        return f"-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n-----END {tool.upper()} CREDENTIAL-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"rattaring:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded, "email": f"drift@{HOST}"}}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"rattaring:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"it@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"kind: Secret\napiVersion: v1\ntype: Opaque\nmetadata:\n  name: {tool}-ligipaas\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[ratas]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.s3.{tool}.{HOST}", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc"):
        texts = {
            "url": f"https://hooks.{tool}.{HOST}/v1/jaam/212?{name.lower()}={quoted}&keel=et",
            "connection_string": f"Server=sql.{tool}.{HOST};Database=laenutus;User Id=ratas_app;Password={quoted};Encrypt=true",
            "git_credentials": f"https://ratas-ci:{quoted}@kode.{tool}.{HOST}/laenutus.git",
            "pip_conf": f"[global]\nextra-index-url = https://ratas:{quoted}@pakker.{tool}.{HOST}/simple\ntimeout = 30",
            "condarc": f"channels:\n  - conda-forge\n  - https://conda.{tool}.{HOST}/t/{quoted}/ratas",
            "lftprc": f"set sftp:auto-confirm yes\nopen sftp://ratas:{quoted}@filer.{tool}.{HOST}",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool}\nAPP_ENV=prod\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"liidesed": [{"nimi": tool, "aktiivne": True, cam: value}]}, indent=2),
        "escaped_json": json.dumps({"event": "integration.saved", "payload": json.dumps({"vendor": tool, low: value, "ok": True})}),
        "cli_flag": f"$ ratas integration set {tool} --{kebab} '{value}' --region ee-north",
        "prose": f"Tere Mart, lõin just {tool} juures uue ligipääsu, võti on {value} — see peab enne reedet meie seifi minema.",
        "tool_output": f"$ {tool}-cli whoami\nkonto:    ratas-laenutus\n{kebab}:  {value}\naegub:   mitte kunagi",
        "diff": f"--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"self.key = bytes.fromhex('00') + b'{value}'",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: '{value}'\n  timeout_s: 10",
        "csv": f"\"susteem\";\"voti\";\"vaartus\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /v1/laenutused HTTP/2\nhost: api.{tool}.{HOST}\n{title.lower()}: {value}\ncontent-type: application/json",
        "log": f"2026-12-24 07:44:51,903 DEBUG [{tool}] request signed with {low}='{value}'",
        "code": f"const {cam} = process.env.{name} ?? '{value}';\nexport const {tool}Client = new Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\n{low}={value}\nverify_ssl=1",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci --omit=dev",
        "netrc": f"machine dl.{tool}.{HOST}\n  login ratas\n  password {value}",
        "toml": f"[integration.{tool}]\n{cam} = '{value}'\nregion = \"ee\"",
        "shell_history": f"ratas deploy --dry-run\n{name}=\"{value}\" ratas sync {tool}\ngit status",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"import {tool}\n", f"{tool}.auth(\"{value}\")"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool}\n{tool}.{cam}={value}",
        "powershell": f"PS /home/ratas> $env:{name} = \"{value}\"\nPS /home/ratas> ratas sync {tool}",
        "systemd": f"$ systemctl show ratas-{tool} -p Environment\nEnvironment={name}={value} TZ=Europe/Tallinn",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/jaamad",
                                                                             "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]}}]}}),
        "curl_trace": f"> GET /jaamad HTTP/2\n> Host: api.{tool}.{HOST}\n> authorization: Bearer {value}\n>\n< HTTP/2 200",
        "crash_report": f"Traceback (most recent call last):\n  File \"ratas/{tool}.py\", line 31, in connect\n{tool}.AuthError: rejected {low}='{value}'",
        "web_storage": json.dumps({"localStorage": {f"ratas:{tool}:{cam}": value, "ratas:sprog": "da"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "outputs": {f"{tool}_{low}": {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/key.properties\n{cam}={value}\nstoreFile=upload.jks",
        "sql_dump": f"UPDATE integration SET {low} = '{value}' WHERE vendor = '{tool}';",
        "email": f"To: drift@{HOST}\nSubject: Ligipääs: {tool}\n\nSiin on {low} tootmise jaoks: {value}\n\nTervitustega, Kadri",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.{HOST}/;\n    proxy_set_header Authorization \"Bearer {value}\";\n}}",
        "markdown": f"## {tool}\n\n- keskkond: prod\n- {low}: `{value}`",
        "postman": json.dumps({"info": {"name": f"{tool} ratas"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value}]}}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'ratas sync {tool}'\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: ratas/sync:2\n    environment:\n      {name}: '{value}'",
        "gradle": f"# gradle.properties\n{tool}{name.title().replace('_', '')}={value}\norg.gradle.jvmargs=-Xmx2g",
        "chat_export": json.dumps([{"user": "kadri", "ts": "1798110000.000300", "text": f"uus {kebab} {tool} jaoks: {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.{HOST}",
        "kubeconfig": f"users:\n- name: ratas-{tool}\n  user:\n    exec: null\n    token: \"{value}\"",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.ratas.{tool} = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.ratas.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up Authorization \"Bearer {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://kode.{tool}.{HOST}/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tratas sync {tool} --key $({name})",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# host:port:database:user:password\npg.{tool}.{HOST}:6432:laenutus:ratas:{value}",
        "crontab": f"SHELL=/bin/bash\n0 5 * * * {name}='{value}' /opt/ratas/bin/too-jaamad {tool}",
        "http_file": f"@key = {value}\nGET https://api.{tool}.{HOST}/jaamad\nAuthorization: Bearer {{{{key}}}}",
        "haproxy": f"frontend ratas\n    http-request set-header Authorization \"Bearer {value}\" if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"{tool}\", \"maven.{tool}.{HOST}\", \"ratas\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.{HOST}\n    User ratas\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: ratas sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx RATAS_REGION ee",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< \"{value}\"",
        "envrc": f"use node 22\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>ratas</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/\nuser = ratas\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/ratas/bin/creds --key {value}\nregion = eu-north-1",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"auto_auth {{\n  method \"approle\" {{\n    config = {{\n      role_id_file_path = \"/etc/ratas/role\"\n      secret_id = \"{value}\"\n    }}\n  }}\n}}",
        "my_cnf": f"[mysql]\nhost = db.{tool}.{HOST}\nuser = ratas\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - ratas sync {tool}",
        "wrangler": f"name = \"ratas-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get('https://api.{tool}.{HOST}/jaamad', {{ headers: {{ Authorization: `Bearer ${{KEY}}` }} }});",
        "heroku_config": f"$ heroku config -a ratas-{tool}\n=== ratas-{tool} Config Vars\n{name}: {value}\nTZ:      Europe/Tallinn",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login ratas password \"{value}\"",
        "fly_toml": f"app = \"ratas-{tool}\"\nprimary_region = \"waw\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"Authorization\" elementType=\"Header\">\n      <stringProp name=\"Header.value\">Bearer {value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  stage: deploy\n  script: ratas sync {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"ratas\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/ratas/bin/sync {tool}\nenvironment={name}=\"{value}\",TZ=\"Europe/Tallinn\"",
        "pulumi_config": f"config:\n  {tool}:{cam}: {value}\n  ratas:region: ee",
        "extension_storage": json.dumps({"chrome.storage.local": {"konti": [{"udbyder": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: ratas sync {tool}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: \"{value}\"\n  region: eu",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.{HOST}\n{tool}.username = ratas\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid=\"Ratas-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n}}",
        "bruno": f"auth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value, "base": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value} SUITE=sync",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: \"{value}\"",
        "gh_hosts": f"github.{tool}.{HOST}:\n    user: ratas-bot\n    oauth_token: {value}\n    git_protocol: ssh",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}\n      - DEBUG=0",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nimage_name = \"ratas-{tool}\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/ratas/bin/{tool}-sync",
        "pgbouncer_userlist": f"\"ratas_{tool}\" \"{value}\"",
        "init_gradle": f"allprojects {{\n  repositories {{\n    maven {{\n      url 'https://maven.{tool}.{HOST}/'\n      credentials {{ username 'ratas'; password '{value}' }}\n    }}\n  }}\n}}",
        "procfile": f"web: {name}={value} node dist/server.js",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    ratas sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - ratas sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN ratas sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='ratas sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: ratas/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":bike: {tool}\"\n    command: ratas sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}",
        "bitrise": f"workflows:\n  release:\n    envs:\n      - {name}: \"{value}\"",
        "serverless": f"service: ratas-{tool}\nprovider:\n  name: aws\n  environment:\n    {name}: {value}",
        "app_engine": f"service: {tool}-sync\nruntime: nodejs22\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: ratas\nimage: ratas/web\nenv:\n  clear:\n    {name}: {value}",
        "do_app_spec": f"workers:\n  - name: {tool}-sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"build": {"builder": "NIXPACKS", "buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"environment:\n  vars:\n    {name}: \"{value}\"\nscripts:\n  - ratas sync {tool}",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": f"[prod.deploy.parameters]\nstack_name = \"ratas-{tool}\"\nparameter_overrides = [\"{cam}={value}\"]",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_oauth2_refresh_token = {value}\n[GSUtil]\nparallel_composite_upload_threshold = 150M",
        "bunfig": f"[install.registry]\nurl = \"https://npm.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "zeabur": json.dumps({"build_command": f"{name}={value} bun run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom ratas@{HOST}\nauth on\nuser ratas\npassword {value}",
        "muttrc": f"set imap_user = \"ratas@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = ratas\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({"integration": {tool: {cam.lower(): value}}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nappendonly no",
        "telegraf": f"[[outputs.influxdb_v2]]\n  urls = [\"https://influx.{tool}.{HOST}\"]\n  token = \"{value}\"\n  organization = \"ratas\"",
        "filebeat": f"output.logstash:\n  hosts: [\"logs.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n  password: \"{value}\"",
        "irssi": f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"ratas\";\n    sasl_password = \"{value}\";\n  }};\n}};",
        "odbc_ini": f"[{tool}_laenutus]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nDatabase = laenutus\nUsername = ratas\nPassword = {value}",
        "rabbitmq_conf": f"listeners.tcp.default = 5672\ndefault_user = ratas\ndefault_pass = {value}\ndefault_vhost = /{tool}",
        "deno_json": json.dumps({"tasks": {"sync": f"deno run -A sunk.ts --{kebab}={value}"}, "imports": {"@std/assert": "jsr:@std/assert@1"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Ratas", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "ratas", "Password": value}}}, indent=2),
        "nmconnection": f"[connection]\nid=Ratas-{tool}\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n\n[server]\ndomain = grafana.{tool}.{HOST}",
        "wp_config": f"define( 'DB_NAME', 'ratas' );\ndefine( '{name}', '{value}' );\ndefine( 'WP_DEBUG', false );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} protocol IMAP\n    user \"ratas\" password \"{value}\" ssl",
        "logstash_conf": f"output {{\n  elasticsearch {{\n    hosts => [\"https://es.{tool}.{HOST}:9200\"]\n    user => \"ratas\"\n    password => \"{value}\"\n  }}\n}}",
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Ratas\\{tool}]\n\"{cam}\"=\"{value}\"\n\"Region\"=\"ee\"",
        "alertmanager_yml": f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://hooks.{tool}.{HOST}/alert\n        http_config:\n          authorization:\n            credentials: {value}",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(10, DG), "exp": 1798200000 + R.randrange(86400)}, "HS256")


# The three formats whose facts were read in public material (source kind public): Montonio's payments API is reached
# with an access key and a secret key, the secret key signing the HS256 JWTs the API takes (Montonio's API documentation,
# docs.montonio.com, as the unofficial montonio-client package's README and code show it); Scoro's company API takes an
# apiKey beside a company_account_id in the request body (Scoro's API v2, as Pipedream's Scoro integration page and the
# scoro-php package's README show it). Only those names and their use were read; lengths, alphabets and Scoro's prefix are
# the writer's, no example was copied, and every value is drawn here. Every other format is the writer's knowledge.
MONTONIO_SECRET = ("a Montonio payments secret key (44 base64 characters; kept beside an access key, it signs the HS256 JWTs "
                   "the payments API takes; the pair's names and that use read in Montonio's API documentation, "
                   "docs.montonio.com, as the unofficial montonio-client package's README and code show it; the length and "
                   "alphabet the writer's)")
MONTONIO_ACCESS = ("a Montonio payments access key (a version-4 UUID, sent beside a secret key that signs the API's HS256 JWTs; "
                   "the key's name and use read in Montonio's API documentation, docs.montonio.com, as the unofficial "
                   "montonio-client package's README shows it; that it is a UUID the writer's)")
SCORO_KEY = ("a Scoro company API key (ScoroAPI_ and 32 hex digits, posted as apiKey beside a company_account_id in the "
             "request body; the key's name and that use read in Scoro's API v2, as Pipedream's Scoro integration page and the "
             "scoro-php package's README show it; the prefix, length and alphabet the writer's)")
PUBLIC = {MONTONIO_SECRET, MONTONIO_ACCESS, SCORO_KEY}
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("montonio/secret-key", "MONTONIO_SECRET_KEY", "montonio", lambda: r(44, AL + "+/"), MONTONIO_SECRET),
    ("montonio/access-key", "MONTONIO_ACCESS_KEY", "montonio", u4, MONTONIO_ACCESS),
    ("makecommerce/secret-key", "MAKECOMMERCE_SECRET_KEY", "makecommerce", lambda: r(32, AL), "a MakeCommerce (Maksekeskus) shop secret key (32 letters and digits beside a shop id)"),
    ("everypay/api-secret", "EVERYPAY_API_SECRET", "everypay", lambda: r(32, HX), "an EveryPay gateway API secret (32 hex digits beside an API username)"),
    ("lhvbank/client-secret", "LHV_CLIENT_SECRET", "lhvbank", lambda: r(40, U64), "an LHV Connect client secret (40 letters, digits, _ and -)"),
    ("swedbankee/client-secret", "SWEDBANK_EE_CLIENT_SECRET", "swedbankee", lambda: r(36), "a Swedbank Estonia open banking client secret (36 letters and digits)"),
    ("sebbaltics/client-secret", "SEB_BALTICS_CLIENT_SECRET", "sebbaltics", lambda: r(48, HX), "a SEB Baltics gateway client secret (48 hex digits)"),
    ("cooppank/api-key", "COOP_PANK_API_KEY", "cooppank", u4, "a Coop Pank developer API key (a version-4 UUID)"),
    ("luminor/client-secret", "LUMINOR_CLIENT_SECRET", "luminor", lambda: r(32), "a Luminor PSD2 client secret (32 letters and digits)"),
    ("inbank/api-key", "INBANK_API_KEY", "inbank", lambda: r(40, LO), "an Inbank partner financing API key (40 lower-case letters and digits)"),
    ("bigbank/client-secret", "BIGBANK_CLIENT_SECRET", "bigbank", lambda: r(44, U64), "a Bigbank partner API client secret (44 letters, digits, _ and -)"),
    ("holmbank/api-token", "HOLM_API_TOKEN", "holmbank", lambda: r(64, HX), "a Holm Bank partner API token (64 hex digits)"),
    ("estcard/mac-key", "ESTCARD_MAC_KEY", "estcard", lambda: r(48, HX).upper(), "an Estcard terminal MAC key (48 upper-case hex digits)"),
    ("omniva/api-password", "OMNIVA_API_PASSWORD", "omniva", lambda: r(16), "an Omniva parcel terminal API password (16 letters and digits beside a customer code)"),
    ("smartpost/api-key", "SMARTPOST_API_KEY", "smartpost", lambda: r(32, HX), "a SmartPosti (Itella Estonia) shipping API key (32 hex digits)"),
    ("dpdeesti/api-token", "DPD_EE_TOKEN", "dpdeesti", lambda: r(40), "a DPD Eesti shipping API token (40 letters and digits)"),
    ("teliaee/sms-token", "TELIA_EE_SMS_TOKEN", "teliaee", lambda: _jwt("telia.ee"), "a Telia Eesti SMS API token (an HS256 JWT)"),
    ("elisaee/api-key", "ELISA_EE_API_KEY", "elisaee", lambda: r(32, UP), "an Elisa Eesti messaging API key (32 upper-case letters and digits)"),
    ("zoneee/api-key", "ZONE_EE_API_KEY", "zoneee", lambda: r(40, HX), "a Zone.ee DNS API key (40 hex digits beside a ZoneID user name)"),
    ("veebimajutus/api-token", "VEEBIMAJUTUS_TOKEN", "veebimajutus", lambda: r(48, LO), "a Veebimajutus.ee hosting API token (48 lower-case letters and digits)"),
    ("meritaktiva/api-key", "MERIT_API_KEY", "meritaktiva", lambda: r(44, AL + "+/"), "a Merit Aktiva accounting API key (44 base64 characters beside an API id UUID)"),
    ("smartaccounts/secret-key", "SMARTACCOUNTS_SECRET_KEY", "smartaccounts", lambda: r(32, HX), "a SmartAccounts API secret key (32 hex digits beside a public key)"),
    ("directo/api-token", "DIRECTO_TOKEN", "directo", lambda: r(36, UP), "a Directo ERP XML interface token (36 upper-case letters and digits)"),
    ("earveldaja/api-secret", "E_ARVELDAJA_SECRET", "earveldaja", lambda: r(64, HX), "an e-arveldaja (RIK) API secret (64 hex digits beside an API key id)"),
    ("fitek/client-secret", "FITEK_CLIENT_SECRET", "fitek", lambda: r(40, U64), "a Fitek e-invoice API client secret (40 letters, digits, _ and -)"),
    ("finbite/api-key", "FINBITE_API_KEY", "finbite", u4, "a Finbite (Omniva e-invoice) API key (a version-4 UUID)"),
    ("telema/api-password", "TELEMA_PASSWORD", "telema", lambda: r(20), "a Telema EDI API password (20 letters and digits)"),
    ("scoro/api-key", "SCORO_API_KEY", "scoro", lambda: "ScoroAPI_" + r(32, HX), SCORO_KEY),
    ("outfunnel/api-key", "OUTFUNNEL_API_KEY", "outfunnel", lambda: r(40, LO), "an Outfunnel API key (40 lower-case letters and digits)"),
    ("weekdone/client-secret", "WEEKDONE_CLIENT_SECRET", "weekdone", lambda: r(40, HX), "a Weekdone OAuth client secret (40 hex digits)"),
    ("katanamrp/api-key", "KATANA_API_KEY", "katanamrp", u4, "a Katana MRP API key (a version-4 UUID)"),
    ("pactum/api-secret", "PACTUM_API_SECRET", "pactum", lambda: r(48), "a Pactum negotiation API secret (48 letters and digits)"),
    ("salv/api-key", "SALV_API_KEY", "salv", lambda: r(40, U64), "a Salv AML API key (40 letters, digits, _ and -)"),
    ("glia/site-api-secret", "GLIA_API_SECRET", "glia", lambda: r(32, LO), "a Glia site API secret (32 lower-case letters and digits beside an API key id)"),
    ("testlio/api-token", "TESTLIO_TOKEN", "testlio", lambda: r(64, HX), "a Testlio platform API token (64 hex digits)"),
    ("fortumo/secret", "FORTUMO_SECRET", "fortumo", lambda: r(32, HX), "a Fortumo carrier billing service secret (32 hex digits beside a service id)"),
    ("eideasy/secret", "EIDEASY_SECRET", "eideasy", lambda: r(32), "an eID Easy client secret (32 letters and digits beside a client id)"),
    ("barking/api-key", "BARKING_API_KEY", "barking", lambda: r(40, LO), "a Barking parking partner API key (40 lower-case letters and digits)"),
    ("dokobit/access-token", "DOKOBIT_TOKEN", "dokobit", lambda: r(40, HX), "a Dokobit signing API access token (40 hex digits)"),
    ("ridango/api-key", "RIDANGO_API_KEY", "ridango", lambda: r(32, HX), "a Ridango ticketing API key (32 hex digits)"),
    ("elering/api-key", "ELERING_API_KEY", "elering", lambda: r(36, LO), "an Elering Estfeed data API key (36 lower-case letters and digits)"),
    ("eestienergia/client-secret", "EESTI_ENERGIA_SECRET", "eestienergia", lambda: r(40), "an Eesti Energia (Enefit) partner API client secret (40 letters and digits)"),
    ("maaamet/api-key", "MAAAMET_API_KEY", "maaamet", lambda: r(24, LO), "a Maa-amet geoportal API key (24 lower-case letters and digits)"),
    ("xteeee/security-server-pin", "XTEE_TOKEN_PIN", "xteeee", lambda: r(12, DG), "an X-tee security server software token PIN (12 digits)"),
    ("boltfood/api-secret", "BOLT_FOOD_API_SECRET", "boltfood", lambda: r(64, U64), "a Bolt Food merchant integration secret (64 letters, digits, _ and -)"),
    ("boltbusiness/client-secret", "BOLT_BUSINESS_SECRET", "boltbusiness", lambda: r(48, HX), "a Bolt Business rides API client secret (48 hex digits)"),
    ("wolt/drive-api-key", "WOLT_DRIVE_API_KEY", "wolt", lambda: r(43, U64), "a Wolt Drive merchant API key (43 letters, digits, _ and -)"),
    ("paysera/project-password", "PAYSERA_PROJECT_PASSWORD", "paysera", lambda: r(32, HX), "a Paysera checkout project password (32 hex digits beside a project id)"),
    ("kevinpay/client-secret", "KEVIN_CLIENT_SECRET", "kevinpay", lambda: "sec_" + r(40, LO), "a kevin. payment initiation client secret (sec_ and 40 lower-case letters and digits)"),
    ("citybee/api-key", "CITYBEE_API_KEY", "citybee", lambda: r(32), "a CityBee fleet partner API key (32 letters and digits)"),
    ("trafi/api-key", "TRAFI_API_KEY", "trafi", lambda: r(40, HX), "a Trafi mobility API key (40 hex digits)"),
    ("vinted/api-secret", "VINTED_PRO_SECRET", "vinted", lambda: r(48, U64), "a Vinted Pro integrations API secret (48 letters, digits, _ and -)"),
    ("tallink/partner-key", "TALLINK_PARTNER_KEY", "tallink", lambda: r(32, UP), "a Tallink Silja partner booking key (32 upper-case letters and digits)"),
    ("elron/api-key", "ELRON_API_KEY", "elron", u4, "an Elron train timetable partner API key (a version-4 UUID)"),
    ("tuum/api-secret", "TUUM_API_SECRET", "tuum", lambda: r(64, AL), "a Tuum core banking API secret (64 letters and digits)"),
    ("monese/client-secret", "MONESE_CLIENT_SECRET", "monese", lambda: r(36, U64), "a Monese XYB client secret (36 letters, digits, _ and -)"),
    ("lightyear/api-key", "LIGHTYEAR_API_KEY", "lightyear", lambda: "ly_" + r(40, LO), "a Lightyear investing API key (ly_ and 40 lower-case letters and digits)"),
    ("sympower/api-token", "SYMPOWER_TOKEN", "sympower", lambda: r(48, HX), "a Sympower flexibility API token (48 hex digits)"),
    ("cleveron/api-key", "CLEVERON_API_KEY", "cleveron", lambda: r(32, HX), "a Cleveron parcel robot API key (32 hex digits)"),
    ("starshipbots/api-key", "STARSHIP_API_KEY", "starshipbots", lambda: r(40), "a Starship delivery robots partner API key (40 letters and digits)"),
    ("ilmateenistus/api-key", "ILMATEENISTUS_API_KEY", "ilmateenistus", lambda: r(32, LO), "an Ilmateenistus weather data API key (32 lower-case letters and digits)"),
    ("emtaee/x-road-key", "EMTA_CLIENT_KEY", "emtaee", lambda: r(40, HX), "an EMTA tax board machine interface key (40 hex digits)"),
]
ESTONIAN = [("citadeleee/api-secret", "a Citadele Estonia banklink secret (40 letters and digits)"),
            ("twnee/api-key", "a TWN weather service partner API key (36 lower-case letters and digits)"),
            ("eestipost/api-key", "an Eesti Post legacy parcel API key (32 hex digits)"),
            ("tarturatas/api-token", "a Tartu Smart Bike share API token (an HS256 JWT)")]


def estonian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in an Estonian chat line with no setting name (format, context, text, secrets, what)."""
    citadele, twn, post = r(40), r(36, LO), r(32, HX)
    ratas = jwt(DRAW, {"klient": R.randrange(10**6, 10**7), "exp": 1800500000})
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = ESTONIAN
    return [
        (f1, "prose", f"Liis, pank saatis meile liidese jaoks uue saladuse: {citadele} — ära kirjuta seda kuhugi üles, eks?", [citadele], w1),
        (f2, "prose", f"Panen ilmateenuse testkeskkonna väärtuse siia: {twn}\nHomme tõstan selle hoidlasse ümber.", [twn], w2),
        (f3, "prose", f"Priit, sisse saad {post} abil, aga ainult liivakastis, mitte kunagi tootmises.", [post], w3),
        (f4, "prose", f"Linn andis rattaliidesele uue pääsuloa: {ratas}. Vana tühistasin ära.", [ratas], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows

ORDINARY_TEXTS = [  # (shape, context, text, why it is ordinary)
    ("env/bike-dock-count-and-city", "env", "RATAS_LINN=Tartu\nDOKKIDE_ARV=96\nRATTAID_KOKKU=750", "a dock count"),
    ("json/station-capacity-et", "json", json.dumps({"jaam": "Raekoja plats", "kohti": 24, "vabu": 7, "elektri": True}, indent=2), "a station's free places"),
    ("escapedjson/estonian-address-ads-oid", "escaped_json", json.dumps({"event": "aadress", "payload": json.dumps({"ads_oid": "ME00712345", "aadress": "Tartu linn, Küüni tn 5"})}), "a public address object id"),
    ("cli/ffmpeg-timelapse-framerate", "cli_flag", "$ ffmpeg -framerate 30 -pattern_type glob -i 'jaam_*.jpg' -c:v libx264 -pix_fmt yuv420p aegluubis.mp4", "a video encode"),
    ("prose/estonian-bike-season-notice", "prose", "Rattaringluse hooaeg algab 15. aprillil; talveks viiakse rattad hoolduseks depoosse ja jaamad suletakse novembri lõpus.", "a season notice"),
    ("tool/bike-battery-fleet-readout", "tool_output", "$ ratas-cli aku --jaam 212\nratas  aku%  laadimistsükleid\nT-0412  87    311\nT-0577  42    590", "battery levels"),
    ("diff/station-moved-to-new-street", "diff", "--- a/jaamad/tartu.yml\n+++ b/jaamad/tartu.yml\n@@ -9 +9 @@\n-  tanav: Ülikooli\n+  tanav: Lossi", "a station moved"),
    ("bytes/gbfs-feed-opening-bytes", "bytes_literal", "if body.startswith(b'{\"last_updated\":'):\n    voog = json.loads(body)", "a feed's opening bytes"),
    ("yaml/bike-tariff-tiers", "yaml", "tariifid:\n  - nimi: paev\n    hind_eur: 5\n  - nimi: hooaeg\n    hind_eur: 30", "tariff tiers"),
    ("csv/ride-count-per-district", "csv", "linnaosa,soitude_arv\nKesklinn,18204\nAnnelinn,9311\nKarlova,4170", "ride counts"),
    ("url/gbfs-station-information-feed", "url", "https://ratas.example.ee/gbfs/2.3/et/station_information.json", "a public feed address"),
    ("header/if-none-match-weak-etag", "header", "GET /v1/jaamad HTTP/1.1\nHost: api.example.ee\nIf-None-Match: W/\"jaamad-2026-12-25\"", "a cache validator"),
    ("log/dock-unlock-event", "log", "2026-12-25 07:40:12 INFO  dock.212.07 unlocked bike T-0412 for ride 88143 (kasutaja 5521)", "an unlock event"),
    ("connstr/libpq-service-name-only", "connection_string", "postgresql:///?service=kaart_ro&application_name=jaamakaart", "a service name, no password"),
    ("code/haversine-distance-km", "code", "def kaugus_km(a, b):\n    return 6371 * 2 * asin(sqrt(hav(b.lat - a.lat) + cos(a.lat) * cos(b.lat) * hav(b.lon - a.lon)))", "a distance formula"),
    ("ini/bike-maintenance-intervals", "ini", "[hooldus]\npidurid_km = 800\nketi_maarimine_paevi = 14\nrehvirohk_bar = 3.5", "maintenance intervals"),
    ("xml/kml-placemark-station", "xml", "<Placemark>\n  <name>Raekoja plats</name>\n  <Point><coordinates>26.72210,58.38031</coordinates></Point>\n</Placemark>", "a placemark"),
    ("dockerfile/user-nonroot-uid", "dockerfile", "RUN addgroup -S ratas && adduser -S -G ratas -u 10001 ratas\nUSER 10001", "a non-root user"),
    ("netrc/file-mode-stat-check", "netrc", "$ chmod 600 ~/.netrc && stat -c '%a %U' ~/.netrc\n600 kadri", "a file mode"),
    ("pem/ocsp-response-status-printout", "pem", "OCSP Response Status: successful (0x0)\nCert Status: good\nThis Update: Dec 25 06:00:00 2026 GMT\nNext Update: Jan  1 06:00:00 2027 GMT", "a revocation check"),
    ("wrapped/gps-track-points-continued", "wrapped", "dets 25 07:52:10 ratas-web-2 rada[88]: punktid 58.38031,26.72210 58.38102,26.72455 58.38177,26.72690\\\ndets 25 07:52:10 ratas-web-2 rada[88]:   58.38240,26.72911 58.38301,26.73140", "coordinates cut across lines"),
    ("toml/gbfs-validator-feed-list", "toml", "[validaator]\nversioon = \"2.3\"\nvoogud = [\"system_information\", \"station_status\", \"free_bike_status\"]", "feeds to check"),
    ("history/journalctl-follow-unit", "shell_history", "journalctl -u ratas-web -f --since '10 min ago'\nsystemctl status ratas-web\ndf -h /var", "log checks"),
    ("notebook/geopandas-plot-stations", "notebook", json.dumps({"cell_type": "code", "source": ["jaamad = gpd.read_file('jaamad.geojson')\n", "jaamad.plot(markersize=jaamad.kohti)\n"]}), "a map plot"),
    ("hcl/station-coordinates-locals", "hcl", "locals {\n  jaamad = {\n    raekoja_plats = { lat = 58.38031, lon = 26.72210 }\n    kaubamaja     = { lat = 58.37799, lon = 26.72841 }\n  }\n}", "station coordinates"),
    ("properties/bike-lock-firmware-versions", "properties", "lukk.pusivara.min=4.2.0\nlukk.pusivara.soovitus=4.3.1\nlukk.ble.nimi.eesliide=RATAS-", "firmware versions"),
    ("powershell/get-timezone-output", "powershell", "PS C:\\> Get-TimeZone\n\nId          : FLE Standard Time\nDisplayName : (UTC+02:00) Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius", "a time zone"),
    ("systemd/unit-description-documentation-et", "systemd", "[Unit]\nDescription=Rattajaamade oleku avaldaja\nDocumentation=https://ratas.example.ee/docs/gbfs\nAfter=network-online.target", "a unit's description"),
    ("har/server-ip-and-connection-port", "har", "{\"log\": {\"entries\": [{\"serverIPAddress\": \"192.0.2.80\", \"connection\": \"443\", \"time\": 131.4}]}}", "a server address"),
    ("curl/trace-feed-ttl-body-head", "curl_trace", "< HTTP/2 200\n< content-type: application/json\n<\n{\"last_updated\":1798184400,\"ttl\":30,\"version\":\"2.3\",", "a feed's first bytes"),
    ("k8s/cronjob-feed-snapshot-schedule", "k8s_secret", "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: gbfs-hetktommis\nspec:\n  schedule: \"*/5 * * * *\"\n  concurrencyPolicy: Forbid", "a scheduled job"),
    ("crash/android-anr-input-dispatch", "crash_report", "ANR in ee.ratas.app (ee.ratas.app/.KaartActivity)\nPID: 8812\nReason: Input dispatching timed out (Waiting to send non-key event)", "an unresponsive app"),
    ("webstorage/map-zoom-and-layer", "web_storage", json.dumps({"localStorage": {"ratas:suum": "15", "ratas:kiht": "satelliit", "ratas:keel": "et"}}), "map settings"),
    ("plist/bluetooth-always-usage-et", "plist", "<key>NSBluetoothAlwaysUsageDescription</key>\n<string>Bluetoothi abil avatakse ratta lukk.</string>", "a permission text"),
    ("tfstate/output-station-id-list", "tfstate", "{\"version\": 4, \"outputs\": {\"jaamade_id\": {\"value\": [101, 102, 212], \"type\": [\"list\", \"number\"]}}}", "station ids"),
    ("mobile/xcconfig-marketing-version", "mobile_config", "MARKETING_VERSION = 3.8.1\nCURRENT_PROJECT_VERSION = 381\nIPHONEOS_DEPLOYMENT_TARGET = 16.0", "app versions"),
    ("sqldump/alter-table-add-check", "sql_dump", "ALTER TABLE soit ADD CONSTRAINT kestus_pos CHECK (kestus_s > 0);", "a check constraint"),
    ("email/ride-receipt-body-et", "email", "From: arved@example.ee\nSubject: Sinu sõidu kviitung\n\nSõit nr 88143\nKestus: 23 min\nSumma: 1,15 €", "a receipt"),
    ("nginx/stub-status-local-only", "nginx", "location = /nginx_olek {\n    stub_status;\n    allow 127.0.0.1;\n    deny all;\n}", "a status page"),
    ("markdown/station-list-with-links", "markdown", "- [Raekoja plats](https://ratas.example.ee/jaam/1)\n- [Kaubamaja](https://ratas.example.ee/jaam/2)", "a link list"),
    ("postman/collection-folders-et", "postman", "{\"info\": {\"name\": \"Rattaring\"}, \"item\": [{\"name\": \"Jaamad\", \"item\": []}, {\"name\": \"S\\u00f5idud\", \"item\": []}]}", "folders"),
    ("jenkinsfile/stage-when-branch-input", "jenkinsfile", "stage('Avalda') {\n    when { branch 'main' }\n    input { message 'Kas avaldame kaardi?' }\n}", "a manual stage"),
    ("compose/healthcheck-pg-isready", "compose", "services:\n  db:\n    image: postgres:17\n    healthcheck:\n      test: [\"CMD\", \"pg_isready\", \"-U\", \"ratas\"]\n      interval: 10s", "a health check"),
    ("gradle/android-locale-filters-et", "gradle", "android {\n    androidResources {\n        localeFilters += listOf(\"et\", \"ru\", \"en\")\n    }\n}", "app languages"),
    ("chat/bike-repair-message-et", "chat_export", json.dumps([{"user": "mehaanik", "text": "T-0577 tagumine pidur vahetatud, ratas on jälle jaamas 212."}]), "a repair note"),
    ("ansible/apt-packages-present", "ansible", "- name: paigalda tööriistad\n  ansible.builtin.apt:\n    name: [htop, jq, curl]\n    state: present", "packages"),
    ("kubeconfig/get-contexts-table", "kubeconfig", "$ kubectl config get-contexts\nCURRENT   NAME         CLUSTER   AUTHINFO    NAMESPACE\n*         ratas-prod   ratas     ratas-ops   kaart", "a context list"),
    ("hocon/feed-cache-ttls", "hocon", "gbfs {\n  station-status.ttl = 30s\n  system-information.ttl = 1h\n}", "cache times"),
    ("nix/environment-system-packages", "nix", "environment.systemPackages = with pkgs; [ git htop ripgrep ];", "system packages"),
    ("caddyfile/respond-maintenance-503", "caddyfile", "ratas.example.ee {\n  respond \"Hooldus kuni 08:00\" 503\n}", "a maintenance reply"),
    ("gitconfig/core-autocrlf-and-editor", "gitconfig", "[core]\n\tautocrlf = input\n\teditor = nvim\n[init]\n\tdefaultBranch = main", "core settings"),
    ("makefile/feed-validate-target", "makefile", "valideeri:\n\tnpx gbfs-validator --url https://ratas.example.ee/gbfs/gbfs.json", "a validation target"),
    ("npmrc/workspaces-update-and-root", "npmrc", "workspaces-update=false\ninclude-workspace-root=true", "workspace settings"),
    ("pgpass/psql-earth-distance-query", "pgpass", "kaart=> select earth_distance(ll_to_earth(58.3803, 26.7221), ll_to_earth(58.3780, 26.7284));\n  earth_distance\n------------------\n 436.918270321544", "a distance query"),
    ("crontab/monthly-first-day-archive", "crontab", "15 3 1 * * /opt/ratas/bin/arhiveeri --kuu eelmine", "a monthly job"),
    ("httpfile/get-with-query-and-accept", "http_file", "GET https://api.example.ee/v1/jaamad?linn=tartu&vabu=1\nAccept: application/geo+json", "a query"),
    ("haproxy/backend-health-check-path", "haproxy", "backend web\n    option httpchk GET /tervis\n    server w1 10.0.0.11:8080 check\n    server w2 10.0.0.12:8080 check", "a health check"),
    ("sbt/native-packager-main-class", "sbt", "Compile / mainClass := Some(\"ee.ratas.Kaart\")\nmaintainer := \"it@example.ee\"\nenablePlugins(JavaAppPackaging)", "a packaging setting"),
    ("pypirc/check-manifest-output", "pypirc", "$ check-manifest\nlisting source files under version control: 212 files and directories\nOK", "a packaging check"),
    ("ssh/proxyjump-bastion", "ssh_config", "Host ratas-*\n    ProxyJump bastion.example.ee\n    User deploy", "a jump host"),
    ("launch/compound-web-and-worker", "launch_json", "{\n  \"compounds\": [\n    {\n      \"name\": \"k\\u00f5ik\",\n      \"configurations\": [\n        \"veeb\",\n        \"t\\u00f6\\u00f6\"\n      ]\n    }\n  ]\n}", "a compound launch"),
    ("gha/matrix-exclude-os-python", "gha_workflow", "strategy:\n  matrix:\n    os: [ubuntu-24.04, macos-15]\n    python: ['3.12', '3.13']\n    exclude:\n      - os: macos-15\n        python: '3.12'", "a matrix"),
    ("fish/function-station-argument", "fish", "function jaam --argument id\n    ratas-cli jaam $id --vabad\nend", "a shell function"),
    ("console/geolocation-accuracy", "devtools_console", "> navigator.geolocation.getCurrentPosition(p => console.log(p.coords.accuracy))\n< undefined\n18.5", "a position's accuracy"),
    ("envrc/source-up-and-layout-python", "envrc", "source_up\nlayout python3", "direnv layout"),
    ("maven/dependency-tree-geotools-output", "maven_settings", "$ mvn dependency:tree -Dincludes=org.geotools\n[INFO] ee.ratas:kaart:jar:3.8.1\n[INFO] \\- org.geotools:gt-main:jar:32.1:compile", "a dependency tree"),
    ("rclone/check-one-way-summary", "rclone_conf", "$ rclone check --one-way ./gbfs arhiiv:gbfs\n2026/12/25 07:50:01 NOTICE: 0 differences found\n2026/12/25 07:50:01 NOTICE: 48 matching files", "a comparison"),
    ("composer/autoload-psr4-namespace", "composer_auth", "{\n    \"autoload\": {\n        \"psr-4\": {\n            \"Ratas\\\\\": \"src/\"\n        }\n    }\n}", "an autoload map"),
    ("yarnrc/changeset-base-refs", "yarnrc", "changesetBaseRefs:\n  - main\n  - origin/main", "base branches"),
    ("terraformrc/providers-lock-output", "terraformrc", "$ terraform providers lock -platform=linux_arm64\n- Fetching hashicorp/aws 5.80.0 for linux_arm64...\n- Retrieved hashicorp/aws 5.80.0 for linux_arm64 (signed by HashiCorp)\nSuccess! Terraform has updated the lock file.", "a lock run"),
    ("cargo/alias-xtask", "cargo_credentials", "[alias]\nxtask = \"run --package xtask --\"", "a command alias"),
    ("docker/daemon-registry-mirror-ee", "docker_config", "{\n  \"registry-mirrors\": [\n    \"https://peegel.example.ee\"\n  ]\n}", "a registry mirror"),
    ("aws/s3-addressing-style-and-concurrency", "aws_config", "[profile ratas]\ns3 =\n  max_concurrent_requests = 20\n  addressing_style = virtual", "transfer settings"),
    ("gitcred/username-for-host-only", "git_credentials", "[credential \"https://kood.example.ee\"]\n\tusername = ratas-ci", "a user name and no password"),
    ("helm/cities-and-station-counts", "helm_values", "linnad:\n  - nimi: Tartu\n    jaamu: 96\n  - nimi: Pärnu\n    jaamu: 12", "station counts"),
    ("vault/agent-sink-file-path", "vault_agent", "auto_auth {\n  sink \"file\" {\n    config = {\n      path = \"/run/ratas/vault-token\"\n      mode = 0640\n    }\n  }\n}", "where a token is written, none written here"),
    ("mycnf/show-variables-time-zone", "my_cnf", "mysql> SHOW VARIABLES LIKE 'time_zone';\n+---------------+----------------+\n| Variable_name | Value          |\n+---------------+----------------+\n| time_zone     | Europe/Tallinn |\n+---------------+----------------+", "a time zone"),
    ("s3cfg/s3cmd-du-bucket-output", "s3cfg", "$ s3cmd du -H s3://ratas-gbfs-arhiiv\n  1G     8642 objects s3://ratas-gbfs-arhiiv/", "a bucket's size"),
    ("bitbucket/definitions-caches-custom", "bitbucket_pipelines", "definitions:\n  caches:\n    poetry: ~/.cache/pypoetry", "a cache"),
    ("wrangler/triggers-crons", "wrangler", "[triggers]\ncrons = [\"*/5 * * * *\"]", "a schedule"),
    ("k6/options-stages-ramp", "k6_script", "export const options = { stages: [ { duration: '1m', target: 50 }, { duration: '3m', target: 50 } ] };", "load stages"),
    ("heroku/pg-info-output", "heroku_config", "$ heroku pg:info -a ratas\n=== DATABASE_URL\nPlan:        Essential 0\nStatus:      Available\nPG Version:  16.4\nTables:      14", "a database's plan, its setting named"),
    ("authinfo/epg-pinentry-loopback", "authinfo", "(setq epg-pinentry-mode 'loopback)", "how a passphrase is asked for"),
    ("fly/metrics-port-and-path", "fly_toml", "[metrics]\n  port = 9091\n  path = \"/moodikud\"", "a metrics endpoint"),
    ("netlify/lighthouse-plugin-thresholds", "netlify_toml", "[[plugins]]\n  package = \"@netlify/plugin-lighthouse\"\n  [plugins.inputs.thresholds]\n    performance = 0.9", "a plugin threshold"),
    ("render/branch-and-build-filter", "render_yaml", "services:\n  - type: web\n    name: ratas\n    branch: main\n    buildFilter:\n      paths: [\"kaart/**\"]", "a build filter"),
    ("jmeter/random-station-variable", "jmeter_plan", "<RandomVariableConfig testname=\"Jaam\">\n  <stringProp name=\"variableName\">jaam</stringProp>\n  <stringProp name=\"minimumValue\">101</stringProp>\n  <stringProp name=\"maximumValue\">196</stringProp>\n</RandomVariableConfig>", "a random station id"),
    ("jenkins/list-view-job-names", "jenkins_credentials", "<listView>\n  <name>Kaart</name>\n  <jobNames>\n    <string>kaart-build</string>\n    <string>kaart-deploy</string>\n  </jobNames>\n</listView>", "a view"),
    ("gitlab/resource-group-environment-url", "gitlab_ci", "deploy:\n  resource_group: tootmine\n  environment:\n    name: tootmine\n    url: https://ratas.example.ee", "a deploy environment"),
    ("pipconf/constraint-file-and-strategy", "pip_conf", "[install]\nconstraint = /etc/ratas/piirangud.txt\nupgrade-strategy = only-if-needed", "install constraints"),
    ("gem/bundle-build-nokogiri-flags", "gem_credentials", "---\nBUNDLE_BUILD__NOKOGIRI: \"--use-system-libraries\"", "build flags"),
    ("nuget/package-restore-automatic", "nuget_config", "<packageRestore>\n  <add key=\"enabled\" value=\"True\" />\n  <add key=\"automatic\" value=\"True\" />\n</packageRestore>", "restore settings"),
    ("supervisord/eventlistener-fatal-state", "supervisord", "[eventlistener:valvur]\ncommand=/opt/ratas/bin/valvur\nevents=PROCESS_STATE_FATAL", "an event listener"),
    ("pulumi/stack-encryption-salt-absent-config", "pulumi_config", "config:\n  ratas:linn: tartu\n  ratas:jaamu: \"96\"", "a stack's settings"),
    ("extension/sync-favourite-stations", "extension_storage", "{\"chrome.storage.sync\": {\"lemmikjaamad\": [101, 212], \"teavitused\": false}}", "favourite stations"),
    ("circleci/restore-cache-fallback-keys", "circleci_config", "- restore_cache:\n    keys:\n      - v2-deps-{{ checksum \"poetry.lock\" }}\n      - v2-deps-", "cache keys"),
    ("azure/publish-test-results-junit", "azure_pipelines", "- task: PublishTestResults@2\n  inputs:\n    testResultsFormat: JUnit\n    testResultsFiles: '**/testid-*.xml'", "test results"),
    ("ngrok/tunnel-hostname-and-schemes", "ngrok_config", "tunnels:\n  kaart:\n    proto: http\n    addr: 3000\n    schemes: [https]", "a tunnel"),
    ("hgrc/hooks-pretxncommit-feed-check", "hgrc", "[hooks]\npretxncommit.gbfs = python:kontroll.gbfs_kehtib", "a commit hook"),
    ("wpa/wpa-cli-status-output", "wpa_supplicant", "$ wpa_cli status\nbssid=02:00:5e:10:00:01\nfreq=2437\nssid=Ratas-Depoo\nwpa_state=COMPLETED\nip_address=192.168.8.44", "a link status"),
    ("bruno/body-json-ride-start", "bruno", "body:json {\n  {\n    \"jaam\": 212,\n    \"ratas\": \"T-0412\"\n  }\n}", "a request body"),
    ("insomnia/api-spec-file-name", "insomnia", "{\"_type\": \"api_spec\", \"fileName\": \"ratas-gbfs.yaml\", \"contentType\": \"yaml\"}", "a spec file"),
    ("travis/addons-apt-packages", "travis_ci", "addons:\n  apt:\n    packages:\n      - libgeos-dev\n      - gdal-bin", "apt packages"),
    ("drone/services-postgis", "drone_ci", "services:\n  - name: db\n    image: postgis/postgis:17-3.5", "a service container"),
    ("ghhosts/editor-and-prompt", "gh_hosts", "git_protocol: https\neditor: nvim\nprompt: enabled", "CLI settings"),
    ("condarc/default-python-and-threads", "condarc", "default_python: \"3.12\"\ndefault_threads: 4", "solver defaults"),
    ("override/ports-debug", "compose_override", "services:\n  web:\n    ports:\n      - \"9229:9229\"", "a debug port"),
    ("vagrant/hostname-and-private-ip", "vagrantfile", "config.vm.hostname = \"ratas-dev\"\nconfig.vm.network \"private_network\", ip: \"192.168.56.21\"", "a host name and address"),
    ("packer/ami-description-et", "packer_vars", "ami_description = \"Rattaringluse kaardiserver, Debian 12\"\ninstance_type   = \"t4g.small\"", "an image description"),
    ("creds/systemd-analyze-security-exposure", "systemd_credential", "$ systemd-analyze security ratas.service | tail -1\n→ Overall exposure level for ratas.service: 2.1 OK :-)", "an exposure score"),
    ("userlist/show-stats-totals", "pgbouncer_userlist", "pgbouncer=# SHOW STATS_TOTALS;\n database | xact_count | query_count | bytes_received\n kaart    |     881430 |     1204412 |      912034112", "traffic totals"),
    ("initgradle/repositories-mode-fail-on-project", "init_gradle", "settingsEvaluated { s ->\n    s.dependencyResolutionManagement.repositoriesMode = RepositoriesMode.FAIL_ON_PROJECT_REPOS\n}", "a repository rule"),
    ("procfile/worker-and-clock", "procfile", "worker: bin/ratas-too\nclock: bin/ratas-kell", "process types"),
    ("justfile/shebang-python-recipe", "justfile", "kokkuvote:\n    #!/usr/bin/env python3\n    print('jaamu:', 96)", "a script recipe"),
    ("taskfile/vars-sh-git-commit", "taskfile", "version: '3'\nvars:\n  VERSIOON:\n    sh: git describe --tags", "a version variable"),
    ("earthfile/with-docker-compose-test", "earthfile", "test:\n    FROM earthly/dind:alpine\n    WITH DOCKER --compose compose.yml\n        RUN ./testid.sh\n    END", "a test with services"),
    ("tiltfile/allow-k8s-contexts", "tiltfile", "allow_k8s_contexts(['kind-ratas', 'k3d-ratas'])", "allowed clusters"),
    ("skaffold/deploy-kubectl-manifests", "skaffold", "manifests:\n  rawYaml:\n    - k8s/*.yaml\ndeploy:\n  kubectl: {}", "manifests"),
    ("buildkite/soft-fail-and-wait", "buildkite", "steps:\n  - command: make lint\n    soft_fail: true\n  - wait\n  - command: make test", "step order"),
    ("woodpecker/services-redis", "woodpecker_ci", "services:\n  cache:\n    image: redis:7-alpine", "a service"),
    ("bitrise/meta-stack", "bitrise", "meta:\n  bitrise.io:\n    stack: linux-docker-android-22.04\n    machine_type_id: standard", "a build stack"),
    ("serverless/events-schedule-rate", "serverless", "functions:\n  hetktommis:\n    handler: gbfs.hetktommis\n    events:\n      - schedule: rate(5 minutes)", "a schedule"),
    ("appengine/vpc-connector-egress", "app_engine", "vpc_access_connector:\n  name: projects/ratas/locations/europe-north1/connectors/kaart\n  egress_setting: private-ranges-only", "a network connector"),
    ("kamal/builder-arch-remote", "kamal_deploy", "builder:\n  arch: arm64\n  remote: ssh://builder@192.0.2.40", "a remote builder"),
    ("doapp/alerts-cpu-utilization", "do_app_spec", "alerts:\n  - rule: CPU_UTILIZATION\n    operator: GREATER_THAN\n    value: 80\n    window: TEN_MINUTES", "an alert"),
    ("railway/deploy-replicas-and-region", "railway_json", "{\n  \"deploy\": {\n    \"numReplicas\": 2,\n    \"region\": \"europe-west4\"\n  }\n}", "replicas"),
    ("codemagic/email-recipients-notify", "codemagic", "publishing:\n  email:\n    recipients:\n      - it@example.ee\n    notify:\n      success: false", "notification settings"),
    ("vercel/regions-and-clean-urls", "vercel_json", json.dumps({"regions": ["arn1"], "cleanUrls": True}, indent=2), "regions"),
    ("samconfig/validate-lint", "samconfig", "[default.validate.parameters]\nlint = true", "a lint flag"),
    ("azurefunc/function-timeout", "azure_local_settings", "{\n  \"version\": \"2.0\",\n  \"functionTimeout\": \"00:05:00\"\n}", "a timeout"),
    ("boto/gsutil-state-dir", "boto_config", "[GSUtil]\nstate_dir = /var/cache/gsutil\ndefault_project_id = ratas-kaardid", "gsutil state"),
    ("bunfig/install-exact-and-frozen", "bunfig", "[install]\nexact = true\nfrozenLockfile = true", "install flags"),
    ("zeabur/zbpack-static-output", "zeabur", json.dumps({"output_dir": "public", "build_command": "npm run build"}, indent=2), "an output folder"),
    ("msmtprc/logfile-and-syslog", "msmtprc", "defaults\nlogfile ~/.msmtp.log\nsyslog LOG_MAIL", "log settings"),
    ("muttrc/sort-threads-and-pager", "muttrc", "set sort = threads\nset pager_index_lines = 8", "display settings"),
    ("offlineimaprc/cert-fingerprint-pinned", "offlineimaprc", "[Repository ratas-remote]\nsslcacertfile = /etc/ssl/certs/ca-certificates.crt\ncert_fingerprint = 3f1a9c0be27d4485a1f0e6c2b9d87a4e5c1f0b2d3a4e5f6a7b8c9d0e1f2a3b4c", "a certificate's public digest"),
    ("firebase/runtimeconfig-city-limits", "firebase_runtimeconfig", json.dumps({"linn": {"max_soidu_min": "240", "tasuta_min": "30"}}, indent=2), "ride limits"),
    ("redis/save-snapshots-and-dir", "redis_conf", "save 900 1\nsave 300 10\ndir /var/lib/redis", "snapshot rules"),
    ("lftp/mirror-reverse-command", "lftprc", "set net:max-retries 3\nalias laadi \"mirror -R --only-newer ./public /www\"", "a mirror alias"),
    ("telegraf/agent-interval-and-flush", "telegraf", "[agent]\n  interval = \"10s\"\n  flush_interval = \"30s\"\n  hostname = \"ratas-web-2\"", "agent timing"),
    ("filebeat/output-file-rotation", "filebeat", "output.file:\n  path: /var/log/filebeat-valjund\n  filename: ratas\n  rotate_every_kb: 10240", "file output"),
    ("irssi/aliases-join-part", "irssi", "aliases = {\n  J = \"join\";\n  LL = \"lastlog\";\n};", "aliases"),
    ("odbc/odbcinst-driver-registration", "odbc_ini", "[MariaDB]\nDescription = MariaDB Connector/ODBC\nDriver = /usr/lib/x86_64-linux-gnu/odbc/libmaodbc.so", "a driver registration"),
    ("rabbitmq/cluster-formation-classic", "rabbitmq_conf", "cluster_formation.peer_discovery_backend = classic_config\ncluster_formation.classic_config.nodes.1 = rabbit@mq1\ncluster_formation.classic_config.nodes.2 = rabbit@mq2", "cluster members"),
    ("deno/compiler-options-strict", "deno_json", json.dumps({"compilerOptions": {"strict": True, "lib": ["deno.window"]}, "lock": True}, indent=2), "compiler options"),
    ("pgadmin/server-ssh-tunnel-identity-file", "pgadmin_servers", json.dumps({"Servers": {"1": {"Name": "kaart", "Host": "10.0.0.21", "Port": 5432, "Username": "kaart_ro", "UseSSHTunnel": 1, "TunnelHost": "bastion.example.ee", "TunnelIdentityFile": "~/.ssh/id_ed25519"}}}, indent=2), "a key file named"),
    ("nmconnection/bond-active-backup", "nmconnection", "[connection]\nid=bond0\ntype=bond\n\n[bond]\nmode=active-backup\nmiimon=100", "a bond"),
    ("grafana/users-default-theme-and-home", "grafana_ini", "[users]\ndefault_theme = light\nallow_sign_up = false\n\n[dashboards]\ndefault_home_dashboard_path = /var/lib/grafana/avaleht.json", "user settings"),
    ("wpconfig/salt-constants-named-only", "wp_config", "// Võtmed ja soolad tulevad keskkonnast: vt https://api.wordpress.org/secret-key/1.1/salt/\ndefine( 'WP_ENVIRONMENT_TYPE', 'production' );\ndefine( 'DISALLOW_FILE_EDIT', true );", "keys named, none written"),
    ("fetchmailrc/poll-with-passwordeval-absent-keep", "fetchmailrc", "set logfile ~/.fetchmail.log\npoll pop.example.ee protocol POP3 user \"ratas\" keep fetchall sslproto TLS1.2+", "a poll with no password"),
    ("logstash/filter-grok-and-date", "logstash_conf", "filter {\n  grok { match => { \"message\" => \"%{TIMESTAMP_ISO8601:aeg} %{LOGLEVEL:tase} %{GREEDYDATA:teade}\" } }\n  date { match => [\"aeg\", \"ISO8601\"] }\n}", "a log parser"),
    ("dockercfg/registry-email-only", "dockercfg", json.dumps({"https://index.docker.io/v1/": {"email": "it@example.ee"}}, indent=2), "a registry with an e-mail and no auth"),
    ("windowsreg/keyboard-layout-estonian", "windows_reg", "Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Keyboard Layout\\Preload]\n\"1\"=\"00000425\"", "a keyboard layout"),
    ("alertmanager/route-group-by-and-repeat", "alertmanager_yml", "route:\n  receiver: valve\n  group_by: [alertname, jaam]\n  group_wait: 30s\n  repeat_interval: 4h", "alert routing"),
]
ORDINARY = [(shape, context, lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, estonian_prose, ORDINARY, PUBLIC)


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh25.jsonl"))
