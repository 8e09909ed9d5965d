// The bench's event-loop probe, loaded into the shop's own process without changing the shop:
//   bun --preload ./bench/loop-stall.ts scripts/start.ts
// A timer asks to run every TICK_MS; how much later than that it runs is how long the loop was kept from
// turning (work on the main thread, a synchronous call, a collection). SIGUSR1 starts a new window; SIGUSR2
// writes the window's longest stall, and how many stalls passed 20 and 50 ms, to $BENCH_STALL_FILE as JSON.
import { writeFileSync } from "node:fs";

const TICK_MS = 5;
const file = process.env.BENCH_STALL_FILE;

let longest = 0;
let over20 = 0;
let over50 = 0;
let ticks = 0;
let windowStart = performance.now();
let last = performance.now();

const timer = setInterval(() => {
  const now = performance.now();
  const stall = now - last - TICK_MS;
  last = now;
  ticks += 1;
  if (stall > longest) longest = stall;
  if (stall > 20) over20 += 1;
  if (stall > 50) over50 += 1;
}, TICK_MS);
// The probe never keeps the shop alive on its own.
timer.unref();

process.on("SIGUSR1", () => {
  longest = 0;
  over20 = 0;
  over50 = 0;
  ticks = 0;
  windowStart = performance.now();
  last = performance.now();
});

process.on("SIGUSR2", () => {
  if (!file) return;
  const seconds = (performance.now() - windowStart) / 1000;
  writeFileSync(
    file,
    JSON.stringify({ longestStallMs: Math.round(longest * 10) / 10, over20, over50, ticks, seconds: Math.round(seconds * 10) / 10 }),
  );
});
