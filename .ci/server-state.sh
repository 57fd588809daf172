#!/usr/bin/env bash
# Prints the state of the machine's MariaDB on 127.0.0.1:3306 that tests must leave as they found
# it: every global variable, the databases that are not dbit's own template and test schemas, and
# the accounts. .ci/run takes it before and after the whole run and fails on any difference.
set -euo pipefail
sql() { mariadb -uroot -h127.0.0.1 -P3306 --batch --skip-column-names -e "$1"; }
echo "# global variables"
sql "SHOW GLOBAL VARIABLES"
echo "# databases other than dbit_template_* and dbit_test_*"
sql "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA
     WHERE SCHEMA_NAME NOT LIKE 'dbit\\_template\\_%' AND SCHEMA_NAME NOT LIKE 'dbit\\_test\\_%'
     ORDER BY 1"
echo "# accounts"
sql "SELECT CONCAT(User, '@', Host) FROM mysql.user ORDER BY 1"
