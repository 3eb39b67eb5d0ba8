#!/usr/bin/env bash
# Builds the product's image from the Dockerfile, on a base made here (scripts/image-base.sh), with
# Debian's buildah, then starts what the image holds on PostgreSQL and waits until /api/ready
# answers 200. `podman run` cannot start it on these machines (crun cannot set its rlimits), so
# the image's own files, user, environment, working directory and command are run with chroot in
# its mounted filesystem, sharing this machine's network: no container isolation, the same program.
# Then the image's HEALTHCHECK command, then SIGTERM, which the server must survive to exit 0.
# Run as root, after `npm ci` (its npm cache is lent to the build), with PostgreSQL at PGHOST:PGPORT
# (127.0.0.1:5432 by default, trust auth): scripts/test-image.sh. .ci/run runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
IMAGE=localhost/fieldwork-tracker:test
DATABASE="ft_image_$$"
PORT=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
seconds() { echo "$((SECONDS - $1)) s"; }

ctr="" server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  [ -n "$ctr" ] && buildah rm "$ctr" >/dev/null
  psql -d postgres -qc "drop database if exists $DATABASE with (force)" 2>/dev/null || true
}
trap cleanup EXIT

started=$SECONDS
base=$(scripts/image-base.sh)
echo "image: base $base ($(seconds "$started"))"

# Lent to the build: the npm cache of this checkout's `npm ci`, and the machine's extra CA bundle
# when it reaches the registry through a TLS-inspecting proxy. --layers keeps each step, so the
# build stage's `npm ci` is done again only when package-lock.json changes; that stage is tagged
# too, so that pruning what an earlier build left keeps it.
lent=(--volume "$(npm config get cache):/root/.npm")
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
  lent+=(--volume "$NODE_EXTRA_CA_CERTS:$NODE_EXTRA_CA_CERTS:ro")
  lent+=(--build-arg "NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS")
fi
# Chroot isolation gives each RUN 1,024 open files unless told; the build stage's `npm ci` can need
# more (EMFILE in its cache), so each RUN gets this shell's own hard limit.
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=$(cat /proc/sys/fs/nr_open)
build=(buildah build --layers --format docker --isolation chroot --network host "${lent[@]}"
  --ulimit "nofile=$nofile:$nofile" --build-arg "BASE_IMAGE=$base")
started=$SECONDS
build_log=$(mktemp)
if ! { "${build[@]}" --target build --tag "$IMAGE-build" . && "${build[@]}" --tag "$IMAGE" .; } \
  >"$build_log" 2>&1; then
  cat "$build_log" >&2
  exit 1
fi
rm -f "$build_log"
buildah rmi --prune >/dev/null 2>&1 || true
echo "image: built $IMAGE from the Dockerfile ($(seconds "$started"))"

config() { buildah inspect --type image --format "$1" "$IMAGE"; }
user=$(config '{{.Docker.Config.User}}')
workdir=$(config '{{.Docker.Config.WorkingDir}}')
mapfile -t env < <(config '{{range .Docker.Config.Env}}{{println .}}{{end}}')
mapfile -t cmd < <(config '{{range .Docker.Config.Cmd}}{{println .}}{{end}}')
mapfile -t healthcheck < <(config '{{range .Docker.Config.Healthcheck.Test}}{{println .}}{{end}}')

ctr=$(buildah from --pull-never --quiet "$IMAGE")
mnt=$(buildah mount "$ctr")
ids=$(awk -F: -v user="$user" '$1 == user { print $3 ":" $4 }' "$mnt/etc/passwd")
[ -n "$ids" ] || { echo "image: its user \"$user\" is not in its /etc/passwd" >&2; exit 1; }
psql -d postgres -qc "create database $DATABASE"

# Runs a command as the image would: only its environment plus what `docker run -e` would add
# (the database, the port, and PAYMENTS, which a production start requires to be named: the sandbox,
# as a staging deployment would),
# its user, its working directory (the machine's mount and chroot do it); /proc and /dev mounted
# in a mount namespace of its own, which takes them away when the command ends. Each program
# execs the next: the command keeps the first one's pid.
in_image=(
  unshare --mount --propagation private
  env -i "${env[@]}"
  "DATABASE_URL=postgres://$PGUSER@$PGHOST:$PGPORT/$DATABASE" "PORT=$PORT" "HOST=127.0.0.1"
  "PAYMENTS=sandbox"
  /bin/sh -c 'mount=$1 chroot=$2 root=$3 ids=$4 dir=$5 && shift 5 &&
    "$mount" -t proc proc "$root/proc" && "$mount" --rbind /dev "$root/dev" &&
    exec "$chroot" --userspec="$ids" "$root" /bin/sh -c '"'"'cd "$0" && exec "$@"'"'"' "$dir" "$@"'
  sh "$(command -v mount)" "$(command -v chroot)" "$mnt" "$ids" "$workdir"
)

started=$SECONDS
log=$(mktemp)
"${in_image[@]}" "${cmd[@]}" >"$log" 2>&1 &
server=$!
status=""
# A bound, not a wait: the loop ends at the first 200 or when the server exits.
for _ in $(seq 1 600); do
  status=$(curl -s -o "$log.ready" -w '%{http_code}' "http://127.0.0.1:$PORT/api/ready" || true)
  [ "$status" = 200 ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.5
done
if [ "$status" != 200 ]; then
  echo "image: /api/ready did not answer 200 (last: ${status:-no answer}); the server printed:" >&2
  cat "$log" >&2
  exit 1
fi
echo "image: GET /api/ready -> $status $(cat "$log.ready") on PostgreSQL, $(seconds "$started") after \`${cmd[*]}\` started as $user in $workdir"
grep -o '"msg":"Fieldwork Tracker is ready[^"]*"' "$log" | sed 's/^/image: /'

if [ "${#healthcheck[@]}" -gt 1 ] && [ "${healthcheck[0]}" = CMD ]; then
  "${in_image[@]}" "${healthcheck[@]:1}"
  echo "image: its HEALTHCHECK command exits 0"
fi

kill -TERM "$server"
code=0
wait "$server" || code=$?
server=""
if [ "$code" != 0 ] || ! grep -q '"msg":"shut down"' "$log"; then
  echo "image: the server did not stop cleanly on SIGTERM (exit $code):" >&2
  cat "$log" >&2
  exit 1
fi
echo "image: stopped cleanly on SIGTERM"
rm -f "$log" "$log.ready"
