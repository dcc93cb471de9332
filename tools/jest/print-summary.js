// Prints the plain closing line "tests: N passed, N failed, N skipped" from the totals the reporter collected,
// preceded by one line for each failed test, so the end of a CI log says what failed.
const { existsSync, readFileSync } = require('fs');

const file = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
if (file && existsSync(file)) {
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const run = JSON.parse(line);
    for (const key of Object.keys(totals)) totals[key] += run[key];
    failures.push(...(run.failures ?? []));
  }
}
for (const failure of failures) process.stdout.write(`failed: ${failure}\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
