// Each gateway deploys only what it serves: reads both built bundles (dist/apps/<gateway>/main.js) and fails when one
// holds a class of a library scoped to the other gateway. The classes are read from the scoped domain libraries'
// index.ts (every library tagged type:domain and scope:public or scope:internal), not from a list kept by hand.
// The bundles are not minified (tools/webpack/node-app.js: optimization off, and Nest needs the class names), so a
// class keeps its name; every class must also be found in its own gateway's bundle, so a build that renamed classes
// would fail here rather than pass unseen.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GATEWAYS = { public: 'public-gateway', internal: 'internal-gateway' };

/** The libraries of a scope: project.json files under libs/ tagged type:domain and scope:<scope>. */
function scopedLibraries(scope) {
  return readdirSync(join(root, 'libs'))
    .map((name) => join(root, 'libs', name))
    .filter((dir) => existsSync(join(dir, 'project.json')))
    .filter((dir) => {
      const { tags = [] } = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8'));
      return tags.includes('type:domain') && tags.includes(`scope:${scope}`);
    });
}

/** The classes a library exports: each file its src/index.ts re-exports (export * from './x'), read for `export class`. */
function exportedClasses(libDir) {
  const index = readFileSync(join(libDir, 'src/index.ts'), 'utf8');
  const classes = [];
  for (const [, spec] of index.matchAll(/^export \* from '(\.[^']+)';/gm)) {
    const source = readFileSync(join(libDir, 'src', `${spec}.ts`), 'utf8');
    for (const [, name] of source.matchAll(/^export (?:abstract )?class (\w+)/gm)) classes.push(name);
  }
  return classes;
}

function bundle(gateway) {
  const path = join(root, 'dist/apps', gateway, 'main.js');
  if (!existsSync(path)) throw new Error(`${path} is missing: build ${gateway} first`);
  return readFileSync(path, 'utf8');
}

const declares = (text, name) => new RegExp(`\\bclass ${name}\\b`).test(text);
const failures = [];
for (const [scope, gateway] of Object.entries(GATEWAYS)) {
  const own = bundle(gateway);
  const [otherScope, otherGateway] = Object.entries(GATEWAYS).find(([s]) => s !== scope);
  const other = bundle(otherGateway);
  for (const libDir of scopedLibraries(scope)) {
    const lib = libDir.slice(root.length + 1);
    const classes = exportedClasses(libDir);
    if (classes.length === 0) failures.push(`${lib} (scope:${scope}) exports no class: the check reads nothing`);
    for (const name of classes) {
      if (declares(other, name)) failures.push(`${otherGateway} (scope:${otherScope}) bundles ${name} of ${lib} (scope:${scope})`);
      if (!declares(own, name)) failures.push(`${gateway} does not bundle ${name} of ${lib} by that name: is the bundle minified, or the class unused?`);
    }
    console.log(`${lib}: ${classes.length} classes, in ${gateway} only`);
  }
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
