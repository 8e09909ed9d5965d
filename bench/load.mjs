// Runs autocannon (on Node, where it is made to run) and prints its result as
// one JSON line. Called by scripts/bench.ts once per measurement:
//   node bench/load.mjs '{"url":"http://127.0.0.1:3300/","connections":50,"duration":8,"warmup":2}'
// With "requests" (a list of {path} objects) each connection walks the list in
// turn; "connectionRate" caps each connection's requests per second.
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const base = {
  url: options.url,
  connections: options.connections ?? 50,
  headers: options.headers ?? {},
  requests: options.requests,
  connectionRate: options.connectionRate,
  timeout: 10,
};

function run(duration) {
  return new Promise((resolve, reject) => {
    autocannon({ ...base, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

if (options.warmup) await run(options.warmup);
const result = await run(options.duration ?? 8);
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.total / result.duration,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSecond: result.throughput.average,
  })}\n`,
);
