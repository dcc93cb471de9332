// The webpack configuration of every Node program of the workspace (the apps and the bench): one tsc-compiled
// bundle per entry, unminified, with source maps, into the program's dist folder.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');

/** `projectDir` is the program's folder (__dirname of its webpack.config.js), `outputPath` relative to it. */
function nodeAppConfig(projectDir, outputPath, pluginOptions = {}) {
  return {
    output: { path: join(projectDir, outputPath), clean: true },
    devtool: 'source-map',
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: false,
        sourceMap: true,
        ...pluginOptions,
      }),
    ],
  };
}

module.exports = { nodeAppConfig };
