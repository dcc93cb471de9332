// A domain module's services as a gateway gets them: Nest builds the real module (its providers, its
// imports) on the test's own database, so a test never wires a service's dependencies by hand.
import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { Database, ReplicaReads } from '@gateway/persistence';

/**
 * Provides the test's Database and its reads that may lag (on the same database: no replica), as
 * DatabaseModule provides the gateway's (each module provides its own repositories); the test that made
 * the Database closes it.
 */
@Global()
@Module({})
class TestDatabaseModule {
  static of(db: Database): DynamicModule {
    return {
      module: TestDatabaseModule,
      providers: [
        { provide: Database, useValue: db },
        { provide: ReplicaReads, useValue: new ReplicaReads(db, { url: 'unused: no replica' }) },
      ],
      exports: [Database, ReplicaReads],
    };
  }
}

/** Builds `module` on `db`, hands it to `work`, and closes it afterwards (its jobs and timers stop; `db` stays open). */
export async function withDomainModule<T>(db: Database, module: Type, work: (moduleRef: TestingModule) => Promise<T>): Promise<T> {
  const moduleRef = await Test.createTestingModule({ imports: [TestDatabaseModule.of(db), module] }).compile();
  await moduleRef.init();
  try {
    return await work(moduleRef);
  } finally {
    await moduleRef.close();
  }
}
