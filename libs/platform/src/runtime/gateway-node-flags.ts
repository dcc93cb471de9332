// The Node.js flags every gateway process is started with, wherever it is started: `npm start` (the
// launcher), the images (the Dockerfile's CMD, checked against this list by deploy/test), the bench and
// the resilience suite. One list, so that what is measured and tested is what runs.
export const GATEWAY_NODE_FLAGS: readonly string[] = [
  // Stack traces of the bundle name the TypeScript sources.
  '--enable-source-maps',
  // A young generation of 32 MB (two 16 MB semi-spaces) instead of Node 24's 64 MB: scavenges come twice
  // as often but each copies half as much, which took the p99 of whoami without the token cache from
  // about 5 to under 4 times its p50 at the same throughput (issue 12; docs/decisions.md, "The young generation").
  '--max-semi-space-size=16',
];
