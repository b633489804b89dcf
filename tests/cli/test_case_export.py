"""``casefile case export CASE``: the case file as one zip, written where --out says — the docket as
CSV (every entry, as the local operator sees it), the chain head that ``casefile verify --head``
prints, and a manifest; an unknown case exits 2 with the message and writes nothing."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

from casefile.record.db import get_engine, write_session
from tests.bessemer import NUMBER, TALLY_2021, open_case, record_tally
from tests.cli.in_process import casefile
from tests.conftest import at


def test_export_writes_the_docket_and_the_chain_head(configured_db: Path) -> None:
    with write_session(get_engine(), by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    target = configured_db / "bessemer.zip"
    ran = casefile("case", "export", NUMBER, "--out", str(target))
    assert ran.exit_code == 0, ran.stderr
    assert f"wrote {target} (0 files, 2 docket entries" in ran.stdout
    head = casefile("verify", NUMBER, "--head").stdout.split(" head ", 1)[1].split()[0]
    with zipfile.ZipFile(target) as archive:
        rows = list(csv.reader(io.StringIO(archive.read("docket.csv").decode())))
        manifest = json.loads(archive.read("manifest.json"))
        assert sorted(archive.namelist()) == ["chain-head.txt", "docket.csv", "manifest.json"]
        assert head in archive.read("chain-head.txt").decode()
    assert [r[1] for r in rows] == ["Act", "Case opened", "Tally of Ballots"]  # in words, not "open-case" (F29)
    assert [r[2:4] for r in rows[1:]][1] == ["Board agent", "the operator of this casefile"]
    assert (manifest["chain"]["head"], manifest["exported_by"], manifest["docket_entries"]) == (head, "operator", 2)


def test_an_unknown_case_exits_2_and_writes_nothing(configured_db: Path) -> None:
    get_engine()
    ran = casefile("case", "export", "10-RC-999999", "--out", str(configured_db / "x.zip"))
    assert (ran.exit_code, ran.error_lines) == (2, ["error: no case 10-RC-999999 in the database (open it first, or "
                                                    "replay a scenario)"])
    assert not (configured_db / "x.zip").exists()


def test_the_export_names_the_chain_version_its_head_is_hashed_with(configured_db: Path) -> None:
    """chain-head.txt and manifest.json said casefile-docket-chain-v1 of a head hashed with version 2 (the record's
    seal, casefile.record.sealing): the version they name is the one that recomputes the head, HMAC and all."""
    import hashlib
    import hmac

    from sqlmodel import col, select

    from casefile.record.chain import canonical_content
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry, Document
    from casefile.record.secret_key import keys_for

    with write_session(get_engine(), by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    target = configured_db / "bessemer.zip"
    assert casefile("case", "export", NUMBER, "--out", str(target)).exit_code == 0
    with zipfile.ZipFile(target) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        said = archive.read("chain-head.txt").decode()
    version = manifest["chain"]["version"]
    assert version == "casefile-docket-chain-v2"
    assert said.startswith(f"{NUMBER} docket chain head (HMAC-SHA256, casefile-docket-chain-v2):\n")
    with read_session(get_engine()) as s:
        last = s.exec(select(DocketEntry).order_by(col(DocketEntry.id).desc()).limit(1)).one()
        document = s.get(Document, last.document_id) if last.document_id else None
        values = {name: getattr(last, name) for name in canonical_content({})}
        payload = {"v": version, "entry": canonical_content(values), "prev": last.prev_hash,
                   "document_sha256": document.sha256 if document else "", "seal": last.seal}
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert hmac.new(keys_for(s).signing, text.encode(), hashlib.sha256).hexdigest() == manifest["chain"]["head"]
