// The data import file of fixture.schema.json: its types are generated (`npm run codegen`, generated/fixture.ts);
// this file adds what the schema cannot say, the order of the sections and the import's counts.
export type * from './generated/fixture';

/** Sections in the order they are applied (references point backwards). */
export const FIXTURE_SECTIONS = [
  'warehouses',
  'organizations',
  'users',
  'stores',
  'connections',
  'retailUnits',
  'inventory',
  'invoices',
  'fulfilmentOrders',
  'releaseChannelFeatures',
] as const;

export type FixtureSection = (typeof FIXTURE_SECTIONS)[number];

export interface SectionCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export type ImportCounts = Record<FixtureSection, SectionCounts>;
