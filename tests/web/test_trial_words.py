"""What a new user's trial found on the pages (the words shown): a case one may not see reads as one
that does not exist, in the web's words; the objections form names a time of receipt later than
now; the tally calculator flags every field in error; times in words in the office's zone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_sessions import add_user, client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, USERS

OUTSIDER = "outsider@trial.example.org"


@pytest.fixture(scope="module")
def outsider(served: Any) -> str:
    """Counsel of a firm linked to no case."""
    from datetime import UTC, datetime

    from casefile.accounts.orgs import add_organization
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        add_organization(session, key="trial-outsider", name="Trial Outsider LLP", kind="firm", as_of=datetime.now(UTC))
    add_user(OUTSIDER, org="trial-outsider", role="counsel")
    return OUTSIDER


def text_of(html: str) -> str:
    import html as htmllib

    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", html)))


class TestNoCase:
    PATHS = ("/cases/{n}", "/cases/{n}/acts/file-objections", "/cases/{n}/drafts")

    def test_a_case_one_may_not_see_reads_as_one_that_does_not_exist(self, client: Any, outsider: str) -> None:  # noqa: F811
        """The outsider (no link to Bessemer) and an unknown number: 404, the same sentence naming
        the number, no command-line advice (open it first, replay a scenario)."""
        sign_in(client, outsider)
        for path in self.PATHS:
            for number in (NUMBER, "10-RC-999999"):
                answer = client.get(path.format(n=number))
                shown = text_of(answer.text)
                assert answer.status_code == 404, (path, number)
                assert f"There is no case {number} that you can see." in shown, (path, shown[:600])
                assert "replay" not in shown and "open it first" not in shown and "database" not in shown
