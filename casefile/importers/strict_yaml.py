"""Reading YAML strictly: the scalars of YAML 1.2's core schema, no surprises, every refusal with its line.

PyYAML (like most YAML readers) follows YAML 1.1, where ``045`` is the octal number 37, ``1:05`` the
sexagesimal 65, ``yes``/``no``/``on``/``off`` booleans and a repeated key silently replaces the
first. In a file of tally figures and dates each of these turns a typing slip into a wrong fact.
:func:`load_yaml` reads with these rules instead:

* booleans: ``true`` / ``false`` only (also ``True``, ``TRUE``, ``False``, ``FALSE``); ``yes``, ``no``,
  ``on``, ``off``, ``y``, ``n`` are strings;
* integers: ``0`` or a decimal without leading zeros (``[-+]?(0|[1-9][0-9]*)``), magnitude below
  2**63; ``045``, ``0o45``, ``0x2d``, ``1_000``, ``1,000`` and ``1:05`` are strings (a count given as
  one of them is then refused by the model that reads it, which names the field); a longer integer
  is refused here, since no figure casefile keeps is that large (SQLite stores 64-bit integers);
* floats: need a ``.`` or an exponent (``1.5``, ``2e3``); no ``.inf`` / ``.nan``;
* null: ``~``, ``null``, ``Null``, ``NULL`` or nothing;
* dates ``YYYY-MM-DD`` become :class:`datetime.date`, instants ``YYYY-MM-DDTHH:MM:SS[.f][Z|±HH[:MM]]``
  (``T`` or a space) :class:`datetime.datetime` (aware when an offset is written); an impossible date
  (``2021-02-30``) is refused;
* everything else is a string; ``<<`` merge keys, ``=`` and explicit tags (``!!int``, ``!!binary``,
  ``!!python/...``) are refused, as are aliases (``*name``: they would let a small file stand for
  an enormous one);
* a key repeated in one mapping is refused, naming the key and both lines;
* the text is UTF-8, with or without a byte-order mark; any other byte is refused naming its line;
  nesting is at most :data:`MAX_DEPTH` deep and the document at most :data:`MAX_BYTES` long.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import yaml
from yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, Node

from casefile.errors import InvalidScenario

__all__ = ["MAX_BYTES", "MAX_DEPTH", "load_yaml"]

#: Longest document read, in bytes (UTF-8): a scenario of a long case is a few tens of kilobytes.
MAX_BYTES = 5_000_000
#: Deepest nesting of mappings and sequences (a scenario nests four or five levels).
MAX_DEPTH = 64
#: Integers from -(2**63 - 1) to 2**63 - 1 are read; longer ones are refused (SQLite's INTEGER is 64-bit).
INT_LIMIT = 2**63

_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$|^[-+]?[0-9]+[eE][-+]?[0-9]+$")
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_TIMESTAMP = re.compile(
    r"^[0-9]{4}-[0-9]{2}-[0-9]{2}"
    r"(?:[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:Z|[-+][0-9]{2}(?::[0-9]{2})?)?)?$"
)
_BOM = b"\xef\xbb\xbf"


class _Refused(yaml.MarkedYAMLError):
    """A strict-reading refusal raised inside the loader (internal; becomes InvalidScenario)."""


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader with the core-schema resolvers above, no tags or aliases, and duplicate keys refused."""

    yaml_implicit_resolvers: ClassVar[dict[str, list[tuple[str, re.Pattern[str]]]]] = {}

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: object) -> Node:  # type: ignore[override]
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise _Refused(None, None, f"alias *{event.anchor} refused: write the value out in full", event.start_mark)
        tag = getattr(event, "tag", None)
        if isinstance(event, ScalarEvent | CollectionStartEvent) and tag not in (None, "!"):
            raise _Refused(None, None, f"explicit tag {tag!r} refused: casefile files use plain values", event.start_mark)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(None, None, f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
        try:
            return super().compose_node(parent, index)  # type: ignore[no-any-return]
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Node, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, MappingNode):
            first_seen: dict[Any, tuple[Any, int]] = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    earlier = first_seen.get(key)
                except TypeError:
                    raise _Refused(None, None, "a mapping key must be a plain value, not a list or mapping",
                                   key_node.start_mark) from None
                if earlier is not None:
                    # Python's dict would keep one of them: 1, 1.0 and true are the same key there.
                    first_key, first_line = earlier
                    same = "" if type(first_key) is type(key) and first_key == key else f", as {_shown(first_key)}"
                    raise _Refused(None, None, f"key {_shown(key)} repeated (first given on line {first_line}{same})",
                                   key_node.start_mark)
                first_seen[key] = (key, key_node.start_mark.line + 1)
        return super().construct_mapping(node, deep=deep)  # type: ignore[arg-type, no-any-return]

    def construct_yaml_int(self, node: Node) -> int:  # type: ignore[override]
        text = str(node.value).lstrip("+")
        digits = text.lstrip("-")
        if len(digits) > 19 or int(digits) >= INT_LIMIT:
            raise _Refused(None, None, f"the number {_shown(text)} is too large (whole numbers are read up to 2^63 - 1; "
                           "quote it to give it as text)", node.start_mark)
        return int(text)

    def construct_yaml_timestamp(self, node: Node) -> Any:  # type: ignore[override]
        try:
            return super().construct_yaml_timestamp(node)  # type: ignore[arg-type]
        except (ValueError, OverflowError) as exc:
            from casefile.validation import date_problem

            told = date_problem(str(node.value))  # "2021-02-30 is not a calendar date (February 2021 has 28 days)"
            said = told if " calendar date " in told or " time of day " in told else \
                f"{_shown(node.value)} is not a real date or instant ({exc})"
            raise _Refused(None, None, said, node.start_mark) from None


for _tag, _pattern, _first in (
    ("tag:yaml.org,2002:bool", _BOOL, "tTfF"),
    ("tag:yaml.org,2002:int", _INT, "-+0123456789"),
    ("tag:yaml.org,2002:float", _FLOAT, "-+.0123456789"),
    ("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:timestamp", _TIMESTAMP, "0123456789"),
):
    _StrictLoader.add_implicit_resolver(_tag, _pattern, list(_first))
_StrictLoader.add_constructor("tag:yaml.org,2002:int", _StrictLoader.construct_yaml_int)
_StrictLoader.add_constructor("tag:yaml.org,2002:timestamp", _StrictLoader.construct_yaml_timestamp)


def load_yaml(data: str | bytes, *, source: str) -> Any:
    """Read one YAML document strictly (the rules of the module docstring).

    Args:
        data: the document, as text or as the file's bytes (UTF-8, a leading byte-order mark allowed).
        source: how messages name the document, e.g. the file's path (``"case.yaml"``).

    Returns:
        Plain data: ``dict`` (keys in file order), ``list``, ``str``, ``int``, ``float``, ``bool``,
        ``None``, ``datetime.date``, ``datetime.datetime``; ``None`` for an empty document.

    Raises:
        InvalidScenario: the message starts with ``source`` and the 1-based ``line N, column M`` of
            the first problem, then says what it is: bytes that are not UTF-8, a character YAML does
            not allow, a syntax error, a repeated key, an integer of 2**63 or more, an impossible
            date, an explicit tag, an alias, nesting deeper than :data:`MAX_DEPTH`, more than one
            document, or a document longer than :data:`MAX_BYTES` (no line then).

    Example:
        >>> load_yaml("count: 045\\nat: 1:05\\nexact: yes\\non: 2021-04-09\\n", source="t.yaml")
        {'count': '045', 'at': '1:05', 'exact': 'yes', 'on': datetime.date(2021, 4, 9)}
        >>> load_yaml("a: 1\\na: 2\\n", source="t.yaml")
        Traceback (most recent call last):
        ...
        casefile.errors.InvalidScenario: t.yaml: line 2, column 1: key 'a' repeated (first given on line 1)
    """
    text = _text_of(data, source)
    if len(text) > MAX_BYTES or len(text.encode("utf-8", errors="surrogatepass")) > MAX_BYTES:
        raise InvalidScenario(f"{source}: longer than {MAX_BYTES:,} bytes; not read")
    try:
        loader = _StrictLoader(text)
    except yaml.reader.ReaderError as exc:
        line, column = _position(text, exc.position)
        raise InvalidScenario(f"{source}: line {line}, column {column}: character {_shown(chr(exc.character))} "
                              "is not allowed in a YAML file") from None
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        raise InvalidScenario(_marked_message(source, exc)) from None
    except yaml.YAMLError as exc:
        raise InvalidScenario(f"{source}: not valid YAML ({exc})") from None
    finally:
        loader.dispose()


def _text_of(data: str | bytes, source: str) -> str:
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    raw = data.removeprefix(_BOM)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        raise InvalidScenario(f"{source}: line {line}, column {column}: byte 0x{raw[exc.start]:02X} is not UTF-8 text; "
                              "save the file as UTF-8") from None


def _marked_message(source: str, exc: yaml.MarkedYAMLError) -> str:
    mark = exc.problem_mark or exc.context_mark
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    problem = exc.problem or "not valid YAML"
    if exc.context and not isinstance(exc, _Refused):
        context_mark = exc.context_mark
        at = f" at line {context_mark.line + 1}" if context_mark is not None and context_mark is not mark else ""
        problem = f"{problem} ({exc.context}{at})"
    return f"{source}: {where}{problem}"


def _position(text: str, index: int) -> tuple[int, int]:
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
