#!/bin/bash
# slurm-single-node.sh - throw-away single-node Slurm cluster (munged + slurmctld + slurmd)
# living entirely inside one directory.  Needs root (SlurmUser/SlurmdUser=root).
#
#   slurm-single-node.sh start DIR   # start, wait until node is idle, print env to use
#   slurm-single-node.sh stop  DIR   # stop daemons via their pid files
#
# Clients: export SLURM_CONF=DIR/etc/slurm.conf  (sbatch/squeue/scontrol/sinfo).
# Debian 12 packages: slurmctld slurmd slurm-client munge (--no-install-recommends).
# On failure 'start' prints one line "slurm-single-node: <reason>" on stderr, exits 1.
set -u

die() { echo "slurm-single-node: $*" >&2; exit 1; }

port_in_use() {  # any TCP socket (v4/v6) bound to local port $1?
    local hex; hex=$(printf ':%04X ' "$1")
    cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '{print $2" "}' | grep -q -- "$hex"
}

free_port() {  # random free TCP port in 20000-59999, not in "$@"
    local p i
    for i in $(seq 1 200); do
        p=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 ))
        [[ " $* " == *" $p "* ]] && continue
        port_in_use "$p" || { echo "$p"; return 0; }
    done
    return 1
}

# pid file $1 names a live process whose comm is the file's basename (guards against stale pids)
pid_alive() { local p; p=$(cat "$1" 2>/dev/null) && [[ $(cat "/proc/$p/comm" 2>/dev/null) == "$(basename "$1" .pid)" ]]; }

last_err() {  # most useful last line of daemon log(s): last fatal, else last line
    local l; l=$(grep -h -i fatal "$@" 2>/dev/null | tail -n1)
    [[ -n $l ]] || l=$(cat "$@" 2>/dev/null | grep . | tail -n1)
    echo "${l:-no log output}"
}

stop_cluster() {  # $1 = DIR
    local d f pid i; d=$(realpath -m "$1")
    if pid_alive "$d/state/slurmctld.pid" && [[ -f $d/etc/slurm.conf ]]; then
        # cancel leftover jobs of *this* cluster so no slurmstepd outlives slurmd
        export SLURM_CONF=$d/etc/slurm.conf PATH="$PATH:/usr/sbin:/sbin"
        if [[ -n $(squeue -h -o %A 2>/dev/null) ]]; then
            scancel --full -u root 2>/dev/null
            for i in $(seq 1 50); do [[ -z $(squeue -h -o %A 2>/dev/null) ]] && break; sleep 0.2; done
        fi
    fi
    # SIGTERM all daemons at once (each needs 1-2 s to exit), wait up to 15 s, then SIGKILL.
    # A pid is only signalled if /proc/PID/comm still names the daemon (stale pid files).
    local pids=() left=""
    for f in "$d/state/slurmd.pid" "$d/state/slurmctld.pid" "$d/munge/munged.pid"; do
        pid_alive "$f" && pid=$(cat "$f") && kill -TERM "$pid" 2>/dev/null && pids+=("$pid")
        rm -f "$f"
    done
    for i in $(seq 1 150); do
        left=""; for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && left+=" $pid"; done
        [[ -z $left ]] && break
        sleep 0.1
    done
    for pid in $left; do
        echo "slurm-single-node: pid $pid ignored SIGTERM for 15 s, sending SIGKILL" >&2
        kill -KILL "$pid" 2>/dev/null
    done
    return 0
}

start_cluster() {
    local d=$1 b node ncpu mem ctld_port d_port sock i state=""
    fail() { stop_cluster "$d"; die "$@"; }   # undo what was started, then die
    [[ $(id -u) -eq 0 ]] || die "must run as root (SlurmUser=root)"
    for b in munged munge slurmctld slurmd slurmstepd sbatch squeue sinfo scontrol; do
        command -v "$b" >/dev/null 2>&1 || [[ -x /usr/sbin/$b ]] || die "missing binary '$b' (apt-get install slurmctld slurmd slurm-client munge)"
    done
    export PATH="$PATH:/usr/sbin:/sbin"

    [[ $d != *[[:space:]]* ]] || die "directory must not contain whitespace: '$d'"
    d=$(realpath -m "$d")
    sock=$d/munge/munge.socket
    # unix socket paths are limited to 107 bytes (slurmd spool also hosts step sockets)
    (( ${#sock} <= 90 )) || die "directory path too long for unix sockets (${#sock} > 90): $d"
    mkdir -p "$d" || die "cannot create $d"
    pid_alive "$d/state/slurmctld.pid" && die "a cluster already runs in $d (stop it first)"
    mkdir -p "$d"/{munge,etc,spool,state,log} || die "cannot create subdirs of $d"
    chmod 0755 "$d/munge"   # munged wants o+x on the socket dir

    # --- munge ------------------------------------------------------------
    rm -f "$d/munge/munge.key"
    dd if=/dev/urandom of="$d/munge/munge.key" bs=1024 count=1 status=none || die "cannot write munge key"
    chmod 0400 "$d/munge/munge.key"
    # --force turns munged's path-permission errors (e.g. group-writable parent dirs) into warnings
    munged --force --key-file="$d/munge/munge.key" --socket="$sock" \
        --pid-file="$d/munge/munged.pid" --log-file="$d/log/munged.log" \
        --seed-file="$d/munge/munged.seed" >"$d/log/munged.stderr" 2>&1 \
        || fail "munged failed to start: $(last_err "$d/log/munged.stderr")"
    for i in $(seq 1 50); do [[ -S $sock ]] && break; sleep 0.1; done
    echo ok | munge --socket="$sock" 2>/dev/null | unmunge --socket="$sock" >/dev/null 2>&1 \
        || fail "munge round-trip through $sock failed: $(last_err "$d/log/munged.log")"

    # --- slurm.conf ---------------------------------------------------------
    node=$(hostname -s 2>/dev/null); [[ -n $node ]] || node=localhost
    ncpu=$(nproc)
    mem=$(( $(awk '/MemTotal/ {print int($2/1024)}' /proc/meminfo) / 2 )); (( mem > 4096 )) && mem=4096
    ctld_port=$(free_port) || fail "no free TCP port for slurmctld"
    d_port=$(free_port "$ctld_port") || fail "no free TCP port for slurmd"
    cat >"$d/etc/slurm.conf" <<EOF
# generated by slurm-single-node.sh
ClusterName=testcluster
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/state/slurmctld.pid
SlurmdPidFile=$d/state/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
PropagateResourceLimits=NONE
MailProg=/bin/true
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_interval=1,bf_interval=1,sched_min_interval=0
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=$node NodeAddr=127.0.0.1 NodeHostname=$node CPUs=$ncpu RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF=$d/etc/slurm.conf

    # --- daemons (both daemonize and write their pid files) ------------------
    slurmctld -f "$SLURM_CONF" -c >"$d/log/slurmctld.stderr" 2>&1 \
        || fail "slurmctld failed to start: $(last_err "$d/log/slurmctld.stderr" "$d/log/slurmctld.log")"
    slurmd -f "$SLURM_CONF" -N "$node" >"$d/log/slurmd.stderr" 2>&1 \
        || fail "slurmd failed to start: $(last_err "$d/log/slurmd.stderr" "$d/log/slurmd.log")"

    # --- wait for the node to be idle (max ~30 s) ----------------------------
    for i in $(seq 1 150); do
        state=$(sinfo -h -n "$node" -o %t 2>/dev/null)
        [[ $state == idle ]] && break
        pid_alive "$d/state/slurmctld.pid" || fail "slurmctld died: $(last_err "$d/log/slurmctld.log")"
        pid_alive "$d/state/slurmd.pid" || fail "slurmd died: $(last_err "$d/log/slurmd.log")"
        sleep 0.2
    done
    [[ $state == idle ]] || fail "node $node never became idle within 30 s (state '${state:-none}'), see $d/log"

    echo "export SLURM_CONF=$SLURM_CONF"
    echo "# node=$node cpus=$ncpu slurmctld_port=$ctld_port slurmd_port=$d_port munge_socket=$sock logs=$d/log"
}

case "${1:-} ${2:+x}" in
    "start x") start_cluster "$2" ;;
    "stop x")  stop_cluster "$2" ;;
    *) echo "usage: $0 {start|stop} DIR" >&2; exit 2 ;;
esac
