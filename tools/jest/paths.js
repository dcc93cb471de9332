// Maps the workspace's tsconfig path aliases (@gateway/*) to their source for Jest.
const { join } = require('path');
const { compilerOptions } = require('../../tsconfig.base.json');

function pathsToModuleNameMapper() {
  const mapper = {};
  for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
    mapper[`^${alias.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}$`] = join(__dirname, '../..', target);
  }
  return mapper;
}

module.exports = { pathsToModuleNameMapper };
