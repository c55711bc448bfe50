#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the integration tests' PostgreSQL lane
# and prints its URL. Usage: eval "$(bash .ci/start-postgres.sh)"; stop with the
# printed PG_STOP command.
set -euo pipefail
PORT="${PG_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "no PostgreSQL server binaries under /usr/lib/postgresql" >&2
  exit 1
fi
DIR="$(mktemp -d /tmp/ci-postgres.XXXXXX)"
chown postgres:postgres "$DIR"
runuser -u postgres -- "$BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync >/dev/null
runuser -u postgres -- "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
echo "export TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
echo "export PG_STOP='runuser -u postgres -- $BIN/pg_ctl -D $DIR/data -m fast stop'"
