"""Tables that fit the terminal without cutting a word.

Rich, left to itself, narrows the widest columns of a table that does not fit evenly and then cuts
every word longer than its column with "…" ("certificati…", "reconsidera…") or folds it across two
lines ("2021-04-09_tally-of-ba" / "llots.pdf"). ``print_table`` decides the widths itself:

- every column gets at least its longest word (a ``no_wrap`` column its longest line), so a cell
  wraps only between words;
- the room left goes first to the columns that then fit on one line (a due date, a status), the
  columns with least to add first, and what remains is shared by the others in proportion to what
  each would still use;
- when even the longest words do not fit side by side (a docket at 80 columns), the rows are
  printed one under another instead, each cell as "Header: value" wrapped between words.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text


def _span(console: Console, renderable: RenderableType, *, no_wrap: bool) -> tuple[int, int]:
    """(fewest, most) cells the renderable needs: its longest word (its longest line when it may not
    wrap) and its longest line."""
    measured = Measurement.get(console, console.options, renderable)
    return (measured.maximum if no_wrap else measured.minimum), measured.maximum


def column_widths(console: Console, table: Table, width: int) -> list[int] | None:
    """The content width of each column of ``table`` (cells, without padding or borders) so that it
    is at most ``width`` cells wide and no word is cut, or None when its longest words do not fit
    side by side in ``width``."""
    spans = []
    for column in table.columns:
        cells = [column.header, *column.cells]
        measured = [_span(console, cell, no_wrap=column.no_wrap) for cell in cells]
        spans.append((max(m[0] for m in measured), max(m[1] for m in measured)))
    overhead = table._extra_width + sum(table._get_padding_width(i) for i in range(len(table.columns)))
    room = width - overhead
    fewest, most = sum(s[0] for s in spans), sum(s[1] for s in spans)
    if most <= room:
        return [s[1] for s in spans]
    if fewest > room:
        return None
    widths = [lo for lo, _ in spans]
    spare = room - fewest
    wanting = sorted(range(len(spans)), key=lambda i: spans[i][1] - spans[i][0])
    while wanting and spans[wanting[0]][1] - spans[wanting[0]][0] <= spare:  # the short ones whole, on one line
        i = wanting.pop(0)
        spare -= spans[i][1] - widths[i]
        widths[i] = spans[i][1]
    wants = sum(spans[i][1] - spans[i][0] for i in wanting)
    for i in wanting:  # the rest shared by what each would still use
        widths[i] += (spans[i][1] - spans[i][0]) * spare // wants
    left = room - sum(widths)
    for i in wanting[::-1]:
        if left <= 0:
            break
        widths[i] += 1
        left -= 1
    return widths


def print_table(console: Console, table: Table, *, heading: Sequence[int] = (0,)) -> None:
    """Print ``table`` within ``console.width`` without cutting a word: as a table when its longest
    words fit side by side, otherwise as a list, each row headed by the cells of the columns
    ``heading`` (indexes) and the others below as "Header: value"."""
    widths = column_widths(console, table, console.width)
    if widths is not None:
        for column, width in zip(table.columns, widths, strict=True):
            column.width, column.min_width, column.max_width, column.ratio = width, None, None, None
        console.print(table)
        return
    print_as_list(console, table, heading=heading)


def print_as_list(console: Console, table: Table, *, heading: Sequence[int] = (0,)) -> None:
    """The rows of ``table`` one under another: the ``heading`` columns' cells on one line, then each
    other non-empty cell indented as "Header: value", wrapped between words."""
    if table.title:
        console.print(Text(str(table.title), style="bold"))
    columns = table.columns
    for row in range(table.row_count):
        cells = [list(column.cells)[row] for column in columns]
        head = "  ".join(_plain(cells[i]) for i in heading if _plain(cells[i]))
        console.print(Text(head, style="bold"))
        for i, column in enumerate(columns):
            value = _plain(cells[i])
            if i in heading or not value:
                continue
            label = _plain(column.header)
            first, *more = value.split("\n")  # a cell's own lines ("Board agent" / "recorded by ...") kept apart
            console.print(Padding(Text(f"{label}: " if label else "", style="dim") + Text(first), (0, 0, 0, 4), expand=False))
            for line in more:
                console.print(Padding(Text(line), (0, 0, 0, 6), expand=False))


def _plain(cell: RenderableType) -> str:
    """A cell's text as the table would show it (a string cell is read as Rich markup, as Table reads it)."""
    if isinstance(cell, Text):
        return cell.plain
    return Text.from_markup(cell).plain if isinstance(cell, str) else str(cell)
