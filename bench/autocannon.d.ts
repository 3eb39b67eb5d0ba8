// autocannon ships no types; only what the benchmark uses.
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  export type RawRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: (RawRequest & { setupRequest?: (request: RawRequest) => RawRequest })[];
  };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
