"""What a stored deadline is at a given instant: the one meaning of "open".

A deadline is stored with the status the record last gave it (open until the scheduled sweep, an
act or an order closes it). Between its cut-off and the sweep that closes it, the stored status
still says "open", and a replayed or imported historical case may never be swept at all. Every
interface that tells a person whether a period is running — the deadline list, ``deadlines
explain``, ``case show``, the web's case page and the calendar feed — asks :func:`state_at`, so a
period whose cut-off has passed is never called open anywhere (29 CFR 102.2(b): a document is due
"on or before the last day"; after that instant nothing more can be filed in the period).

Pure: the stored fields and the instant are arguments; no clock, no database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from casefile.rules.calendar import instant_label, long_date
from casefile.rules.efiling import CITATION
from casefile.rules.target_dates import is_region_target
from casefile.vocab import Audience, DeadlineKind, DeadlineStatus

__all__ = ["NOT_STARTED", "PASSED", "PREPARED", "DeadlineState", "one_party_period", "state_at"]

#: The Regional Director's target date (hearing opens, earliest certification) whose day has gone by
#: while the record has not yet closed it by the act: not a party's period, so never "lapsed".
PASSED = "passed"
#: A deadline whose starting act is dated after the instant asked about.
NOT_STARTED = "not-started"
#: A running period the party asked about has answered only with a filing prepared in casefile, not yet
#: e-filed with the NLRB: still due from it (casefile.rules.efiling), and open.
PREPARED = "prepared"


def one_party_period(for_whom: str) -> bool:
    """Whether a period with this ``for_whom`` is one party's alone (a party's key: an objecting party's offer
    of proof, 29 CFR 102.69(a)(8) "the objecting party shall also file ... a written offer of proof"), not
    all parties', the Regional Director's, or the objecting party's before anyone has objected. Raises nothing."""
    return for_whom not in {a.value for a in Audience}


@dataclass(frozen=True)
class DeadlineState:
    """The deadline at one instant: ``status`` one of the :class:`~casefile.vocab.DeadlineStatus`
    values, or ``"passed"`` / ``"not-started"``; ``open`` True only while the period runs (started,
    cut-off not passed, not closed before the instant); ``stored`` the status the record holds;
    ``note`` a sentence when the two differ (None otherwise)."""

    status: str
    open: bool
    stored: DeadlineStatus
    note: str | None = None


def state_at(*, kind: DeadlineKind | str, status: DeadlineStatus | str, trigger_on: date, cutoff_at: datetime,
             closed_at: datetime | None, as_of: datetime, answered: bool | None = None,
             met: bool = False, met_by: tuple[str, ...] = (), prepared: bool = False,
             one_party: bool = False) -> DeadlineState:
    """The deadline's state at the aware instant ``as_of``, from its stored fields.

    - Closed in the record at or before ``as_of`` (met, met late, lapsed, mooted, extended): that status.
    - Started after ``as_of`` (``trigger_on`` later than its date): ``not-started``, not open.
    - Cut-off at or after ``as_of`` and not closed by then: ``open`` (a deadline closed later than
      ``as_of`` was still running then: a past instant shows the situation as it stood).
    - Cut-off before ``as_of`` and still open in the record (the sweep has not closed it): a party's
      period is ``lapsed`` when no filing answered it (``answered`` None), ``met`` when a timely one
      did (True), ``met-late`` when one received late was accepted (False) — what the sweep will
      store; a Regional Director's target date is ``passed`` (its act closes it, R-I3). Never open.
    - Closed later than ``as_of`` with its cut-off already before ``as_of``: the stored status.
    - ``met``: asked for the party (the viewer's own) whose timely filing met the period while it
      still runs for the other parties: ``met``, not open (nothing more is due from that party; the
      filing is judged by its receipt, 102.2(b)). The record's status stays open until the cut-off.
    - ``one_party``: the period is one party's alone (an objecting party's offer of proof,
      102.69(a)(8)) and ``answered`` is True (a timely filing of it received by ``as_of``): ``met`` for
      everyone, not open — no other party owes anything in it, whoever asks.
    - ``met_by``: the parties (names) whose timely filing met a period that still runs, for one who
      acts for none of them (the operator, the Region): ``open``, its note saying so.
    - ``prepared``: asked for the party whose filing against the period is only prepared in casefile,
      not yet e-filed (and none of its e-filed: not ``met``): ``prepared``, still open — it meets nothing
      until the agency receives it (102.2(b); casefile.rules.efiling); after the cut-off, as above
      (``answered`` counts e-filed filings only: lapsed when none was).
    ``status``/``kind`` may be the enum or its value. Raises TypeError for a naive ``as_of`` or
    ``cutoff_at``. Authority: 29 CFR 102.2(a), (b) (the last day; received on or before it), 102.69(b),
    (c)(1)(ii) (the Region's dates), 102.5(c); rules.md R-B2, R-B9, R-H2, R-I3.
    """
    if as_of.tzinfo is None or cutoff_at.tzinfo is None:
        raise TypeError("state_at needs aware datetimes (as_of and cutoff_at)")
    stored = DeadlineStatus(status)

    def said(instant: datetime) -> str:  # in the cut-off's zone, the receiving office's when the caller gives it so
        return instant_label(instant.astimezone(cutoff_at.tzinfo))

    closed_by_then = stored is not DeadlineStatus.OPEN and (closed_at is None or closed_at <= as_of)
    if closed_by_then:
        return DeadlineState(stored.value, False, stored)
    if trigger_on > as_of.date():
        return DeadlineState(NOT_STARTED, False, stored, f"starts {long_date(trigger_on)}, after {said(as_of)}")
    if cutoff_at >= as_of and one_party and answered is True:
        return DeadlineState(DeadlineStatus.MET.value, False, stored, "met by a timely filing of the party whose "
                             "period it is alone (29 CFR 102.69(a)(8)); nothing more is due in it")
    if cutoff_at >= as_of and met:
        return DeadlineState(DeadlineStatus.MET.value, False, stored, "met by a timely filing of the party asked "
                             "about; the period runs on for the other parties until its cut-off")
    if cutoff_at >= as_of and prepared and stored is DeadlineStatus.OPEN:
        return DeadlineState(PREPARED, True, stored, "prepared in casefile, not yet e-filed with the NLRB: it meets "
                             f"nothing until the agency receives it by the cut-off, {said(cutoff_at)} ({CITATION})")
    if cutoff_at >= as_of:
        note = None if stored is DeadlineStatus.OPEN else f"still running at {said(as_of)}; {stored.value.replace('-', ' ')} later"
        if note is None and met_by:
            note = (f"met by {' and '.join(met_by)}'s timely filing; the period runs on for the other parties until "
                    "its cut-off")
        return DeadlineState(DeadlineStatus.OPEN.value, True, stored, note)
    if stored is not DeadlineStatus.OPEN:
        return DeadlineState(stored.value, False, stored)
    if is_region_target(kind):
        return DeadlineState(PASSED, False, stored, f"its date passed ({long_date(cutoff_at.date())}); the Regional "
                             "Director's act closes it, not a lapse (29 CFR 102.69(c)(1)(ii))")
    now = DeadlineStatus.LAPSED if answered is None else DeadlineStatus.MET if answered else DeadlineStatus.MET_LATE
    return DeadlineState(now.value, False, stored, f"cut-off {said(cutoff_at)} passed; the record has not "
                         f"closed it yet (the scheduled sweep stores it {now.value.replace('-', ' ')})")
