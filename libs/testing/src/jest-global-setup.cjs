// Jest runs global setup and teardown outside its module mapping: resolve the @gateway/* aliases here.
const { join } = require('path');
require('reflect-metadata');
const { register } = require('tsconfig-paths');
const { compilerOptions } = require('../../../tsconfig.base.json');

register({ baseUrl: join(__dirname, '../../..'), paths: compilerOptions.paths });

module.exports = require('./global-setup.ts').default;
