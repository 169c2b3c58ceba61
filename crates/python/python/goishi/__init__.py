"""goishi: exact rules of Go and Go-like capture games, from a Rust engine.

The game API (``Rules``, ``Game``, the players, SGF in and out) is the Rust extension module
``goishi._goishi``; the adapters to PettingZoo (``goishi.pettingzoo``) and Ray
(``goishi.ray``) are pure Python modules over it, imported on demand. Every bad input raises
one of the typed exceptions below (each a ``ValueError``) with the engine's own message, or a
``TypeError`` for a value of the wrong type.
"""

from goishi._goishi import (
    Game,
    IllegalMoveError,
    MctsPlayer,
    RandomPlayer,
    Rules,
    RulesError,
    SetupError,
    SgfError,
    __version__,
    variants,
)

__all__ = [
    "Game",
    "IllegalMoveError",
    "MctsPlayer",
    "RandomPlayer",
    "Rules",
    "RulesError",
    "SetupError",
    "SgfError",
    "__version__",
    "variants",
]
