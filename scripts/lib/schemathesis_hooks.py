"""Credentials for scripts/schemathesis.sh runs (loaded as SCHEMATHESIS_HOOKS).

Every operation but the logout routes is sent the run's bearer token (SCHEMATHESIS_TOKEN: a
HealthLog access token, or the Jarvis run's JARVIS_API_TOKEN). A HealthLog logout revokes the
credentials it is sent with, and logout-all every other session of the account, so each request
to those routes signs a dedicated account in afresh (SCHEMATHESIS_LOGOUT_EMAIL and
SCHEMATHESIS_LOGOUT_PASSWORD at SCHEMATHESIS_BASE) and logs that session out: the routes are
tested for real and the run's own token stays valid. Each sign-in names its own client address
in X-Forwarded-For (the server trusts loopback as a proxy for the run), so the login throttle
counts it apart from the run's own guesses at /api/auth/login.
"""

import itertools
import json
import os
import urllib.request

import schemathesis

LOGOUT_PATHS = r"^/api/auth/logout(-all)?$"
USER_AGENT = "HealthLog-iOS/schemathesis"
# 198.18.0.0/15 is set aside for benchmarking (RFC 2544): one address per sign-in.
_addresses = (f"198.18.{n // 256 % 256}.{n % 256}" for n in itertools.count(1))


def _bearer(case, token):
    case.headers = case.headers or {}
    case.headers["Authorization"] = f"Bearer {token}"


@schemathesis.auth(refresh_interval=None).skip_for(path_regex=LOGOUT_PATHS)
class RunToken:
    def get(self, case, ctx):
        return os.environ["SCHEMATHESIS_TOKEN"]

    def set(self, case, data, ctx):
        _bearer(case, data)


@schemathesis.auth(refresh_interval=None).apply_to(path_regex=LOGOUT_PATHS)
class FreshSession:
    def get(self, case, ctx):
        body = json.dumps({"email": os.environ["SCHEMATHESIS_LOGOUT_EMAIL"],
                           "password": os.environ["SCHEMATHESIS_LOGOUT_PASSWORD"]}).encode()
        request = urllib.request.Request(os.environ["SCHEMATHESIS_BASE"] + "/api/auth/login", data=body,
                                         headers={"Content-Type": "application/json", "User-Agent": USER_AGENT,
                                                  "X-Forwarded-For": next(_addresses)})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)["data"]["accessToken"]

    def set(self, case, data, ctx):
        _bearer(case, data)
