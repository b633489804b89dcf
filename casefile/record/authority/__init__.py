"""Who may do what and see what: casefile's one authority policy (issue 14).

Every interface and every list asks this module — the API, the web pages, the permitted acts
(casefile.acts.permitted), the docket and the other read models (casefile.record.queries),
notices, exports, calendar feeds, search and the admin pages. Nothing else decides access.

**Whose act.** Each act model declares, beside its ``act`` literal, ``WHOSE: ClassVar[Whose]``:
a party's act (naming the field that names the party, and the fields that are confidential when
given: an offer of proof), the Region's (the Regional Director, the Board agent, the General
Counsel's transfer order as the Region carries it), the hearing officer's, the Board's, a judge's,
record-keeping (the act's actor is that of the record it names: attaching a document), or the
opening of a case. Nothing is inferred from a field's name.

**Who asks** is a :class:`Principal` (casefile.record.access.UserViewer, or :data:`OPERATOR`, the
command line on the machine that holds the database): its :class:`Standing` on a case says which of
the case's parties its organization represents, whether it is the case's Region, whether it only
watches, and its role.

**The table** (:data:`TABLE`; docs/architecture.md prints it, tests/authority checks they agree):
an act's :class:`Family` × the organization's :class:`Relation` to it gives a :class:`Cell` —
perform, record from the document received, record only while no organization on this instance
represents the actor, record only while the asking organization is alone on the case (the Agency's
and the Board's acts: no other side's organization and no Region here, :func:`alone`), or refuse. Roles then narrow it (:func:`decide`): a viewer reads only; staff
perform their own party's filings that staff file (objections with their offer of proof, an offer
of proof, exceptions) and, in a Region, the Region's acts, and record nothing; counsel and admins
do what the cell says. A recorded act needs the document received, uploaded with it
(DocumentReceivedNeeded otherwise). An act the policy refuses stores nothing (it is refused
before the front door is called), and the refusal does not depend on whether the record the act
is about exists: it is decided from the act's family, the relation and representation only.

**Seeing** (:func:`sees_case`, :func:`sees_sealed`, :func:`hidden_of`): a case is seen by the
organizations of its parties, its Region and those that watch it; an offer of proof — its filing,
its document, its attachments and every docket entry about them — only by the organization of the
party that filed it and the Region (29 CFR 102.69(a)(8); rules.md R-G7): for anyone else it does
not exist. Drafts, notes and assignments are their organization's own (casefile.accounts).

Authority: 29 CFR 102.69(a)(8) (an offer of proof is submitted to the Regional Director, served on
no other party); the rest is casefile's policy, issue 14.

**The modules** (this package's names are the policy's public surface; import them from here):
``whose`` (:class:`Whose`, what each act model declares), ``table`` (:data:`TABLE` and
:func:`decide`, pure), ``standing`` (who asks and their standing on a case), ``seeing`` (which
cases are seen, case by case and as SQL), ``hidden`` (what of a case is hidden from whom),
``acting`` (:func:`authorize`: an act resolved on its case and decided), ``permissions`` (drafts,
notes, links, imports and the rest a user may do besides acts).
"""

from __future__ import annotations

from casefile.record.authority.acting import (
    ReceivedDocument,
    ResolvedActor,
    actor_of,
    alone,
    alone_if_asked,
    authorize,
    may_draft_for,
    represented,
)
from casefile.record.authority.hidden import (
    CLOSURE_SUPERSEDED,
    Hidden,
    document_party_id,
    hidden_of,
    sees_period_where,
)
from casefile.record.authority.permissions import (
    ACTING_ROLES,
    COUNSEL_ROLES,
    may_ask_link,
    may_assign,
    may_decide_link,
    may_draft,
    may_hold_party,
    may_import,
    may_link_party,
    may_manage_users,
    may_open_case,
    may_see_link_request,
    may_watch,
    may_write_notes,
)
from casefile.record.authority.seeing import (
    region_where,
    sees_case,
    sees_case_where,
    sees_chain_head,
    sees_sealed,
)
from casefile.record.authority.standing import (
    OPERATOR,
    Principal,
    Standing,
    case_region,
    region_of_office,
)
from casefile.record.authority.table import (
    TABLE,
    Cell,
    Decision,
    Family,
    Mode,
    Relation,
    decide,
    family_of,
)
from casefile.record.authority.whose import (
    BOARD,
    HEARING_OFFICER,
    JUDGE,
    OPENING,
    REGION,
    ActorKind,
    Whose,
    whose_of,
)

__all__ = [
    "ACTING_ROLES",
    "BOARD",
    "CLOSURE_SUPERSEDED",
    "COUNSEL_ROLES",
    "HEARING_OFFICER",
    "JUDGE",
    "OPENING",
    "OPERATOR",
    "REGION",
    "TABLE",
    "ActorKind",
    "Cell",
    "Decision",
    "Family",
    "Hidden",
    "Mode",
    "Principal",
    "ReceivedDocument",
    "Relation",
    "ResolvedActor",
    "Standing",
    "Whose",
    "actor_of",
    "alone",
    "alone_if_asked",
    "authorize",
    "case_region",
    "decide",
    "document_party_id",
    "family_of",
    "hidden_of",
    "may_ask_link",
    "may_assign",
    "may_decide_link",
    "may_draft",
    "may_draft_for",
    "may_hold_party",
    "may_import",
    "may_link_party",
    "may_manage_users",
    "may_open_case",
    "may_see_link_request",
    "may_watch",
    "may_write_notes",
    "region_of_office",
    "region_where",
    "represented",
    "sees_case",
    "sees_case_where",
    "sees_chain_head",
    "sees_period_where",
    "sees_sealed",
    "whose_of",
]
