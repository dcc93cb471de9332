// The part of autocannon 8's API the load worker uses (the package ships no types).
declare module 'autocannon' {
  import { EventEmitter } from 'node:events';

  interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to make in all (split over the connections); replaces duration. */
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: (RequestData & { setupRequest?: (request: RequestData, context: object) => RequestData })[];
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    throughput: { total: number };
  }

  interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export = autocannon;
}
