"""The challenge-register CSV parser: the Starbucks Genesee Street register (03-RC-282139: six
challenged by Workers United, one by Starbucks), and every way a file is refused whole."""

from __future__ import annotations

import pytest

from casefile.errors import InvalidScenario
from casefile.importers.challenge_register import RegisterRow, parse_challenge_register

STORE = "does not work at the Genesee Street store"
STARBUCKS = ("voter,challenged_by,ground\n"
             + "".join(f"[NOT IN THE PUBLIC RECORD: challenged voter {i}],workers-united,{STORE}\n" for i in range(1, 7))
             + "[NOT IN THE PUBLIC RECORD: challenged voter 7],starbucks,no longer employed\n")


def parse(text: str | bytes) -> tuple[RegisterRow, ...]:
    return parse_challenge_register(text.encode() if isinstance(text, str) else text, source="register.csv")


class TestParse:
    def test_starbucks_register(self) -> None:
        """Seven rows, in file order, with the line each starts on."""
        rows = parse(STARBUCKS)
        assert len(rows) == 7
        assert rows[0] == RegisterRow(line=2, voter="[NOT IN THE PUBLIC RECORD: challenged voter 1]",
                                      challenged_by="workers-united", ground=STORE)
        assert (rows[6].line, rows[6].challenged_by, rows[6].ground) == (8, "starbucks", "no longer employed")

    def test_byte_order_mark_is_dropped(self) -> None:
        """Excel's "CSV UTF-8" starts with a BOM: the header still reads 'voter'."""
        assert parse(b"\xef\xbb\xbf" + STARBUCKS.encode()) == parse(STARBUCKS)

    def test_header_case_spaces_and_disputed_void(self) -> None:
        """Header names are case-insensitive; disputed_void reads yes/no and blank as no; cells are stripped."""
        rows = parse("Voter , Challenged By,GROUND,disputed-void\r\n"
                     "  Ann Lee ,board-agent,ballot ruled void: marked in two boxes,yes\r\n"
                     "\r\n"
                     "Bo Chan,starbucks,no longer employed,\r\n")
        assert [(r.line, r.voter, r.disputed_void) for r in rows] == [(2, "Ann Lee", True), (4, "Bo Chan", False)]

    def test_quoted_cell_over_two_lines_keeps_the_starting_line(self) -> None:
        """A quoted ground spanning two lines belongs to the row that starts on line 2; the next row is on line 4."""
        rows = parse('voter,challenged_by,ground\n"Ann Lee",starbucks,"no longer\nemployed"\nBo Chan,starbucks,x\n')
        assert [(r.line, r.ground) for r in rows] == [(2, "no longer\nemployed"), (4, "x")]

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (b"", "register.csv: empty file: expected a header row with voter, challenged_by, ground"),
            (b"voter,ground\nAnn,x\n", "register.csv: line 1: missing column(s) challenged_by (expected voter, "
                                       "challenged_by, ground[, disputed_void])"),
            (b"voter,challenged_by,ground,notes\n", "register.csv: line 1, column 4: unknown column 'notes' (columns: "
                                                   "voter, challenged_by, ground, disputed_void)"),
            (b"voter,challenged_by,ground,Voter\n", "register.csv: line 1, column 4: column 'voter' given twice"),
            (b"voter,challenged_by,ground\n", "register.csv: no challenged ballot listed (only the header, line 1)"),
            (b"voter,challenged_by,ground\nAnn,starbucks\n", "register.csv: line 2: 2 cells, but the header has 3 "
                                                            "(voter, challenged_by, ground)"),
            (b"voter,challenged_by,ground\nAnn,,x\n", "register.csv: line 2, column challenged_by: empty"),
            (b"voter,challenged_by,ground\nAnn,starbucks, \n", "register.csv: line 2, column ground: empty"),
            (b"voter,challenged_by,ground,disputed_void\nAnn,starbucks,x,maybe\n",
             "register.csv: line 2, column disputed_void: 'maybe' is not yes or no (blank means no)"),
            (b"voter,challenged_by,ground\nAnn,starbucks,x\nBo,starbucks,x\nAnn,board-agent,y\n",
             "register.csv: line 4, column voter: 'Ann' is already listed on line 2"),
            (b"voter,challenged_by,ground\nAnn,starbucks," + b"x" * 501 + b"\n",
             "register.csv: line 2, column ground: 501 characters (at most 500)"),
            ("voter,challenged_by,ground\nJosé,starbucks,x\n".encode("cp1252"),
             "register.csv: line 2, character 4: byte 0xE9 is not UTF-8 text (the file was saved in another encoding, "
             "e.g. Windows-1252); save it as UTF-8 (Excel: \"CSV UTF-8\")"),
            (b"voter,challenged_by,ground\nAnn,starbucks,x\x00\n", "register.csv: line 2: binary data (a NUL byte): "
                                                                  "not a CSV register"),
            (b'voter,challenged_by,ground\nAnn,starbucks,"x\n', "register.csv: line 2: the CSV cannot be read "
                                                               "(unexpected end of data)"),
        ],
        ids=["empty", "missing-column", "unknown-column", "column-twice", "header-only", "short-row", "empty-challenger",
             "blank-ground", "bad-flag", "voter-twice", "cell-too-long", "windows-1252", "nul-byte", "open-quote"],
    )
    def test_refused_naming_line_and_column(self, data: bytes, message: str) -> None:
        """A bad file is refused whole with one message naming the file, the line and the column."""
        with pytest.raises(InvalidScenario) as caught:
            parse(data)
        assert str(caught.value) == message
