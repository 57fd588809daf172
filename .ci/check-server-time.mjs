// Checks every dbit JSON report under the given directories: a test's server SQL time, where
// reported, is never above the larger of its wall time and its JDBC wait beyond 1 ms and 1 %
// (StatementTime.bound). Prints one line per report directory; exits 1 on any violation.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

function reports(dir) {
  let found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(reports(path));
    else if (/^dbit-.*\.json$/.test(name)) found.push(path);
  }
  return found;
}

let violations = 0;
let total = 0;
for (const dir of process.argv.slice(2)) {
  let checked = 0, known = 0;
  for (const file of reports(dir)) {
    for (const test of JSON.parse(readFileSync(file, "utf8")).tests) {
      checked++;
      if (test.serverSqlMs === null || test.serverSqlMs === undefined) continue;
      known++;
      const bound = Math.max(test.wallMs, test.jdbcMs) * 1.01 + 1;
      if (test.serverSqlMs > bound) {
        violations++;
        console.log(`  ${file}: ${test.class} ${test.name}: server ${test.serverSqlMs} ms,` +
          ` wall ${test.wallMs} ms, JDBC ${test.jdbcMs} ms`);
      }
    }
  }
  total += checked;
  console.log(`server SQL time in ${dir}: ${checked} tests, ${known} with a number, ` +
    `${checked - known} unknown`);
}
console.log(`server SQL time above wall time and JDBC wait: ${violations} of ${total} tests`);
process.exit(violations === 0 && total > 0 ? 0 : 1);
