// `npm pack` (and `npm publish`) of the package's source folder would write a tarball without the built code:
// package.json's `files` name cjs/, esm/ and types/, which only the build output (dist/libs/sdk) has. The build
// leaves this script out of the manifest it writes there, so packing the build is not refused.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

if (!['cjs/index.js', 'esm/index.js', 'types/index.d.ts'].every((file) => existsSync(join(process.cwd(), file)))) {
  process.stderr.write(
    'npm pack refused: this folder holds the sources of @gateway/sdk, not its build.\n' +
      'Pack the build from the repository root instead:\n\n  npx nx build sdk && npm pack dist/libs/sdk\n\n',
  );
  process.exit(1);
}
