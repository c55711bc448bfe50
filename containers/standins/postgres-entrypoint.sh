#!/bin/sh
# What the official image's entrypoint does on an empty data folder, for the variables compose.yaml sets.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="${POSTGRES_USER:-postgres}" --pwfile="$pwfile" --auth=scram-sha-256 --no-sync >/dev/null
  rm -f "$pwfile"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -k /var/run/postgresql" -w start >/dev/null
  if [ -n "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != "postgres" ]; then
    PGPASSWORD="$POSTGRES_PASSWORD" psql -h /var/run/postgresql -U "${POSTGRES_USER:-postgres}" -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE \"$POSTGRES_DB\"" >/dev/null
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec "$@"
