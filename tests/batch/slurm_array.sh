#!/usr/bin/env bash
# The cluster path with the real scheduler (docs/batch.md, "On a cluster"): a single-node Slurm started in a
# temporary directory (slurm-single-node.sh: munged, slurmctld and slurmd from Debian's packages), the job
# array `tracklab-cli batch --slurm` writes for a small risk map submitted with sbatch, its merge job
# awaited, and the merged map compared byte for byte with the same map made in one local run. Where Slurm
# cannot start (not root, packages missing, daemons refusing) it prints "SKIP: reason" and exits 0, which
# the test's SKIP_REGULAR_EXPRESSION reports as skipped.
#   slurm_array.sh CLI DEMO UNCERTAINTY OUTDIR
set -u
CLI=$1 DEMO=$2 U=$3 OUT=$4
HERE=$(cd "$(dirname "$0")" && pwd)
rm -rf "$OUT" && mkdir -p "$OUT" && cd "$OUT" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" = 0 ] || { echo "SKIP: the single-node Slurm runs its daemons as root; this is uid $(id -u)"; exit 0; }
# the cluster's own directory: a short path (unix socket paths are limited)
D=$(mktemp -d /tmp/tl-slurm.XXXXXX)
trap '"$HERE/slurm-single-node.sh" stop "$D"; rm -rf "$D"' EXIT
if ! started=$("$HERE/slurm-single-node.sh" start "$D" 2>"$D.err"); then
    echo "SKIP: Slurm could not start: $(cat "$D.err")"
    rm -f "$D.err"
    exit 0
fi
rm -f "$D.err"
eval "$(grep '^export' <<<"$started")"
export PATH=$PATH:/usr/sbin:/sbin
unset SLURM_JOB_ID SLURM_ARRAY_JOB_ID SBATCH_PARTITION SBATCH_ACCOUNT # (a test run inside a Slurm job)

args=(risk "$DEMO" --train IC1 --runs 12 --duration 10 --uncertainty "$U" --seed 7 --json map.json --csv map.csv)
"$CLI" "${args[@]}" >/dev/null 2>&1 || fail "local run"
mv map.json local.json && mv map.csv local.csv
"$CLI" batch --slurm --out job.sbatch --shards 3 "${args[@]}" 2>/dev/null || fail "batch --slurm"
grep -q '^#SBATCH --array=1-3$' job.sbatch || fail "no array of 3 in job.sbatch"
array=$(sbatch --parsable job.sbatch) || fail "sbatch refused job.sbatch"
echo "submitted array job ${array%%;*}"
for _ in $(seq 1 600); do # until the array and the merge it submits have left the queue (at most 5 min)
    [ -f job.parts/merge.log ] && [ -z "$(squeue -h -o %A)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -o %A)" ] || fail "jobs still queued after 5 minutes: $(squeue -h)"
for k in 1 2 3; do [ -s "job.parts/part-$k.json" ] || fail "no part $k: $(cat job.parts/task-$k.log)"; done
[ -f map.json ] || fail "the merge wrote no map: $(cat job.parts/merge.log 2>/dev/null)"
cmp local.json map.json && cmp local.csv map.csv || fail "the merged map differs from the local run"
echo "slurm: 3 array tasks and the merge job, map identical to the local run"
