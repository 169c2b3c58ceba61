"""A PettingZoo AEC environment of any goishi variant: ``goishi.pettingzoo.env(rules=..., size=...)``.

Two agents, ``black_0`` and ``white_0``. Each observation is a dict: ``observation``, the
AlphaGo Zero planes seen by that agent (bool, ``Game.observation(history, color=...)``: the
layout of ``goishi.VectorEnv``'s observation), and ``action_mask``
(int8, one entry per point in point order, then pass), the legal moves of the agent to move
(every rule of the variant, superko included; zeros for the other agent). An action is a point
index, or ``num_points`` for pass. At the end the winner gets +1 and the loser -1 (0 each for a
draw or no result), by the variant's own scoring; after ``max_moves`` moves (default three
times the number of points) the game is truncated. An illegal action raises
``goishi.IllegalMoveError`` and changes nothing. Requires ``pettingzoo`` and ``gymnasium``.
"""

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from goishi._check import type_name, whole
from goishi._goishi import Game

AGENTS = ("black_0", "white_0")
_COLOR = {"black_0": "black", "white_0": "white"}
_AGENT = {"black": "black_0", "white": "white_0"}


def env(**kwargs: Any) -> AECEnv:
    """The environment of :class:`raw_env` (same arguments) behind PettingZoo's order check."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped class)
    """The AEC environment; ``rules`` a rules string or ``goishi.Rules``, ``size`` as ``Game``'s."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "goishi_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Any = "go/chinese",
        size: Any = None,
        history: int = 8,
        max_moves: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and not isinstance(render_mode, str):
            raise TypeError(f"render_mode must be a str or None, not {type_name(render_mode)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"invalid render_mode {render_mode!r}; expected one of: human, ansi, or None"
            )
        # Checks the rules and the size (the errors name them).
        self._game = Game(rules, size)
        self.rules = self._game.rules
        self.size = size
        self.render_mode = render_mode
        # Checks the history (a TypeError for another type than int, a ValueError when
        # negative or longer than the planes keep).
        planes_shape = self._game.observation(history).shape
        self.history = history
        points = self._game.num_points
        self.max_moves = 3 * points if max_moves is None else whole("max_moves", max_moves, 1)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        actions = self._game.num_actions
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0, high=1, shape=planes_shape, dtype=bool
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(actions) for a in AGENTS}
        self._reset_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The game being played (a copy is safe to keep; this one changes)."""
        return self._game

    def _reset_state(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = _AGENT[self._game.to_move]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game (the rules are deterministic: ``seed`` changes nothing)."""
        self._game = Game(self.rules, self.size)
        self._reset_state()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        planes = self._game.observation(self.history, color=_COLOR[agent])
        if agent == self.agent_selection and not self._game.is_over:
            mask = self._game.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(self._game.num_actions, dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._game.play(int(action) if isinstance(action, np.integer) else action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in AGENTS}
        if self._game.is_over:
            winner = self._game.winner
            for a in AGENTS:
                self.terminations[a] = True
                if winner is not None:
                    self.rewards[a] = 1.0 if _COLOR[a] == winner else -1.0
            self.infos = {a: {"result": self._game.result} for a in AGENTS}
        elif len(self._game.history) >= self.max_moves:
            for a in AGENTS:
                self.truncations[a] = True
        self.agent_selection = _AGENT[self._game.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        text = str(self._game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
