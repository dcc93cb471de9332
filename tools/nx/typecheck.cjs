// An Nx plugin that gives every project with a tsconfig.spec.json a `typecheck` target: `tsc --noEmit` over its
// lib or app tsconfig (the deployed code, without the test types) and its spec tsconfig (tests and their helpers).
// Jest compiles with SWC, which strips types without checking them: this target is what checks the tests.
// Caching and inputs are in nx.json's targetDefaults.
const { existsSync } = require('node:fs');
const { dirname, join } = require('node:path');

const CONFIGS = ['tsconfig.lib.json', 'tsconfig.app.json', 'tsconfig.spec.json'];

const createNodes = [
  '**/tsconfig.spec.json',
  (files, _options, context) =>
    files
      .map((file) => [file, dirname(file)])
      .filter(([, root]) => existsSync(join(context.workspaceRoot, root, 'project.json')))
      .map(([file, root]) => {
        const configs = CONFIGS.filter((name) => existsSync(join(context.workspaceRoot, root, name)));
        const target = {
          executor: 'nx:run-commands',
          options: { commands: configs.map((name) => `tsc --noEmit -p ${name}`), cwd: root, parallel: false },
          metadata: { description: `tsc --noEmit over ${configs.join(' and ')}` },
        };
        return [file, { projects: { [root]: { targets: { typecheck: target } } } }];
      }),
];

module.exports = { name: 'gateway-typecheck', createNodes };
