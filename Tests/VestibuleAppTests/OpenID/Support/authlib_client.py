#!/usr/bin/env python3
"""A real OpenID Connect relying party on PyPI's authlib, for the provider's end-to-end tests.

A Swift test drives it in two calls around a browser, each printing one JSON object on stdout:

    authlib_client.py begin --issuer URL --client-id ID [--client-secret S] --redirect-uri URI
                            --state-file F [--scope "openid profile email offline_access"]
        Reads the provider's discovery document (issuer/.well-known/openid-configuration), makes the
        authorization URL with a fresh state, nonce and PKCE S256 code challenge (authlib's
        OAuth2Session.create_authorization_url with code_verifier), keeps what finish needs in F (mode 0600),
        and prints {"authorizationURL": ...}. A discovery document that cannot be read, or whose issuer is not
        --issuer, is printed as {"discovery": {"ok": false, ...}} with no authorizationURL.

    authlib_client.py finish --state-file F --callback-url URL [--keep-tokens]
        Takes the URL the browser was redirected to, and prints one member per step, in this order:
          authorization   the callback's state checked, or the provider's error (access_denied, ...)
          token           the code exchanged with the verifier: client_secret_basic with a secret, else the
                          public client's "none" (--token-endpoint-auth-method at begin overrides it)
          idToken         verified by authlib's own OpenID Connect client code (OpenIDMixin.parse_id_token:
                          signature against the jwks_uri's keys with the algorithms discovery lists, then
                          CodeIDToken: iss is --issuer, aud holds the client id, nonce is the one sent,
                          exp/iat, at_hash); with the header's alg and kid, and the claims
          userinfo        {"get": ..., "post": ...}: the userinfo endpoint with the access token in the
                          Authorization header, by GET and by POST
          introspection   {"before": ..., "after": ...}: the access token introspected, then again after
          revocation      the access token revoked at the revocation endpoint (token_type_hint access_token)
          userinfoAfterRevocation           the revoked access token at the userinfo endpoint again
          refreshTokenAfterRevocation       the refresh token introspected after the access token's
                                            revocation (RFC 7009 lets a provider revoke both; if it did,
                                            the refresh steps below fail with invalid_grant)
          refresh         {"rotate": ..., "oldTokenReuse": ..., "newTokenAfterReuse": ...}: the first
                          refresh token exchanged (rotated: a new refresh token came back; a new ID token
                          is verified as above, without nonce, same sub); then that first refresh token
                          again, which a rotating provider refuses (invalid_grant); then the rotated one,
                          which reuse detection must have revoked with the whole family (invalid_grant)

Every step is {"ok": true|false, ...}; an HTTP step has "status", and a refusal "error" (the endpoint's
OAuth error code, e.g. invalid_grant or invalid_token) and "errorDescription". A step that could not run
because an earlier one failed is {"ok": false, "error": "skipped", "errorDescription": why}. Endpoint
refusals and unreachable endpoints are data, and the exit status is then 0; the script's own failures (bad
arguments, an unreadable state file) exit non-zero with a message on stderr and nothing on stdout.

Needs authlib (and requests, which its OAuth2Session is built on), pinned by scripts/install-deps.sh test.
"""

import argparse
import base64
import json
import os
import sys
import warnings
from urllib.parse import parse_qs, urlsplit

try:
    from authlib.common.security import generate_token
    from authlib.integrations.base_client import OAuthError
    from authlib.integrations.base_client.sync_openid import OpenIDMixin
    from authlib.integrations.requests_client import OAuth2Session
    from authlib.oidc.core import CodeIDToken
    import requests
except ImportError as error:
    sys.exit(f"authlib_client.py: {error}; run scripts/install-deps.sh test")

TIMEOUT = 10
AUTH_METHODS = ("client_secret_basic", "client_secret_post", "none")


class Verifier(OpenIDMixin):
    """authlib's OpenID Connect client code (discovery metadata, the JWKS fetch, parse_id_token), run on
    the discovery document the begin step read, so that the ID token is verified by authlib itself."""

    def __init__(self, client_id, metadata):
        self.client_id = client_id
        self.server_metadata = dict(metadata)
        self.client_kwargs = {}

    def load_server_metadata(self):
        return self.server_metadata

    def _get_session(self):
        return OAuth2Session(default_timeout=TIMEOUT)


def fail(message):
    """The script's own failure: a message on stderr, nothing on stdout, a non-zero status."""
    print(f"authlib_client.py: {message}", file=sys.stderr)
    sys.exit(2)


def emit(result):
    json.dump(result, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


def skipped(why):
    return {"ok": False, "error": "skipped", "errorDescription": why}


def refusal(error, status=None):
    """An endpoint's refusal (an OAuthError, an HTTP error) or an unreachable endpoint, as data."""
    result = {"ok": False}
    if isinstance(error, OAuthError):
        result["error"] = error.error
        result["errorDescription"] = error.description
    elif isinstance(error, requests.HTTPError) and error.response is not None:
        result.update(http_result(error.response))
        result["ok"] = False
        return result
    elif isinstance(error, requests.RequestException):
        result["error"] = "unreachable"
        result["errorDescription"] = str(error)
    else:
        result["error"] = type(error).__name__
        result["errorDescription"] = str(error)
    if status is not None:
        result["status"] = status
    return result


def http_result(response):
    """A response as a step: ok for a 2xx, its JSON body, and the OAuth error members of a refusal (from
    the body, or from a WWW-Authenticate: Bearer error="..." header)."""
    result = {"ok": 200 <= response.status_code < 300, "status": response.status_code}
    try:
        body = response.json()
    except ValueError:
        body = None
        if response.text:
            result["text"] = response.text[:2000]
    if body is not None:
        result["body"] = body
    if not result["ok"]:
        if isinstance(body, dict) and "error" in body:
            result["error"] = body["error"]
            result["errorDescription"] = body.get("error_description")
        else:
            challenge = response.headers.get("WWW-Authenticate", "")
            for part in challenge.replace("Bearer ", "", 1).split(","):
                name, _, value = part.strip().partition("=")
                if name == "error":
                    result["error"] = value.strip('"')
                elif name == "error_description":
                    result["errorDescription"] = value.strip('"')
    return result


def token_step(call):
    """A token endpoint call: the token response's shape (never the tokens) and the raw response's members."""
    captured = {}
    try:
        token = call(captured)
    except (OAuthError, requests.RequestException, ValueError) as error:
        return refusal(error, captured.get("status")), None
    result = {
        "ok": True,
        "status": captured.get("status"),
        "tokenType": token.get("token_type"),
        "expiresIn": token.get("expires_in"),
        "scope": token.get("scope"),
        "members": sorted(captured.get("members", [])),
        "hasIDToken": "id_token" in captured.get("members", []),
        "hasRefreshToken": "refresh_token" in captured.get("members", []),
    }
    return result, dict(token)


def capture(session, hook_type, captured):
    def hook(response):
        captured["status"] = response.status_code
        try:
            body = response.json()
            captured["members"] = list(body) if isinstance(body, dict) else []
        except ValueError:
            captured["members"] = []
        return response

    session.compliance_hook[hook_type] = {hook}


def header_of(jwt):
    try:
        segment = jwt.split(".")[0]
        return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))
    except (ValueError, IndexError):
        return {}


def verify_id_token(saved, token, nonce):
    """authlib's parse_id_token on the token response; the header's alg and kid, and the claims."""
    header = header_of(token.get("id_token", ""))
    result = {"alg": header.get("alg"), "kid": header.get("kid")}
    if "id_token" not in token:
        return dict(result, ok=False, error="missing", errorDescription="no id_token in the token response")
    options = {"iss": {"essential": True, "values": [saved["issuer"]]}, "aud": {"essential": True}}
    if nonce is not None:
        options["nonce"] = {"essential": True}
    try:
        claims = Verifier(saved["client_id"], saved["metadata"]).parse_id_token(
            token, nonce=nonce, claims_options=options, claims_cls=CodeIDToken
        )
    except Exception as error:  # whatever authlib or joserfc raised is the verdict, reported by its type
        return dict(result, ok=False, error=type(error).__name__, errorDescription=str(error))
    return dict(result, ok=True, claims=dict(claims))


def new_session(saved):
    secret = saved.get("client_secret")
    method = saved.get("auth_method") or ("client_secret_basic" if secret else "none")
    return OAuth2Session(
        client_id=saved["client_id"],
        client_secret=secret,
        redirect_uri=saved["redirect_uri"],
        code_challenge_method="S256",
        token_endpoint_auth_method=method,
        revocation_endpoint_auth_method=method,
        default_timeout=TIMEOUT,
    )


def begin(arguments):
    discovery_url = arguments.issuer.rstrip("/") + "/.well-known/openid-configuration"
    try:
        response = OAuth2Session(default_timeout=TIMEOUT).get(discovery_url, withhold_token=True)
    except requests.RequestException as error:
        return {"discovery": refusal(error)}
    discovery = http_result(response)
    metadata = discovery.get("body")
    if not discovery["ok"] or not isinstance(metadata, dict):
        return {"discovery": dict(discovery, ok=False)}
    if metadata.get("issuer") != arguments.issuer:
        return {"discovery": {"ok": False, "status": response.status_code, "error": "issuer_mismatch",
                              "errorDescription": f"discovery says {metadata.get('issuer')!r}"}}
    if "authorization_endpoint" not in metadata:
        return {"discovery": {"ok": False, "status": response.status_code, "error": "missing",
                              "errorDescription": "no authorization_endpoint"}}
    saved = {
        "issuer": arguments.issuer,
        "client_id": arguments.client_id,
        "client_secret": arguments.client_secret,
        "auth_method": arguments.token_endpoint_auth_method,
        "redirect_uri": arguments.redirect_uri,
        "scope": arguments.scope,
        "metadata": metadata,
        "code_verifier": generate_token(64),
        "nonce": generate_token(32),
    }
    url, saved["state"] = new_session(saved).create_authorization_url(
        metadata["authorization_endpoint"], code_verifier=saved["code_verifier"], nonce=saved["nonce"],
        scope=arguments.scope,
    )
    try:
        descriptor = os.open(arguments.state_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            json.dump(saved, file)
    except OSError as error:
        fail(f"cannot write the state file {arguments.state_file}: {error}")
    return {"authorizationURL": url}


def finish(arguments):
    try:
        with open(arguments.state_file) as file:
            saved = json.load(file)
    except (OSError, ValueError) as error:
        fail(f"cannot read the state file {arguments.state_file} (run begin first): {error}")
    metadata = saved["metadata"]
    result = {}

    query = parse_qs(urlsplit(arguments.callback_url).query)
    state = query.get("state", [None])[0]
    if "error" in query:
        result["authorization"] = {"ok": False, "error": query["error"][0],
                                   "errorDescription": query.get("error_description", [None])[0],
                                   "stateMatches": state == saved["state"]}
    elif "code" not in query:
        result["authorization"] = {"ok": False, "error": "missing", "errorDescription": "no code in the callback"}
    else:
        result["authorization"] = {"ok": state == saved["state"], "stateMatches": state == saved["state"]}
        if state != saved["state"]:
            result["authorization"].update(error="state_mismatch", errorDescription=f"callback state {state!r}")

    session = new_session(saved)
    token_endpoint = metadata.get("token_endpoint")
    token = None
    if not result["authorization"]["ok"]:
        result["token"] = skipped("no authorization code")
    else:
        def exchange(captured):
            capture(session, "access_token_response", captured)
            return session.fetch_token(token_endpoint, code=query["code"][0], grant_type="authorization_code",
                                       code_verifier=saved["code_verifier"], redirect_uri=saved["redirect_uri"])
        result["token"], token = token_step(exchange)

    if token is None:
        why = "no token response"
        for name in ("idToken", "userinfo", "introspection", "revocation", "userinfoAfterRevocation",
                     "refreshTokenAfterRevocation", "refresh"):
            result[name] = skipped(why)
        return result

    result["idToken"] = verify_id_token(saved, token, saved["nonce"])
    access_token = token.get("access_token")
    refresh_token = token.get("refresh_token")

    userinfo_endpoint = metadata.get("userinfo_endpoint")
    result["userinfo"] = {
        verb: bearer_call(session, verb, userinfo_endpoint, access_token) for verb in ("get", "post")
    }

    introspection_endpoint = metadata.get("introspection_endpoint")
    revocation_endpoint = metadata.get("revocation_endpoint")
    result["introspection"] = {
        "before": endpoint_call(introspection_endpoint, "introspection_endpoint",
                                lambda: session.introspect_token(introspection_endpoint, access_token,
                                                                 token_type_hint="access_token")),
    }
    if arguments.keep_tokens:
        why = "--keep-tokens: the refresh steps run on a grant nothing revoked"
        for name in ("revocation", "userinfoAfterRevocation", "refreshTokenAfterRevocation"):
            result[name] = skipped(why)
    else:
        result["revocation"] = endpoint_call(revocation_endpoint, "revocation_endpoint",
                                             lambda: session.revoke_token(revocation_endpoint, access_token,
                                                                          token_type_hint="access_token"))
        result["introspection"]["after"] = endpoint_call(
            introspection_endpoint, "introspection_endpoint",
            lambda: session.introspect_token(introspection_endpoint, access_token, token_type_hint="access_token"))
        result["userinfoAfterRevocation"] = bearer_call(session, "get", userinfo_endpoint, access_token)
        result["refreshTokenAfterRevocation"] = (
            skipped("no refresh token") if refresh_token is None else endpoint_call(
                introspection_endpoint, "introspection_endpoint",
                lambda: session.introspect_token(introspection_endpoint, refresh_token, token_type_hint="refresh_token")))

    result["refresh"] = refresh_steps(saved, token, token_endpoint)
    return result


def bearer_call(session, verb, url, access_token):
    if not url:
        return skipped("discovery has no userinfo_endpoint")
    session.token = {"access_token": access_token, "token_type": "Bearer"}
    try:
        return http_result(session.request(verb.upper(), url))
    except requests.RequestException as error:
        return refusal(error)


def endpoint_call(url, name, call):
    if not url:
        return skipped(f"discovery has no {name}")
    try:
        return http_result(call())
    except requests.RequestException as error:
        return refusal(error)


def refresh_steps(saved, token, token_endpoint):
    first = token.get("refresh_token")
    if first is None:
        return {name: skipped("no refresh token") for name in ("rotate", "oldTokenReuse", "newTokenAfterReuse")}

    def refresh(refresh_token):
        session = new_session(saved)

        def call(captured):
            capture(session, "refresh_token_response", captured)
            return session.refresh_token(token_endpoint, refresh_token=refresh_token)
        return token_step(call)

    steps = {}
    steps["rotate"], rotated = refresh(first)
    second = None
    if rotated is not None:
        second = rotated.get("refresh_token") if steps["rotate"]["hasRefreshToken"] else None
        steps["rotate"]["rotated"] = second is not None and second != first
        steps["rotate"]["accessTokenChanged"] = rotated.get("access_token") != token.get("access_token")
        if steps["rotate"]["hasIDToken"]:
            verified = verify_id_token(saved, rotated, None)
            original = token.get("id_token") and verify_id_token(saved, token, saved["nonce"]).get("claims", {})
            if verified["ok"] and original and verified["claims"].get("sub") != original.get("sub"):
                verified.update(ok=False, error="sub_changed", errorDescription="the refreshed ID token's sub differs")
            steps["rotate"]["idToken"] = verified
    steps["oldTokenReuse"], _ = refresh(first)
    if second is None:
        steps["newTokenAfterReuse"] = skipped("the first refresh gave no new refresh token")
    else:
        steps["newTokenAfterReuse"], _ = refresh(second)
    return steps


def main():
    parser = argparse.ArgumentParser(description="An OpenID Connect relying party on authlib, in two steps.")
    commands = parser.add_subparsers(dest="command", required=True)
    start = commands.add_parser("begin", help="make the authorization URL")
    start.add_argument("--issuer", required=True)
    start.add_argument("--client-id", required=True)
    start.add_argument("--client-secret")
    start.add_argument("--redirect-uri", required=True)
    start.add_argument("--state-file", required=True)
    start.add_argument("--scope", default="openid profile email offline_access")
    start.add_argument("--token-endpoint-auth-method", choices=AUTH_METHODS,
                       help="default: client_secret_basic with a secret, none without")
    end = commands.add_parser("finish", help="exchange the code and try every endpoint")
    end.add_argument("--state-file", required=True)
    end.add_argument("--callback-url", required=True)
    end.add_argument("--keep-tokens", action="store_true",
                     help="skip the revocation steps, so that the refresh steps run on a live grant (a provider "
                          "that revokes the whole grant with its access token refuses them otherwise)")
    arguments = parser.parse_args()

    if arguments.command == "begin":
        if "openid" not in arguments.scope.split():
            parser.error("--scope must include openid")
        if arguments.token_endpoint_auth_method in ("client_secret_basic", "client_secret_post") \
                and not arguments.client_secret:
            parser.error(f"--token-endpoint-auth-method {arguments.token_endpoint_auth_method} needs --client-secret")
        emit(begin(arguments))
    else:
        emit(finish(arguments))


if __name__ == "__main__":
    # authlib warns about its own deprecated modules on import paths it still uses; stdout stays JSON only.
    warnings.simplefilter("ignore", DeprecationWarning)
    main()
