"""A live case's documents that transcribe the Region's (the Tally of Ballots, the Notice of Hearing recorded
with `casefile hearing notice`) say on their first page that they are casefile's transcription, entered
from the Region's document, not the Region's own; a party's own filing carries no such note (new user's
trial F26, F11). Text read from the PDFs with pypdf."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from tests.cli.in_process import casefile
from tests.cli.test_first_hour_commands import OPEN, TALLY

NUMBER = "19-RC-361042"


def first_page(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(PdfReader(BytesIO(path.read_bytes())).pages[0].extract_text().split())


def test_the_notice_of_hearing_and_the_tally_say_they_are_transcriptions_on_page_one(configured_db: Path) -> None:
    for args in (OPEN, TALLY):
        ran = casefile(*args)
        assert ran.exit_code == 0, ran.stderr
    objections = casefile("objections", "file", NUMBER, "--party", "union", "--objection", "The Employer threatened "
                          "closure.", "--received-at", "2026-07-21T09:00:00-07:00")
    assert objections.exit_code == 0, objections.stderr
    ran = casefile("hearing", "notice", NUMBER, "--on", "2026-07-27", "--opens-on", "2026-08-13", "--opens-at", "10:00",
                   "--place", "videoconference (Zoom for Government)", "--presiding", "Elena Marsh",
                   "--issuer", "Ronald K. Hooks", "--challenges", "--as-of", "2026-07-27T15:00:00-07:00")
    assert ran.exit_code == 0, ran.stderr
    out = configured_db / "out" / NUMBER
    notice = first_page(out / "2026-07-27_notice-of-hearing.pdf")
    assert ("RECORD-COPY NOTE casefile's transcription of the Region's Notice of Hearing on Objections and Challenged Ballots issued on July 27, 2026, "
            "entered from that document; it is not the Region's document, and the signature is on the Region's copy "
            "only.") in notice, notice
    assert notice.startswith("RECORD-COPY NOTE")  # above the caption, before the signature of page 2
    from pypdf import PdfReader

    whole = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out / "2026-07-27_notice-of-hearing.pdf").pages)
    # the signature is on the Region's copy only: the transcription names the signer without "/s/" (a trial read the
    # note and then "/s/ Ronald K. Hooks" on page 2)
    assert "Ronald K. Hooks" in whole and "/s/" not in whole, whole
    tally = first_page(out / "2026-07-16_tally-of-ballots.pdf")
    assert ("RECORD-COPY NOTE casefile's transcription of the Region's Tally of Ballots served on July 16, 2026, "
            "entered from that document; it is not the Region's document, and the Board agent's signature and the "
            "observers' are on the Region's copy only.") in tally, tally
    assert tally.startswith("RECORD-COPY NOTE")
    filed = first_page(out / "2026-07-21_objections_union.pdf")
    assert "RECORD-COPY NOTE" not in filed and "transcription" not in filed  # the party's own filing
