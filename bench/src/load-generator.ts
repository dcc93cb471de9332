// The orchestrator's handle on the load worker process.
import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { LoadResult, LoadSpec, WorkerMessage } from './load/load-spec';

export class LoadGenerator {
  private readonly child: ChildProcess;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(result: LoadResult): void; reject(error: Error): void }>();

  constructor() {
    this.child = fork(join(__dirname, 'load-worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: WorkerMessage) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if ('error' in message) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    this.child.on('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`the load worker exited (${code})`));
      this.pending.clear();
    });
  }

  run(spec: LoadSpec): Promise<LoadResult> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, spec });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
  }
}
