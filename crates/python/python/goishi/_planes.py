"""The observation planes of a game, built from ``Game.board`` (pure numpy).

The layout is AlphaGo Zero's, as PettingZoo's ``go_v5`` and pgx lay it out: ``2 * history + 1``
bool planes, for ``k`` from 0 (now) to ``history - 1`` plane ``2k`` holds the stones of the
player observed ``k`` moves ago and plane ``2k + 1`` the opponent's; positions before the start
are empty; the last plane is all ones when the player observed is White. The planes have
shape ``(height, width, 2 * history + 1)`` on a rectangle (``[row, column]``, row 0 the bottom
row, as ``Game.board``), ``(num_points, 2 * history + 1)`` on other boards (point order).
"""

from collections import deque
from typing import Deque, Tuple

import numpy as np

from goishi._goishi import Game


def plane_shape(game: Game, history: int) -> Tuple[int, ...]:
    """The shape of the planes of ``game`` with ``history`` positions."""
    return tuple(game.board.shape) + (2 * history + 1,)


class Planes:
    """The last ``history`` boards of one game, and the planes they make.

    Call :meth:`push` after every move (and once at the start, through the constructor).
    """

    def __init__(self, game: Game, history: int = 8) -> None:
        if isinstance(history, bool) or not isinstance(history, int) or history < 0:
            raise ValueError(f"invalid history {history!r}; expected a whole number, 0 or more")
        self.history = history
        self.shape = plane_shape(game, history)
        self._boards: Deque[np.ndarray] = deque(maxlen=max(history, 1))
        self.push(game)

    def push(self, game: Game) -> None:
        """Records the board of ``game`` as the newest position."""
        self._boards.appendleft(game.board.reshape(-1))

    def observe(self, color: str) -> np.ndarray:
        """The planes seen by ``color`` (``"black"`` or ``"white"``)."""
        mine = 1 if color == "black" else -1
        channels = self.shape[-1]
        out = np.zeros((self._boards[0].size, channels), dtype=bool)
        for k, board in enumerate(list(self._boards)[: self.history]):
            out[:, 2 * k] = board == mine
            out[:, 2 * k + 1] = board == -mine
        if color == "white":
            out[:, channels - 1] = True
        return out.reshape(self.shape)
