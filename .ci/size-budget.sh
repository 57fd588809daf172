#!/usr/bin/env bash
# The size budget of the main code (issue #42's bars as held: docs/design/reset.md): every line of
# junit-extension's main Java sources, Javadoc and comments included, as `wc -l` counts them.
set -euo pipefail
cd "$(dirname "$0")/../junit-extension/src/main/java/dev/dbit"
MAIN_MAX=19712 RESET_MAX=5133 CLASS_MAX=300
lines() { find "$@" -name '*.java' -print0 | xargs -0 cat | wc -l; }
main=$(lines .)
reset=$(lines internal/reset internal/binlog)
largest=$(find . -name '*.java' -print0 | xargs -0 wc -l | grep -v ' total$' | sort -n | tail -1 | awk '{print $1, $2}')
echo "size: main code $main lines (budget $MAIN_MAX), reset and change tracking $reset ($RESET_MAX), largest class $largest ($CLASS_MAX)"
ok=true
[ "$main" -le "$MAIN_MAX" ] || { echo "main code over budget: delete before you add"; ok=false; }
[ "$reset" -le "$RESET_MAX" ] || { echo "reset and change tracking over budget"; ok=false; }
[ "${largest%% *}" -le "$CLASS_MAX" ] || { echo "a class over $CLASS_MAX lines: split it by concept"; ok=false; }
$ok
