"""Threads: a search (genmove, estimate_dead) runs on a copy of the game's position with the
GIL released, so other threads may read and play on the game meanwhile; a player or a
VectorEnv serves one call at a time, and a call while another thread's runs is a
RuntimeError that says so (never PyO3's "Already borrowed")."""

import threading
import time

import numpy as np
import pytest

import goishi

IN_USE = "is in use by another thread"


class Background:
    """Runs ``call`` in a thread; ``result()`` joins it and returns its value or raises."""

    def __init__(self, call):
        self.started = threading.Event()
        self.outcome = None

        def run():
            self.started.set()
            try:
                self.outcome = ("ok", call())
            except BaseException as e:  # noqa: BLE001 (handed to the test's thread)
                self.outcome = ("error", e)

        self.thread = threading.Thread(target=run)
        self.thread.start()
        self.started.wait()
        # Into the call, past its argument handling, with the GIL released.
        time.sleep(0.2)

    def result(self):
        self.thread.join()
        kind, value = self.outcome
        if kind == "error":
            raise value
        return value


# What another thread does to the game while a search on it runs: each is allowed.
ON_THE_GAME = [
    ("play", lambda g: g.play("A1")),
    ("undo", lambda g: g.undo()),
    ("legal_mask", lambda g: g.legal_mask()),
    ("board", lambda g: g.board),
    ("copy", lambda g: g.copy()),
]

SEARCHES = [
    ("MctsPlayer.genmove", lambda g: goishi.MctsPlayer(time=1.0, seed=1).genmove(g)),
    ("estimate_dead", lambda g: goishi.estimate_dead(g, playouts=40_000)["playouts"]),
]


@pytest.mark.parametrize("search", [s for _, s in SEARCHES], ids=[n for n, _ in SEARCHES])
@pytest.mark.parametrize("action", [a for _, a in ON_THE_GAME], ids=[n for n, _ in ON_THE_GAME])
def test_the_game_is_free_while_a_search_on_it_runs(search, action):
    g = goishi.Game("chinese", size=9)
    g.play("E5")
    before = g.copy()
    searching = Background(lambda: search(g))
    action(g)
    answer = searching.result()
    if isinstance(answer, str):
        # The answer to the position genmove was given.
        assert before.is_legal(answer)


def test_a_player_searches_one_game_at_a_time():
    player = goishi.MctsPlayer(time=1.0, seed=1)
    games = [goishi.Game("chinese", size=9) for _ in range(2)]
    first = Background(lambda: player.genmove(games[0]))
    try:
        second = player.genmove(games[1])
    except RuntimeError as e:
        second = e
    first = first.result()
    # Whichever call came second was refused at once, saying why.
    refused = [r for r in (first, second) if isinstance(r, RuntimeError)]
    assert len(refused) == 1
    assert str(refused[0]).startswith(f"this goishi.MctsPlayer {IN_USE}")
    assert "Already" not in str(refused[0])
    assert repr(player).startswith("goishi.MctsPlayer(")


def test_a_vector_env_steps_one_call_at_a_time():
    env = goishi.VectorEnv("chinese", 19, 512, threads=1, seed=1)
    env.reset()
    stop = threading.Event()

    def steps():
        while not stop.is_set():
            try:
                env.step(env.sample_actions())
            except (RuntimeError, goishi.IllegalMoveError):
                pass  # the other thread's call, or its step between these two

    stepping = Background(steps)
    refused = None
    try:
        deadline = time.monotonic() + 20
        while refused is None and time.monotonic() < deadline:
            # The properties answer at any time.
            assert env.num_envs == 512 and env.size == (19, 19)
            try:
                env.step(np.full(512, 361))
            except RuntimeError as e:
                refused = e
            except goishi.IllegalMoveError:
                pass
    finally:
        stop.set()
        stepping.result()
    assert refused is not None, "no step ran while another thread's did"
    assert str(refused).startswith(f"this goishi.VectorEnv {IN_USE}")
    assert env.game(0).num_points == 361
