"""Performing an act through a running casefile server (``CASEFILE_SERVER_URL``, with the API
token ``CASEFILE_TOKEN``) instead of in this process: ``POST /api/v1/cases/{number}/acts``.

The request carries an ``Idempotency-Key`` derived from the act's content (the case number and
the act, never the clock), so a retry — this function's own, after a lost connection or a busy
server, or the same command run again — gets the first answer and files nothing twice. An error
answer (problem+json) is raised here as the same CasefileError (its class from ``code``, else its
family) with the server's message and field, so the command prints what it would have printed
performing the act itself.
"""

from __future__ import annotations

import hashlib
import json
import time
from datetime import datetime
from typing import Any
from urllib.parse import quote

from casefile.acts import ActIn
from casefile.errors import ConfigurationError, Internal
from casefile.record.uploads import Uploads

#: Attempts for an answer that may not have been given (no connection, a timeout, 502/503/504),
#: and the pause before each retry (seconds).
ATTEMPTS = 4
BACKOFF = (0.5, 1.0, 2.0)
TIMEOUT = 60.0
_RETRY_STATUSES = frozenset({502, 503, 504})


def idempotency_key(act: ActIn, case_number: str | None, uploads: Uploads | None = None) -> str:
    """The key of an act's request: "act-" + the sha256 of the canonical JSON of the case number
    and the act (its full model, defaults included: the same act however it was written), and the
    sha256 of each file uploaded with it."""
    content: dict[str, Any] = {"case": case_number, "act": act.model_dump(mode="json", by_alias=True)}
    if uploads:
        content["uploads"] = uploads.digest()
    blob = json.dumps(content, sort_keys=True, ensure_ascii=False, default=str)
    return "act-" + hashlib.sha256(blob.encode()).hexdigest()


def perform_remote(server_url: str, token: str, act: ActIn, *, case_number: str | None, as_of: datetime,
                   party: str | None = None, uploads: Uploads | None = None) -> Any:
    """Perform ``act`` on ``case_number`` as of ``as_of`` through the casefile server at
    ``server_url`` with the API token ``token``; returns the server's casefile.app.ActResult
    (its ``pending`` documents are being issued by the server). With ``uploads`` the request is
    ``multipart/form-data``: the act as the JSON part ``act``, each file as the part named after
    its field (docs/api.md).

    ``party``: for open-case, the party the token's organization represents. Raises
    ConfigurationError (no token; the server cannot be reached), the CasefileError the server
    answered (same class, message and field), Internal (the server failed or did not answer:
    the act may be recorded; running the command again is safe)."""
    import httpx

    from casefile.app import ActResult
    from casefile.http.codes import MEDIA_TYPE, error_from_problem

    if not token:
        raise ConfigurationError(f"CASEFILE_TOKEN: set it to your API token to perform acts through the casefile server "
                                 f"at {server_url} (an admin makes one: casefile tokens create EMAIL)")
    number = case_number if case_number is not None else getattr(getattr(act, "case", None), "number", None)
    if not number:
        raise ConfigurationError(f"{act.act_name}: name the case the act is on")
    url = f"{server_url.rstrip('/')}/api/v1/cases/{quote(str(number), safe='')}/acts"
    params = {"as_of": as_of.isoformat()}
    if party is not None:
        params["party"] = party
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": idempotency_key(act, number, uploads),
               "Accept": f"application/json, {MEDIA_TYPE}"}
    body = act.model_dump(mode="json", by_alias=True)
    send: dict[str, Any] = {"json": body}
    if uploads:
        parts: list[tuple[str, tuple[str | None, bytes, str]]] = [
            ("act", (None, json.dumps(body).encode("utf-8"), "application/json"))]
        parts += [(u.field, (u.original_name, u.data, u.media_type)) for u in uploads.all()]
        send = {"files": parts}
    last: str = ""
    with httpx.Client(timeout=TIMEOUT) as client:
        for attempt in range(ATTEMPTS):
            if attempt:
                time.sleep(BACKOFF[min(attempt - 1, len(BACKOFF) - 1)])
            try:
                answer = client.post(url, params=params, headers=headers, **send)
            except httpx.ConnectError as exc:
                if attempt == ATTEMPTS - 1:
                    raise ConfigurationError(f"CASEFILE_SERVER_URL={server_url}: cannot reach the casefile server "
                                             f"({type(exc).__name__}: {exc})") from None
                last = f"{type(exc).__name__}: {exc}"
                continue
            except httpx.TransportError as exc:  # a timeout or a dropped connection: the act may be recorded
                last = f"{type(exc).__name__}: {exc}"
                continue
            if answer.status_code in _RETRY_STATUSES:
                last = f"HTTP {answer.status_code}"
                continue
            if answer.is_success:
                return ActResult.model_validate(answer.json())
            raise error_from_problem(_problem(answer), answer.status_code)
    raise Internal(f"the casefile server at {server_url} did not answer ({last}) after {ATTEMPTS} attempts; the act may "
                   "be recorded: run the same command again (it files nothing twice)", code="server-unavailable")


def _problem(answer: Any) -> dict[str, Any]:
    try:
        data = answer.json()
    except ValueError:
        data = None
    if isinstance(data, dict) and ("code" in data or "detail" in data):
        return data
    return {"detail": f"the casefile server answered HTTP {answer.status_code}: {answer.text[:200]}"}
