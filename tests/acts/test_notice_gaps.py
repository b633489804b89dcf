"""A Notice of Hearing on a live case with no Regional Director named and no opening time: both are facts the
record lacks (casefile.gaps), which the command line words with its commands and the web with its form's fields
and a link to attach the Region's own signed notice."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from casefile.cli.gap_words import warning_words
from casefile.gaps import Gap, GapKind
from casefile.web.gap_words import GapWords, gap_words
from tests.acts.live_case import FILED_AT, NUMBER, OBJECTIONS, TALLY, TALLY_AT, open_live, perform

NOTICED_AT = datetime.fromisoformat("2026-12-03T12:00:00-06:00")


def test_a_notice_without_its_signer_or_time(configured_db: Path) -> None:
    open_live()
    perform(TALLY, as_of=TALLY_AT)
    perform(OBJECTIONS, as_of=FILED_AT)
    result = perform({"act": "notice-hearing", "date": "2026-12-03", "opens_on": "2026-12-17"}, as_of=NOTICED_AT)
    assert result.warnings == ["the Notice of Hearing names no Regional Director: its signature line is left blank",
                               "the Notice of Hearing gives no opening time"], result.warnings
    signer, untimed = result.gaps
    assert signer == Gap(GapKind.NO_SIGNER, NUMBER, "Notice of Hearing", whom="Regional Director", act="notice-hearing",
                         entry_id=result.entry_id)
    assert untimed is not None and untimed.kind is GapKind.NO_OPENING_TIME
    assert warning_words(result.warnings[0], signer) == (
        "the Notice of Hearing names no Regional Director: its signature line is left blank; give the Regional Director "
        f"who signs it (`issuer`, `casefile hearing notice --issuer`) or attach the Region's own notice with "
        f"`casefile documents attach {NUMBER} --to docket:{result.entry_id} --file PATH`")
    assert warning_words(result.warnings[1], untimed) == (
        "the Notice of Hearing gives no opening time; give it (`opens_at`, `casefile hearing notice --opens-at 10:00`)")
    assert gap_words(signer, case_acts={"attach-document": frozenset({""})}) == GapWords(
        "the Notice of Hearing names no Regional Director: its signature line is left blank; the form's “Issued by” "
        "field names who signs it.", f"/cases/{NUMBER}/acts/attach-document", "Attach the signed document as issued")
    assert gap_words(signer, case_acts={}).href == ""  # a user who may not attach it gets no link
