const { nodeAppConfig } = require('../tools/webpack/node-app');

module.exports = nodeAppConfig(__dirname, '../dist/examples');
