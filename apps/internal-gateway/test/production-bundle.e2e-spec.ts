// The deployed bundle (dist/apps/internal-gateway/main.js) carries no development tooling (embedded Postgres).
import { join } from 'node:path';
import { devToolingInBundle } from '@gateway/testing';

it('the internal gateway bundle holds no embedded Postgres code', () => {
  expect(devToolingInBundle(join(__dirname, '../../../dist/apps/internal-gateway/main.js'))).toEqual([]);
});
