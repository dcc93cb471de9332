// The deployed bundle (dist/apps/public-gateway/main.js) carries no development tooling (embedded Postgres).
import { join } from 'node:path';
import { devToolingInBundle } from '@gateway/testing';

it('the public gateway bundle holds no embedded Postgres code', () => {
  expect(devToolingInBundle(join(__dirname, '../../../dist/apps/public-gateway/main.js'))).toEqual([]);
});
