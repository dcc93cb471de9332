// Preloaded into a bench server (BENCH_SERVER_NODE_ARGS="--require $PWD/tools/allocation-sampler.cjs"): from the
// SIGUSR2 it receives until its SIGTERM, V8's sampling heap profiler records where memory is allocated,
// including objects already collected (what the young generation churns through, not only what stays), and
// writes <the temp folder>/allocation-<pid>.heapprofile. Read it with tools/allocation-summary.mjs.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const session = new Session();
session.connect();
let sampling = false;

process.on('SIGUSR2', () => {
  if (sampling) return;
  sampling = true;
  session.post('HeapProfiler.enable', () =>
    session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }),
  );
});

process.prependListener('SIGTERM', () => {
  if (!sampling) return;
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (error) return void process.stderr.write(`allocation sampler: ${error.message}\n`);
    writeFileSync(join(tmpdir(), `allocation-${process.pid}.heapprofile`), JSON.stringify(result.profile));
  });
});
