"""goishi.MctsPlayer and goishi.RandomPlayer."""

import numpy as np
import pytest

import goishi


def selfplay(player_black, player_white, rules="chinese", size=5, moves=40):
    g = goishi.Game(rules, size=size)
    players = {"black": player_black, "white": player_white}
    while not g.is_over and len(g.history) < moves:
        mv = players[g.to_move].genmove(g)
        assert mv == "resign" or g.is_legal(mv)
        g.play(mv)
    return g


@pytest.mark.parametrize("rules", ["chinese", "contact/2b", "capture/atari-go"])
def test_players_play_legal_moves_and_repeat_for_a_seed(rules):
    games = [
        selfplay(goishi.MctsPlayer(playouts=40, seed=s), goishi.RandomPlayer(seed=s), rules)
        for s in (1, 1, 2)
    ]
    assert games[0].history == games[1].history
    assert len(games[0].history) > 0


def test_genmove_leaves_the_game_unchanged():
    g = goishi.Game("japanese", size=9)
    g.play("E5")
    for p in (goishi.MctsPlayer(playouts=20), goishi.RandomPlayer(seed=4)):
        p.genmove(g)
        assert g.history == [("B", "E5")]


def test_a_time_budget():
    g = goishi.Game("chinese", size=5)
    assert g.is_legal(goishi.MctsPlayer(time=0.05, playouts=None).genmove(g))


def test_genmove_after_the_end():
    g = goishi.Game("chinese", size=5)
    g.play("pass")
    g.play("pass")
    for p in (goishi.MctsPlayer(playouts=10), goishi.RandomPlayer()):
        with pytest.raises(goishi.IllegalMoveError) as e:
            p.genmove(g)
        assert e.value.reason == "game over"


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"threads": 0}, "invalid number of search threads 0"),
        ({"threads": 1000}, "invalid number of search threads 1000"),
        ({"threads": -1}, "invalid number of search threads -1"),
        ({"playouts": -1}, "invalid playouts -1"),
        ({"playouts": 2**40}, "invalid playouts"),
        ({"time": float("nan")}, "invalid time NaN"),
        ({"time": -1.0}, "invalid time -1"),
        ({"seed": -5}, "invalid seed -5"),
        ({"seed": 2**64}, "invalid seed"),
    ],
)
def test_bad_player_settings(kwargs, words):
    with pytest.raises(ValueError) as e:
        goishi.MctsPlayer(**kwargs)
    assert words in str(e.value)


def test_bad_random_seed():
    with pytest.raises(ValueError):
        goishi.RandomPlayer(seed=-1)
    with pytest.raises(TypeError):
        goishi.RandomPlayer(seed="x")
    assert repr(goishi.RandomPlayer(seed=3)) == "goishi.RandomPlayer(seed=3)"


def test_genmove_needs_a_game():
    with pytest.raises(TypeError):
        goishi.RandomPlayer().genmove("not a game")


def test_mcts_analyze_reports_its_search():
    game = goishi.Game("go/chinese", size=7)
    game.play("D4")
    player = goishi.MctsPlayer(playouts=400, seed=3)
    a = player.analyze(game)
    assert a["move"] == goishi.MctsPlayer(playouts=400, seed=3).genmove(game)
    assert a["color"] == "white" and a["playouts"] == 400
    moves = a["moves"]
    assert moves and all(m["visits"] >= n["visits"] for m, n in zip(moves, moves[1:]))
    assert sum(m["visits"] for m in moves) <= a["visits"]
    for m in moves:
        assert set(m) == {"move", "action", "visits", "winrate", "prior", "score_mean", "pv"}
        assert 0 <= m["winrate"] <= 1 and m["pv"][0] == m["move"]
        assert game.action_of(m["move"]) == m["action"]
    policy = a["policy"]
    assert policy.dtype == np.float32 and policy.shape == (game.num_actions,)
    assert abs(policy.sum() - 1) < 1e-5 and (policy[~game.legal_mask()] == 0).all()
    assert a["ownership"].shape == (49,) and a["ownership"].dtype == np.float32
    assert len(game.history) == 1
    finished = goishi.Game("go/chinese", size=5)
    finished.play("pass")
    finished.play("pass")
    with pytest.raises(goishi.IllegalMoveError, match="game over"):
        player.analyze(finished)


def test_mcts_playout_policy():
    game = goishi.Game("go/chinese", size=7)
    light = goishi.MctsPlayer(playouts=50, seed=1, playout_policy="light")
    assert 'playout_policy="light"' in repr(light)
    assert game.is_legal(light.genmove(game))
    assert 'playout_policy="heavy"' in repr(goishi.MctsPlayer(playouts=5))
    with pytest.raises(ValueError, match="invalid playout policy \"medium\"; expected heavy or light"):
        goishi.MctsPlayer(playout_policy="medium")
