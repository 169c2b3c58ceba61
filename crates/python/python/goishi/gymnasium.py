"""goishi.gymnasium: ``goishi.VectorEnv`` as a ``gymnasium.vector.VectorEnv``.

``VectorEnv(rules, size, num_envs, ...)`` takes the arguments of ``goishi.VectorEnv`` and
steps the same Rust environments; it adds Gymnasium's spaces and metadata:

- ``single_observation_space``: ``Box(0, 1, (H, W, planes), bool)`` (``env.planes``) on a
  rectangle, ``(points, planes)`` on a torus, hex or graph board, or ``Box(0, 255, (bytes,),
  uint8)`` with ``obs="packed"`` (``numpy.unpackbits`` restores the planes);
- ``single_action_space``: ``Discrete(points + 1)`` (the points in point order, then pass);
  the legal actions are ``info["legal_mask"]`` (every rule, superko included);
- ``metadata["autoreset_mode"]`` is ``AutoresetMode.NEXT_STEP``: the step that ends a game
  returns its final observation and reward; the next step resets that environment and
  ignores its action (its row of ``info["legal_mask"]`` is all true meanwhile);
- ``reset(seed=..., options={"reset_mask": mask})``: one seed, one per environment, and the
  partial reset of the environments ``mask`` names.

It returns copies of the buffers by default (``copy=True``, as Gymnasium's own vector
environments do); ``copy=False`` returns the environment's buffers, overwritten by the next
step.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from goishi._goishi import VectorEnv as _RustVectorEnv

__all__ = ["VectorEnv"]


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` goishi games of one variant as a Gymnasium vector environment."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        rules: Any,
        size: Any = None,
        num_envs: int = 1,
        *,
        history: int = 8,
        threads: int | None = None,
        seed: int | None = None,
        max_moves: int | None = None,
        illegal: str = "raise",
        obs: str = "bool",
        copy: bool = True,
    ) -> None:
        if obs == "none":
            raise ValueError(
                "a Gymnasium environment has an observation; use obs='bool' or obs='packed'"
            )
        self.env = _RustVectorEnv(
            rules,
            size,
            num_envs,
            history=history,
            threads=threads,
            seed=seed,
            max_moves=max_moves,
            illegal=illegal,
            obs=obs,
            copy=copy,
        )
        self.num_envs = self.env.num_envs
        shape = tuple(self.env.single_observation_shape)
        if self.env.obs_kind == "packed":
            self.single_observation_space = spaces.Box(0, 255, shape, np.uint8, seed=seed)
        else:
            self.single_observation_space = spaces.Box(0, 1, shape, np.bool_, seed=seed)
        self.single_action_space = spaces.Discrete(self.env.num_actions, seed=seed)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Starts the games again (see ``goishi.VectorEnv.reset``): an int seed restarts the
        environments' random streams and seeds the spaces, a list seeds each environment's
        stream; ``options={"reset_mask": mask}`` resets the environments where ``mask`` is
        true only (a partial reset)."""
        if seed is not None and not isinstance(seed, (list, tuple, np.ndarray)):
            self._np_random_seed = seed
            self.observation_space.seed(seed)
            self.action_space.seed(seed)
        return self.env.reset(seed=seed, options=options)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Steps every environment (see ``goishi.VectorEnv.step``)."""
        return self.env.step(actions)

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action for every environment (from the Rust streams)."""
        return self.env.sample_actions()

    def close_extras(self, **kwargs: Any) -> None:
        self.env.close()
