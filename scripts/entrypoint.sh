#!/bin/sh
# Starts the shop the way production runs it (the Docker image's entrypoint;
# the systemd unit in deploy/ runs it too):
#
#   1. With LITESTREAM_REPLICA_URL set and no $DATA_DIR/shop.db, restore the
#      database from the replica (a new machine, a lost volume). No replica
#      yet is fine: the shop starts empty and the first sync creates one.
#   2. PRAGMA integrity_check on the database, if there is one: a damaged
#      file stops the start here instead of serving errors.
#   3. With a replica configured, run the shop under `litestream replicate
#      -exec`: Litestream streams every change from before the first request
#      and stops (after a final sync) only when the shop has exited, so the
#      shop never runs unreplicated. Without one, run the shop plainly.
#
# Litestream forwards SIGTERM/SIGINT to the shop, which finishes its
# in-flight requests and closes the database (src/main.ts). Send the signal
# to this process only (docker stop, systemd KillMode=mixed), not to the
# whole process group.
set -eu

APP_DIR=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
DATA_DIR=${DATA_DIR:-./data}
mkdir -p "$DATA_DIR"
# Absolute, so Litestream's config ($DATA_DIR/shop.db) and the shop agree whatever the working folder.
DATA_DIR=$(CDPATH= cd -- "$DATA_DIR" && pwd)
export DATA_DIR
DB="$DATA_DIR/shop.db"
LITESTREAM_CONFIG=${LITESTREAM_CONFIG:-$APP_DIR/litestream.yml}
REPLICA=${LITESTREAM_REPLICA_URL:-}

say() {
  # One JSON line, like the shop's own log. Messages here never hold secrets or quotes.
  printf '{"time":"%s","level":"%s","msg":"%s"}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2"
}

cd "$APP_DIR"

if [ -n "$REPLICA" ] && [ ! -f "$DB" ]; then
  # A -wal or -shm without its database belongs to some other file: never apply it to the restored one.
  rm -f "$DB-wal" "$DB-shm"
  say info "no database at $DB: restoring from the replica if it has one"
  litestream restore -config "$LITESTREAM_CONFIG" -if-replica-exists -if-db-not-exists "$DB"
  if [ -f "$DB" ]; then say info "restored $DB from the replica"; else say info "the replica is empty: starting a new database"; fi
fi

if [ -f "$DB" ]; then
  if ! bun scripts/integrity-check.ts "$DB"; then
    say error "integrity_check failed for $DB: not starting. Restore a good copy (README: Restoring from the replica)."
    exit 1
  fi
fi

# Bun's engine settings (scripts/engine.env): its collector sized for a small
# machine, its top compiler tier off, its optimising tier later, so the shop's
# resident memory stays near 120 MB under load instead of 160-185 MB on a large
# host (docs/decisions/0066-the-engine-s-memory-settings.md). Each is exported
# unless it is already set: a value set outside wins.
while IFS='=' read -r name value; do
  case "$name" in '' | '#'*) continue ;; esac
  if ! printenv "$name" >/dev/null; then export "$name=$value"; fi
done <"$APP_DIR/scripts/engine.env"

if [ -n "$REPLICA" ]; then
  say info "starting under litestream replicate"
  exec litestream replicate -config "$LITESTREAM_CONFIG" -exec "bun scripts/start.ts"
fi

say warn "LITESTREAM_REPLICA_URL is not set: the database is not replicated"
exec bun scripts/start.ts
