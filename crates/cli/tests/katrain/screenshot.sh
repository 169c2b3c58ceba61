#!/bin/sh
# KaTrain's GUI under Xvfb with goishi as its engine: loads the 19x19 game, goes to a position,
# lets goishi analyse it and saves a screenshot of the board with goishi's candidate moves.
# Not run in CI. Needs Debian's xvfb, imagemagick, xdotool, libgl1-mesa-dri, libgl1, libmtdev1,
# and KaTrain from requirements.txt in a virtual environment.
#
#   GOISHI_BIN=target/release/goishi crates/cli/tests/katrain/screenshot.sh [OUT.png] [MOVE]
#
# Environment: GOISHI_BIN (required), KATRAIN_VENV (default /tmp/katrain-venv), DISPLAY_NUM
# (default 97), VISITS (default 500, visits for the position shown), SETTLE (seconds to let
# the analysis finish, default 25), STEP (seconds between two steps through the game, default
# 0.3: KaTrain's board drawing reads the current position twice, so stepping faster than it
# draws can pair a stone with the previous position's ownership).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/katrain-goishi.png}
move=${2:-60}
goishi=$(realpath "${GOISHI_BIN:?set GOISHI_BIN to a goishi binary}")
venv=${KATRAIN_VENV:-/tmp/katrain-venv}
display=:${DISPLAY_NUM:-97}
visits=${VISITS:-500}
settle=${SETTLE:-25}
step=${STEP:-0.3}

work=$(mktemp -d /tmp/katrain-screenshot.XXXXXX)
cleanup() {
    [ -n "${katrain_pid:-}" ] && kill "$katrain_pid" 2>/dev/null || true
    [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT

# KaTrain reads the settings file given as its first argument when its name ends with
# config.json (otherwise ~/.katrain/config.json); HOME points at the scratch folder so that
# nothing under the real home directory is touched.
export HOME="$work/home"
mkdir -p "$HOME"
"$venv/bin/python" - "$work/config.json" "$goishi" "$visits" <<'EOF'
import json, sys
from pathlib import Path
import katrain

path, goishi, visits = sys.argv[1], sys.argv[2], int(sys.argv[3])
config = json.loads((Path(katrain.__file__).parent / "config.json").read_text())
config["engine"].update(
    backend="custom",
    # As a user types it in "Override Engine Command"; KaTrain runs it through sh -c.
    altcommand=f"{goishi} analysis --threads 2",
    max_visits=visits,
    fast_visits=min(visits, 50),
    max_time=30.0,
)
config["general"]["debug_level"] = 1
for mode in ("play", "analyze"):
    controls = config["ui_state"][mode]["analysis_controls"]
    controls.update(hints=True, ownership=True, eval=True, show_children=True)
config["ui_state"].update(restoresize=True, size=[1300, 1000], left=0, top=0)
Path(path).write_text(json.dumps(config, indent=4))
EOF

Xvfb "$display" -screen 0 1300x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
sleep 2
export DISPLAY="$display"
export KIVY_HOME="$work/kivy"
export KIVY_GL_BACKEND=${KIVY_GL_BACKEND:-sdl2}
export LIBGL_ALWAYS_SOFTWARE=1
"$venv/bin/katrain" "$work/config.json" "$here/gnugo-19x19.sgf" >"$work/katrain.log" 2>&1 &
katrain_pid=$!

# KaTrain opens the game at its start and analyses every position (its log counts them); then
# step to the position. No window manager: keys go to the window under the pointer.
for _ in $(seq 120); do
    [ "$(grep -c 'KataGo analysis received' "$work/katrain.log" || true)" -gt 100 ] && break
    sleep 1
done
sleep 2
xdotool mousemove 1250 980
i=0
while [ "$i" -lt "$move" ]; do
    xdotool key Right
    i=$((i + 1))
    sleep "$step"
done
# 'a': KaTrain's extra analysis of the position shown (max_visits more visits).
xdotool key a
sleep "$settle"
import -window root "$out"
echo "screenshot: $out (KaTrain log: $work/katrain.log)"
grep -c "KataGo analysis received" "$work/katrain.log" | sed 's/^/analyses received: /'
