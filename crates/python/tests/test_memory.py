"""Memory stays bounded when games are created and dropped in a loop."""

import pickle

import goishi


def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4


def churn(rounds):
    for i in range(rounds):
        g = goishi.Game("chinese", size=19)
        for mv in ("D4", "Q16", "pass"):
            g.play(mv)
        g.legal_mask()
        _ = g.board
        h = pickle.loads(pickle.dumps(g.copy()))
        h.to_sgf()
        try:
            h.play("D4")
        except goishi.IllegalMoveError:
            pass


def test_creating_and_dropping_games_does_not_grow_memory():
    churn(300)  # warm up the allocator and numpy's caches
    before = rss_kib()
    churn(3000)
    grown = rss_kib() - before
    # 3000 leaked 19x19 games would hold tens of megabytes.
    assert grown < 8 * 1024, f"resident memory grew by {grown} KiB"


def churn_envs(rounds):
    for i in range(rounds):
        env = goishi.VectorEnv("chinese", 9, 64, threads=2, seed=i)
        env.reset(seed=i)
        for _ in range(20):
            env.step(env.sample_actions())
        env.game(0).legal_mask()
        env.close()


def test_creating_and_dropping_vector_envs_does_not_grow_memory():
    churn_envs(20)  # warm up the allocator and numpy's caches
    before = rss_kib()
    churn_envs(200)
    grown = rss_kib() - before
    # Each environment holds about 50 KiB of games and buffers (64 games, 9x9, history 8):
    # 200 leaked ones would hold hundreds of megabytes.
    assert grown < 32 * 1024, f"resident memory grew by {grown} KiB"
