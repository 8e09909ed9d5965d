/** One load run's figures, whichever generator made them (bench/load.mjs for autocannon, bench/wrk.ts); latencies in ms. */
export type Load = {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** bench/crowd.mjs: how many of `total` were timed (those sent after its first second). */
  timed?: number;
};
