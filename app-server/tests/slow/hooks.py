"""schemathesis hooks for the slow suite (loaded through SCHEMATHESIS_HOOKS by
schemathesis_run.py).

openapi.json gives e-mail fields the pattern of the addresses the server takes, but the
lengths of an address's parts (at most 64 characters before the @, 253 after) need a
lookahead, which hypothesis cannot generate from and not every client reads; and a
username is letters and digits of any script with `.`, `_` and `-`, which a pattern can say
only with `\p{L}`, which JavaScript reads only with the `u` flag (orval's zod schemas have
none). Generated addresses are cut to those lengths and generated usernames keep only those
characters (Python's `isalnum`, a subset of Rust's `is_alphanumeric`); nothing else about a
request is changed.
"""

import schemathesis

ADDRESS_FIELDS = {"email", "contactEmail", "authorEmail"}
# Where `username` is the account's own name (the super admin's sign-in takes any text).
USERNAME_OPERATIONS = {"POST /api/register", "PATCH /api/user"}


def fit_address(value):
    if not isinstance(value, str) or value.count("@") != 1:
        return value
    local, domain = value.split("@")
    local = local[:64].rstrip(".") or "a"
    labels = domain.split(".")
    while len(".".join(labels)) > 253 and len(labels) > 2:
        labels.pop(0)
    return f"{local}@{'.'.join(labels)}"


def fit_username(value):
    if not isinstance(value, str):
        return value
    kept = "".join(c for c in value if c.isalnum() or c in "._-")
    return kept[:50] or "user"


@schemathesis.hook
def map_body(context, body):
    if isinstance(body, dict):
        for field in ADDRESS_FIELDS & body.keys():
            body[field] = fit_address(body[field])
        operation = getattr(getattr(context, "operation", None), "label", "")
        if operation in USERNAME_OPERATIONS and "username" in body:
            body["username"] = fit_username(body["username"])
    return body
