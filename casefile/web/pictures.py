"""Pictures drawn on the server as SVG (no JavaScript): a tally of ballots (votes per choice, the
challenged ballots that could move them, the majority lines) and a case's docket as a timeline
drawn to scale with its deadlines on it. Each picture has a text alternative (``aria-label``,
``<title>``) and the page beside it says the same in words and tables.

Drawing only: every figure comes from the read models (the rules computed them).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from markupsafe import Markup, escape

from casefile.documents.wording import record_text
from casefile.rules.chronology import long_date
from casefile.vocab import DeadlineStatus, DocketActName, counted
from casefile.web.countdown import MONTHS
from casefile.web.words import deadline_words, status_words

INK, MUTED, ACCENT, WARN, GRID = "#0b0c0c", "#505a5f", "#1d70b8", "#d4351c", "#b1b4b6"


def _e(text: Any) -> str:
    return str(escape(str(text)))


def tally_picture(tally: Any) -> Markup:
    """Horizontal bars, one per choice (the unions, then "Against"), each with its votes and, hatched
    past it, the challenged ballots that could all go to it; a solid line at a majority of the valid
    votes counted, a dashed one at a majority if every challenged ballot were counted too."""
    rows: list[tuple[str, int]] = [(c["name"], int(c["votes"])) for c in tally.choices]
    if tally.against is not None:
        rows.append(("Against", int(tally.against)))
    challenged = int(tally.challenged)
    top = max([v for _, v in rows] + [1]) + challenged
    majority_now = tally.valid // 2 + 1
    majority_all = tally.valid_plus_challenged // 2 + 1
    label_w, width, bar_h, gap = 250, 740, 28, 22
    plot = width - label_w - 70
    height = 40 + len(rows) * (bar_h + gap) + 40

    def x(v: float) -> float:
        return label_w + plot * v / max(top, majority_all, 1)

    words = "; ".join(f"{n}: {counted(v, 'vote')}" for n, v in rows)
    alt = (f"Tally of ballots: {words}; {counted(challenged, 'challenged ballot')}; a majority of the "
           f"{counted(tally.valid, 'valid vote')} counted is {majority_now:,}"
           + (f", of all {tally.valid_plus_challenged:,} with the challenged "
              f"{'ballot' if challenged == 1 else 'ballots'} {majority_all:,}" if challenged else ""))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="picture" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{_e(alt)}"><title>{_e(alt)}</title>',
           '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
           f'<rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="{WARN}" stroke-width="3"/>'
           '</pattern></defs>']
    y = 30
    for name, votes in rows:
        lines = _wrap(name, 30)
        first_y = y + bar_h * 0.68 - (len(lines) - 1) * 8
        spans = "".join(f'<tspan x="{label_w - 8}" y="{first_y + 16 * i:.1f}">{_e(line)}</tspan>'
                        for i, line in enumerate(lines))
        out.append(f'<text text-anchor="end" font-size="14" fill="{INK}">{spans}</text>')
        out.append(f'<rect x="{label_w}" y="{y}" width="{x(votes) - label_w:.1f}" height="{bar_h}" '
                   f'fill="{ACCENT if name != "Against" else MUTED}"/>')
        if challenged:
            out.append(f'<rect x="{x(votes):.1f}" y="{y}" width="{x(votes + challenged) - x(votes):.1f}" height="{bar_h}" '
                       f'fill="url(#hatch)" stroke="{WARN}" stroke-width="1"/>')
        out.append(f'<text x="{x(votes + challenged) + 6:.1f}" y="{y + bar_h * 0.68:.1f}" font-size="13" fill="{INK}">'
                   f'{votes:,}</text>')
        y += bar_h + gap
    bottom = y
    out.append(f'<line x1="{x(majority_now):.1f}" y1="18" x2="{x(majority_now):.1f}" y2="{bottom}" stroke="{INK}" '
               'stroke-width="2"/>')
    out.append(_label(x(majority_now), 13, f"majority of valid votes: {majority_now:,}", width))
    if challenged:
        out.append(f'<line x1="{x(majority_all):.1f}" y1="24" x2="{x(majority_all):.1f}" y2="{bottom}" stroke="{WARN}" '
                   'stroke-width="2" stroke-dasharray="6 4"/>')
        out.append(_label(x(majority_all), bottom + 16, (f"with all {counted(challenged, 'challenged ballot')} counted" if challenged != 1 else
                                                "with the challenged ballot counted") + f": {majority_all:,}",
                          width))
        out.append(f'<rect x="{label_w}" y="{bottom + 24}" width="14" height="10" fill="url(#hatch)" stroke="{WARN}"/>'
                   f'<text x="{label_w + 20}" y="{bottom + 33}" font-size="12" fill="{INK}">challenged ballots that '
                   'could go to this choice</text>')
    out.append("</svg>")
    return Markup("".join(out))


def _label(at: float, y: float, text: str, width: int) -> str:
    """A 12-point label centred on ``at``, kept whole inside the picture: anchored at its end (or start) when
    centring it would run it past the right (or left) edge (a figure never cut to "22" for 223)."""
    half = len(text) * 3.4  # about half its width at 12 points (6.8 units a character)
    anchor, x = ("end", width - 4.0) if at + half > width - 4 else ("start", 4.0) if at - half < 4 else ("middle", at)
    return (f'<text x="{x:.1f}" y="{y}" text-anchor="{anchor}" font-size="12" fill="{INK}">{_e(text)}</text>')


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in at most two lines of about ``width`` characters (the second cut with "…")."""
    if len(text) <= width:
        return [text]
    cut = text.rfind(" ", 0, width)
    cut = cut if cut > 0 else width
    rest = text[cut:].strip()
    return [text[:cut], rest if len(rest) <= width else rest[:width - 1] + "…"]


def _ticks(first: date, last: date) -> list[tuple[date, str]]:
    span = (last - first).days
    out = []
    if span > 540:
        for year in range(first.year, last.year + 2):
            day = date(year, 1, 1)
            if first <= day <= last:
                out.append((day, str(year)))
    else:
        step = 1 if span <= 200 else 3
        day = date(first.year, first.month, 1)
        while day <= last:
            if day >= first and (day.month - 1) % step == 0:
                out.append((day, f"{MONTHS[day.month - 1]} {day.year}" if day.month == 1 or not out
                            else MONTHS[day.month - 1]))
            day = date(day.year + (day.month == 12), day.month % 12 + 1, 1)
    return out


def docket_timeline(entries: list[Any], deadlines: list[Any], *, today: date | None = None) -> Markup:
    """The docket's acts (circles) and the deadlines (red ticks, each at its due day) on one axis
    drawn to scale from the first act to the last act or deadline; documents issued are left out
    (they are on the day of their act)."""
    acts = [e for e in entries if e.act != DocketActName.ISSUE_DOCUMENT]
    days = [e.occurred_on for e in acts] + [d.due_on for d in deadlines]
    if not days:
        return Markup("")
    first, last = min(days) - timedelta(days=3), max(days) + timedelta(days=3)
    width, left, right = 900, 20, 20
    plot = width - left - right
    span = max((last - first).days, 1)

    def x(day: date) -> float:
        return left + plot * (day - first).days / span

    alt = (f"Docket timeline from {long_date(first)} to {long_date(last)}: {counted(len(acts), 'act')} and "
           f"{counted(len(deadlines), 'deadline')}; the table below lists them")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="picture" viewBox="0 0 {width} 150" role="img" '
           f'aria-label="{_e(alt)}"><title>{_e(alt)}</title>',
           f'<line x1="{left}" y1="70" x2="{width - right}" y2="70" stroke="{INK}" stroke-width="2"/>']
    for day, label in _ticks(first, last):
        out.append(f'<line x1="{x(day):.1f}" y1="64" x2="{x(day):.1f}" y2="76" stroke="{MUTED}"/>'
                   f'<text x="{x(day):.1f}" y="95" text-anchor="middle" font-size="12" fill="{MUTED}">{_e(label)}</text>')
    lanes: dict[int, int] = {}
    for e in acts:
        px = round(x(e.occurred_on))
        lane = lanes.get(px // 8, 0)
        lanes[px // 8] = lane + 1
        cy = 70 - 12 - (lane % 4) * 10
        out.append(f'<circle cx="{x(e.occurred_on):.1f}" cy="{cy}" r="5" fill="{ACCENT}" stroke="#fff">'
                   f'<title>{_e(long_date(e.occurred_on))}: {_e(record_text(e.summary)[:160])}</title></circle>')
    for d in deadlines:
        color = WARN if d.status in (DeadlineStatus.OPEN, DeadlineStatus.LAPSED) else MUTED
        out.append(f'<path d="M {x(d.due_on):.1f} 78 l -6 12 l 12 0 z" transform="translate(0 30)" fill="{color}">'
                   f'<title>{_e(deadline_words(d.kind))} due {_e(long_date(d.due_on))} ({_e(status_words(d.status))})</title></path>')
    if today is not None and first <= today <= last:
        out.append(f'<line x1="{x(today):.1f}" y1="20" x2="{x(today):.1f}" y2="120" stroke="{INK}" stroke-dasharray="3 3"/>'
                   f'<text x="{x(today):.1f}" y="14" text-anchor="middle" font-size="12" fill="{INK}">today</text>')
    out.append(f'<circle cx="{left + 6}" cy="140" r="5" fill="{ACCENT}"/><text x="{left + 16}" y="144" font-size="12" '
               f'fill="{INK}">act on the docket</text>'
               f'<path d="M {left + 166} 134 l -6 12 l 12 0 z" fill="{WARN}"/><text x="{left + 178}" y="144" '
               f'font-size="12" fill="{INK}">deadline (its due day)</text>')
    out.append("</svg>")
    return Markup("".join(out))
