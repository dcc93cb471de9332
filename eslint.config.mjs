import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import eslintConfigPrettier from 'eslint-config-prettier/flat';

const layerConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util', 'type:tooling', 'type:admin'] },
  // A gateway's own domain libraries (public-api and auth-server; internal-api and internal-tools) build on the shared
  // domain; the scopes below keep the shared domain from reaching either, and each gateway from the other's.
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util'] },
  // A gateway's own data access (persistence-public, persistence-internal) builds on the core (persistence); the
  // scopes keep the core from reaching either and each from the other.
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:util'] },
  // Administration built on the domain (the fixture import): the admin CLI, the launcher and the tests use it; no
  // domain or data-access library may, and the deployed gateways may not (runtime:deployed below).
  { sourceTag: 'type:admin', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util', 'type:tooling', 'type:admin'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:domain', 'type:data-access', 'type:util', 'type:tooling', 'type:admin'] },
  // Each gateway deploys only what it serves: what one gateway alone serves is tagged with its scope, so the other
  // gateway (and the shared libraries both bundle) cannot import it.
  { sourceTag: 'scope:public', onlyDependOnLibsWithTags: ['scope:public', 'scope:shared'] },
  { sourceTag: 'scope:internal', onlyDependOnLibsWithTags: ['scope:internal', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // The test harness builds what either gateway mounts (its test issuer is the authorization server), and the bench
  // (never deployed) measures both gateways.
  { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:public', 'scope:internal', 'scope:shared'] },
];
// A deployed gateway never bundles development tooling (embedded Postgres); the launcher, the admin CLI and the bench may.
// Its direct arrows are checked (not notDependOnLibsWithTags, which also follows the libraries' test imports of the
// testing library); the layers below refuse tooling themselves, so no production path reaches it.
const deployedConstraint = { sourceTag: 'runtime:deployed', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util'] };
const depConstraints = [...layerConstraints, deployedConstraint];
// The libraries' own tests use the test databases and data that the testing library builds on them.
const CIRCULAR_THROUGH_TESTING = [
  ['persistence', 'testing'],
  // persistence-public's tests: the testing library's test issuer builds on auth-server, which builds on persistence-public.
  ['persistence-public', 'testing'],
  ['auth-server', 'testing'],
  ['fixture-import', 'testing'],
  ['domain', 'testing'],
  ['public-api', 'testing'],
  ['internal-api', 'testing'],
  ['internal-tools', 'testing'],
];
// Tests may also use the testing library, the tooling (a test database, a free port) and the fixture import; production
// code may not.
const testDepConstraints = layerConstraints.map((c) => {
  const extra = c.sourceTag.startsWith('type:') ? ['type:testing', 'type:tooling', 'type:admin'] : ['scope:testing'];
  return { ...c, onlyDependOnLibsWithTags: [...new Set([...c.onlyDependOnLibsWithTags, ...extra])] };
});

// A library is used only through its index.ts.
const LIBRARY_THROUGH_INDEX = {
  group: ['@gateway/*/*', '!@gateway/sdk/internal'],
  message: 'Import a library through its index (@gateway/<lib>; the SDK also has @gateway/sdk/internal).',
};
// Inside a library grouped by bounded context (src/<context>/), another context is used only through its index.ts,
// its public face: `../../orders`, never `../../orders/dto/...`; and never through the library's own root index.
const CONTEXT_LIBRARIES = ['domain', 'public-api', 'internal-api', 'internal-tools'];
const contextBoundaries = [1, 2, 3].map((depth) => ({
  files: CONTEXT_LIBRARIES.map((lib) => `libs/${lib}/src/*/${'*/'.repeat(depth - 1)}*.ts`),
  // The fixture import moves to a tooling library, where it imports the domain through @gateway/domain.
  ignores: ['libs/domain/src/fixture-import/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          LIBRARY_THROUGH_INDEX,
          {
            regex: `^(\\.\\./){${depth}}[^./][^/]*/`,
            message: "Import another context through its index.ts (its public face): '" + '../'.repeat(depth) + "<context>'.",
          },
          {
            regex: `^(\\.\\./){${depth}}(index)?$|^(\\.\\./){${depth - 1}}\\.\\.$`,
            message: "A context imports another context's index, never the library's root index.",
          },
        ],
      },
    ],
  },
}));

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '**/.data', 'tmp', 'coverage', '**/webpack.config.js', '**/jest.config.cjs'] },
  {
    files: ['**/*.ts'],
    rules: {
      // Module boundaries: the arrows between rooms point one way.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          banTransitiveDependencies: true,
          depConstraints,
          ignoredCircularDependencies: CIRCULAR_THROUGH_TESTING,
        },
      ],
      'no-restricted-imports': ['error', { patterns: [LIBRARY_THROUGH_INDEX] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          banTransitiveDependencies: true,
          depConstraints: testDepConstraints,
          ignoredCircularDependencies: CIRCULAR_THROUGH_TESTING,
        },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...contextBoundaries,
  { ...tseslint.configs.disableTypeChecked, files: ['**/*.mjs', '**/*.cjs', '**/*.js'] },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Layout is Prettier's (npm run format; the check runs in npm test): no lint rule argues with it.
  eslintConfigPrettier,
];
