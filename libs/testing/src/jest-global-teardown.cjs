module.exports = require('./global-teardown.ts').default;
