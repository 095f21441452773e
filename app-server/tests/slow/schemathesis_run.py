#!/usr/bin/env python3
"""schemathesis against the real server, run by `just test-slow`.

For each engine (SQLite in a temporary folder; PostgreSQL in a database this script creates
and drops), starts the debug binary on a free 127.0.0.1 port with the demo stories seeded,
then runs schemathesis from the committed `openapi.json` with every check, three times:
as a visitor (no cookie), as an approved member (registered through `/api/register`,
approved through the super admin's API, signed in through `/api/login`) and as the super
admin (`/api/admin/login`), the session cookie and the site's own `Origin` passed as
headers. Every request goes to 127.0.0.1; each run is bounded by `--max-examples` per
operation and by `--max-time`, and every wait below has a deadline, so the script always
ends by itself.

It fails (exit 1) when schemathesis reports a failure (a 5xx, a response outside the
documented schema or statuses, ...), when the server logged a 5xx, or when a documented
status was never answered and `UNSEEN` below does not explain why.

    python3 app-server/tests/slow/schemathesis_run.py [--engines sqlite,postgres]
        [--roles visitor,member,admin] [--max-examples 8] [--max-time 60] [--no-build]

PostgreSQL: `TEST_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/test) names a
database to connect to for `CREATE DATABASE`/`DROP DATABASE` (through `psql`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
SCHEMA = ROOT / "openapi.json"
ADMIN_PASSWORD = "slow-suite-admin-password"
MEMBER_PASSWORD = "slow-suite-member-password"
COOKIE = "gs_session"
METHODS = ("get", "put", "post", "delete", "patch")

# Operations left out of the signed-in runs, and why. Each would end the session the run
# is made with (schemathesis keeps sending the cookie it was given): every later call
# would be a visitor's, and the run would test nothing the visitor's run does not. The
# visitor's run sends them.
SIGNED_IN_EXCLUDED = {
    "POST /api/logout": "signing out deletes the session",
    "POST /api/register": "a sign-up signs the new account in, which replaces the session "
    "(a new id on every sign-in, docs/product.md#security)",
    "POST /api/login": "a sign-in that succeeds replaces the session",
    "POST /api/admin/login": "a sign-in that succeeds replaces the session",
    "POST /api/password-reset/confirm": "a reset that succeeds signs in, replacing the session",
    "DELETE /api/user/sessions/{id}": "schemathesis takes the id from GET /api/user/sessions, "
    "where the run's own session is the one listed, and signs it out",
}

# Where the tests that reach what the runs cannot are, by the path's first words.
COVERED_BY = [
    ("/api/admin/users", "tests/api/accounts.rs and first_hour.rs (approval, roles, suspension)"),
    ("/api/admin/stories", "tests/api/moderation.rs and moderation_queues.rs"),
    ("/api/admin/comments", "tests/api/comments.rs and moderation_queues.rs"),
    ("/api/comments", "tests/api/comments.rs"),
    ("/api/admin/help-messages", "tests/api/help.rs"),
    ("/api/admin/mail-outbox", "tests/api/mail.rs"),
    ("/api/admin/social-posts", "tests/api/social.rs and moderation_queues.rs"),
    ("/api/admin/tokens", "tests/api/api_tokens.rs"),
    ("/api/user/tokens", "tests/api/api_tokens.rs"),
    ("/api/user/sessions", "tests/api/self_service.rs"),
    ("/api/user", "tests/api/self_service.rs"),
    ("/api/schedules", "tests/api/schedules.rs"),
    ("/api/stories", "tests/api/stories.rs and moderation.rs"),
    ("/api/uploads", "tests/api/uploads.rs"),
    ("/api/verify-email", "tests/api/self_service.rs"),
    ("/api/password-reset", "tests/api/self_service.rs"),
    ("/api/auth/google", "the Google sign-in tests against a local OpenID provider"),
    ("/api/admin", "tests/api/accounts.rs"),
    ("/api/", "tests/api/"),
]


# Operations whose success needs a secret: the account's password or a mailed token.
SECRET_OPERATIONS = {
    ("POST", "/api/admin/login"), ("POST", "/api/admin/change-password"),
    ("POST", "/api/password-reset/confirm"), ("POST", "/api/verify-email"),
    ("POST", "/api/user/password"), ("DELETE", "/api/user"),
}


# Where sessions or accounts are made or an inbox is proved: any API token is refused with
# 401 (docs/decisions/account-safety.md).
TOKEN_REFUSING = {
    "/api/auth/google", "/api/auth/google/callback", "/api/password-reset",
    "/api/password-reset/confirm", "/api/register", "/api/verify-email",
    "/api/login", "/api/admin/login", "/api/verify-email/resend",
}


def why_unseen(method: str, path: str, status: str, reads_json: bool) -> str:
    """Why no run answered `status` to `method path`: every documented status is either
    answered or has its reason here."""
    tests = next(t for prefix, t in COVERED_BY if path.startswith(prefix))
    if status == "503":
        return ("needs the database (or Google sign-in's configuration) away: tests/api/faults.rs "
                "stops PostgreSQL under a running server, adapters/tests/outages.rs makes SQLite's "
                "file read-only and full, tests/api/error_codes.rs asks for Google sign-in unconfigured")
    if status == "429":
        return ("the runner raises RATE_LIMIT_PER_MINUTE so the fuzzer is not refused; the limits "
                "are tested in tests/api/rate_limits.rs, the account lock in accounts.rs, "
                "upload counts in uploads.rs")
    if status == "413" and reads_json:
        return ("schemathesis keeps bodies under 1 MiB; tests/api/hostile.rs sends a 10 MB body "
                "to every operation")
    if status in ("413", "415"):
        return f"needs a picture over the limits or a file of another type: {tests}"
    if status == "400":
        return ("with no parameter to get wrong, only a control character in the address or an "
                "unexpected query parameter gets it: tests/api/hostile.rs sends `?unexpected=%00` "
                "to every operation")
    if status == "401" and method in ("GET", "POST") and path in TOKEN_REFUSING:
        return ("answered to a request with an API token, which the three runs never send (a "
                "visitor, a session, the super admin's session): tests/api/safety.rs sends one "
                "to each of these")
    if status == "302":
        return f"needs Google sign-in configured (none here, nothing leaves 127.0.0.1): {tests}"
    if status == "403":
        return (f"needs a role the three runs do not have (a pending account, a contributor, an "
                f"admin that is not the super admin) or someone else's thing: {tests}")
    if status == "200" and (method, path) in SECRET_OPERATIONS:
        return f"needs a secret the runs do not send (a password, a mailed link's token): {tests}"
    if status == "400" and reads_json:
        return (f"not provoked in the last run (its invalid bodies are few within the time "
                f"bound); tested in {tests} and tests/api/hostile.rs")
    if status in ("200", "201", "404", "409"):
        return (f"needs the id of an existing thing in a given state; schemathesis draws ids at "
                f"random and the document declares no links between operations: {tests}")
    return ""


def log(*parts: object) -> None:
    print("[slow]", *parts, flush=True)


def ensure_schemathesis() -> str:
    st = shutil.which("st") or shutil.which("schemathesis")
    wanted = (HERE / "requirements.txt").read_text()
    version = re.search(r"schemathesis==([\w.]+)", wanted)
    have = None
    if st:
        out = subprocess.run([st, "--version"], capture_output=True, text=True, timeout=60)
        have = re.search(r"([\d.]+)", out.stdout + out.stderr)
    if not st or not have or not version or have.group(1) != version.group(1):
        log("installing", HERE / "requirements.txt")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "-r", str(HERE / "requirements.txt")],
            check=True,
            timeout=600,
        )
        st = shutil.which("st") or shutil.which("schemathesis")
    if not st:
        sys.exit("schemathesis is not on PATH after installing it")
    return st


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    """A fresh database on the PostgreSQL server of `TEST_DATABASE_URL`, dropped at close."""

    def __init__(self) -> None:
        self.admin_url = os.environ.get(
            "TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test"
        )
        if not re.match(r"postgres(ql)?://[^/]*@?(127\.0\.0\.1|localhost)[:/]", self.admin_url):
            sys.exit(f"TEST_DATABASE_URL must point at 127.0.0.1: {self.admin_url}")
        self.name = "grace_slow_" + secrets.token_hex(6)
        self.psql(f'CREATE DATABASE "{self.name}"')
        base = self.admin_url.rsplit("/", 1)[0]
        self.url = f"{base}/{self.name}"

    def psql(self, sql: str) -> None:
        subprocess.run(
            ["psql", self.admin_url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql],
            check=True,
            timeout=60,
        )

    def close(self) -> None:
        self.psql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class Server:
    """The debug binary on a free loopback port, its log in `dir/server.log`."""

    def __init__(self, binary: Path, database_url: str, workdir: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "server.log"
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "BIND_ADDR": f"127.0.0.1:{self.port}",
            "PUBLIC_URL": self.base,
            "MEDIA_DIR": str(workdir / "media"),
            "SUPER_ADMIN_PASSWORD": ADMIN_PASSWORD,
            # schemathesis sends thousands of sign-ins and comments a minute from one address.
            "RATE_LIMIT_PER_MINUTE": "1000000",
            # Nothing leaves the machine: Google sign-in's discovery would go here.
            "OIDC_ISSUER_URL": "http://127.0.0.1:9",
            "RUST_LOG": "info,sqlx=warn,sea_orm=warn",
        }
        for unset in ("SMTP_URL", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "MEDIA_S3_URL",
                      "TWITTER_BEARER_TOKEN", "LINKEDIN_ACCESS_TOKEN", "ALLOWED_ORIGINS"):
            self.env.pop(unset, None)
        seeded = subprocess.run(
            [str(binary), "seed-demo"], env=self.env, capture_output=True, text=True, timeout=120
        )
        if seeded.returncode != 0:
            sys.exit(f"seed-demo failed:\n{seeded.stdout}\n{seeded.stderr}")
        self.log_file = open(self.log_path, "w")
        self.child = subprocess.Popen(
            [str(binary)], env=self.env, stdout=self.log_file, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.call("GET", "/readyz")[0] == 200:
                    break
            except OSError:
                pass
            if self.child.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit(f"the server did not become ready; see {self.log_path}")
            time.sleep(0.2)

    def call(self, method: str, path: str, body: object = None, cookie: str | None = None):
        """One request with the site's Origin: (status, JSON body or None, session cookie)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Origin", self.base)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if cookie:
            req.add_header("Cookie", cookie)
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                status, headers, raw = res.status, res.headers, res.read()
        except urllib.error.HTTPError as err:
            status, headers, raw = err.code, err.headers, err.read()
        new_cookie = None
        for value in headers.get_all("Set-Cookie") or []:
            m = re.match(rf"({COOKIE}=[^;]+)", value)
            if m and not m.group(1).endswith("="):
                new_cookie = m.group(1)
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return status, parsed, new_cookie

    def server_errors(self) -> list[str]:
        """Log lines of answers with a 5xx status."""
        self.log_file.flush()
        text = re.sub(r"\x1b\[[0-9;]*m", "", self.log_path.read_text(errors="replace"))
        # (Starting a Google sign-in answers its documented 503: no Google client here.)
        return [line for line in text.splitlines() if re.search(r"status=5\d\d", line)
                and not ("path=/api/auth/google" in line and "status=503" in line)]

    def stop(self) -> None:
        self.child.terminate()
        try:
            self.child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait(timeout=10)
        self.log_file.close()


def sign_in_admin(server: Server) -> str:
    status, body, cookie = server.call(
        "POST", "/api/admin/login", {"username": "admin", "password": ADMIN_PASSWORD}
    )
    if status != 200 or not cookie:
        sys.exit(f"super admin sign-in failed: {status} {body}")
    return cookie


def approved_member(server: Server, admin_cookie: str) -> str:
    tag = secrets.token_hex(4)
    email = f"naomi.{tag}@example.test"
    person = {"firstName": "Naomi", "lastName": "Slow", "username": f"naomi{tag}",
              "email": email, "password": MEMBER_PASSWORD}
    status, body, _ = server.call("POST", "/api/register", person)
    if status != 201:
        sys.exit(f"registration failed: {status} {body}")
    user_id = body["user"]["id"]
    status, body, _ = server.call(
        "POST", f"/api/admin/users/{user_id}/role",
        {"role": "member", "isApproved": True}, admin_cookie,
    )
    if status != 200:
        sys.exit(f"approval failed: {status} {body}")
    status, body, cookie = server.call(
        "POST", "/api/login", {"email": email, "password": MEMBER_PASSWORD}
    )
    if status != 200 or not cookie:
        sys.exit(f"member sign-in failed: {status} {body}")
    return cookie


def operations() -> dict[tuple[str, str], set[str]]:
    doc = json.loads(SCHEMA.read_text())
    return {
        (method.upper(), path): set(op["responses"])
        for path, ops in doc["paths"].items()
        for method, op in ops.items()
        if method in METHODS
    }


def template_of(ops, method: str, path: str) -> tuple[str, str] | None:
    for m, template in ops:
        if m != method:
            continue
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "/?$"
        if re.match(pattern, path):
            # A fixed path beats a template (`/api/stories/author/x` is not `/api/stories/{id}`).
            return (m, template)
    return None


def match(ops, method: str, path: str) -> tuple[str, str] | None:
    exact = (method, path.rstrip("/") or "/")
    if exact in ops:
        return exact
    candidates = sorted(ops, key=lambda op: op[1].count("{"))
    return template_of(candidates, method, path)


def run_role(st: str, server: Server, role: str, cookie: str | None, workdir: Path, args) -> dict:
    report = workdir / f"report-{role}"
    cmd = [
        st, "--config-file", str(HERE / "schemathesis.toml"), "run", str(SCHEMA),
        "--url", server.base,
        "--max-examples", str(args.max_examples),
        "--max-time", str(args.max_time),
        "--request-timeout", "30",
        "--workers", str(args.workers),
        "--seed", str(args.seed),
        "--generation-database", "none",
        "--report", "har,junit",
        "--report-dir", str(report),
        "--no-color",
        "-H", f"Origin: {server.base}",
    ]
    if cookie:
        cmd += ["-H", f"Cookie: {cookie}"]
        for name in SIGNED_IN_EXCLUDED:
            cmd += ["--exclude-name", name]
    log(f"schemathesis as {role}: up to {args.max_examples} examples per operation, "
        f"{args.max_time} s at most")
    started = time.monotonic()
    try:
        env = {**os.environ, "SCHEMATHESIS_HOOKS": str(HERE / "hooks.py")}
        out = subprocess.run(cmd, capture_output=True, text=True, env=env,
                             timeout=args.max_time + 120, cwd=workdir)
        output, code = out.stdout + out.stderr, out.returncode
    except subprocess.TimeoutExpired as err:
        output = (err.stdout or b"").decode(errors="replace") if isinstance(err.stdout, bytes) else (err.stdout or "")
        code = -1
    seconds = time.monotonic() - started
    (workdir / f"schemathesis-{role}.txt").write_text(output)
    seen: dict[tuple[str, str], set[str]] = {}
    requests = 0
    ops = operations()
    for har in report.glob("har-*.json"):
        for entry in json.loads(har.read_text())["log"]["entries"]:
            url = urllib.parse.urlsplit(entry["request"]["url"])
            op = match(ops, entry["request"]["method"].upper(), url.path)
            requests += 1
            if op:
                seen.setdefault(op, set()).add(str(entry["response"]["status"]))
    cases = re.search(r"Test cases:\s*\n?\s*(\d+) generated", output)
    failures = re.search(r"(\d+) unique failures", output)
    return {
        "role": role,
        "exit": code,
        "seconds": round(seconds, 1),
        "cases": int(cases.group(1)) if cases else None,
        "requests": requests,
        "failures": int(failures.group(1)) if failures else (0 if code == 0 else None),
        "seen": seen,
        "output": output,
    }


def run_engine(engine: str, st: str, binary: Path, args) -> tuple[list[dict], list[str]]:
    workdir = Path(tempfile.mkdtemp(prefix=f"grace-slow-{engine}-"))
    pg = Postgres() if engine == "postgres" else None
    url = pg.url if pg else f"sqlite://{workdir}/app.db?mode=rwc"
    problems: list[str] = []
    results: list[dict] = []
    server = None
    try:
        server = Server(binary, url, workdir)
        admin = sign_in_admin(server)
        member = approved_member(server, admin)
        cookies = {"visitor": None, "member": member, "admin": admin}
        for role in args.roles:
            result = run_role(st, server, role, cookies[role], workdir, args)
            results.append(result)
            log(f"{engine}/{role}: exit {result['exit']}, {result['cases']} cases, "
                f"{result['requests']} requests, {result['failures']} failures, "
                f"{result['seconds']} s")
            if result["exit"] != 0:
                problems.append(f"{engine}/{role}: schemathesis failed "
                                f"(see {workdir}/schemathesis-{role}.txt)")
                print(result["output"][-args.tail:])
        errors = server.server_errors()
        if errors:
            problems.append(f"{engine}: the server answered {len(errors)} 5xx; first: {errors[0]}")
    finally:
        if server:
            server.stop()
        if pg:
            pg.close()
    if not problems and not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        log(f"{engine}: kept {workdir}")
    return results, problems


def unseen_statuses(all_results: list[dict]) -> tuple[list[str], list[str]]:
    seen: dict[tuple[str, str], set[str]] = {}
    for result in all_results:
        for op, statuses in result["seen"].items():
            seen.setdefault(op, set()).update(statuses)
    doc = json.loads(SCHEMA.read_text())
    explained, unexplained = [], []
    for op, documented in sorted(operations().items()):
        reads_json = "application/json" in (
            doc["paths"][op[1]][op[0].lower()].get("requestBody", {}).get("content", {}))
        for status in sorted(documented - seen.get(op, set())):
            why = why_unseen(op[0], op[1], status, reads_json)
            line = f"{op[0]} {op[1]} {status}"
            if why:
                explained.append(f"{line}: {why}")
            else:
                unexplained.append(line)
    return explained, unexplained


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default="sqlite,postgres")
    parser.add_argument("--roles", default="visitor,member,admin")
    parser.add_argument("--max-examples", type=int, default=8)
    parser.add_argument("--max-time", type=int, default=55, help="seconds per role and engine")
    # One worker: with two, CPython 3.11's ast.parse (hypothesis calls it to describe its
    # filters) sometimes fails with "AST constructor recursion depth mismatch" under threads.
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folders")
    parser.add_argument("--tail", type=int, default=6000, help="characters of a failed run shown")
    args = parser.parse_args()
    # A stop from outside (timeout, Ctrl-C) still stops the server and drops the database.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    args.roles = [r for r in args.roles.split(",") if r]
    engines = [e for e in args.engines.split(",") if e]
    # An exclusion naming no operation (one renamed or removed) would leave the run testing
    # what it means to leave out, or nothing at all.
    known = {f"{method} {path}" for method, path in operations()}
    stale = sorted(name for name in SIGNED_IN_EXCLUDED if name not in known)
    if stale:
        sys.exit(f"SIGNED_IN_EXCLUDED names operations openapi.json does not have: {stale}")
    started = time.monotonic()
    st = ensure_schemathesis()
    binary = ROOT / "target" / "debug" / "app-server"
    if not args.no_build:
        subprocess.run(["cargo", "build", "-q", "-p", "app-server"], cwd=ROOT, check=True,
                       timeout=1800)
    all_results, problems = [], []
    for engine in engines:
        results, engine_problems = run_engine(engine, st, binary, args)
        all_results += results
        problems += engine_problems
    explained, unexplained = unseen_statuses(all_results)
    print()
    log(f"{len(operations())} operations in openapi.json")
    print("| engine/role | cases | requests | failures | seconds |")
    print("|---|---|---|---|---|")
    for engine_index, engine in enumerate(engines):
        for result in all_results[engine_index * len(args.roles):(engine_index + 1) * len(args.roles)]:
            print(f"| {engine}/{result['role']} | {result['cases']} | {result['requests']} | "
                  f"{result['failures']} | {result['seconds']} |")
    if set(args.roles) == {"visitor", "member", "admin"}:
        log(f"documented statuses never answered, explained: {len(explained)}")
        for line in explained:
            print("  ", line)
        if unexplained:
            problems.append(f"{len(unexplained)} documented statuses never answered and not "
                            "explained in UNSEEN: " + "; ".join(unexplained))
    log(f"total {time.monotonic() - started:.0f} s")
    for problem in problems:
        log("FAILED:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
