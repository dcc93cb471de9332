// The Node.js flags every gateway process is started with, wherever it is started: `npm start` (the
// launcher), the images (the Dockerfile's CMD, checked against this list by deploy/test), the bench and
// the resilience suite. One list, so that what is measured and tested is what runs.
export const GATEWAY_NODE_FLAGS: readonly string[] = [
  // Stack traces of the bundle name the TypeScript sources.
  '--enable-source-maps',
];
