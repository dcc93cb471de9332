// What the profile summaries (profile-summary.mjs, allocation-summary.mjs) group a V8 call frame under.

/** node_modules package, node: module, our bundle, or the native function itself (writev, the garbage collector). */
export function packageOf(frame) {
  const url = frame.url ?? '';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return url;
  if (url.includes('/dist/')) return `ours: ${url.split('/').slice(-1)[0]}`;
  return url || frame.functionName;
}
