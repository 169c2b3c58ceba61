"""The learning curve of a run: the network's score against each fixed opponent (with its
95% interval) by minutes of training, and the training loss; from the run's metrics.jsonl.

    python examples/alphazero/plot.py RUN/metrics.jsonl RUN/curve.png
"""

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot(metrics: str, out: str, title: str = "") -> None:
    with open(metrics) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    opponents = [k for k in rows[0] if isinstance(rows[0][k], dict)] if rows else []
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True, height_ratios=[3, 1])
    for name in opponents:
        xs = [r["minutes"] for r in rows]
        ys = [r[name]["score"] for r in rows]
        lo = [r[name]["score"] - r[name]["low"] for r in rows]
        hi = [r[name]["high"] - r[name]["score"] for r in rows]
        top.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=f"against {name}")
    top.axhline(0.5, color="grey", lw=0.5)
    top.set_ylim(0, 1)
    top.set_ylabel("score (wins + draws/2)")
    top.set_title(title)
    top.legend(loc="lower right")
    losses = [(r["minutes"], r["loss"]) for r in rows if r.get("loss") is not None]
    if losses:
        bottom.plot([m for m, _ in losses], [v for _, v in losses], marker=".")
    bottom.set_ylabel("training loss")
    bottom.set_xlabel("minutes of training (2-core CPU)")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    plot(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "")
