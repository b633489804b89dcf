"""What every act shares: the input model's common fields, who performs it, what it returns,
and the one prologue that finds the case's election and recognises an act already recorded.

An act's input model is a frozen pydantic model with the shape of a scenario event
(docs/scenario-format.md): ``act`` (the discriminator), the act's legal ``date``, the receipt
instant ``at`` when the record has it (aware), an optional ``election`` selector (unit and
sequence, defaulting to the case's current election), and where the fact comes from
(``source``) and what the sources leave uncertain (``uncertain``). Extra fields are refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Annotated, Any, ClassVar
from zoneinfo import ZoneInfo

from pydantic import AfterValidator, AwareDatetime, BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints
from sqlmodel import Session, col, select

from casefile.characters import character_problem, is_blank
from casefile.documents.base import Issue
from casefile.errors import BadInput, UnknownRecord
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.deadlines import office_of
from casefile.record.models import Case, DocketEntry, Election
from casefile.record.refs import RecordTable, Ref
from casefile.record.workflow import already_done
from casefile.vocab import DocketActName, NlrbFiling, Stage

#: The STAGES of an act the election's stage does not bound (casefile.acts.allowed_now): it may be refused
#: on what the record holds (a deadline, a filing it needs), never for the stage alone.
ANY_STAGE: frozenset[Stage] = frozenset(Stage)

#: Longest text accepted in a one-line field (a name, a place, a ground) and in a paragraph
#: (an objection's statement, a summary of testimony, a note): far above any real filing's
#: field, low enough that a pasted file or a runaway script is refused instead of stored.
LINE_MAX = 500
PARAGRAPH_MAX = 20_000
#: Largest count of ballots, voters or objections accepted anywhere (the largest NLRB units
#: have tens of thousands of eligible voters).
COUNT_MAX = 1_000_000
#: The Act's lifetime: no legal date of an NLRB case precedes the Wagner Act (July 5, 1935);
#: none lies beyond the year 2100.
FIRST_DATE = date(1935, 7, 5)
LAST_DATE = date(2100, 12, 31)


def _in_lifetime(value: date | None) -> date | None:
    if value is not None and not FIRST_DATE <= value <= LAST_DATE:
        raise ValueError(f"{value.isoformat()} is outside the National Labor Relations Act's lifetime "
                         f"({FIRST_DATE.isoformat()} to {LAST_DATE.isoformat()})")
    return value


def _instant_in_lifetime(value: datetime | None) -> datetime | None:
    if value is not None:
        _in_lifetime(value.date())
    return value


def plain_line(value: str) -> str:
    """``value``, refused (ValueError) when it holds a control character or a line break (casefile.characters):
    the text of a one-line field (a name, a place, a ground)."""
    if (problem := character_problem(value, one_line=True)) is not None:
        raise ValueError(problem)  # the import's and the API's words too
    return value


def plain_paragraph(value: str) -> str:
    """``value``, refused (ValueError) when it holds a control character other than a tab or a line break
    (casefile.characters): the text of a paragraph (an objection's statement, a summary, a note)."""
    if (problem := character_problem(value)) is not None:
        raise ValueError(problem)
    return value


def _not_blank(value: str) -> str:
    if is_blank(value):
        raise ValueError("must not be blank: write the text (spaces and invisible characters alone say nothing)")
    return value


def _flag(value: Any) -> Any:
    if not isinstance(value, bool):
        raise ValueError(f"{str(value)[:40]!r} is not true or false: write true or false (yes, no, 1, 0 and quoted "
                         "text are not booleans)")
    return value


_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _written_as_date(value: Any) -> Any:
    """A date or instant as casefile's files, forms and bodies write it: a date or datetime value, or
    ISO text (YYYY-MM-DD...). A number is refused, not read as seconds since 1970."""
    if isinstance(value, bool | int | float):
        raise ValueError(f"{value!r} is a number, not a date: write it YYYY-MM-DD (an instant with its offset, "
                         "e.g. 2021-04-16T16:30:00-04:00)")
    if isinstance(value, str) and not _ISO_DAY.match(value.strip()):
        raise ValueError(f"{value[:40]!r} is not written YYYY-MM-DD (an instant with its offset, e.g. "
                         "2021-04-16T16:30:00-04:00)")
    return value


# The field types every act model, the scenario and tally files, the command line's options and the web
# forms are read by (and the NLRB import holds its cells to: casefile.importers): one strictness everywhere.
#: Text on one line; may be empty where the field is optional. No control character and no line break (a tab
#: may stand between words): casefile.characters.
Line = Annotated[str, StringConstraints(max_length=LINE_MAX), AfterValidator(plain_line)]
#: Text of any length up to a long filing's; may be empty where the field is optional. Lines break with a newline
#: (LF or CR LF); no other control character but a tab.
Paragraph = Annotated[str, StringConstraints(max_length=PARAGRAPH_MAX), AfterValidator(plain_paragraph)]
#: A Line that says something: empty, or white space and invisible characters alone, are refused (a name, an
#: order, a ground: casefile.characters.is_blank).
Text = Annotated[str, StringConstraints(max_length=LINE_MAX), AfterValidator(plain_line), AfterValidator(_not_blank)]
#: A Paragraph that says something (an objection's statement, a ground of review).
Prose = Annotated[str, StringConstraints(max_length=PARAGRAPH_MAX), AfterValidator(plain_paragraph),
                  AfterValidator(_not_blank)]
Count = Annotated[int, Field(ge=0, le=COUNT_MAX, strict=True)]
#: true or false, and nothing else: not yes/no, 1/0 or the text 'true' (the strict-YAML rule, everywhere).
Flag = Annotated[bool, BeforeValidator(_flag), Field(strict=True)]
LegalDate = Annotated[date, BeforeValidator(_written_as_date), AfterValidator(_in_lifetime)]
Instant = Annotated[AwareDatetime, BeforeValidator(_written_as_date), AfterValidator(_instant_in_lifetime)]
#: A party's handle ("rwdsu", "amazon"): it names files and URLs, so letters, digits and dashes only.
PartyKey = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]


class Strict(BaseModel):
    """Frozen, extra fields refused: the base of every act model and its parts."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


class ElectionRef(Strict):
    """Which election of the case an act is on: by voting unit (NLRB "Unit ID") and/or sequence
    (1, 2, 3 ... in the case). Both None: the case's current election (the latest)."""

    unit: Line | None = None
    sequence: Annotated[int, Field(ge=1, le=1000, strict=True)] | None = None


class ActIn(Strict):
    """The fields every act has (the scenario event's shape). Each act model declares, beside its
    ``act`` literal, ``WHOSE``: whose act it is (casefile.record.authority.Whose)."""

    WHOSE: ClassVar[Whose]

    on: LegalDate | None = Field(default=None, alias="date")  # YAML 1.1 reads a bare `on:` as true: files say `date:`
    at: Instant | None = None  # the instant of the act (for a filing: its receipt), when the record gives it
    election: ElectionRef | Annotated[int, Field(ge=1, le=1000, strict=True)] | None = None
    source: Line | list[Line] = ""
    uncertain: Paragraph = ""  # what the sources leave uncertain about this act

    def legal_date(self, case: Case, as_of: datetime) -> date:
        """The act's legal date: ``date``, else the date of ``at`` in the receiving office's zone,
        else the date of ``as_of`` there. Raises BadInput (field ``at``) when ``date`` and ``at``
        disagree. Policy: a receipt is dated where it is received (29 CFR 102.2(b))."""
        return self.legal_on(office_of(case).tz, as_of)

    def legal_on(self, tz: str | ZoneInfo, as_of: datetime) -> date:
        """:meth:`legal_date` at the receiving office whose zone is ``tz`` (for an act with no case yet)."""
        zone = tz if isinstance(tz, ZoneInfo) else ZoneInfo(tz)
        if self.at is not None:
            local = self.at.astimezone(zone).date()
            if self.on is not None and self.on != local:
                raise BadInput(f"{self.act_name}: 'at' {self.at.isoformat()} is {local.isoformat()} at the receiving "
                               f"office ({zone.key}), not the act's date {self.on.isoformat()}", field="at")
            return local
        if self.on is not None:
            return self.on
        return as_of.astimezone(zone).date()

    @property
    def act_name(self) -> str:
        return str(getattr(self, "act", type(self).__name__))

    @property
    def docket_act(self) -> DocketActName:
        """The act's name on the docket (its ``act``, a DocketActName value). Raises ValueError for a model whose
        ``act`` is not one (tests/documents/test_lawyers_read_through.py keeps every act a member)."""
        return DocketActName(self.act_name)


class InRecordIn(Strict):
    """What the public record lacks of a filing or an order (a record copy's act; not an act by itself):
    ``date_public`` False, its date is not in the public record (``date`` is one the record implies);
    ``inferred_from`` non-empty, the record does not hold the act itself but implies it, and this says what it
    shows instead, as a clause that follows "The record shows" ("that the Employer filed its evidence on
    2022-04-22, after the due date, which only an extension allows"). Documents then say what the record shows
    and that the act itself is not in it, never state the act as fact."""

    date_public: Flag = True
    inferred_from: Paragraph = ""

    def in_record(self) -> dict[str, Any]:
        """The Filing columns that keep these facts (``received_on_public``, ``inferred_from``)."""
        return {"received_on_public": self.date_public, "inferred_from": self.inferred_from.strip()}


class FiledIn(InRecordIn):
    """A party's filing as recorded (not an act by itself): :class:`InRecordIn`, and ``nlrb`` whether it
    is before the agency — "e-filed" (the default: the Region or the Board received it, at ``at``/``date``;
    what a replayed history records) or "prepared" (casefile records it and prepares its PDF; the party has
    not e-filed it yet, ``at``/``date`` being when it was prepared: it meets no period until confirm-efiling
    records the agency's receipt, casefile.rules.efiling)."""

    nlrb: NlrbFiling = NlrbFiling.E_FILED

    def in_record(self) -> dict[str, Any]:
        """The Filing columns that keep these facts (``received_on_public``, ``inferred_from``, ``nlrb``)."""
        return {**super().in_record(), "nlrb": self.nlrb}


def midday(on: date, tz: str) -> datetime:
    """Noon on ``on`` in zone ``tz``: the instant a dated act without a time is recorded at."""
    return datetime.combine(on, time(12, 0), tzinfo=ZoneInfo(tz))


@dataclass(frozen=True)
class Who:
    """Who performs or records an act, as the docket names them: ``label`` is
    "operator:<os user>" (a command on the machine that holds the database), "user:<email>"
    (a signed-in user of the web application or API), or "system:<job>" (the sweep, an import,
    a replay). ``party`` / ``region``: the legal side the user acts for, when known."""

    label: str
    user_id: int | None = None
    organization_id: int | None = None
    role: str | None = None

    @classmethod
    def operator(cls) -> Who:
        import getpass

        try:
            name = getpass.getuser()
        except Exception:
            name = "unknown"
        return cls(label=f"operator:{name}")

    @classmethod
    def system(cls, job: str) -> Who:
        return cls(label=f"system:{job}")


@dataclass(frozen=True)
class Done:
    """What an act made: the record (a Ref; None: no record row), its docket entry, the documents to
    issue, and whether it had already been recorded (a retry: nothing new was stored)."""

    act: str
    ref: Ref | None
    entry_id: int
    issue: tuple[Issue, ...] = ()
    repeated: bool = False
    summary: str = ""
    warnings: tuple[str | Gap, ...] = field(default_factory=tuple)  # a Gap: a field the record lacks (casefile.gaps)
    notes: tuple[str, ...] = field(default_factory=tuple)  # what followed, for information (not a warning)


def election_for(session: Session, case: Case, selector: ElectionRef | int | None, *, lock: bool = True) -> Election:
    """The election an act is on (see :class:`ElectionRef`); locked for the transaction when
    ``lock`` (SELECT ... FOR UPDATE on PostgreSQL) so two concurrent acts cannot both move it.
    Raises UnknownRecord naming the elections the case has."""
    query = select(Election).where(Election.case_id == case.id).order_by(col(Election.sequence))
    if lock:
        query = query.with_for_update()
    elections = list(session.exec(query))
    if not elections:
        raise UnknownRecord(f"case {case.number} has no election yet: record its tally of ballots first", field="election")
    ref = ElectionRef(sequence=selector) if isinstance(selector, int) else selector
    if ref is None or (ref.unit is None and ref.sequence is None):
        return elections[-1]
    chosen = [e for e in elections if (ref.sequence is None or e.sequence == ref.sequence)
              and (ref.unit is None or e.unit_id == ref.unit)]
    if not chosen:
        have = ", ".join(f"{e.sequence} (unit {e.unit_id})" for e in elections)
        raise UnknownRecord(f"case {case.number} has no election {ref.model_dump(exclude_none=True)} "
                            f"(it has: {have})", field="election")
    return chosen[-1]


def recorded(session: Session, case: Case, key: str) -> DocketEntry | None:
    """The docket entry of the act recorded under ``key`` in the case, or None (idempotency)."""
    assert case.id is not None
    return already_done(session, case.id, key)


def content_key(prefix: str, *parts: Any) -> str:
    """An idempotency key from an act's legal content (never the clock): ``prefix`` and a short
    sha256 of the parts, canonical JSON. The same filing sent twice gets the same key."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return f"{prefix}:{hashlib.sha256(blob.encode()).hexdigest()[:16]}"


def again(entry: DocketEntry, act: str, issue: tuple[Issue, ...]) -> Done:
    """The Done of an act found already recorded (a retry), with the documents it issues."""
    assert entry.id is not None
    return Done(act=act, ref=entry.ref, entry_id=entry.id, issue=issue, repeated=True, summary=entry.summary)


def ref_id(ref: Ref | None, table: RecordTable) -> int:
    """The id of the ``table`` row ``ref`` refers to, checking the table."""
    if ref is None or ref.table is not table:
        raise BadInput(f"{str(ref or 'nothing')!r} does not refer to a {table.value}")
    return ref.id


def last_entry_id(session: Session, case: Case) -> int:
    """The id of the case's latest docket entry (0 when none): taken before an act, it tells a
    new entry from one a retry found."""
    from sqlmodel import func

    return int(session.exec(select(func.max(DocketEntry.id)).where(DocketEntry.case_id == case.id)).one() or 0)


def entry_of(session: Session, case: Case, act: str, *, ref: Ref | None = None) -> DocketEntry:
    """The docket entry of the act named ``act`` (about ``ref`` when given) — the latest one."""
    query = select(DocketEntry).where(DocketEntry.case_id == case.id, DocketEntry.act == DocketActName(act))
    if ref is not None:
        query = query.where(DocketEntry.ref == ref)
    entry = session.exec(query.order_by(col(DocketEntry.id).desc())).first()
    if entry is None:
        raise UnknownRecord(f"{case.number}: no docket entry for {act} {ref or ''}".rstrip())
    return entry


def done_from(session: Session, case: Case, act: str, *, ref: Ref, before: int,
              issue: tuple[Issue, ...] = (), entry_act: str | None = None) -> Done:
    """The Done of an act whose record is ``ref``: its docket entry, and whether it was new."""
    entry = entry_of(session, case, entry_act or act, ref=ref)
    assert entry.id is not None
    return Done(act=act, ref=ref, entry_id=entry.id, issue=issue, repeated=entry.id <= before, summary=entry.summary)
