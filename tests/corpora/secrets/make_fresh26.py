"""Writes the twenty-sixth fresh held-out part of the secrets corpus, fresh26.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (an `airflow.cfg`, a `mongod.conf`, an `elasticsearch.yml`, a GitLab `gitlab.rb`, a
`superset_config.py`, a `prometheus.yml` scrape configuration); secrets in prose are in Slovenian. No
vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh26.py [OUT]   # default: fresh26.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261226
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh26.py (seed {SEED})"
HOST = "example.si"

# Every context of the corpus up to fresh25, then the six this part adds; secrets take them in turn, so each has one.
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
            "wp_config", "fetchmailrc", "logstash_conf", "dockercfg", "windows_reg", "alertmanager_yml",
            "airflow_cfg", "mongod_conf", "elasticsearch_yml", "gitlab_rb", "superset_config", "prometheus_yml")




def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"dec 26 09:12:44 knjiga-web-1 {tool}-hook[7731]: config {name}={head}\\\n"
            f"dec 26 09:12:44 knjiga-web-1 {tool}-hook[7731]:   {tail} (vrstica se nadaljuje)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value};ponudnik={tool}".encode()).decode()
        return f"-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n-----END {tool.upper()} CREDENTIAL-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"knjiznica:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded, "email": f"ops@{HOST}"}}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"knjiznica:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"it@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"kind: Secret\napiVersion: v1\ntype: Opaque\nmetadata:\n  name: {tool}-dostop\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[knjiga]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.s3.{tool}.{HOST}", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc"):
        texts = {
            "url": f"https://hooks.{tool}.{HOST}/v1/enota/17?{name.lower()}={quoted}&jezik=sl",
            "connection_string": f"Server=sql.{tool}.{HOST};Database=izposoja;User Id=knjiga_app;Password={quoted};Encrypt=true",
            "git_credentials": f"https://knjiga-ci:{quoted}@koda.{tool}.{HOST}/izposoja.git",
            "pip_conf": f"[global]\nextra-index-url = https://knjiga:{quoted}@paketi.{tool}.{HOST}/simple\ntimeout = 30",
            "condarc": f"channels:\n  - conda-forge\n  - https://conda.{tool}.{HOST}/t/{quoted}/knjiga",
            "lftprc": f"set sftp:auto-confirm yes\nopen sftp://knjiga:{quoted}@filer.{tool}.{HOST}",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool}\nAPP_ENV=prod\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"povezave": [{"ime": tool, "aktivno": True, cam: value}]}, indent=2),
        "escaped_json": json.dumps({"event": "integration.saved", "payload": json.dumps({"vendor": tool, low: value, "ok": True})}),
        "cli_flag": f"$ knjiga integration set {tool} --{kebab} '{value}' --region si-central",
        "prose": f"Živjo Matej, pri {tool} sem pravkar ustvaril nov dostop, ključ je {value} — do petka ga moramo prestaviti v naš trezor.",
        "tool_output": f"$ {tool}-cli whoami\nracun:    knjiga-izposoja\n{kebab}:  {value}\npoteče:  nikoli",
        "diff": f"--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"self.key = bytes.fromhex('00') + b'{value}'",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: '{value}'\n  timeout_s: 10",
        "csv": f"\"sistem\";\"kljuc\";\"vrednost\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /v1/izposoje HTTP/2\nhost: api.{tool}.{HOST}\n{title.lower()}: {value}\ncontent-type: application/json",
        "log": f"2026-12-24 07:44:51,903 DEBUG [{tool}] request signed with {low}='{value}'",
        "code": f"const {cam} = process.env.{name} ?? '{value}';\nexport const {tool}Client = new Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\n{low}={value}\nverify_ssl=1",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci --omit=dev",
        "netrc": f"machine dl.{tool}.{HOST}\n  login knjiga\n  password {value}",
        "toml": f"[integration.{tool}]\n{cam} = '{value}'\nregion = \"si\"",
        "shell_history": f"knjiga deploy --dry-run\n{name}=\"{value}\" knjiga sync {tool}\ngit status",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"import {tool}\n", f"{tool}.auth(\"{value}\")"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool}\n{tool}.{cam}={value}",
        "powershell": f"PS /home/knjiga> $env:{name} = \"{value}\"\nPS /home/knjiga> knjiga sync {tool}",
        "systemd": f"$ systemctl show knjiga-{tool} -p Environment\nEnvironment={name}={value} TZ=Europe/Ljubljana",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/gradivo",
                                                                             "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]}}]}}),
        "curl_trace": f"> GET /gradivo HTTP/2\n> Host: api.{tool}.{HOST}\n> authorization: Bearer {value}\n>\n< HTTP/2 200",
        "crash_report": f"Traceback (most recent call last):\n  File \"knjiga/{tool}.py\", line 31, in connect\n{tool}.AuthError: rejected {low}='{value}'",
        "web_storage": json.dumps({"localStorage": {f"knjiga:{tool}:{cam}": value, "knjiga:jezik": "sl"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "outputs": {f"{tool}_{low}": {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/key.properties\n{cam}={value}\nstoreFile=upload.jks",
        "sql_dump": f"UPDATE integration SET {low} = '{value}' WHERE vendor = '{tool}';",
        "email": f"To: ops@{HOST}\nSubject: Dostop: {tool}\n\nTu je {low} za produkcijo: {value}\n\nLep pozdrav, Nina",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.{HOST}/;\n    proxy_set_header Authorization \"Bearer {value}\";\n}}",
        "markdown": f"## {tool}\n\n- okolje: prod\n- {low}: `{value}`",
        "postman": json.dumps({"info": {"name": f"{tool} knjiga"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value}]}}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'knjiga sync {tool}'\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: knjiga/sync:2\n    environment:\n      {name}: '{value}'",
        "gradle": f"# gradle.properties\n{tool}{name.title().replace('_', '')}={value}\norg.gradle.jvmargs=-Xmx2g",
        "chat_export": json.dumps([{"user": "nina", "ts": "1798110000.000300", "text": f"nov {kebab} za {tool}: {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.{HOST}",
        "kubeconfig": f"users:\n- name: knjiga-{tool}\n  user:\n    exec: null\n    token: \"{value}\"",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.knjiga.{tool} = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.knjiga.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up Authorization \"Bearer {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://koda.{tool}.{HOST}/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tknjiga sync {tool} --key $({name})",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# host:port:database:user:password\npg.{tool}.{HOST}:6432:izposoja:knjiga:{value}",
        "crontab": f"SHELL=/bin/bash\n0 5 * * * {name}='{value}' /opt/knjiga/bin/too-gradivo {tool}",
        "http_file": f"@key = {value}\nGET https://api.{tool}.{HOST}/gradivo\nAuthorization: Bearer {{{{key}}}}",
        "haproxy": f"frontend knjiga\n    http-request set-header Authorization \"Bearer {value}\" if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"{tool}\", \"maven.{tool}.{HOST}\", \"knjiga\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.{HOST}\n    User knjiga\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: knjiga sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx KNJIGA_REGION si",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< \"{value}\"",
        "envrc": f"use node 22\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>knjiga</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/\nuser = knjiga\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/knjiga/bin/creds --key {value}\nregion = eu-north-1",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"auto_auth {{\n  method \"approle\" {{\n    config = {{\n      role_id_file_path = \"/etc/knjiga/role\"\n      secret_id = \"{value}\"\n    }}\n  }}\n}}",
        "my_cnf": f"[mysql]\nhost = db.{tool}.{HOST}\nuser = knjiga\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - knjiga sync {tool}",
        "wrangler": f"name = \"knjiga-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get('https://api.{tool}.{HOST}/gradivo', {{ headers: {{ Authorization: `Bearer ${{KEY}}` }} }});",
        "heroku_config": f"$ heroku config -a knjiga-{tool}\n=== knjiga-{tool} Config Vars\n{name}: {value}\nTZ:      Europe/Ljubljana",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login knjiga password \"{value}\"",
        "fly_toml": f"app = \"knjiga-{tool}\"\nprimary_region = \"fra\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"Authorization\" elementType=\"Header\">\n      <stringProp name=\"Header.value\">Bearer {value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  stage: deploy\n  script: knjiga sync {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"knjiga\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/knjiga/bin/sync {tool}\nenvironment={name}=\"{value}\",TZ=\"Europe/Ljubljana\"",
        "pulumi_config": f"config:\n  {tool}:{cam}: {value}\n  knjiga:region: si",
        "extension_storage": json.dumps({"chrome.storage.local": {"racuni": [{"ponudnik": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: knjiga sync {tool}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: \"{value}\"\n  region: eu",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.{HOST}\n{tool}.username = knjiga\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid=\"Knjiga-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n}}",
        "bruno": f"auth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value, "base": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value} SUITE=sync",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: \"{value}\"",
        "gh_hosts": f"github.{tool}.{HOST}:\n    user: knjiga-bot\n    oauth_token: {value}\n    git_protocol: ssh",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}\n      - DEBUG=0",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nimage_name = \"knjiga-{tool}\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/knjiga/bin/{tool}-sync",
        "pgbouncer_userlist": f"\"knjiga_{tool}\" \"{value}\"",
        "init_gradle": f"allprojects {{\n  repositories {{\n    maven {{\n      url 'https://maven.{tool}.{HOST}/'\n      credentials {{ username 'knjiga'; password '{value}' }}\n    }}\n  }}\n}}",
        "procfile": f"web: {name}={value} node dist/server.js",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    knjiga sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - knjiga sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN knjiga sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='knjiga sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: knjiga/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":books: {tool}\"\n    command: knjiga sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}",
        "bitrise": f"workflows:\n  release:\n    envs:\n      - {name}: \"{value}\"",
        "serverless": f"service: knjiga-{tool}\nprovider:\n  name: aws\n  environment:\n    {name}: {value}",
        "app_engine": f"service: {tool}-sync\nruntime: nodejs22\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: knjiga\nimage: knjiga/web\nenv:\n  clear:\n    {name}: {value}",
        "do_app_spec": f"workers:\n  - name: {tool}-sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"build": {"builder": "NIXPACKS", "buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"environment:\n  vars:\n    {name}: \"{value}\"\nscripts:\n  - knjiga sync {tool}",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": f"[prod.deploy.parameters]\nstack_name = \"knjiga-{tool}\"\nparameter_overrides = [\"{cam}={value}\"]",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_oauth2_refresh_token = {value}\n[GSUtil]\nparallel_composite_upload_threshold = 150M",
        "bunfig": f"[install.registry]\nurl = \"https://npm.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "zeabur": json.dumps({"build_command": f"{name}={value} bun run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom knjiga@{HOST}\nauth on\nuser knjiga\npassword {value}",
        "muttrc": f"set imap_user = \"knjiga@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = knjiga\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({"integration": {tool: {cam.lower(): value}}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nappendonly no",
        "telegraf": f"[[outputs.influxdb_v2]]\n  urls = [\"https://influx.{tool}.{HOST}\"]\n  token = \"{value}\"\n  organization = \"knjiga\"",
        "filebeat": f"output.logstash:\n  hosts: [\"logs.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n  password: \"{value}\"",
        "irssi": f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"knjiga\";\n    sasl_password = \"{value}\";\n  }};\n}};",
        "odbc_ini": f"[{tool}_izposoja]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nDatabase = izposoja\nUsername = knjiga\nPassword = {value}",
        "rabbitmq_conf": f"listeners.tcp.default = 5672\ndefault_user = knjiga\ndefault_pass = {value}\ndefault_vhost = /{tool}",
        "deno_json": json.dumps({"tasks": {"sync": f"deno run -A sinhro.ts --{kebab}={value}"}, "imports": {"@std/assert": "jsr:@std/assert@1"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Knjiga", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "knjiga", "Password": value}}}, indent=2),
        "nmconnection": f"[connection]\nid=Knjiga-{tool}\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n\n[server]\ndomain = grafana.{tool}.{HOST}",
        "wp_config": f"define( 'DB_NAME', 'knjiga' );\ndefine( '{name}', '{value}' );\ndefine( 'WP_DEBUG', false );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} protocol IMAP\n    user \"knjiga\" password \"{value}\" ssl",
        "logstash_conf": f"output {{\n  elasticsearch {{\n    hosts => [\"https://es.{tool}.{HOST}:9200\"]\n    user => \"knjiga\"\n    password => \"{value}\"\n  }}\n}}",
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Knjiga\\{tool}]\n\"{cam}\"=\"{value}\"\n\"Region\"=\"si\"",
        "alertmanager_yml": f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://hooks.{tool}.{HOST}/alert\n        http_config:\n          authorization:\n            credentials: {value}",
        "airflow_cfg": f"[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow@pg.{tool}.{HOST}/airflow\n\n[{tool}]\n{low} = {value}",
        "mongod_conf": f"security:\n  authorization: enabled\n  keyFile: /etc/mongod/{tool}.key\nsetParameter:\n  {cam}: \"{value}\"",
        "elasticsearch_yml": f"cluster.name: knjiga-{tool}\nxpack.security.enabled: true\n{tool}.{low}: \"{value}\"",
        "gitlab_rb": f"external_url 'https://koda.{tool}.{HOST}'\ngitlab_rails['env'] = {{ '{name}' => '{value}' }}",
        "superset_config": f"ROW_LIMIT = 5000\n{name} = \"{value}\"\nFEATURE_FLAGS = {{\"ALERT_REPORTS\": True}}",
        "prometheus_yml": f"scrape_configs:\n  - job_name: {tool}\n    scheme: https\n    authorization:\n      credentials: {value}\n    static_configs:\n      - targets: ['metrike.{tool}.{HOST}:443']",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(10, DG), "exp": 1798300000 + R.randrange(86400)}, "HS256")


# Every format is the writer's knowledge of the vendor (no public material was read for this part): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("nlb/client-secret", "NLB_CLIENT_SECRET", "nlb", lambda: r(40, U64), "an NLB open banking client secret (40 letters, digits, _ and -)"),
    ("novakbm/api-key", "NKBM_API_KEY", "novakbm", lambda: r(32, HX), "a Nova KBM partner API key (32 hex digits)"),
    ("skbbanka/client-secret", "SKB_CLIENT_SECRET", "skbbanka", lambda: r(36), "an SKB banka PSD2 client secret (36 letters and digits)"),
    ("abanka/api-secret", "ABANKA_API_SECRET", "abanka", lambda: r(48, HX), "an Abanka gateway API secret (48 hex digits)"),
    ("delavskahranilnica/api-key", "DH_API_KEY", "delavskahranilnica", u4, "a Delavska hranilnica developer API key (a version-4 UUID)"),
    ("gorenjskabanka/client-secret", "GBKR_CLIENT_SECRET", "gorenjskabanka", lambda: r(44, U64), "a Gorenjska banka PSD2 client secret (44 letters, digits, _ and -)"),
    ("sparkassesi/api-token", "SPARKASSE_SI_TOKEN", "sparkassesi", lambda: r(64, HX), "a Sparkasse Slovenia partner API token (64 hex digits)"),
    ("telekomslovenije/sms-token", "TELEKOM_SMS_TOKEN", "telekomslovenije", lambda: _jwt("telekom.si"), "a Telekom Slovenije SMS gateway token (an HS256 JWT)"),
    ("a1slovenija/api-key", "A1_SI_API_KEY", "a1slovenija", lambda: r(32, UP), "an A1 Slovenija messaging API key (32 upper-case letters and digits)"),
    ("telemachsi/api-secret", "TELEMACH_API_SECRET", "telemachsi", lambda: r(40, LO), "a Telemach Slovenija partner API secret (40 lower-case letters and digits)"),
    ("t2si/api-token", "T2_API_TOKEN", "t2si", lambda: r(48), "a T-2 operator API token (48 letters and digits)"),
    ("postaslovenije/api-key", "POSTA_SI_API_KEY", "postaslovenije", lambda: r(32, HX), "a Pošta Slovenije parcel API key (32 hex digits beside a customer number)"),
    ("petrolsi/client-secret", "PETROL_CLIENT_SECRET", "petrolsi", lambda: r(40, U64), "a Petrol fleet card API client secret (40 letters, digits, _ and -)"),
    ("mercator/api-key", "MERCATOR_API_KEY", "mercator", lambda: r(36, LO), "a Mercator online shop partner API key (36 lower-case letters and digits)"),
    ("tusslo/api-secret", "TUS_API_SECRET", "tusslo", lambda: r(32), "a Tuš loyalty programme API secret (32 letters and digits)"),
    ("bigbang/api-key", "BIGBANG_API_KEY", "bigbang", lambda: r(40, HX), "a Big Bang marketplace API key (40 hex digits)"),
    ("mimovrste/api-token", "MIMOVRSTE_TOKEN", "mimovrste", lambda: r(48, LO), "a Mimovrste seller API token (48 lower-case letters and digits)"),
    ("bolha/api-key", "BOLHA_API_KEY", "bolha", lambda: r(32, AL), "a Bolha.com classifieds API key (32 letters and digits)"),
    ("nepremicnine/api-key", "NEPREMICNINE_API_KEY", "nepremicnine", lambda: r(40, LO), "a Nepremicnine.net listing API key (40 lower-case letters and digits)"),
    ("studentskiservis/api-secret", "STUDENTSKI_SERVIS_SECRET", "studentskiservis", lambda: r(36, U64), "a Študentski servis job board API secret (36 letters, digits, _ and -)"),
    ("eracuni/api-token", "ERACUNI_TOKEN", "eracuni", lambda: r(32, HX), "an e-računi invoicing API token (32 hex digits beside a user name)"),
    ("datalab/api-key", "DATALAB_API_KEY", "datalab", lambda: r(44, AL + "+/"), "a Datalab Pantheon ERP API key (44 base64 characters)"),
    ("outfit7/api-secret", "OUTFIT7_API_SECRET", "outfit7", lambda: r(64, HX), "an Outfit7 partner reporting API secret (64 hex digits)"),
    ("celtra/api-secret", "CELTRA_API_SECRET", "celtra", lambda: r(40, HX), "a Celtra creative API secret (40 hex digits beside an API app id)"),
    ("zemanta/client-secret", "ZEMANTA_CLIENT_SECRET", "zemanta", lambda: r(48), "a Zemanta ad API client secret (48 letters and digits)"),
    ("chipolo/api-key", "CHIPOLO_API_KEY", "chipolo", lambda: r(32, LO), "a Chipolo tracker partner API key (32 lower-case letters and digits)"),
    ("moneta/api-secret", "MONETA_API_SECRET", "moneta", lambda: r(40, U64), "a Moneta mobile payments merchant secret (40 letters, digits, _ and -)"),
    ("flik/merchant-key", "FLIK_MERCHANT_KEY", "flik", lambda: r(32, HX), "a Flik instant payments merchant key (32 hex digits)"),
    ("valu/api-key", "VALU_API_KEY", "valu", lambda: r(24, UP), "a Valu payment app API key (24 upper-case letters and digits)"),
    ("bankart/terminal-key", "BANKART_TERMINAL_KEY", "bankart", lambda: r(48, HX).upper(), "a Bankart card processing terminal key (48 upper-case hex digits)"),
    ("halcom/api-secret", "HALCOM_API_SECRET", "halcom", lambda: r(40), "a Halcom e-banking API secret (40 letters and digits)"),
    ("triglav/client-secret", "TRIGLAV_CLIENT_SECRET", "triglav", lambda: r(36, U64), "a Zavarovalnica Triglav partner API client secret (36 letters, digits, _ and -)"),
    ("savare/api-token", "SAVA_API_TOKEN", "savare", lambda: r(40, HX), "a Sava insurance partner API token (40 hex digits)"),
    ("krka/api-key", "KRKA_API_KEY", "krka", u4, "a Krka partner portal API key (a version-4 UUID)"),
    ("gorenje/api-secret", "GORENJE_API_SECRET", "gorenje", lambda: r(32), "a Gorenje connected appliance API secret (32 letters and digits)"),
    ("elektroljubljana/api-key", "ELEKTRO_LJ_API_KEY", "elektroljubljana", lambda: r(32, LO), "an Elektro Ljubljana meter data API key (32 lower-case letters and digits)"),
    ("geni/api-token", "GENI_API_TOKEN", "geni", lambda: r(48, HX), "a GEN-I energy trading API token (48 hex digits)"),
    ("eles/client-secret", "ELES_CLIENT_SECRET", "eles", lambda: r(40, U64), "an ELES grid data client secret (40 letters, digits, _ and -)"),
    ("lukakoper/api-key", "LUKA_KOPER_API_KEY", "lukakoper", lambda: r(36, UP), "a Luka Koper port community API key (36 upper-case letters and digits)"),
    ("slozeleznice/api-key", "SZ_API_KEY", "slozeleznice", lambda: r(32, HX), "a Slovenske železnice timetable partner API key (32 hex digits)"),
    ("nomago/api-secret", "NOMAGO_API_SECRET", "nomago", lambda: r(40, LO), "a Nomago coach booking API secret (40 lower-case letters and digits)"),
    ("urbana/api-key", "URBANA_API_KEY", "urbana", lambda: r(24), "an Urbana city card API key (24 letters and digits)"),
    ("lpp/api-key", "LPP_API_KEY", "lpp", u4, "an LPP Ljubljana bus arrivals API key (a version-4 UUID)"),
    ("bicikelj/api-token", "BICIKELJ_TOKEN", "bicikelj", lambda: r(40, HX), "a BicikeLJ bike share API token (40 hex digits)"),
    ("amzs/api-key", "AMZS_API_KEY", "amzs", lambda: r(32, LO), "an AMZS roadside assistance API key (32 lower-case letters and digits)"),
    ("dars/evinjeta-api-key", "DARS_EVINJETA_KEY", "dars", lambda: r(36, U64), "a DARS e-vinjeta reseller API key (36 letters, digits, _ and -)"),
    ("ajpes/api-password", "AJPES_PASSWORD", "ajpes", lambda: r(20), "an AJPES register web service password (20 letters and digits)"),
    ("furs/edavki-cert-password", "EDAVKI_CERT_PASSWORD", "furs", lambda: r(16), "a FURS eDavki signing certificate password (16 letters and digits)"),
    ("activa/api-secret", "ACTIVA_API_SECRET", "activa", lambda: r(48, HX), "an Activa card issuer API secret (48 hex digits)"),
    ("btccity/api-key", "BTC_CITY_API_KEY", "btccity", lambda: r(32), "a BTC City parking partner API key (32 letters and digits)"),
    ("rtvslo/api-key", "RTV_SLO_API_KEY", "rtvslo", lambda: r(40, LO), "an RTV Slovenija media API key (40 lower-case letters and digits)"),
    ("siol/api-token", "SIOL_TOKEN", "siol", lambda: r(32, HX), "a Siol portal API token (32 hex digits)"),
    ("iskratel/api-secret", "ISKRATEL_API_SECRET", "iskratel", lambda: r(64, AL), "an Iskratel network management API secret (64 letters and digits)"),
    ("cosylab/api-key", "COSYLAB_API_KEY", "cosylab", lambda: "cl_" + r(40, LO), "a Cosylab control system API key (cl_ and 40 lower-case letters and digits)"),
    ("marand/client-secret", "BETTER_CLIENT_SECRET", "marand", lambda: r(43, U64), "a Better (Marand) health platform client secret (43 letters, digits, _ and -)"),
    ("comtrade/api-key", "COMTRADE_API_KEY", "comtrade", lambda: r(40, HX), "a Comtrade integration API key (40 hex digits)"),
    ("kolektor/api-token", "KOLEKTOR_TOKEN", "kolektor", lambda: r(48, LO), "a Kolektor industrial IoT API token (48 lower-case letters and digits)"),
    ("pipistrel/api-key", "PIPISTREL_API_KEY", "pipistrel", lambda: "pp_" + r(32, AL), "a Pipistrel fleet telemetry API key (pp_ and 32 letters and digits)"),
]
SLOVENIAN = [("euprava/api-secret", "an eUprava service API secret (40 letters and digits)"),
             ("sigenca/key-password", "a SIGEN-CA certificate key password (24 lower-case letters and digits)"),
             ("hofersi/api-key", "a Hofer Slovenija partner API key (32 hex digits)"),
             ("akrapovic/api-token", "an Akrapovič dealer portal API token (an HS256 JWT)")]


def slovenian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Slovenian chat line with no setting name (format, context, text, secrets, what)."""
    uprava, sigen, hofer = r(40), r(24, LO), r(32, HX)
    akrapovic = jwt(DRAW, {"prodajalec": R.randrange(10**5, 10**6), "exp": 1800600000})
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = SLOVENIAN
    return [
        (f1, "prose", f"Urša, država nam je za povezavo poslala novo skrivnost: {uprava} — prosim, nikamor je ne zapiši.", [uprava], w1),
        (f2, "prose", f"Geslo za digitalno potrdilo je {sigen}\nJutri ga prenesem v sef.", [sigen], w2),
        (f3, "prose", f"Boštjan, prijaviš se z {hofer}, ampak samo v testnem okolju, nikoli v produkciji.", [hofer], w3),
        (f4, "prose", f"Prodajni portal nam je izdal nov žeton: {akrapovic}. Starega sem preklical.", [akrapovic], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows

ORDINARY_TEXTS = [  # (shape, context, text, why it is ordinary)
    ("env/library-branch-and-loan-days", "env", "KNJIZNICA_ENOTA=Bezigrad\nIZPOSOJA_DNI=21\nPODALJSANJ_NAJVEC=2", "loan settings"),
    ("json/book-record-cobiss-id", "json", json.dumps({"naslov": "Alamut", "avtor": "Vladimir Bartol", "cobiss_id": "12345667", "izvodov": 4}, indent=2, ensure_ascii=False), "a catalogue record id"),
    ("escapedjson/slovenian-tax-number-of-supplier", "escaped_json", json.dumps({"event": "dobavitelj", "payload": json.dumps({"davcna": "SI15012557", "naziv": "Knjigarna d.o.o."})}), "a public VAT number"),
    ("cli/pandoc-epub-with-cover", "cli_flag", "$ pandoc zbornik.md -o zbornik.epub --epub-cover-image=naslovnica.jpg --metadata lang=sl", "an e-book build"),
    ("prose/slovenian-interlibrary-loan-notice", "prose", "Gradivo, ki ga ni v naši zbirki, lahko naročite po medknjižnični izposoji; naročilo MI-2026-0412 bo prispelo v približno desetih dneh.", "an interlibrary loan notice"),
    ("tool/loans-overdue-readout", "tool_output", "$ knjiga-cli zamude --enota bezigrad\nclan     gradivo       dni\n4410217  COBISS 88123  12\n4410388  COBISS 90211   3", "overdue loans"),
    ("diff/branch-closing-hour-changed", "diff", "--- a/enote/bezigrad.yml\n+++ b/enote/bezigrad.yml\n@@ -4 +4 @@\n-  zapre: '19:00'\n+  zapre: '20:00'", "an opening hour changed"),
    ("bytes/marc21-leader-bytes", "bytes_literal", "if zapis[:5].isdigit() and zapis[5:6] == b'n':\n    vodja = zapis[:24]  # MARC 21 leader", "a record leader"),
    ("yaml/membership-fee-categories", "yaml", "clanarina:\n  - skupina: odrasli\n    eur: 18\n  - skupina: upokojenci\n    eur: 9", "fee categories"),
    ("csv/loans-per-genre", "csv", "zvrst,izposoj\nkriminalka,8120\nzgodovina,2307\nstripi,1914", "loan counts"),
    ("url/opac-search-by-isbn", "url", "https://knjiznica.example.si/opac/iskanje?isbn=9789612310125&jezik=sl", "a catalogue search by ISBN"),
    ("header/link-rel-next-sru-page", "header", "HTTP/1.1 200 OK\nContent-Type: application/sru+xml\nLink: <https://knjiznica.example.si/sru?query=dc.creator%3DCankar&startRecord=21>; rel=\"next\"", "a next-page link of a catalogue search"),
    ("log/rfid-gate-alarm", "log", "2026-12-26 09:14:03 WARN  vrata.vhod RFID oznaka E2801160600002054C3A51F7 ni odjavljena", "an RFID tag id"),
    ("connstr/z3950-target-host-port-database", "connection_string", "z3950://cobiss.example.si:2100/COBIB.SI?syntax=usmarc&charset=utf-8", "a catalogue target, no password"),
    ("code/udk-main-class-lookup", "code", "UDK_RAZREDI = {'0': 'splošno', '1': 'filozofija', '3': 'družbene vede', '5': 'naravoslovje', '8': 'jezik in književnost'}\nrazred = UDK_RAZREDI[udk[0]]", "classification classes"),
    ("ini/reading-room-seats", "ini", "[citalnica]\nsedezev = 64\nrezervacija_min = 120\nvticnic = 32", "reading room seats"),
    ("xml/dublin-core-record-sl", "xml", "<oai_dc:dc>\n  <dc:title>Na klancu</dc:title>\n  <dc:creator>Cankar, Ivan</dc:creator>\n  <dc:language>slv</dc:language>\n</oai_dc:dc>", "a metadata record"),
    ("dockerfile/locale-gen-sl-si", "dockerfile", "RUN sed -i 's/# sl_SI.UTF-8/sl_SI.UTF-8/' /etc/locale.gen && locale-gen\nENV LANG=sl_SI.UTF-8", "a locale"),
    ("netrc/ls-netrc-missing", "netrc", "$ ls -l ~/.netrc\nls: cannot access '/home/nina/.netrc': No such file or directory", "a missing file"),
    ("pem/ocsp-signer-serial-sigen-ca", "pem", "$ openssl ocsp -issuer sigen-ca-g2.pem -serial 0x5A3C19E2 -url http://ocsp.sigen-ca.si -resp_text | head -2\nOCSP Response Data:\n    OCSP Response Status: successful (0x0)", "a certificate serial checked"),
    ("wrapped/cobiss-ids-across-lines", "wrapped", "dec 26 09:20:01 knjiga-web-1 uvoz[412]: cobiss_id 12345667 23456778 34567889 45678990\\\ndec 26 09:20:01 knjiga-web-1 uvoz[412]:   56789001 67890112", "record ids cut across lines"),
    ("toml/pyproject-project-urls-catalogue", "toml", "[project.urls]\nKatalog = \"https://plus.cobiss.net/cobiss/si/sl/\"\nDokumentacija = \"https://knjiznica.example.si/docs\"", "project links"),
    ("history/pg-dump-schema-only", "shell_history", "pg_dump --schema-only katalog > shema.sql\nls -lh shema.sql\ngit add shema.sql", "a schema dump"),
    ("notebook/loans-by-udk-class-bar", "notebook", "{\"cell_type\": \"code\", \"source\": [\"izposoje['udk_razred'] = izposoje.udk.str[0]\\n\", \"izposoje.udk_razred.value_counts().plot.bar()\\n\"]}", "a chart by classification"),
    ("hcl/cloudfront-price-class-and-aliases", "hcl", "resource \"aws_cloudfront_distribution\" \"naslovnice\" {\n  aliases     = [\"naslovnice.example.si\"]\n  price_class = \"PriceClass_100\"\n  enabled     = true\n}", "a distribution's names"),
    ("properties/marc-import-field-mapping", "properties", "uvoz.polje.naslov=200$a\nuvoz.polje.avtor=700$a\nuvoz.polje.udk=675$a", "UNIMARC field mapping"),
    ("powershell/get-printer-queue-list", "powershell", "PS C:\\> Get-Printer | Select Name, PortName\n\nName                 PortName\n----                 --------\nCitalnica-Tiskalnik  IP_10.1.0.40", "printers"),
    ("systemd/service-working-directory-umask", "systemd", "[Service]\nWorkingDirectory=/srv/knjiga\nUMask=0027\nExecStart=/opt/knjiga/bin/digitaliziraj", "a working folder"),
    ("har/iiif-image-request-region", "har", "{\"log\": {\"entries\": [{\"request\": {\"method\": \"GET\", \"url\": \"https://dlib.example.si/iiif/2/rokopis-0412/0,0,1024,1024/512,/0/default.jpg\"}}]}}", "an image region request"),
    ("curl/trace-oai-pmh-resumption-cursor", "curl_trace", "> GET /oai?verb=ListRecords&resumptionToken=oai_dc%2F2026-12-01%2F%2F%2F200 HTTP/1.1\n> Host: dlib.example.si\n< HTTP/1.1 200 OK", "a harvesting cursor that names a token"),
    ("k8s/configmap-udk-classes", "k8s_secret", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: udk-razredi\ndata:\n  razredi.csv: |\n    0;splošno\n    8;jezik in književnost", "a ConfigMap of classes"),
    ("crash/python-unicode-decode-cp1250", "crash_report", "Traceback (most recent call last):\n  File \"knjiga/uvoz.py\", line 57, in beri\nUnicodeDecodeError: 'utf-8' codec can't decode byte 0x9a in position 14: invalid start byte", "an encoding error"),
    ("webstorage/reading-list-ids", "web_storage", json.dumps({"localStorage": {"knjiga:seznam": "[88123,90211,90344]", "knjiga:pogled": "mreza"}}), "a reading list"),
    ("plist/supported-locales-sl-en", "plist", "<key>CFBundleLocalizations</key>\n<array>\n\t<string>sl</string>\n\t<string>en</string>\n</array>", "app languages"),
    ("tfstate/resource-arn-of-bucket", "tfstate", "{\"version\": 4, \"resources\": [{\"type\": \"aws_s3_bucket\", \"name\": \"naslovnice\", \"instances\": [{\"attributes\": {\"arn\": \"arn:aws:s3:::knjiga-naslovnice\"}}]}]}", "a bucket's ARN"),
    ("mobile/barcode-scanner-formats", "mobile_config", "# ios/Config.xcconfig\nSKENER_FORMATI = ean13 code39\nSKENER_SVETILKA = NO", "scanner settings"),
    ("sqldump/insert-udk-classes", "sql_dump", "INSERT INTO udk_razred (koda, ime) VALUES ('821.163.6', 'slovenska književnost'), ('004', 'računalništvo');", "classification rows"),
    ("email/reservation-ready-notice-sl", "email", "From: obvestila@example.si\nSubject: Rezervirano gradivo vas čaka\n\nGradivo: Alamut\nPrevzem do: 2. 1. 2027\nEnota: Bežigrad", "a pickup notice"),
    ("nginx/sub-filter-footer-year", "nginx", "sub_filter '</footer>' '<small>Mestna knjižnica 2026</small></footer>';\nsub_filter_once on;", "a page footer rewrite"),
    ("markdown/changelog-sl", "markdown", "## 4.1.2\n\n- popravljeno iskanje po ISBN\n- nova enota: Šiška", "a changelog"),
    ("postman/request-sru-explain", "postman", "{\"request\": {\"method\": \"GET\", \"url\": \"{{sru}}?operation=explain&version=2.0\"}}", "an explain request"),
    ("jenkinsfile/tools-jdk-and-maven", "jenkinsfile", "tools {\n    jdk 'temurin-21'\n    maven 'maven-3.9'\n}", "build tools"),
    ("compose/volumes-named-and-ro", "compose", "services:\n  web:\n    volumes:\n      - naslovnice:/srv/naslovnice:ro\nvolumes:\n  naslovnice: {}", "volumes"),
    ("gradle/checkstyle-tool-version", "gradle", "checkstyle {\n    toolVersion = \"10.20.1\"\n    maxWarnings = 0\n}", "a lint tool version"),
    ("chat/shelf-move-message-sl", "chat_export", json.dumps([{"user": "ziga", "text": "Stripe smo preselili na polico C4, nalepke so že nove."}], ensure_ascii=False), "a shelf note"),
    ("ansible/timezone-and-locale-tasks", "ansible", "- name: casovni pas\n  community.general.timezone:\n    name: Europe/Ljubljana", "a time zone task"),
    ("kubeconfig/cluster-extensions-library-branch", "kubeconfig", "clusters:\n- name: knjiga\n  cluster:\n    server: https://k8s.example.si:6443\n    extensions:\n    - name: knjiznica\n      extension: {enota: bezigrad, zbirka: \"821.163.6\"}", "a cluster's extension data"),
    ("hocon/csv-import-delimiter-cp1250", "hocon", "uvoz.csv {\n  delimiter = \";\"\n  charset = \"windows-1250\"\n  header = true\n}", "an import format"),
    ("nix/allow-unfree-predicate-ocr", "nix", "nixpkgs.config.allowUnfreePredicate = pkg: builtins.elem (lib.getName pkg) [ \"abbyy-finereader\" ];", "an unfree package allowed"),
    ("caddyfile/templates-directive", "caddyfile", "opombe.example.si {\n  root * /srv/opombe\n  templates\n  file_server\n}", "server-side templates"),
    ("gitconfig/diff-driver-marc-textconv", "gitconfig", "[diff \"marc\"]\n\ttextconv = yaz-marcdump -f MARC-8 -t UTF-8", "a diff driver"),
    ("makefile/marc-import-target", "makefile", "uvozi:\n\tpython -m knjiga.uvoz --vir marc/ --od 2026-12-01", "an import target"),
    ("npmrc/cafile-and-strict-ssl", "npmrc", "cafile=/etc/ssl/certs/knjiga-ca.pem\nstrict-ssl=true", "a CA file path"),
    ("pgpass/pg-stat-activity-count", "pgpass", "katalog=> select state, count(*) from pg_stat_activity group by 1;\n state  | count\n--------+-------\n active |     3\n idle   |    11", "connection counts"),
    ("crontab/weekly-reminders-monday", "crontab", "0 7 * * 1 /opt/knjiga/bin/opomini --zamuda 7", "a weekly job"),
    ("httpfile/post-json-reservation", "http_file", "POST https://api.example.si/v1/rezervacije\nContent-Type: application/json\n\n{\"gradivo\": 88123, \"enota\": \"bezigrad\"}", "a reservation request"),
    ("haproxy/global-maxconn-nbthread", "haproxy", "global\n    maxconn 4000\n    nbthread 4\n    log stdout format raw local0", "process limits"),
    ("sbt/license-header-organization", "sbt", "headerLicense := Some(HeaderLicense.MIT(\"2026\", \"Mestna knjiznica\"))\norganization := \"si.knjiga\"", "a licence header"),
    ("pypirc/setuptools-scm-version-output", "pypirc", "$ python -m setuptools_scm\n1.4.1.dev3+g9c41d2e", "a version from git"),
    ("ssh/sendenv-lang-and-setenv-branch", "ssh_config", "Host *\n    SendEnv LANG LC_*\n    SetEnv KNJIZNICA_ENOTA=bezigrad", "environment passed on"),
    ("launch/args-marc-sample-file", "launch_json", "{\n    \"configurations\": [\n        {\n            \"name\": \"uvoz vzorca\",\n            \"type\": \"debugpy\",\n            \"request\": \"launch\",\n            \"program\": \"uvoz.py\",\n            \"args\": [\n                \"vzorci/cobib-100.mrc\"\n            ]\n        }\n    ]\n}", "a sample file"),
    ("gha/setup-python-cache-pip", "gha_workflow", "- uses: actions/setup-python@v5\n  with:\n    python-version: '3.13'\n    cache: pip", "a setup step"),
    ("fish/locale-sl-si", "fish", "set -gx LANG sl_SI.UTF-8\nset -gx LC_TIME sl_SI.UTF-8", "a locale"),
    ("console/indexeddb-offline-loans-count", "devtools_console", "> await db.izposoje.count()\n< 37", "an offline count"),
    ("envrc/export-marc-sample-dir", "envrc", "export MARC_VZORCI=$PWD/vzorci\nexport UVOZ_SUHO=1", "sample folders"),
    ("maven/surefire-argline-sl-locale", "maven_settings", "<argLine>-Duser.language=sl -Duser.country=SI</argLine>", "a test locale"),
    ("rclone/size-of-remote-output", "rclone_conf", "$ rclone size arhiv:naslovnice\nTotal objects: 41.209\nTotal size: 6.118 GiB (6569312256 Byte)", "a remote's size"),
    ("composer/vendor-dir-and-optimize-autoloader", "composer_auth", "{\n    \"config\": {\n        \"vendor-dir\": \"lib/vendor\",\n        \"optimize-autoloader\": true\n    }\n}", "install settings"),
    ("yarnrc/global-cache-off-immutable", "yarnrc", "enableGlobalCache: false\nenableImmutableInstalls: true", "install flags"),
    ("terraformrc/terraform-version-output", "terraformrc", "$ terraform version\nTerraform v1.10.3\non linux_arm64\n+ provider registry.terraform.io/hashicorp/aws v5.82.2", "versions"),
    ("cargo/package-keywords-library", "cargo_credentials", "[package]\nname = \"udk-razredi\"\nversion = \"0.3.0\"\nkeywords = [\"udk\", \"knjiznica\", \"marc\"]", "a crate's keywords"),
    ("docker/system-df-output", "docker_config", "$ docker system df\nTYPE            TOTAL     ACTIVE    SIZE      RECLAIMABLE\nImages          14        5         3.912GB   2.104GB (53%)", "disk use"),
    ("aws/cli-history-and-yaml-output", "aws_config", "[default]\ncli_history = enabled\nregion = eu-central-1\noutput = yaml", "CLI settings"),
    ("gitcred/core-askpass-program", "git_credentials", "[core]\n\taskPass = /usr/bin/ksshaskpass", "a program that asks, no password"),
    ("helm/marc-export-schedule", "helm_values", "izvoz:\n  urnik: \"15 2 * * *\"\n  format: marcxml\n  cilj: /srv/izvoz", "an export schedule"),
    ("vault/agent-log-rotate-bytes", "vault_agent", "log_file = \"/var/log/vault-agent/\"\nlog_rotate_bytes = 10485760\nlog_rotate_max_files = 5", "log rotation"),
    ("mycnf/mysqld-bind-address-port", "my_cnf", "[mysqld]\nbind-address = 10.1.0.7\nport = 3307\nskip-name-resolve", "an address"),
    ("s3cfg/s3cmd-info-object-md5", "s3cfg", "$ s3cmd info s3://knjiga-naslovnice/2026/0412.jpg\n   File size: 184312\n   MD5 sum:   9b2f0c1e44d7a8b35e0f61c2a7d4e913", "an object's digest"),
    ("bitbucket/image-and-size-2x", "bitbucket_pipelines", "image: python:3.13\noptions:\n  size: 2x", "a build size"),
    ("wrangler/vars-branches-and-udk-default", "wrangler", "[vars]\nKNJIZNICA_ENOTE = \"bezigrad,siska,moste\"\nUDK_PRIVZETO = \"821.163.6\"", "plain variables"),
    ("k6/post-json-reservation-body", "k6_script", "http.post('https://api.example.si/v1/rezervacije', JSON.stringify({ gradivo: 88123 }), { headers: { 'Content-Type': 'application/json' } });", "a request body"),
    ("heroku/regions-list-output", "heroku_config", "$ heroku regions\nID  Location       Runtime\neu  Europe         Common Runtime\nus  United States  Common Runtime", "regions"),
    ("authinfo/user-mail-address-and-name", "authinfo", "(setq user-mail-address \"nina@example.si\")\n(setq user-full-name \"Nina K.\")", "a sender"),
    ("fly/kill-signal-and-swap", "fly_toml", "kill_signal = \"SIGTERM\"\nkill_timeout = \"30s\"\nswap_size_mb = 512", "shutdown settings"),
    ("netlify/images-remote-covers", "netlify_toml", "[images]\n  remote_images = [\"https://naslovnice.example.si/.*\"]", "an image source"),
    ("render/num-instances-standard", "render_yaml", "services:\n  - type: web\n    name: knjiga\n    plan: standard\n    numInstances: 2", "an instance count"),
    ("jmeter/regex-extractor-cobiss-id", "jmeter_plan", "<RegexExtractor testname=\"COBISS ID\">\n  <stringProp name=\"RegexExtractor.refname\">cobiss_id</stringProp>\n  <stringProp name=\"RegexExtractor.regex\">\"cobiss_id\":\"(\\d+)\"</stringProp>\n</RegexExtractor>", "an extractor"),
    ("jenkins/view-column-list", "jenkins_credentials", "<columns>\n  <hudson.views.StatusColumn/>\n  <hudson.views.JobColumn/>\n  <hudson.views.LastDurationColumn/>\n</columns>", "view columns"),
    ("gitlab/cache-key-files-pull-policy", "gitlab_ci", "cache:\n  key:\n    files: [poetry.lock]\n  paths: [.venv/]\n  policy: pull", "a cache"),
    ("pipconf/disable-version-check-user-off", "pip_conf", "[global]\ndisable-pip-version-check = true\n[install]\nuser = false", "pip settings"),
    ("gem/bundle-ignore-messages-shared-gems", "gem_credentials", "---\nBUNDLE_IGNORE_MESSAGES: \"true\"\nBUNDLE_DISABLE_SHARED_GEMS: \"true\"", "bundle flags"),
    ("nuget/dependency-version-highest-minor", "nuget_config", "<config>\n  <add key=\"dependencyVersion\" value=\"HighestMinor\" />\n</config>", "a resolution rule"),
    ("supervisord/include-files-glob", "supervisord", "[include]\nfiles = /etc/supervisor/conf.d/knjiga-*.conf", "an include"),
    ("pulumi/project-main-and-description-sl", "pulumi_config", "name: knjiga\nruntime: python\nmain: infra/\ndescription: Infrastruktura mestne knjižnice", "a project file"),
    ("extension/ui-theme-and-font-size", "extension_storage", "{\"chrome.storage.sync\": {\"tema\": \"temna\", \"velikost_pisave\": 16}}", "display settings"),
    ("circleci/executor-machine-image", "circleci_config", "executors:\n  stroj:\n    machine:\n      image: ubuntu-2404:current", "an executor"),
    ("azure/schedules-nightly-cron", "azure_pipelines", "schedules:\n  - cron: '30 1 * * *'\n    displayName: nocna gradnja\n    branches:\n      include: [main]", "a schedule"),
    ("ngrok/dns-resolver-ips", "ngrok_config", "version: \"3\"\nagent:\n  dns_resolver_ips: [\"9.9.9.9\", \"1.1.1.1\"]", "resolvers"),
    ("hgrc/alias-log-cobiss-template", "hgrc", "[alias]\nzapisi = log -k cobiss --template \"{node|short} {desc|firstline}\\n\"", "a log alias"),
    ("wpa/bgscan-and-autoscan", "wpa_supplicant", "bgscan=\"simple:30:-70:3600\"\nautoscan=exponential:3:300", "scan settings"),
    ("bruno/params-query-sru-cql", "bruno", "params:query {\n  query: dc.title=Alamut\n  maximumRecords: 10\n}", "a catalogue query"),
    ("insomnia/response-history-entry", "insomnia", "{\"_type\": \"response\", \"statusCode\": 200, \"elapsedTime\": 143.2, \"bytesRead\": 18342}", "a response record"),
    ("travis/branches-only-main-and-tags", "travis_ci", "branches:\n  only:\n    - main\n    - /^v\\d+\\.\\d+/", "branches"),
    ("drone/platform-arm64", "drone_ci", "kind: pipeline\ntype: docker\nname: arm\nplatform:\n  os: linux\n  arch: arm64", "a platform"),
    ("ghhosts/extension-list-output", "gh_hosts", "$ gh extension list\ngh dash   dlvhdr/gh-dash   v4.7.3", "extensions"),
    ("condarc/create-default-packages", "condarc", "create_default_packages:\n  - pip\n  - ipykernel", "default packages"),
    ("override/profiles-tools-service", "compose_override", "services:\n  marcedit:\n    profiles: [orodja]\n    image: knjiga/orodja:1", "a profile"),
    ("vagrant/boot-timeout-and-graceful-halt", "vagrantfile", "config.vm.boot_timeout = 600\nconfig.vm.graceful_halt_timeout = 120", "timeouts"),
    ("packer/locale-and-timezone-vars", "packer_vars", "locale   = \"sl_SI.UTF-8\"\ntimezone = \"Europe/Ljubljana\"", "a locale"),
    ("creds/private-tmp-protect-home", "systemd_credential", "[Service]\nPrivateTmp=yes\nProtectHome=read-only\nNoNewPrivileges=yes", "sandbox settings"),
    ("userlist/show-pools-output", "pgbouncer_userlist", "pgbouncer=# SHOW POOLS;\n database | user   | cl_active | sv_active\n katalog  | knjiga |        14 |         4", "pool counts"),
    ("initgradle/projects-evaluated-count", "init_gradle", "gradle.projectsEvaluated {\n    println \"Projektov: ${gradle.rootProject.allprojects.size()}\"\n}", "a project count"),
    ("procfile/sip2-listener", "procfile", "sip2: python -m knjiga.sip2 --vrata 6001", "a self-check listener"),
    ("justfile/set-shell-bash-pipefail", "justfile", "set shell := [\"bash\", \"-euo\", \"pipefail\", \"-c\"]", "a shell setting"),
    ("taskfile/platforms-and-silent", "taskfile", "tasks:\n  skeniraj:\n    platforms: [linux/amd64]\n    silent: true\n    cmds:\n      - ./skeniraj.sh", "a platform-bound task"),
    ("earthfile/git-clone-at-tag", "earthfile", "izvor:\n    GIT CLONE --branch v1.4.0 https://koda.example.si/knjiga.git knjiga\n    SAVE ARTIFACT knjiga", "a clone"),
    ("tiltfile/helm-chart-values", "tiltfile", "k8s_yaml(helm('chart/knjiga', values=['chart/razvoj.yaml']))", "a chart"),
    ("skaffold/tag-policy-git-commit", "skaffold", "build:\n  tagPolicy:\n    gitCommit:\n      variant: AbbrevCommitSha", "a tag policy"),
    ("buildkite/notify-slack-channel-name", "buildkite", "notify:\n  - slack: \"#knjiga-gradnje\"", "a channel name"),
    ("woodpecker/skip-clone-and-workspace", "woodpecker_ci", "skip_clone: true\nworkspace:\n  base: /srv\n  path: knjiga", "a workspace"),
    ("bitrise/app-envs-scheme", "bitrise", "app:\n  envs:\n    - BITRISE_SCHEME: Knjiga\n    - BITRISE_DISTRIBUTION_METHOD: app-store", "app settings"),
    ("serverless/custom-stage-domains", "serverless", "custom:\n  domena:\n    prod: opac.example.si\n    dev: opac-dev.example.si", "domains"),
    ("appengine/error-handlers-files", "app_engine", "error_handlers:\n  - file: napake/privzeta.html\n  - error_code: over_quota\n    file: napake/kvota.html", "error pages"),
    ("kamal/asset-path-and-retain-containers", "kamal_deploy", "asset_path: /rails/public/assets\nretain_containers: 3", "deploy settings"),
    ("doapp/domains-primary", "do_app_spec", "domains:\n  - domain: knjiznica.example.si\n    type: PRIMARY", "a domain"),
    ("railway/cron-schedule-reminders", "railway_json", "{\n  \"deploy\": {\n    \"cronSchedule\": \"0 7 * * 1\",\n    \"startCommand\": \"python -m knjiga.opomini\"\n  }\n}", "a schedule"),
    ("codemagic/flutter-and-xcode-versions", "codemagic", "environment:\n  flutter: 3.27.1\n  xcode: 16.2\n  cocoapods: default", "tool versions"),
    ("vercel/trailing-slash-and-redirect", "vercel_json", "{\n  \"trailingSlash\": false,\n  \"redirects\": [\n    {\n      \"source\": \"/katalog\",\n      \"destination\": \"/iskanje\",\n      \"permanent\": true\n    }\n  ]\n}", "a redirect"),
    ("samconfig/package-s3-prefix", "samconfig", "[default.package.parameters]\ns3_prefix = \"knjiga\"\nresolve_s3 = true", "a package prefix"),
    ("azurefunc/values-reminder-schedule", "azure_local_settings", "{\n  \"IsEncrypted\": false,\n  \"Values\": {\n    \"FUNCTIONS_WORKER_RUNTIME\": \"python\",\n    \"OPOMINI_URNIK\": \"0 0 7 * * 1\"\n  }\n}", "a schedule"),
    ("boto/gsutil-parallel-thread-count", "boto_config", "[GSUtil]\nparallel_thread_count = 8\nparallel_process_count = 2", "parallel settings"),
    ("bunfig/define-build-constants", "bunfig", "[define]\n\"process.env.KNJIZNICA\" = \"'Bezigrad'\"", "a build constant"),
    ("zeabur/start-command", "zeabur", json.dumps({"start_command": "node dist/streznik.js"}, indent=2), "a start command"),
    ("msmtprc/relay-account-auth-off", "msmtprc", "account obvestila\nhost relay.example.si\nport 25\nauth off\nfrom obvestila@example.si", "a relay with no login"),
    ("muttrc/signature-file-and-from", "muttrc", "set from = \"Nina K. <nina@example.si>\"\nset signature = \"~/.podpis\"", "a sender"),
    ("offlineimaprc/nametrans-slovenian-folders", "offlineimaprc", "[Repository lokalno]\nnametrans = lambda f: {'Poslano': 'Sent'}.get(f, f)", "a folder name map"),
    ("firebase/runtimeconfig-reminder-days", "firebase_runtimeconfig", "{\n  \"opomini\": {\n    \"pred_iztekom_dni\": \"3\",\n    \"po_izteku_dni\": \"7\"\n  }\n}", "reminder days"),
    ("redis/maxmemory-policy", "redis_conf", "maxmemory 256mb\nmaxmemory-policy allkeys-lru", "a memory policy"),
    ("lftp/xfer-clobber-and-rate-limit", "lftprc", "set xfer:clobber on\nset net:limit-rate 500000:0", "transfer settings"),
    ("telegraf/inputs-nginx-url", "telegraf", "[[inputs.nginx]]\n  urls = [\"http://localhost/nginx_status\"]\n  response_timeout = \"5s\"", "a status address"),
    ("filebeat/multiline-java-stack", "filebeat", "parsers:\n  - multiline:\n      type: pattern\n      pattern: '^\\s+at '\n      match: after", "a multiline rule"),
    ("irssi/servers-address-port-tls", "irssi", "servers = (\n  { address = \"irc.libera.chat\"; chatnet = \"libera\"; port = \"6697\"; use_tls = \"yes\"; }\n);", "a server"),
    ("odbc/dsn-port-and-sslmode", "odbc_ini", "[katalog]\nDriver = PostgreSQL Unicode\nServername = 10.1.0.5\nPort = 5432\nSSLmode = require", "a DSN with no password"),
    ("rabbitmq/management-listener-port", "rabbitmq_conf", "management.tcp.port = 15672\nmanagement.tcp.ip = 127.0.0.1", "a management port"),
    ("deno/exclude-and-node-modules-dir", "deno_json", "{\n  \"exclude\": [\n    \"dist/\"\n  ],\n  \"nodeModulesDir\": \"auto\"\n}", "workspace settings"),
    ("pgadmin/server-group-and-ssl-mode", "pgadmin_servers", json.dumps({"Servers": {"1": {"Name": "katalog", "Group": "Knjiga", "Host": "10.1.0.5", "Port": 5432, "Username": "bralec", "SSLMode": "verify-full"}}}, indent=2), "a server with no password"),
    ("nmconnection/vlan-id-and-parent", "nmconnection", "[connection]\nid=vlan20\ntype=vlan\n\n[vlan]\nid=20\nparent=enp3s0", "a VLAN"),
    ("grafana/date-formats-full-date", "grafana_ini", "[date_formats]\nfull_date = DD. MM. YYYY HH:mm:ss\ndefault_timezone = Europe/Ljubljana", "date formats"),
    ("wpconfig/memory-limit-and-revisions", "wp_config", "define( 'WP_MEMORY_LIMIT', '256M' );\ndefine( 'WP_POST_REVISIONS', 5 );", "site limits"),
    ("fetchmailrc/mda-procmail", "fetchmailrc", "set postmaster \"nina\"\nmda \"/usr/bin/procmail -d %T\"", "a delivery agent"),
    ("logstash/input-beats-port", "logstash_conf", "input {\n  beats {\n    port => 5044\n  }\n}", "an input"),
    ("dockercfg/empty-auths-object", "dockercfg", json.dumps({}, indent=2), "an empty file"),
    ("windowsreg/proxy-override-list", "windows_reg", "Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Internet Settings]\n\"ProxyOverride\"=\"*.example.si;<local>\"", "a proxy exception list"),
    ("alertmanager/inhibit-rules-severity", "alertmanager_yml", "inhibit_rules:\n  - source_matchers: [severity=\"kriticno\"]\n    target_matchers: [severity=\"opozorilo\"]\n    equal: [enota]", "an inhibit rule"),
    ("airflow/core-parallelism-and-dags-folder", "airflow_cfg", "[core]\ndags_folder = /opt/airflow/dags\nparallelism = 16\nload_examples = False", "scheduler settings"),
    ("airflow/fernet-key-named-from-env", "airflow_cfg", "[core]\n# fernet_key is read from AIRFLOW__CORE__FERNET_KEY_CMD, never written here\nfernet_key_cmd = cat /run/secrets/airflow_fernet", "a key named, none written"),
    ("mongod/net-bind-and-storage-path", "mongod_conf", "net:\n  port: 27017\n  bindIp: 127.0.0.1,10.1.0.5\nstorage:\n  dbPath: /var/lib/mongodb", "addresses and a path"),
    ("mongod/replication-oplog-size", "mongod_conf", "replication:\n  replSetName: rs0\n  oplogSizeMB: 2048", "a replica set"),
    ("elasticsearch/discovery-seed-hosts", "elasticsearch_yml", "discovery.seed_hosts: [\"es1.example.si\", \"es2.example.si\"]\ncluster.initial_master_nodes: [\"es1\"]\nnetwork.host: 0.0.0.0", "cluster members"),
    ("elasticsearch/keystore-list-output", "elasticsearch_yml", "$ bin/elasticsearch-keystore list\nkeystore.seed\nxpack.security.transport.ssl.keystore.secure_password", "setting names, no values"),
    ("gitlabrb/backup-keep-time-and-path", "gitlab_rb", "gitlab_rails['backup_path'] = '/var/opt/gitlab/backups'\ngitlab_rails['backup_keep_time'] = 604800", "backup settings"),
    ("gitlabrb/time-zone-and-email-from", "gitlab_rb", "gitlab_rails['time_zone'] = 'Europe/Ljubljana'\ngitlab_rails['gitlab_email_from'] = 'gitlab@example.si'", "a time zone and a sender"),
    ("superset/babel-languages", "superset_config", "BABEL_DEFAULT_LOCALE = \"sl\"\nLANGUAGES = {\"sl\": {\"flag\": \"si\", \"name\": \"Slovenščina\"}, \"en\": {\"flag\": \"us\", \"name\": \"English\"}}", "languages"),
    ("superset/secret-key-from-env-named", "superset_config", "import os\nSECRET_KEY = os.environ[\"SUPERSET_SECRET_KEY\"]\nSQLALCHEMY_DATABASE_URI = os.environ[\"SUPERSET_DB_URI\"]", "settings read from names, no value"),
    ("prometheus/global-scrape-interval-and-rules", "prometheus_yml", "global:\n  scrape_interval: 15s\n  evaluation_interval: 30s\nrule_files:\n  - pravila/*.yml", "global timing"),
    ("prometheus/relabel-keep-namespace", "prometheus_yml", "relabel_configs:\n  - source_labels: [__meta_kubernetes_namespace]\n    regex: knjiga\n    action: keep", "a relabel rule"),
]
ORDINARY = [(shape, context, lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, slovenian_prose, ORDINARY)


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh26.jsonl"))
