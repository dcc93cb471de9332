// Prints one line per area of the resilience suite at the end of its run: cases tried, failures.
// Each spec records its areas through apps/resilience/test/support/area-report.ts into one file.
const { existsSync, mkdtempSync, readFileSync } = require('fs');
const { tmpdir } = require('os');
const { join } = require('path');

class ResilienceReporter {
  constructor() {
    if (!process.env.RESILIENCE_AREAS_FILE) {
      process.env.RESILIENCE_AREAS_FILE = join(mkdtempSync(join(tmpdir(), 'resilience-')), 'areas.jsonl');
    }
  }

  onRunComplete() {
    const file = process.env.RESILIENCE_AREAS_FILE;
    const areas = new Map();
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const { area, tried, failures, counts = {} } = JSON.parse(line);
        const total = areas.get(area) ?? { tried: 0, failures: 0, counts: {} };
        for (const [name, n] of Object.entries(counts)) total.counts[name] = (total.counts[name] ?? 0) + n;
        areas.set(area, { tried: total.tried + tried, failures: total.failures + failures, counts: total.counts });
      }
    }
    process.stdout.write('\nresilience areas:\n');
    for (const [area, { tried, failures, counts }] of areas) {
      const named = Object.entries(counts)
        .map(([name, n]) => `, ${n} ${name}`)
        .join('');
      process.stdout.write(`  ${area.padEnd(16)} ${String(tried).padStart(6)} cases tried, ${failures} failures${named}\n`);
    }
    if (areas.size === 0) process.stdout.write('  (no area recorded anything)\n');
  }
}

module.exports = ResilienceReporter;
