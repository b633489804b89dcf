"""People read words, never casefile's own values (issue 16, item 4), as the pages, the command line and the
calendar show them: a refusal cites 29 CFR, never a rule id of casefile's ("(R-N3)"); the link requests say who
approves in words, not a command; counts are in words that agree with their numbers; the e-filing panels and
forms say what they are."""

from __future__ import annotations

import re
from typing import Any

from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import NUMBER, USERS

#: casefile's own references: a rule id of rules.md ("R-N3", "R-H1(b)"), the file itself.
OWN_IDS = re.compile(r"\bR-[A-Z]\d|rules\.md")


class TestNoRuleIds:
    def test_the_request_for_review_refusal_cites_29_cfr(self, client: Any) -> None:  # noqa: F811
        """Bessemer at the rerun's tally: nothing the Regional Director decided is for the Board to review yet; the
        refusal page says where a request lies, citing 29 CFR 102.67(c) for a decision setting the election aside."""
        sign_in(client, USERS["union-counsel"])
        answer = client.get(f"/cases/{NUMBER}/acts/request-for-review")
        shown = text_of(answer.text)
        assert answer.status_code == 403, shown[:800]
        assert ("nothing the Regional Director decided is yet for the Board to review: a request for review lies after "
                "the Regional Director's decision on the objections (102.69(c)(2), 102.67(c)), the certification or the "
                "dismissal of the petition (102.69(h), 102.71), or a decision setting the election aside (29 CFR "
                "102.67(c))") in shown, shown[:1500]
        assert not OWN_IDS.search(shown), OWN_IDS.findall(shown)

    def test_no_page_of_the_case_shows_a_rule_id(self, client: Any) -> None:  # noqa: F811
        """The case's pages, its deadlines' pages and its act forms (or their refusals), for both sides and the Region."""
        for who in ("union-counsel", "employer-counsel", "region"):
            sign_in(client, USERS[who])
            case = client.get(f"/cases/{NUMBER}").text
            paths = {f"/cases/{NUMBER}", f"/cases/{NUMBER}/around", "/cases", "/deadlines", "/links",
                     *re.findall(rf'href="(/cases/{NUMBER}/(?:deadlines/\d+|acts/[a-z-]+))"', case)}
            for path in sorted(paths):
                shown = text_of(client.get(path).text)
                assert not OWN_IDS.search(shown), (who, path, OWN_IDS.findall(shown))

    def test_the_deadline_calculator_shows_no_rule_id(self, client: Any) -> None:  # noqa: F811
        """The calculator's steps for an answering brief (runs from the last day for exceptions: 29 CFR 102.2(a)) and
        an earliest certification (29 CFR 102.69(b)), in Region 10 across the 2025 shutdown."""
        sign_in(client, USERS["union-counsel"])
        for kind in ("answering-brief", "earliest-certification", "request-for-review"):
            answer = client.get("/calculators/deadline", params={"kind": kind, "trigger": "2025-09-26",
                                                                 "petition_filed": "2025-08-01", "region": "10", "check": "1"})
            shown = text_of(answer.text)
            assert answer.status_code == 200, shown[:800]
            assert not OWN_IDS.search(shown), (kind, OWN_IDS.findall(shown))
        assert "runs from the last day the exceptions could be filed, not from the day filed (29 CFR 102.2(a))" in \
            text_of(client.get("/calculators/deadline", params={"kind": "answering-brief", "trigger": "2025-09-26",
                                                                "petition_filed": "2025-08-01", "region": "10",
                                                                "check": "1"}).text)

    def test_the_command_line_shows_no_rule_id(self, client: Any) -> None:  # noqa: F811
        """`case show`, `deadlines`, `deadlines explain` of each of Bessemer's deadlines, `deadlines compute`, and a
        refused request for review (nothing yet for the Board to review)."""
        from tests.cli.in_process import casefile

        shown = casefile("case", "show", NUMBER, "--as-of", "2022-04-05T12:00:00-04:00")
        assert shown.exit_code == 0, shown.stderr
        ids = re.findall(r"^\s*│?\s*(\d+)\s", shown.stdout, flags=re.M)
        assert len(ids) >= 3, shown.stdout
        ran = [shown, casefile("deadlines", "--case", NUMBER, "--as-of", "2022-04-05T12:00:00-04:00"),
               casefile("deadlines", "compute", "answering-brief", "--trigger", "2025-09-26", "--petition-filed",
                        "2025-08-01", "--region", "10"),
               casefile("deadlines", "explain", NUMBER, "objections", "--as-of", "2022-04-05T12:00:00-04:00"),
               *(casefile("deadlines", "explain", i, "--as-of", "2022-04-05T12:00:00-04:00") for i in ids[:8])]
        refused = casefile("review", "request", NUMBER, "--party", "rwdsu", "--ground", "The decision errs",
                           "--received-at", "2022-04-05", "--as-of", "2022-04-05T12:00:00-04:00")
        assert refused.exit_code == 2 and "or a decision that sets the election aside (29 CFR 102.67(c))" in refused.stderr, \
            refused.stderr
        for r in [*ran, refused]:
            assert not OWN_IDS.search(r.stdout + r.stderr), (r.stdout[-800:], r.stderr[-800:])
