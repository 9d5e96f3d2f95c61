#!/usr/bin/env bash
# The engine's reference outputs (docs/architecture.md, "Changing the engine"): five runs of
# tracklab-cli on the pinned inputs of this folder, hashed. A change that must not change results leaves
# every hash of OUTDIR/SHA256SUMS as it was; run it with the build before and after and compare.
#   tests/data/reference/outputs.sh path/to/tracklab-cli OUTDIR
set -euo pipefail
CLI=$(realpath "$1")
mkdir -p "$2"
OUT=$(realpath "$2")
cd "$(dirname "$0")" # the summaries name the layout as given: relative names keep the hashes portable
export TRACKLAB_ROLLING_STOCK=$PWD/rolling-stock
run() { # name, args...
    local name=$1
    shift
    "$CLI" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || echo "$name: exit $?" >>"$OUT/exits"
}
: >"$OUT/exits"
run demo run "demo.json" --duration 80 --csv "$OUT/demo.csv"
run coaster run "coaster.json" --duration 90 --csv "$OUT/coaster.csv"
# the demo with IC1 at full throttle from t = 0: it derails (overturn) at t = 63.79 s
run derail run "demo-derail.json" --duration 64 --csv "$OUT/derail.csv"
run sweep sweep "demo.json" --train IC1 --speeds 20:44:2 --duration 75
# 150 trains of 10 bogies on 15 weaving spline tracks with cant (the scale benchmark's track), 6 s
run fleet run "fleet.json" --duration 6 --csv "$OUT/fleet.csv"
(cd "$OUT" && sha256sum demo.csv demo.out coaster.csv coaster.out derail.csv derail.out sweep.out fleet.csv \
    fleet.out >SHA256SUMS && rm -f ./*.csv)
cat "$OUT/SHA256SUMS"
