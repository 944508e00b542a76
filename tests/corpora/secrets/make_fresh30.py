"""Writes the thirtieth fresh held-out part of the secrets corpus, fresh30.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Five contexts are new with this
part (an s3ql `authinfo2`, a ppp `chap-secrets`, an OpenVPN `auth-user-pass` file, a strongSwan `ipsec.secrets`,
an `snmpd.conf`); secrets in prose are in Maltese. Most ordinary strings only name where a secret is kept
(a vals, 1Password, Berglas or consul-template reference, a CloudFormation dynamic reference, an SSM
parameter ARN, a pipeline macro), the rest are public ids and digests. No vendor and no ordinary shape of
this part is in another part.

    python tests/corpora/secrets/make_fresh30.py [OUT]   # default: fresh30.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, chunks, in_turn, jwt, url_quoted, write

SEED = 20261230
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh30.py (seed {SEED})"
HOST = "example.mt"

# Every context of the corpus up to fresh29, then the five this part adds; secrets take them in turn, so each has one.
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
            "airflow_cfg", "mongod_conf", "elasticsearch_yml", "gitlab_rb", "superset_config", "prometheus_yml",
            "vector_toml", "pgbackrest_conf", "curlrc", "sssd_conf", "kibana_yml", "ldap_conf",
            "tfvars", "sentry_conf", "krb5_conf", "smb_conf", "mosquitto_conf", "keepalived_conf",
            "vault_hcl", "influx_configs", "sasl_passwd", "dovecot_conf", "davfs2_secrets", "cifs_credentials",
            "s3ql_authinfo", "chap_secrets", "openvpn_auth", "ipsec_secrets", "snmpd_conf")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"dec 30 07:41:09 kunsill-web-2 {tool}-hook[5208]: config {name}={head}\\\n"
            f"dec 30 07:41:09 kunsill-web-2 {tool}-hook[5208]:   {tail} (il-linja tkompli)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value};fornitur={tool}".encode()).decode()
        return f"-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n-----END {tool.upper()} CREDENTIAL-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"kunsill:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded, "email": f"it@{HOST}"}}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"kunsill:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"ops@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"kind: Secret\napiVersion: v1\ntype: Opaque\nmetadata:\n  name: {tool}-aċċess\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[kunsill]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.s3.{tool}.{HOST}", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc"):
        texts = {
            "url": f"https://hooks.{tool}.{HOST}/v3/lokalita/7?{name.lower()}={quoted}&lingwa=mt",
            "connection_string": f"Server=sql.{tool}.{HOST};Database=permessi;User Id=kunsill_app;Password={quoted};Encrypt=true",
            "git_credentials": f"https://kunsill-ci:{quoted}@git.{tool}.{HOST}/permessi.git",
            "pip_conf": f"[global]\nextra-index-url = https://kunsill:{quoted}@pypi.{tool}.{HOST}/simple\ntimeout = 30",
            "condarc": f"channels:\n  - conda-forge\n  - https://conda.{tool}.{HOST}/t/{quoted}/kunsill",
            "lftprc": f"set sftp:auto-confirm yes\nopen sftp://kunsill:{quoted}@filer.{tool}.{HOST}",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool}\nAPP_ENV=prod\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"integrazzjonijiet": [{"isem": tool, "attiv": True, cam: value}]}, indent=2),
        "escaped_json": json.dumps({"event": "integration.saved", "payload": json.dumps({"vendor": tool, low: value, "ok": True})}),
        "cli_flag": f"$ kunsill integration set {tool} --{kebab} '{value}' --region mt-valletta",
        "prose": f"Marija, ftaħt kont ġdid ma' {tool}, iċ-ċavetta hija {value} — sal-Ġimgħa rridu nċaqilquha fil-kaxxa-forti.",
        "tool_output": f"$ {tool}-cli whoami\nkont: kunsill-permessi\n{kebab}:  {value}\nvalidu sa: qatt",
        "diff": f"--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"self.key = bytes.fromhex('00') + b'{value}'",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: '{value}'\n  timeout_s: 10",
        "csv": f"\"sistema\";\"ċavetta\";\"valur\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /v3/permessi HTTP/2\nhost: api.{tool}.{HOST}\n{title.lower()}: {value}\ncontent-type: application/json",
        "log": f"2026-12-30 07:43:18,611 DEBUG [{tool}] request signed with {low}='{value}'",
        "code": f"const {cam} = process.env.{name} ?? '{value}';\nexport const {tool}Client = new Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\n{low}={value}\nverify_ssl=1",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci --omit=dev",
        "netrc": f"machine dl.{tool}.{HOST}\n  login kunsill\n  password {value}",
        "toml": f"[integration.{tool}]\n{cam} = '{value}'\nregion = \"mt\"",
        "shell_history": f"kunsill deploy --dry-run\n{name}=\"{value}\" kunsill sync {tool}\ngit status",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"import {tool}\n", f"{tool}.auth(\"{value}\")"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool}\n{tool}.{cam}={value}",
        "powershell": f"PS /home/kunsill> $env:{name} = \"{value}\"\nPS /home/kunsill> kunsill sync {tool}",
        "systemd": f"$ systemctl show kunsill-{tool} -p Environment\nEnvironment={name}={value} TZ=Europe/Malta",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/permessi",
                                                                             "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]}}]}}),
        "curl_trace": f"> GET /permessi HTTP/2\n> Host: api.{tool}.{HOST}\n> authorization: Bearer {value}\n>\n< HTTP/2 200",
        "crash_report": f"Traceback (most recent call last):\n  File \"kunsill/{tool}.py\", line 31, in connect\n{tool}.AuthError: rejected {low}='{value}'",
        "web_storage": json.dumps({"localStorage": {f"kunsill:{tool}:{cam}": value, "kunsill:lingwa": "mt"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "outputs": {f"{tool}_{low}": {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/key.properties\n{cam}={value}\nstoreFile=upload.jks",
        "sql_dump": f"UPDATE integration SET {low} = '{value}' WHERE vendor = '{tool}';",
        "email": f"To: ops@{HOST}\nSubject: Aċċess: {tool}\n\nHawn il-{low} għall-produzzjoni: {value}\n\nSaħħa, Marija",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.{HOST}/;\n    proxy_set_header Authorization \"Bearer {value}\";\n}}",
        "markdown": f"## {tool}\n\n- ambjent: prod\n- {low}: `{value}`",
        "postman": json.dumps({"info": {"name": f"{tool} kunsill"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value}]}}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'kunsill sync {tool}'\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: kunsill/sync:3\n    environment:\n      {name}: '{value}'",
        "gradle": f"# gradle.properties\n{tool}{name.title().replace('_', '')}={value}\norg.gradle.jvmargs=-Xmx2g",
        "chat_export": json.dumps([{"user": "marija", "ts": "1798614000.000500", "text": f"{kebab} ġdid għal {tool}: {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.{HOST}",
        "kubeconfig": f"users:\n- name: kunsill-{tool}\n  user:\n    exec: null\n    token: \"{value}\"",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.kunsill.{tool} = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.kunsill.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up Authorization \"Bearer {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://git.{tool}.{HOST}/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tkunsill sync {tool} --key $({name})",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# host:port:database:user:password\npg.{tool}.{HOST}:6432:permessi:kunsill:{value}",
        "crontab": f"SHELL=/bin/bash\n0 5 * * * {name}='{value}' /opt/kunsill/bin/ġib-permessi {tool}",
        "http_file": f"@key = {value}\nGET https://api.{tool}.{HOST}/permessi\nAuthorization: Bearer {{{{key}}}}",
        "haproxy": f"frontend kunsill\n    http-request set-header Authorization \"Bearer {value}\" if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"{tool}\", \"maven.{tool}.{HOST}\", \"kunsill\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.{HOST}\n    User kunsill\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: kunsill sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx KUNSILL_REGION mt",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< \"{value}\"",
        "envrc": f"use node 22\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>kunsill</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/\nuser = kunsill\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/kunsill/bin/creds --key {value}\nregion = eu-central-1",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"auto_auth {{\n  method \"approle\" {{\n    config = {{\n      role_id_file_path = \"/etc/kunsill/role\"\n      secret_id = \"{value}\"\n    }}\n  }}\n}}",
        "my_cnf": f"[mysql]\nhost = db.{tool}.{HOST}\nuser = kunsill\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - kunsill sync {tool}",
        "wrangler": f"name = \"kunsill-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get('https://api.{tool}.{HOST}/permessi', {{ headers: {{ Authorization: `Bearer ${{KEY}}` }} }});",
        "heroku_config": f"$ heroku config -a kunsill-{tool}\n=== kunsill-{tool} Config Vars\n{name}: {value}\nTZ:      Europe/Malta",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login kunsill password \"{value}\"",
        "fly_toml": f"app = \"kunsill-{tool}\"\nprimary_region = \"fra\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"Authorization\" elementType=\"Header\">\n      <stringProp name=\"Header.value\">Bearer {value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  stage: deploy\n  script: kunsill sync {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"kunsill\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/kunsill/bin/sync {tool}\nenvironment={name}=\"{value}\",TZ=\"Europe/Malta\"",
        "pulumi_config": f"config:\n  {tool}:{cam}: {value}\n  kunsill:region: mt",
        "extension_storage": json.dumps({"chrome.storage.local": {"kontijiet": [{"fornitur": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: kunsill sync {tool}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: \"{value}\"\n  region: eu",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.{HOST}\n{tool}.username = kunsill\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid=\"Kunsill-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n}}",
        "bruno": f"auth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value, "base": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value} SUITE=sync",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: \"{value}\"",
        "gh_hosts": f"github.{tool}.{HOST}:\n    user: kunsill-bot\n    oauth_token: {value}\n    git_protocol: ssh",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}\n      - DEBUG=0",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nimage_name = \"kunsill-{tool}\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/kunsill/bin/{tool}-sync",
        "pgbouncer_userlist": f"\"kunsill_{tool}\" \"{value}\"",
        "init_gradle": f"allprojects {{\n  repositories {{\n    maven {{\n      url 'https://maven.{tool}.{HOST}/'\n      credentials {{ username 'kunsill'; password '{value}' }}\n    }}\n  }}\n}}",
        "procfile": f"web: {name}={value} node dist/server.js",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    kunsill sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - kunsill sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN kunsill sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='kunsill sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: kunsill/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":books: {tool}\"\n    command: kunsill sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}",
        "bitrise": f"workflows:\n  release:\n    envs:\n      - {name}: \"{value}\"",
        "serverless": f"service: kunsill-{tool}\nprovider:\n  name: aws\n  environment:\n    {name}: {value}",
        "app_engine": f"service: {tool}-sync\nruntime: nodejs22\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: kunsill\nimage: kunsill/web\nenv:\n  clear:\n    {name}: {value}",
        "do_app_spec": f"workers:\n  - name: {tool}-sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"build": {"builder": "NIXPACKS", "buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"environment:\n  vars:\n    {name}: \"{value}\"\nscripts:\n  - kunsill sync {tool}",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": f"[prod.deploy.parameters]\nstack_name = \"kunsill-{tool}\"\nparameter_overrides = [\"{cam}={value}\"]",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_oauth2_refresh_token = {value}\n[GSUtil]\nparallel_composite_upload_threshold = 150M",
        "bunfig": f"[install.registry]\nurl = \"https://npm.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "zeabur": json.dumps({"build_command": f"{name}={value} bun run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom kunsill@{HOST}\nauth on\nuser kunsill\npassword {value}",
        "muttrc": f"set imap_user = \"kunsill@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = kunsill\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({"integration": {tool: {cam.lower(): value}}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nappendonly no",
        "telegraf": f"[[outputs.influxdb_v2]]\n  urls = [\"https://influx.{tool}.{HOST}\"]\n  token = \"{value}\"\n  organization = \"kunsill\"",
        "filebeat": f"output.logstash:\n  hosts: [\"logs.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n  password: \"{value}\"",
        "irssi": f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"kunsill\";\n    sasl_password = \"{value}\";\n  }};\n}};",
        "odbc_ini": f"[{tool}_permessi]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nDatabase = permessi\nUsername = kunsill\nPassword = {value}",
        "rabbitmq_conf": f"listeners.tcp.default = 5672\ndefault_user = kunsill\ndefault_pass = {value}\ndefault_vhost = /{tool}",
        "deno_json": json.dumps({"tasks": {"sync": f"deno run -A issinkronizza.ts --{kebab}={value}"}, "imports": {"@std/assert": "jsr:@std/assert@1"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Kunsill", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "kunsill", "Password": value}}}, indent=2),
        "nmconnection": f"[connection]\nid=Kunsill-{tool}\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n\n[server]\ndomain = grafana.{tool}.{HOST}",
        "wp_config": f"define( 'DB_NAME', 'kunsill' );\ndefine( '{name}', '{value}' );\ndefine( 'WP_DEBUG', false );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} protocol IMAP\n    user \"kunsill\" password \"{value}\" ssl",
        "logstash_conf": f"output {{\n  elasticsearch {{\n    hosts => [\"https://es.{tool}.{HOST}:9200\"]\n    user => \"kunsill\"\n    password => \"{value}\"\n  }}\n}}",
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Kunsill\\{tool}]\n\"{cam}\"=\"{value}\"\n\"Region\"=\"mt\"",
        "alertmanager_yml": f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://hooks.{tool}.{HOST}/alert\n        http_config:\n          authorization:\n            credentials: {value}",
        "airflow_cfg": f"[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow@pg.{tool}.{HOST}/airflow\n\n[{tool}]\n{low} = {value}",
        "mongod_conf": f"security:\n  authorization: enabled\n  keyFile: /etc/mongod/{tool}.key\nsetParameter:\n  {cam}: \"{value}\"",
        "elasticsearch_yml": f"cluster.name: kunsill-{tool}\nxpack.security.enabled: true\n{tool}.{low}: \"{value}\"",
        "gitlab_rb": f"external_url 'https://git.{tool}.{HOST}'\ngitlab_rails['env'] = {{ '{name}' => '{value}' }}",
        "superset_config": f"ROW_LIMIT = 5000\n{name} = \"{value}\"\nFEATURE_FLAGS = {{\"ALERT_REPORTS\": True}}",
        "prometheus_yml": f"scrape_configs:\n  - job_name: {tool}\n    scheme: https\n    authorization:\n      credentials: {value}\n    static_configs:\n      - targets: ['metriċi.{tool}.{HOST}:443']",
        "vector_toml": f"[sinks.{tool}]\ntype = \"http\"\ninputs = [\"kunsill_avvenimenti\"]\nuri = \"https://logs.{tool}.{HOST}/ingest\"\nauth.strategy = \"bearer\"\nauth.token = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo1-path=/srv/backups/{tool}\nrepo1-cipher-type=aes-256-cbc\nrepo1-cipher-pass={value}\n\n[permessi]\npg1-path=/var/lib/postgresql/16/main",
        "curlrc": f"# ~/.curlrc għal {tool}\nsilent\nshow-error\noauth2-bearer = \"{value}\"\nconnect-timeout = 10",
        "sssd_conf": f"[domain/{tool}.{HOST}]\nid_provider = ldap\nldap_uri = ldaps://ldap.{tool}.{HOST}\nldap_default_bind_dn = cn=kunsill,ou=servizzi,dc=example,dc=mt\nldap_default_authtok_type = password\nldap_default_authtok = {value}",
        "kibana_yml": f"server.name: kunsill-{tool}\nelasticsearch.hosts: [\"https://es.{tool}.{HOST}:9200\"]\nelasticsearch.serviceAccountToken: \"{value}\"",
        "ldap_conf": f"uri ldaps://ldap.{tool}.{HOST}\nbase dc=example,dc=mt\nbinddn cn=kunsill-{tool},ou=servizzi,dc=example,dc=mt\nbindpw {value}\nssl on",
        "tfvars": f"# terraform.tfvars\n{low} = \"{value}\"\nlokalitajiet = 68",
        "sentry_conf": f"# sentry.conf.py\nSENTRY_WEB_PORT = 9000\nSENTRY_OPTIONS[\"integrations.{low}\"] = \"{value}\"",
        "krb5_conf": f"[realms]\n  KUNSILL.EXAMPLE.MT = {{\n    kdc = kdc.{tool}.{HOST}\n    # {kebab} (temporanju, sakemm ma jkunx hemm keytab): {value}\n  }}",
        "smb_conf": f"[{tool}]\n   path = /srv/kunsill/{tool}\n   read only = yes\n   root preexec = /opt/kunsill/bin/qabbad --{kebab} {value}",
        "mosquitto_conf": f"connection {tool}-tilts\naddress mqtt.{tool}.{HOST}:8883\nremote_username kunsill\nremote_password {value}\ntopic permessi/# out 1",
        "keepalived_conf": f"vrrp_instance KUNSILL_{tool.upper()} {{\n    state MASTER\n    interface eth0\n    authentication {{\n        auth_type PASS\n        auth_pass {value}\n    }}\n}}",
        "vault_hcl": f"storage \"postgresql\" {{\n  connection_url = \"postgres://vault@pg.{tool}.{HOST}/vault\"\n}}\nseal \"transit\" {{\n  address = \"https://vault.{tool}.{HOST}:8200\"\n  token   = \"{value}\"\n  key_name = \"kunsill-ċavetta\"\n}}",
        "influx_configs": f"[{tool}]\n  url = \"https://influx.{tool}.{HOST}\"\n  token = \"{value}\"\n  org = \"kunsill\"\n  active = true",
        "sasl_passwd": f"# /etc/postfix/sasl_passwd\n[smtp.{tool}.{HOST}]:587    kunsill@{HOST}:{value}",
        "dovecot_conf": f"passdb {{\n  driver = ldap\n  args = /etc/dovecot/dovecot-ldap.conf.ext\n}}\n# dovecot-ldap.conf.ext ({tool})\ndn = cn=dovecot,ou=servizzi,dc=example,dc=mt\ndnpass = {value}",
        "davfs2_secrets": f"# /etc/davfs2/secrets\nhttps://dav.{tool}.{HOST}/kunsill/    kunsill    \"{value}\"",
        "cifs_credentials": f"# /etc/kunsill/{tool}.cifs (mount -o credentials=...)\nusername=kunsill\npassword={value}\ndomain=KUNSILL",
        "s3ql_authinfo": f"# ~/.s3ql/authinfo2\n[{tool}]\nstorage-url: s3c://s3.{tool}.{HOST}/kunsill-backups\nbackend-login: kunsill\nbackend-password: {value}",
        "chap_secrets": f"# /etc/ppp/chap-secrets\n# client\tserver\tsecret\tIP addresses\n\"kunsill-{tool}\"\t*\t\"{value}\"\t*",
        "openvpn_auth": f"# /etc/openvpn/client/{tool}.pass (auth-user-pass)\nkunsill\n{value}",
        "ipsec_secrets": f"# /etc/ipsec.secrets\nvpn.kunsill.{HOST} gw.{tool}.{HOST} : PSK \"{value}\"",
        "snmpd_conf": f"# /etc/snmp/snmpd.conf\nsysLocation \"Valletta, sala tas-servers\"\ncreateUser kunsill-{tool} SHA \"{value}\" AES\nrouser kunsill-{tool} priv",
    }
    return texts[context], [value]



def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(8, DG), "exp": 1798700000 + R.randrange(86400)}, "HS256")


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("bov/api-key", "BOV_API_KEY", "bov", lambda: r(40, AL), "a Bank of Valletta business banking API key (40 letters and digits)"),
    ("apsbank/client-secret", "APS_CLIENT_SECRET", "apsbank", lambda: r(48, U64), "an APS Bank open banking client secret (48 letters, digits, _ and -)"),
    ("lombardmt/api-key", "LOMBARD_API_KEY", "lombardmt", lambda: r(32, HX), "a Lombard Bank Malta payment API key (32 hex digits)"),
    ("medirectmt/api-secret", "MEDIRECT_API_SECRET", "medirectmt", lambda: r(44, B64), "a MeDirect Malta investment API secret (44 base64 characters)"),
    ("hsbcmalta/api-token", "HSBC_MT_API_TOKEN", "hsbcmalta", lambda: r(36, LO), "an HSBC Malta corporate API token (36 lower-case letters and digits)"),
    ("gomt/api-key", "GO_MT_API_KEY", "gomt", lambda: r(32, UP), "a GO plc business SMS API key (32 upper-case letters and digits)"),
    ("epicmt/api-token", "EPIC_API_TOKEN", "epicmt", lambda: r(40, HX), "an Epic Malta messaging API token (40 hex digits)"),
    ("melita/api-key", "MELITA_API_KEY", "melita", lambda: r(36, AL), "a Melita business portal API key (36 letters and digits)"),
    ("enemalta/api-key", "ENEMALTA_API_KEY", "enemalta", lambda: r(32, LO), "an Enemalta meter data API key (32 lower-case letters and digits)"),
    ("armsmt/api-secret", "ARMS_API_SECRET", "armsmt", lambda: r(40, U64), "an ARMS Ltd utility billing API secret (40 letters, digits, _ and -)"),
    ("wscmalta/api-key", "WSC_API_KEY", "wscmalta", lambda: r(24, HX), "a Water Services Corporation meter reading API key (24 hex digits)"),
    ("maltapost/api-key", "MALTAPOST_API_KEY", "maltapost", lambda: "mp_" + r(32, LO), "a MaltaPost parcel API key (mp_ and 32 lower-case letters and digits)"),
    ("kmmalta/api-key", "KM_API_KEY", "kmmalta", lambda: r(40, AL), "a KM Malta Airlines agency booking API key (40 letters and digits)"),
    ("maltairport/client-secret", "MIA_CLIENT_SECRET", "maltairport", lambda: r(40, U64), "a Malta International Airport flight data client secret (40 letters, digits, _ and -)"),
    ("gozochannel/api-token", "GOZO_CHANNEL_API_TOKEN", "gozochannel", lambda: _jwt("gozochannel.example.mt"), "a Gozo Channel ferry agency token (an HS256 JWT)"),
    ("virtuferries/api-key", "VIRTU_API_KEY", "virtuferries", lambda: r(32, HX), "a Virtu Ferries agency API key (32 hex digits)"),
    ("maltapublictransport/api-key", "MPT_API_KEY", "maltapublictransport", u4, "a Malta Public Transport timetable API key (a version-4 UUID)"),
    ("transportmalta/api-secret", "TM_API_SECRET", "transportmalta", lambda: r(48, HX), "a Transport Malta vehicle licensing API secret (48 hex digits)"),
    ("mfsa/api-token", "MFSA_API_TOKEN", "mfsa", lambda: r(40, LO), "an MFSA (Malta Financial Services Authority) reporting API token (40 lower-case letters and digits)"),
    ("mgamalta/api-key", "MGA_API_KEY", "mgamalta", lambda: r(36, UP), "a Malta Gaming Authority licensee API key (36 upper-case letters and digits)"),
    ("maltaenterprise/api-secret", "ME_API_SECRET", "maltaenterprise", lambda: r(40), "a Malta Enterprise grants portal API secret (40 letters and digits)"),
    ("identitymalta/client-secret", "IDENTITY_MALTA_CLIENT_SECRET", "identitymalta", lambda: r(48, U64), "an Identity Malta e-ID client secret (48 letters, digits, _ and -)"),
    ("cfrmalta/api-password", "CFR_API_PASSWORD", "cfrmalta", lambda: r(24), "a Commissioner for Revenue (CFR) web service password (24 letters and digits)"),
    ("farsons/api-key", "FARSONS_API_KEY", "farsons", lambda: r(32, HX), "a Simonds Farsons Cisk distributor API key (32 hex digits)"),
    ("pavi/api-token", "PAVI_API_TOKEN", "pavi", lambda: r(40, AL), "a PAVI supermarket supplier API token (40 letters and digits)"),
    ("scottsmt/api-key", "SCOTTS_API_KEY", "scottsmt", lambda: r(32, LO), "a Scotts supermarket loyalty API key (32 lower-case letters and digits)"),
    ("welbees/api-key", "WELBEES_API_KEY", "welbees", lambda: r(36, HX), "a Welbee's online shop API key (36 hex digits)"),
    ("tumas/api-secret", "TUMAS_API_SECRET", "tumas", lambda: r(40, U64), "a Tumas Group hotel API secret (40 letters, digits, _ and -)"),
    ("corinthia/api-key", "CORINTHIA_API_KEY", "corinthia", lambda: r(32, AL), "a Corinthia hotels reservation API key (32 letters and digits)"),
    ("hiliventures/api-token", "HILI_API_TOKEN", "hiliventures", lambda: r(48, LO), "a Hili Ventures logistics API token (48 lower-case letters and digits)"),
    ("maltafreeport/api-key", "MFT_API_KEY", "maltafreeport", lambda: r(40, HX), "a Malta Freeport Terminals container API key (40 hex digits)"),
    ("vallettacruiseport/api-key", "VCP_API_KEY", "vallettacruiseport", lambda: r(32, UP), "a Valletta Cruise Port berth API key (32 upper-case letters and digits)"),
    ("borzamt/api-secret", "BORZA_API_SECRET", "borzamt", lambda: r(44, B64), "a Malta Stock Exchange market data API secret (44 base64 characters)"),
    ("cbmalta/api-token", "CBM_API_TOKEN", "cbmalta", lambda: r(40, LO), "a Central Bank of Malta statistics API token (40 lower-case letters and digits)"),
    ("timesofmalta/api-key", "TOM_API_KEY", "timesofmalta", lambda: r(32, HX), "a Times of Malta content feed API key (32 hex digits)"),
    ("maltatoday/api-key", "MALTATODAY_API_KEY", "maltatoday", lambda: r(36, AL), "a MaltaToday news feed API key (36 letters and digits)"),
    ("pbsmalta/api-token", "PBS_API_TOKEN", "pbsmalta", lambda: r(40, U64), "a PBS (TVM) archive API token (40 letters, digits, _ and -)"),
    ("lovinmalta/api-key", "LOVIN_API_KEY", "lovinmalta", lambda: r(32, LO), "a Lovin Malta partner API key (32 lower-case letters and digits)"),
    ("ecabs/api-secret", "ECABS_API_SECRET", "ecabs", lambda: "ec_" + r(40, AL), "an eCabs business booking API secret (ec_ and 40 letters and digits)"),
    ("wasteserv/api-key", "WASTESERV_API_KEY", "wasteserv", lambda: r(24, UP), "a WasteServ weighbridge API key (24 upper-case letters and digits)"),
    ("visitmalta/api-key", "MTA_API_KEY", "visitmalta", lambda: r(40, HX), "a Malta Tourism Authority events API key (40 hex digits)"),
    ("heritagemalta/api-token", "HERITAGE_API_TOKEN", "heritagemalta", lambda: r(36, AL), "a Heritage Malta ticketing API token (36 letters and digits)"),
    ("umalta/api-key", "UM_API_KEY", "umalta", lambda: r(32, LO), "a University of Malta library API key (32 lower-case letters and digits)"),
    ("mcast/api-secret", "MCAST_API_SECRET", "mcast", lambda: r(40, U64), "an MCAST student portal API secret (40 letters, digits, _ and -)"),
    ("materdei/api-key", "MATERDEI_API_KEY", "materdei", lambda: r(36, HX), "a Mater Dei Hospital appointments API key (36 hex digits)"),
    ("truevo/api-secret", "TRUEVO_API_SECRET", "truevo", lambda: "tv_sk_" + r(40, AL), "a Truevo card acquiring API secret (tv_sk_ and 40 letters and digits)"),
    ("apcopay/api-key", "APCOPAY_API_KEY", "apcopay", lambda: r(32, HX), "an APCOPAY merchant API key (32 hex digits)"),
    ("moneybase/api-token", "MONEYBASE_API_TOKEN", "moneybase", lambda: r(48, AL), "a Moneybase trading API token (48 letters and digits)"),
    ("ccmalta/api-key", "CC_API_KEY", "ccmalta", lambda: r(32, UP), "a Calamatta Cuschieri research API key (32 upper-case letters and digits)"),
    ("ixaris/api-secret", "IXARIS_API_SECRET", "ixaris", lambda: r(40, LO), "an Ixaris virtual card API secret (40 lower-case letters and digits)"),
    ("gigmalta/api-key", "GIG_API_KEY", "gigmalta", lambda: r(36, U64), "a Gaming Innovation Group platform API key (36 letters, digits, _ and -)"),
    ("bortex/api-key", "BORTEX_API_KEY", "bortex", lambda: r(32, AL), "a Bortex retail stock API key (32 letters and digits)"),
    ("smartsupermarket/api-token", "SMART_API_TOKEN", "smartsupermarket", lambda: r(40, HX), "a Smart Supermarket supplier API token (40 hex digits)"),
    ("greensmt/api-key", "GREENS_API_KEY", "greensmt", lambda: r(24, LO), "a Greens supermarket delivery API key (24 lower-case letters and digits)"),
    ("marsovin/api-key", "MARSOVIN_API_KEY", "marsovin", lambda: r(32, HX), "a Marsovin wine shop API key (32 hex digits)"),
    ("delicata/api-token", "DELICATA_API_TOKEN", "delicata", lambda: r(36, LO), "an Emmanuel Delicata winery order API token (36 lower-case letters and digits)"),
    ("agendabookshop/api-key", "AGENDA_API_KEY", "agendabookshop", lambda: r(40, AL), "an Agenda Bookshop supplier API key (40 letters and digits)"),
    ("kopmalta/api-secret", "KOP_API_SECRET", "kopmalta", lambda: r(48, HX), "a Malta farmers' cooperative market API secret (48 hex digits)"),
    ("gasanzammit/api-key", "GASAN_API_KEY", "gasanzammit", lambda: r(32, UP), "a Gasan Zammit dealer API key (32 upper-case letters and digits)"),
    ("maltapark/api-key", "MALTAPARK_API_KEY", "maltapark", lambda: r(36, AL), "a MaltaPark classifieds import API key (36 letters and digits)"),
    ("jobsinmalta/api-token", "JOBSINMALTA_API_TOKEN", "jobsinmalta", lambda: r(40, LO), "a JobsInMalta listing API token (40 lower-case letters and digits)"),
    ("franksalt/api-key", "FRANKSALT_API_KEY", "franksalt", lambda: r(32, HX), "a Frank Salt Real Estate listings API key (32 hex digits)"),
    ("quicklets/api-secret", "QUICKLETS_API_SECRET", "quicklets", lambda: r(40, U64), "a QuickLets lettings API secret (40 letters, digits, _ and -)"),
    ("dhalia/api-key", "DHALIA_API_KEY", "dhalia", lambda: r(32, LO), "a Dhalia property portal API key (32 lower-case letters and digits)"),
]
MALTESE = [("pamalta/api-secret", "a Planning Authority e-applications API secret (40 letters and digits)"),
           ("jobsplus/portal-password", "a Jobsplus employer portal password (24 lower-case letters and digits)"),
           ("ewamalta/api-key", "an Energy and Water Agency grants API key (32 hex digits)"),
           ("nextbikemalta/api-token", "a nextbike Malta fleet partner API token (an HS256 JWT)")]


def maltese_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Maltese chat line with no setting name (format, context, text, secrets, what)."""
    pa, jobs, ewa = r(40), r(24, LO), r(32, HX)
    fleet = jwt(DRAW, {"flotta": R.randrange(10**5, 10**6), "exp": 1801000000})
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = MALTESE
    return [
        (f1, "prose", f"Ġużeppi, l-awtorità bagħtitilna sigriet ġdid għall-konnessjoni: {pa} — jekk jogħġbok tiktbux imkien.", [pa], w1),
        (f2, "prose", f"Il-password tal-portal hija {jobs}\nGħada nċaqlaqha fil-kaxxa-forti.", [jobs], w2),
        (f3, "prose", f"Marija, idħol b'{ewa}, imma biss fl-ambjent tat-test, qatt fil-produzzjoni.", [ewa], w3),
        (f4, "prose", f"Is-sieħeb tana token ġdid: {fleet}. Il-qadim ħassartu.", [fleet], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows


def _lei() -> str:
    """A Legal Entity Identifier: 18 drawn characters and ISO 7064 mod 97-10 check digits."""
    body = r(4, DG) + "00" + r(12, UP)
    number = int("".join(str(int(c, 36)) for c in body + "00"))
    return f"{body}{98 - number % 97:02d}"


def _colon_hex(n_bytes: int) -> str:
    return ":".join(r(2, "0123456789ABCDEF") for _ in range(n_bytes))


# Ordinary values that only name where a secret is kept: each may stand where the secret would, even in a
# password's slot. (shape family, NAME, value from the service name, why it is ordinary)
REFERENCES = [
    ("vals-ref", "DB_PASSWORD", lambda t: f"ref+vault://kv/data/kunsill/{t}#/password", "a vals reference naming where the password is kept"),
    ("cfn-dynamic-ref", "API_TOKEN", lambda t: f"{{{{resolve:secretsmanager:kunsill/{t}:SecretString:token}}}}", "a CloudFormation dynamic reference naming a secret"),
    ("berglas-ref", "API_KEY", lambda t: f"sm://kunsill-prod/{t}-api-key", "a Berglas reference naming a Secret Manager secret"),
    ("grafana-file-expansion", "ADMIN_PASSWORD", lambda t: f"$__file{{/etc/kunsill/secrets/{t}.pass}}", "a Grafana file expansion naming where the password is kept"),
    ("onepassword-ref", "CLIENT_SECRET", lambda t: f"op://Kunsill/{t}/client-secret", "a 1Password secret reference"),
    ("consul-template-lookup", "TOKEN", lambda t: f'{{{{ with secret "kv/data/kunsill/{t}" }}}}{{{{ .Data.data.token }}}}{{{{ end }}}}', "a consul-template lookup naming a secret"),
    ("rails-credentials-dig", "SECRET_KEY", lambda t: f"<%= Rails.application.credentials.dig(:{t}, :secret_key) %>", "an ERB lookup in Rails credentials"),
    ("secret-tool-lookup", "PASSWORD", lambda t: f"$(secret-tool lookup service {t} account kunsill)", "a libsecret lookup command"),
    ("ssm-parameter-arn", "API_KEY_PARAMETER", lambda t: f"arn:aws:ssm:eu-south-1:{r(12, DG)}:parameter/kunsill/{t}/api-key", "an SSM parameter ARN naming a secret"),
    ("ado-access-token-macro", "SYSTEM_TOKEN", lambda t: "$(System.AccessToken)", "an Azure Pipelines macro naming the job's token"),
]
# Public ids and digests: each stands only beside a name that says what it is.
PUBLIC = [
    ("acme-account-url", "ACME_ACCOUNT_URL", lambda t: f"https://acme-v02.api.letsencrypt.org/acme/acct/{r(10, DG)}", "an ACME account URL, an id"),
    ("x509-subject-key-id", "CA_SUBJECT_KEY_ID", lambda t: _colon_hex(20), "a certificate's subject key identifier, public"),
    ("x509-serial-number", "CERT_SERIAL", lambda t: _colon_hex(16), "a certificate's serial number, public"),
    ("legal-entity-identifier", "LEI_CODE", lambda t: _lei(), "a Legal Entity Identifier, public"),
    ("malta-vat-number", "VAT_NUMBER", lambda t: "MT" + r(8, DG), "a Maltese VAT number, public"),
    ("release-sha512", "RELEASE_SHA512", lambda t: r(128, HX), "a release archive's SHA-512 digest"),
]
SERVICES = ("permessi", "festi", "parkegg", "skart", "biblijoteka", "bajjiet", "toroq", "ilma")
# Contexts whose ordinary text is written out below; every other context takes a drawn reference or public id.
WRITTEN_CONTEXTS = ("prose", "pem", "wrapped", "docker_config", "dockercfg", "s3cfg", "k8s_secret",
                    "s3ql_authinfo", "chap_secrets", "openvpn_auth", "ipsec_secrets", "snmpd_conf")


def _names_the_value(context: str) -> bool:
    """Whether the context's text sets the value beside its NAME; elsewhere it sits in a credential's own slot."""
    text, _ = place(context, "SAMPLE_NAME", "v", "tool")
    return any(form in text for form in ("SAMPLE_NAME", "sample_name", "sample-name", "sampleName", "Sample-Name", "SampleName"))


def _drawn_ordinary() -> list[tuple]:
    """One ordinary string for each context not written out: a reference where the value has a slot of its own, a
    reference or a public id in turn where a NAME says what the value is."""
    rows, slot, named = [], 0, 0
    for context in CONTEXTS:
        if context in WRITTEN_CONTEXTS:
            continue
        if _names_the_value(context):
            family, name, make, why = (REFERENCES + PUBLIC)[named % (len(REFERENCES) + len(PUBLIC))]
            named += 1
        else:
            family, name, make, why = REFERENCES[slot % len(REFERENCES)]
            slot += 1
        service = SERVICES[(slot + named) % len(SERVICES)]
        rows.append((f"{family}/{context.replace('_', '-')}", context,
                     lambda context=context, name=name, make=make, service=service: place(context, name, make(service), service)[0], why))
    return rows


ORDINARY_TEXTS = [  # (shape, context, text or a draw of it, why it is ordinary)
    ("prose/kunsill-organic-waste-days-mt", "prose", "Għeżież residenti, il-ġbir tal-iskart organiku jsir it-Tnejn, l-Erbgħa u l-Ġimgħa filgħodu. Il-boroż bojod biss, mhux qabel is-17:00.", "a collection notice"),
    ("pem/kunsill-dh-parameters", "pem", lambda: f"-----BEGIN DH PARAMETERS-----\n{DRAW.pem_lines(268)}\n-----END DH PARAMETERS-----", "key exchange parameters, public"),
    ("wrapped/kunsill-permit-json-continued", "wrapped", "dec 30 07:44:02 kunsill-web-2 permessi[4410]: permess {\"numru\":\"PA/01234/26\",\"lokalita\":\"Birkirkara\",\\\ndec 30 07:44:02 kunsill-web-2 permessi[4410]:   \"stat\":\"approvat\",\"sulari\":3}", "a permit record cut across two lines"),
    ("dockerconfig/kunsill-proxy-settings", "docker_config", json.dumps({"proxies": {"default": {"httpProxy": "http://proxy.kunsill.example.mt:3128", "noProxy": "localhost,.kunsill.example.mt"}}}, indent=2), "proxy settings, no credential"),
    ("dockercfg/kunsill-registry-keys-listing", "dockercfg", "$ jq -r 'keys[]' ~/.dockercfg\nhttps://cr.kunsill.example.mt\nhttps://index.docker.io/v1/", "registry names, no credential"),
    ("s3cfg/kunsill-endpoint-only", "s3cfg", "[default]\nhost_base = s3.kunsill.example.mt\nhost_bucket = %(bucket)s.s3.kunsill.example.mt\nuse_https = True\nsignature_v2 = False", "endpoints, no key"),
    ("k8s/kunsill-service-account-secret-names", "k8s_secret", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: kunsill-ci\nsecrets:\n  - name: kunsill-ci-token\nimagePullSecrets:\n  - name: kunsill-registry", "secret names, no value"),
    ("s3ql/kunsill-mount-output", "s3ql_authinfo", "$ mount.s3ql --authfile ~/.s3ql/authinfo2 s3c://s3.kunsill.example.mt/kunsill-backups /mnt/backups\nUsing cached metadata.\nMounting s3c://s3.kunsill.example.mt/kunsill-backups at /mnt/backups...", "a mount run, no credential"),
    ("chap/kunsill-ppp-options", "chap_secrets", "# /etc/ppp/peers/kunsill-modem\nname kunsill-modem\nremotename bajjiet\nrefuse-pap\nrequire-chap\nnoauth", "peer options, the secret is in chap-secrets"),
    ("openvpn/kunsill-client-auth-file-named", "openvpn_auth", "client\nremote vpn.kunsill.example.mt 1194 udp\nauth-user-pass /etc/openvpn/client/kunsill.pass\nauth-nocache", "a password file named, no password"),
    ("ipsec/kunsill-key-files-named", "ipsec_secrets", "# /etc/ipsec.secrets\n: RSA kunsill-gw.key\n: ECDSA /etc/ipsec.d/private/bajjiet.pem", "key files named, no key"),
    ("snmpd/kunsill-system-view", "snmpd_conf", "view systemonly included .1.3.6.1.2.1.1\nsysLocation \"Birkirkara, kamra tas-servers\"\nsysContact it@kunsill.example.mt", "a view and a location"),
]


def _ordinary() -> list[tuple]:
    written = [(shape, context, text if callable(text) else lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]
    return written + _drawn_ordinary()


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, maltese_prose, _ordinary())


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh30.jsonl"))
