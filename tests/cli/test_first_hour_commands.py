"""A case from the command line without a YAML file: `case open` and `tally record` take their
fields as options (every missing option named at once); `counsel add` says whose counsel the id
is; `deadlines explain` takes the case and the deadline's kind as well as its id."""

from __future__ import annotations

from pathlib import Path

from tests.cli.in_process import casefile

NUMBER = "19-RC-361042"
OPEN = ["case", "open", "--number", NUMBER, "--employer", "Cascadia Freight Services, Inc.", "--union",
        "International Brotherhood of Teamsters, Local 117", "--petition-filed-on", "2026-06-02", "--agreement",
        "stipulated", "--office", "Seattle", "--unit", "All drivers at the Kent, WA terminal.",
        "--counsel", "union=Maria Delgado,maria@cascadia-labor.example.org", "--as-of", "2026-06-03T12:00:00-07:00"]
TALLY = ["tally", "record", "--case", NUMBER, "--prepared-on", "2026-07-16", "--choice",
         "International Brotherhood of Teamsters, Local 117=41", "--against", "44", "--challenged", "6", "--void", "1",
         "--board-agent", "R. Ortiz", "--as-of", "2026-07-16T15:00:00-07:00"]


def test_a_case_opened_and_tallied_by_options(configured_db: Path) -> None:
    from casefile import app

    opened = casefile(*OPEN)
    assert opened.exit_code == 0, opened.stderr
    assert opened.stdout.startswith(f"{NUMBER}: Case opened: Cascadia Freight Services, Inc., petition filed "
                                    "June 2, 2026; the 2023 rule (current; business days for post-election periods) "
                                    "applies; receiving office Seattle, WA")  # no "rule set 2023-rule", no zone name, no ISO date
    assert opened.stdout.splitlines()[-1].startswith(f"No organization is linked to {NUMBER} yet, so it is on no one's "
                                                     f"My cases on the web: link the one representing a party "
                                                     f"(casefile orgs link ORG {NUMBER} PARTY")
    view = app.case(NUMBER)
    assert (view.office, view.agreement) == ("19-seattle", "stipulated")
    assert {p.key: p.role for p in view.parties} == {"employer": "employer", "union": "petitioner"}
    tallied = casefile(*TALLY)
    assert tallied.exit_code == 0, tallied.stderr
    assert tallied.stdout.splitlines()[0].startswith(f"{NUMBER}: Tally of Ballots")
    tally = app.case(NUMBER).elections[0].tallies[0]
    assert (tally.against, tally.challenged, tally.void, tally.choices[0]["votes"]) == (44, 6, 1, 41)

    counsel = casefile("counsel", "add", NUMBER, "--party", "employer", "--name", "Jordan Alvarez",
                       "--email", "jordan@alvarez.example.com", "--as-of", "2026-07-17T09:00:00-07:00")
    assert counsel.exit_code == 0, counsel.stderr
    assert counsel.stdout.splitlines()[0] == f"Jordan Alvarez, counsel of record for Cascadia Freight Services, Inc. in {NUMBER}"

    by_kind = casefile("deadlines", "explain", NUMBER, "objections", "--as-of", "2026-07-17")
    assert by_kind.exit_code == 0, by_kind.stderr
    first = by_kind.stdout.splitlines()[0]
    assert first.startswith("Deadline ") and first.endswith(f": Objections and offer of proof — {NUMBER} Cascadia Freight Services, Inc., "
                                                            "election 1 (initial election)")
    deadline_id = first.split()[1].rstrip(":")
    assert casefile("deadlines", "explain", deadline_id, "--as-of", "2026-07-17").stdout == by_kind.stdout
    for named in ("certification", "Earliest certification", "earliest-cert", "CERT"):  # its name, a beginning
        by_name = casefile("deadlines", "explain", NUMBER, named, "--as-of", "2026-07-17")
        assert by_name.exit_code == 0, (named, by_name.stderr)
        assert ": Earliest certification — " in by_name.stdout.splitlines()[0], named
    shown = casefile("case", "show", NUMBER, "--as-of", "2026-07-17").stdout
    assert "Hearing, if" in shown and "Post-election hearing" not in shown  # the one table of deadline names
    ambiguous = casefile("deadlines", "explain", NUMBER, "o")
    assert ambiguous.exit_code == 2
    assert ambiguous.error_lines[0].startswith("error: 'o' could be more than one kind of deadline: objections "
                                               "(Objections and offer of proof); offer-of-proof (Offer of proof)")
    missing = casefile("deadlines", "explain", NUMBER, "exceptions")
    assert missing.exit_code == 2
    assert missing.error_lines == [f"error: {NUMBER} has no exceptions deadline (its deadlines: earliest-certification, "
                                   "hearing-opens, objections, offer-of-proof)"]


def test_tally_record_takes_the_voting_method_and_days(configured_db: Path) -> None:
    """`--method mail --held-from … --held-to …`: the election is stored with them (no placeholder for a fact
    the user gave); without them, not in the record (None)."""
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Election

    assert casefile(*OPEN).exit_code == 0
    tallied = casefile(*TALLY[:-2], "--method", "mail", "--held-from", "2026-07-01", "--held-to", "2026-07-15",
                       *TALLY[-2:])
    assert tallied.exit_code == 0, tallied.stderr
    with read_session() as session:
        election = session.exec(select(Election)).one()
        assert (election.method.value if election.method else None, str(election.held_from_on),
                str(election.held_to_on)) == ("mail", "2026-07-01", "2026-07-15")


def test_every_missing_option_is_named_at_once_and_nothing_is_stored(configured_db: Path) -> None:
    from sqlalchemy import text

    from casefile.record.db import get_engine

    ran = casefile("case", "open", "--number", NUMBER, "--employer", "Cascadia Freight Services, Inc.",
                   "--counsel", "maria")
    assert ran.exit_code == 2
    assert ran.error_lines == ["error: case open: --union is required; --petition-filed-on is required; --counsel "
                               "'maria': expected PARTY=NAME[,EMAIL] with PARTY employer or union"]
    ran = casefile("tally", "record", "--case", NUMBER, "--choice", "IBT=4x1")
    assert ran.exit_code == 2
    assert ran.error_lines == ["error: tally record: --prepared-on is required; --choice 'IBT=4x1': votes for IBT must "
                               "be a whole number, got '4x1'"]
    with get_engine().connect() as conn:
        tables = [r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type='table' AND name='case'"))]
        assert not tables or conn.execute(text('SELECT COUNT(*) FROM "case"')).scalar_one() == 0


def _tally_row() -> tuple[int, str | None]:
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Tally

    with read_session() as session:
        tally = session.exec(select(Tally)).one()
        return tally.excluded, tally.excluded_reason.value if tally.excluded_reason else None


def test_ballots_excluded_at_the_count_by_options(configured_db: Path) -> None:
    """`tally record --excluded 3 --excluded-reason late-mail-ballot`: the tally keeps them (R-L5) and its
    docket summary says how many and why; a reason with no excluded ballot is refused, storing nothing."""
    from tests.acts.snapshot import default_snapshot

    assert casefile(*OPEN).exit_code == 0
    before = default_snapshot()
    refused = casefile(*TALLY, "--excluded-reason", "late-mail-ballot")
    assert refused.exit_code == 2
    assert refused.error_lines[0].startswith("error: ") and "excluded" in refused.error_lines[0]
    assert default_snapshot() == before
    tallied = casefile(*TALLY, "--excluded", "3", "--excluded-reason", "late-mail-ballot")
    assert tallied.exit_code == 0, tallied.stderr
    assert _tally_row() == (3, "late-mail-ballot")
    assert tallied.stdout.splitlines()[0].endswith(
        "; 3 ballots excluded at the count, because they were received after the date set for the return of mail "
        "ballots")


def test_ballots_excluded_at_the_count_in_a_tally_file(configured_db: Path, tmp_path: Path) -> None:
    """A tally file's `excluded` and `excluded_reason` (docs/scenario-format.md, "Tally file"); an unknown
    reason is refused naming the field, storing nothing."""
    from tests.acts.snapshot import default_snapshot

    assert casefile(*OPEN).exit_code == 0
    body = (f"case_number: {NUMBER}\nkind: initial\nprepared_on: 2026-07-16\nchoices: "
            "{\"International Brotherhood of Teamsters, Local 117\": 41}\nagainst: 44\nchallenged: 6\nvoid: 1\n"
            "board_agent: R. Ortiz\nexcluded: 2\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(body + "excluded_reason: lost\n")
    before = default_snapshot()
    refused = casefile("tally", "record", str(bad), "--as-of", "2026-07-16T15:00:00-07:00")
    assert refused.exit_code == 2
    assert "excluded_reason" in refused.error_lines[0]
    assert default_snapshot() == before
    good = tmp_path / "tally.yaml"
    good.write_text(body)
    tallied = casefile("tally", "record", str(good), "--as-of", "2026-07-16T15:00:00-07:00")
    assert tallied.exit_code == 0, tallied.stderr
    assert _tally_row() == (2, None)
    assert tallied.stdout.splitlines()[0].endswith("; 2 ballots excluded at the count, for a reason the record does "
                                                   "not state")


def test_opening_again_names_the_office_and_leaves_omitted_options_alone(configured_db: Path) -> None:
    """`case open` again with another --office and no --unit (the new user's trial): the office is a difference,
    said in words; the omitted --unit is none (its correction would have wiped the unit description); the case
    keeps what it had."""
    from casefile import app

    assert casefile(*OPEN).exit_code == 0
    before = app.case(NUMBER)
    again = casefile("case", "open", "--number", NUMBER, "--employer", "Cascadia Freight Services, Inc.", "--union",
                     "International Brotherhood of Teamsters, Local 117", "--petition-filed-on", "2026-06-02",
                     "--office", "Portland", "--as-of", "2026-06-03T12:00:00-07:00")
    assert again.exit_code == 2
    assert again.error_lines == [
        f"error: {NUMBER} is already open with other details (receiving office: Seattle, WA → Portland, OR); opening "
        "it again changes nothing: to correct the record, run nothing: no recorded detail can be corrected to read so "
        "(the receiving office recorded when the case was opened is not a detail `casefile correct case` changes)"]
    assert "--unit-description" not in again.stderr
    same = casefile("case", "open", "--number", NUMBER, "--employer", "Cascadia Freight Services, Inc.", "--union",
                    "International Brotherhood of Teamsters, Local 117", "--petition-filed-on", "2026-06-02",
                    "--office", "Seattle", "--as-of", "2026-06-03T12:00:00-07:00")
    assert same.exit_code == 0, same.stderr
    assert same.stdout.startswith(f"Case {NUMBER} is already open with these details: nothing changed")
    after = app.case(NUMBER)
    assert (after.office, len(after.docket)) == (before.office, len(before.docket))
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case

    with read_session() as session:
        assert get_case(session, NUMBER).unit_description == "All drivers at the Kent, WA terminal."


def test_a_party_named_by_its_role(configured_db: Path) -> None:
    """`--party petitioner` (the role `case show` prints) names the one petitioner (the new user's trial: refused
    as "no party 'petitioner' (parties: employer, union)"); a party nothing names is refused listing each handle
    with its role and name, and nothing is stored."""
    from casefile import app

    assert casefile(*OPEN).exit_code == 0 and casefile(*TALLY).exit_code == 0
    shown = casefile("case", "show", NUMBER, "--as-of", "2026-07-17").stdout
    # at 80 columns the line wraps between words (the handle on the next line)
    assert "petitioner International Brotherhood of Teamsters, Local 117 (--party union)" in " ".join(shown.split())
    docket = len(app.case(NUMBER).docket)
    wrong = casefile("objections", "file", NUMBER, "--party", "teamsters", "--objection", "The Employer threatened "
                     "drivers.", "--received-at", "2026-07-20T10:00:00-07:00")
    assert wrong.exit_code == 2
    assert wrong.error_lines == [
        f"error: case {NUMBER} has no party 'teamsters' (parties: employer (employer: Cascadia Freight Services, "
        "Inc.), union (petitioner: International Brotherhood of Teamsters, Local 117))"]
    assert len(app.case(NUMBER).docket) == docket
    filed = casefile("objections", "file", NUMBER, "--party", "petitioner", "--objection", "The Employer threatened "
                     "drivers.", "--received-at", "2026-07-20T10:00:00-07:00")
    assert filed.exit_code == 0, filed.stderr
    assert list(app.case(NUMBER).elections[0].objections) == ["International Brotherhood of Teamsters, Local 117"]


BAD_TALLY = f"""case_number: {NUMBER}
kind: initial
prepared_on: 2026-05-01
choices: {{"International Brotherhood of Teamsters, Local 117": 41}}
against: 44
chalenged: 6
void: 1
stated: {{valid: 58, valid_plus_challenged: 95}}
"""


def test_a_tally_file_tells_every_problem_at_once(configured_db: Path, tmp_path: Path) -> None:
    """The new user's tally file with four faults took four runs: a misspelled field, line 5, line 7 and a date
    before the petition are now told in one refusal (the misspelling read as the field it means to check the
    rest), and nothing is stored; the options' problems likewise, and an empty file says what it must hold."""
    from casefile import app

    assert casefile(*OPEN).exit_code == 0
    docket = len(app.case(NUMBER).docket)
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD_TALLY)
    ran = casefile("tally", "record", str(bad), "--as-of", "2026-07-16T15:00:00-07:00")
    assert ran.exit_code == 2
    assert ran.error_lines == [
        "error: 4 problems: field 'chalenged': 'chalenged' is not a field of the act: did you mean 'challenged'?; "
        "line 5 (valid votes counted): stated 58, but the counts give 85 valid; line 7 (valid votes counted plus "
        "challenged ballots): stated 95, but the counts give 91 valid plus challenged; the tally of ballots is dated "
        "May 1, 2026, before the petition was filed on June 2, 2026: nothing happens in a case before the petition "
        "that begins it"]
    options = casefile("tally", "record", "--case", NUMBER, "--prepared-on", "2026-05-01", "--choice",
                       "International Brotherhood of Teamsters, Local 117=41", "--against", "-44",
                       "--as-of", "2026-07-16T15:00:00-07:00")
    assert options.exit_code == 2
    assert options.error_lines == [
        "error: 2 problems: --against must be 0 or more; the tally of ballots is dated May 1, 2026, before "
        "the petition was filed on June 2, 2026: nothing happens in a case before the petition that begins it"]
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert casefile("tally", "record", str(empty)).error_lines == [
        f"error: {empty}: the tally file is empty: it holds the case_number, prepared_on, kind and choices of the "
        "tally (and its other counts), as docs/scenario-format.md ('Tally file') shows"]
    assert len(app.case(NUMBER).docket) == docket and app.case(NUMBER).elections == []


def test_what_the_record_lacks_is_worded_with_the_command_that_gives_it(configured_db: Path) -> None:
    """A case opened with no unit description and tallied with no Board agent: the command line words each fact
    with its own remedy, the command (the web links to its form instead: tests/web/test_act_forms.py)."""
    opened = casefile(*[a for a in OPEN if a not in ("--unit", "All drivers at the Kent, WA terminal.")])
    assert opened.exit_code == 0, opened.stderr
    tallied = casefile(*TALLY[:-4], *TALLY[-2:])  # no --board-agent
    assert tallied.exit_code == 0, tallied.stderr
    warned = [line for line in tallied.stderr.splitlines() if line.startswith("warning:")]
    assert warned == [
        "warning: the Tally of Ballots names no Board agent: its signature line is left blank; give `board_agent:` in "
        "the tally file (casefile tally record FILE), `--board-agent` (casefile tally record --case ...) or the act",
        f"warning: the case has no unit description: the Tally of Ballots names the voting unit by its id only; give it "
        f"with `casefile correct case {NUMBER} --unit-description '...' --why '...'`"], tallied.stderr


def test_a_number_with_a_digit_dropped_opens_no_case(configured_db: Path) -> None:
    """`case open --number 19-rc-3526` for a petition of 2026 (new user's trial F27): exit 2, one error line naming
    the option, the number and the form expected; no case is stored."""
    from sqlalchemy import text

    from casefile.record.db import get_engine

    short = [("19-rc-3526" if arg == NUMBER else arg) for arg in OPEN]
    ran = casefile(*short)
    assert ran.exit_code == 2, ran.stdout
    assert ran.error_lines == ["error: case open: --number: 19-RC-3526: its serial number 3526 has 4 digits, not 6 (a petition filed since "
                               "2012 has a number of the form RR-TT-NNNNNN, e.g. 10-RC-269250); check the number on "
                               "the petition or the Region's letters"], ran.stderr
    with get_engine().connect() as conn:
        assert conn.execute(text('SELECT COUNT(*) FROM "case"')).scalar_one() == 0


def test_the_deadlines_title_gives_its_moment_in_words(configured_db: Path) -> None:
    """`casefile deadlines --as-of …` titles its table with the moment in words, not a raw ISO instant with
    microseconds (new user's trial F14)."""
    for args in (OPEN, TALLY):
        assert casefile(*args).exit_code == 0
    listed = casefile("deadlines", "--case", NUMBER, "--as-of", "2026-07-17T09:30:00-07:00")
    assert listed.exit_code == 0, listed.stderr
    assert "Open deadlines as of 9:30 a.m. PDT on July 17, 2026" in " ".join(listed.stdout.split())
    assert "2026-07-17T" not in listed.stdout


def test_case_show_names_the_office_and_the_rules_in_words(configured_db: Path) -> None:
    """`casefile case show` gives the office by its name and the rule set by its proper name, as the case status
    report does (new user's trial F14: "office 19-seattle; rule set 2023-rule"; sixth read-through, finding 5: it
    gave casefile's short description, "2023 rule (current; business days for post-election periods)")."""
    assert casefile(*OPEN).exit_code == 0
    shown = casefile("case", "show", NUMBER)
    assert shown.exit_code == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert ("Region 19, office Seattle, WA; 29 CFR Part 102, Subpart D, as amended by the Representation-Case "
            "Procedures rule of August 25, 2023 (88 FR 58076), in effect from December 26, 2023)") in text, text
    assert "19-seattle" not in text and "2023-rule" not in text and "WA; 2023 rule (current;" not in text
