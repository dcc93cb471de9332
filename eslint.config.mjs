import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const depConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util'] },
  // A gateway's own domain library (auth-server, internal-tools) builds on the shared domain; the scopes below keep
  // the shared domain from reaching either.
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access', 'type:util'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:domain', 'type:data-access', 'type:util'] },
  { sourceTag: 'scope:public', onlyDependOnLibsWithTags: ['scope:public', 'scope:shared'] },
  { sourceTag: 'scope:internal', onlyDependOnLibsWithTags: ['scope:internal', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // The test harness builds what either gateway mounts (its test issuer is the authorization server).
  { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:public', 'scope:internal', 'scope:shared'] },
];
// Tests may also use the testing library; production code may not.
const testDepConstraints = depConstraints.map((c) => {
  const testing = c.sourceTag.startsWith('type:') ? 'type:testing' : 'scope:testing';
  return c.onlyDependOnLibsWithTags.includes(testing) ? c : { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, testing] };
});

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
          // The libraries' own tests use the test databases and data that the testing library builds on them.
          ignoredCircularDependencies: [['persistence', 'testing'], ['domain', 'testing']],
        },
      ],
      // A library is used only through its index.ts.
      'no-restricted-imports': ['error', { patterns: [{ group: ['@gateway/*/*'], message: 'Import a library through its index (@gateway/<lib>).' }] }],
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
          // The libraries' own tests use the test databases and data that the testing library builds on them.
          ignoredCircularDependencies: [['persistence', 'testing'], ['domain', 'testing']],
        },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { ...tseslint.configs.disableTypeChecked, files: ['**/*.mjs', '**/*.cjs', '**/*.js'] },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
];
