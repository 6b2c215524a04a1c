"""A ``StrEnum`` whose members also carry the human label shown in the interface."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Self


class LabelledStrEnum(StrEnum):
    """Members are declared as ``NAME = "value", "Label"``.

    The member *is* its value (a ``str``), so it serialises as the API value;
    ``member.label`` is the text a person reads. Lookup is case-insensitive and
    ignores surrounding whitespace: ``Size(" XL ")`` is ``Size.XL``.
    """

    _value_: str
    label: str

    if TYPE_CHECKING:
        # After the class is made, calling it looks a member up by value (``Size("xl")``,
        # EnumMeta.__call__); the checker reads ``__new__`` as the call's signature.
        def __new__(cls, value: object) -> Self: ...

    else:
        # Builds each member from its ``"value", "Label"`` pair when the class is made.
        def __new__(cls, value: str, label: str) -> Self:
            member = str.__new__(cls, value)
            member._value_ = value
            member.label = label
            return member

    @classmethod
    def _missing_(cls, value: object) -> Self | None:
        if isinstance(value, str):
            wanted = value.strip().lower()
            for member in cls:
                if member.value == wanted:
                    return member
        return None

    @classmethod
    def parse(cls, value: object) -> Self | None:
        """The member named by ``value``, or ``None`` when it names none."""
        try:
            return cls(value)
        except ValueError:
            return None

    @classmethod
    def labels(cls) -> dict[str, str]:
        """``{value: label}`` in declaration order, for forms and filters."""
        return {member.value: member.label for member in cls}
