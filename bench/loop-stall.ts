// The bench's event-loop probe, loaded into the shop's own process without changing the shop:
//   bun --preload ./bench/loop-stall.ts scripts/start.ts
// A timer asks to run every TICK_MS; how much later than that it runs is how long the loop was kept from
// turning (work on the main thread, a synchronous call, a collection, or the thread waiting for a core). SIGUSR1
// starts a new window; SIGUSR2 writes the window's longest stall, how many stalls passed 20 and 50 ms, and each
// stall over NOTED_MS to $BENCH_STALL_FILE as JSON. Each noted stall carries the thread's own CPU time within it
// and the time the thread was ready to run but waited for a core (Linux's schedstat for the thread): CPU near the
// stall's length, the shop's thread was working (scripts/bench.ts then names the requests and jobs that ended in
// it, from the shop's log); waiting near it, the machine gave the cores to something else; neither, the thread was
// asleep in a call that blocks (a lock, a disk read), or the machine itself did not run: a virtual machine's
// hypervisor may run other guests on its CPUs (the steal in /proc/stat, noted with each stall too)
// (docs/decisions/0053-the-loop-the-memory-and-the-first-script.md, docs/decisions/0055-single-pages-start-and-stalls.md,
// docs/decisions/0063-stalls-and-the-hypervisor.md).
import { closeSync, openSync, readSync, writeFileSync } from "node:fs";

const TICK_MS = 5;
/** Stalls past this are noted one by one, with their moment and CPU time. */
const NOTED_MS = 10;
/** At most this many are kept (the longest), so a window on a very busy machine stays a small file. */
const MOST_NOTED = 200;
const file = process.env.BENCH_STALL_FILE;

/**
 * `waitMs`: ready to run, waiting for a core; `processCpuMs`: every thread of the shop's in the stall (the
 * collector's helpers, the thread pool, workers), which tells a thread that slept while its process worked (a
 * collection's helpers marking) from one that slept in a call. Both absent where Linux's files are not there.
 */
export type NotedStall = { endedAt: number; ms: number; cpuMs: number; waitMs?: number; processCpuMs?: number; stealMs?: number };

/** The shop's thread's CPU time in ms (Bun has threadCpuUsage; the process's is the fallback). */
const threadCpuMs = () => {
  const usage = process.threadCpuUsage?.() ?? process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * The shop's thread's time waiting for a core, in ms: the second field of /proc/thread-self/schedstat (ns),
 * read through a descriptor kept open (one read a tick, no open). NaN where there is none.
 */
const schedstat = (() => {
  try {
    return openSync("/proc/thread-self/schedstat", "r");
  } catch {
    return null;
  }
})();
const processStat = (() => {
  try {
    return openSync("/proc/self/stat", "r");
  } catch {
    return null;
  }
})();
/** The machine's counters (its first line sums every CPU), for the hypervisor's steal. */
const machineStat = (() => {
  try {
    return openSync("/proc/stat", "r");
  } catch {
    return null;
  }
})();
const statBytes = new Uint8Array(1024);
const decoder = new TextDecoder();
const waitingMs = (): number => {
  if (schedstat === null) return Number.NaN;
  const length = readSync(schedstat, statBytes, 0, statBytes.length, 0);
  const fields = decoder.decode(statBytes.subarray(0, length)).split(" ");
  return Number(fields[1]) / 1e6;
};
/** Every thread's CPU time in ms: utime and stime of /proc/self/stat (the 14th and 15th fields), in USER_HZ ticks of 10 ms. */
const processCpuMs = (): number => {
  if (processStat === null) return Number.NaN;
  const text = decoder.decode(statBytes.subarray(0, readSync(processStat, statBytes, 0, statBytes.length, 0)));
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/**
 * The machine's steal in ms: the time its hypervisor gave this machine's virtual CPUs to other guests, summed over
 * the CPUs (the eighth number of /proc/stat's first line, in USER_HZ ticks of 10 ms). NaN where there is none.
 */
const machineStealMs = (): number => {
  if (machineStat === null) return Number.NaN;
  const text = decoder.decode(statBytes.subarray(0, readSync(machineStat, statBytes, 0, statBytes.length, 0)));
  const fields = text.slice(0, text.indexOf("\n")).trim().split(/ +/);
  return fields.length > 8 ? Number(fields[8]) * 10 : Number.NaN;
};
process.on("exit", () => {
  if (schedstat !== null) closeSync(schedstat);
  if (processStat !== null) closeSync(processStat);
  if (machineStat !== null) closeSync(machineStat);
});

let longest = 0;
let over20 = 0;
let over50 = 0;
let ticks = 0;
let noted: NotedStall[] = [];
let windowStart = performance.now();
let last = performance.now();
let lastCpu = threadCpuMs();
let lastWait = waitingMs();
let lastProcessCpu = processCpuMs();
let lastSteal = machineStealMs();

const timer = setInterval(() => {
  const now = performance.now();
  const cpu = threadCpuMs();
  const waited = waitingMs();
  const processCpu = processCpuMs();
  const steal = machineStealMs();
  const stall = now - last - TICK_MS;
  if (stall > NOTED_MS) {
    const stallNoted: NotedStall = { endedAt: Date.now(), ms: round1(stall), cpuMs: round1(cpu - lastCpu) };
    if (!Number.isNaN(waited)) stallNoted.waitMs = round1(waited - lastWait);
    if (!Number.isNaN(processCpu)) stallNoted.processCpuMs = round1(processCpu - lastProcessCpu);
    if (!Number.isNaN(steal)) stallNoted.stealMs = round1(steal - lastSteal);
    noted.push(stallNoted);
    if (noted.length > MOST_NOTED * 2) noted = longestOf(noted);
  }
  last = now;
  lastCpu = cpu;
  lastWait = waited;
  lastProcessCpu = processCpu;
  lastSteal = steal;
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
  noted = [];
  windowStart = performance.now();
  last = performance.now();
  lastCpu = threadCpuMs();
  lastWait = waitingMs();
  lastProcessCpu = processCpuMs();
  lastSteal = machineStealMs();
});

process.on("SIGUSR2", () => {
  if (!file) return;
  const seconds = (performance.now() - windowStart) / 1000;
  writeFileSync(
    file,
    JSON.stringify({
      longestStallMs: round1(longest),
      notedOverMs: NOTED_MS,
      over20,
      over50,
      ticks,
      seconds: round1(seconds),
      stalls: longestOf(noted).sort((a, b) => a.endedAt - b.endedAt),
    }),
  );
});

function longestOf(stalls: NotedStall[]): NotedStall[] {
  return [...stalls].sort((a, b) => b.ms - a.ms).slice(0, MOST_NOTED);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
