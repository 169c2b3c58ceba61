"""Self-play data on Ray: ``goishi.ray.selfplay(rules, size, games, ...)``.

The games are cut into shards of ``games_per_shard`` consecutive games; each shard is one Ray
task, which plays its games with the Rust players and writes two files into ``out``:

- ``shard-NNNNN.sgf``: the shard's games, one SGF game tree each, in game order;
- ``shard-NNNNN.npz``: one row per move played, ``observations`` (bool, the AlphaGo Zero
  planes of the side to move before the move, ``Game.observation(history)``: the layout of
  ``goishi.VectorEnv``'s observation),
  ``masks`` (bool, its legal moves: points in point order, then pass), ``moves`` (int32, the
  action played: a point index, ``num_points`` for pass, -1 for a resignation), ``policies``
  (float32, the policy target of the move: an ``MctsPlayer``'s visits of each action over the
  root's, ``MctsPlayer.analyze``'s ``policy``; a random player's uniform distribution over
  the legal moves) and ``game``
  (int64, the game's index in the run); and one entry per game, ``game_ids``, ``results``
  (float32: +1 Black won, -1 White won, 0 no winner) and ``result_text`` (SGF's ``RE``, empty
  for a game stopped at ``max_moves``).

Game ``g`` is played with seeds drawn from ``(seed, g)`` alone, and a shard's files are
written byte for byte the same way wherever it runs, so the same arguments give the same files
whatever ``num_workers`` is (with MCTS players, as long as they search with one thread and a
playout budget; a time budget is not reproducible). ``num_workers=0`` plays the shards in
this process without Ray. Requires ``ray`` (``pip install "goishi[ray]"``) otherwise; a local
Ray is started when none is running.
"""

import io
import os
import zipfile
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from goishi._check import type_name, whole
from goishi._goishi import Game, MctsPlayer, RandomPlayer, Rules

PlayerSpec = Union[str, Dict[str, Any]]

_MASK64 = (1 << 64) - 1


def _mix(*words: int) -> int:
    """SplitMix64 over the words: the seed of one game or player, from the run's seed."""
    z = 0x9E3779B97F4A7C15
    for w in words:
        z = (z ^ (w & _MASK64)) & _MASK64
        z = (z + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
    return z


def _player(spec: PlayerSpec, seed: int) -> Union[MctsPlayer, RandomPlayer]:
    """The player a spec names: ``"random"``, ``"mcts"``, or a dict with ``"type"`` and the
    player's keyword arguments (``{"type": "mcts", "playouts": 200}``)."""
    if isinstance(spec, str):
        spec = {"type": spec}
    if not isinstance(spec, dict):
        raise TypeError(
            f"a player must be \"random\", \"mcts\" or a dict with a \"type\", not {type_name(spec)}"
        )
    if "type" not in spec:
        raise ValueError(f"invalid player {spec!r}; a player's dict names its \"type\"")
    kwargs = {k: v for k, v in spec.items() if k != "type"}
    if spec["type"] == "random":
        if kwargs:
            raise ValueError(f"invalid player {spec!r}: a random player takes no options")
        return RandomPlayer(seed=seed)
    if spec["type"] == "mcts":
        if "seed" in kwargs:
            raise ValueError(
                f"invalid player {spec!r}: its seed comes from the run's seed and the game"
            )
        return MctsPlayer(seed=seed, **kwargs)
    raise ValueError(f"invalid player type {spec['type']!r}; expected \"random\" or \"mcts\"")


def _players(players: Any) -> Tuple[PlayerSpec, PlayerSpec]:
    """Black's and White's specs: one spec for both, or a pair."""
    if isinstance(players, (list, tuple)):
        if len(players) != 2:
            raise ValueError(f"invalid players {players!r}; expected one spec or two (black, white)")
        return players[0], players[1]
    return players, players


def play_game(
    rules: Union[str, Rules],
    size: Any,
    index: int,
    seed: int,
    players: Any = "random",
    history: int = 8,
    max_moves: Optional[int] = None,
) -> Dict[str, Any]:
    """Plays game ``index`` of the run of ``seed``; its record, arrays and result."""
    game = Game(rules, size)
    black, white = _players(players)
    game_seed = _mix(seed, index)
    by_color = {
        "black": _player(black, _mix(game_seed, 0)),
        "white": _player(white, _mix(game_seed, 1)),
    }
    cap = 3 * game.num_points if max_moves is None else max_moves
    observations: List[np.ndarray] = []
    masks: List[np.ndarray] = []
    policies: List[np.ndarray] = []
    moves: List[int] = []
    while not game.is_over and len(moves) < cap:
        player = by_color[game.to_move]
        observations.append(game.observation(history))
        mask = game.legal_mask()
        masks.append(mask)
        if isinstance(player, MctsPlayer):
            # The search of genmove, with its visits: the move and its policy target.
            analysis = player.analyze(game)
            move = analysis["move"]
            policies.append(analysis["policy"])
        else:
            move = player.genmove(game)
            policies.append((mask / mask.sum()).astype(np.float32))
        game.play(move)
        moves.append(-1 if move == "resign" else game.action_of(move))
    winner = game.winner
    return {
        "sgf": game.to_sgf(),
        "observations": observations,
        "masks": masks,
        "policies": policies,
        "moves": moves,
        "result": 0.0 if winner is None else (1.0 if winner == "black" else -1.0),
        "result_text": game.result or "",
        "shape": game.observation(history).shape,
        "actions": game.num_actions,
    }


def _write_npz(path: str, arrays: Dict[str, np.ndarray]) -> None:
    """``numpy.savez_compressed``'s format with fixed timestamps: the same arrays give the
    same bytes."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name in sorted(arrays):
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(arrays[name]), allow_pickle=False)
            info = zipfile.ZipInfo(name + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, buf.getvalue())


def play_shard(
    rules: str,
    size: Any,
    shard: int,
    games: Sequence[int],
    seed: int,
    players: Any,
    history: int,
    max_moves: Optional[int],
    out: str,
) -> Dict[str, Any]:
    """Plays the games of one shard and writes its two files; a summary of what it wrote."""
    records = [play_game(rules, size, g, seed, players, history, max_moves) for g in games]
    shape = records[0]["shape"] if records else (0,)
    actions = records[0]["actions"] if records else 0
    steps = sum(len(r["moves"]) for r in records)

    def stacked(key: str, row_shape: Tuple[int, ...]) -> np.ndarray:
        rows = [x for r in records for x in r[key]]
        if not rows:
            return np.zeros((0,) + tuple(row_shape), dtype=bool)
        return np.stack(rows).astype(bool, copy=False)

    def stacked_floats(key: str, row_shape: Tuple[int, ...]) -> np.ndarray:
        rows = [x for r in records for x in r[key]]
        if not rows:
            return np.zeros((0,) + tuple(row_shape), dtype=np.float32)
        return np.stack(rows).astype(np.float32, copy=False)

    arrays = {
        "observations": stacked("observations", shape),
        "masks": stacked("masks", (actions,)),
        "policies": stacked_floats("policies", (actions,)),
        "moves": np.array([m for r in records for m in r["moves"]], dtype=np.int32),
        "game": np.array([g for g, r in zip(games, records) for _ in r["moves"]], dtype=np.int64),
        "game_ids": np.array(list(games), dtype=np.int64),
        "results": np.array([r["result"] for r in records], dtype=np.float32),
        "result_text": np.array([r["result_text"] for r in records], dtype="<U16"),
    }
    base = os.path.join(out, f"shard-{shard:05d}")
    _write_npz(base + ".npz", arrays)
    with open(base + ".sgf", "w", encoding="utf-8") as f:
        f.write("".join(r["sgf"] for r in records))
    return {"shard": shard, "games": len(records), "moves": steps, "files": [base + ".sgf", base + ".npz"]}


def selfplay(
    rules: Union[str, Rules],
    size: Any,
    games: int,
    players: Any = "random",
    num_workers: int = 2,
    out: str = "selfplay",
    seed: int = 0,
    history: int = 8,
    max_moves: Optional[int] = None,
    games_per_shard: int = 16,
) -> List[Dict[str, Any]]:
    """Plays ``games`` self-play games as Ray tasks (at most ``num_workers`` at a time) and
    writes the shards into the folder ``out`` (created if missing); returns one summary per
    shard (its index, games, moves and files), in shard order.

    ``players``: one spec for both sides or ``(black, white)``; a spec is ``"random"``,
    ``"mcts"`` or a dict such as ``{"type": "mcts", "playouts": 200}``.
    """
    # Check the rules, the board, the players and the options before any task starts.
    probe = Game(rules, size)
    rules_text = str(probe.rules)
    games = whole("games", games, 0)
    num_workers = whole("num_workers", num_workers, 0)
    games_per_shard = whole("games_per_shard", games_per_shard, 1)
    seed = whole("seed", seed, 0)
    if max_moves is not None:
        max_moves = whole("max_moves", max_moves, 1)
    if not isinstance(out, (str, os.PathLike)):
        raise TypeError(f"out must be a path (str or os.PathLike), not {type_name(out)}")
    black, white = _players(players)
    _player(black, 0)
    _player(white, 0)
    probe.observation(history)
    os.makedirs(out, exist_ok=True)
    shards = [
        (i, list(range(first, min(first + games_per_shard, games))))
        for i, first in enumerate(range(0, games, games_per_shard))
    ]
    args = [(rules_text, size, i, g, seed, players, history, max_moves, out) for i, g in shards]
    if num_workers == 0:
        return [play_shard(*a) for a in args]
    import ray

    if not ray.is_initialized():
        ray.init(num_cpus=num_workers, include_dashboard=False, log_to_driver=False)
    task = ray.remote(num_cpus=1)(play_shard)
    pending: List[Any] = []
    summaries: List[Dict[str, Any]] = []
    for a in args:
        if len(pending) >= num_workers:
            done, pending = ray.wait(pending, num_returns=1)
            summaries.extend(ray.get(done))
        pending.append(task.remote(*a))
    summaries.extend(ray.get(pending))
    return sorted(summaries, key=lambda s: s["shard"])
