"""Whose act an act model is: each act declares ``WHOSE: ClassVar[Whose]`` beside its ``act``
literal (a party's, the Region's, the hearing officer's, the Board's, a judge's, record-keeping,
the opening of a case). Nothing is inferred from a field's name."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class ActorKind(StrEnum):
    """Whose act an act model is (its ``WHOSE``)."""

    PARTY = "party"  # a party's filing; the model names the party in a field
    REGION = "region"  # the Regional Director, the Board agent, a transfer order the Region carries
    HEARING_OFFICER = "hearing-officer"  # designated by the Regional Director: the Region's on this instance
    BOARD = "board"
    JUDGE = "judge"  # an Administrative Law Judge (objections consolidated with a ULP case)
    RECORD_KEEPING = "record-keeping"  # its actor is that of the record it names (attaching a document)
    OPENING = "opening"  # opening a case on this instance


@dataclass(frozen=True)
class Whose:
    """Whose act an act model is: ``kind``; ``field`` the model's field naming the party (PARTY) or
    the record (RECORD_KEEPING); ``sealed`` the fields whose content is confidential when given (an
    offer of proof filed with objections), ``whole_sealed`` when the whole act is (an offer of proof
    filed apart); ``staff`` whether a party's staff file it; ``brings_document`` whether the act
    carries the document itself (attaching one), so that recording it needs no other."""

    kind: ActorKind
    field: str | None = None
    sealed: tuple[str, ...] = ()
    whole_sealed: bool = False
    staff: bool = False
    brings_document: bool = False
    by_field: str | None = None  # the field naming who acted, when it may be another than ``kind``
    by_kinds: tuple[tuple[str, ActorKind], ...] = ()  # its values that name another actor, and whose

    @classmethod
    def party(cls, field: str = "party", *, sealed: tuple[str, ...] = (), staff: bool = False) -> Whose:
        """A party's act; the party is named by ``field``."""
        return cls(ActorKind.PARTY, field=field, sealed=sealed, staff=staff)

    @classmethod
    def offer_of_proof(cls, field: str = "party") -> Whose:
        """A party's offer of proof filed apart: confidential as a whole (102.69(a)(8)); staff file it."""
        return cls(ActorKind.PARTY, field=field, whole_sealed=True, staff=True)

    @classmethod
    def ruled_by(cls, field: str, kinds: dict[str, ActorKind], default: ActorKind = ActorKind.REGION) -> Whose:
        """An act of ``default``'s unless ``field`` names another actor (``kinds``: value -> whose):
        a ruling on a motion by the hearing officer or the Regional Director, or by the Board."""
        return cls(default, by_field=field, by_kinds=tuple(sorted(kinds.items())))

    def kind_of(self, act: Any) -> ActorKind:
        """Whose ``act`` is: ``kind``, or the actor its ``by_field`` names."""
        if self.by_field is None:
            return self.kind
        return dict(self.by_kinds).get(str(getattr(act, self.by_field, None)), self.kind)

    @classmethod
    def of_record(cls, field: str) -> Whose:
        """Record-keeping: the actor of the record ``field`` names does it; the act brings its document."""
        return cls(ActorKind.RECORD_KEEPING, field=field, brings_document=True)


REGION = Whose(ActorKind.REGION)
HEARING_OFFICER = Whose(ActorKind.HEARING_OFFICER)
BOARD = Whose(ActorKind.BOARD)
JUDGE = Whose(ActorKind.JUDGE)
OPENING = Whose(ActorKind.OPENING)


def whose_of(act: Any) -> Whose:
    """The ``WHOSE`` an act model declares. Raises TypeError for a model that declares none."""
    whose = getattr(type(act) if not isinstance(act, type) else act, "WHOSE", None)
    if not isinstance(whose, Whose):
        raise TypeError(f"{getattr(act, 'act_name', act)!r} declares no WHOSE (casefile.record.authority.Whose)")
    return whose
