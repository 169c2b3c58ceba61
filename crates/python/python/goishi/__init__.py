"""goishi: exact rules of Go and Go-like capture games, from a Rust engine.

The game API (``Rules``, ``Game``, the players, SGF in and out), the batched environment
``VectorEnv`` and the search whose leaves a network evaluates (``BatchedSearch``) are the Rust extension module ``goishi._goishi``; the adapters to PettingZoo
(``goishi.pettingzoo``), Gymnasium (``goishi.gymnasium``) and Ray (``goishi.ray``) are pure
Python modules over it, imported on demand. Every bad input raises one of the typed
exceptions below (each a ``ValueError``) with the engine's own message, or a ``TypeError``
naming the argument for a value of the wrong type (a ``bool`` is no number here). A player or
an environment serves one call at a time: a call while another thread's runs raises
``RuntimeError``.
"""

from goishi._goishi import (
    BatchedSearch,
    Game,
    IllegalMoveError,
    MctsPlayer,
    RandomPlayer,
    Rules,
    RulesError,
    SetupError,
    SgfError,
    VectorEnv,
    __version__,
    estimate_dead,
    symmetries,
    variants,
)

__all__ = [
    "BatchedSearch",
    "Game",
    "IllegalMoveError",
    "MctsPlayer",
    "RandomPlayer",
    "Rules",
    "RulesError",
    "SetupError",
    "SgfError",
    "VectorEnv",
    "__version__",
    "estimate_dead",
    "symmetries",
    "variants",
]
