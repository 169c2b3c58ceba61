"""KaTrain's own engine client drives `goishi analysis`.

KaTrain (the PyPI package `katrain`) speaks only KataGo's JSON analysis protocol. This test builds
KaTrain's headless objects (its settings base, its engine client `KataGoEngine`, its `Game`),
points the engine's custom command (`altcommand`) at `$GOISHI_BIN analysis --threads 2`, loads
whole games from the SGF files next to this file, lets KaTrain analyse every position as it does
when a user opens a file, and checks what KaTrain stored: no error through KaTrain's error path,
every node analysed, candidate moves legal, win rates in [0, 1], ownership and policy of the
right length, values reported from Black's side (KaTrain asks for it in every query), a
finished game (two passes) shown with its winner and no candidate on the board, and the engine
process gone after KaTrain's shutdown. A second test runs KaTrain's continuous analysis (10^7
visits, a report every 0.25 s) and stops it as KaTrain does, with a terminate action.

Run it with `GOISHI_BIN=/path/to/goishi pytest crates/cli/tests/katrain` in a virtual environment
holding requirements.txt; see README.md.
"""

import math
import os
import shlex
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
GOISHI_BIN = os.environ.get("GOISHI_BIN", "")
VISITS = int(os.environ.get("GOISHI_KATRAIN_VISITS", "30"))
THREADS = int(os.environ.get("GOISHI_KATRAIN_THREADS", "2"))

if not GOISHI_BIN:
    pytest.skip(
        "GOISHI_BIN is not set: point it at a goishi binary with the `analysis` subcommand "
        "(cargo xtask test sets it)",
        allow_module_level=True,
    )
if not os.access(GOISHI_BIN, os.X_OK):
    raise FileNotFoundError(f"GOISHI_BIN={GOISHI_BIN!r} is not an executable file")

# Kivy (imported by KaTrain's core modules) must neither parse pytest's arguments nor write its
# logs and settings into the home directory.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="goishi-katrain-kivy-"))

# GOISHI_BIN set means the test is meant to run: a missing KaTrain is an error, not a skip.
from katrain.core.base_katrain import KaTrainBase  # noqa: E402
from katrain.core.constants import OUTPUT_ERROR, OUTPUT_INFO, OUTPUT_KATAGO_STDERR  # noqa: E402
from katrain.core.engine import KataGoEngine  # noqa: E402
from katrain.core.game import Game, KaTrainSGF  # noqa: E402

GTP_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class HeadlessKaTrain(KaTrainBase):
    """KaTrain's settings and logging base with the GUI's callbacks recorded instead of shown."""

    def __init__(self, altcommand, visits):
        self.lock = threading.Lock()
        self.errors = []  # messages KaTrain logs as errors (its error path)
        self.popups = []  # GUI actions KaTrain asks for: engine_recovery_popup on engine failure
        self.stderr = []  # the engine's standard error, as KaTrain forwards it
        self.sent = []  # the queries KaTrain wrote, from its debug log
        super().__init__(force_package_config=True, debug_level=1)
        engine = dict(self._config["engine"])
        engine.update(
            backend="custom",
            altcommand=altcommand,
            max_visits=visits,
            fast_visits=visits,
            max_time=20.0,
            _enable_ownership=True,
        )
        self._config["engine"] = engine

    def log(self, message, level=OUTPUT_INFO):
        message = str(message)
        with self.lock:
            if level == OUTPUT_ERROR:
                self.errors.append(message)
            elif level == OUTPUT_KATAGO_STDERR:
                self.stderr.append(message)
            elif message.startswith("Sending query"):
                self.sent.append(message)

    def __call__(self, message, *args, **kwargs):
        with self.lock:
            self.popups.append((message, args))


class Board:
    """A plain Go board, to check candidate moves against the position KaTrain sent."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.stones = {}
        self.ko = None  # the point a single-stone recapture is barred on

    def neighbours(self, p):
        x, y = p
        for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= q[0] < self.width and 0 <= q[1] < self.height:
                yield q

    def group(self, p):
        colour, seen, todo, liberties = self.stones[p], {p}, [p], set()
        while todo:
            for q in self.neighbours(todo.pop()):
                if q not in self.stones:
                    liberties.add(q)
                elif self.stones[q] == colour and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen, liberties

    def play(self, colour, p, check=False):
        """Plays p (None: pass); with check, returns whether it was legal (and leaves the board)."""
        if p is None:
            self.ko = None
            return True
        if p in self.stones:
            return False
        if check and p == self.ko:
            return False
        self.stones[p] = colour
        captured = []
        for q in self.neighbours(p):
            if q in self.stones and self.stones[q] != colour:
                stones, liberties = self.group(q)
                if not liberties:
                    captured.extend(stones)
        for q in captured:
            self.stones.pop(q, None)
        own, liberties = self.group(p)
        if check:
            legal = bool(liberties)
            self.stones.pop(p)
            for q in captured:
                self.stones[q] = "W" if colour == "B" else "B"
            return legal
        self.ko = captured[0] if len(captured) == 1 and len(own) == 1 and len(liberties) == 1 else None
        return True

    def vertex(self, text):
        """GTP vertex -> (x, y) with y from the bottom, None for pass; ValueError off the board."""
        if text.lower() == "pass":
            return None
        letters, digits = text.rstrip("0123456789"), text[len(text.rstrip("0123456789")) :]
        letters = letters.upper()
        if len(letters) == 1:
            x = GTP_LETTERS.index(letters)
        elif len(letters) == 2:
            x = 25 * (GTP_LETTERS.index(letters[0]) + 1) + GTP_LETTERS.index(letters[1])
        else:
            raise ValueError(text)
        y = int(digits) - 1
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(text)
        return x, y


def board_at(node):
    width, height = node.board_size
    board = Board(width, height)
    for n in node.nodes_from_root:
        for m in n.placements:
            board.stones[m.coords] = m.player
        for m in n.moves:
            board.play(m.player, m.coords)
    return board


def descendants(pid):
    """The processes below pid (Linux /proc), children first."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            found.append(child)
            todo.append(child)
    return found


def running(pid):
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def wait_gone(pids, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(running(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if running(p)]


class Run:
    """What one KaTrain session with goishi as its engine left behind."""


def analyse_game(sgf_name, visits=VISITS, timeout=90.0, then=None):
    """Opens the SGF in KaTrain with goishi as its engine, waits for every node's analysis, runs
    `then(run, engine)` if given, then stops the engine as KaTrain does when its engine settings
    change (shutdown(finish=False))."""
    run = Run()
    run.altcommand = os.environ.get("GOISHI_KATRAIN_ALTCOMMAND") or (
        f"{shlex.quote(GOISHI_BIN)} analysis --threads {THREADS}"
    )
    run.katrain = katrain = HeadlessKaTrain(run.altcommand, visits)
    engine = KataGoEngine(katrain, katrain.config("engine"))
    run.process = process = engine.katago_process
    assert process is not None, f"KaTrain could not start {run.altcommand!r}: {katrain.errors}"
    root = KaTrainSGF.parse_file(str(HERE / sgf_name))
    start = time.monotonic()
    run.game = Game(katrain, engine, move_tree=root)
    run.nodes = nodes = list(run.game.root.nodes_in_tree)
    deadline = start + timeout
    while time.monotonic() < deadline:
        if all(n.analysis_complete for n in nodes) and engine.is_idle():
            break
        if katrain.errors or katrain.popups or process.poll() is not None:
            break
        time.sleep(0.1)
    run.elapsed = time.monotonic() - start
    if then is not None:
        then(run, engine)

    # KaTrain runs its command through `sh -c`; the engine is the shell's child (Debian's dash
    # does not exec it), so KaTrain's SIGTERM reaches the shell only.
    engine_pids = descendants(process.pid) or [process.pid]
    stopper = threading.Thread(target=engine.shutdown, kwargs={"finish": False}, daemon=True)
    stopper.start()
    stopper.join(8)
    run.shutdown_hung = stopper.is_alive()
    run.survivors = wait_gone(engine_pids, 2)
    run.survivors_after_eof = []
    if run.survivors:
        # What ends them when KaTrain itself exits: the end of their standard input.
        try:
            process.stdin.close()
        except OSError:
            pass
        run.survivors_after_eof = wait_gone(run.survivors, 10)
        for pid in run.survivors_after_eof:
            os.kill(pid, signal.SIGKILL)
        stopper.join(10)
    try:
        process.wait(timeout=10)
    except Exception:
        process.kill()
        raise
    return run


def check_shutdown(run, summary):
    # KaTrain ends its engine with SIGTERM to the shell running its command and then waits for
    # the engine's pipes to close: the engine must be gone, or KaTrain hangs.
    assert not run.survivors, (
        f"{summary}: goishi (pids {run.survivors}) outlived KaTrain's shutdown (SIGTERM to `sh -c "
        f"{run.altcommand}`); KaTrain's shutdown {'hung' if run.shutdown_hung else 'returned'}; "
        f"{'closing its input did not end it either' if run.survivors_after_eof else 'closing its input ended it'}"
    )
    assert not run.shutdown_hung, f"{summary}: KaTrain's engine shutdown did not return"


def check_ownership(node, where):
    width, height = node.board_size
    ownership = node.ownership
    assert ownership is not None, f"{where}: no ownership (KaTrain asked for it)"
    assert len(ownership) == width * height, f"{where}: ownership has {len(ownership)} values"
    assert all(-1.0 <= v <= 1.0 for v in ownership), f"{where}: ownership out of [-1, 1]"
    # KaTrain 1.20 draws a mark on a stone whose owner is not its colour, sized by
    # `abs(ownership if ownership else min(1, loss))` with no loss grid: an ownership of exactly
    # 0 under a stone raises TypeError and aborts the board's drawing (gui/badukpan.py).
    stones = board_at(node).stones
    zero = [
        f"{GTP_LETTERS[x]}{y + 1}" if x < 25 else f"({x}, {y})"
        for x, y in sorted(stones)
        if ownership[(height - 1 - y) * width + x] == 0.0
    ]
    assert not zero, f"{where}: ownership exactly 0 under the stones at {zero} (KaTrain's board drawing fails)"


def check_analyses(run, sgf_name):
    katrain, game, nodes = run.katrain, run.game, run.nodes
    summary = f"{sgf_name}: {len(nodes)} nodes in {run.elapsed:.1f} s"
    print(summary, file=sys.stderr)
    assert not katrain.errors, f"{summary}: KaTrain reported errors: {katrain.errors[:5]}"
    assert not katrain.popups, f"{summary}: KaTrain asked for popups: {katrain.popups[:5]}"
    panics = [line for line in katrain.stderr if "panicked" in line]
    assert not panics, f"{summary}: goishi panicked: {panics[:5]}"
    missing = [n.depth for n in nodes if not n.analysis_complete]
    assert not missing, f"{summary}: {len(missing)} nodes not analysed (move numbers {missing[:20]})"

    width, height = game.board_size
    for node in nodes:
        where = f"{sgf_name} move {node.depth}"
        root = node.analysis["root"]
        assert root["visits"] >= (0 if root.get("gameOver") else 1), f"{where}: rootInfo {root}"
        assert 0.0 <= root["winrate"] <= 1.0, f"{where}: rootInfo winrate {root['winrate']}"
        assert math.isfinite(root["scoreLead"]), f"{where}: rootInfo scoreLead {root['scoreLead']}"

        if root.get("gameOver"):
            # Two passes ended the game: the count decides, and the SGF's result (RE, GNU Go's
            # count; every ended game here is won by far) says who won. From Black's side:
            result = game.root.get_property("RE", "")
            assert result[:2] in ("B+", "W+"), f"{where}: game over, but the SGF has no result"
            black_won = result.startswith("B+")
            expected = 1.0 if black_won else 0.0
            assert root["winrate"] == expected, f"{where}: game over ({result}), rootInfo {root}"
            assert (root["scoreLead"] > 0) == black_won, f"{where}: game over ({result}), rootInfo {root}"
            for key in ("lcb", "utility", "utilityLcb"):
                if key in root:
                    want = expected if key == "lcb" else 2 * expected - 1
                    assert root[key] == want, f"{where}: game over ({result}), rootInfo {root}"
            check_ownership(node, where)
            # With no candidates KaTrain draws the policy's best point as the top move: nothing
            # but a pass may come out of a finished game.
            drawn = [c["move"] for c in node.candidate_moves if c["move"] != "pass"]
            assert not drawn, f"{where}: game over, yet KaTrain shows candidates {drawn} (policy {node.policy[-3:]}...)"
            continue

        check_ownership(node, where)

        moves = node.analysis["moves"]
        assert moves, f"{where}: no candidate moves"
        assert any(m.get("order") == 0 for m in moves.values()), f"{where}: no candidate of order 0"
        board = board_at(node)
        for gtp, info in moves.items():
            try:
                point = board.vertex(gtp)
            except ValueError:
                pytest.fail(f"{where}: candidate {gtp!r} is not a vertex of the {width}x{height} board")
            assert board.play(node.next_player, point, check=True), f"{where}: candidate {gtp} is illegal"
            assert 0.0 <= info["winrate"] <= 1.0, f"{where}: {gtp} winrate {info['winrate']}"
            assert info["visits"] >= 0, f"{where}: {gtp} visits {info['visits']}"
            assert math.isfinite(info["scoreLead"]), f"{where}: {gtp} scoreLead {info['scoreLead']}"
            assert isinstance(info.get("pv"), list) and info["pv"], f"{where}: {gtp} has no pv"
            assert info["pv"][0] == gtp, f"{where}: {gtp} pv starts with {info['pv'][0]}"
            assert 0.0 <= info.get("prior", 0.0) <= 1.0, f"{where}: {gtp} prior {info.get('prior')}"

        policy = node.policy
        assert policy is not None, f"{where}: no policy"
        assert len(policy) == width * height + 1, f"{where}: policy has {len(policy)} values"

    # KaTrain asks for every value from Black's side (overrideSettings reportAnalysisWinratesAs
    # BLACK) and draws them so: where stones stand on the board, ownership must lean to their
    # owner whichever side is to move.
    for colour_to_move in "BW":
        lean = []
        for node in nodes[len(nodes) // 2 :]:
            if node.next_player != colour_to_move:
                continue
            board = board_at(node)
            grid = {}
            for i, v in enumerate(node.ownership):
                grid[(i % width, height - 1 - i // width)] = v
            black = [grid[p] for p, c in board.stones.items() if c == "B"]
            white = [grid[p] for p, c in board.stones.items() if c == "W"]
            if black and white:
                lean.append(sum(black) / len(black) - sum(white) / len(white))
        assert lean, f"{sgf_name}: no position with {colour_to_move} to move"
        mean = sum(lean) / len(lean)
        assert mean > 0, (
            f"{sgf_name}: with {colour_to_move} to move, ownership leans away from the stones on the "
            f"board (mean black - white {mean:+.2f}): not reported from Black's side"
        )

    check_shutdown(run, summary)


@pytest.mark.parametrize(
    "sgf_name",
    ["gnugo-9x9.sgf", "gnugo-19x19.sgf", "gnugo-13x13-handicap.sgf"],
)
def test_katrain_analyses_a_whole_game(sgf_name):
    check_analyses(analyse_game(sgf_name), sgf_name)


def ponder_then_stop(run, engine):
    """KaTrain's continuous analysis (space bar): 10^7 visits with a report every 0.25 s, stopped
    by a terminate action after which KaTrain waits for the query's last answer."""
    node = run.nodes[len(run.nodes) // 2]
    run.game.set_current_node(node)
    node.clear_analysis()
    run.game.analyze_extra("ponder")
    run.partial_visits = []
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        if node.analysis_exists and not node.analysis_complete:
            visits = node.root_visits
            if not run.partial_visits or run.partial_visits[-1] != visits:
                run.partial_visits.append(visits)
        time.sleep(0.02)
    run.completed_before_stop = node.analysis_complete
    engine.stop_pondering()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not (node.analysis_complete and engine.is_idle()):
        time.sleep(0.05)
    run.ponder_node = node


def test_katrain_ponders_and_stops():
    sgf_name = "gnugo-19x19.sgf"
    run = analyse_game(sgf_name, then=ponder_then_stop)
    summary = f"{sgf_name} pondering on move {run.ponder_node.depth}"
    assert not run.katrain.errors, f"{summary}: KaTrain reported errors: {run.katrain.errors[:5]}"
    assert not run.katrain.popups, f"{summary}: KaTrain asked for popups: {run.katrain.popups[:5]}"
    assert not run.completed_before_stop, f"{summary}: a 10^7-visit query ended by itself within 1.5 s"
    assert len(run.partial_visits) >= 2, f"{summary}: reports during the search: {run.partial_visits}"
    assert run.partial_visits == sorted(run.partial_visits), f"{summary}: visits went down {run.partial_visits}"
    node = run.ponder_node
    assert node.analysis_complete, f"{summary}: no last answer after the terminate action"
    assert node.root_visits >= run.partial_visits[-1], f"{summary}: last answer {node.root_visits} visits"
    check_ownership(node, summary)
    check_shutdown(run, summary)
