"""The authority table: an act's :class:`Family` × the organization's :class:`Relation` to it gives
a :class:`Cell`, which roles narrow (:func:`decide`). Pure: no session, no record.

docs/architecture.md prints :data:`TABLE`; tests/authority/test_policy.py checks that they agree."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from casefile.record.accounts import UserRole
from casefile.record.authority.whose import ActorKind

Mode = Literal["perform", "record"]


class Family(StrEnum):
    """The act families of the table (an act's ``Whose``, resolved on the case)."""

    PARTY = "a party's act"
    SEALED = "a party's offer of proof"
    REGION = "the Region's act (the hearing officer's included)"
    BOARD = "the Board's or a judge's act"


class Relation(StrEnum):
    """An organization's relation to an act on a case (an organization the case is hidden from has none)."""

    ACTOR = "the actor's organization"  # linked to the party whose act it is
    PARTY = "another party's organization"  # linked to a party of the case, not the actor
    REGION = "the case's Region"
    WATCHER = "a watching organization"
    OPERATOR = "the operator"  # the command line on the machine that holds the database


class Cell(StrEnum):
    """What the table answers for (family, relation), before roles narrow it."""

    PERFORM = "perform"
    RECORD = "record"  # from the document received, uploaded with the act
    RECORD_UNREPRESENTED = "record while unrepresented"  # while no organization here represents the actor
    RECORD_ALONE = "record while alone"  # while no other side's organization, nor the Region, is on the case here
    REFUSE = "refuse"
    NONE = "—"  # no such relation for this family (no party is the actor of the Region's act)


F, R, C = Family, Relation, Cell
#: The authority table: act family × relation → cell (docs/architecture.md, "Who may do what").
TABLE: dict[Family, dict[Relation, Cell]] = {
    F.PARTY: {R.ACTOR: C.PERFORM, R.PARTY: C.RECORD_UNREPRESENTED, R.REGION: C.RECORD_UNREPRESENTED,
              R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
    F.SEALED: {R.ACTOR: C.PERFORM, R.PARTY: C.REFUSE, R.REGION: C.RECORD_UNREPRESENTED,
               R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
    F.REGION: {R.ACTOR: C.NONE, R.PARTY: C.RECORD_ALONE, R.REGION: C.PERFORM,
               R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
    F.BOARD: {R.ACTOR: C.NONE, R.PARTY: C.RECORD_ALONE, R.REGION: C.RECORD,
              R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
}
del F, R, C

#: Why each refusing cell refuses (the message never depends on what the record holds).
_REFUSED = {
    (Family.SEALED, Relation.PARTY): "an offer of proof is submitted to the Regional Director only and served on no "
                                     "other party (102.69(a)(8)): only its party's organization files it, and only "
                                     "the Region records it",
    (Family.PARTY, Relation.WATCHER): "a watching organization reads the public record only",
    (Family.SEALED, Relation.WATCHER): "a watching organization reads the public record only",
    (Family.REGION, Relation.WATCHER): "a watching organization reads the public record only",
    (Family.BOARD, Relation.WATCHER): "a watching organization reads the public record only",
}


@dataclass(frozen=True)
class Decision:
    """The policy's answer: ``mode`` perform or record, or None (refused, ``reason`` says why)."""

    mode: Mode | None
    reason: str = ""


#: Who records the Agency's and the Board's acts on a case a party's organization is not alone on (the policy's words:
#: the case page's "Waiting for …" says them when no act of the user's moves the election on).
AGENCY_RECORDERS = "the Region's users or this casefile's operator"
#: Why a party's organization does not record the Agency's or the Board's act on a case another is on.
NOT_ALONE = ("another organization is on this case here — another side's, or the Region's — and recording the "
             "Agency's or the Board's act from a document received changes every party's case: the Region's users "
             "or the operator record it (a party's organization records them only on a case it is alone on)")


def decide(family: Family, relation: Relation, role: UserRole | None, *, represented: bool, alone: bool,
           staff_files: bool = False) -> Decision:
    """The policy's answer for an act of ``family`` asked by an organization in ``relation`` to it,
    by a user of ``role`` (None: the operator), the actor being ``represented`` (an organization on
    this instance represents that party, or that Region), the asking organization ``alone`` on the
    case (no organization here holds a party of the case it does not hold, and no Region
    organization has the case's Region) and the act one a party's staff file (``staff_files``).
    Pure: the table (:data:`TABLE`) narrowed by the role."""
    cell = TABLE[family][relation]
    if relation is Relation.OPERATOR or role is None:
        return Decision("perform")
    if role is UserRole.VIEWER:
        return Decision(None, "a viewer reads the case only (acts are for staff, counsel and admins)")
    if cell in (Cell.REFUSE, Cell.NONE):
        return Decision(None, _REFUSED.get((family, relation), "not an act of this organization"))
    if cell is Cell.PERFORM:
        if role is UserRole.STAFF and not (relation is Relation.REGION or staff_files):
            return Decision(None, "staff file their party's objections, offers of proof and exceptions; this act is "
                                  "for counsel and admins")
        return Decision("perform")
    if cell in (Cell.RECORD_UNREPRESENTED, Cell.RECORD_ALONE) and represented:
        whose = "the Region" if family is Family.REGION else "that party"
        return Decision(None, f"{whose} is represented on this casefile: its acts are its own (another organization "
                              "records an act only while nobody here represents its actor)")
    if cell is Cell.RECORD_ALONE and not alone:
        return Decision(None, NOT_ALONE)
    if role is UserRole.STAFF:
        return Decision(None, "staff record nothing: counsel and admins record another's act from the document "
                              "received")
    return Decision("record")


def family_of(kind: ActorKind, *, sealed: bool = False) -> Family:
    """The table's family of an actor kind (a party's act with its confidential part given: SEALED)."""
    if kind is ActorKind.PARTY:
        return Family.SEALED if sealed else Family.PARTY
    if kind in (ActorKind.REGION, ActorKind.HEARING_OFFICER):
        return Family.REGION
    if kind in (ActorKind.BOARD, ActorKind.JUDGE):
        return Family.BOARD
    raise ValueError(f"{kind} has no family of its own")
