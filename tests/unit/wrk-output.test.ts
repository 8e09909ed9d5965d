import { describe, expect, test } from "bun:test";
import { parseWrkOutput } from "../../bench/wrk";

// Output of Debian's wrk 4.1.0 on this machine, as `bun run bench` reads it.
const HEALTHY = `Running 1s test @ http://127.0.0.1:3399/products
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.07ms  523.01us   5.55ms   64.90%
    Req/Sec    42.33k     7.16k   52.41k    70.00%
  Latency Distribution
     50%    1.01ms
     75%    1.45ms
     90%    1.73ms
     99%    2.54ms
  41990 requests in 1.00s, 688.05MB read
Requests/sec:  41926.40
Transfer/sec:    687.01MB
`;

const FAILING = `Running 1s test @ http://127.0.0.1:3399/nosuch
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     0.88ms  360.34us    1.20s   87.91%
    Req/Sec    11.53k     1.89k   14.69k    80.00%
  Latency Distribution
     50%  822.00us
     75%    0.94ms
     90%    1.25ms
     99%   12.10ms
  11457 requests in 1.00s, 553.72MB read
  Socket errors: connect 2, read 3, write 4, timeout 5
  Non-2xx or 3xx responses: 11400
Requests/sec:  11452.28
Transfer/sec:    553.49MB
`;

describe("the bench's reading of wrk's output", () => {
  test("takes throughput, percentiles and the longest wait, all in milliseconds", () => {
    expect(parseWrkOutput(HEALTHY)).toEqual({
      requestsPerSecond: 41926.4,
      total: 41990,
      p50: 1.01,
      p99: 2.54,
      max: 5.55,
      ok: 41990,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
    });
  });

  test("converts microseconds and seconds, and counts failed answers and socket errors", () => {
    expect(parseWrkOutput(FAILING)).toEqual({
      requestsPerSecond: 11452.28,
      total: 11457,
      p50: 0.82,
      p99: 12.1,
      max: 1200,
      ok: 57,
      non2xx: 11400,
      errors: 9,
      timeouts: 5,
    });
  });

  test("refuses output without the latency distribution instead of reporting zeros", () => {
    expect(() => parseWrkOutput(HEALTHY.replace(/ {5}99%.*\n/, ""))).toThrow(/99%/);
  });
});
