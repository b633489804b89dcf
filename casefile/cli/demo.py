"""The demo instance of ``casefile serve --demo``: the real Bessemer case (10-RC-269250, the
scenario examples/bessemer-10-RC-269250.yaml replayed through the front door, documents issued in
this process, when the case is not in the database yet) and accounts for both sides — the union
(RWDSU's legal department: an admin, counsel and staff), the employer (Amazon's counsel) and
NLRB Region 10 — each with the same password, made anew every time the demo starts (printed
once; only its Argon2 hash is stored).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

NUMBER = "10-RC-269250"
#: (organization key, name, kind, Region, the party it represents in Bessemer or None)
ORGANIZATIONS = (
    ("rwdsu-legal", "RWDSU Legal Department", "union", None, "rwdsu"),
    ("amazon-counsel", "Employer's Counsel (Amazon)", "firm", None, "amazon"),
    ("region-10", "NLRB Region 10 (Atlanta)", "region", "10", None),
)
#: (email, name, organization, role)
USERS = (
    ("admin@rwdsu.example.org", "Union admin", "rwdsu-legal", "admin"),
    ("counsel@rwdsu.example.org", "Union counsel", "rwdsu-legal", "counsel"),
    ("staff@rwdsu.example.org", "Union organizer (staff)", "rwdsu-legal", "staff"),
    ("counsel@amazon.example.org", "Employer's counsel", "amazon-counsel", "counsel"),
    ("agent@region10.example.org", "Region 10 Board agent", "region-10", "counsel"),
)


@dataclass(frozen=True)
class Demo:
    """What the demo set up: whether the case was loaded now, and the users' shared password."""

    loaded: bool
    password: str
    users: tuple[tuple[str, str, str, str], ...] = USERS


def example_path() -> Path:
    from importlib.resources import files

    return Path(str(files("casefile.examples") / "bessemer-10-RC-269250.yaml"))


def case_present(number: str = NUMBER) -> bool:
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Case

    with read_session() as session:
        return session.exec(select(Case.id).where(Case.number == number)).first() is not None


def load_case() -> bool:
    """Replay Bessemer into the configured database unless it is there; returns whether it was loaded."""
    if case_present():
        return False
    from casefile.scenario import replay

    replay(example_path(), through_prefect=False)
    return True


def make_accounts(*, password: str | None = None, number: str = NUMBER, as_of: datetime | None = None) -> str:
    """Create (or update) the demo organizations, their links to Bessemer's parties and the users,
    every user with ``password`` (default: a new random one); returns the password."""
    from sqlmodel import select

    from casefile.accounts.orgs import add_organization, link_party
    from casefile.accounts.users import add_user, set_password
    from casefile.record.accounts import User
    from casefile.record.db import write_session

    password = password or f"demo-{secrets.token_urlsafe(9)}"
    moment = as_of or datetime.now(UTC)
    with write_session(by="system:demo") as session:
        for key, name, kind, region, party in ORGANIZATIONS:
            add_organization(session, key=key, name=name, kind=kind, region=region, as_of=moment, by="system:demo")
            if party is not None:
                link_party(session, organization=key, case_number=number, party=party, as_of=moment, by="system:demo")
        for email, name, org, role in USERS:
            if session.exec(select(User).where(User.email == email)).first() is None:
                add_user(session, email=email, organization=org, role=role, password=password, as_of=moment, name=name)
            else:
                set_password(session, email=email, password=password, as_of=moment)
    return password


def set_up(*, password: str | None = None) -> Demo:
    """Load Bessemer when missing and make the demo accounts."""
    loaded = load_case()
    return Demo(loaded=loaded, password=make_accounts(password=password))
