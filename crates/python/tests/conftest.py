"""What the tests share: seeded random games over the public API."""

import numpy as np
import pytest

import goishi


def play_random(game, seed, max_moves=400, no_pass_until=0):
    """Plays random legal moves (read from the legal mask) until the end or ``max_moves``;
    passes only when nothing else is legal before move ``no_pass_until``. Returns the actions."""
    rng = np.random.default_rng(seed)
    actions = []
    while not game.is_over and len(actions) < max_moves:
        legal = np.flatnonzero(game.legal_mask())
        if len(legal) > 1 and len(actions) < no_pass_until:
            legal = legal[legal != game.num_points]
        action = int(legal[rng.integers(len(legal))])
        game.play(action)
        actions.append(action)
    return actions


def variant_ids():
    return [v["id"] for v in goishi.variants()]


@pytest.fixture(params=variant_ids())
def variant(request):
    """Each registered variant's id."""
    return request.param
