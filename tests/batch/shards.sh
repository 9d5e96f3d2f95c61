#!/usr/bin/env bash
# Sharded batch runs (app/cli/Batch.h, docs/batch.md): a risk map cut into 1, 2 and 5 shards and merged is
# the same bytes as the map made in one run (JSON and CSV, and the merge's standard output is the
# unsharded one's); a sweep and a check --critical in 2 and 3 shards likewise; the merge's refusals.
#   shards.sh CLI DEMO UNCERTAINTY OUTDIR
set -u
CLI=$1 DEMO=$2 U=$3
rm -rf "$4" && mkdir -p "$4" && cd "$4" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
risk() { "$CLI" risk "$DEMO" --train IC1 --runs 12 --duration 10 --uncertainty "$U" --seed 7 "$@"; }

risk --json one.json --csv one.csv >one.out 2>one.err || fail "risk exit $?"
grep -q '"reached"' one.json || fail "no places in the map"
for n in 1 2 5; do
    parts=()
    for k in $(seq 1 "$n"); do
        risk --json one.json --csv one.csv --shard "$k/$n" --out "risk-$k-of-$n.part" 2>/dev/null ||
            fail "shard $k/$n exit $?"
        parts+=("risk-$k-of-$n.part")
    done
    mv one.json keep.json && mv one.csv keep.csv
    "$CLI" merge "${parts[@]}" >merged.out 2>/dev/null || fail "merge of $n exit $?"
    cmp keep.json one.json && cmp keep.csv one.csv && cmp one.out merged.out || fail "$n shards differ"
    mv keep.json one.json && mv keep.csv one.csv
    echo "risk: $n shards identical"
done

sweep() { "$CLI" sweep "$DEMO" --train IC1 --speeds 30:40:2 --duration 75 "$@"; }
sweep >sweep.out 2>/dev/null
for k in 1 2 3; do sweep --shard "$k/3" --out "sweep-$k.part" 2>/dev/null || fail "sweep shard $k"; done
"$CLI" merge sweep-3.part sweep-1.part sweep-2.part >sweep.merged 2>/dev/null
cmp sweep.out sweep.merged && grep -q '"criticalSpeed": 36' sweep.out || fail "sweep shards differ"
echo "sweep: 3 shards identical"

check() { "$CLI" check "$DEMO" --rules en13803-typical --critical IC1 "$@"; }
check >check.out 2>/dev/null
for k in 1 2; do check --shard "$k/2" --out "check-$k.part" 2>/dev/null || fail "check shard $k"; done
"$CLI" merge check-1.part check-2.part >check.merged 2>/dev/null
cmp check.out check.merged && grep -q "railed at" check.out || fail "check shards differ"
echo "check --critical: 2 shards identical"

# refusals, each naming the file and the JSON path
expect() { # pattern, command...
    local pattern=$1
    shift
    out=$("$@" 2>&1) && fail "accepted: $*"
    grep -q -- "$pattern" <<<"$out" || fail "expected '$pattern', got: $out"
}
risk --seed 8 --json one.json --csv one.csv --shard 2/2 --out seed8.part 2>/dev/null
expect "seed8.part: /args: a part of a different run than risk-1-of-2.part (other arguments)" \
    "$CLI" merge risk-1-of-2.part seed8.part
expect "shards missing: 3/5, 5/5" "$CLI" merge risk-1-of-5.part risk-2-of-5.part risk-4-of-5.part
expect "risk-1-of-2.part: /shard: shard 1/2 is also risk-1-of-2.part" \
    "$CLI" merge risk-1-of-2.part risk-1-of-2.part
expect "sweep-1.part: /command: a part of a different run than risk-1-of-2.part (sweep, not risk)" \
    "$CLI" merge risk-1-of-2.part sweep-1.part
expect "risk-1-of-5.part: /shard/1: a part of a different run than risk-1-of-2.part (5 shards, not 2)" \
    "$CLI" merge risk-1-of-2.part risk-1-of-5.part
expect "--shard must be K/N with 1 <= K <= N <= 100000, got '6/5'" risk --shard 6/5 --out x.part
expect "--shard needs --out PART" risk --shard 1/2
# an input edited between the shards and the merge
cp "$DEMO" edited.json
"$CLI" sweep edited.json --train IC1 --speeds 30:32:2 --duration 5 --shard 1/1 --out edited.part 2>/dev/null
sed -i 's/"IC1"/"IC1" /' edited.json
expect "the input files of \`tracklab-cli sweep\` changed since the parts were made" "$CLI" merge edited.part
echo '{"tracklabPart": 1, "tracklab": "x"}' >bad.part
expect "bad.part: /command: missing" "$CLI" merge bad.part
# the Slurm script (run for real by slurm_array.sh): its refusals, and a path with a space and a quote
expect "leave them out" "$CLI" batch --slurm --out j.sbatch risk "$DEMO" --train IC1 --runs 4 --uncertainty "$U" --jobs 2
expect "is not a batch command (check, risk, sweep)" "$CLI" batch --slurm --out j.sbatch run "$DEMO"
expect "--shards must be an integer in \[1, 4\] (the runs), got '5'" \
    "$CLI" batch --slurm --out j.sbatch --shards 5 risk "$DEMO" --train IC1 --runs 4 --uncertainty "$U"
expect "the result goes to" "$CLI" batch --slurm --out j.out risk "$DEMO" --train IC1 --runs 4 --uncertainty "$U"
mkdir -p "odd dir's" && (cd "odd dir's" &&
    "$CLI" batch --slurm --out job.sbatch --cpus 2 risk "$DEMO" --train IC1 --runs 4 --uncertainty "$U" >/dev/null 2>&1) ||
    fail "batch --slurm in a folder with a space and a quote"
grep -q "^#SBATCH --cpus-per-task=2$" "odd dir's/job.sbatch" && grep -qxF "#SBATCH --chdir='$(pwd)/odd dir'\\''s'" "odd dir's/job.sbatch" &&
    bash -n "odd dir's/job.sbatch" || fail "the script: $(cat "odd dir's/job.sbatch")"
echo "refusals named"
