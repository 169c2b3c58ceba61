"""The argument checks of the pure Python modules, worded as the Rust ones (``goishi._goishi``'s
``args``): a value of the wrong type is a ``TypeError`` naming the argument, the type expected
and the type given; a value of the right type that is not allowed a ``ValueError``. ``bool``
is no integer here: ``True`` where a count is meant is a mistake."""

import operator
from typing import Any


def type_name(value: Any) -> str:
    """The name of a value's type as Python writes it: ``str``, ``numpy.float64``."""
    t = type(value)
    return t.__qualname__ if t.__module__ in ("builtins", "__main__") else f"{t.__module__}.{t.__qualname__}"


def whole(name: str, value: Any, least: int) -> int:
    """``value`` as an int of at least ``least``: an ``int`` or an object with ``__index__``
    (numpy's integers), not a ``bool``."""
    if isinstance(value, bool) or type(value).__name__ in ("bool", "bool_") or not hasattr(
        type(value), "__index__"
    ):
        raise TypeError(f"{name} must be an int, not {type_name(value)}")
    number = operator.index(value)
    if number < least:
        raise ValueError(f"invalid {name} {number}; expected a whole number, {least} or more")
    return number
