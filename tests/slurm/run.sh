#!/usr/bin/env bash
# run.sh tests `rbm-kernel sweep emit slurm` against a real Slurm: it starts a
# private munged, slurmctld and slurmd for one node (localhost) from a
# temporary folder and runs the walk-through of docs/sweep.md ("From a laptop
# to Slurm"), the sweep file and every command taken from the page: the sweep
# on the "laptop" (locally), the emitted array script (4 tasks, one run each),
# then, with the results of runs 1 and 3 deleted, a resubmission of tasks 1
# and 3 alone (--array=1,3), which must run exactly those two runs and touch
# no other result; and it checks that the two `sweep collect` CSVs are equal
# apart from the timing column (seconds).
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
		for f in "$tmp"/log/* "$tmp"/work/*.out "$tmp"/work/*.err; do
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

# --- the walk-through of docs/sweep.md on Slurm ------------------------------
# The sweep file and the commands are taken from the page (blocks after
# "<!-- walkthrough NAME -->"), so the page and the test cannot drift apart.
work="$tmp/work"
mkdir -p "$tmp/bin"
ln -s "$bin" "$tmp/bin/rbm-kernel" # the page and the emitted script run `rbm-kernel` from PATH
export PATH="$tmp/bin:$PATH"

# block NAME: the fenced block that follows <!-- walkthrough NAME --> in the page.
block() {
	/usr/bin/python3 - "$root/docs/sweep.md" "$1" <<'EOF'
import re, sys
page, name = open(sys.argv[1]).read(), sys.argv[2]
m = re.search(r"<!-- walkthrough " + re.escape(name) + r" -->\n```[a-z]*\n(.*?)```", page, re.S)
if not m:
    sys.exit("docs/sweep.md has no walkthrough block " + name)
sys.stdout.write(m.group(1))
EOF
}
# step NAME: run the commands of block NAME as the page shows them.
step() {
	block "$1" >"$work/step-$1.sh"
	log "walk-through, $1: $(grep -c . "$work/step-$1.sh") commands"
	(cd "$work" && timeout 200 bash -euo pipefail "step-$1.sh") >"$work/step-$1.out" 2>&1 ||
		die "walk-through step $1 failed: $(cat "$work/step-$1.sh") ->
$(tr '\r' '\n' <"$work/step-$1.out")"
}
# task_logs: the .out logs of array tasks, one per line.
task_logs() { (cd "$work" && ls lr-*_*.out 2>/dev/null || true) | sort; }

block lr.sweep >"$work/lr.sweep"
step laptop
step slurm
# One log per task, each saying it ran its 1 run, which it found in -shard i/4.
before="$(task_logs)"
(($(wc -l <<<"$before") == 4)) || die "want 4 task logs after the array job, found: $before"
for f in $before; do
	grep -aq '^1 runs: 0 skipped (already done), 1 run, 0 failed' "$work/$f" ||
		die "array task log $f does not say it ran its 1 run: $(tr '\r' '\n' <"$work/$f")"
done
grep -q '^4 runs: 4 done (0 failed), 0 missing$' "$work/step-slurm.out" ||
	die "status after the array job: $(cat "$work/step-slurm.out")"

# Two tasks die: the results of runs 1 and 3 (shards 1 and 3 of 4) go.
declare -A key
while read -r idx k _; do key[$idx]=$k; done < <(cd "$work" && rbm-kernel sweep plan lr.sweep)
sum_before="$(cd "$work/lr.results" && sha256sum "${key[0]}.json" "${key[2]}.json")"
rm "$work/lr.results/${key[1]}.json" "$work/lr.results/${key[3]}.json"
step resubmit
after="$(task_logs)"
new="$(comm -13 <(echo "$before") <(echo "$after"))"
[[ "$(sed 's/^lr-[0-9]*_//' <<<"$new" | tr '\n' ' ')" == "1.out 3.out " ]] ||
	die "the resubmission --array=1,3 wrote the task logs: $new"
for f in $new; do
	grep -aq '^1 runs: 0 skipped (already done), 1 run, 0 failed' "$work/$f" ||
		die "resubmitted task log $f does not say it ran its 1 run: $(tr '\r' '\n' <"$work/$f")"
done
grep -q '^4 runs: 4 done (0 failed), 0 missing$' "$work/step-resubmit.out" ||
	die "status after the resubmission: $(cat "$work/step-resubmit.out")"
[[ "$(cd "$work/lr.results" && sha256sum "${key[0]}.json" "${key[2]}.json")" == "$sum_before" ]] ||
	die "the resubmission of tasks 1 and 3 touched the results of runs 0 and 2"
step collect
grep -q 'rate 0.2 vs 0.05 on max loglik' "$work/step-collect.out" ||
	die "collect printed no comparison: $(cat "$work/step-collect.out")"

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
cd "$work"
drop_timing lr.csv >slurm.cmp
drop_timing laptop.csv >local.cmp
rows=$(($(wc -l <local.cmp) - 1))
# 4 runs x loglik at steps 20 and 40.
((rows == 8)) || die "laptop CSV has $rows rows, want 8"
diff -u local.cmp slurm.cmp >&2 || die "Slurm and laptop results differ (diff above)"
log "PASS: the walk-through of docs/sweep.md on Slurm, with tasks 1 and 3 resubmitted alone: $rows result rows equal the laptop's"
