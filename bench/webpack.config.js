const { nodeAppConfig } = require('../tools/webpack/node-app');

// Six programs: the orchestrator (main), the framework-free baseline server, the framework floor
// (an empty NestJS route), the load generator, oidc-provider (the token-minting comparison) and the
// webhook signer-poster (the webhook-capacity ceiling).
module.exports = nodeAppConfig(__dirname, '../dist/bench', {
  additionalEntryPoints: [
    { entryName: 'baseline-server', entryPath: './src/baseline/baseline-server.ts' },
    { entryName: 'floor-server', entryPath: './src/floor/floor-server.ts' },
    { entryName: 'load-worker', entryPath: './src/load/load-worker.ts' },
    { entryName: 'oidc-provider-server', entryPath: './src/oidc/oidc-provider-server.ts' },
    { entryName: 'webhook-poster', entryPath: './src/webhook-poster/signer-poster.ts' },
  ],
});
