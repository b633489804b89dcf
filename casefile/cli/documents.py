"""``casefile documents check`` (preflight of issued PDFs) and ``casefile documents docx`` (an editable
copy of a party filing). Neither imports Prefect; ``docx`` imports python-docx, not WeasyPrint."""

from __future__ import annotations

import hashlib
from pathlib import Path

import typer

from casefile.cli.app import app, console, err_console
from casefile.vocab import counted

documents_app = typer.Typer(help="Issued documents: preflight check, editable copy of a filing.", no_args_is_help=True)
app.add_typer(documents_app, name="documents")


@documents_app.command("check")
def check(
    target: str = typer.Argument(None, metavar="[CASE|FILE]",
                                 help="A case number (its issued documents), a PDF file, or a folder of PDFs; every case when omitted."),
) -> None:
    """Preflight issued documents: PDF/A-3b and metadata, fonts embedded, text extractable, US Letter,
    no JavaScript, forms or encryption, size within the e-filing limit, confidential file names.
    One line per document (OK, or what fails); exits 1 if any fails."""
    from casefile.documents.preflight import PreflightReport, preflight, preflight_file

    reports: list[PreflightReport] = []
    path = Path(target) if target else None
    if path is not None and path.is_file():
        reports.append(preflight_file(path))
    elif path is not None and path.is_dir():
        reports.extend(preflight_file(p) for p in sorted(path.glob("*.pdf")))
    else:
        for document, data in _issued(target):
            if data is None:
                reports.append(PreflightReport(Path(document.path).name, 0, 0, (f"the issued file {document.path} is missing",)))
                continue
            report = preflight(data, confidential=document.confidential, file_name=document.path)
            if hashlib.sha256(data).hexdigest() != document.sha256:
                report = PreflightReport(report.file_name, report.pages, report.size,
                                         (*report.failures, f"the file is not the one issued (sha256 {document.sha256[:12]}…)"))
            reports.append(report)
    if not reports:
        console.print("no document to check")
        return
    for report in reports:
        console.print(report.line(), highlight=False, soft_wrap=True)
    failed = sum(not r.ok for r in reports)
    if failed:
        err_console.print(f"{failed} of {counted(len(reports), 'document')} {'fails' if failed == 1 else 'fail'} preflight",
                          highlight=False)
        raise typer.Exit(1)


def _issued(case_number: str | None):  # type: ignore[no-untyped-def]
    """(Document, its bytes or None when the file is missing) for the case, or for every case."""
    from sqlmodel import col, select

    from casefile.record.db import read_session
    from casefile.record.lookups import get_case
    from casefile.record.models import Document

    with read_session() as session:
        query = select(Document).order_by(col(Document.case_id), col(Document.id))
        if case_number:
            case = get_case(session, case_number)
            query = query.where(Document.case_id == case.id)
        documents = list(session.exec(query))
    for document in documents:
        file = Path(document.path)
        yield document, (file.read_bytes() if file.is_file() else None)


@documents_app.command("docx")
def docx(
    document_id: int = typer.Argument(..., help="The issued document's id (as `casefile case show --json` lists them)."),
    out: Path = typer.Option(None, "--out", help="Where to write the DOCX (default: beside the PDF, same name, .docx)."),
) -> None:
    """Write an editable copy (Word) of an issued party filing: objections, offer of proof, exceptions, request
    for review, statement in opposition, answering brief, cross-exceptions, motion for reconsideration, request for
    an extension of time.
    Same caption, title and numbered paragraphs as the PDF, from the data stored with the document."""
    from casefile.documents.docx import render_docx
    from casefile.documents.registry import document_class
    from casefile.documents.storage import write_atomically
    from casefile.errors import UnknownRecord
    from casefile.record.db import read_session
    from casefile.record.models import Document

    with read_session() as session:
        document = session.get(Document, document_id)
        if document is None:
            raise UnknownRecord(f"no issued document {document_id}")
        kind, data, pdf = document.kind, dict(document.data), Path(document.path)
    target = out if out is not None else pdf.with_suffix(".docx")
    write_atomically(target, render_docx(document_class(kind), data), root=target.parent)
    console.print(f"wrote {target}", highlight=False)


@documents_app.command("attach")
def attach(
    case_number: str = typer.Argument(..., help="NLRB case number, e.g. 13-RC-400123"),
    to: str = typer.Option(..., "--to", help="filing:ID (the document as filed) or docket:ID (the Region's own "
                           "document for a recorded act); ids as `casefile case show CASE --json` lists them."),
    file: Path = typer.Option(..., "--file", help="The PDF as filed or issued."),
    confirmation: str = typer.Option("", "--confirmation", help="The e-filing confirmation number."),
    as_of: str | None = typer.Option(None, help="When it is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date); default now."),
) -> None:
    """Attach the document actually filed (with its e-filing confirmation number) or the Region's own PDF:
    stored beside casefile's draft, hashed (sha256), docketed, checked by `casefile verify`.
    The file is read here and sent as bytes (uploaded to the casefile server when one is set)."""
    from pydantic import ValidationError

    from casefile import app as front
    from casefile.acts import parse_act
    from casefile.cli.perform import local_upload, run_act
    from casefile.errors import BadInput
    from casefile.record.uploads import uploads_of

    upload = local_upload(file, field="file")
    try:
        act = parse_act({"act": "attach-document", "to": to.strip(), "file": upload.ref,
                         "confirmation": confirmation.strip()})
    except ValidationError as exc:
        from casefile.cli.act_options import options_problem

        raise options_problem("documents attach", exc, options={"file": "FILE"}, skip=1, error=BadInput,
                              hint=" (e.g. --to filing:12, --to docket:40)") from exc
    moment = None if as_of is None else front.read_instant(as_of, what="--as-of", case_number=case_number)
    run_act(act, case_number=case_number, as_of=moment, uploads=uploads_of([upload]))


@documents_app.command("issue")
def issue(
    case_number: str = typer.Argument(None, help="Only this case (default: every case)."),
    pending: bool = typer.Option(False, "--pending", help="Issue the documents recorded acts are still to issue "
                                 "(a write that failed: a full disk, a read-only output folder; a process killed)."),
) -> None:
    """Issue the documents that recorded acts are still to issue, as `casefile verify` and `casefile case
    show` list them: each once (a document already issued is not issued again)."""
    from sqlmodel import select

    from casefile import app as front
    from casefile.cli.perform import now
    from casefile.errors import BadInput
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case
    from casefile.record.models import Case
    from casefile.record.sealing import owed_documents

    if not pending:
        raise BadInput("documents issue: say which documents: --pending (those recorded acts are still to issue)",
                       field="pending")
    with read_session() as session:
        cases = [get_case(session, case_number)] if case_number else list(session.exec(select(Case)))
        owed = {(case.number, entry.id): entry.recorded_at for case in cases
                for entry, _ in owed_documents(session, case.id)}  # type: ignore[arg-type]
    if not owed:
        console.print("no document to issue: every act's documents are issued", highlight=False)
        return
    moment = now()
    count = 0
    for (number, entry_id), _ in sorted(owed.items(), key=lambda item: item[0][1]):
        for document in front.issue_for_entry(entry_id, as_of=moment):  # type: ignore[arg-type]
            count += 1
            console.print(f"{number}: issued {document.title}: {document.path}", highlight=False, soft_wrap=True)
    console.print(f"{count} document(s) issued", highlight=False)
