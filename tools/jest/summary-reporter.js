// Appends each Jest run's totals to $TEST_SUMMARY_FILE, so that CI can print one closing line for all projects.
const { appendFileSync } = require('fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    const line = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}

module.exports = SummaryReporter;
