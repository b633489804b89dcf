"""What every document is, and how an act names the documents it issues.

A document is a class (one module each, ``casefile.documents.kinds``): its kind, its context model
(typed, frozen), its template, its title, and — for a document about a record of the case (a tally,
a filing, a hearing, a decision, a certification, an election, an order) — the table of that record
and the builder that makes the context from the typed row. An act names what it issues by class and
record id::

    Issue(TallyOfBallots, tally.id)

and casefile.documents.issue does the rest: it loads the row, calls ``TallyOfBallots.build(record,
tally)``, renders ``TallyOfBallots.template`` and stores the PDF once under ``issue.key``. Nothing here
imports Jinja, WeasyPrint or the database: an act module can import its documents cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar

from casefile.record.refs import DocumentKey, RecordTable, Ref
from casefile.vocab import Actor, DocumentKind

if TYPE_CHECKING:
    from casefile.documents.parts import DocumentContext
    from casefile.documents.record_view import CaseRecord

__all__ = ["CORRECTION", "Built", "Document", "Issue", "RecordDocument"]


@dataclass(frozen=True)
class Built:
    """A context ready to render, with what the Document row and its docket entry need: the date it
    issues, who issues it (``issuer`` as the row names it: "Regional Director", a party's name; ``actor``
    the legal actor the docket names), its election, whether it is confidential, and the party key its
    file name carries (a party's filing)."""

    context: DocumentContext
    issued_on: date
    issuer: str
    actor: Actor
    election_id: int | None
    confidential: bool = False
    party_key: str | None = None


class Document:
    """A kind of document: what every document class declares (class variables; never instantiated).

    ``kind`` (the vocabulary's DocumentKind), ``context`` (its context model), ``name`` (its standard
    title, for a document whose title does not depend on its facts), ``party_filing`` (a party's own
    filing: printed to 29 CFR 102.5(a) and given an editable copy).
    """

    kind: ClassVar[DocumentKind]
    context: ClassVar[type[DocumentContext]]
    name: ClassVar[str] = ""
    party_filing: ClassVar[bool] = False

    @classmethod
    def template(cls) -> str:
        """The template file in ``templates/``: the kind's name ("tally-of-ballots.html")."""
        return f"{cls.kind.value}.html"

    @classmethod
    def title(cls, context: Any) -> str:
        """The title the document carries: ``context.caption.title`` when set, else the standard title
        chosen from its facts (:meth:`title_from`)."""
        return context.caption.title or cls.title_from(context)

    @classmethod
    def title_from(cls, context: Any) -> str:
        """The standard title from the context's facts; ``name`` unless a document says otherwise."""
        return cls.name


class RecordDocument(Document):
    """A document about one record of the case: ``record`` is its table (Tally, Filing, Hearing,
    Decision, Certification, Election, AgencyOrder) and ``record_name`` how the stored key names it
    ("tally"). :meth:`build` makes the context from the typed row; it reads the record and refuses
    nothing the act that issued the document could have refused before its commit."""

    record: ClassVar[type[Any]]
    record_name: ClassVar[str]

    #: How a transcription of this document (see :meth:`issued`) names its dating and its signatures.
    transcribed_verb: ClassVar[str] = "issued"
    transcribed_signatures: ClassVar[str] = "the signature"

    @classmethod
    def build(cls, rec: CaseRecord, row: Any) -> Built:
        """The context of this document for ``row`` (a ``record`` row of the case ``rec`` holds)."""
        raise NotImplementedError

    @classmethod
    def issued(cls, rec: CaseRecord, row: Any) -> Built:
        """:meth:`build`, and — a document of a live case that an agency issued (its actor the Region's Board
        agent, hearing officer or Regional Director, the judge, the Board or the General Counsel) — its
        ``transcription``: casefile's copy of that document, entered from it, never the agency's own, so it
        says so on its first page. A replayed case's documents are record copies (their own note); a party's
        filings and casefile's reports are casefile's own."""
        built = cls.build(rec, row)
        whose = TRANSCRIBED_FROM.get(built.actor)
        if whose is None or rec.record_copy:
            return built
        from casefile.documents.parts import Transcription

        note = Transcription(whose=whose, on=built.issued_on, verb=cls.transcribed_verb,
                             signatures=cls.transcribed_signatures)
        # the signatures are on the agency's copy only (the note says so): the transcription prints the signers'
        # names without "/s/", as a record copy does
        unsigned = {name: _unsigned(value) for name, value in built.context if _unsigned(value) is not value}
        return replace(built, context=built.context.model_copy(update={"transcription": note, **unsigned}))


def _unsigned(value: Any) -> Any:
    """``value`` with every Signature in it (itself, or a tuple of them) marked not signed (its name without
    "/s/"); ``value`` itself when it holds none."""
    from casefile.documents.parts import Signature

    if isinstance(value, Signature):
        return value.model_copy(update={"signed": False}) if value.signed else value
    if isinstance(value, tuple) and value and all(isinstance(v, Signature) for v in value):
        return tuple(_unsigned(v) for v in value) if any(v.signed for v in value) else value
    return value


#: Whose document a live case's document issued by each agency actor transcribes, in words.
TRANSCRIBED_FROM: dict[Actor, str] = {
    Actor.BOARD_AGENT: "the Region's", Actor.HEARING_OFFICER: "the Region's", Actor.REGIONAL_DIRECTOR: "the Region's",
    Actor.ADMINISTRATIVE_LAW_JUDGE: "the Administrative Law Judge's", Actor.BOARD: "the Board's",
    Actor.GENERAL_COUNSEL: "the General Counsel's",
}


#: A document issued again after a correction: the key of the document it replaces, this, and the
#: correction's docket entry id (casefile.acts.correction_parts). The context is built from the
#: replaced document's record (as corrected) and the version follows the replaced one's.
CORRECTION = ":correction:"


@dataclass(frozen=True)
class Issue:
    """A document an act issues: its class and the id of the record it is about; ``correction`` the
    docket entry of the correction this is a new version for (None: the first issue)."""

    document: type[RecordDocument]
    record_id: int
    correction: int | None = None

    @property
    def kind(self) -> DocumentKind:
        return self.document.kind

    @property
    def subject(self) -> Ref:
        """The record the document is about (its row's ``subject``)."""
        return Ref(RecordTable(self.document.record_name), self.record_id)

    @property
    def document_key(self) -> DocumentKey:
        """The key of this issue, typed (casefile.record.refs.DocumentKey)."""
        return DocumentKey(self.document.kind, self.subject, self.correction)

    @property
    def first_key(self) -> str:
        """The stored key of the document's first version: "<kind>:<record name>:<id>" ("tally-of-ballots:tally:12")."""
        return str(DocumentKey(self.document.kind, self.subject))

    @property
    def key(self) -> str:
        """The stored key of this issue (unique per case): the first version's, or for a correction's new
        version "<first key>:correction:<entry id>"."""
        return str(self.document_key)
