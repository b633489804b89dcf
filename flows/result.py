"""What an act's flow returns: plain data, easy to print and to serialize."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ActResult:
    """The act done, the record it made ("table:id") and the documents issued (paths)."""

    act: str
    case_number: str
    ref: str
    documents: list[str] = field(default_factory=list)
