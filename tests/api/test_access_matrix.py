"""The access matrix: every API route, asked by an anonymous client, each role of the union side
(rwdsu-legal, representing the petitioner), each role of the employer side (amazon-firm), an
organization that only watches the case, the Region, and an organization linked to nothing —
each answer checked against the rules (casefile/record/access.py): allowed (200), or 401 (no
token), 404 (a case or document one may not see, exactly as one that does not exist), 403 (the
case is visible but the role may not do the act). For every allowed answer, the offer of proof
(RWDSU's, confidential: 102.69(a)(8), R-G7) is absent for everyone but the union side and the
Region: not listed, not in any field, not downloadable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.accounts.world import NUMBER, PRINCIPALS, World

UNION = ("union-admin", "union-counsel", "union-staff", "union-viewer")
EMPLOYER = ("employer-admin", "employer-counsel", "employer-staff", "employer-viewer")
EVERYONE = ("anonymous", *PRINCIPALS)
SEE_CASE = {*UNION, *EMPLOYER, "watcher", "region"}
SEE_OFFER = {*UNION, "region"}
AS_OF = "2021-04-16T18:00:00-04:00"
#: What the offer of proof holds (examples/bessemer-10-RC-269250.yaml): none of it may reach another party.
OFFER_WITNESS = "[NOT IN THE PUBLIC RECORD: witnesses named in the offer of proof]"
OFFER_SUMMARY = "[NOT IN THE PUBLIC RECORD: summary of expected testimony; offers of proof are confidential to the Region]"
OFFER_TITLE = "Petitioner's Offer of Proof in Support of Objections"


def _case_route(who: str) -> int:
    return 401 if who == "anonymous" else 200 if who in SEE_CASE else 404


def _signed_in(who: str) -> int:
    return 401 if who == "anonymous" else 200


def _offer_download(who: str) -> int:
    return 401 if who == "anonymous" else 200 if who in SEE_OFFER else 404


def _refile_objections(who: str) -> int:
    """RWDSU's objections with their offer of proof sent again (already recorded: 200, nothing new):
    the union side's admin, counsel and staff file them; nobody else — RWDSU is represented here, so
    its acts are its own (the Region and the employer record none of them), and the employer never
    has its offer of proof (served on no other party); viewers and a watching organization act on nothing."""
    if who == "anonymous":
        return 401
    if who == "outsider":
        return 404
    return 200 if who in {"union-admin", "union-counsel", "union-staff"} else 403


def _rerecord_tally(who: str) -> int:
    """The Board agent's tally recorded again: the Region performs it; the Region being represented
    here, no party's organization records it (its acts are its own); a watcher acts on nothing."""
    if who == "anonymous":
        return 401
    if who == "outsider":
        return 404
    return 200 if who == "region" else 403


def _routes(world: World) -> list[tuple[str, str, str, dict[str, Any], Callable[[str], int]]]:
    """(name, method, path, request options, expected status by principal)."""
    from tests.acts.procedure import scenario

    tally, objections = (e.model_dump(mode="json", by_alias=True) for e in scenario().events[:2])
    docs = world.documents
    return [
        ("list cases", "GET", "/cases", {}, _signed_in),
        ("case", "GET", f"/cases/{NUMBER}", {}, _case_route),
        ("docket", "GET", f"/cases/{NUMBER}/docket", {}, _case_route),
        ("case deadlines", "GET", f"/cases/{NUMBER}/deadlines", {"params": {"as_of": AS_OF}}, _case_route),
        ("case documents", "GET", f"/cases/{NUMBER}/documents", {}, _case_route),
        ("case file export", "GET", f"/cases/{NUMBER}/export", {}, _case_route),
        ("permitted acts", "GET", f"/cases/{NUMBER}/acts", {}, _case_route),
        ("deadlines", "GET", "/deadlines", {"params": {"as_of": AS_OF, "due_before": "2022-01-01"}}, _signed_in),
        ("tally PDF", "GET", f"/documents/{docs['tally-of-ballots']}", {}, _case_route),
        ("objections PDF", "GET", f"/documents/{docs['objections']}", {}, _case_route),
        ("offer-of-proof PDF", "GET", f"/documents/{docs['offer-of-proof']}", {}, _offer_download),
        ("file objections", "POST", f"/cases/{NUMBER}/acts", {"json": objections, "params": {"as_of": AS_OF}},
         _refile_objections),
        ("record tally", "POST", f"/cases/{NUMBER}/acts", {"json": tally, "params": {"as_of": AS_OF}}, _rerecord_tally),
        ("tally calculator", "GET", "/calculators/tally",
         {"params": {"choice": "Retail, Wholesale and Department Store Union=875", "against": 993, "challenged": 416,
                     "void": 59, "eligible": 6153}}, _signed_in),
        ("deadline calculator", "GET", "/calculators/deadline",
         {"params": {"kind": "objections", "trigger": "2021-04-09", "petition_filed": "2020-11-20", "region": "10",
                     "office": "Atlanta"}}, _signed_in),
        ("problem type", "GET", "/problems/untimely-filing", {}, lambda who: 200),
        ("link requests", "GET", "/link-requests", {}, _signed_in),
        # a request without its case and party: refused for its body, after the token (nothing stored)
        ("ask to be linked", "POST", "/link-requests", {"json": {}}, lambda who: 401 if who == "anonymous" else 422),
        # only the operator decides a link request: every user is refused from the role alone, whatever the id
        ("decide a link request", "POST", "/link-requests/999999/decision", {"json": {"decision": "approve"}},
         lambda who: 401 if who == "anonymous" else 403),
    ]


#: The number of routes the matrix asks (the test below checks it is every route of the API).
ROUTES = 19


def test_the_matrix_asks_every_route_of_the_api(client: Any, world: World) -> None:
    """Every (method, path template) of the OpenAPI is asked by the matrix."""
    spec = client.get("/api/v1/openapi.json").json()
    templates = {(m.upper(), p) for p, ops in spec["paths"].items() for m in ops}
    asked = {(method, _template(path)) for _, method, path, _, _ in _routes(world)}
    assert asked == templates
    assert len(_routes(world)) == ROUTES


def _template(path: str) -> str:
    parts = path.split("/")
    out = []
    for i, part in enumerate(parts):
        before = parts[i - 1] if i else ""
        if before == "cases" and part:
            out.append("{number}")
        elif before == "documents" and part.isdigit():
            out.append("{document_id}")
        elif before == "link-requests" and part.isdigit():
            out.append("{request_id}")
        elif before == "problems":
            out.append("{code}")
        else:
            out.append(part)
    return "/".join(out)


def _zip_text(content: bytes) -> str:
    """A zip's file names and the text of its files that are not PDFs (the PDFs' titles are in its manifest)."""
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        names = archive.namelist()
        return "\n".join(names + [archive.read(n).decode("utf-8") for n in names if not n.endswith(".pdf")])


@pytest.mark.parametrize("who", EVERYONE)
def test_each_principal_gets_what_the_rules_allow(client: Any, world: World, who: str) -> None:
    """Each route answers this principal with the status the access rules give; errors are
    problem+json; allowed answers hold no trace of the offer of proof unless the principal is the
    union side or the Region (and then they do: the check can fail)."""
    wrong = []
    for name, method, path, options, expected in _routes(world):
        answer = client.request(method, f"/api/v1{path}", headers=world.headers(who), **options)
        want = expected(who)
        if answer.status_code != want:
            wrong.append(f"{name}: {answer.status_code} (want {want}) {answer.text[:200]}")
            continue
        if answer.status_code >= 400:
            assert answer.headers["content-type"].startswith("application/problem+json"), name
            body = answer.json()
            assert body["status"] == want and body["code"] and body["detail"], body
            continue
        if answer.headers["content-type"].startswith("application/pdf"):
            assert answer.content.startswith(b"%PDF-"), name
            continue
        text = _zip_text(answer.content) if answer.headers["content-type"] == "application/zip" else answer.text
        if who in SEE_OFFER and name in ("case", "case documents", "case file export"):
            assert OFFER_TITLE in text, f"{name}: the offer of proof is missing for {who}"
        if who not in SEE_OFFER:
            for secret in (OFFER_WITNESS, OFFER_SUMMARY, OFFER_TITLE, f"/documents/{world.documents['offer-of-proof']}"):
                assert secret not in text, f"{name}: {who} was shown {secret!r}"
    assert not wrong, f"{who}:\n" + "\n".join(wrong)


def test_what_the_employer_side_sees_of_the_case(client: Any, world: World) -> None:
    """The employer's counsel sees the case, its tally and RWDSU's objections (served on it), with
    the documents it was served — and neither the offer of proof's document, nor its filing, nor
    its docket entry."""
    view = client.get(f"/api/v1/cases/{NUMBER}", headers=world.headers("employer-counsel")).json()
    assert [d["kind"] for d in view["documents"]] == ["tally-of-ballots", "objections"]
    assert [f["kind"] for f in view["elections"][0]["filings"]] == ["objections"]
    assert view["elections"][0]["tallies"][0]["choices"] == [
        {"name": "Retail, Wholesale and Department Store Union", "votes": 738}]
    assert view["elections"][0]["objections"] == {"Retail, Wholesale and Department Store Union": {"pending": 23}}
    issued = [e["summary"] for e in view["docket"] if e["act"] == "issue-document"]
    assert len(issued) == 2 and not any("Offer of Proof" in s for s in issued)
    union = client.get(f"/api/v1/cases/{NUMBER}", headers=world.headers("union-viewer")).json()
    assert [d["kind"] for d in union["documents"]] == ["tally-of-ballots", "objections", "offer-of-proof"]
    assert [f["kind"] for f in union["elections"][0]["filings"]] == ["objections", "offer-of-proof"]
    assert all("path" not in d for d in union["documents"]) and "/tmp" not in str(union)


def test_the_list_of_cases_is_the_visible_cases(client: Any, world: World) -> None:
    """The outsider's list is empty; everyone linked sees the one case, with its stage."""
    outsider = client.get("/api/v1/cases", headers=world.headers("outsider")).json()
    assert outsider == {"total": 0, "offset": 0, "limit": 50, "items": []}
    watcher = client.get("/api/v1/cases", headers=world.headers("watcher")).json()
    assert [(c["case_number"], c["stage"]) for c in watcher["items"]] == [(NUMBER, "objections-pending")]


def test_the_calculators_need_no_account_on_a_demo_instance(world: World) -> None:
    """With public calculators (a demo instance) an anonymous client gets the Bessemer 2022
    arithmetic: RWDSU needs 119 of the 416 challenged ballots; the case routes still need a token."""
    from fastapi.testclient import TestClient

    from casefile.api import create_app

    with TestClient(create_app(public_calculators=True)) as anonymous:
        answer = anonymous.get("/api/v1/calculators/tally", params={
            "choice": "RWDSU=875", "against": 993, "challenged": 416, "void": 59, "eligible": 6153})
        assert answer.status_code == 200
        body = answer.json()
        assert (body["valid"], body["determinative"], body["outcome"]) == (1868, True, "PENDING")
        rep = next(r for r in body["challenge_analysis"] if r["outcome"] == "REP")
        assert (rep["fewest_needed"]["count"], rep["all_opened"]["count"]) == (119, 268)
        due = anonymous.get("/api/v1/calculators/deadline", params={
            "kind": "objections", "trigger": "2022-03-31", "petition_filed": "2020-11-20", "region": "10",
            "office": "Atlanta"}).json()
        assert (due["due_on"], due["cutoff_at"]) == ("2022-04-07", "2022-04-07T23:59:59-04:00")
        assert anonymous.get(f"/api/v1/cases/{NUMBER}").status_code == 401
