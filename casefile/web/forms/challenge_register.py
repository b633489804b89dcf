"""The challenge register form (register-challenges): the Board agent's register, a CSV file read
into the act's challenges (casefile.importers.challenge_register), not a file the act keeps."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from casefile.acts.register_challenges import RegisterChallenges
from casefile.errors import BadInput, CasefileError
from casefile.web.forms.reading import Submitted, moment
from casefile.web.forms.spec import FormSpec


def register_data(content: bytes, sub: Submitted, day: date, at: datetime | None) -> dict[str, Any]:
    """The act from the register's CSV ``content``. Raises BadInput (field ``register``): no file,
    or a register that cannot be read (the importer's words)."""
    from casefile.importers.challenge_register import parse_challenge_register

    if not content:
        raise BadInput("Choose the register's CSV file", field="register")
    try:
        found = parse_challenge_register(content, source=sub.get("register-name") or "the register")
    except CasefileError as exc:
        raise BadInput(str(exc), field="register") from None
    return {"act": SPEC.act, **moment(day, at),
            "challenges": [{"voter": r.voter, "challenged_by": r.challenged_by, "ground": r.ground,
                            "disputed_void": r.disputed_void} for r in found]}


SPEC = FormSpec(
    act=RegisterChallenges.model_fields["act"].default, template="act_register.html",
    own=frozenset({"date", "time", "register"}), upload="register", from_upload=register_data,
    whole={"challenges": "register"})
