// Prints the plain closing line "tests: N passed, N failed, N skipped" from the totals the reporter collected.
const { existsSync, readFileSync } = require('fs');

const file = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
if (file && existsSync(file)) {
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const run = JSON.parse(line);
    for (const key of Object.keys(totals)) totals[key] += run[key];
  }
}
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
