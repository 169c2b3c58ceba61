"""goishi.ray.selfplay on a local Ray instance: the shards are the same files whatever the
number of workers, and the same as those played in this process."""

import pytest
import ray

import goishi.ray as gr


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def files(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_shards_do_not_depend_on_the_workers(local_ray, tmp_path):
    kwargs = dict(players=("random", {"type": "mcts", "playouts": 16}), seed=11,
                  games_per_shard=2, history=4)
    runs = {}
    for workers in (0, 1, 2):
        out = tmp_path / f"w{workers}"
        summaries = gr.selfplay("chinese", 5, 7, num_workers=workers, out=str(out), **kwargs)
        assert [s["shard"] for s in summaries] == [0, 1, 2, 3]
        runs[workers] = files(out)
    assert len(runs[0]) == 8
    assert runs[0] == runs[1] == runs[2]


def test_every_family_on_ray(local_ray, tmp_path):
    for rules in ("contact/2b", "capture/atari-go", "tromp-taylor:board=torus"):
        out = tmp_path / rules.replace("/", "-").replace(":", "-").replace("=", "-")
        summaries = gr.selfplay(rules, 5, 3, num_workers=2, out=str(out), seed=1)
        assert sum(s["games"] for s in summaries) == 3
        assert all(s["moves"] > 0 for s in summaries)
