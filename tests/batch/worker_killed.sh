#!/usr/bin/env bash
# A batch's worker process killed while it makes a run (physics/run/RunJobs.h, runJobsInProcesses): the
# run is reported with its seed and draws under "errors", the other runs go on and complete, the command
# exits 1 -- never a silently smaller sample.
#   worker_killed.sh CLI DEMO UNCERTAINTY OUTDIR
set -u
CLI=$1 DEMO=$2 U=$3
rm -rf "$4" && mkdir -p "$4" && cd "$4" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
"$CLI" risk "$DEMO" --train IC1 --runs 20 --duration 40 --uncertainty "$U" --seed 7 --jobs 2 \
    --json killed.json 2>killed.err &
cli=$!
for _ in $(seq 1 100); do # the first worker, once it has begun
    worker=$(pgrep -P "$cli" | head -n 1)
    [ -n "$worker" ] && break
    sleep 0.05
done
[ -n "$worker" ] || fail "no worker process appeared"
sleep 0.3
kill -KILL "$worker"
wait "$cli"
status=$?
[ "$status" = 1 ] || fail "exit $status, expected 1 (runs with errors)"
python3 - <<'PY' || fail "the map does not account for every run"
import json
j = json.load(open("killed.json"))
assert j["runs"] == 20 and j["completed"] == 19 and len(j["errors"]) == 1, (j["completed"], j["errors"])
e = j["errors"][0]
assert e["message"] == "worker killed by signal 9 (Killed)" and e["seed"] == 7, e
assert set(e["draws"]) == {"speed", "friction"}, e
print("run %d (seed %d) lost: %s; speed %.3f m/s" % (e["run"], e["seed"], e["message"], e["draws"]["speed"]))
PY
grep -E "^risk: run [0-9]+ \(seed 7\): worker killed by signal 9" killed.err || fail "not on stderr"
grep "19 runs completed, 0 derailed, 1 errors" killed.err || fail "summary"
