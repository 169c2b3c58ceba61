"""The memory of one ``goishi.VectorEnv`` (a measurement, not a test): resident memory of
the process before the environments are made, once they are made and reset, and at its
peak after ``--steps`` steps of random legal games (every game's records grown).

    python crates/python/bench/memory.py [--size 19] [--envs 1024] [--history 8]
                                         [--steps 1083] [--obs bool]

The figure the Python spec's goal reads ("1024 19x19 environments with history 8 under
100 MB") is the growth of the peak over the process before the environments (Python and
numpy themselves excluded).
"""

import argparse


def status_kib(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="go/chinese")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--history", type=int, default=8)
    parser.add_argument("--steps", type=int, default=None, help="default: 3 x points")
    parser.add_argument("--obs", default="bool")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    import numpy  # noqa: F401  (imported before the first figure: not the environments)

    import goishi

    steps = args.steps if args.steps is not None else 3 * args.size * args.size
    before = status_kib("VmRSS")
    env = goishi.VectorEnv(args.rules, args.size, args.envs, history=args.history,
                           threads=args.threads, seed=1, obs=args.obs)
    env.reset(seed=1)
    made = status_kib("VmRSS")
    for _ in range(steps):
        env.step(env.sample_actions())
    peak = status_kib("VmHWM")
    mib = 1 / 1024
    print(f"{args.envs} {args.size}x{args.size} environments, {args.rules}, history "
          f"{args.history}, obs {args.obs}, {steps} steps of random legal games")
    print(f"  process before the environments: {before * mib:7.1f} MiB")
    print(f"  made and reset:                 +{(made - before) * mib:7.1f} MiB")
    print(f"  peak after the steps:           +{(peak - before) * mib:7.1f} MiB "
          f"({(peak - before) * 1024 / 1e6:.1f} MB, {(peak - before) / args.envs:.1f} KiB an "
          "environment)")


if __name__ == "__main__":
    main()
