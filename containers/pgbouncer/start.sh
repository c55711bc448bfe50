#!/bin/sh
# The parts of PgBouncer's configuration that come from the environment (compose.yaml): the database's port, its
# own, and the user list holding the database password; then PgBouncer in the foreground.
set -eu
mkdir -p /tmp/pgbouncer
umask 077
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > /tmp/pgbouncer/userlist.txt
cat > /tmp/pgbouncer/pgbouncer.ini <<INI
[databases]
${DB_NAME} = host=127.0.0.1 port=${PG_PORT} dbname=${DB_NAME}

[pgbouncer]
listen_port = ${PGBOUNCER_PORT}
%include /etc/movie-booking/pgbouncer.ini
INI
exec pgbouncer /tmp/pgbouncer/pgbouncer.ini
