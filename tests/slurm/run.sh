#!/usr/bin/env bash
# run.sh tests `rbm-kernel sweep emit slurm` against a real Slurm: it starts a
# private munged, slurmctld and slurmd for one node (localhost) from a
# temporary folder, submits the emitted array script for tests/slurm/tiny.sweep
# (2 array tasks, 4 runs), runs the same sweep locally, and checks that the
# two `sweep collect` CSVs are equal apart from the timing column (seconds).
#
#   tests/slurm/run.sh        (from `make slurm`; RBM_KERNEL_BIN names the binary)
#
# Debian's slurm-wlm and munge are installed when dpkg-query says they are
# missing (sudo only when not root). The daemons run as root in the
# foreground (-D) in the background, so no systemd is needed; they listen on
# ports SLURM_TEST_PORT and SLURM_TEST_PORT+1 (default 16817) and use their
# own munge socket and key, so they never touch a Slurm or munge already on
# the machine. They are always stopped and the temporary folder removed on
# exit. If Slurm cannot be started the script fails; it never skips.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

log() { printf 'slurm: %s\n' "$*" >&2; }
die() {
	printf 'slurm: FAIL: %s\n' "$*" >&2
	exit 1
}

bin="${RBM_KERNEL_BIN:-$root/build/rbm-kernel}"
[[ -x "$bin" ]] || die "no kernel binary at $bin: run 'make build' first"
"$bin" sweep help >/dev/null 2>&1 || die "$bin has no 'sweep' command: rebuild it with 'make build'"

# --- packages ---------------------------------------------------------------
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for p in slurm-wlm munge; do installed "$p" || missing+=("$p"); done
if ((${#missing[@]} > 0)); then
	log "installing Debian packages: ${missing[*]}"
	sudo=()
	if [[ "$(id -u)" != 0 ]]; then
		command -v sudo >/dev/null 2>&1 || die "not root and no sudo: install ${missing[*]} by hand"
		sudo=(sudo)
	fi
	export DEBIAN_FRONTEND=noninteractive
	"${sudo[@]}" apt-get update -q
	"${sudo[@]}" apt-get install -y -q "${missing[@]}"
fi
# slurmctld and slurmd run as SlurmUser=root and need root to start jobs.
as_root=()
if [[ "$(id -u)" != 0 ]]; then
	command -v sudo >/dev/null 2>&1 || die "not root and no sudo: the Slurm daemons must run as root"
	as_root=(sudo)
fi

# --- temporary cluster ------------------------------------------------------
tmp="$(mktemp -d /tmp/rbm-slurm.XXXXXX)"
chmod 755 "$tmp"
pids=()
job=""
alive() { "${as_root[@]}" kill -0 "$1" 2>/dev/null; }
cleanup() {
	status=$?
	if [[ -n "$job" ]]; then scancel "$job" >/dev/null 2>&1 || true; fi
	if ((status != 0)); then
		for f in "$tmp"/log/* "$tmp"/work/*.log; do
			[[ -f "$f" ]] || continue
			echo "--- $f (last 20 lines)" >&2
			tail -n 20 "$f" >&2
		done
	fi
	local p
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		p=${pids[i]}
		"${as_root[@]}" kill "$p" 2>/dev/null || true
	done
	# Wait (bounded) for each daemon to exit before removing its folders.
	for p in "${pids[@]}"; do
		for _ in $(seq 50); do
			alive "$p" || break
			sleep 0.1
		done
		if alive "$p"; then "${as_root[@]}" kill -9 "$p" 2>/dev/null || true; fi
	done
	"${as_root[@]}" rm -rf "$tmp"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port="${SLURM_TEST_PORT:-16817}"
mkdir -p "$tmp"/{etc,munge,log,state,spool,work}
chmod 700 "$tmp/munge"

# A fresh munge key for this cluster only.
"${as_root[@]}" mungekey --create --keyfile="$tmp/munge/munge.key" --force
"${as_root[@]}" chmod 600 "$tmp/munge/munge.key"
sock="$tmp/munge/munge.socket"

# Memory slurmd will find, less a margin (RealMemory above it drains the node).
mem_mb=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 * 9 / 10))
cpus=$(nproc)
((cpus > 2)) && cpus=2

conf="$tmp/etc/slurm.conf"
cat >"$conf" <<EOF
# One-node Slurm for tests/slurm/run.sh (generated; removed on exit).
ClusterName=rbmtest
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/%n
SlurmctldPidFile=$tmp/state/slurmctld.pid
SlurmdPidFile=$tmp/spool/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
# No cgroups: plain process tracking, no task binding, no accounting.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
SchedulerType=sched/builtin
MinJobAge=300
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$conf"

# wait_for DESCRIPTION SECONDS COMMAND...: poll COMMAND until it succeeds.
wait_for() {
	local what=$1 secs=$2
	shift 2
	local end=$((SECONDS + secs))
	until "$@" >/dev/null 2>&1; do
		((SECONDS < end)) || die "$what not ready after ${secs}s"
		sleep 0.2
	done
}
log "starting munged, slurmctld and slurmd in $tmp"
"${as_root[@]}" munged --foreground --force --socket="$sock" --key-file="$tmp/munge/munge.key" \
	--pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munged.seed" \
	--log-file="$tmp/log/munged.log" 2>"$tmp/log/munged.stderr" &
pids+=($!)
munge_ok() { munge -n -S "$sock" | unmunge -S "$sock"; }
wait_for munged 20 munge_ok

"${as_root[@]}" env SLURM_CONF="$conf" slurmctld -D -i -f "$conf" >"$tmp/log/slurmctld.stderr" 2>&1 &
pids+=($!)
"${as_root[@]}" env SLURM_CONF="$conf" slurmd -D -N localhost -f "$conf" >"$tmp/log/slurmd.stderr" 2>&1 &
pids+=($!)
node_idle() {
	for p in "${pids[@]}"; do alive "$p" || die "a Slurm daemon (pid $p) exited"; done
	[[ "$(sinfo -h -n localhost -o %t 2>/dev/null)" == idle ]]
}
end=$((SECONDS + 60))
until node_idle; do
	((SECONDS < end)) || die "node localhost not idle after 60s: $(sinfo -N 2>&1 | tr '\n' ' ')"
	sleep 0.2
done
log "node localhost idle ($(sinfo -h -o '%P %c CPUs %m MB' | head -1))"

# --- the sweep on Slurm and locally ----------------------------------------
work="$tmp/work"
cp tests/slurm/tiny.sweep "$work/tiny.sweep"
mkdir -p "$tmp/bin"
ln -s "$bin" "$tmp/bin/rbm-kernel" # the emitted script runs `rbm-kernel` from PATH
export PATH="$tmp/bin:$PATH"

cd "$work"
rbm-kernel sweep emit slurm -shards 2 -cpus 1 -time 00:05:00 -out slurm.results tiny.sweep >tiny.sbatch
grep -q '^#SBATCH --array=0-1$' tiny.sbatch || die "emitted script has no 2-task array: $(cat tiny.sbatch)"
log "submitting the array job (2 tasks)"
start=$SECONDS
out="$(timeout 150 sbatch --parsable --wait tiny.sbatch)" || {
	job="${out%%;*}"
	die "sbatch --wait failed for job ${job:-?} (exit status of a task or timeout): $(squeue 2>&1 | tr '\n' ' ')"
}
job="${out%%;*}"
log "array job $job finished in $((SECONDS - start))s"
job=""
# Each task must have run its own shard, 2 of the 4 runs (indices t mod 2),
# which the sweep command found in SLURM_ARRAY_TASK_ID/COUNT.
for t in 0 1; do
	f="tiny-${out%%;*}_$t.log"
	[[ -f "$f" ]] || die "no log of array task $t ($f)"
	grep -aq '2 runs: 0 skipped (already done), 2 run, 0 failed' "$f" ||
		die "array task $t did not run exactly its 2 runs: $(tr '\r' '\n' <"$f")"
done

log "running the same sweep locally"
rbm-kernel sweep run -workers 2 -out local.results tiny.sweep >/dev/null 2>local.err ||
	die "local sweep run failed: $(cat local.err)"

rbm-kernel sweep status -out slurm.results tiny.sweep | grep -q '^4 runs: 4 done (0 failed), 0 missing$' ||
	die "Slurm results incomplete: $(rbm-kernel sweep status -out slurm.results tiny.sweep)"
rbm-kernel sweep collect -out slurm.results -csv slurm.csv tiny.sweep >/dev/null 2>&1 || die "collect of the Slurm results failed"
rbm-kernel sweep collect -out local.results -csv local.csv tiny.sweep >/dev/null 2>&1 || die "collect of the local results failed"

# drop_timing FILE: the CSV without its timing column (seconds).
drop_timing() {
	/usr/bin/python3 - "$1" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
drop = rows[0].index("seconds")
w = csv.writer(sys.stdout, lineterminator="\n")
for r in rows:
    w.writerow(r[:drop] + r[drop + 1:])
EOF
}
drop_timing slurm.csv >slurm.cmp
drop_timing local.csv >local.cmp
rows=$(($(wc -l <local.cmp) - 1))
# 4 runs x loglik at steps 50 and 100.
((rows == 8)) || die "local CSV has $rows rows, want 8"
diff -u local.cmp slurm.cmp >&2 || die "Slurm and local results differ (diff above)"
log "PASS: $rows result rows from Slurm array job ${out%%;*} equal the local run"
