// Background jobs kept in the application's own Postgres (pg-boss, schema "pgboss"): a job is written in
// the transaction that asks for it, survives restarts, and is fetched by one replica at a time
// (SELECT ... FOR UPDATE SKIP LOCKED); a job whose worker dies is retried after it expires.
// The schema and the queues (job-queues.ts) are installed by `migrate` (job-queue-install.ts), as the role
// that owns the schema: a gateway only uses them, and can run as a role that cannot change the schema.
import { Injectable, Logger } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import { Database, Queryable } from '../database';
import { runInJobTrace, withTraceContext } from './job-trace-context';

export interface JobQueueOptions {
  /** false: this process queues jobs but runs none (other replicas do). Default true. */
  runWorkers?: boolean;
  /** How often an idle worker looks for jobs (pg-boss minimum 0.5 s); a job sent from this process wakes it at once. */
  pollingIntervalSeconds?: number;
  /** How long stopping waits for jobs in progress before failing them back to the queue (to be retried). */
  stopTimeoutMs?: number;
}

/** A job kind: its queue (one of JOB_QUEUES, whose policy says how it is retried) and its handler. */
export interface JobDefinition<T> {
  queue: string;
  handle(data: T, jobId: string): Promise<void>;
  /** Jobs of this kind one process runs at once (default 1). */
  localConcurrency?: number;
  /** Jobs of one group (a send() option) running at once across every process. */
  groupConcurrency?: number;
}

export interface SendOptions {
  /** Seconds before the job may start. */
  startAfterSeconds?: number;
  /** The group the job counts against for the definition's groupConcurrency. */
  group?: string;
}

export const JOB_QUEUE_SCHEMA = 'pgboss';

@Injectable()
export class JobQueue {
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly workers = new Map<string, string[]>();
  private started = false;

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions = {},
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => db.query(text, values) },
      schema: JOB_QUEUE_SCHEMA,
      // The schema is `migrate`'s: pg-boss checks its version and changes nothing. Supervision (expiring and
      // deleting jobs) writes rows only; rebuilding bloated indexes is DDL, left to autovacuum and operators.
      migrate: false,
      supervise: true,
      reindex: false,
      schedule: false,
    });
    // Without a listener an 'error' event (e.g. the database unreachable while polling) would crash the process.
    this.boss.on('error', (error) => this.logger.warn(`job queue: ${error.message}`));
  }

  /** Declares a job kind and its handler; workers start with start(). */
  define<T>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`job ${definition.queue} defined after the queue started`);
    this.definitions.set(definition.queue, definition as JobDefinition<never>);
  }

  /** Checks that `migrate` installed the queue's schema and every defined queue, then starts the workers. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      await this.boss.start();
    } catch (error) {
      // pg-boss's own words for a schema missing or of another version: name the command that installs it.
      const message = (error as Error).message;
      if (/^pg-boss (is not installed|database requires migrations)/.test(message))
        throw new Error(`job queue: ${message} (schema ${JOB_QUEUE_SCHEMA}); run \`admin migrate\` first`);
      throw error;
    }
    for (const queue of this.definitions.keys()) {
      if (!(await this.boss.getQueue(queue))) throw new Error(`job queue: the queue ${queue} does not exist; run \`admin migrate\` first`);
    }
    for (const definition of this.definitions.values()) {
      if (this.options.runWorkers === false) continue;
      // One pg-boss worker per concurrent job, each of its own id: a worker that finished a job is woken to
      // fetch the next at once (a backlog drains without waiting a polling interval per job); one that
      // found nothing waits for the next poll or a wake().
      const ids: string[] = [];
      for (let i = 0; i < (definition.localConcurrency ?? 1); i++) {
        let workerId = '';
        workerId = await this.boss.work<unknown>(
          definition.queue,
          {
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
            batchSize: 1,
            ...(definition.groupConcurrency !== undefined ? { groupConcurrency: definition.groupConcurrency } : {}),
          },
          async ([job]) => {
            try {
              await runInJobTrace(definition.queue, job.id, job.data, (data) => definition.handle(data as never, job.id));
            } catch (error) {
              this.logger.warn(`job ${definition.queue} ${job.id} failed, retried by the queue: ${(error as Error).message}`);
              throw error;
            } finally {
              this.boss.notifyWorker(workerId);
            }
          },
        );
        ids.push(workerId);
      }
      this.workers.set(definition.queue, ids);
    }
  }

  /** Writes a job in the caller's transaction: it exists exactly when the transaction commits. */
  async send<T extends object>(tx: Queryable, queue: string, data: T, options: SendOptions = {}): Promise<string> {
    const definition = this.definitions.get(queue);
    if (!definition) throw new Error(`unknown job ${queue}`);
    const id = await this.boss.send(queue, withTraceContext(data), {
      db: { executeSql: (text, values) => tx.query(text, values) },
      ...(options.startAfterSeconds !== undefined ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.group !== undefined ? { group: { id: options.group } } : {}),
    });
    if (!id) throw new Error(`job ${queue} was not created`);
    return id;
  }

  /** Wakes this process's workers of the queue, so that jobs just committed start without waiting for the next poll. */
  wake(queue: string): void {
    for (const workerId of this.workers.get(queue) ?? []) this.boss.notifyWorker(workerId);
  }

  /** Stops fetching, waits for jobs in progress (up to stopTimeoutMs), fails the rest back to the queue. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: false, timeout: this.options.stopTimeoutMs ?? 10_000 });
  }
}
