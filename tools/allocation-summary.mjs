// Sums an allocation profile (tools/allocation-sampler.cjs) by package and by allocation site (the
// function and three callers), per request when the number of requests of the sampled window is given.
//   node tools/allocation-summary.mjs <file.heapprofile> [--requests N] [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { packageOf } from './profile-frames.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string', default: '1' }, top: { type: 'string', default: '30' } },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: node tools/allocation-summary.mjs <file.heapprofile> [--requests N] [--top 30]\n');
  process.exit(2);
}
process.stdout.on('error', () => process.exit(0)); // a closed pipe (| head) ends the listing
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const requests = Number(values.requests);
const top = Number(values.top);

const frameOf = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${lineNumber + 1}`;

const byPackage = new Map();
const bySite = new Map();
let total = 0;
const add = (map, key, size) => map.set(key, (map.get(key) ?? 0) + size);
const stack = [];
(function walk(node) {
  stack.push(frameOf(node.callFrame));
  if (node.selfSize) {
    total += node.selfSize;
    add(byPackage, packageOf(node.callFrame), node.selfSize);
    add(bySite, stack.slice(-4).reverse().join(' < '), node.selfSize);
  }
  for (const child of node.children ?? []) walk(child);
  stack.pop();
})(profile.head);

const unit = requests > 1 ? 'bytes per request' : 'bytes';
const show = (title, map) => {
  process.stdout.write(`\n${title} (${unit})\n`);
  for (const [key, size] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`${String(Math.round(size / requests)).padStart(9)}  ${key}\n`);
};
process.stdout.write(`allocated ${(total / 1048576).toFixed(0)} MB${requests > 1 ? `, ${(total / requests / 1024).toFixed(1)} KB per request` : ''}\n`);
show('by package', byPackage);
show('by site', bySite);
