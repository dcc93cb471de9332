// Appends each Jest run's totals, and the names of its failed tests, to $TEST_SUMMARY_FILE, so that CI can print
// one closing line for all projects with what failed just above it.
const { appendFileSync } = require('fs');
const { relative } = require('path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    const failures = [];
    for (const suite of results.testResults) {
      const path = relative(process.cwd(), suite.testFilePath);
      if (suite.testExecError) failures.push(`${path}: ${firstLine(suite.testExecError.message)}`);
      for (const test of suite.testResults.filter((t) => t.status === 'failed')) {
        failures.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages[0] ?? '')}`);
      }
    }
    const line = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      failures,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}

/** The first non-empty line of an error, without colours, at most 300 characters. */
function firstLine(text) {
  const line =
    String(text)
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  return line.slice(0, 300);
}

module.exports = SummaryReporter;
