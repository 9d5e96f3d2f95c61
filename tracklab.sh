#!/usr/bin/env bash
# TrackLab set-up and build driver for Debian 12 (run as root, or with sudo available for apt-get).
#   ./tracklab.sh run        install what is missing, build (Release), start the editor on the demo layout
#   ./tracklab.sh test       install what is missing, build, run the whole test suite (GUI tests under Xvfb)
#   ./tracklab.sh sanitize   the same test suite built with ASan + UBSan (TRACKLAB_SANITIZE=ON)
#   ./tracklab.sh bench      build and run the benchmarks (they print ratios measured side by side)
#   ./tracklab.sh fuzz [SECONDS [PARSER...]]  build the libFuzzer targets with clang (TRACKLAB_FUZZ=ON) and
#                            run each parser's fuzzer (layout, trains, vehicles, step; default all) SECONDS
#                            (default 60) on tests/fuzz/corpus; new crashes land in
#                            build/fuzz/findings/ (copy them to tests/fuzz/crashes/PARSER/ once fixed)
#   ./tracklab.sh package    build the Debian package build/release/package/tracklab_VERSION_ARCH.deb (CPack)
#   ./tracklab.sh screenshots  build and remake the guides' pictures in docs/images (docs/building-a-layout.md,
#                            "How the screenshots were made"), under Xvfb at 1280x1024 with fresh settings
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)

PACKAGES=(build-essential cmake ninja-build pkg-config qt6-base-dev qt6-charts-dev libqt6opengl6-dev
          libgl-dev libopenscenegraph-dev libbullet-dev libeigen3-dev nlohmann-json3-dev libjemalloc-dev
          xvfb xauth libgl1-mesa-dri fonts-dejavu-core dpkg-dev)

install_dependencies() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "tracklab.sh: installing ${missing[*]}" >&2
        local SUDO=""
        [ "$(id -u)" -eq 0 ] || SUDO=sudo
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

build() { # build-dir, extra cmake args...
    local dir=$1
    shift
    cmake -S "$ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
    cmake --build "$dir" -j "$(nproc)"
}


run_tests() { # build-dir; GUI tests always get their own Xvfb display (never the user's desktop)
    export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
    (cd "$1" && xvfb-run -a -s "-screen 0 1280x1024x24" ctest --output-on-failure -j 2 --timeout 900)
}

# the tests' single-node Slurm (tests/batch/slurm_array.sh): the scheduler a cluster batch is submitted to
TEST_PACKAGES=(slurmctld slurmd slurm-client munge)

FUZZ_PACKAGES=(clang-14 libclang-rt-14-dev)

fuzz() { # seconds per parser, parsers (default: all four)
    local seconds=${1:-60} dir="$ROOT/build/fuzz" failed=0
    shift || true
    local parsers=("$@")
    [ ${#parsers[@]} -gt 0 ] || parsers=(layout trains vehicles step)
    PACKAGES=("${PACKAGES[@]}" "${FUZZ_PACKAGES[@]}")
    install_dependencies
    CC=clang-14 CXX=clang++-14 build "$dir" -DTRACKLAB_FUZZ=ON
    export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    for parser in "${parsers[@]}"; do
        case $parser in layout | trains | vehicles | step) ;; *)
            echo "tracklab.sh: no fuzzer for \"$parser\" (layout, trains, vehicles or step)" >&2
            return 2
            ;;
        esac
        local work="$dir/corpus/$parser" findings="$dir/findings/$parser" dict="$ROOT/tests/fuzz/tracklab.dict"
        [ ! -f "$ROOT/tests/fuzz/$parser.dict" ] || dict="$ROOT/tests/fuzz/$parser.dict" # e.g. step.dict (IFC)
        mkdir -p "$work" "$findings"
        echo "tracklab.sh: fuzzing the $parser parser for $seconds s" >&2
        # work corpus first (new inputs are written there), the checked-in seeds and past crashes read only
        # (a parser without past crashes has no crashes/ folder: libFuzzer refuses a missing one)
        local inputs=("$ROOT/tests/fuzz/corpus/$parser")
        [ ! -d "$ROOT/tests/fuzz/crashes/$parser" ] || inputs+=("$ROOT/tests/fuzz/crashes/$parser")
        "$dir/tests/fuzz/fuzz_$parser" "$work" "${inputs[@]}" \
            -dict="$dict" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
            -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" 2>&1 |
            tee "$dir/fuzz_$parser.log" | grep -E "^(#[0-9]+ +(INITED|DONE)|==.*ERROR|SUMMARY|stat::)" || true
        [ "${PIPESTATUS[0]}" -eq 0 ] || failed=1
    done
    return $failed
}

screenshots() { # the pictures of docs/user-guide.md, docs/building-a-layout.md and docs/batch.md
    local bin="$ROOT/build/release" images="$ROOT/docs/images" work
    work=$(mktemp -d)
    export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$work}
    local xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24")
    shot() { # OUT.png [LAYOUT] [tracklab options...]: the window once, with settings of its own (fresh)
        local out=$1 home
        shift
        home=$(mktemp -d -p "$work")
        HOME=$home XDG_CONFIG_HOME=$home/.config "${xvfb[@]}" "$bin/app/tracklab" "$@" --screenshot "$images/$out"
        echo "tracklab.sh: docs/images/$out" >&2
    }
    shot first-view.png
    shot cab-view.png --camera cab
    printf '{"format": "tracklab-layout", "version": 2, "tracks": []}\n' >"$work/new.json" # what File > New leaves
    shot design-new.png "$work/new.json"
    # the loop the GUI test builds with real keys and clicks, before the join, closed, and with its train
    (cd "$work" && TRACKLAB_KEEP_DESIGNED="$work/loop.json" "${xvfb[@]}" "$bin/tests/tst_design_gui" >/dev/null)
    shot design-before-join.png "$work/loop-before-join.json"
    shot design-loop.png "$work/loop.json"
    shot design-loop-train.png "$work/loop-train.json"
    # moments inside a run: the derailment on c3, the risk map (the tests reach them and save the window)
    (cd "$work" && TRACKLAB_DOC_IMAGES="$images" "${xvfb[@]}" "$bin/tests/tst_firstview" nextStepsDoWhatTheySay >/dev/null)
    echo "tracklab.sh: docs/images/derailment.png" >&2
    (cd "$work" && TRACKLAB_DOC_IMAGES="$images" "${xvfb[@]}" "$bin/tests/tst_risk_gui" >/dev/null)
    echo "tracklab.sh: docs/images/risk-map.png" >&2
    rm -rf "$work"
}

case "${1:-}" in
run)
    install_dependencies
    build "$ROOT/build/release"
    shift
    layout=${1:-$ROOT/resources/layouts/demo.json}
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        echo "tracklab.sh: no display found, starting the editor under Xvfb" >&2
        exec xvfb-run -a -s "-screen 0 1280x1024x24" "$ROOT/build/release/app/tracklab" "$layout"
    fi
    exec "$ROOT/build/release/app/tracklab" "$layout"
    ;;
test)
    PACKAGES=("${PACKAGES[@]}" "${TEST_PACKAGES[@]}")
    install_dependencies
    build "$ROOT/build/release"
    run_tests "$ROOT/build/release"
    ;;
sanitize)
    install_dependencies
    build "$ROOT/build/asan" -DTRACKLAB_SANITIZE=ON
    # Mesa, Qt and OSG keep process-lifetime allocations: leak checking would report theirs, not ours.
    export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    run_tests "$ROOT/build/asan"
    ;;
fuzz)
    shift
    fuzz "$@"
    ;;
bench)
    install_dependencies
    build "$ROOT/build/release"
    for b in "$ROOT"/build/release/tests/bench_*; do
        [ -x "$b" ] || continue
        case "$(basename "$b")" in
        bench_ui_*) XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)} xvfb-run -a -s "-screen 0 1280x1024x24" "$b" ;;
        *) "$b" ;;
        esac
    done
    ;;
screenshots)
    install_dependencies
    build "$ROOT/build/release"
    screenshots
    ;;
package)
    install_dependencies
    build "$ROOT/build/release"
    (cd "$ROOT/build/release" && cpack -G DEB)
    ls "$ROOT"/build/release/package/tracklab_*.deb
    ;;
*)
    sed -n '2,13p' "$0"
    exit 2
    ;;
esac
