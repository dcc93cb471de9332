// The processes under test: each gateway (its production bundle) and the baseline server run as
// child processes with their output in a log file; their memory is read from /proc.
import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

export async function startServer(options: {
  name: string;
  script: string;
  nodeArgs?: string[];
  url: string;
  readyPath: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
}): Promise<ServerProcess> {
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], { env: options.env, stdio: ['ignore', log, log] });
  closeSync(log);
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`${options.name} exited while starting; see ${options.logFile}:\n${tail(options.logFile)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} was not ready within 60 s; see ${options.logFile}`);
    }
    const ready = await fetch(`${options.url}${options.readyPath}`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name: options.name,
    url: options.url,
    child,
    logFile: options.logFile,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** One field of /proc/<pid>/status, in kB. */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

export interface MemoryReading {
  /** Resident set size when sampling started, MB. */
  startMb: number;
  /** Highest resident set size seen while sampling (VmHWM after a reset, else the highest periodic VmRSS), MB. */
  peakMb: number;
}

/** Each process's kernel high-water mark as it was just before sampleMemory reset it, kB. */
const highWaterBeforeReset = new Map<number, number>();

/** A process's resident memory now, MB. */
export function residentMb(pid: number): number {
  return statusKb(pid, 'VmRSS') / 1024;
}

/** The highest resident memory of a process since it started, MB: VmHWM, or a high-water mark a reset cleared. */
export function peakResidentMb(pid: number): number {
  return Math.max(statusKb(pid, 'VmHWM'), highWaterBeforeReset.get(pid) ?? 0) / 1024;
}

/**
 * Samples a process's resident memory until stopped. The kernel's high-water mark (VmHWM) is reset at
 * the start when allowed (writing 5 to /proc/<pid>/clear_refs), so it covers exactly this window.
 */
export function sampleMemory(pid: number, intervalMs = 10): { stop(): MemoryReading } {
  const startKb = statusKb(pid, 'VmRSS');
  let hwmReset = false;
  try {
    highWaterBeforeReset.set(pid, Math.max(highWaterBeforeReset.get(pid) ?? 0, statusKb(pid, 'VmHWM')));
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    hwmReset = true;
  } catch {
    // Not allowed here: the periodic samples are all we have.
  }
  let peakKb = startKb;
  const timer = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS'));
    } catch {
      // The process is gone; the caller will notice.
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      if (hwmReset) peakKb = Math.max(peakKb, statusKb(pid, 'VmHWM'));
      return { startMb: startKb / 1024, peakMb: peakKb / 1024 };
    },
  };
}
