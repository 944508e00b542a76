"""Writes the thirty-first fresh held-out part of the secrets corpus, fresh31.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (a ppp `pap-secrets`, a Mosquitto `passwd` file, a `zabbix_agentd.conf` PSK, an `nslcd.conf`, a Maven
`settings-security.xml`, a Helm `repositories.yaml`); secrets in prose are in Catalan. Most ordinary strings
only name where a secret is kept (a KeePassXC, Bitwarden, chamber, credstash or Buildkite lookup, a Terraform
expression, a Jenkins credentials helper, a Dagger secret URI, a Symfony env placeholder, a Hiera lookup), the
rest are public ids. No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh31.py [OUT]   # default: fresh31.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261231
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh31.py (seed {SEED})"
HOST = "example.cat"

# Every context of the corpus up to fresh30, then the six this part adds; secrets take them in turn, so each has one.
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
            "s3ql_authinfo", "chap_secrets", "openvpn_auth", "ipsec_secrets", "snmpd_conf",
            "pap_secrets", "mosquitto_passwd", "zabbix_psk", "nslcd_conf", "maven_settings_security", "helm_repositories")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"des 31 06:12:44 celler-app-1 {tool}-sync[3117]: config {name}={head}\\\n"
            f"des 31 06:12:44 celler-app-1 {tool}-sync[3117]:   {tail} (la línia continua)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value};proveidor={tool}".encode()).decode()
        return f"-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n-----END {tool.upper()} CREDENTIAL-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"celler:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded, "email": f"it@{HOST}"}}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"celler:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"ops@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"kind: Secret\napiVersion: v1\ntype: Opaque\nmetadata:\n  name: {tool}-acces\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[celler]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.s3.{tool}.{HOST}", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc"):
        texts = {
            "url": f"https://hooks.{tool}.{HOST}/v2/parceles/12?{name.lower()}={quoted}&llengua=ca",
            "connection_string": f"Server=sql.{tool}.{HOST};Database=verema;User Id=celler_app;Password={quoted};Encrypt=true",
            "git_credentials": f"https://celler-ci:{quoted}@git.{tool}.{HOST}/verema.git",
            "pip_conf": f"[global]\nextra-index-url = https://celler:{quoted}@pypi.{tool}.{HOST}/simple\ntimeout = 30",
            "condarc": f"channels:\n  - conda-forge\n  - https://conda.{tool}.{HOST}/t/{quoted}/celler",
            "lftprc": f"set sftp:auto-confirm yes\nopen sftp://celler:{quoted}@filer.{tool}.{HOST}",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool}\nAPP_ENV=prod\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"integracions": [{"nom": tool, "actiu": True, cam: value}]}, indent=2),
        "escaped_json": json.dumps({"event": "integration.saved", "payload": json.dumps({"vendor": tool, low: value, "ok": True})}),
        "cli_flag": f"$ celler integration set {tool} --{kebab} '{value}' --regio ca-penedes",
        "prose": f"Montse, he obert un compte nou a {tool}; la clau és {value} i abans de divendres l'hem de passar a la caixa forta.",
        "tool_output": f"$ {tool}-cli whoami\ncompte: celler-verema\n{kebab}:  {value}\nvàlid fins: mai",
        "diff": f"--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"self.key = bytes.fromhex('00') + b'{value}'",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: '{value}'\n  timeout_s: 10",
        "csv": f"\"sistema\";\"clau\";\"valor\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /v2/verema HTTP/2\nhost: api.{tool}.{HOST}\n{title.lower()}: {value}\ncontent-type: application/json",
        "log": f"2026-12-31 06:14:02,377 DEBUG [{tool}] request signed with {low}='{value}'",
        "code": f"const {cam} = process.env.{name} ?? '{value}';\nexport const {tool}Client = new Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\n{low}={value}\nverify_ssl=1",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci --omit=dev",
        "netrc": f"machine dl.{tool}.{HOST}\n  login celler\n  password {value}",
        "toml": f"[integration.{tool}]\n{cam} = '{value}'\nregio = \"ca\"",
        "shell_history": f"celler deploy --dry-run\n{name}=\"{value}\" celler sync {tool}\ngit status",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"import {tool}\n", f"{tool}.auth(\"{value}\")"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool}\n{tool}.{cam}={value}",
        "powershell": f"PS /home/celler> $env:{name} = \"{value}\"\nPS /home/celler> celler sync {tool}",
        "systemd": f"$ systemctl show celler-{tool} -p Environment\nEnvironment={name}={value} TZ=Europe/Madrid",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/verema",
                                                                             "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]}}]}}),
        "curl_trace": f"> GET /verema HTTP/2\n> Host: api.{tool}.{HOST}\n> authorization: Bearer {value}\n>\n< HTTP/2 200",
        "crash_report": f"Traceback (most recent call last):\n  File \"celler/{tool}.py\", line 31, in connect\n{tool}.AuthError: rejected {low}='{value}'",
        "web_storage": json.dumps({"localStorage": {f"celler:{tool}:{cam}": value, "celler:llengua": "ca"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "outputs": {f"{tool}_{low}": {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/key.properties\n{cam}={value}\nstoreFile=upload.jks",
        "sql_dump": f"UPDATE integration SET {low} = '{value}' WHERE vendor = '{tool}';",
        "email": f"To: ops@{HOST}\nSubject: Accés: {tool}\n\nAquí tens la {low} de producció: {value}\n\nSalut, Montse",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.{HOST}/;\n    proxy_set_header Authorization \"Bearer {value}\";\n}}",
        "markdown": f"## {tool}\n\n- ambjent: prod\n- {low}: `{value}`",
        "postman": json.dumps({"info": {"name": f"{tool} celler"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value}]}}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'celler sync {tool}'\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: celler/sync:3\n    environment:\n      {name}: '{value}'",
        "gradle": f"# gradle.properties\n{tool}{name.title().replace('_', '')}={value}\norg.gradle.jvmargs=-Xmx2g",
        "chat_export": json.dumps([{"user": "montse", "ts": "1798700400.000300", "text": f"{kebab} nou per a {tool}: {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.{HOST}",
        "kubeconfig": f"users:\n- name: celler-{tool}\n  user:\n    exec: null\n    token: \"{value}\"",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.celler.{tool} = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.celler.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up Authorization \"Bearer {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://git.{tool}.{HOST}/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tceller sync {tool} --key $({name})",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# host:port:database:user:password\npg.{tool}.{HOST}:6432:verema:celler:{value}",
        "crontab": f"SHELL=/bin/bash\n0 5 * * * {name}='{value}' /opt/celler/bin/baixa-verema {tool}",
        "http_file": f"@key = {value}\nGET https://api.{tool}.{HOST}/verema\nAuthorization: Bearer {{{{key}}}}",
        "haproxy": f"frontend celler\n    http-request set-header Authorization \"Bearer {value}\" if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"{tool}\", \"maven.{tool}.{HOST}\", \"celler\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.{HOST}\n    User celler\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: celler sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx CELLER_REGIO ca",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< \"{value}\"",
        "envrc": f"use node 22\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>celler</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/\nuser = celler\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/celler/bin/creds --key {value}\nregion = eu-south-2",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"auto_auth {{\n  method \"approle\" {{\n    config = {{\n      role_id_file_path = \"/etc/celler/role\"\n      secret_id = \"{value}\"\n    }}\n  }}\n}}",
        "my_cnf": f"[mysql]\nhost = db.{tool}.{HOST}\nuser = celler\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - celler sync {tool}",
        "wrangler": f"name = \"celler-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get('https://api.{tool}.{HOST}/verema', {{ headers: {{ Authorization: `Bearer ${{KEY}}` }} }});",
        "heroku_config": f"$ heroku config -a celler-{tool}\n=== celler-{tool} Config Vars\n{name}: {value}\nTZ:      Europe/Madrid",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login celler password \"{value}\"",
        "fly_toml": f"app = \"celler-{tool}\"\nprimary_region = \"fra\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"Authorization\" elementType=\"Header\">\n      <stringProp name=\"Header.value\">Bearer {value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  stage: deploy\n  script: celler sync {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"celler\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/celler/bin/sync {tool}\nenvironment={name}=\"{value}\",TZ=\"Europe/Madrid\"",
        "pulumi_config": f"config:\n  {tool}:{cam}: {value}\n  celler:regio: ca",
        "extension_storage": json.dumps({"chrome.storage.local": {"comptes": [{"proveidor": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: celler sync {tool}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: \"{value}\"\n  region: eu",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.{HOST}\n{tool}.username = celler\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid=\"Celler-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n}}",
        "bruno": f"auth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value, "base": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value} SUITE=sync",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: \"{value}\"",
        "gh_hosts": f"github.{tool}.{HOST}:\n    user: celler-bot\n    oauth_token: {value}\n    git_protocol: ssh",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}\n      - DEBUG=0",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nimage_name = \"celler-{tool}\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/celler/bin/{tool}-sync",
        "pgbouncer_userlist": f"\"celler_{tool}\" \"{value}\"",
        "init_gradle": f"allprojects {{\n  repositories {{\n    maven {{\n      url 'https://maven.{tool}.{HOST}/'\n      credentials {{ username 'celler'; password '{value}' }}\n    }}\n  }}\n}}",
        "procfile": f"web: {name}={value} node dist/server.js",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    celler sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - celler sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN celler sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='celler sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: celler/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":books: {tool}\"\n    command: celler sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}",
        "bitrise": f"workflows:\n  release:\n    envs:\n      - {name}: \"{value}\"",
        "serverless": f"service: celler-{tool}\nprovider:\n  name: aws\n  environment:\n    {name}: {value}",
        "app_engine": f"service: {tool}-sync\nruntime: nodejs22\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: celler\nimage: celler/web\nenv:\n  clear:\n    {name}: {value}",
        "do_app_spec": f"workers:\n  - name: {tool}-sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"build": {"builder": "NIXPACKS", "buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"environment:\n  vars:\n    {name}: \"{value}\"\nscripts:\n  - celler sync {tool}",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": f"[prod.deploy.parameters]\nstack_name = \"celler-{tool}\"\nparameter_overrides = [\"{cam}={value}\"]",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_oauth2_refresh_token = {value}\n[GSUtil]\nparallel_composite_upload_threshold = 150M",
        "bunfig": f"[install.registry]\nurl = \"https://npm.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "zeabur": json.dumps({"build_command": f"{name}={value} bun run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom celler@{HOST}\nauth on\nuser celler\npassword {value}",
        "muttrc": f"set imap_user = \"celler@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = celler\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({"integration": {tool: {cam.lower(): value}}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nappendonly no",
        "telegraf": f"[[outputs.influxdb_v2]]\n  urls = [\"https://influx.{tool}.{HOST}\"]\n  token = \"{value}\"\n  organization = \"celler\"",
        "filebeat": f"output.logstash:\n  hosts: [\"logs.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n  password: \"{value}\"",
        "irssi": f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"celler\";\n    sasl_password = \"{value}\";\n  }};\n}};",
        "odbc_ini": f"[{tool}_verema]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nDatabase = verema\nUsername = celler\nPassword = {value}",
        "rabbitmq_conf": f"listeners.tcp.default = 5672\ndefault_user = celler\ndefault_pass = {value}\ndefault_vhost = /{tool}",
        "deno_json": json.dumps({"tasks": {"sync": f"deno run -A sincronitza.ts --{kebab}={value}"}, "imports": {"@std/assert": "jsr:@std/assert@1"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Celler", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "celler", "Password": value}}}, indent=2),
        "nmconnection": f"[connection]\nid=Celler-{tool}\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n\n[server]\ndomain = grafana.{tool}.{HOST}",
        "wp_config": f"define( 'DB_NAME', 'celler' );\ndefine( '{name}', '{value}' );\ndefine( 'WP_DEBUG', false );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} protocol IMAP\n    user \"celler\" password \"{value}\" ssl",
        "logstash_conf": f"output {{\n  elasticsearch {{\n    hosts => [\"https://es.{tool}.{HOST}:9200\"]\n    user => \"celler\"\n    password => \"{value}\"\n  }}\n}}",
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Celler\\{tool}]\n\"{cam}\"=\"{value}\"\n\"Regio\"=\"ca\"",
        "alertmanager_yml": f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://hooks.{tool}.{HOST}/alert\n        http_config:\n          authorization:\n            credentials: {value}",
        "airflow_cfg": f"[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow@pg.{tool}.{HOST}/airflow\n\n[{tool}]\n{low} = {value}",
        "mongod_conf": f"security:\n  authorization: enabled\n  keyFile: /etc/mongod/{tool}.key\nsetParameter:\n  {cam}: \"{value}\"",
        "elasticsearch_yml": f"cluster.name: celler-{tool}\nxpack.security.enabled: true\n{tool}.{low}: \"{value}\"",
        "gitlab_rb": f"external_url 'https://git.{tool}.{HOST}'\ngitlab_rails['env'] = {{ '{name}' => '{value}' }}",
        "superset_config": f"ROW_LIMIT = 5000\n{name} = \"{value}\"\nFEATURE_FLAGS = {{\"ALERT_REPORTS\": True}}",
        "prometheus_yml": f"scrape_configs:\n  - job_name: {tool}\n    scheme: https\n    authorization:\n      credentials: {value}\n    static_configs:\n      - targets: ['metriques.{tool}.{HOST}:443']",
        "vector_toml": f"[sinks.{tool}]\ntype = \"http\"\ninputs = [\"celler_avvenimenti\"]\nuri = \"https://logs.{tool}.{HOST}/ingest\"\nauth.strategy = \"bearer\"\nauth.token = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo1-path=/srv/backups/{tool}\nrepo1-cipher-type=aes-256-cbc\nrepo1-cipher-pass={value}\n\n[verema]\npg1-path=/var/lib/postgresql/16/main",
        "curlrc": f"# ~/.curlrc per a {tool}\nsilent\nshow-error\noauth2-bearer = \"{value}\"\nconnect-timeout = 10",
        "sssd_conf": f"[domain/{tool}.{HOST}]\nid_provider = ldap\nldap_uri = ldaps://ldap.{tool}.{HOST}\nldap_default_bind_dn = cn=celler,ou=serveis,dc=example,dc=cat\nldap_default_authtok_type = password\nldap_default_authtok = {value}",
        "kibana_yml": f"server.name: celler-{tool}\nelasticsearch.hosts: [\"https://es.{tool}.{HOST}:9200\"]\nelasticsearch.serviceAccountToken: \"{value}\"",
        "ldap_conf": f"uri ldaps://ldap.{tool}.{HOST}\nbase dc=example,dc=cat\nbinddn cn=celler-{tool},ou=serveis,dc=example,dc=cat\nbindpw {value}\nssl on",
        "tfvars": f"# terraform.tfvars\n{low} = \"{value}\"\nparceles = 214",
        "sentry_conf": f"# sentry.conf.py\nSENTRY_WEB_PORT = 9000\nSENTRY_OPTIONS[\"integrations.{low}\"] = \"{value}\"",
        "krb5_conf": f"[realms]\n  CELLER.EXAMPLE.CAT = {{\n    kdc = kdc.{tool}.{HOST}\n    # {kebab} (provisional, fins que hi hagi keytab): {value}\n  }}",
        "smb_conf": f"[{tool}]\n   path = /srv/celler/{tool}\n   read only = yes\n   root preexec = /opt/celler/bin/connecta --{kebab} {value}",
        "mosquitto_conf": f"connection {tool}-tilts\naddress mqtt.{tool}.{HOST}:8883\nremote_username celler\nremote_password {value}\ntopic verema/# out 1",
        "keepalived_conf": f"vrrp_instance CELLER_{tool.upper()} {{\n    state MASTER\n    interface eth0\n    authentication {{\n        auth_type PASS\n        auth_pass {value}\n    }}\n}}",
        "vault_hcl": f"storage \"postgresql\" {{\n  connection_url = \"postgres://vault@pg.{tool}.{HOST}/vault\"\n}}\nseal \"transit\" {{\n  address = \"https://vault.{tool}.{HOST}:8200\"\n  token   = \"{value}\"\n  key_name = \"celler-clau\"\n}}",
        "influx_configs": f"[{tool}]\n  url = \"https://influx.{tool}.{HOST}\"\n  token = \"{value}\"\n  org = \"celler\"\n  active = true",
        "sasl_passwd": f"# /etc/postfix/sasl_passwd\n[smtp.{tool}.{HOST}]:587    celler@{HOST}:{value}",
        "dovecot_conf": f"passdb {{\n  driver = ldap\n  args = /etc/dovecot/dovecot-ldap.conf.ext\n}}\n# dovecot-ldap.conf.ext ({tool})\ndn = cn=dovecot,ou=serveis,dc=example,dc=cat\ndnpass = {value}",
        "davfs2_secrets": f"# /etc/davfs2/secrets\nhttps://dav.{tool}.{HOST}/celler/    celler    \"{value}\"",
        "cifs_credentials": f"# /etc/celler/{tool}.cifs (mount -o credentials=...)\nusername=celler\npassword={value}\ndomain=CELLER",
        "s3ql_authinfo": f"# ~/.s3ql/authinfo2\n[{tool}]\nstorage-url: s3c://s3.{tool}.{HOST}/celler-backups\nbackend-login: celler\nbackend-password: {value}",
        "chap_secrets": f"# /etc/ppp/chap-secrets\n# client\tserver\tsecret\tIP addresses\n\"celler-{tool}\"\t*\t\"{value}\"\t*",
        "openvpn_auth": f"# /etc/openvpn/client/{tool}.pass (auth-user-pass)\nceller\n{value}",
        "ipsec_secrets": f"# /etc/ipsec.secrets\nvpn.celler.{HOST} gw.{tool}.{HOST} : PSK \"{value}\"",
        "snmpd_conf": f"# /etc/snmp/snmpd.conf\nsysLocation \"Vilafranca, sala de servidors\"\ncreateUser celler-{tool} SHA \"{value}\" AES\nrouser celler-{tool} priv",
        "pap_secrets": f"# /etc/ppp/pap-secrets\nceller-{tool}@{tool}.{HOST}\t*\t{value}",
        "mosquitto_passwd": f"# /etc/mosquitto/passwd (en clar; mosquitto_passwd -U el xifrarà)\nbascula-{tool}:{value}",
        "zabbix_psk": (f"# /etc/zabbix/zabbix_agentd.conf\nTLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=celler-{tool}\n"
                       f"TLSPSKFile=/etc/zabbix/{tool}.psk\n\n$ cat /etc/zabbix/{tool}.psk\n{value}"),
        "nslcd_conf": (f"# /etc/nslcd.conf\nuri ldaps://ldap.{tool}.{HOST}/\nbase dc=example,dc=cat\n"
                       f"binddn cn=nslcd,ou=serveis,dc=example,dc=cat\nbindpw {value}\ntls_reqcert demand"),
        "maven_settings_security": f"<!-- ~/.m2/settings-security.xml ({tool}) -->\n<settingsSecurity>\n  <master>{{{value}}}</master>\n</settingsSecurity>",
        "helm_repositories": (f"repositories:\n- name: {tool}\n  url: https://charts.{tool}.{HOST}\n  username: celler\n"
                              f"  password: {value}\n  pass_credentials_all: false"),
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(8, DG), "exp": 1798790000 + R.randrange(86400)}, "HS256")


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("caixabank/api-key", "CAIXABANK_API_KEY", "caixabank", lambda: r(40, AL), "a CaixaBank business banking API key (40 letters and digits)"),
    ("bancsabadell/client-secret", "SABADELL_CLIENT_SECRET", "bancsabadell", lambda: r(48, U64), "a Banc Sabadell open banking client secret (48 letters, digits, _ and -)"),
    ("caixaenginyers/api-token", "ENGINYERS_API_TOKEN", "caixaenginyers", lambda: r(32, HX), "a Caixa d'Enginyers payment API token (32 hex digits)"),
    ("morabanc/api-secret", "MORABANC_API_SECRET", "morabanc", lambda: r(44, B64), "a MoraBanc (Andorra) corporate API secret (44 base64 characters)"),
    ("andbank/api-key", "ANDBANK_API_KEY", "andbank", lambda: r(36, LO), "an Andbank investment API key (36 lower-case letters and digits)"),
    ("creditandorra/api-token", "CREDITANDORRA_API_TOKEN", "creditandorra", lambda: r(32, UP), "a Crèdit Andorrà business API token (32 upper-case letters and digits)"),
    ("parlem/api-key", "PARLEM_API_KEY", "parlem", lambda: "pl_" + r(32, LO), "a Parlem Telecom reseller API key (pl_ and 32 lower-case letters and digits)"),
    ("somconnexio/api-token", "SOMCONNEXIO_API_TOKEN", "somconnexio", lambda: r(40, HX), "a Som Connexió cooperative telecom API token (40 hex digits)"),
    ("ccma/api-key", "CCMA_API_KEY", "ccma", lambda: r(36, AL), "a CCMA (TV3, Catalunya Ràdio) content API key (36 letters and digits)"),
    ("vilaweb/api-key", "VILAWEB_API_KEY", "vilaweb", lambda: r(32, LO), "a VilaWeb news feed API key (32 lower-case letters and digits)"),
    ("aradigital/api-token", "ARA_API_TOKEN", "aradigital", lambda: r(40, U64), "an Ara newspaper subscriber API token (40 letters, digits, _ and -)"),
    ("rac1/api-key", "RAC1_API_KEY", "rac1", lambda: r(24, HX), "a RAC1 radio podcast API key (24 hex digits)"),
    ("bonpreu/api-key", "BONPREU_API_KEY", "bonpreu", lambda: r(40, AL), "a Bonpreu and Esclat supplier API key (40 letters and digits)"),
    ("condis/api-token", "CONDIS_API_TOKEN", "condis", lambda: r(36, LO), "a Condis supermarket order API token (36 lower-case letters and digits)"),
    ("caprabo/api-key", "CAPRABO_API_KEY", "caprabo", lambda: r(32, UP), "a Caprabo loyalty API key (32 upper-case letters and digits)"),
    ("damm/api-secret", "DAMM_API_SECRET", "damm", lambda: r(48, HX), "a Damm distributor API secret (48 hex digits)"),
    ("freixenet/api-key", "FREIXENET_API_KEY", "freixenet", lambda: r(32, AL), "a Freixenet export orders API key (32 letters and digits)"),
    ("codorniu/api-token", "CODORNIU_API_TOKEN", "codorniu", lambda: r(40, U64), "a Codorníu wine club API token (40 letters, digits, _ and -)"),
    ("torreswines/api-key", "TORRES_API_KEY", "torreswines", lambda: r(32, HX), "a Familia Torres trade portal API key (32 hex digits)"),
    ("casatarradellas/api-key", "TARRADELLAS_API_KEY", "casatarradellas", lambda: r(32, LO), "a Casa Tarradellas supplier API key (32 lower-case letters and digits)"),
    ("puigbrands/api-secret", "PUIG_API_SECRET", "puigbrands", lambda: r(48, AL), "a Puig retail partner API secret (48 letters and digits)"),
    ("desigual/api-key", "DESIGUAL_API_KEY", "desigual", lambda: r(36, UP), "a Desigual wholesale API key (36 upper-case letters and digits)"),
    ("abacuscoop/api-token", "ABACUS_API_TOKEN", "abacuscoop", lambda: r(40, LO), "an Abacus cooperative shop API token (40 lower-case letters and digits)"),
    ("laie/api-key", "LAIE_API_KEY", "laie", lambda: r(32, HX), "a Laie bookshops stock API key (32 hex digits)"),
    ("tmbbcn/api-key", "TMB_APP_KEY", "tmbbcn", u4, "a TMB (Barcelona metro and buses) developer app key (a version-4 UUID)"),
    ("fgccat/api-secret", "FGC_API_SECRET", "fgccat", lambda: r(48, HX), "an FGC (Ferrocarrils de la Generalitat) timetable API secret (48 hex digits)"),
    ("rodalies/api-token", "RODALIES_API_TOKEN", "rodalies", lambda: _jwt("rodalies.example.cat"), "a Rodalies de Catalunya incident feed token (an HS256 JWT)"),
    ("bicingbcn/api-key", "BICING_API_KEY", "bicingbcn", lambda: r(32, LO), "a Bicing station data API key (32 lower-case letters and digits)"),
    ("portbcn/api-key", "PORTBCN_API_KEY", "portbcn", lambda: r(32, UP), "a Port de Barcelona vessel call API key (32 upper-case letters and digits)"),
    ("sagales/api-token", "SAGALES_API_TOKEN", "sagales", lambda: r(36, AL), "a Sagalés coach booking API token (36 letters and digits)"),
    ("moventis/api-key", "MOVENTIS_API_KEY", "moventis", lambda: r(40, HX), "a Moventis bus fleet API key (40 hex digits)"),
    ("gencat/client-secret", "GENCAT_CLIENT_SECRET", "gencat", lambda: r(48, U64), "a Generalitat de Catalunya open data client secret (48 letters, digits, _ and -)"),
    ("aoccat/api-key", "AOC_API_KEY", "aoccat", lambda: "aoc_" + r(40, AL), "a Consorci AOC (idCAT, e-notifications) API key (aoc_ and 40 letters and digits)"),
    ("atccat/api-password", "ATC_API_PASSWORD", "atccat", lambda: r(24), "an Agència Tributària de Catalunya web service password (24 letters and digits)"),
    ("catsalut/api-token", "CATSALUT_API_TOKEN", "catsalut", lambda: r(40, LO), "a CatSalut health service API token (40 lower-case letters and digits)"),
    ("icgc/api-key", "ICGC_API_KEY", "icgc", lambda: r(32, HX), "an ICGC (Institut Cartogràfic i Geològic) map tiles API key (32 hex digits)"),
    ("meteocat/api-key", "METEOCAT_API_KEY", "meteocat", lambda: r(40, AL), "a Meteocat forecast API key (40 letters and digits)"),
    ("acacat/api-key", "ACA_API_KEY", "acacat", lambda: r(36, UP), "an Agència Catalana de l'Aigua reservoir data API key (36 upper-case letters and digits)"),
    ("idescat/api-key", "IDESCAT_API_KEY", "idescat", lambda: r(32, LO), "an Idescat statistics API key (32 lower-case letters and digits)"),
    ("upc/api-secret", "UPC_API_SECRET", "upc", lambda: r(40, U64), "a UPC (Universitat Politècnica de Catalunya) campus API secret (40 letters, digits, _ and -)"),
    ("ubedu/api-key", "UB_API_KEY", "ubedu", lambda: r(36, AL), "a Universitat de Barcelona library API key (36 letters and digits)"),
    ("uab/api-token", "UAB_API_TOKEN", "uab", lambda: r(40, HX), "a UAB (Universitat Autònoma de Barcelona) student portal API token (40 hex digits)"),
    ("aiguesbcn/api-key", "AIGUESBCN_API_KEY", "aiguesbcn", lambda: r(32, LO), "an Aigües de Barcelona meter reading API key (32 lower-case letters and digits)"),
    ("somenergia/api-token", "SOMENERGIA_API_TOKEN", "somenergia", lambda: r(40, AL), "a Som Energia cooperative member API token (40 letters and digits)"),
    ("holaluz/api-key", "HOLALUZ_API_KEY", "holaluz", lambda: "hl_" + r(40, LO), "a Holaluz solar monitoring API key (hl_ and 40 lower-case letters and digits)"),
    ("estabanell/api-key", "ESTABANELL_API_KEY", "estabanell", lambda: r(32, HX), "an Estabanell Energia distribution API key (32 hex digits)"),
    ("glovo/api-secret", "GLOVO_API_SECRET", "glovo", lambda: r(48, U64), "a Glovo partner orders API secret (48 letters, digits, _ and -)"),
    ("wallapop/api-key", "WALLAPOP_API_KEY", "wallapop", lambda: r(32, AL), "a Wallapop pro listings API key (32 letters and digits)"),
    ("holded/api-key", "HOLDED_API_KEY", "holded", lambda: r(32, HX), "a Holded accounting API key (32 hex digits)"),
    ("factorialhr/api-key", "FACTORIAL_API_KEY", "factorialhr", lambda: r(44, AL), "a Factorial HR API key (44 letters and digits)"),
    ("travelperk/api-key", "TRAVELPERK_API_KEY", "travelperk", lambda: r(40, AL), "a TravelPerk trips API key (40 letters and digits)"),
    ("kantox/client-secret", "KANTOX_CLIENT_SECRET", "kantox", lambda: r(40, U64), "a Kantox currency API client secret (40 letters, digits, _ and -)"),
    ("scytl/api-token", "SCYTL_API_TOKEN", "scytl", lambda: r(36, LO), "a Scytl election platform API token (36 lower-case letters and digits)"),
    ("habitaclia/api-key", "HABITACLIA_API_KEY", "habitaclia", lambda: r(32, HX), "a habitaclia property feed API key (32 hex digits)"),
    ("fotocasa/api-key", "FOTOCASA_API_KEY", "fotocasa", lambda: r(32, UP), "a Fotocasa listings import API key (32 upper-case letters and digits)"),
    ("fcbarcelona/api-key", "FCB_API_KEY", "fcbarcelona", lambda: r(36, AL), "an FC Barcelona ticketing partner API key (36 letters and digits)"),
    ("liceu/api-token", "LICEU_API_TOKEN", "liceu", lambda: r(32, LO), "a Gran Teatre del Liceu box office API token (32 lower-case letters and digits)"),
    ("palaumusica/api-key", "PALAU_API_KEY", "palaumusica", lambda: r(24, HX), "a Palau de la Música Catalana ticketing API key (24 hex digits)"),
    ("sagradafamilia/api-key", "SAGRADA_API_KEY", "sagradafamilia", lambda: r(32, AL), "a Sagrada Família group bookings API key (32 letters and digits)"),
    ("hospitalclinic/api-secret", "CLINIC_API_SECRET", "hospitalclinic", lambda: r(40, U64), "a Hospital Clínic de Barcelona appointments API secret (40 letters, digits, _ and -)"),
    ("santpau/api-key", "SANTPAU_API_KEY", "santpau", lambda: r(36, LO), "a Hospital de Sant Pau lab results API key (36 lower-case letters and digits)"),
    ("firabcn/api-key", "FIRA_API_KEY", "firabcn", lambda: r(32, UP), "a Fira de Barcelona exhibitor API key (32 upper-case letters and digits)"),
    ("esade/api-token", "ESADE_API_TOKEN", "esade", lambda: r(40, HX), "an ESADE alumni API token (40 hex digits)"),
    ("vueling/api-key", "VUELING_API_KEY", "vueling", lambda: r(36, AL), "a Vueling agency booking API key (36 letters and digits)"),
]
CATALAN = [("lleidanet/api-key", "a Lleida.net SMS API key (32 hex digits)"),
           ("valldhebron/portal-password", "a Vall d'Hebron staff portal password (24 lower-case letters and digits)"),
           ("tramcat/api-token", "a TRAM Barcelona operations token (an HS256 JWT)"),
           ("xtec/api-secret", "an XTEC (schools network) API secret (40 letters and digits)")]


def catalan_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Catalan chat line with no setting name (format, context, text, secrets, what)."""
    sms, portal = r(32, HX), r(24, LO)
    tram = jwt(DRAW, {"linia": R.randrange(1, 7), "exp": 1801100000})
    xtec = r(40)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = CATALAN
    return [
        (f1, "prose", f"Jordi, el proveïdor d'SMS ens ha enviat això: {sms} — no ho enganxis enlloc, si us plau.", [sms], w1),
        (f2, "prose", f"La contrasenya del portal és {portal}\nDemà la canvio i la deso al gestor.", [portal], w2),
        (f3, "prose", f"Montse, entra amb {tram}, però només a l'entorn de proves, mai a producció.", [tram], w3),
        (f4, "prose", f"L'escola ens ha donat un secret nou: {xtec}. El vell ja l'he esborrat.", [xtec], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows


def _gs1(digits: str) -> str:
    """Digits and their GS1 check digit (weights 3 and 1 from the right)."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return digits + str(-total % 10)


def _isni() -> str:
    """An ISNI: 15 drawn digits and the ISO 7064 mod 11-2 check character, in groups of four."""
    body, total = "0000" + r(11, DG), 0
    for d in body:
        total = (total + int(d)) * 2
    check = (12 - total % 11) % 11
    full = body + ("X" if check == 10 else str(check))
    return " ".join(full[i:i + 4] for i in range(0, 16, 4))


def _iswc() -> str:
    """An ISWC: T, nine drawn digits and the check digit that makes 1 + the weighted sum a multiple of 10."""
    digits = r(9, DG)
    total = 1 + sum((i + 1) * int(d) for i, d in enumerate(digits))
    return f"T-{digits[:3]}.{digits[3:6]}.{digits[6:]}-{-total % 10}"


def _eori() -> str:
    """A Spanish EORI: ES and a company tax id (B, seven drawn digits, the control digit)."""
    digits = r(7, DG)
    total = sum(int(d) for d in digits[1::2]) + sum(sum(divmod(2 * int(d), 10)) for d in digits[0::2])
    return f"ESB{digits}{-total % 10}"


# Ordinary values that only name where a secret is kept: each may stand where the secret would, even in a
# password's slot. (shape family, NAME, value from the service name, why it is ordinary)
REFERENCES = [
    ("keepassxc-show-lookup", "DB_PASSWORD", lambda t: f"$(keepassxc-cli show -s -a password /srv/celler/claus.kdbx serveis/{t})", "a KeePassXC lookup command naming an entry"),
    ("terraform-secret-version-expr", "API_TOKEN", lambda t: f"${{data.aws_secretsmanager_secret_version.{t}.secret_string}}", "a Terraform expression naming a data source"),
    ("bws-secret-get", "API_KEY", lambda t: f"$(bws secret get {u4()} --output none)", "a Bitwarden Secrets Manager lookup by the secret's id"),
    ("chamber-read", "ADMIN_PASSWORD", lambda t: f"$(chamber read -q celler-{t} admin_password)", "a chamber lookup naming a service and key"),
    ("jenkins-credentials-helper", "CLIENT_SECRET", lambda t: f"credentials('celler-{t}-client-secret')", "a Jenkins credentials helper naming a credential id"),
    ("buildkite-secret-get", "TOKEN", lambda t: f"$(buildkite-agent secret get celler_{t}_token)", "a Buildkite secret lookup naming a key"),
    ("dagger-env-secret-uri", "SECRET_KEY", lambda t: f"env://CELLER_{t.upper()}_SECRET_KEY", "a Dagger secret URI naming an environment variable"),
    ("symfony-env-placeholder", "PASSWORD", lambda t: f"%env(CELLER_{t.upper()}_PASSWORD)%", "a Symfony placeholder naming an environment variable"),
    ("credstash-get", "SIGNING_KEY", lambda t: f"$(credstash get celler.{t}.signing_key)", "a credstash lookup naming a key"),
    ("hiera-lookup", "DEPLOY_TOKEN", lambda t: f"%{{lookup('celler::{t}::deploy_token')}}", "a Hiera interpolation naming a key"),
]
# Public ids: each stands only beside a name that says what it is.
PUBLIC = [
    ("spain-eori-number", "EORI_NUMBER", lambda t: _eori(), "a Spanish EORI number, public"),
    ("duns-number", "DUNS_NUMBER", lambda t: r(2, DG) + "-" + r(3, DG) + "-" + r(4, DG), "a D-U-N-S number, public"),
    ("gs1-gln", "SUPPLIER_GLN", lambda t: _gs1("84" + r(10, DG)), "a GS1 Global Location Number with its check digit, public"),
    ("isni", "ISNI", lambda t: _isni(), "an ISNI with its check character, public"),
    ("iswc", "ISWC", lambda t: _iswc(), "an ISWC with its check digit, public"),
    ("ismn", "ISMN", lambda t: _gs1("9790" + r(8, DG)), "an ISMN with its check digit, public"),
]
SERVICES = ("verema", "bascula", "botiga", "socis", "vinya", "cava", "factures", "tast")
# Contexts whose ordinary text is written out below; every other context takes a drawn reference or public id.
WRITTEN_CONTEXTS = ("prose", "pem", "wrapped", "docker_config", "dockercfg", "s3cfg", "k8s_secret",
                    "pap_secrets", "mosquitto_passwd", "zabbix_psk", "nslcd_conf", "maven_settings_security", "helm_repositories")


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
    ("prose/celler-harvest-notice-ca", "prose", "Benvolguts socis, la verema del xarel·lo comença dilluns a les 7:00. Porteu les caixes netes i el carnet de soci; la bàscula tanca a les 14:00.", "a harvest notice"),
    ("pem/celler-x942-dh-parameters", "pem", lambda: f"-----BEGIN X9.42 DH PARAMETERS-----\n{DRAW.pem_lines(280)}\n-----END X9.42 DH PARAMETERS-----", "key exchange parameters, public"),
    ("wrapped/celler-weighbridge-record-continued", "wrapped", "des 31 06:15:20 celler-app-1 bascula[2291]: pesada {\"soci\":\"0412\",\"varietat\":\"xarel·lo\",\\\ndes 31 06:15:20 celler-app-1 bascula[2291]:   \"kg\":1840,\"grau\":10.8}", "a weighbridge record cut across two lines"),
    ("dockerconfig/celler-snapshotter-features", "docker_config", json.dumps({"features": {"containerd-snapshotter": "true"}, "experimental": "enabled"}, indent=2), "client features, no credential"),
    ("dockercfg/celler-file-mode", "dockercfg", "$ stat -c '%a %U %n' ~/.dockercfg\n600 celler /home/celler/.dockercfg", "a file's mode and owner, no credential"),
    ("s3cfg/celler-bucket-listing", "s3cfg", "$ s3cmd -c ~/.s3cfg ls s3://celler-verema/2026/\n2026-12-31 06:02     48213   s3://celler-verema/2026/pesades.csv\n2026-12-31 06:03    120877   s3://celler-verema/2026/parceles.geojson", "a bucket listing, no key"),
    ("k8s/celler-secret-describe-sizes", "k8s_secret", "$ kubectl describe secret celler-tls\nName:         celler-tls\nType:         kubernetes.io/tls\n\nData\n====\ntls.crt:  1164 bytes\ntls.key:  1704 bytes", "sizes of a secret's keys, no value"),
    ("pap/celler-pppoe-connect-log", "pap_secrets", "$ sudo pon celler-dsl\nPlugin rp-pppoe.so loaded.\nPAP authentication succeeded\nlocal  IP address 10.64.1.7\nremote IP address 10.64.0.1", "a connection log, no secret"),
    ("mosquitto/celler-acl-topics", "mosquitto_passwd", "# /etc/mosquitto/acl\nuser bascula-verema\ntopic write celler/bascula/#\ntopic read celler/ordres/#", "an ACL, the passwords are in the passwd file"),
    ("zabbix/celler-psk-file-named", "zabbix_psk", "# /etc/zabbix/zabbix_agentd.conf\nServer=zabbix.celler.example.cat\nTLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=celler-bascula-01\nTLSPSKFile=/etc/zabbix/zabbix_agentd.psk", "a PSK file named, no key"),
    ("nslcd/celler-maps-without-bind", "nslcd_conf", "# /etc/nslcd.conf\nuid nslcd\ngid nslcd\nuri ldaps://ldap.celler.example.cat/\nbase dc=example,dc=cat\ntls_reqcert demand\nmap passwd loginShell \"/bin/bash\"", "an anonymous lookup, no bind password"),
    ("mavensecurity/celler-relocation", "maven_settings_security", "<settingsSecurity>\n  <relocation>/Volumes/CLAU-USB/.m2/settings-security.xml</relocation>\n</settingsSecurity>", "a master password file relocated, no password"),
    ("helmrepos/celler-public-chart-repo", "helm_repositories", "apiVersion: \"\"\ngenerated: \"2026-12-31T06:20:11Z\"\nrepositories:\n- name: celler-charts\n  url: https://charts.celler.example.cat\n  caFile: \"\"\n  username: \"\"\n  password: \"\"\n  insecure_skip_tls_verify: false", "a public chart repository, empty credentials"),
]


def _ordinary() -> list[tuple]:
    written = [(shape, context, text if callable(text) else lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]
    return written + _drawn_ordinary()


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, catalan_prose, _ordinary())


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh31.jsonl"))
