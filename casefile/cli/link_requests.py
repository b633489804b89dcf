"""``casefile orgs requests``, ``casefile orgs approve``, ``casefile orgs decline``: the operator's
list of link requests (an organization asks to be linked to a party of a case it cannot open:
casefile.accounts.links) and the decision on each.

    casefile orgs requests                     # the pending requests, who holds each party, what the asker holds
    casefile orgs approve 3                    # link a party nobody holds yet (refused for a held one:)
    casefile orgs approve 3 --share            # link beside those linked already (both see its offers of proof)
    casefile orgs approve 3 --replace          # link in their place (a party claimed first by an outsider)
    casefile orgs decline 4 --reason "not the petitioner's counsel"

Only the operator decides a request (casefile.record.authority.may_decide_link). Approving opens
that party's offers of proof to the organization: the command says so, and names the
organizations whose links a --replace ended; an organization is never linked to a party opposing
one it holds in the case (may_link_party).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import typer
from rich.table import Table

from casefile.cli.accounts import _as_json, _operator, orgs_app
from casefile.cli.app import console, err_console
from casefile.cli.fitting import print_table
from casefile.rules.calendar import instant_label


@orgs_app.command("requests")
def orgs_requests(
    every: Annotated[bool, typer.Option("--all", help="Decided requests too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the link requests awaiting the operator — a holder's decline included — with the party each
    names (by role or handle), who holds it and what the asker holds in the case already (with --all,
    decided ones too)."""
    from casefile.accounts.links import WARNING, list_link_requests
    from casefile.record.authority import OPERATOR
    from casefile.record.db import read_session

    with read_session() as session:
        views = list_link_requests(session, OPERATOR, pending_only=not every)
    if as_json:
        _as_json([v.model_dump(mode="json") for v in views])
        return
    if not views:
        console.print("no link request" + ("" if every else " is pending"), highlight=False)
        return
    table = Table("id", "organization", "case", "party asked", "names", "held by", "asker holds", "status", "asked",
                  "note", header_style="bold")
    # a key is never cut short ("amazon-…" hid who holds the party): cli.fitting wraps between words only
    for v in views:
        table.add_row(str(v.id), v.organization, v.case_number, v.party, v.resolves_to or "no one party",
                      ", ".join(v.held_by) or "nobody", ", ".join(v.asker_holds) or "nothing",
                      v.status + (f" ({v.decision})" if v.decision else ""),
                      f"{instant_label(v.requested_at)} by {v.requested_by}", v.note)
    print_table(console, table, heading=(0, 1, 2))
    for v in views:
        others = [k for k in v.held_by if k != v.organization]
        if v.status == "declined" and v.decided_by.startswith("user:"):
            console.print(f"request {v.id}: declined by {v.decided_by}, of an organization holding that party — not "
                          "by the operator: decide it (approve or decline)", highlight=False, soft_wrap=True)
        if v.asker_holds and v.status in ("pending", "declined"):
            console.print(f"request {v.id}: {v.organization} holds {', '.join(v.asker_holds)} of {v.case_number} "
                          f"already", highlight=False, soft_wrap=True)
        if others and v.status in ("pending", "declined"):
            console.print(f"request {v.id}: {v.party} of {v.case_number} is held already by {', '.join(others)} — "
                          f"approving shares it with {v.organization} (--share) or links {v.organization} in its "
                          "place (--replace)", highlight=False, soft_wrap=True)
    err_console.print(WARNING, highlight=False, soft_wrap=True)


@orgs_app.command("approve")
def orgs_approve(
    request: Annotated[int, typer.Argument(help="The request's id (casefile orgs requests).")],
    replace: Annotated[bool, typer.Option("--replace", help="Link it in place of the organizations linked to that "
                                                            "party now (their links end).")] = False,
    share: Annotated[bool, typer.Option("--share", help="Link it beside the organizations linked to that party now "
                                                        "(both see its offers of proof); without it a held party is "
                                                        "refused.")] = False,
    party: Annotated[str | None, typer.Option("--party", help="The party's handle, when the request names none "
                                                              "unambiguously.")] = None,
) -> None:
    """Approve a link request: the organization is linked to the party (its offers of proof open to it). A party
    another organization holds already needs --share (beside it) or --replace (in its place)."""
    from casefile.accounts.links import WARNING, approve_link
    from casefile.record.authority import OPERATOR
    from casefile.record.db import write_session

    by = _operator()
    with write_session(by=by) as session:
        done = approve_link(session, OPERATOR, request, as_of=datetime.now(UTC), replace=replace, share=share, party=party,
                           by=by)
    v = done.request
    text = f"link request {v.id} approved: {v.organization} represents {v.party} in {v.case_number}"
    if done.replaced:
        text += f" in place of {', '.join(done.replaced)} (their links ended)"
    elif len(v.held_by) > 1:
        text += f" beside {', '.join(k for k in v.held_by if k != v.organization)}"
    console.print(text, highlight=False, soft_wrap=True)
    err_console.print(WARNING, highlight=False, soft_wrap=True)


@orgs_app.command("decline")
def orgs_decline(
    request: Annotated[int, typer.Argument(help="The request's id (casefile orgs requests).")],
    reason: Annotated[str, typer.Option("--reason", help="Why (the asking organization sees it).")] = "",
) -> None:
    """Decline a link request (nothing is linked)."""
    from casefile.accounts.links import decline_link
    from casefile.record.authority import OPERATOR
    from casefile.record.db import write_session

    by = _operator()
    with write_session(by=by) as session:
        done = decline_link(session, OPERATOR, request, as_of=datetime.now(UTC), reason=reason, by=by)
    console.print(f"link request {done.request.id} of {done.request.organization} declined", highlight=False)
