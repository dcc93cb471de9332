// The data import file of fixture.schema.json, as TypeScript types.
export type ReleaseChannel = 'STABLE' | 'BETA' | 'ALPHA';

export interface FixtureMoney {
  amountInMinorUnit: number;
  currency: string;
}

export interface Fixture {
  warehouses?: { id: string; name: string }[];
  organizations?: { id: string; name: string; releaseChannel?: ReleaseChannel }[];
  users?: { id: string; email?: string; memberships: { organizationId: string; role: 'OWNER' | 'MEMBER' }[] }[];
  stores?: { id: string; organizationId: string; name: string; warehouseId: string }[];
  connections?: { id: string; organizationId: string; storeId: string }[];
  retailUnits?: { organizationId: string; barcode: string; sku: string; name: string; weightGram?: number; archived?: boolean }[];
  inventory?: { organizationId: string; warehouseId: string; barcode: string; onHand: number; allocated?: number; pendingAllocation?: number }[];
  invoices?: {
    id: string;
    organizationId: string;
    number: string;
    status: 'FINALIZED' | 'PAID' | 'PAST_DUE' | 'VOIDED' | 'REFUNDED' | 'UNCOLLECTIBLE';
    subtotal: FixtureMoney;
    totalExcludingTax: FixtureMoney;
    dueDate?: string;
    paidAt?: string;
    pdfUrl?: string;
    lineItems: { description: string; taxRate: number; quantity: number; unitAmountExcludingTax: FixtureMoney }[];
  }[];
  fulfilmentOrders?: {
    id: string;
    organizationId: string;
    warehouseId: string;
    storeId?: string;
    status: 'OPEN' | 'ALLOCATED' | 'BACK_ORDERED' | 'PICKING' | 'SHIPPED' | 'CANCELLED' | 'WITHDRAWN';
    lines: { barcode: string; quantity: number }[];
  }[];
  releaseChannelFeatures?: { name: string; description: string; releaseChannel: ReleaseChannel }[];
}

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
