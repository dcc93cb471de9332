// Exit codes and output of the admin CLI: with --json, stdout holds one JSON document and nothing else.
export const EXIT = { done: 0, failed: 1, usage: 2 } as const;

export class CliFailure extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A command line that cannot be right whatever the database holds: exit 2, told before connecting. */
export class CliUsageError extends Error {}

export interface Output {
  json: boolean;
  /** The verb's result: JSON on stdout with --json, else the human text. */
  result(value: unknown, text: string): void;
  message(text: string): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    result(value, text) {
      process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
    },
    message(text) {
      process.stderr.write(`${text}\n`);
    },
  };
}
