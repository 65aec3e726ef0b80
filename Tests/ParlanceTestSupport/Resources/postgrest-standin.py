#!/usr/bin/env python3
"""A stand-in for a Supabase project's REST endpoint (its API gateway and PostgREST 12),
answering the few requests SupabaseProfileStore sends, from a real PostgreSQL table.

No PostgREST binary can be installed on the machines Parlance is tested on (it is not in
Debian's packages or on PyPI), so this stands in for it. It reproduces what the store relies
on, as PostgREST 12.2 documents and answers it:

  GET   /rest/v1/<table>?select=a,b&<col>=eq.<v>   (Accept: application/vnd.pgrst.object+json -> one object, else 406 PGRST116)
  PATCH /rest/v1/<table>?<col>=eq.<v>[&or=(c.is.null,c.lt.<t>)]   (Prefer: return=representation -> 200 [rows]; return=minimal -> 204)
  POST  /rest/v1/<table>                           (to set up rows in tests; Prefer as above, 201)

with the gateway's `apikey` check, HS256 JWTs (expired -> 401 PGRST301 "JWT expired" and a
WWW-Authenticate header), row-level security as Supabase's usual profile policy has it (a
user sees and updates only the row whose id is their token's `sub`; the anon key sees no
rows; `service_role` sees all), and PostgREST's error bodies {"code","details","hint","message"}.

For fault tests, POST /_standin/faults with a JSON list; each entry applies to one later
REST request, in order: {"status": 500}, {"status": 503, "retry_after": 1},
{"status": 429, "retry_after": 0}, {"delay": 2.5} (answer late), {"close": true} (drop the
connection), {"bytes": N} (a 200 whose body is N bytes). POST /_standin/token with JWT
claims (and "expires_in" seconds) mints a token as Supabase Auth would. GET /_standin/requests returns the last 200 REST requests (method, path,
query, headers) so tests can check exactly what was sent.

Usage: postgrest-standin.py --dsn DSN --jwt-secret S --anon-key K [--port N] [--schema FILE]
Prints "LISTENING <port>" once it accepts connections.
"""
import argparse
import base64
import datetime
import hashlib
import hmac
import json
import re
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

import psycopg2
import psycopg2.pool

TABLES = {"profiles", "profiles_without_key"}
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
OBJECT_JSON = "application/vnd.pgrst.object+json"


class Reply(Exception):
    def __init__(self, status, body, headers=None):
        self.status, self.body, self.headers = status, body, headers or {}


def pgrst_error(status, code, message, details=None, hint=None, headers=None):
    return Reply(status, {"code": code, "details": details, "hint": hint, "message": message}, headers)


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class State:
    def __init__(self, args):
        self.args = args
        self.pool = psycopg2.pool.ThreadedConnectionPool(1, 8, args.dsn)
        self.lock = threading.Lock()
        self.faults = []
        self.requests = []
        self.columns = {}
        conn = self.pool.getconn()
        try:
            with conn, conn.cursor() as cur:
                if args.schema:
                    with open(args.schema) as f:
                        cur.execute(f.read())
                for table in TABLES:
                    cur.execute(
                        "SELECT column_name FROM information_schema.columns WHERE table_name = %s", (table,))
                    self.columns[table] = {row[0] for row in cur.fetchall()}
        finally:
            self.pool.putconn(conn)

    def next_fault(self):
        with self.lock:
            return self.faults.pop(0) if self.faults else None

    def log(self, entry):
        with self.lock:
            self.requests.append(entry)
            del self.requests[:-200]


def role_of(state, headers):
    """The gateway's apikey check, then PostgREST's JWT check: (role, sub)."""
    apikey = headers.get("apikey")
    if apikey is None:
        raise Reply(401, {"message": "No API key found in request",
                          "hint": "No `apikey` request header or url param was found."})
    if apikey != state.args.anon_key:
        raise Reply(401, {"message": "Invalid API key", "hint": "Double check your Supabase `anon` or `service_role` API key."})
    auth = headers.get("authorization", "")
    if not auth.startswith("Bearer "):
        return "anon", None
    token = auth[len("Bearer "):]
    if token == state.args.anon_key:
        return "anon", None
    parts = token.split(".")
    if len(parts) != 3:
        raise pgrst_error(401, "PGRST301", "Expected 3 parts in JWT; got %d" % len(parts),
                          headers={"WWW-Authenticate": 'Bearer error="invalid_token", error_description="Expected 3 parts in JWT"'})
    signed = (parts[0] + "." + parts[1]).encode()
    expected = hmac.new(state.args.jwt_secret.encode(), signed, hashlib.sha256).digest()
    try:
        signature = b64url_decode(parts[2])
        claims = json.loads(b64url_decode(parts[1]))
    except Exception:
        raise pgrst_error(401, "PGRST301", "JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 2)")
    if not hmac.compare_digest(signature, expected):
        raise pgrst_error(401, "PGRST301", "JWSError JWSInvalidSignature",
                          headers={"WWW-Authenticate": 'Bearer error="invalid_token", error_description="JWSError JWSInvalidSignature"'})
    if "exp" in claims and claims["exp"] <= time.time():
        raise pgrst_error(401, "PGRST301", "JWT expired",
                          headers={"WWW-Authenticate": 'Bearer error="invalid_token", error_description="JWT expired"'})
    return claims.get("role", "authenticated"), claims.get("sub")


def parse_filter(state, table, column, expression, params):
    if not IDENT.match(column) or column not in state.columns[table]:
        raise pgrst_error(400, "42703", "column %s.%s does not exist" % (table, column))
    op, _, value = expression.partition(".")
    if op == "eq":
        params.append(value)
        return '"%s"::text = %%s' % column if column != "id" else '"id" = %s::uuid'
    if op == "lt":
        params.append(value)
        return '"%s" < %%s' % column
    if op == "is" and value == "null":
        return '"%s" IS NULL' % column
    raise pgrst_error(400, "PGRST100", "\"failed to parse filter (%s)\" (line 1, column 1)" % expression,
                      details="unexpected \"%s\" expecting operator" % op)


def where_clause(state, table, query, role, sub):
    clauses, params = [], []
    for name, value in query:
        if name in ("select", "columns"):
            continue
        if name == "or":
            if not (value.startswith("(") and value.endswith(")")):
                raise pgrst_error(400, "PGRST100", "\"failed to parse logic tree (%s)\" (line 1, column 4)" % value)
            parts = []
            for item in value[1:-1].split(","):
                column, _, expression = item.partition(".")
                parts.append(parse_filter(state, table, column, expression, params))
            clauses.append("(" + " OR ".join(parts) + ")")
        else:
            clauses.append(parse_filter(state, table, name, value, params))
    # Row-level security: a user's own profile; the anon key, none; the service role, all.
    if role == "anon":
        clauses.append("false")
    elif role != "service_role":
        try:
            uuid.UUID(sub or "")
        except ValueError:
            clauses.append("false")
        else:
            clauses.append('"id" = %s::uuid')
            params.append(sub)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def encode_value(value):
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def run(state, sql, params, fetch=True):
    conn = state.pool.getconn()
    try:
        with conn, conn.cursor() as cur:
            try:
                cur.execute(sql, params)
            except psycopg2.errors.InvalidTextRepresentation as error:
                raise pgrst_error(400, "22P02", error.diag.message_primary)
            if not fetch or cur.description is None:
                return []
            names = [d.name for d in cur.description]
            return [{n: encode_value(v) for n, v in zip(names, row)} for row in cur.fetchall()]
    finally:
        state.pool.putconn(conn)


def handle_rest(state, method, table, query, headers, body):
    if table not in TABLES:
        raise pgrst_error(404, "42P01", 'relation "public.%s" does not exist' % table)
    role, sub = role_of(state, headers)
    prefer = [p.strip() for p in headers.get("prefer", "").split(",") if p.strip()]
    if method == "GET":
        select = dict(query).get("select", "*")
        columns = [c for c in select.split(",") if c]
        for column in columns:
            if column != "*" and (not IDENT.match(column) or column not in state.columns[table]):
                raise pgrst_error(400, "42703", "column %s.%s does not exist" % (table, column))
        projection = ", ".join("*" if c == "*" else '"%s"' % c for c in columns) or "*"
        where, params = where_clause(state, table, query, role, sub)
        rows = run(state, 'SELECT %s FROM "%s"%s' % (projection, table, where), params)
        if OBJECT_JSON in headers.get("accept", ""):
            if len(rows) != 1:
                raise pgrst_error(406, "PGRST116", "JSON object requested, multiple (or no) rows returned",
                                  details="The result contains %d rows" % len(rows))
            return Reply(200, rows[0], {"Content-Type": OBJECT_JSON + "; charset=utf-8"})
        return Reply(200, rows)
    try:
        payload = json.loads(body or b"null")
    except ValueError as error:
        raise pgrst_error(400, "PGRST102", "Empty or invalid json", details=str(error))
    if method == "PATCH":
        if not isinstance(payload, dict) or not payload:
            raise pgrst_error(400, "PGRST102", "Empty or invalid json")
        assignments, params = [], []
        for column, value in payload.items():
            if not IDENT.match(column) or column not in state.columns[table]:
                raise pgrst_error(400, "PGRST204", "Could not find the '%s' column of '%s' in the schema cache" % (column, table))
            assignments.append('"%s" = %%s' % column)
            params.append(value)
        where, where_params = where_clause(state, table, query, role, sub)
        rows = run(state, 'UPDATE "%s" SET %s%s RETURNING *' % (table, ", ".join(assignments), where), params + where_params)
    elif method == "POST":
        items = payload if isinstance(payload, list) else [payload]
        if role != "service_role" and any(str(item.get("id")) != sub for item in items):
            raise pgrst_error(403, "42501", 'new row violates row-level security policy for table "%s"' % table,
                              headers={})
        rows = []
        for item in items:
            columns = list(item.keys())
            for column in columns:
                if not IDENT.match(column) or column not in state.columns[table]:
                    raise pgrst_error(400, "PGRST204", "Could not find the '%s' column of '%s' in the schema cache" % (column, table))
            sql = 'INSERT INTO "%s" (%s) VALUES (%s) RETURNING *' % (
                table, ", ".join('"%s"' % c for c in columns), ", ".join(["%s"] * len(columns)))
            try:
                rows += run(state, sql, [item[c] for c in columns])
            except psycopg2.errors.UniqueViolation as error:
                raise pgrst_error(409, "23505", error.diag.message_primary, details=error.diag.message_detail)
    else:
        raise pgrst_error(405, "PGRST117", "Unsupported HTTP method: %s" % method)
    if "return=representation" in prefer:
        return Reply(201 if method == "POST" else 200, rows, {"Preference-Applied": "return=representation"})
    return Reply(201 if method == "POST" else 204, None)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; with Nagle's algorithm the body waits for the
    # client's delayed ACK of the headers (40 ms on Linux) on every kept-alive request, a
    # stall PostgREST does not have.
    disable_nagle_algorithm = True
    state = None

    def log_message(self, *args):
        pass

    def send(self, reply):
        data = b"" if reply.body is None else json.dumps(reply.body).encode()
        self.send_response(reply.status)
        headers = {"Content-Type": "application/json; charset=utf-8"}
        headers.update(reply.headers)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def dispatch(self, method):
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        state = self.state
        if parts.path == "/_standin/faults" and method == "POST":
            with state.lock:
                state.faults.extend(json.loads(body))
            return self.send(Reply(204, None))
        if parts.path == "/_standin/token" and method == "POST":
            # Mints what Supabase Auth would issue: an HS256 JWT signed with the project's secret.
            claims = json.loads(body)
            if "expires_in" in claims:
                claims["exp"] = int(time.time()) + claims.pop("expires_in")
            e = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
            signing = e(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()) + "." + e(json.dumps(claims).encode())
            signature = hmac.new(state.args.jwt_secret.encode(), signing.encode(), hashlib.sha256).digest()
            return self.send(Reply(200, {"token": signing + "." + e(signature)}))
        if parts.path == "/_standin/requests" and method == "GET":
            with state.lock:
                return self.send(Reply(200, list(state.requests)))
        query = parse_qsl(parts.query, keep_blank_values=True)
        state.log({"method": method, "path": parts.path, "query": parts.query, "headers": headers,
                   "body": body.decode("utf-8", "replace")})
        fault = state.next_fault() if parts.path.startswith("/rest/v1/") else None
        if fault:
            if fault.get("delay"):
                time.sleep(fault["delay"])
            if fault.get("close"):
                self.close_connection = True
                self.connection.shutdown(2)
                return
            if fault.get("bytes"):
                return self.send(Reply(200, "x" * fault["bytes"]))
            if fault.get("status"):
                extra = {}
                if "retry_after" in fault:
                    extra["Retry-After"] = str(fault["retry_after"])
                return self.send(pgrst_error(fault["status"], "XX000", "injected by the stand-in", headers=extra))
        if not parts.path.startswith("/rest/v1/"):
            return self.send(Reply(404, {"message": "no Route matched with those values"}))
        try:
            reply = handle_rest(state, method, parts.path[len("/rest/v1/"):], query, headers, body)
        except Reply as error:
            reply = error
        except Exception as error:  # a bug here must show, not hang the client
            reply = pgrst_error(500, "XX000", "stand-in error: %r" % error)
        self.send(reply)

    def do_GET(self):
        self.dispatch("GET")

    def do_PATCH(self):
        self.dispatch("PATCH")

    def do_POST(self):
        self.dispatch("POST")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dsn", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--jwt-secret", required=True)
    parser.add_argument("--anon-key", required=True)
    parser.add_argument("--schema")
    args = parser.parse_args()
    Handler.state = State(args)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print("LISTENING %d" % server.server_address[1], flush=True)
    # End with the test process that started us: it closes our stdin when it exits.
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
