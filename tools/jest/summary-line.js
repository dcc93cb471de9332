// Appends one test's outcome to $TEST_SUMMARY_FILE as a line of CI's summary (print-summary.js), for the tests
// that are not Jest runs (the compose smoke test, the scale test), so that one SKIPPED is counted as skipped, with
// its reason, and one that failed as failed. Usage: node tools/jest/summary-line.js passed|failed|skipped <name> [detail]
const { appendFileSync } = require('fs');

const [outcome, name, detail = ''] = process.argv.slice(2);
const file = process.env.TEST_SUMMARY_FILE;
if (!['passed', 'failed', 'skipped'].includes(outcome) || !name) {
  process.stderr.write('usage: summary-line.js passed|failed|skipped <name> [detail]\n');
  process.exit(2);
}
if (file) {
  const what = detail ? `${name}: ${detail}` : name;
  const line = {
    passed: outcome === 'passed' ? 1 : 0,
    failed: outcome === 'failed' ? 1 : 0,
    skipped: outcome === 'skipped' ? 1 : 0,
    failures: outcome === 'failed' ? [what] : [],
    skips: outcome === 'skipped' ? [what] : [],
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}
