"""Seeded random garbage into every entry point: each call returns or raises ValueError or
TypeError, never a Rust panic (pyo3's PanicException derives from BaseException, so it would
escape the `except` below and fail the test)."""

import random

import numpy as np

import goishi

SEED = 20261201


def garbage_text(rng, alphabet):
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))


def calls(rng):
    rules_alphabet = "abcdefghijklmnopqrstuvwxyz/:=,.-0123456789 _"
    sgf_alphabet = "();[]BWABAWSZKMRUPLHAGMFF0123456789abcdefs:\\\n "
    sgf = goishi.Game("chinese", size=9)
    for mv in ("E5", "C3", "G7"):
        sgf.play(mv)
    sgf_text = sgf.to_sgf()
    yield lambda: goishi.Rules(garbage_text(rng, rules_alphabet))
    yield lambda: goishi.Game(rng.choice(["chinese", "contact/2b", "capture/atari-go"]) + ":"
                              + garbage_text(rng, rules_alphabet), size=rng.randrange(-3, 60))
    yield lambda: goishi.Game.from_sgf(garbage_text(rng, sgf_alphabet))
    cut = rng.randrange(len(sgf_text))
    yield lambda: goishi.Game.from_sgf(sgf_text[:cut] + garbage_text(rng, sgf_alphabet)
                                       + sgf_text[cut:])
    game = goishi.Game(rng.choice([v["id"] for v in goishi.variants()]), size=rng.randrange(5, 8))
    for _ in range(30):
        move = rng.choice([
            rng.randrange(-5, game.num_actions + 5), garbage_text(rng, "ABCDEFGHJpassresign0123456789"),
            float(rng.random()), np.int16(rng.randrange(-100, 100)), None, [1], 2**70,
        ])
        yield lambda move=move: game.play(move)
        yield lambda move=move: game.is_legal(move)
        yield lambda: game.undo() if rng.random() < 0.2 else game.legal_mask()
    yield lambda: game.score(dead=[rng.randrange(-3, 80) for _ in range(3)])
    yield lambda: goishi.estimate_dead(game, playouts=rng.randrange(0, 20))
    yield lambda: goishi.RandomPlayer(seed=rng.randrange(0, 10)).genmove(game)
    yield lambda: goishi.MctsPlayer(playouts=rng.randrange(0, 20)).genmove(game)
    # States with bytes changed, into a game and an environment.
    state = game.to_state()
    cut = rng.randrange(len(state))
    noise = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 6)))
    mutated = state[:cut] + noise + state[cut + rng.randrange(0, 4):]
    yield lambda: goishi.Game.from_state(mutated)
    env = goishi.VectorEnv(game.rules, (game.width, game.height), 2)
    env.reset()
    yield lambda: env.set_state(rng.randrange(2), mutated)
    yield lambda: env.reset(
        seed=rng.choice([None, 3, -1, [1, None], [1], ["x", 2], np.array([1, 2]), 2**70, 1.5]),
        options=rng.choice([None, {}, {"reset_mask": np.array([True, False])},
                            {"reset_mask": [1, 0]}, {"reset_mask": np.ones(3, bool)},
                            {"other": 1}, [1], {"reset_mask": "xy"}]),
    )
    yield lambda: goishi.symmetries(rng.choice(["chinese", "contact/2b", "capture/atari-go:board=hex"])
                                    + ":" + garbage_text(rng, rules_alphabet),
                                    size=rng.randrange(-3, 60))


def test_garbage_never_panics():
    rng = random.Random(SEED)
    count = 0
    for _ in range(150):
        for call in calls(rng):
            try:
                call()
            except (ValueError, TypeError):
                pass
            count += 1
    assert count > 10_000
