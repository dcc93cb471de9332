// Prints the plain closing line "tests: N passed, N failed, N skipped" from the totals the reporter collected
// (and the compose tests' lines, summary-line.js), preceded by one line for each failed test and for each skipped
// compose test with its reason, so the end of a CI log says what failed and what did not run.
const { existsSync, readFileSync } = require('fs');

const file = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const skips = [];
if (file && existsSync(file)) {
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const run = JSON.parse(line);
    for (const key of Object.keys(totals)) totals[key] += run[key];
    failures.push(...(run.failures ?? []));
    skips.push(...(run.skips ?? []));
  }
}
for (const skip of skips) process.stdout.write(`skipped: ${skip}\n`);
for (const failure of failures) process.stdout.write(`failed: ${failure}\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
