"""goishi.ray.selfplay in this process (num_workers=0): shards, their contents, determinism.
tests_ray/ runs the same on Ray workers."""

import io

import numpy as np
import pytest

import goishi
import goishi.ray as gr


def files(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_shards_hold_the_games(tmp_path):
    summaries = gr.selfplay("chinese", 5, 5, players=("random", {"type": "mcts", "playouts": 20}),
                            num_workers=0, out=str(tmp_path), seed=7, games_per_shard=2, history=2)
    assert [s["shard"] for s in summaries] == [0, 1, 2]
    assert [s["games"] for s in summaries] == [2, 2, 1]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"shard-{i:05d}.{ext}" for i in range(3) for ext in ("npz", "sgf")]
    d = np.load(tmp_path / "shard-00001.npz")
    steps = summaries[1]["moves"]
    assert d["observations"].shape == (steps, 5, 5, 5)
    assert d["masks"].shape == (steps, 26) and d["moves"].shape == (steps,)
    assert d["policies"].shape == (steps, 26)
    assert d["game_ids"].tolist() == [2, 3]
    sgf = (tmp_path / "shard-00001.sgf").read_text()
    trees = ["(" + t for t in sgf.split("(")[1:]]
    assert len(trees) == 2
    # Each row replays: the planes and the mask are the game's, and the move is legal in it.
    for i, text in enumerate(trees):
        record = goishi.Game.from_sgf(text)
        rows = np.flatnonzero(d["game"] == d["game_ids"][i])
        replay = goishi.Game("chinese", size=5)
        for r in rows:
            assert (d["masks"][r] == replay.legal_mask()).all()
            assert (d["observations"][r] == replay.observation(2)).all()
            # The policy target: a distribution over the legal moves; Black's (random) is
            # uniform, White's (MCTS) the search's visits (its move may be the winning pass
            # the search plays without visiting it).
            policy = d["policies"][r]
            assert policy.dtype == np.float32 and abs(policy.sum() - 1) < 1e-5
            assert (policy[~d["masks"][r]] == 0).all()
            if replay.to_move == "black":
                assert np.allclose(policy[d["masks"][r]], 1 / d["masks"][r].sum())
            replay.play(int(d["moves"][r]))
        assert replay.history == record.history
        winner = replay.winner
        assert d["results"][i] == (0 if winner is None else (1 if winner == "black" else -1))


def test_the_same_seed_gives_the_same_files(tmp_path):
    kwargs = dict(players="random", num_workers=0, seed=3, games_per_shard=3)
    gr.selfplay("contact/2b", 5, 7, out=str(tmp_path / "a"), **kwargs)
    gr.selfplay("contact/2b", 5, 7, out=str(tmp_path / "b"), **kwargs)
    assert files(tmp_path / "a") == files(tmp_path / "b")
    gr.selfplay("contact/2b", 5, 7, out=str(tmp_path / "c"), **dict(kwargs, seed=4))
    assert files(tmp_path / "a") != files(tmp_path / "c")


def test_bad_arguments(tmp_path):
    out = str(tmp_path)
    with pytest.raises(goishi.RulesError):
        gr.selfplay("nope", 5, 1, num_workers=0, out=out)
    with pytest.raises(goishi.SetupError):
        gr.selfplay("chinese", 0, 1, num_workers=0, out=out)
    for error, kwargs in (
        (ValueError, {"games": -1}), (ValueError, {"num_workers": -2}),
        (ValueError, {"games_per_shard": 0}), (ValueError, {"seed": -1}),
        (ValueError, {"players": "alphago"}), (ValueError, {"players": ("random",)}),
        (ValueError, {"players": {"type": "mcts", "threads": 0}}),
        (ValueError, {"players": {"type": "mcts", "seed": 3}}),
        (ValueError, {"players": {"playouts": 3}}),
        (ValueError, {"max_moves": -1}), (ValueError, {"max_moves": 0}),
        (TypeError, {"max_moves": "x"}), (TypeError, {"max_moves": True}),
        (TypeError, {"players": 3}), (TypeError, {"players": ("random", None)}),
        (TypeError, {"players": {"type": "mcts", "playouts": "many"}}),
    ):
        args = dict(rules="chinese", size=5, games=1, num_workers=0, out=out)
        args.update(kwargs)
        with pytest.raises(error) as e:
            gr.selfplay(**args)
        assert error is ValueError or not isinstance(e.value, ValueError), kwargs
    assert list(tmp_path.iterdir()) == []
