// The types of load-kit.mjs, for the bench's TypeScript.

export interface OrganizationRef {
  organizationId: string;
  storeId: string;
  barcodes: string[];
}

export interface Request {
  url: string;
  init?: RequestInit;
  timeoutMs?: number;
}

export interface AnswerRecord {
  start: number;
  end: number;
  status?: number;
  retryAfter?: string | null;
  contentType?: string | null;
  /** The answer is the stored one of its Idempotency-Key (Idempotent-Replayed: true). */
  replayed?: boolean;
  text?: string;
  error?: string;
}

export type ClientCredentials = { clientId: string; clientSecret: string } | { client_id: string; client_secret: string };

export declare function salesOrderBody(reference: string, barcodes: string[]): string;
export declare const salesOrdersPath: (org: { organizationId: string; storeId: string }) => string;
export declare function salesOrderRequest(baseUrl: string, token: string, org: OrganizationRef, key: string): Request & { key: string };
export declare function fixtureOrganization(fixtureFile: string): OrganizationRef & { level: { warehouseId: string; barcode: string } };
export declare const bearer: (token: string) => { authorization: string };
export declare function tokenRequest(baseUrl: string, client: ClientCredentials): Request;
export declare function mintToken(baseUrl: string, client: ClientCredentials): Promise<string>;
export declare function mintTokens(baseUrl: string, client: ClientCredentials, count: number, concurrency?: number): Promise<string[]>;
export declare function send(request: Request): Promise<AnswerRecord>;
export declare function sendConcurrently<R extends Request & { expected?: number }>(
  count: number,
  concurrency: number,
  build: () => R,
): Promise<(AnswerRecord & { expected?: number })[]>;
export declare function cpuSeconds(pid: number, withChildren?: boolean): number;
