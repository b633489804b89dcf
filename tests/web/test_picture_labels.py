"""The tally picture's labels stay inside the picture: a figure is never cut at the edge ("22" for 223)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from casefile.web.pictures import tally_picture


def test_the_majority_labels_are_whole_inside_the_picture() -> None:
    """JFK8's tally (2,654 for, 2,131 against, 67 challenged): the dashed majority line sits near the right edge;
    its label "with all 67 challenged ballots counted: 2,427" ends inside the 740-unit picture instead of running past it."""
    tally = SimpleNamespace(choices=[{"name": "Amazon Labor Union", "votes": 2654}], against=2131, challenged=67,
                            valid=4785, valid_plus_challenged=4852)
    svg = str(tally_picture(tally))
    labels = dict((text, (float(x), anchor)) for x, anchor, text in re.findall(
        r'<text x="([0-9.]+)" y="[0-9.]+" text-anchor="(\w+)" font-size="12" fill="[^"]+">([^<]+)</text>', svg))
    assert labels["with all 67 challenged ballots counted: 2,427"] == (736.0, "end")
    x, anchor = labels["majority of valid votes: 2,393"]
    assert anchor == "middle" and x + len("majority of valid votes: 2,393") * 3.4 < 740
