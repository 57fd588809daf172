#!/bin/bash
# Entrypoint for the MySQL and MariaDB images .ci/docker/images.sh builds, with the interface of the
# official images that Testcontainers' MySQL module relies on: arguments that start with '-' are
# server options; MYSQL_ROOT_PASSWORD (or MARIADB_ROOT_PASSWORD), MYSQL_DATABASE, MYSQL_USER and
# MYSQL_PASSWORD set up a fresh data directory. The server's own binary is in $SERVER_BINARY.
set -euo pipefail
if [ "${1:0:1}" = '-' ]; then
  set -- "$SERVER_BINARY" "$@"
fi
if [ "$1" != "$SERVER_BINARY" ]; then
  exec "$@"
fi
datadir=/var/lib/mysql
mkdir -p "$datadir" /run/mysqld
chown -R mysql:mysql "$datadir" /run/mysqld
root_password=${MYSQL_ROOT_PASSWORD:-${MARIADB_ROOT_PASSWORD:-}}
if [ ! -d "$datadir/mysql" ]; then
  init_file=/run/mysqld/init.sql
  {
    echo "CREATE USER IF NOT EXISTS 'root'@'%' IDENTIFIED BY '${root_password}';"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY '${root_password}';"
    if [ -n "${MYSQL_DATABASE:-}" ]; then
      echo "CREATE DATABASE IF NOT EXISTS \`${MYSQL_DATABASE}\`;"
    fi
    if [ -n "${MYSQL_USER:-}" ] && [ "${MYSQL_USER}" != root ]; then
      echo "CREATE USER '${MYSQL_USER}'@'%' IDENTIFIED BY '${MYSQL_PASSWORD:-}';"
      echo "GRANT ALL ON \`${MYSQL_DATABASE:-%}\`.* TO '${MYSQL_USER}'@'%';"
    fi
  } > "$init_file"
  chown mysql:mysql "$init_file"
  server-initialize "$datadir" "$init_file"
  rm -f "$init_file"
fi
exec "$@" --user=mysql --datadir="$datadir" --bind-address=0.0.0.0 --port=3306 \
  --socket=/run/mysqld/mysqld.sock
