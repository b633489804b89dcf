"""How a command performs one act: through a running casefile server when one is configured
(``CASEFILE_SERVER_URL`` and ``CASEFILE_TOKEN``: the act is then a flow run on that server's
Prefect), else in this process through the front door, without starting Prefect (and the output
says so). Every act command builds an act model and calls :func:`run_act`."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from casefile.cli.app import console, err_console

if TYPE_CHECKING:  # the act models load the record and the rules: only when an act is performed
    from collections.abc import Mapping
    from pathlib import Path

    from casefile.acts import ActIn
    from casefile.record.uploads import Upload, Uploads


def now() -> datetime:
    """The moment a command runs (the command line is where the clock is read)."""
    return datetime.now(UTC)


def local_upload(path: Path, *, field: str) -> Upload:
    """The file at ``path`` on this machine, read for act field ``field`` by the command line (the
    local operator: the only interface that takes a path) and checked as an upload is
    (casefile.record.uploads.local_file). Raises UploadRefused naming the field."""
    from casefile.record.uploads import local_file
    from casefile.settings import get_settings

    return local_file(path, field=field, max_bytes=get_settings().upload_max_bytes)


def run_act(act: ActIn, *, case_number: str | None, as_of: datetime | None = None, quiet: bool = False,  # type: ignore[no-untyped-def]
            uploads: Uploads | None = None, source: Path | str | None = None, case_field: str | None = None,
            options: Mapping[str, str] | None = None):
    """Perform ``act`` on ``case_number`` as of ``as_of`` (default: now), with the files ``uploads``
    carries (read by :func:`local_upload`), and print the result. Returns the ActResult. Raises the
    act's CasefileError (the CLI prints it and exits 2); for an act read from the file ``source`` (or given by the
    ``options`` of the command ``source``), its message names the file and the key at fault, or the option
    (:func:`from_file`; ``case_field`` the file's key of the case number)."""
    from casefile.errors import CasefileError

    try:
        return _run_act(act, case_number=case_number, as_of=as_of, quiet=quiet, uploads=uploads)
    except CasefileError as exc:
        if source is not None:
            raise from_file(exc, source, case_field=case_field, options=options) from None
        raise


def from_file(exc: Exception, source: Path | str, *, case_field: str | None = None,
              options: Mapping[str, str] | None = None) -> Exception:
    """``exc`` (a BadInput refusing what a file gave, or its case number not found) with its message naming the file
    and the key at fault, as a case or scenario file's problems are named: "case.yaml: field 'case.number':
    03-RC-28213: its serial number ...". Other refusals (the procedure's, now) are returned as they are. The key is the error's ``field``; a malformed or unknown case number without one is ``case_field`` (the
    key of the file that gave it); a tally's line at fault is its key. With ``options`` (``source`` is then the command,
    "tally record"), the key is said as the option that gave it: each field's option, else ``--`` and the field.
    The same exception (its type, code and field kept), its message replaced."""
    from casefile.errors import BadInput, ConfigurationError, MalformedCaseNumber, SeveralProblems, UnknownCase

    is_case = case_field is not None and isinstance(exc, MalformedCaseNumber | UnknownCase)
    if not (isinstance(exc, BadInput) or is_case):
        return exc  # what the procedure refuses now is no fault of the file: said as a replay says it
    if str(getattr(exc, "field", None) or "").startswith("--") or isinstance(exc, ConfigurationError):
        return exc  # an option's value (--as-of), a setting (CASEFILE_DATABASE_URL): no key of the file
    field = getattr(exc, "field", None) or getattr(exc, "line", None)
    if field is None and is_case:
        field = exc.field = case_field  # type: ignore[attr-defined]
    text = str(exc)
    if text.startswith(f"{source}:"):
        return exc
    said = f"field {field!r}" if options is None else \
        options.get(str(field)) or "--" + str(field).replace("_", "-").replace(".", "-")
    where = f"{said}: " if field and not isinstance(exc, SeveralProblems) \
        and not text.startswith(("field '", f"{field}:")) else ""
    exc.args = (f"{source}: {where}{text}",)
    return exc


def _run_act(act: ActIn, *, case_number: str | None, as_of: datetime | None, quiet: bool,  # type: ignore[no-untyped-def]
             uploads: Uploads | None):
    moment = as_of or now()
    server = os.environ.get("CASEFILE_SERVER_URL")
    if server:
        from casefile.cli.remote import perform_remote

        result = perform_remote(server, os.environ.get("CASEFILE_TOKEN", ""), act, case_number=case_number,
                                as_of=moment, uploads=uploads)
        where: str | None = f"performed by the casefile server at {server}"
    else:
        from casefile import app
        from casefile.acts import Who

        result = app.perform(act, case_number=case_number, as_of=moment, by=Who.operator(), uploads=uploads)
        where = None  # the default, embedded mode: nothing to say of where it was performed
    if not quiet:
        show_result(result)
        if where:
            err_console.print(f"[dim]{where}[/]")
    return result


def show_result(result) -> None:  # type: ignore[no-untyped-def]
    """Print an ActResult: the case and what was done, in the docket's words (its summary; the act in words when
    it has none), never the act's or the record's internal names (``--json`` carries them), then the documents
    issued or pending."""
    from casefile.documents.wording import act_name
    from casefile.rules.record_words import summary_words

    again = " (already recorded: nothing new stored)" if result.repeated else ""
    said = summary_words(result.summary)  # an entry recorded before summaries were words: worded here
    console.print(f"{result.case_number}: {said or act_name(result.act)}{again}", soft_wrap=True,
                  highlight=False)
    from casefile.cli.gap_words import warning_words

    gaps = list(getattr(result, "gaps", None) or ())
    for i, warning in enumerate(result.warnings):
        text = warning_words(warning, gaps[i] if i < len(gaps) else None)
        err_console.print(f"[yellow]warning:[/] {text}", soft_wrap=True, highlight=False)
    for note in getattr(result, "notes", None) or ():
        err_console.print(f"[cyan]note:[/] {note}", soft_wrap=True, highlight=False)
    for doc in result.documents:
        console.print(f"  issued {doc.path or doc.file_name}", soft_wrap=True, highlight=False)
    for kind in result.pending:
        console.print(f"  being issued: {kind}", soft_wrap=True, highlight=False)
