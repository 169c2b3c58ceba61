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
        for final in (False, True):
            part = [r for r in rows if bool(r.get("final")) == final]
            if not part:
                continue
            xs = [r["minutes"] for r in part]
            ys = [r[name]["score"] for r in part]
            lo = [max(0.0, r[name]["score"] - r[name]["low"]) for r in part]
            hi = [max(0.0, r[name]["high"] - r[name]["score"]) for r in part]
            games = part[0][name]["games"]
            label = f"against {name}, {games} games" + (" (final)" if final else "")
            top.errorbar(xs, ys, yerr=[lo, hi], marker="*" if final else "o",
                         markersize=12 if final else 6, capsize=3, label=label,
                         linestyle="none" if final else "-")
    top.axhline(0.5, color="grey", lw=0.5)
    top.set_ylim(0, 1)
    top.set_ylabel("score (wins + draws/2)")
    top.set_title(title)
    top.legend(loc="center right", fontsize="small")
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
