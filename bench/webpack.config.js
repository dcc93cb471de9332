const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');

// Four programs: the orchestrator (main), the framework-free baseline server, the framework floor
// (an empty NestJS route) and the load generator.
module.exports = {
  output: { path: join(__dirname, '../dist/bench'), clean: true },
  devtool: 'source-map',
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      additionalEntryPoints: [
        { entryName: 'baseline-server', entryPath: './src/baseline/baseline-server.ts' },
        { entryName: 'floor-server', entryPath: './src/floor/floor-server.ts' },
        { entryName: 'load-worker', entryPath: './src/load/load-worker.ts' },
      ],
      tsConfig: './tsconfig.app.json',
      optimization: false,
      outputHashing: 'none',
      generatePackageJson: false,
      sourceMap: true,
    }),
  ],
};
