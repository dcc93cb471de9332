// Each gateway deploys only what it serves: reads both built bundles (dist/apps/<gateway>/main.js) and fails when
// - one holds a class of a library scoped to the other gateway: the domain libraries (type:domain) and the data
//   access (type:data-access) tagged scope:public or scope:internal;
// - either holds a class or function of a tooling library (type:tooling, type:admin: embedded Postgres, the fixture
//   import), which only the launcher, the admin CLI, the bench and the tests use.
// The names are read from the libraries' index.ts (every library so tagged), not from a list kept by hand.
// The bundles are not minified (tools/webpack/node-app.js: optimization off, and Nest needs the class names), so a
// class keeps its name; every scoped class must also be found in its own gateway's bundle, so a build that renamed
// classes would fail here rather than pass unseen.
// `--public-bundle <file>` and `--internal-bundle <file>` read other files than dist's (the check's own test).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GATEWAYS = { public: 'public-gateway', internal: 'internal-gateway' };
const SCOPED_TYPES = ['type:domain', 'type:data-access'];
const TOOLING_TYPES = ['type:tooling', 'type:admin'];

/** The libraries under libs/ whose project.json tags satisfy `accept`. */
function libraries(accept) {
  return readdirSync(join(root, 'libs'))
    .map((name) => join(root, 'libs', name))
    .filter((dir) => existsSync(join(dir, 'project.json')))
    .filter((dir) => accept(JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).tags ?? []));
}

/** The libraries a gateway alone may bundle: domain and data access tagged scope:<scope>. */
const scopedLibraries = (scope) => libraries((tags) => SCOPED_TYPES.some((t) => tags.includes(t)) && tags.includes(`scope:${scope}`));

/** The libraries no gateway may bundle. */
const toolingLibraries = () => libraries((tags) => TOOLING_TYPES.some((t) => tags.includes(t)));

/**
 * The names a library exports: each file its src/index.ts re-exports (export * from './x'), following a
 * context's own index.ts (export * from './orders' is ./orders/index.ts), read for `export class` (and functions).
 */
function exportedNames(libDir, { functions = false } = {}) {
  const names = [];
  const read = (file) => {
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/^export \* from '(\.[^']+)';/gm)) {
      const target = join(dirname(file), spec);
      read(existsSync(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts'));
    }
    for (const [, name] of source.matchAll(/^export (?:abstract )?class (\w+)/gm)) names.push({ kind: 'class', name });
    if (functions) for (const [, name] of source.matchAll(/^export (?:async )?function (\w+)/gm)) names.push({ kind: 'function', name });
  };
  read(join(libDir, 'src/index.ts'));
  return names;
}

const declares = (text, { kind, name }) => new RegExp(`\\b${kind} ${name}\\b`).test(text);

/** What is wrong with the two bundles' contents (empty: nothing), and a line per library checked. */
export function bundleFailures(bundles) {
  const failures = [];
  const report = [];
  for (const [scope, gateway] of Object.entries(GATEWAYS)) {
    const own = bundles[scope];
    const [otherScope, otherGateway] = Object.entries(GATEWAYS).find(([s]) => s !== scope);
    const other = bundles[otherScope];
    for (const libDir of scopedLibraries(scope)) {
      const lib = libDir.slice(root.length + 1);
      const classes = exportedNames(libDir);
      if (classes.length === 0) failures.push(`${lib} (scope:${scope}) exports no class: the check reads nothing`);
      for (const declared of classes) {
        if (declares(other, declared)) failures.push(`${otherGateway} (scope:${otherScope}) bundles ${declared.name} of ${lib} (scope:${scope})`);
        if (!declares(own, declared))
          failures.push(`${gateway} does not bundle ${declared.name} of ${lib} by that name: is the bundle minified, or the class unused?`);
      }
      report.push(`${lib}: ${classes.length} classes, in ${gateway} only`);
    }
  }
  for (const libDir of toolingLibraries()) {
    const lib = libDir.slice(root.length + 1);
    const names = exportedNames(libDir, { functions: true });
    if (names.length === 0) failures.push(`${lib} (tooling) exports no class or function: the check reads nothing`);
    for (const [scope, gateway] of Object.entries(GATEWAYS)) {
      for (const declared of names) {
        if (declares(bundles[scope], declared)) failures.push(`${gateway} bundles ${declared.kind} ${declared.name} of ${lib} (tooling)`);
      }
    }
    report.push(`${lib}: ${names.length} classes and functions, in neither gateway`);
  }
  return { failures, report };
}

function readBundle(path) {
  if (!existsSync(path)) throw new Error(`${path} is missing: build the gateways first`);
  return readFileSync(path, 'utf8');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'public-bundle': { type: 'string' }, 'internal-bundle': { type: 'string' } } });
  const bundles = {
    public: readBundle(values['public-bundle'] ?? join(root, 'dist/apps', GATEWAYS.public, 'main.js')),
    internal: readBundle(values['internal-bundle'] ?? join(root, 'dist/apps', GATEWAYS.internal, 'main.js')),
  };
  const { failures, report } = bundleFailures(bundles);
  console.log(report.join('\n'));
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}
