// A jest setup file (setupFilesAfterEnv) of the gateways' e2e projects: once a test file's tests and hooks have
// run, it fails the file when its ResponseRecorders checked fewer answers against the OpenAPI document than the
// file's minimum (response-recorder.ts). Registered before the file's own hooks, its afterAll runs after those of
// the file's describe blocks, where the gateways are closed.
import { checkedAnswersShortfall } from './response-recorder';

afterAll(() => {
  const shortfall = checkedAnswersShortfall();
  if (shortfall) throw new Error(shortfall);
});
