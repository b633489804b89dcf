"""casefile's exceptions, in families that carry data.

Callers catch :class:`CasefileError`; the CLI prints its message on one line and exits 2; the
HTTP API maps the family to a status (``BadInput`` 422, ``NotFound`` 404, ``NotAllowedNow`` 409,
``Untimely`` 409, ``Conflict`` 409, ``Internal`` 500) and answers ``application/problem+json``
with the error's stable ``code`` and the offending field's ``field`` path (e.g. ``"objections.2"``).
Anything that is not a CasefileError is a bug and shows a traceback.

The families (each class's docstring says when it is raised):

- :class:`BadInput` — what was given cannot be used (a tally that does not add up, a malformed
  case number or file, an unknown Region, a bad setting).
- :class:`NotFound` — a case, election, party, deadline or document that does not exist.
- :class:`NotAllowedNow` — an act the procedure does not allow at this point (the stage, a
  second runoff, a certification while the objection window is open).
- :class:`Untimely` — a filing received after the cut-off of its deadline.
- :class:`Conflict` — the act contradicts what is already recorded (the same act with other
  figures, a concurrent act that won the race).
- :class:`Internal` — casefile itself cannot do what it must (a document that fails preflight).
- :class:`NotAuthenticated` (401) and :class:`NotPermitted` (403) — who asks is unknown, or the
  authority policy (casefile.record.authority) refuses them this.
"""

from __future__ import annotations

from typing import Any


class CasefileError(Exception):
    """Base of every error casefile raises on purpose. ``code`` is stable (API clients match on
    it); ``field`` is the dotted path of the offending input field, or None."""

    code = "casefile-error"
    family = "casefile-error"

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self)


# --- families -------------------------------------------------------------------------------------


class BadInput(CasefileError):
    """What was given cannot be used as it is (shape, value, format)."""

    code = family = "bad-input"


class NotFound(CasefileError):
    """A record named by the input does not exist (or may not be seen by who asks)."""

    code = family = "not-found"


class NotAllowedNow(CasefileError):
    """An act the procedure does not allow now (stage, order of acts, limits of the rules)."""

    code = family = "not-allowed-now"


class Untimely(CasefileError):
    """A filing received after the cut-off instant of its deadline."""

    code = family = "untimely"


class Conflict(CasefileError):
    """The act contradicts what the record already holds (or lost a race to an act that did)."""

    code = family = "conflict"


class Internal(CasefileError):
    """casefile cannot complete what it must do, through no fault of the input."""

    code = family = "internal"


class NotAuthenticated(CasefileError):
    """No credential, or one that is unknown, revoked, expired or of an inactive user (HTTP 401).
    The message never says which."""

    code = family = "not-authenticated"


class NotPermitted(CasefileError):
    """The user may see the case but the authority policy does not let them do this
    (casefile.record.authority; HTTP 403); the message says why and who may. It never depends on
    whether the record the act is about exists."""

    code = family = "not-permitted"


# --- bad input ------------------------------------------------------------------------------------


class InvalidTally(BadInput):
    """A tally of ballots whose counts are impossible or whose stated lines disagree with the counts.
    ``line`` names the line of the tally form at fault (as numbered on the issued form)."""

    code = "invalid-tally"

    def __init__(self, message: str, *, line: str | None = None, field: str | None = None) -> None:
        super().__init__(message, field=field)
        self.line = line


class SeveralProblems(BadInput):
    """An input with more than one problem, every one told at once (a tally file whose lines disagree with its
    counts and whose date is before the petition): ``problems`` each with its field path and words
    (casefile.validation.Problem), in order; the message lists them all; ``field`` is the first's. The API's
    problem body lists them in ``errors``. Raised by casefile.validation.refuse_all (a single problem is raised
    as itself, with its own code)."""

    code = "several-problems"

    def __init__(self, message: str, *, field: str | None = None, problems: list[Any] | None = None,
                 errors: list[CasefileError] | None = None) -> None:
        super().__init__(message, field=field)
        self.problems = list(problems or [])
        self.errors = list(errors or [])


class MalformedCaseNumber(BadInput):
    """A case number that does not have the form RR-TT-NNNNNN (rules.md §7)."""

    code = "malformed-case-number"


class InvalidScenario(BadInput):
    """A scenario, act or tally file that cannot be used (message names the file and the event)."""

    code = "invalid-file"


class UnknownRegion(BadInput):
    """A Region number or receiving office that the office table does not know."""

    code = "unknown-region"


class InvalidCalendar(BadInput):
    """A closure day or rule-set request that the calendar cannot use (bad format, no rule set for a date)."""

    code = "invalid-calendar"


class ConfigurationError(BadInput):
    """A setting that cannot be used (message names the setting)."""

    code = "configuration"


class InconsistentDecision(BadInput):
    """A report or decision that contradicts itself: its result against its rulings (an election set
    aside while no objection is sustained; objections sustained and the result "overrule"), or a party
    at fault or a rerun condition with an overruling (casefile.rules.consistency). ``field`` names the
    part at fault (``result``, ``at_fault``, ``condition``, ``rulings.<party>.<number>``)."""

    code = "inconsistent-decision"


class DocumentReceivedNeeded(BadInput):
    """An act recorded from a document received (another's act, casefile.record.authority) sent
    without that document: recording it needs the document, uploaded with the act (field
    ``document``)."""

    code = "document-received-needed"


class InvalidImport(BadInput):
    """A file that cannot be imported at all (not the expected export format: its header lacks the
    columns the importer reads, or it is not text); the message names the file and what is missing.
    Bad rows in a good file are not errors: they are reported and skipped."""

    code = "invalid-import"


# --- not found ------------------------------------------------------------------------------------


class UnknownCase(NotFound):
    """A case number that is not in the database."""

    code = "unknown-case"


class UnknownRecord(NotFound):
    """An election, objection, party, deadline or document that does not exist in the case."""

    code = "unknown-record"


# --- not allowed now ------------------------------------------------------------------------------


class IllegalTransition(NotAllowedNow):
    """An act that the election's current stage does not allow (message names both stages)."""

    code = "illegal-transition"


class ProcedureError(NotAllowedNow):
    """An act the procedure does not allow for reasons other than the stage (a party that is not a party,
    a certification while the objection window is open, a second runoff)."""

    code = "procedure"


class OutOfOrder(NotAllowedNow):
    """An act dated before an act it answers (a report before the hearing closed, exceptions before
    the report, a certification before the tally): the message names both dates, ``field`` the date
    field (casefile.rules.chronology). Acts of the same day are in order."""

    code = "out-of-order"


# --- untimely -------------------------------------------------------------------------------------


class UntimelyFiling(Untimely):
    """A filing received after the cut-off instant of its deadline (message names due date, cut-off and rule)."""

    code = "untimely-filing"


# --- conflict -------------------------------------------------------------------------------------


class AlreadyRecorded(Conflict):
    """The same act is already recorded with other content (an issued record is never overwritten:
    a correction is its own act)."""

    code = "already-recorded"


class CaseAlreadyOpen(Conflict):
    """An open-case of a case already open on this instance that the user's organization does not
    see: opening it again would not give them access; an organization asks to be linked to its party
    instead (casefile.accounts.link_requests)."""

    code = "case-already-open"


class PartyHeld(Conflict):
    """A link to a party another organization on this instance represents already: a second link
    opens that party's offers of proof to a second organization, so the operator makes it only
    knowingly (``casefile orgs link --share``) or by approving a link request, which may link the
    asker in the first one's place (casefile.accounts.links)."""

    code = "party-held"


class ConcurrentAct(Conflict):
    """Another act on the same case committed first and this one can no longer be applied as given;
    retrying gives the answer a retry would (the first act's result, or a clean refusal)."""

    code = "concurrent-act"


class RecordAltered(Conflict):
    """A row of the record the act would write over, re-seal or build on no longer matches the digest
    the docket entry that recorded it sealed: it was changed outside casefile (raw SQL, a restored
    file). The act is refused and nothing is stored (casefile.record.sealing); ``casefile verify``
    names every such row."""

    code = "record-altered"


# --- internal -------------------------------------------------------------------------------------


class DocumentFailed(Internal):
    """A document could not be issued (rendering failed or it fails preflight): nothing was stored."""

    code = "document-failed"


class DocumentNotWritten(DocumentFailed):
    """A document's file could not be written (a full disk, a read-only or unwritable output folder):
    the act that issues it stays recorded, the document is listed as still to issue (``casefile
    verify``, ``casefile case show``), and ``casefile documents issue --pending`` issues it. The API
    answers 503 (the service cannot complete it now)."""

    code = "document-not-written"
    http_status = 503


class DatabaseUnwritable(Internal):
    """The database cannot be written (its disk is full, it is read-only, an I/O error): nothing of the
    unit of work was stored. The API answers 503."""

    code = "database-unwritable"
    http_status = 503
