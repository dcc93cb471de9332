// Summarizes a V8 CPU profile (node --cpu-prof, e.g. a bench server's through BENCH_SERVER_NODE_ARGS):
// the main thread's busy share second by second, then the self time of the loaded seconds (busy at least
// --min-busy percent, 80 by default: the bench's load, not the idle gaps; the seconds before the first quiet
// one are the boot and are left out) by package and by function.
//   node tools/profile-summary.mjs <file.cpuprofile> [--min-busy 80] [--from S --to S] [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { packageOf } from './profile-frames.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'min-busy': { type: 'string', default: '80' }, from: { type: 'string' }, to: { type: 'string' }, top: { type: 'string', default: '30' } },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: node tools/profile-summary.mjs <file.cpuprofile> [--min-busy 80] [--from S --to S] [--top 30]\n');
  process.exit(2);
}
process.stdout.on('error', () => process.exit(0)); // a closed pipe (| head) ends the listing
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const top = Number(values.top);

// Each sample lasts until the next one.
const samples = [];
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  const duration = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
  samples.push({ second: (at - profile.startTime) / 1e6, frame: nodes.get(profile.samples[i]).callFrame, duration });
}
const idle = (frame) => frame.functionName === '(idle)';

const seconds = new Map();
for (const sample of samples) {
  const bucket = seconds.get(Math.floor(sample.second)) ?? { busy: 0, all: 0 };
  bucket.all += sample.duration;
  if (!idle(sample.frame)) bucket.busy += sample.duration;
  seconds.set(Math.floor(sample.second), bucket);
}
const busyShare = (bucket) => (bucket.all ? (100 * bucket.busy) / bucket.all : 0);
const ordered = [...seconds].sort((a, b) => a[0] - b[0]);
const bootEnds = ordered.find(([, bucket]) => busyShare(bucket) < 20)?.[0] ?? 0;
process.stdout.write('second  busy %\n');
for (const [second, bucket] of ordered) process.stdout.write(`${String(second).padStart(6)}  ${busyShare(bucket).toFixed(0).padStart(6)}\n`);

const from = values.from === undefined ? undefined : Number(values.from);
const to = values.to === undefined ? undefined : Number(values.to);
const chosen = (sample) =>
  from !== undefined || to !== undefined
    ? sample.second >= (from ?? 0) && sample.second <= (to ?? Infinity)
    : sample.second >= bootEnds && busyShare(seconds.get(Math.floor(sample.second))) >= Number(values['min-busy']);

const byPackage = new Map();
const byFunction = new Map();
let busy = 0;
for (const sample of samples.filter((s) => chosen(s) && !idle(s.frame))) {
  busy += sample.duration;
  const pkg = packageOf(sample.frame);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + sample.duration);
  const name = `${sample.frame.functionName || '(anonymous)'} ${(sample.frame.url ?? '').split('/').slice(-2).join('/')}:${sample.frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + sample.duration);
}
const show = (title, totals) => {
  process.stdout.write(`\n${title} (self time, % of ${(busy / 1e3).toFixed(0)} ms busy)\n`);
  for (const [key, time] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`${((100 * time) / busy).toFixed(1).padStart(6)}  ${key}\n`);
};
show('by package', byPackage);
show('by function', byFunction);
