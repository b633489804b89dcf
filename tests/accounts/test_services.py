"""The account services: organizations and their links, users and passwords, password resets,
API tokens, drafts — each idempotent where it should be, each refusal a clear error that stores
nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar

import pytest
from sqlmodel import select

from tests.accounts.world import NUMBER, PASSWORD, World, email_of

pytestmark = pytest.mark.usefixtures("world")


def _at(text: str) -> Any:
    from datetime import datetime

    return datetime.fromisoformat(text)


NOW = _at("2026-12-01T09:00:00+00:00")


def _write() -> Any:
    from casefile.record.db import write_session

    return write_session(by="operator:tests")


class TestOrganizations:
    def test_adding_the_same_organization_again_changes_nothing(self) -> None:
        from casefile.accounts.orgs import add_organization, list_organizations
        from casefile.record.db import read_session

        with _write() as s:
            first = add_organization(s, key="seiu-legal", name="SEIU Legal", kind="union", as_of=NOW)
        with _write() as s:
            again = add_organization(s, key="seiu-legal", name="SEIU Legal", kind="union", as_of=NOW)
        assert again.id == first.id
        with read_session() as s:
            assert [v.key for v in list_organizations(s)].count("seiu-legal") == 1

    @pytest.mark.parametrize(("options", "error", "field"), [
        ({"key": "SEIU", "name": "x", "kind": "union"}, "BadInput", "key"),
        ({"key": "seiu", "name": " ", "kind": "union"}, "BadInput", "name"),
        ({"key": "seiu", "name": "x", "kind": "guild"}, "BadInput", "kind"),
        ({"key": "r", "name": "x", "kind": "region"}, "BadInput", "region"),
        ({"key": "r", "name": "x", "kind": "union", "region": "10"}, "BadInput", "region"),
        ({"key": "r", "name": "x", "kind": "region", "region": "77"}, "UnknownRegion", None),
        ({"key": "rwdsu-legal", "name": "Another name", "kind": "union"}, "AlreadyRecorded", "key"),
    ], ids=["key", "name", "kind", "region-missing", "region-not-a-region", "region-unknown", "key-taken"])
    def test_an_organization_that_cannot_be_added_is_refused(self, options: dict[str, str], error: str,
                                                             field: str | None) -> None:
        from casefile import errors
        from casefile.accounts.orgs import add_organization

        with pytest.raises(getattr(errors, error)) as caught, _write() as s:
            add_organization(s, as_of=NOW, **options)
        assert caught.value.field == field

    def test_a_region_sees_the_cases_its_offices_handle(self) -> None:
        """A Region organization made for former Region 11 is Region 10 (its cases are handled by
        Winston-Salem in Region 10 now), so it sees Bessemer (Atlanta, Region 10)."""
        from casefile.accounts.orgs import add_organization, organization_view
        from casefile.record.access import UserViewer
        from casefile.record.accounts import Organization, UserRole
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        with _write() as s:
            org = add_organization(s, key="region-11", name="Region 11", kind="region", region="11", as_of=NOW)
            assert org.region == "10"
        with read_session() as s:
            org = s.exec(select(Organization).where(Organization.key == "region-11")).one()
            assert organization_view(s, org).regions == ["10"]
            viewer = UserViewer(user_id=0, email="x@y.org", organization_id=org.id or 0, organization_key=org.key,
                                organization_kind=org.kind, role=UserRole.COUNSEL)
            assert viewer.standing(s, get_case(s, NUMBER)).sees_case

    def test_links_are_idempotent_and_checked(self) -> None:
        from casefile.accounts.orgs import link_party, link_region, watch_case
        from casefile.errors import BadInput, UnknownRecord

        with _write() as s:
            one = link_party(s, organization="rwdsu-legal", case_number=NUMBER, party="rwdsu", as_of=NOW)
            two = link_party(s, organization="rwdsu-legal", case_number="10-rc-269250", party="rwdsu", as_of=NOW)
            assert one.id == two.id
            assert watch_case(s, organization="aflcio", case_number=NUMBER, as_of=NOW).id is not None
        with pytest.raises(UnknownRecord, match="no party 'ups'"), _write() as s:
            link_party(s, organization="rwdsu-legal", case_number=NUMBER, party="ups", as_of=NOW)
        with pytest.raises(BadInput, match="is a Region"), _write() as s:
            link_party(s, organization="region-10", case_number=NUMBER, party="rwdsu", as_of=NOW)
        with pytest.raises(BadInput, match="not a Region"), _write() as s:
            link_region(s, organization="rwdsu-legal", region="10", as_of=NOW)
        with pytest.raises(UnknownRecord, match="no organization 'nobody'"), _write() as s:
            watch_case(s, organization="nobody", case_number=NUMBER, as_of=NOW)


class TestUsers:
    def test_a_user_signs_in_with_the_password_only(self) -> None:
        """Right password: the user (last sign-in recorded); a wrong one, an unknown email and an
        inactive account: the same NotAuthenticated."""
        from casefile.accounts.users import authenticate, set_active
        from casefile.record.access import NotAuthenticated

        email = email_of("union-staff")
        with _write() as s:
            user = authenticate(s, email=email.upper(), password=PASSWORD, as_of=NOW)
            assert (user.email, user.last_login_at) == (email, NOW)
        for address, password in ((email, PASSWORD + "!"), ("nobody@example.org", PASSWORD), ("not an email", PASSWORD)):
            with pytest.raises(NotAuthenticated, match="wrong email or password"), _write() as s:
                authenticate(s, email=address, password=password, as_of=NOW)
        with _write() as s:
            set_active(s, email=email, active=False, as_of=NOW)
        with pytest.raises(NotAuthenticated), _write() as s:
            authenticate(s, email=email, password=PASSWORD, as_of=NOW)

    def test_the_stored_hash_is_argon2id_never_the_password(self) -> None:
        from casefile.accounts.users import get_user
        from casefile.record.db import read_session

        with read_session() as s:
            stored = get_user(s, email_of("union-admin")).password_hash
        assert stored.startswith("$argon2id$") and PASSWORD not in stored

    @pytest.mark.parametrize(("email", "role", "password", "error"), [
        ("ann@example", "counsel", PASSWORD, "BadInput"),
        ("ann@example.org", "partner", PASSWORD, "BadInput"),
        ("ann@example.org", "counsel", "short", "WeakPassword"),
        (email_of("union-admin"), "counsel", PASSWORD, "AlreadyRecorded"),
    ], ids=["email", "role", "password", "taken"])
    def test_a_user_that_cannot_be_added_is_refused(self, email: str, role: str, password: str, error: str) -> None:
        from casefile.accounts import passwords
        from casefile.accounts.users import add_user
        from casefile.errors import AlreadyRecorded, BadInput

        errors = {"BadInput": BadInput, "WeakPassword": passwords.WeakPassword, "AlreadyRecorded": AlreadyRecorded}
        with pytest.raises(errors[error]), _write() as s:
            add_user(s, email=email, organization="rwdsu-legal", role=role, password=password, as_of=NOW)

    def test_a_reset_link_works_once_and_not_after_it_expires(self) -> None:
        from casefile.accounts.users import RESET_PATH, InvalidResetToken, authenticate, complete_reset, reset_link, start_reset

        email = email_of("employer-viewer")
        with _write() as s:
            _, token = start_reset(s, email=email, as_of=NOW)
        assert reset_link(token, "https://casefile.example.org/") == "https://casefile.example.org" + RESET_PATH.format(
            token=token)
        with _write() as s:
            complete_reset(s, token=token, password="a brand new passphrase", as_of=NOW + timedelta(hours=1))
        with _write() as s:
            assert authenticate(s, email=email, password="a brand new passphrase", as_of=NOW).email == email
        with pytest.raises(InvalidResetToken), _write() as s:
            complete_reset(s, token=token, password="yet another passphrase", as_of=NOW + timedelta(hours=2))
        with _write() as s:
            _, late = start_reset(s, email=email, as_of=NOW)
        with pytest.raises(InvalidResetToken), _write() as s:
            complete_reset(s, token=late, password="yet another passphrase", as_of=NOW + timedelta(hours=25))

    def test_a_new_reset_cancels_the_earlier_one(self) -> None:
        from casefile.accounts.users import InvalidResetToken, complete_reset, start_reset

        email = email_of("employer-viewer")
        with _write() as s:
            _, first = start_reset(s, email=email, as_of=NOW)
            _, second = start_reset(s, email=email, as_of=NOW)
        with pytest.raises(InvalidResetToken), _write() as s:
            complete_reset(s, token=first, password="a brand new passphrase", as_of=NOW)
        with _write() as s:
            complete_reset(s, token=second, password="a brand new passphrase", as_of=NOW)


class TestTokens:
    def test_a_token_is_stored_as_its_sha256_and_shown_by_its_prefix(self, world: World) -> None:
        import hashlib

        from casefile.accounts.tokens import create_token, list_tokens, user_for_token
        from casefile.record.accounts import ApiToken
        from casefile.record.db import read_session

        with _write() as s:
            row, token = create_token(s, email=email_of("region"), as_of=NOW, name="docket script")
        assert token.startswith("cf_") and len(token) > 40
        with read_session() as s:
            stored = s.get(ApiToken, row.id)
            assert stored is not None and stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
            assert token not in str(stored.model_dump())
            listed = next(t for t in list_tokens(s, email=email_of("region")) if t.id == row.id)
            assert (listed.prefix, listed.name) == (token[:11], "docket script")
        with _write() as s:
            assert user_for_token(s, token=token, as_of=NOW).email == email_of("region")

    def test_last_use_is_recorded_at_most_once_a_minute(self, world: World) -> None:
        from casefile.accounts.tokens import create_token, user_for_token
        from casefile.record.accounts import ApiToken
        from casefile.record.db import read_session

        with _write() as s:
            row, token = create_token(s, email=email_of("region"), as_of=NOW)
        for seconds in (0, 30, 61):
            with _write() as s:
                user_for_token(s, token=token, as_of=NOW + timedelta(seconds=seconds))
        with read_session() as s:
            assert s.get(ApiToken, row.id).last_used_at == NOW + timedelta(seconds=61)  # type: ignore[union-attr]

    def test_a_revoked_token_or_an_inactive_users_token_is_refused(self, world: World) -> None:
        from casefile.accounts.tokens import create_token, revoke_token, user_for_token
        from casefile.accounts.users import set_active
        from casefile.record.access import NotAuthenticated

        with _write() as s:
            row, token = create_token(s, email=email_of("watcher"), as_of=NOW)
            first = revoke_token(s, token_id=row.id or 0, as_of=NOW).revoked_at
            assert revoke_token(s, token_id=row.id or 0, as_of=NOW + timedelta(days=1)).revoked_at == first
        with pytest.raises(NotAuthenticated), _write() as s:
            user_for_token(s, token=token, as_of=NOW)
        with _write() as s:
            set_active(s, email=email_of("outsider"), active=False, as_of=NOW)
        with pytest.raises(NotAuthenticated), _write() as s:
            user_for_token(s, token=world.tokens["outsider"], as_of=NOW)


class TestDrafts:
    DRAFT: ClassVar[dict[str, Any]] = {"act": "file-objections", "date": "2021-04-16", "party": "rwdsu", "objections": ["Threats."]}

    def test_a_draft_is_seen_in_its_organization_only_and_filed_once(self, world: World) -> None:
        """Union staff drafts supplemental objections; union counsel sees the draft, the employer's
        counsel does not (not even by its id); filing performs the act (docketed by the filer)
        and marks the draft filed with the docket entry; a filed draft is not edited."""
        from casefile import app
        from casefile.accounts.drafts import file_draft, get_draft, list_drafts, save_draft
        from casefile.errors import NotAllowedNow, UnknownRecord
        from casefile.record.db import read_session

        staff, counsel, employer = world.viewer("union-staff"), world.viewer("union-counsel"), world.viewer("employer-counsel")
        with _write() as s:
            draft = save_draft(s, viewer=staff, case_number=NUMBER, act={**self.DRAFT, "objections": []}, as_of=NOW)
        with _write() as s:  # a draft may be incomplete; it is completed before filing
            save_draft(s, viewer=staff, case_number=NUMBER, act=self.DRAFT, as_of=NOW, draft_id=draft.id)
        with read_session() as s:
            assert [d.id for d in list_drafts(s, viewer=counsel, case_number=NUMBER)] == [draft.id]
            assert list_drafts(s, viewer=employer) == []
            with pytest.raises(UnknownRecord):
                get_draft(s, viewer=employer, draft_id=draft.id or 0)
        result = file_draft(viewer=staff, draft_id=draft.id or 0, as_of=_at("2021-04-16T20:00:00-04:00"),
                            documents="none")
        assert (result.act, result.repeated) == ("file-objections", False)
        with read_session() as s:
            filed = get_draft(s, viewer=counsel, draft_id=draft.id or 0)
            assert (filed.entry_id, filed.filed_at is not None) == (result.entry_id, True)
            assert list_drafts(s, viewer=counsel) == []
        entry = [e for e in app.docket(NUMBER) if e.act == "file-objections"][-1]
        assert entry.recorded_by == "user:union-staff@rwdsu-legal.example.org"
        entries = len(app.docket(NUMBER))
        again = file_draft(viewer=counsel, draft_id=draft.id or 0, as_of=_at("2021-04-20T12:00:00-04:00"),
                           documents="none")  # filed again, later (the stage moved on): nothing filed
        assert (again.repeated, again.entry_id, len(app.docket(NUMBER))) == (True, result.entry_id, entries)
        assert "filed already" in again.summary
        with pytest.raises(NotAllowedNow), _write() as s:
            save_draft(s, viewer=staff, case_number=NUMBER, act=self.DRAFT, as_of=NOW, draft_id=draft.id)

    def test_a_draft_that_does_not_validate_is_refused_at_filing_and_stays_a_draft(self, world: World) -> None:
        from casefile.accounts.acting import InvalidAct
        from casefile.accounts.drafts import file_draft, list_drafts, save_draft
        from casefile.record.db import read_session

        staff = world.viewer("union-staff")
        with _write() as s:
            draft = save_draft(s, viewer=staff, case_number=NUMBER, act={**self.DRAFT, "objections": []}, as_of=NOW)
        with pytest.raises(InvalidAct) as caught:
            file_draft(viewer=staff, draft_id=draft.id or 0, as_of=NOW, documents="none")
        assert caught.value.field == "objections"
        with read_session() as s:
            assert [d.id for d in list_drafts(s, viewer=staff)] == [draft.id]

    def test_viewers_and_watchers_draft_nothing_and_the_unseen_case_is_not_found(self, world: World) -> None:
        from casefile.accounts.drafts import save_draft
        from casefile.errors import BadInput, UnknownCase
        from casefile.record.access import NotPermitted

        for who, error in (("union-viewer", NotPermitted), ("watcher", NotPermitted), ("outsider", UnknownCase)):
            with pytest.raises(error), _write() as s:
                save_draft(s, viewer=world.viewer(who), case_number=NUMBER, act=self.DRAFT, as_of=NOW)
        with pytest.raises(BadInput, match="a draft is an act"), _write() as s:
            save_draft(s, viewer=world.viewer("union-staff"), case_number=NUMBER, act={"act": "sing"}, as_of=NOW)
