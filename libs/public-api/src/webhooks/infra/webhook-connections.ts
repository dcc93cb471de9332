// Kept-alive connections to webhook receivers, one agent per organization, scheme and checked address and
// port: a connection is reused only for a delivery whose target resolved, at that delivery, to the same
// address, so a name that now resolves elsewhere never rides an old connection to where it used to point.
// Keyed by organization too, as every pool that serves many of them. Agents unused for a minute are
// closed, so the pool holds only the receivers in use.
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { ResolvedAddress } from './webhook-resolver';

/** An idle connection is closed after this, below the 5 s keep-alive of Node's own servers, so a server closing it never races a new request on it. */
const IDLE_SOCKET_MS = 4_000;
const IDLE_AGENT_MS = 60_000;

export class WebhookConnections {
  private readonly agents = new Map<string, { agent: HttpAgent; usedAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.closeIdle(Date.now() - IDLE_AGENT_MS), IDLE_AGENT_MS);
    this.sweeper.unref();
  }

  agentFor(organizationId: string, url: URL, target: ResolvedAddress): HttpAgent {
    const https = url.protocol === 'https:';
    const port = url.port || (https ? '443' : '80');
    const key = `${organizationId} ${url.protocol} ${target.address} ${port}`;
    let entry = this.agents.get(key);
    if (!entry) {
      const options = { keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' as const };
      entry = { agent: https ? new HttpsAgent(options) : new HttpAgent(options), usedAt: 0 };
      this.agents.set(key, entry);
    }
    entry.usedAt = Date.now();
    return entry.agent;
  }

  /** Agents held now (for tests and metrics). */
  get size(): number {
    return this.agents.size;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.closeIdle(Infinity);
  }

  private closeIdle(usedBefore: number): void {
    for (const [key, entry] of this.agents) {
      if (entry.usedAt >= usedBefore) continue;
      entry.agent.destroy();
      this.agents.delete(key);
    }
  }
}
