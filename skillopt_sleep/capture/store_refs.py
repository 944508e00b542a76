"""Where a secret is kept, written in a secret store's documented reference syntax.

A tool resolves such a value to the secret when it runs; the value itself only names the store and
the path under which the secret is kept, as public as the name of an environment variable. Read in
a value's place (quoted, after an auth scheme's word, or URL-encoded in a URL or a query string).
"""

from __future__ import annotations

from urllib.parse import unquote

from skillopt_sleep.capture.lazy_regex import lazy

_STORE_REFERENCE = lazy(
    # An Amazon Resource Name: the partition, service, region, account and the resource's path
    # (an SSM parameter, a Secrets Manager secret), never the value stored under it.
    r"arn:aws(?:-[a-z]+)*:[a-z0-9\-]+:[a-z0-9\-]*:\d{12}:[\w./:+=@,\-]+"
    # A CloudFormation dynamic reference: `{{resolve:secretsmanager:<id>:SecretString:<key>}}`.
    r"|\{\{resolve:(?:ssm|ssm-secure|secretsmanager):[^{}\s]+\}\}"
    # Berglas: `sm://<project>/<secret>[#<version>]`, `berglas://<bucket>/<object>`.
    r"|(?:sm|berglas)://[\w.\-]+/[\w./\-]+(?:#\w+)?"
    # A 1Password secret reference: `op://<vault>/<item>/[<section>/]<field>[?attribute=...]`.
    r"|op://[^\s/]+/[^\s/]+/[^\s/?]+(?:/[^\s/?]+)?(?:\?[\w=&\-]+)?"
    # vals: `ref+<backend>://<path>[#/<key path>][+]`.
    r"|ref\+[a-z0-9]+://[^\s\"'<>]+"
    # An Azure Pipelines macro (`$(System.AccessToken)`): a variable the agent fills in.
    r"|\$\([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\)")
# A value may carry an auth scheme's word before it (`Bearer sm://...`), as a header's is written.
_SCHEME = lazy(r"(?:Bearer|Token|token|bearer)[ \t]+")
# Texts holding none of these hold no reference: most values are tested by a substring only.
_MARKS = ("arn:aws", "{{resolve:", "://", "$(", "%")


def store_reference(value: str) -> bool:
    """`value` (quotes around it allowed) is a reference to a secret kept in a store, not a secret."""
    if not any(mark in value for mark in _MARKS):
        return False
    bare = value.strip().strip("'\"")
    if "%" in bare:
        bare = unquote(bare)
    scheme = _SCHEME.match(bare)
    if scheme:
        bare = bare[scheme.end():]
    return _STORE_REFERENCE.fullmatch(bare) is not None
