"""More of the reliability probe's inputs, one list per category of ../shared/reviews/reliability-trial.md: scenario
files (replayed in process, as the trial replayed the ones ``load_scenario`` accepted), tally files and NLRB CSV
files through the command line, NLRB CSV cells imported in process, API bodies and web forms (the application in
process: bench/probe_reliability_inproc.py). ``m`` is bench/probe_reliability.py (its Probe, write, the base
files' text); each category also has a valid control input, which must be accepted.
"""

from __future__ import annotations

import json
from typing import Any

import probe_reliability_inproc as inproc

RWDSU = "Retail, Wholesale and Department Store Union"


def probes(m: Any) -> list[Any]:
    P: list[Any] = []
    P += scenarios(m)
    P += tally_files(m)
    P += csv_cells(m)
    P += csv_files(m)
    P += api_bodies(m)
    P += web_forms(m)
    return P


def scenarios(m: Any) -> list[Any]:
    P: list[Any] = []
    ok = m.scenario_yaml()

    def add(name: str, text: str, expected: str = "refuse") -> None:
        path = m.write(f"sx-{len(P)}.yaml", text)
        P.append(m.Probe(name, "empty", ["replay", path], expected=expected, interface="in process `replay`",
                         category="scenario files", call=inproc.replay_file(path)))

    def event(old: str, new: str) -> str:
        assert old in ok, old
        return ok.replace(old, new, 1)

    add("scenario (control): the probe's Bessemer tally, valid", ok, expected="accept")
    add("scenario: election held 2021-03-29 to 2021-02-08 (ends before it begins)",
        event("held_from_on: 2021-02-08, held_to_on: 2021-03-29", "held_from_on: 2021-03-29, held_to_on: 2021-02-08"))
    add("scenario: tally 2021-03-28, before voting ended 2021-03-29", m.scenario_yaml(first_date="2021-03-28"))
    add("scenario: election held 2019, before the petition",
        event("held_from_on: 2021-02-08", "held_from_on: 2019-01-01"))
    add("scenario: `eligible_exact: yes`", event("eligible: 5867\n", "eligible: 5867\n    eligible_exact: yes\n"))
    add("scenario: `eligible_exact: 1`", event("eligible: 5867\n", "eligible: 5867\n    eligible_exact: 1\n"))
    add("scenario: NUL in the case name", event('name: "Amazon.com Services LLC"', 'name: "Amazon\\0Services"'))
    add('scenario: blank case name `"  "`', event('name: "Amazon.com Services LLC"', 'name: "  "'))
    add("scenario: blank party name", event('name: "Retail, Wholesale and Department Store Union"}',
                                            'name: "   "}'))
    add("scenario: `against: -1`", event("against: 1798", "against: -1"))
    add("scenario: `against: 017` (octal-looking)", event("against: 1798", "against: 017"))
    add("scenario: `against: 1.5`", event("against: 1798", "against: 1.5"))
    add("scenario: `against: '1798'` (a string)", event("against: 1798", "against: '1798'"))
    add("scenario: `against: 10000001` (over the bound)", event("against: 1798", "against: 10000001"))
    add("scenario: a repeated key (`void` twice)", event("void: 76\n", "void: 76\n    void: 77\n"))
    add("scenario: an unknown act", event("act: record-tally", "act: record-tallies"))
    add("scenario: an unknown field on the event", event("void: 76\n", "void: 76\n    spoiled: 3\n"))
    add("scenario: `casefile-scenario: 2`", ok.replace("casefile-scenario: 1", "casefile-scenario: 2"))
    add("scenario: not a mapping (a list)", "- 1\n- 2\n")
    add("scenario: not UTF-8 (cp1252 byte in the title)", ok.replace('title: "probe"', 'title: "probe \x92"'))
    add("scenario: case number in fullwidth digits", ok.replace("number: 10-RC-269250", "number: １０-RC-269250"))
    add("scenario: case number `10-XX-269250`", ok.replace("number: 10-RC-269250", "number: 10-XX-269250"))
    add("scenario: `date: 2021-02-30`", m.scenario_yaml(first_date="2021-02-30"))
    add("scenario: 21 choices (over the ballot's 20)",
        event(f'choices: {{"{RWDSU}": 738}}',
              "choices: {" + ", ".join(f'"Union {i}": {i}' for i in range(21)) + "}"))
    objections = ("  - date: 2021-04-15\n    act: file-objections\n    party: rwdsu\n"
                  "    objections: [{objections}]\n{extra}")
    add('scenario: objections `["   "]`', ok + objections.format(objections='"   "', extra=""))
    add("scenario: objections `[]`", ok + objections.format(objections="", extra=""))
    add("scenario: objections with `at: 5`", ok + objections.format(objections='"Threats."', extra="    at: 5\n"))
    add("scenario: objections dated 2021-04-01, before the tally of 2021-04-09 (events out of order)",
        ok + objections.format(objections='"Threats."', extra="").replace("2021-04-15", "2021-04-01"))
    add("scenario: objections by party `nobody`",
        ok + objections.format(objections='"Threats."', extra="").replace("party: rwdsu", "party: nobody"))
    add("scenario: a certification dated 2099-06-08",
        ok + "  - date: 2099-06-08\n    act: certification\n")
    add("scenario: `until: 2099-01-01` (a final sweep in the future)", ok.replace("events:\n", "until: 2099-01-01\nevents:\n"))
    add("scenario: the tally repeated with other figures",
        ok + ok.split("events:\n", 1)[1].replace("against: 1798", "against: 1797"))
    return P


def tally_files(m: Any) -> list[Any]:
    P: list[Any] = []

    def add(name: str, text: str, *extra: str, expected: str = "refuse", base: str = "opened") -> None:
        path = m.write(f"tx-{len(P)}.yaml", text)
        P.append(m.Probe(name, base, ["tally", "record", path, *extra], expected=expected,
                         interface="CLI `tally record` file", category="tally files"))

    ok = m.tally_yaml()
    add("tally file (control): the probe's Bessemer tally, valid", ok, "--as-of", "2021-04-09T18:00:00-05:00",
        expected="accept")
    add("tally file: `choices: {}`", ok.replace(f'choices: {{"{RWDSU}": 738}}', "choices: {}"))
    add("tally file: `challenged: '505'` (a string)", ok.replace("challenged: 505", "challenged: '505'"))
    add("tally file: `void: 1.5`", ok.replace("void: 76", "void: 1.5"))
    add("tally file: `kind: final`", ok.replace("kind: initial", "kind: final"))
    add("tally file: an unknown case 10-RC-999999", m.tally_yaml(case="10-RC-999999"))
    add("tally file: case number in Arabic-Indic digits", ok.replace("10-RC-269250", "١٠-RC-269250"))
    add("tally file: an unknown field `spoiled: 3`", ok + "spoiled: 3\n")
    add("tally file: `election: {method: pigeon}`", ok.replace("method: mail", "method: pigeon"))
    add("tally file: empty", "")
    add("tally file: not UTF-8", ok.replace("Union", "Uni\x92n"))
    add("tally file: the tally again with other figures (already recorded)", ok.replace("against: 1798", "against: 1797"),
        base="tallied")
    return P


def csv_cells(m: Any) -> list[Any]:
    """Cells of the sample's first record (06-RC-311772: filed 02/07/2023, tallied 03/30/2023, closed 04/07/2023;
    14 eligible, 2 for the union, 9 against, 11 counted, 2 challenged), each imported alone in process."""
    P: list[Any] = []

    def add(name: str, expected: str = "refuse", **cells: str) -> None:
        path = m.write(f"nx-{len(P)}.csv", m.csv_one_row(**cells))
        P.append(m.Probe(name, "empty", ["import", "nlrb-results", path], expected=expected,
                         interface="in process import (one write session)", category="NLRB CSV cells",
                         call=inproc.import_csv(path)))

    add("CSV cell (control): the record as exported", expected="accept")
    for column, values in {
        "Case Number": ["", "06-XX-311772", "０６-RC-311772", "06-RC-311772-extra"],
        "Case Name": ["", "   ", "48forty\x00Solutions"],
        "Date Filed": ["02/30/2023", "2023-02-07", "02/07/2099", "04/01/2023"],
        "Tally Date": ["", "13/30/2023", "03/30/2099", "01/01/2023", "04/08/2023"],
        "Date Closed": ["01/01/2023", "12/31/2099", "03/29/2023"],
        "No of Eligible Voters": ["-14", "fourteen", "99999999999"],
        "Votes for Labor Union1": ["-2", "2.5", "x", "99999999999"],
        "Votes Against": ["-9", "nine"],
        "Challenged Ballots": ["-2", "two"],
        "Void Ballots": ["-1"],
        "Total Ballots Counted": ["500"],
        "Tally Type": ["Bogus"],
        "Ballot Type": [""],
    }.items():
        for value in values:
            add(f"CSV cell: {column} {value!r}", **{column: value})
    return P


def csv_files(m: Any) -> list[Any]:
    P: list[Any] = []
    sample = m.csv_one_row()
    header = sample.split("\r\n", 1)[0]

    def add(name: str, data: bytes, expected: str = "refuse") -> None:
        m.FILES.mkdir(parents=True, exist_ok=True)
        path = m.FILES / f"fx-{len(P)}.csv"
        path.write_bytes(data)
        P.append(m.Probe(name, "empty", ["import", "nlrb-results", str(path)], expected=expected,
                         interface="CLI `import nlrb-results`", category="NLRB CSV files"))

    add("CSV file (control): one record as exported", sample.encode(), expected="accept")
    add("CSV file: empty", b"")
    add("CSV file: the header alone", (header + "\r\n").encode())
    add("CSV file: a column missing from the header", sample.replace("Void Ballots,", "", 1).encode())
    add("CSV file: the tallies format given as the NLRB export", (m.ROOT / "tests" / "fixtures" /
                                                                  "tallies-sample.csv").read_bytes()[:4000])
    add("CSV file: Windows-1252 (a curly apostrophe as 0x92)", sample.encode("utf-8").replace("’".encode(), b"\x92"))
    add("CSV file: a PDF", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
    add("CSV file: the record cut inside its quoted unit description", sample[: len(sample) - 200].encode())
    add("CSV file: the record cut inside a character (a byte of '’' left)",
        sample.encode()[: sample.encode().index("’".encode()) + 1])
    return P


def api_bodies(m: Any) -> list[Any]:
    P: list[Any] = []
    case = m.CASE
    tally = {"act": "record-tally", "date": "2021-04-09", "kind": "initial", "choices": {RWDSU: 738}, "against": 1798,
             "challenged": 505, "void": 76, "eligible": 5867,
             "election": {"method": "mail", "held_from_on": "2021-02-08", "held_to_on": "2021-03-29"}}
    objections = {"act": "file-objections", "party": "rwdsu", "at": "2021-04-15T12:00:00-04:00",
                  "objections": ["Threats."]}
    as_of_tally, as_of_obj = "2021-04-09T18:00:00-04:00", "2021-04-15T12:00:00-04:00"

    def add(name: str, base: str, body: Any = None, *, who: str = inproc.REGION, as_of: str | None = None,
            expected: str = "refuse", raw: bytes | None = None, number: str = case) -> None:
        as_of = as_of or (as_of_obj if base == "tallied" else None)
        P.append(m.Probe(name, base, ["POST", f"/api/v1/cases/{number}/acts", json.dumps(body)[:200] if raw is None
                                      else repr(raw[:80])], expected=expected,
                         interface="API `POST /cases/{number}/acts`", category="API bodies",
                         call=inproc.api_act(number, body, who=who, as_of=as_of, raw=raw)))

    def t(**changes: Any) -> dict[str, Any]:
        return {**tally, **changes}

    def o(**changes: Any) -> dict[str, Any]:
        return {**objections, **changes}

    add("API (control): the tally, valid", "opened", tally, as_of=as_of_tally, expected="accept")
    add("API (control): RWDSU's objections, valid", "tallied", objections, who=inproc.UNION, expected="accept")
    add("API: the tally's election ends before it begins", "opened",
        t(election={"method": "mail", "held_from_on": "2021-03-29", "held_to_on": "2021-02-08"}), as_of=as_of_tally)
    add("API: the tally prepared 2021-03-28, before voting ended", "opened", t(date="2021-03-28"),
        as_of="2021-03-28T18:00:00-04:00")
    add("API: the election held 2019, before the petition", "opened",
        t(election={"method": "mail", "held_from_on": "2019-01-01", "held_to_on": "2019-01-05"}), as_of=as_of_tally)
    for value in ("yes", 1, "true"):
        add(f"API: `eligible_exact: {json.dumps(value)}`", "opened", t(eligible_exact=value), as_of=as_of_tally)
    add("API: NUL in a choice", "opened", t(choices={"Retail\x00Union": 738}), as_of=as_of_tally)
    for value in (-1, 1.5, "1798", 10**7, True, None):
        add(f"API: `against: {json.dumps(value)}`", "opened", t(against=value), as_of=as_of_tally)
    add("API: `date: \"2021-02-30\"`", "opened", t(date="2021-02-30"), as_of=as_of_tally)
    add("API (control): `date: null`, the date left out: the tally dated as of its `as_of` (docs/scenario-format.md)",
        "opened", t(date=None), as_of=as_of_tally, expected="accept")
    add("API: 21 choices", "opened", t(choices={f"Union {i}": i for i in range(21)}), as_of=as_of_tally)
    add("API: `as_of` 9999-12-31", "opened", tally, as_of="9999-12-31T00:00:00+00:00")
    add("API: `as_of` 2100-01-01", "opened", tally, as_of="2100-01-01T00:00:00+00:00")
    add("API: the tally again with other figures", "tallied", t(against=1797), as_of=as_of_tally)
    for value in (5, 1.5, "2100-01-01T00:00:00Z", "2020-01-01T12:00:00-05:00", "not a time"):
        add(f"API: objections `at: {json.dumps(value)}`", "tallied", o(at=value), who=inproc.UNION)
    for value in (["   "], [], [""], ["Threats\x00."], "Threats."):
        add(f"API: `objections: {json.dumps(value)}`", "tallied", o(objections=value), who=inproc.UNION)
    add("API: objections by party `nobody`", "tallied", o(party="nobody"), who=inproc.UNION)
    add("API: an extra field `junk`", "tallied", o(junk=1), who=inproc.UNION)
    add("API: an unknown act", "tallied", o(act="no-such-act"), who=inproc.UNION)
    add("API: a body that is a list", "tallied", [objections], who=inproc.UNION)
    add("API: an empty object", "tallied", {}, who=inproc.UNION)
    add("API: a body that is not JSON", "tallied", raw=b"{not json", who=inproc.UNION)
    add("API: NaN in a count", "opened", raw=json.dumps(tally).replace("1798", "NaN").encode(), as_of=as_of_tally)
    add("API: a case number in fullwidth digits", "tallied", objections, who=inproc.UNION, number="１０-RC-269250")
    add("API: the objections as of 2021-04-20 (after the period)", "tallied", o(at=None, date="2021-04-20"),
        who=inproc.UNION, as_of="2021-04-20T12:00:00-04:00")
    notice = {"act": "notice-hearing", "date": "2021-04-26", "opens_on": "2021-05-07", "presiding": "Kerstin Meyers",
              "place": "Videoconference"}
    add("API: the notice of hearing again with another `opens_on`", "noticed", {**notice, "opens_on": "2021-05-10"},
        as_of="2021-04-26T12:00:00-04:00")
    add("API: the notice of hearing again with `opens_on: null`", "noticed", {**notice, "opens_on": None},
        as_of="2021-04-26T12:00:00-04:00")
    add("API: a notice whose hearing opens 2021-04-20, before the notice", "objected",
        {**notice, "opens_on": "2021-04-20"}, as_of="2021-04-26T12:00:00-04:00")
    add("API: a transfer order dated 2020-01-01, before the petition", "tallied",
        {"act": "transfer-case", "date": "2020-01-01", "region": "15", "order": "GC order"}, as_of=as_of_tally)
    add('API: counsel named `"   "`', "tallied", {"act": "add-counsel", "date": "2021-04-10", "party": "rwdsu",
                                                   "name": "   "}, as_of="2021-04-10T12:00:00-04:00")
    return P


def web_forms(m: Any) -> list[Any]:
    P: list[Any] = []
    case = m.CASE
    tally = {"date": "2021-04-09", "kind": "initial", "choices-rows": "1", "choices-0-name": RWDSU,
             "choices-0-votes": "738", "against": "1798", "challenged": "505", "void": "76", "eligible": "5867",
             "method": "mail", "held_from_on": "2021-02-08", "held_to_on": "2021-03-29"}
    objections = {"date": "2021-04-15", "time": "12:00", "party": "rwdsu", "objections-rows": "1",
                  "offer_of_proof-rows": "1", "objections-0": "Threats.", "method": "e-filing"}

    def add(name: str, base: str, act: str, fields: dict[str, str], *, who: str = inproc.REGION,
            expected: str = "refuse") -> None:
        P.append(m.Probe(name, base, ["POST", f"/cases/{case}/acts/{act}", json.dumps(fields)[:200]],
                         expected=expected, interface=f"web form `{act}`", category="web forms",
                         call=inproc.web_form(case, act, fields, who=who)))

    add("web (control): the tally, valid", "opened", "record-tally", tally, expected="accept")
    add("web (control): RWDSU's objections, valid", "tallied", "file-objections", objections, who=inproc.UNION,
        expected="accept")
    add("web: the election ends before it begins", "opened", "record-tally",
        {**tally, "held_from_on": "2021-03-29", "held_to_on": "2021-02-08"})
    add("web: the tally dated 2021-03-28, before voting ended", "opened", "record-tally", {**tally, "date": "2021-03-28"})
    add("web: the election held 2019, before the petition", "opened", "record-tally",
        {**tally, "held_from_on": "2019-01-01", "held_to_on": "2019-01-05"})
    add("web: the tally dated 2099-01-01", "opened", "record-tally", {**tally, "date": "2099-01-01"})
    add("web: `against` -1", "opened", "record-tally", {**tally, "against": "-1"})
    add("web: `against` 99999999999999999999", "opened", "record-tally", {**tally, "against": "99999999999999999999"})
    add("web: votes `eight hundred`", "opened", "record-tally", {**tally, "choices-0-votes": "eight hundred"})
    add("web: NUL in a choice", "opened", "record-tally", {**tally, "choices-0-name": "Retail\x00Union"})
    add("web: date 2021-02-30", "opened", "record-tally", {**tally, "date": "2021-02-30"})
    add('web: objection `"   "`', "tallied", "file-objections", {**objections, "objections-0": "   "}, who=inproc.UNION)
    add("web: objection with NUL", "tallied", "file-objections", {**objections, "objections-0": "Threats\x00."},
        who=inproc.UNION)
    add("web: objections dated 2020-01-01, before the case", "tallied", "file-objections",
        {**objections, "date": "2020-01-01"}, who=inproc.UNION)
    add("web: objections dated 2021-04-01, before the tally", "tallied", "file-objections",
        {**objections, "date": "2021-04-01"}, who=inproc.UNION)
    add("web: objections dated 2099-04-15", "tallied", "file-objections", {**objections, "date": "2099-04-15"},
        who=inproc.UNION)
    add("web: time `25:61`", "tallied", "file-objections", {**objections, "time": "25:61"}, who=inproc.UNION)
    add("web: objections by party `nobody`", "tallied", "file-objections", {**objections, "party": "nobody"},
        who=inproc.UNION)
    add("web: a witness for objection 99999999999999999999", "tallied", "file-objections",
        {**objections, "offer_of_proof-0-objection": "99999999999999999999", "offer_of_proof-0-witness": "A. Witness",
         "offer_of_proof-0-summary": "Saw it."}, who=inproc.UNION)
    add("web: the objections after the period (2021-04-20)", "tallied", "file-objections",
        {**objections, "date": "2021-04-20"}, who=inproc.UNION)
    return P


__all__ = ["probes"]
