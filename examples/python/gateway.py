"""A client of the public gateway in the Python standard library (urllib, json): client-credentials tokens,
reused and renewed shortly before they expire, and problem answers (RFC 9457) raised as ProblemError."""
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request

GATEWAY_URL = os.environ.get("GATEWAY_URL", "http://localhost:3000").rstrip("/")


class ProblemError(Exception):
    """The gateway refused: status, type (a URL path whose page explains it), title, detail, errors."""

    def __init__(self, status, problem):
        self.status = status
        self.problem = problem
        self.type = problem.get("type")
        self.detail = problem.get("detail")
        self.errors = problem.get("errors", [])
        super().__init__(f"{status} {self.type}: {self.detail}")


class TokenSource:
    """Access tokens from POST /oauth2/token (client_secret_post), reused until a minute before they expire."""

    def __init__(self, client_id, client_secret, token_url=GATEWAY_URL + "/oauth2/token", renew_before=60):
        self.client_id, self.client_secret, self.token_url, self.renew_before = client_id, client_secret, token_url, renew_before
        self.token, self.renew_at, self.minted = None, 0.0, 0

    def access_token(self):
        if self.token is None or time.time() >= self.renew_at:
            form = urllib.parse.urlencode({"grant_type": "client_credentials", "client_id": self.client_id, "client_secret": self.client_secret}).encode()
            request = urllib.request.Request(self.token_url, data=form, method="POST", headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
            asked_at = time.time()
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    answer = json.load(response)
            except urllib.error.HTTPError as error:
                raise RuntimeError(f"token request failed: {error.code} {error.read().decode()}") from None
            lifetime = answer["expires_in"]
            # Counted from when we asked; never more than half a short token's life.
            self.token, self.renew_at = answer["access_token"], asked_at + lifetime - min(self.renew_before, lifetime / 2)
            self.minted += 1
        return self.token

    def invalidate(self):
        self.token = None


class Gateway:
    def __init__(self, tokens, base_url=GATEWAY_URL):
        self.tokens, self.base_url = tokens, base_url

    def call(self, method, path, body=None, headers=None, query=None):
        """(status, headers, JSON body or None); a 4xx or 5xx answer raises ProblemError."""
        url = self.base_url + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode()
        all_headers = {"Authorization": "Bearer " + self.tokens.access_token(), "Accept": "application/json", **(headers or {})}
        if data is not None:
            all_headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=all_headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read().decode()
                return response.status, dict(response.headers), json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            if error.code == 401:
                self.tokens.invalidate()
            try:
                problem = json.loads(text)
            except ValueError:
                problem = {"type": "about:blank", "detail": text}
            raise ProblemError(error.code, problem) from None


def from_environment():
    return Gateway(TokenSource(os.environ["CLIENT_ID"], os.environ["CLIENT_SECRET"]))
