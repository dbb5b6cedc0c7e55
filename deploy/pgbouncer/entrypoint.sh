#!/bin/sh
# Writes PgBouncer's settings and its one user (the app's role, from
# APP_DB_USER and APP_DB_PASSWORD), then runs it in the foreground.
set -eu
cat >/tmp/pgbouncer.ini <<INI
[databases]
* = host=${POSTGRES_HOST:-postgres} port=${POSTGRES_PORT:-5432}
[pgbouncer]
listen_addr = 0.0.0.0
listen_port = 6432
auth_type = scram-sha-256
auth_file = /tmp/users.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
ignore_startup_parameters = extra_float_digits,statement_timeout
INI
printf '"%s" "%s"\n' "$APP_DB_USER" "$APP_DB_PASSWORD" >/tmp/users.txt
exec pgbouncer /tmp/pgbouncer.ini
