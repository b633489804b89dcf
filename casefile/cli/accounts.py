"""``casefile orgs``, ``casefile users``, ``casefile tokens``: the accounts of a casefile server
(issue 8), managed by the instance's operator on the machine that holds the database.

    casefile orgs add rwdsu-legal --name "RWDSU Legal Department" --kind union
    casefile orgs link rwdsu-legal 10-RC-269250 rwdsu        # or: casefile orgs link region-10 --region 10
    casefile orgs watch aflcio 10-RC-269250
    printf '%s\\n' "$PASSWORD" | casefile users add ann@rwdsu.org --org rwdsu-legal --role counsel --password-stdin
    casefile users reset ann@rwdsu.org                       # prints a one-time reset link
    casefile tokens create ann@rwdsu.org                     # prints an API token, once
    casefile tokens revoke 3

Import-light: neither Prefect nor WeasyPrint. Every change is one transaction, recorded as done
by the operator; a refusal prints one line and exits 2.
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from typing import Annotated, Any

import typer
from rich.table import Table

from casefile.cli.app import app, console, err_console
from casefile.cli.fitting import print_table

orgs_app = typer.Typer(help="Organizations (a union's legal department, a law firm, a federation, a Region) and "
                            "their links to the parties they represent or the cases they watch.", no_args_is_help=True)
users_app = typer.Typer(help="Users of a casefile server: one organization, one role (admin, counsel, staff, viewer).",
                        no_args_is_help=True)
tokens_app = typer.Typer(help="API tokens (Authorization: Bearer ...): shown once when made, stored hashed, revocable.",
                         no_args_is_help=True)
app.add_typer(orgs_app, name="orgs")
app.add_typer(users_app, name="users")
app.add_typer(tokens_app, name="tokens")


def _now() -> datetime:
    return datetime.now(UTC)


def _operator() -> str:
    from casefile.acts import Who

    return Who.operator().label


def _as_json(data: object) -> None:
    typer.echo(json.dumps(data, indent=2, default=str, ensure_ascii=False))


# --- orgs -------------------------------------------------------------------------------------


@orgs_app.command("add")
def orgs_add(
    key: Annotated[str, typer.Argument(help="Handle: lower-case letters, digits, dashes (e.g. rwdsu-legal).")],
    name: Annotated[str, typer.Option("--name", help="The organization's name.")],
    kind: Annotated[str, typer.Option("--kind", help="union, firm, federation or region.")] = "union",
    region: Annotated[str | None, typer.Option("--region", help="A Region organization's Region number (e.g. 10).")] = None,
) -> None:
    """Add an organization (the same again changes nothing). A Region sees every case of its Region."""
    from casefile.accounts.orgs import add_organization
    from casefile.record.db import write_session

    by = _operator()
    with write_session(by=by) as session:
        org = add_organization(session, key=key, name=name, kind=kind, region=region, as_of=_now(), by=by)
        text = f"organization {org.key}: {org.name} ({org.kind.value}" + (f", Region {org.region})" if org.region else ")")
    console.print(text, highlight=False, soft_wrap=True)


@orgs_app.command("link")
def orgs_link(
    org: Annotated[str, typer.Argument(help="The organization's key.")],
    case_number: Annotated[str | None, typer.Argument(help="NLRB case number, e.g. 10-RC-269250.")] = None,
    party: Annotated[str | None, typer.Argument(help="The party it represents (handle, e.g. rwdsu).")] = None,
    region: Annotated[str | None, typer.Option("--region", help="Link a Region organization to every case of "
                                                                "Region NN instead.")] = None,
    share: Annotated[bool, typer.Option("--share", help="Link it though another organization represents that party "
                                                        "already: both then see its offers of proof.")] = False,
) -> None:
    """Link an organization to the party it represents in a case, or a Region organization to a Region's cases.

    Its users then see the case and that party's confidential filings (a Region: every case of the Region).
    A party another organization represents here already is linked again only with --share (or by
    approving a link request: casefile orgs requests, casefile orgs approve ID --replace)."""
    from casefile.accounts.orgs import link_party, link_region
    from casefile.errors import BadInput
    from casefile.record.db import write_session

    by = _operator()
    if region is not None:
        if case_number is not None or party is not None:
            raise BadInput("orgs link: give either CASE PARTY or --region NN, not both")
        with write_session(by=by) as session:
            rep = link_region(session, organization=org, region=region, as_of=_now(), by=by)
            text = f"{org} is linked to the cases of Region {rep.region}"
    else:
        if case_number is None or party is None:
            raise BadInput("orgs link: give the case and the party (casefile orgs link ORG CASE PARTY), or --region NN")
        with write_session(by=by) as session:
            link_party(session, organization=org, case_number=case_number, party=party, as_of=_now(), by=by,
                       share=share)
            text = f"{org} represents {party} in {case_number}"
    console.print(text, highlight=False, soft_wrap=True)


@orgs_app.command("unlink")
def orgs_unlink(
    org: Annotated[str, typer.Argument(help="The organization's key.")],
    case_number: Annotated[str, typer.Argument(help="NLRB case number.")],
    party: Annotated[str, typer.Argument(help="The party's handle.")],
) -> None:
    """Remove an organization's link to a party of a case."""
    from casefile.accounts.orgs import unlink_party
    from casefile.record.db import write_session

    with write_session(by=_operator()) as session:
        removed = unlink_party(session, organization=org, case_number=case_number, party=party)
    console.print(f"{org} no longer represents {party} in {case_number}" if removed
                  else f"{org} was not linked to {party} in {case_number}: nothing changed", highlight=False)


@orgs_app.command("watch")
def orgs_watch(
    org: Annotated[str, typer.Argument(help="The organization's key.")],
    case_number: Annotated[str, typer.Argument(help="NLRB case number.")],
) -> None:
    """Let an organization follow a case it is not a party to: the public record only."""
    from casefile.accounts.orgs import watch_case
    from casefile.record.db import write_session

    by = _operator()
    with write_session(by=by) as session:
        watch_case(session, organization=org, case_number=case_number, as_of=_now(), by=by)
    console.print(f"{org} watches {case_number} (the public record only)", highlight=False)


@orgs_app.command("list")
def orgs_list(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the organizations with their links."""
    from casefile.accounts.orgs import list_organizations
    from casefile.record.db import read_session

    with read_session() as session:
        views = list_organizations(session)
    if as_json:
        _as_json([v.model_dump(mode="json") for v in views])
        return
    table = Table("key", "name", "kind", "represents", "Regions", "watches", header_style="bold")
    for v in views:
        table.add_row(v.key, v.name, v.kind, "\n".join(v.parties) or "—", ", ".join(v.regions) or "—",
                      ", ".join(v.watching) or "—")
    print_table(console, table, heading=(0,))


def _when(at: Any) -> str:
    """An instant in words ("1:31 a.m. UTC on December 4, 2026"), or "—" when there is none."""
    from casefile.rules.calendar import instant_label

    return instant_label(at) if at is not None else "—"


# --- users ------------------------------------------------------------------------------------


def _read_password(password_stdin: bool) -> str:
    if password_stdin:
        line = sys.stdin.readline()
        return line[:-1] if line.endswith("\n") else line
    return str(typer.prompt("Password", hide_input=True, confirmation_prompt=True))


@users_app.command("add")
def users_add(
    email: Annotated[str, typer.Argument(help="The user's email (their sign-in name).")],
    org: Annotated[str, typer.Option("--org", help="The organization's key.")],
    role: Annotated[str, typer.Option("--role", help="admin, counsel, staff or viewer.")],
    password_stdin: Annotated[bool, typer.Option("--password-stdin", help="Read the password from the first line of "
                                                                          "standard input (else it is asked for).")] = False,
    name: Annotated[str, typer.Option("--name", help="The user's name.")] = "",
) -> None:
    """Add a user to an organization with a role; the password comes from standard input or a prompt."""
    from casefile.accounts.users import add_user
    from casefile.record.db import write_session

    password = _read_password(password_stdin)
    with write_session(by=_operator()) as session:
        user = add_user(session, email=email, organization=org, role=role, password=password, as_of=_now(), name=name)
        text = f"user {user.email}: {user.role.value} of {org}"
    console.print(text, highlight=False, soft_wrap=True)


@users_app.command("reset")
def users_reset(
    email: Annotated[str, typer.Argument(help="The user's email.")],
    base_url: Annotated[str, typer.Option("--base-url", help="The web application's address, as users reach it.")]
    = "http://127.0.0.1:8000",
) -> None:
    """Start a password reset: prints a one-time link (valid 24 hours) to give the user."""
    from casefile.accounts.users import RESET_VALID_FOR, reset_link, start_reset
    from casefile.record.db import write_session

    by = _operator()
    with write_session(by=by) as session:
        reset, token = start_reset(session, email=email, as_of=_now(), by=by)
        expires = reset.expires_at
    err_console.print(f"one-time password reset for {email.strip().lower()}, valid {RESET_VALID_FOR.total_seconds() / 3600:.0f} "
                      f"hours (until {expires.isoformat(timespec='minutes')}); give the user this link:", highlight=False)
    typer.echo(reset_link(token, base_url))


@users_app.command("list")
def users_list(
    org: Annotated[str | None, typer.Option("--org", help="Only this organization's users.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the users (never their passwords)."""
    from casefile.accounts.users import list_users
    from casefile.record.db import read_session

    with read_session() as session:
        views = list_users(session, organization=org)
    if as_json:
        _as_json([v.model_dump(mode="json") for v in views])
        return
    table = Table("email", "organization", "role", "active", "last sign-in", header_style="bold")
    for v in views:
        table.add_row(v.email, v.organization, v.role, "yes" if v.active else "no",
                      _when(v.last_login_at))
    print_table(console, table, heading=(0,))


@users_app.command("deactivate")
def users_deactivate(email: Annotated[str, typer.Argument(help="The user's email.")]) -> None:
    """Deactivate a user: they can no longer sign in, and their API tokens are refused."""
    from casefile.accounts.users import set_active
    from casefile.record.db import write_session

    with write_session(by=_operator()) as session:
        user = set_active(session, email=email, active=False, as_of=_now())
        text = f"user {user.email} is deactivated"
    console.print(text, highlight=False)


# --- tokens -----------------------------------------------------------------------------------


@tokens_app.command("create")
def tokens_create(
    email: Annotated[str, typer.Argument(help="The user the token acts as.")],
    name: Annotated[str, typer.Option("--name", help="What the token is for (e.g. 'docket script').")] = "",
) -> None:
    """Make an API token for a user and print it once (only its hash is kept)."""
    from casefile.accounts.tokens import create_token
    from casefile.record.db import write_session

    with write_session(by=_operator()) as session:
        row, token = create_token(session, email=email, as_of=_now(), name=name)
        ident = row.id
    err_console.print(f"API token {ident} for {email.strip().lower()} (shown once; revoke with casefile tokens revoke "
                      f"{ident}):", highlight=False)
    typer.echo(token)


@tokens_app.command("revoke")
def tokens_revoke(token_id: Annotated[int, typer.Argument(metavar="ID", help="The token's id (casefile tokens list).")]) -> None:
    """Revoke an API token: requests with it are refused from now on."""
    from casefile.accounts.tokens import revoke_token
    from casefile.record.db import write_session

    with write_session(by=_operator()) as session:
        row = revoke_token(session, token_id=token_id, as_of=_now())
        text = f"API token {row.id} ({row.prefix}…) revoked at {row.revoked_at.isoformat(timespec='seconds')}"  # type: ignore[union-attr]
    console.print(text, highlight=False)


@tokens_app.command("list")
def tokens_list(
    email: Annotated[str | None, typer.Argument(help="Only this user's tokens.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List API tokens (their first characters only)."""
    from casefile.accounts.tokens import list_tokens
    from casefile.record.db import read_session

    with read_session() as session:
        views = list_tokens(session, email=email)
    if as_json:
        _as_json([v.model_dump(mode="json") for v in views])
        return
    table = Table("id", "user", "name", "token begins", "made", "last used", "revoked", header_style="bold")
    for v in views:
        table.add_row(str(v.id), v.user, v.name or "—", v.prefix, _when(v.created_at), _when(v.last_used_at),
                      _when(v.revoked_at))
    print_table(console, table, heading=(0, 1))
