// The bench's crowd of shoppers, in its own Node process (the shop and the
// bench's checkouts keep the other core). Each shopper has one keep-alive
// connection and asks for the next page of the list every 1/rate seconds, at
// its own phase, so the shop sees a steady stream as it would from people:
// autocannon's connectionRate instead sends each connection's quota at the
// start of every second, all connections together, which measured the queue
// of a 600-request burst (docs/decisions/0008-performance.md).
//   node bench/crowd.mjs '{"origin":"http://127.0.0.1:3300","shoppers":200,"ratePerShopper":2.5,"seconds":60,"paths":["/"],"headers":{}}'
// Prints one JSON line in bench/load.ts's shape. Latency is from the moment a
// request is written to the end of its answer; bodies are read, not decoded.
// The first WARMUP_MS are sent but not timed: all 200 shoppers open their
// connections then, within one 400 ms interval, and the first requests of a
// fresh Node client time its own start (docs/decisions/0008-performance.md).
import http from "node:http";

const options = JSON.parse(process.argv[2] ?? "{}");
const origin = new URL(options.origin);
const interval = 1000 / options.ratePerShopper;
const timeoutMs = 10_000;
const latencies = [];
const tally = { ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
const startAt = performance.now() + 100;
const endAt = startAt + options.seconds * 1000;
const WARMUP_MS = 1000;
const timedFrom = startAt + WARMUP_MS;

function shopper(index) {
  return new Promise((finish) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let step = index;
    let due = startAt + (index / options.shoppers) * interval;
    const schedule = () => {
      if (due >= endAt) {
        agent.destroy();
        finish();
        return;
      }
      setTimeout(send, Math.max(0, due - performance.now()));
    };
    const send = () => {
      const path = options.paths[step++ % options.paths.length];
      const sent = performance.now();
      let settled = false;
      const settle = (outcome) => {
        if (settled) return;
        settled = true;
        if ((outcome === "ok" || outcome === "non2xx") && sent >= timedFrom) latencies.push(performance.now() - sent);
        tally[outcome] += 1;
        due += interval;
        schedule();
      };
      const request = http.request(
        { host: origin.hostname, port: origin.port, path, agent, headers: options.headers ?? {}, timeout: timeoutMs },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => settle(response.statusCode >= 200 && response.statusCode < 300 ? "ok" : "non2xx"));
          response.on("error", () => settle("errors"));
        },
      );
      request.on("timeout", () => {
        request.destroy();
        settle("timeouts");
      });
      request.on("error", () => settle("errors"));
      request.end();
    };
    schedule();
  });
}

await Promise.all(Array.from({ length: options.shoppers }, (_, index) => shopper(index)));
latencies.sort((a, b) => a - b);
const at = (fraction) =>
  latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))] * 10) / 10 : 0;
const total = tally.ok + tally.non2xx + tally.errors + tally.timeouts;
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: total / options.seconds,
    total,
    timed: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    ok: tally.ok,
    non2xx: tally.non2xx,
    errors: tally.errors,
    timeouts: tally.timeouts,
  })}\n`,
);
