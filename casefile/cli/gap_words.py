"""How the command line says to give what the record lacks (casefile.gaps.Gap): the command or the
field of an act file that gives it. The web says the same with a link to its form
(casefile.web.gap_words)."""

from __future__ import annotations

from casefile.gaps import Gap, GapKind


def remedy(gap: Gap) -> str:
    """The command (or act-file field) that gives what ``gap`` lacks, as a clause to follow the fact."""
    match gap.kind:
        case GapKind.NO_COUNSEL:
            return (f"add counsel with `casefile counsel add {gap.case_number} --party {gap.party} --name NAME --firm .. "
                    "--address .. --phone .. --email .. --bar-number ..` (or `counsel:` under the party in the case file)")
        case GapKind.SERVED_NOWHERE:
            return (f"before the next filing add counsel's e-mail with `casefile counsel add {gap.case_number} --party "
                    f"{gap.party} --name NAME --email ...`, or give `service` in the filing (whom, method, address)")
        case GapKind.NO_EMAIL:
            return f"add counsel with `casefile counsel add {gap.case_number} --party {gap.party} --name NAME --email ...` first"
        case GapKind.NOT_SERVED:
            return "give it in the filing's `service` list (whom, method, address)"
        case GapKind.NO_BOARD_AGENT:
            return ("give `board_agent:` in the tally file (casefile tally record FILE), `--board-agent` (casefile tally "
                    "record --case ...) or the act")
        case GapKind.NO_UNIT_DESCRIPTION:
            return f"give it with `casefile correct case {gap.case_number} --unit-description '...' --why '...'`"
        case GapKind.NO_SIGNER:
            if gap.act == "ho-report":
                return "give `issuer` (the Hearing Officer's name) in the act (casefile decision ho-report --issuer)"
            attach = (f" or attach the Region's own notice with `casefile documents attach {gap.case_number} --to "
                      f"docket:{gap.entry_id} --file PATH`") if gap.entry_id is not None else ""
            return f"give the {gap.whom} who signs it (`issuer`, `casefile hearing notice --issuer`){attach}"
        case GapKind.NO_OPENING_TIME:
            return "give it (`opens_at`, `casefile hearing notice --opens-at 10:00`)"
        case GapKind.NO_FINDINGS:
            return ("give them (`summary`; casefile decision rd --summary) or attach the Regional Director's own "
                    f"decision with `casefile documents attach {gap.case_number}"
                    + (f" --to docket:{gap.entry_id}" if gap.entry_id is not None else "") + " --file PATH`")
    raise AssertionError(gap.kind)  # pragma: no cover  (every kind is worded above)


def warning_words(text: str, gap: Gap | None) -> str:
    """A warning as the command line prints it: the fact, and for a field the record lacks the command
    that gives it (``text`` is casefile.app.ActResult's warning, ``gap`` the fact behind it, if any)."""
    return text if gap is None else f"{gap.fact()}; {remedy(gap)}"
