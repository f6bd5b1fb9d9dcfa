// The part of autocannon 9's programmatic API the benchmarks use (the package ships no types).
// See node_modules/autocannon/README.md, "autocannon(opts[, cb])" and "Results".
declare module "autocannon" {
  export type Histogram = {
    min: number;
    max: number;
    average: number;
    mean: number;
    stddev: number;
    total: number;
    p0_001: number;
    p0_01: number;
    p0_1: number;
    p1: number;
    p2_5: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  };

  export type Result = {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
    start: Date;
    finish: Date;
    connections: number;
    pipelining: number;
  };

  export type Options = {
    url: string;
    title?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    bailout?: number;
    /** Requests sent in turn on each connection; setupRequest may rewrite each one before it goes. */
    requests?: RequestSpec[];
  };

  export type RequestParams = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export type RequestSpec = RequestParams & { setupRequest?: (request: RequestParams) => RequestParams };

  export type Instance = PromiseLike<Result> & {
    stop(): void;
    on(event: "reqError", listener: (error: Error) => void): Instance;
    on(event: "error", listener: (error: Error) => void): Instance;
  };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
