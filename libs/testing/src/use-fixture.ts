// Jest fixtures: what the tests of a describe block share (a test database, a gateway on it), made in
// beforeAll and undone in afterAll, in place of the same two hooks in every e2e file.
/// <reference types="jest" />
import { TestDatabase, createTestDatabase } from './test-database';

/** Registers an undo step; the steps run after the block's tests, last registered first, each even when one failed. */
export type Defer = (undo: () => Promise<void>) => void;

/**
 * Runs `setUp` in a beforeAll of the enclosing describe block and its deferred undo steps in an afterAll.
 * Answers a stand-in for each field of what `setUp` makes: destructure it where the block starts
 * (`const { database, gateway } = usePublicGateway()`) and use the names in hooks and tests, which run
 * once the value exists; reading one before throws. `timeoutMs` bounds `setUp` where Jest's default is too short
 * (a server started, not only a database cloned).
 */
export function useFixture<T extends Record<string, object>>(setUp: (defer: Defer) => Promise<T>, options: { timeoutMs?: number } = {}): T {
  let value: T | undefined;
  const undos: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    value = await setUp((undo) => void undos.unshift(undo));
  }, options.timeoutMs);
  afterAll(async () => {
    const failures: unknown[] = [];
    for (const undo of undos.splice(0)) await undo().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  });
  const field = (key: string) => () => {
    if (value === undefined) throw new Error(`the fixture's ${key} is read outside the tests and hooks of its describe block`);
    return value[key];
  };
  return new Proxy({} as T, { get: (_, key) => (typeof key === 'string' ? standIn(field(key)) : undefined) });
}

/** An object that forwards every read to what `current()` answers at the time of the read. */
function standIn(current: () => object): object {
  return new Proxy(
    {},
    {
      get: (_, key) => Reflect.get(current(), key),
      has: (_, key) => Reflect.has(current(), key),
      ownKeys: () => Reflect.ownKeys(current()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
    },
  );
}

async function testDatabaseDroppedAfter(defer: Defer): Promise<TestDatabase> {
  const database = await createTestDatabase();
  defer(() => database.drop());
  return database;
}

/** A fresh test database for the tests of the enclosing describe block. */
export function useTestDatabase(): { database: TestDatabase } {
  return useFixture(async (defer) => ({ database: await testDatabaseDroppedAfter(defer) }));
}

/**
 * A fresh test database and a gateway `start`ed on it for the tests of the enclosing describe block;
 * afterwards the gateway is closed (which checks its answers against its OpenAPI document), then the database dropped.
 */
export function useTestGateway<G extends { close(): Promise<void> }>(start: (databaseUrl: string) => Promise<G>): { database: TestDatabase; gateway: G } {
  return useFixture(async (defer) => {
    const database = await testDatabaseDroppedAfter(defer);
    const gateway = await start(database.url);
    defer(() => gateway.close());
    return { database, gateway };
  });
}
