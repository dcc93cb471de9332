// Auto-advance (contract 6.10): an auto-advancing sandbox's orders allocate (stock topped up first when
// short), ship (one SANDBOX parcel) and deliver, its inbound shipments are received in full and its returns
// arrive and complete as announced, each step SANDBOX_AUTO_ADVANCE_SECONDS after the thing's last change, by
// the same steps as the simulations (and so the staff's use cases), initiator `sandbox-auto-advance`.
// What is due is the data itself: each step claims one row whose state has a step left and whose last change
// is old enough (FOR UPDATE SKIP LOCKED) and takes that step in the same transaction; so work survives a
// restart, runs once across replicas (another replica skips the locked row, and once the step commits the row
// is no longer due), and the ticking timer is never the source of truth. A live organization is never claimed.
// Runs where webhook workers run (WEBHOOK_WORKERS), as the public gateway's other background work does.
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Database, Queryable } from '@gateway/persistence';
import { DueStep, SandboxRepository } from '@gateway/persistence-public';
import { SANDBOX_OPTIONS, SandboxOptions } from '../model/sandbox-options';
import { SandboxSteps } from './sandbox-steps';

/** Who the steps' events name. */
export const AUTO_ADVANCE_INITIATOR = 'sandbox-auto-advance';
/** Steps of one kind taken per tick at most, so one tick stays short. */
const STEPS_PER_TICK = 50;
/**
 * Steps of one kind one organization takes per round of a tick: the claims go round the organizations with due
 * work, so a sandbox with thousands of due orders never makes another wait behind its backlog; when only it has
 * work left, the next round is its again.
 */
const STEPS_PER_ORGANIZATION_PER_ROUND = 5;

type Kind = 'fulfilmentOrder' | 'return' | 'inboundShipment';

@Injectable()
export class SandboxAutoAdvanceJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SandboxAutoAdvance');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly sandboxes: SandboxRepository,
    private readonly steps: SandboxSteps,
    @Inject(SANDBOX_OPTIONS) private readonly options: SandboxOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.options.workers) return;
    // A quarter of the step's interval, between 0.1 and 1 s: a step is taken at most that late.
    const intervalMs = Math.min(1000, Math.max(100, this.options.autoAdvanceSeconds * 250));
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .catch((error: Error) => this.logger.warn(`sandbox auto-advance failed, tried again at the next tick: ${error.message}`))
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Takes every step that is due now (at most STEPS_PER_TICK of each kind); how many were taken. */
  async tick(): Promise<number> {
    let taken = 0;
    for (const kind of ['fulfilmentOrder', 'inboundShipment', 'return'] as Kind[]) {
      const served = new Map<string, number>();
      for (let i = 0; i < STEPS_PER_TICK && !this.stopped; i++) {
        const skip = [...served].filter(([, steps]) => steps >= STEPS_PER_ORGANIZATION_PER_ROUND).map(([organizationId]) => organizationId);
        const organizationId = await this.advanceOne(kind, skip);
        if (!organizationId) {
          if (skip.length === 0) break;
          served.clear(); // every organization with due work had its share: the next round
          continue;
        }
        served.set(organizationId, (served.get(organizationId) ?? 0) + 1);
        taken++;
      }
    }
    return taken;
  }

  /** Claims one due thing of the kind of an organization not in `skip` and takes its step; its organization, or undefined when none is due. */
  private advanceOne(kind: Kind, skip: string[]): Promise<string | undefined> {
    const seconds = this.options.autoAdvanceSeconds;
    return this.db.transaction(async (tx) => {
      const due =
        kind === 'fulfilmentOrder'
          ? await this.sandboxes.claimDueFulfilmentOrder(tx, seconds, skip)
          : kind === 'return'
            ? await this.sandboxes.claimDueReturn(tx, seconds, skip)
            : await this.sandboxes.claimDueInboundShipment(tx, seconds, skip);
      if (!due) return undefined;
      // The step in a savepoint: when the domain refuses it (a unit archived since, say), what it did is undone
      // and the thing waits one more interval (its last change set to now) instead of being claimed again at once.
      await tx.query('SAVEPOINT auto_advance_step');
      try {
        await this.step(tx, kind, due);
        await tx.query('RELEASE SAVEPOINT auto_advance_step');
      } catch (error) {
        await tx.query('ROLLBACK TO SAVEPOINT auto_advance_step');
        this.logger.warn(
          `sandbox auto-advance of ${kind} ${due.id} (organization ${due.organizationId}) refused, tried again later: ${(error as Error).message}`,
        );
        await this.sandboxes.postpone(tx, kind, due.id);
      }
      return due.organizationId;
    });
  }

  private async step(tx: Queryable, kind: Kind, due: DueStep): Promise<void> {
    const { organizationId, id, status } = due;
    const by = AUTO_ADVANCE_INITIATOR;
    if (kind === 'fulfilmentOrder') {
      if (status === 'OPEN' || status === 'BACK_ORDERED') await this.steps.allocateToppingUp(tx, organizationId, id, by);
      else if (status === 'SHIPPED') await this.steps.deliver(tx, organizationId, id, by);
      else await this.steps.ship(tx, organizationId, id, by);
    } else if (kind === 'return') {
      if (status === 'AWAITING_ARRIVAL') await this.steps.arriveReturn(tx, organizationId, id, by);
      else await this.steps.processReturn(tx, organizationId, id, by);
    } else {
      await this.steps.receiveInbound(tx, organizationId, id, by);
    }
  }
}
