/**
 * `bun run bench`: the shop at the size the targets are set for, 2,000 products and 100,000 orders over three
 * years (bench/large-shop.ts builds it from the project's own code once and caches it outside the repository;
 * each run copies it). On one run, against the targets in README.md's performance section
 * (docs/decisions/0008-performance.md):
 * 1. cold start at 100,000 orders (median of five);
 * 2. the owner's session, in a shop started with the event-loop probe bench/loop-stall.ts preloaded: each admin
 *    call's p99 (bench/owner.ts), a year's CSV export, the shoppers' product page alone and then while the owner's
 *    loop runs beside them, the longest stall of the shop's event loop meanwhile, and the session's peak memory;
 * 3. single pages in a fresh shop, each against Bun's ceiling (Bun.serve answering exactly the bytes the page
 *    sends, its headers too) at 50 connections with wrk when it is installed (`apt-get install wrk`), else autocannon; page weight
 *    in Chromium; and the crowd (bench/crowd.mjs) browsing while checkouts run, on the same large shop.
 * Results go to bench/results.json and bench/results.md; the last lines say which targets were met, and the exit
 * code is 1 when one was not. Not part of `bun run check`.
 *
 * Knobs: BENCH_ORDERS (default 100000), BENCH_PRODUCTS (2000) and BENCH_LIVE_ORDERS (200, the newest orders made
 * through the real checkout) size the shop; BENCH_CACHE_DIR (default $TMPDIR/strata-bench-cache) holds the built
 * shops, BENCH_REBUILD=1 builds again. BENCH_ADMIN_SAMPLES (default 100) and BENCH_ADMIN_BUDGET_SECONDS (10) bound
 * each admin call's timing; BENCH_OWNER_SECONDS (default 15) is how long the shoppers run alone and then beside the
 * owner's loop, BENCH_OWNER_PAUSE_MS (default 100) the owner's pause between actions. BENCH_SECONDS (default 3, per
 * run; each page and its ceiling run five times) and BENCH_CROWD_SECONDS (default 60) shorten a run;
 * BENCH_CHECKOUTS_PER_SECOND (default 10, half of them on limited stock) sets the crowd's checkout rate;
 * BENCH_PORT (default 3300) the shop's port (the ceiling listens 99 above it). BENCH_LOAD=autocannon measures the
 * pages with autocannon even where wrk is installed (see docs/decisions/0008-performance.md for why wrk is preferred).
 * BENCH_ONLY (a comma list of cold, owner, pages, crowd) runs only those parts while working on one of them: it
 * prints what it measured and leaves bench/results.* and the pass lines to a whole run.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LIMITED, LIMITED_VARIANTS, UNLIMITED } from "../bench/catalogue";
import { buildClient, startDemoShop, stopDemoShop, waitFor200 } from "../bench/demo-shop";
import { copyLargeShop, type LargeShop, largeShop } from "../bench/large-shop";
import type { Load } from "../bench/load";
import type { NotedStall } from "../bench/loop-stall";
import {
  type AdminTiming,
  type ExportTiming,
  type OwnerAction,
  ownerTerms,
  signIn,
  startOwnerLoop,
  timeAdminCalls,
  timeExport,
} from "../bench/owner";
import { type AttributedStall, attributeStalls, stallsInWords } from "../bench/stall-causes";
import { runWrk } from "../bench/wrk";
import { OFF_THREAD_BYTES, QUICK_ANSWERS } from "../src/http/response-cache";
import type { ShopProcess } from "./spawn-shop";

const ROOT = join(import.meta.dir, "..");
/** BENCH_PORT moves the shop (and the ceiling, 99 above it) when 3300 is taken. */
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const CEILING_PORT = PORT + 99;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SIZE = {
  products: Number(process.env.BENCH_PRODUCTS ?? 2_000),
  orders: Number(process.env.BENCH_ORDERS ?? 100_000),
  liveOrders: Number(process.env.BENCH_LIVE_ORDERS ?? 200),
};
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARMUP_SECONDS = 1;
const ADMIN_SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 100);
const ADMIN_BUDGET_MS = Number(process.env.BENCH_ADMIN_BUDGET_SECONDS ?? 10) * 1000;
const OWNER_SECONDS = Number(process.env.BENCH_OWNER_SECONDS ?? 15);
/** An owner clicking ten times a second: far busier than a person at a desk, so the loop is a hard test. */
const OWNER_PAUSE_MS = Number(process.env.BENCH_OWNER_PAUSE_MS ?? 100);
/**
 * Ceiling and page are measured alternately this many times, each round's share being the page's throughput
 * over the ceiling's just before it, and the median round's share is kept: the best run of each, kept before,
 * let one lucky ceiling run (67,116 req/s for a product page beside 36,557 for the home page, at the same CPU per
 * answer) decide a page's share (docs/decisions/0044-the-owner-beside-the-shoppers.md).
 */
const ROUNDS = 5;
const CROWD_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 60);
const ONLY = process.env.BENCH_ONLY?.split(",").map((part) => part.trim());
const runs = (part: "cold" | "owner" | "pages" | "crowd") => !ONLY || ONLY.includes(part);
const CROWD_SHOPPERS = 200;
/** Each shopper asks for a page every 400 ms (a busy shop, well past a real one-person shop's traffic). */
const CROWD_RATE_PER_SHOPPER = 2.5;
/**
 * Ten checkouts a second is 36,000 an hour, far past a one-person shop's busiest day. Half buy
 * limited stock: each of those takes stock a page shows, so the kept pages (the catalogue among them)
 * are made again; the other half buy unlimited stock, which changes no page. Half of each are paid
 * on the demo payment page.
 */
const CHECKOUTS_PER_SECOND = Number(process.env.BENCH_CHECKOUTS_PER_SECOND ?? 10);
/** The targets in README.md's performance section, exactly (docs/decisions/0008-performance.md). */
const TARGETS = {
  adminP99Ms: 100,
  exportRowsPerSecond: 20_000,
  exportFirstByteMs: 300,
  shopperP99Ms: 25,
  shopperShare: 0.8,
  stallMs: 20,
  productsHtmlBytes: 200_000,
  pageShare: 0.75,
  pageP99Ms: 5,
  peakMemoryMB: 120,
  coldStartMs: 300,
  crowdP99Ms: 25,
  catalogueShare: 0.5,
  jsBytes: 80_000,
  cssBytes: 15_000,
};
const PRODUCT = "hex-planter";
/**
 * Cold starts timed, the median kept: on this shared 2-core machine three starts of the same code
 * gave a median of 264 ms in one run and 317 ms in the next (docs/decisions/0008-performance.md).
 */
const COLD_STARTS = 5;
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/json,*/*" };
const ADMIN_PASSWORD = "bench-only-password";

/** Which generator measures the single pages; the crowd always runs on bench/crowd.mjs. */
const PAGE_LOAD_GENERATOR: "wrk" | "autocannon" = process.env.BENCH_LOAD === "autocannon" || !Bun.which("wrk") ? "autocannon" : "wrk";

const log = (text: string) => console.log(`[bench] ${text}`);

async function main() {
  const runStarted = performance.now();
  log("building client assets");
  buildClient();

  log(`the large shop: ${SIZE.products} products, ${SIZE.orders} orders`);
  const shop = await largeShop(SIZE, log);
  log(
    shop.built
      ? `built in ${(shop.buildMs / 1000).toFixed(1)} s and cached in ${shop.dir}`
      : `reused from ${shop.dir} (built ${shop.builtAt} in ${(shop.buildMs / 1000).toFixed(1)} s)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-"));
  copyLargeShop(shop, dataDir);
  log(`single pages measured with ${PAGE_LOAD_GENERATOR}`);
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    shop: shopFacts(shop),
    pageLoadGenerator: PAGE_LOAD_GENERATOR,
  };
  try {
    // Cold start at the shop's full size: process start to the first 200 of "/", the median of COLD_STARTS.
    const coldStarts: number[] = [];
    for (let attempt = 0; runs("cold") && attempt < COLD_STARTS; attempt++) {
      const started = performance.now();
      const server = startShop(dataDir, "/dev/null");
      await waitFor200(`${ORIGIN}/`, 60_000);
      coldStarts.push(performance.now() - started);
      await stopDemoShop(server);
    }
    if (runs("cold")) {
      const coldStartMs = Math.round(median(coldStarts));
      log(`cold start ${coldStarts.map(Math.round).join(", ")} ms → ${coldStartMs} ms`);
      results.coldStartMs = coldStartMs;
      results.coldStartRuns = coldStarts.map(Math.round);
    }

    if (runs("owner")) results.owner = await ownerSession(dataDir);

    const server = startShop(dataDir, join(dataDir, "shop.log"));
    const bodiesDir = join(dataDir, "bodies");
    mkdirSync(bodiesDir);
    writeFileSync(join(bodiesDir, "empty"), "");
    const ceiling = Bun.spawn(["bun", join(ROOT, "bench", "ceiling.ts"), String(CEILING_PORT), bodiesDir], {
      stdout: "ignore",
      stderr: "inherit",
    });
    const memory = watchMemory(server.pid);
    try {
      await waitFor200(`${ORIGIN}/healthz`, 60_000);
      await waitFor200(`http://127.0.0.1:${CEILING_PORT}/empty`, 10_000);

      results.productsHtmlBytes = await htmlBytes(`${ORIGIN}/products`);
      log(`/products: ${results.productsHtmlBytes} bytes of HTML`);
      const pages = !runs("pages") ? [] : ["/", "/products", `/products/${PRODUCT}`, "/basket", "/api/catalog", `/api/products/${PRODUCT}`];
      const perPage: Record<string, unknown>[] = [];
      for (const [index, path] of pages.entries()) {
        memory.phase = path;
        const { body, headers } = await wireAnswer(`${ORIGIN}${path}`);
        const bytes = body.byteLength;
        writeFileSync(join(bodiesDir, `page-${index}`), body);
        writeFileSync(join(bodiesDir, `page-${index}.headers.json`), JSON.stringify(headers));
        // Each round measures the ceiling and then the page, back to back; the share is the median of the rounds'
        // shares (docs/decisions/0044-the-owner-beside-the-shoppers.md).
        // The order alternates (ceiling first, then page first), so a machine getting busier or quieter through the
        // rounds weighs on both sides alike; each run also counts its server's CPU per answer, which the machine's
        // other work hardly moves (docs/decisions/0053-the-loop-the-memory-and-the-first-script.md).
        const rounds: { ceiling: CountedLoad; page: CountedLoad }[] = [];
        let failures = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const measureCeiling = () => countedLoad(`http://127.0.0.1:${CEILING_PORT}/page-${index}`, ceiling.pid);
          const measurePage = () => countedLoad(`${ORIGIN}${path}`, server.pid);
          const ceilingFirst = round % 2 === 0;
          const first = await (ceilingFirst ? measureCeiling() : measurePage());
          const second = await (ceilingFirst ? measurePage() : measureCeiling());
          const [ceilingRun, run] = ceilingFirst ? [first, second] : [second, first];
          failures += run.non2xx + run.errors + run.timeouts;
          rounds.push({ ceiling: ceilingRun, page: run });
        }
        const middle = (figure: (pair: { ceiling: CountedLoad; page: CountedLoad }) => number) => median(rounds.map(figure));
        const row = {
          path,
          bytes,
          requestsPerSecond: Math.round(middle(({ page }) => page.requestsPerSecond)),
          ceilingRequestsPerSecond: Math.round(middle(({ ceiling }) => ceiling.requestsPerSecond)),
          shareOfCeiling: round(
            middle(({ page, ceiling }) => page.requestsPerSecond / ceiling.requestsPerSecond),
            3,
          ),
          p50: middle(({ page }) => page.p50),
          p99: middle(({ page }) => page.p99),
          ceilingP99: middle(({ ceiling }) => ceiling.p99),
          cpuPerAnswerUs: round(
            middle(({ page }) => page.cpuPerAnswerUs),
            1,
          ),
          ceilingCpuPerAnswerUs: round(
            middle(({ ceiling }) => ceiling.cpuPerAnswerUs),
            1,
          ),
          // The ceiling's CPU per answer over the page's, round by round: the share of its work a page would have at
          // the same throughput, which a busier machine moves far less than it moves req/s.
          cpuShareOfCeiling: round(
            middle(({ page, ceiling }) => ceiling.cpuPerAnswerUs / page.cpuPerAnswerUs),
            3,
          ),
          failures,
          rounds: rounds.map(({ ceiling, page }) => ({
            requestsPerSecond: Math.round(page.requestsPerSecond),
            ceilingRequestsPerSecond: Math.round(ceiling.requestsPerSecond),
            cpuPerAnswerUs: round(page.cpuPerAnswerUs, 1),
            ceilingCpuPerAnswerUs: round(ceiling.cpuPerAnswerUs, 1),
          })),
        };
        log(JSON.stringify(row));
        perPage.push(row);
      }
      if (runs("pages")) results.pages = perPage;

      if (runs("pages")) {
        memory.phase = "page weight";
        log("page weight in Chromium");
        const weightPaths = ["/", "/products", `/products/${PRODUCT}`, "/basket"];
        results.pageWeight = JSON.parse(
          await runTextAsync(["node", join(ROOT, "bench", "page-weight.mjs"), ORIGIN, ...weightPaths]),
        ) as Record<string, { html: number; js: number; css: number; files: unknown[] }>;
      }

      if (runs("crowd")) {
        log(`crowd: ${CROWD_SHOPPERS} shoppers for ${CROWD_SECONDS} s with ${CHECKOUTS_PER_SECOND} checkouts a second`);
        memory.phase = "crowd";
        results.crowd = await crowdTest(dataDir);
        log(JSON.stringify(results.crowd));
      }

      results.peakMemoryMB = peakMemoryMB(server.pid);
      results.peakMemoryByPhaseMB = memory.peaks;
      memory.stop();
      results.requestLogLines = readFileSync(join(dataDir, "shop.log"), "utf8")
        .split("\n")
        .filter((line) => line.includes('"msg":"request"')).length;
    } finally {
      ceiling.kill();
      await stopDemoShop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  results.runSeconds = Math.round((performance.now() - runStarted) / 1000);
  if (ONLY) {
    console.log(JSON.stringify(results, null, 2));
    log(`only ${ONLY.join(", ")}: bench/results.* and the pass lines are left to a whole run`);
    return;
  }

  writeFileSync(join(ROOT, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  const table = markdown(results);
  writeFileSync(join(ROOT, "bench", "results.md"), table);
  console.log(`\n${table}`);
  const missed = targets(results).filter((target) => !target.met);
  for (const target of targets(results))
    log(`${target.met ? "met    " : "MISSED "} ${target.name}: ${target.measured} (goal ${target.goal})`);
  log(missed.length === 0 ? "every target met" : `${missed.length} target(s) missed`);
  log(`whole run ${results.runSeconds} s`);
  if (missed.length > 0) process.exitCode = 1;
}

function shopFacts(shop: LargeShop) {
  return {
    products: shop.products,
    orders: shop.orders,
    ordersLastYear: shop.ordersLastYear,
    liveOrders: SIZE.liveOrders,
    builtThisRun: shop.built,
    builtAt: shop.builtAt,
    buildSeconds: round(shop.buildMs / 1000, 1),
  };
}

type StallWindow = {
  longestStallMs: number;
  /** Stalls longer than this were noted one by one in `stalls`. */
  notedOverMs: number;
  over20: number;
  over50: number;
  ticks: number;
  seconds: number;
  stalls: NotedStall[];
};

/**
 * The owner's whole session in one shop process (its peak memory is the session's): each admin call timed, a
 * year's export alone, then the shoppers' product page alone and beside the owner's loop, with the event-loop
 * probe's window covering exactly the loop.
 */
async function ownerSession(dataDir: string) {
  const stallFile = join(dataDir, "stall.json");
  const server = startDemoShop({
    port: PORT,
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    stdout: Bun.file(join(dataDir, "owner-shop.log")),
    env: { TRUST_PROXY: "true", BENCH_STALL_FILE: stallFile },
    preload: join(ROOT, "bench", "loop-stall.ts"),
  });
  const memory = watchMemory(server.pid);
  let notedStalls: NotedStall[] = [];
  let ownerActions: OwnerAction[] = [];
  const session = await (async () => {
    try {
      await waitFor200(`${ORIGIN}/healthz`, 60_000);
      const owner = await signIn(ORIGIN, ADMIN_PASSWORD);
      const terms = ownerTerms(join(dataDir, "shop.db"));

      memory.phase = "admin calls";
      log(`admin calls: up to ${ADMIN_SAMPLES} of each, at most ${ADMIN_BUDGET_MS / 1000} s each`);
      const adminCalls = await timeAdminCalls(owner, terms, ADMIN_SAMPLES, ADMIN_BUDGET_MS);
      for (const call of adminCalls) log(JSON.stringify(call));

      memory.phase = "export";
      const yearExport = await timeExport(owner);
      log(`a year's export: ${JSON.stringify(yearExport)}`);

      const productPage = `${ORIGIN}/products/${PRODUCT}`;
      memory.phase = "shoppers alone";
      log(`shoppers alone: ${productPage} for ${OWNER_SECONDS} s`);
      const alone = await loadPage(productPage, OWNER_SECONDS);

      memory.phase = "shoppers beside the owner";
      log(`shoppers beside the owner's loop for ${OWNER_SECONDS} s`);
      server.kill("SIGUSR1");
      const loop = startOwnerLoop(owner, terms, OWNER_PAUSE_MS);
      const beside = await loadPage(productPage, OWNER_SECONDS);
      const loopTally = await loop.stop();
      const { stalls: noted, ...stall } = await readStallWindow(server, stallFile);
      notedStalls = noted;
      ownerActions = loopTally.timeline;
      log(`owner loop: ${loopTally.rounds} rounds, ${loopTally.actions} actions, stall ${JSON.stringify(stall)}`);

      const peak = peakMemoryMB(server.pid);
      memory.stop();
      const shopper = (load: Load) => ({
        requestsPerSecond: Math.round(load.requestsPerSecond),
        p50: load.p50,
        p99: load.p99,
        max: load.max,
        failures: load.non2xx + load.errors + load.timeouts,
      });
      return {
        adminCalls,
        export: yearExport,
        shoppersAlone: shopper(alone),
        shoppersBesideOwner: shopper(beside),
        shareOfAlone: round(beside.requestsPerSecond / alone.requestsPerSecond, 3),
        ownerLoop: {
          pauseMs: OWNER_PAUSE_MS,
          rounds: loopTally.rounds,
          actions: loopTally.actions,
          slowestActionMs: loopTally.slowestMs,
          failures: loopTally.failures.slice(0, 5),
          exports: loopTally.exports.map(({ rows, firstByteMs, totalMs }) => ({ rows, firstByteMs, totalMs })),
        },
        stall,
        peakMemoryMB: peak,
        peakMemoryByPhaseMB: memory.peaks,
      };
    } finally {
      await stopDemoShop(server);
    }
  })();
  // Once the shop has stopped its log is whole: each noted stall gets the requests and jobs that ran in it.
  const stalls: AttributedStall[] = attributeStalls(notedStalls, ownerActions, join(dataDir, "owner-shop.log"), `/products/${PRODUCT}`);
  for (const words of stallsInWords(stalls, 10)) log(`stall ${words}`);
  return { ...session, stall: { ...session.stall, stalls } };
}

/**
 * How many of the stalls over 20 ms had the hypervisor's steal in them (the machine's CPUs given to other guests,
 * noted by bench/loop-stall.ts where /proc/stat has it), and the longest stall without any: said beside the
 * target, which is judged on the longest stall of all (docs/decisions/0063-stalls-and-the-hypervisor.md).
 */
function stolenDuring(stalls: AttributedStall[]): string {
  if (stalls.every((stall) => stall.stealMs === undefined)) return "";
  const over20 = stalls.filter((stall) => stall.ms > 20);
  const stolen = over20.filter((stall) => (stall.stealMs ?? 0) > 0);
  const calm = stalls.filter((stall) => (stall.stealMs ?? 0) === 0).reduce((longest, stall) => Math.max(longest, stall.ms), 0);
  const longestCalm = calm > 0 ? `the longest without any ${calm} ms` : "none over 10 ms without any";
  return `; ${stolen.length} of the ${over20.length} over 20 ms with the hypervisor's steal in them, ${longestCalm}`;
}

/** Asks the probe for its window (SIGUSR2) and waits for the file it writes. */
async function readStallWindow(server: ShopProcess, file: string): Promise<StallWindow> {
  rmSync(file, { force: true });
  server.kill("SIGUSR2");
  const deadline = performance.now() + 10_000;
  while (!existsSync(file)) {
    if (performance.now() > deadline) throw new Error("The event-loop probe wrote nothing: was bench/loop-stall.ts preloaded?");
    await Bun.sleep(20);
  }
  // The probe writes the file in one call; a read that catches it half-written is retried.
  for (;;) {
    try {
      return JSON.parse(readFileSync(file, "utf8")) as StallWindow;
    } catch {
      await Bun.sleep(20);
    }
  }
}

/** The HTML a page is, decoded: what the 200 kB target is about (the wire carries it compressed). */
async function htmlBytes(url: string): Promise<number> {
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  return (await response.arrayBuffer()).byteLength;
}

/** The bench's shop: the demo shop, told to trust X-Forwarded-For so each crowd shopper has their own address. */
function startShop(dataDir: string, logFile: string) {
  return startDemoShop({ port: PORT, dataDir, adminPassword: ADMIN_PASSWORD, stdout: Bun.file(logFile), env: { TRUST_PROXY: "true" } });
}

/**
 * The answer a browser receives once the page is warm, as sent (compressed when the shop compresses): its body,
 * and its headers but the two Bun writes on every answer itself (Date, Content-Length). A kept page's first
 * QUICK_ANSWERS answers carry its quick compression and the rest its harder one, which every measured answer
 * carries, so the page is asked for that often first: the ceiling then sends the bytes the shop sends. A body of
 * OFF_THREAD_BYTES or more (the catalogue JSON) gets its harder bytes from the thread pool a little later, so it
 * is asked for until they come (at most 5 s).
 */
async function wireAnswer(url: string): Promise<{ body: Uint8Array; headers: [string, string][] }> {
  const ask = async () => {
    const response = await fetch(url, { headers: BROWSER_HEADERS, decompress: false } as RequestInit);
    return { response, body: new Uint8Array(await response.arrayBuffer()) };
  };
  let answer = await ask();
  const quick = answer.body;
  for (let asked = 0; asked < QUICK_ANSWERS; asked++) answer = await ask();
  const plainBytes = (await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer()).byteLength;
  const deadline = performance.now() + 5_000;
  while (plainBytes >= OFF_THREAD_BYTES && Bun.deepEquals(answer.body, quick) && performance.now() < deadline) answer = await ask();
  const { response, body } = await ask();
  const length = Number(response.headers.get("content-length") ?? body.byteLength);
  if (length !== body.byteLength)
    throw new Error(`${url}: expected ${length} bytes as sent, read ${body.byteLength} (was it decompressed?)`);
  const headers = [...response.headers].filter(([name]) => name !== "date" && name !== "content-length");
  return { body, headers };
}

type CountedLoad = Load & { cpuPerAnswerUs: number };

/**
 * One page at 50 connections, after a warm-up, with the CPU time the answering process (`pid`: the shop or the
 * ceiling, all its threads) spent per answer during the measured run alone.
 */
async function countedLoad(url: string, pid: number): Promise<CountedLoad> {
  await loadPage(url, WARMUP_SECONDS, 0);
  const before = processCpuMs(pid);
  const run = await loadPage(url, SECONDS, 0);
  const cpuMs = processCpuMs(pid) - before;
  return { ...run, cpuPerAnswerUs: run.total > 0 ? (cpuMs * 1000) / run.total : 0 };
}

/** A process's CPU time so far (user + system, every thread), in ms, from /proc. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every Linux the shop runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** One page at 50 connections, after a warm-up. */
function loadPage(url: string, seconds = SECONDS, warmupSeconds = WARMUP_SECONDS): Promise<Load> {
  if (PAGE_LOAD_GENERATOR === "wrk") {
    return runWrk({ url, connections: 50, seconds, warmupSeconds, headers: BROWSER_HEADERS });
  }
  return load({ url, connections: 50, duration: seconds, warmup: warmupSeconds });
}

/** autocannon in its own Node process; this process stays free to run checkouts meanwhile. */
async function load(options: Record<string, unknown>): Promise<Load> {
  const settings = { duration: SECONDS, warmup: WARMUP_SECONDS, headers: BROWSER_HEADERS, ...options };
  return JSON.parse(await runTextAsync(["node", join(ROOT, "bench", "load.mjs"), JSON.stringify(settings)])) as Load;
}

/**
 * 200 shoppers browse (bench/crowd.mjs, each connection walking pages in turn)
 * while checkouts for limited-stock products arrive at a steady rate; half of
 * them are paid on the demo payment page. Afterwards the database must hold
 * exactly the stock that was not sold, and never less than zero.
 */
async function crowdTest(dataDir: string) {
  const ids = [PRODUCT, "route-relief-map", "bench-product-20", "bench-product-55", "bench-limited-3"];
  const requests = [
    { path: "/" },
    { path: "/products" },
    ...ids.map((id) => ({ path: `/products/${id}` })),
    { path: "/api/catalog" },
    ...ids.map((id) => ({ path: `/api/products/${id}` })),
    { path: "/basket" },
    { path: "/products?cat=basic" },
  ];
  const browsing = runTextAsync([
    "node",
    join(ROOT, "bench", "crowd.mjs"),
    JSON.stringify({
      origin: ORIGIN,
      shoppers: CROWD_SHOPPERS,
      ratePerShopper: CROWD_RATE_PER_SHOPPER,
      seconds: CROWD_SECONDS,
      paths: requests.map((request) => request.path),
      headers: BROWSER_HEADERS,
    }),
  ]).then((text) => JSON.parse(text) as Load);

  const granted = new Map<string, number>();
  const checkout = {
    started: 0,
    accepted: 0,
    acceptedLimited: 0,
    soldOut: 0,
    paid: 0,
    failed: 0,
    latencies: [] as number[],
    failures: [] as string[],
  };
  const pending: Promise<void>[] = [];
  const stopAt = performance.now() + CROWD_SECONDS * 1000;
  let shopper = 0;
  while (CHECKOUTS_PER_SECOND > 0 && performance.now() < stopAt) {
    const tick = performance.now();
    shopper += 1;
    pending.push(oneCheckout(shopper, granted, checkout));
    await Bun.sleep(Math.max(0, 1000 / CHECKOUTS_PER_SECOND - (performance.now() - tick)));
  }
  await Promise.all(pending);
  const browse = await browsing;

  // What the database says was taken, against what the shop promised.
  const db = new Database(join(dataDir, "shop.db"), { readonly: true });
  let oversold = 0;
  let mismatched = 0;
  let negative = 0;
  const stockOf = db.query<{ stock: number | null }, [string]>("SELECT stock FROM products WHERE id = ?");
  const variantStockOf = db.query<{ stock: number | null }, [string]>("SELECT stock FROM product_variants WHERE id = ?");
  const limits = [
    ...LIMITED.map(({ id, stock }) => ({ key: id, initial: stock, now: stockOf.get(id)?.stock ?? 0 })),
    ...LIMITED_VARIANTS.variants.map(({ id, stock }) => ({ key: id, initial: stock, now: variantStockOf.get(id)?.stock ?? 0 })),
  ];
  for (const { key, initial, now } of limits) {
    const sold = granted.get(key) ?? 0;
    oversold += Math.max(0, sold - initial);
    if (now < 0) negative += 1;
    if (initial - now !== sold) mismatched += 1;
  }
  const orders = db.query<{ n: number }, []>("SELECT count(*) AS n FROM orders").get()?.n ?? 0;
  db.close();

  checkout.latencies.sort((a, b) => a - b);
  return {
    shoppers: CROWD_SHOPPERS,
    seconds: CROWD_SECONDS,
    checkoutsPerSecond: CHECKOUTS_PER_SECOND,
    browseRequests: browse.total,
    // Those sent after the crowd's first second, when every shopper's connection is open (bench/crowd.mjs).
    browseTimed: browse.timed ?? browse.total,
    browseRequestsPerSecond: Math.round(browse.requestsPerSecond),
    browseP50: browse.p50,
    browseP99: browse.p99,
    browseErrors: browse.non2xx + browse.errors + browse.timeouts,
    checkoutsStarted: checkout.started,
    checkoutsAccepted: checkout.accepted,
    checkoutsAcceptedLimited: checkout.acceptedLimited,
    checkoutsRefusedSoldOut: checkout.soldOut,
    checkoutsPaid: checkout.paid,
    orders,
    checkoutErrors: checkout.failed,
    checkoutFailures: checkout.failures.slice(0, 5),
    checkoutP99: Math.round(percentile(checkout.latencies, 0.99) * 10) / 10,
    unitsSold: [...granted.values()].reduce((sum, units) => sum + units, 0),
    unitsAvailable: limits.reduce((sum, limit) => sum + limit.initial, 0),
    oversoldUnits: oversold,
    stockMismatches: mismatched + negative,
  };
}

async function oneCheckout(
  shopper: number,
  granted: Map<string, number>,
  tally: {
    started: number;
    accepted: number;
    acceptedLimited: number;
    soldOut: number;
    paid: number;
    failed: number;
    latencies: number[];
    failures: string[];
  },
): Promise<void> {
  // Odd shoppers buy limited stock (one in five of them a variant's), even ones unlimited stock;
  // within each half, every other shopper pays and buys two units.
  const limited = shopper % 2 === 1;
  const round = Math.floor(shopper / 2);
  const target: { id: string; variantId?: string } = !limited
    ? { id: UNLIMITED[round % UNLIMITED.length]! }
    : round % 5 === 0
      ? { id: LIMITED_VARIANTS.id, variantId: LIMITED_VARIANTS.variants[round % 2]!.id }
      : { id: LIMITED[round % LIMITED.length]!.id };
  const units = 1 + (Math.floor(round / 2) % 2);
  const pays = round % 2 === 0;
  const items = Array.from({ length: units }, () => ({ ...target, productName: target.id }));
  // Each shopper from their own address, as behind the owner's proxy (TRUST_PROXY=true).
  const forwardedFor = `10.${(shopper >> 16) & 255}.${(shopper >> 8) & 255}.${shopper & 255}`;
  const headers = { "content-type": "application/json", "x-forwarded-for": forwardedFor };
  tally.started += 1;
  const started = performance.now();
  try {
    const response = await fetch(`${ORIGIN}/api/checkout`, { method: "POST", headers, body: JSON.stringify({ items }) });
    const body = (await response.json()) as { url?: string; error?: string };
    tally.latencies.push(performance.now() - started);
    if (limited && response.status === 409 && /availability/.test(body.error ?? "")) {
      tally.soldOut += 1;
      return;
    }
    if (response.status !== 200 || !body.url) {
      tally.failed += 1;
      tally.failures.push(`${response.status} ${body.error ?? ""}`);
      return;
    }
    tally.accepted += 1;
    if (limited) {
      tally.acceptedLimited += 1;
      const key = target.variantId ?? target.id;
      granted.set(key, (granted.get(key) ?? 0) + units);
    }
    if (pays) {
      const pay = await fetch(`${body.url}/pay`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
        body: new URLSearchParams({
          email: `shopper${shopper}@example.co.uk`,
          name: "Bench Shopper",
          line1: "1 Test Street",
          line2: "",
          city: "Kendal",
          postalCode: "LA9 4AA",
          country: "GB",
          billingSame: "1",
        }).toString(),
        redirect: "manual",
      });
      await pay.arrayBuffer();
      if (pay.status === 302 || pay.status === 303) tally.paid += 1;
      else {
        tally.failed += 1;
        tally.failures.push(`pay ${pay.status}`);
      }
    }
  } catch (error) {
    tally.failed += 1;
    tally.failures.push(String(error));
  }
}

/** Samples the shop's resident memory ten times a second and keeps the peak of each phase, in MB. */
function watchMemory(pid: number) {
  const watch = { phase: "start", peaks: {} as Record<string, number>, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      watch.peaks[watch.phase] = Math.max(watch.peaks[watch.phase] ?? 0, Math.round(kb / 1024));
    } catch {
      // The process has gone.
    }
  }, 250);
  return watch;
}

/** The shop process's peak resident memory (VmHWM), in MB. */
function peakMemoryMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** A child's standard output; this process keeps running (and sampling memory) meanwhile. */
async function runTextAsync(command: string[]): Promise<string> {
  const child = Bun.spawn(command, { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  const [text, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  if (code !== 0) throw new Error(`${command.join(" ")} failed (${code})`);
  return text;
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** A share as a whole per cent, rounded down: 49.7 % shows as 49, never as a 50 it did not reach. */
function percent(share: number): number {
  return Math.floor(share * 100);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

type Row = {
  path: string;
  bytes: number;
  requestsPerSecond: number;
  ceilingRequestsPerSecond: number;
  shareOfCeiling: number;
  p50: number;
  p99: number;
  ceilingP99: number;
  cpuPerAnswerUs: number;
  ceilingCpuPerAnswerUs: number;
  cpuShareOfCeiling: number;
  failures: number;
};

type OwnerSession = Awaited<ReturnType<typeof ownerSession>>;
type Target = { name: string; goal: string; measured: string; met: boolean };

/** Each target with what was measured and whether it was met: the thresholds are README.md's, exactly. */
function targets(results: Record<string, unknown>): Target[] {
  const pages = results.pages as Row[];
  const weights = results.pageWeight as Record<string, { html: number; js: number; css: number }>;
  const crowd = results.crowd as Awaited<ReturnType<typeof crowdTest>>;
  const owner = results.owner as OwnerSession;
  const orders = (results.shop as ReturnType<typeof shopFacts>).orders.toLocaleString("en-GB");
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const htmlPages = pages.filter((row) => ["/", "/products", `/products/${PRODUCT}`].includes(row.path));
  const products = pages.find((row) => row.path === "/products")!;
  const catalogue = pages.find((row) => row.path === "/api/catalog")!;
  const worstJs = Math.max(...Object.values(weights).map((weight) => weight.js));
  const worstCss = Math.max(...Object.values(weights).map((weight) => weight.css));
  const crowdErrors = crowd.browseErrors + crowd.checkoutErrors + crowd.stockMismatches;
  const yearExport = owner.export;
  const adminCall = (call: AdminTiming): Target => ({
    name: `${call.call} at ${orders} orders: p99`,
    goal: `≤ ${TARGETS.adminP99Ms} ms`,
    measured:
      call.samples === 0
        ? `not measured: ${call.note ?? "no answer"}`
        : `${call.p99} ms (p50 ${call.p50} ms, ${call.samples} ${call.samples === 1 ? "call" : "calls"}, ${kB(call.bytes)} each${call.failures ? `, ${call.failures} not 200` : ""})`,
    met: call.samples > 0 && call.failures === 0 && call.p99 <= TARGETS.adminP99Ms,
  });
  return [
    ...owner.adminCalls.map(adminCall),
    {
      name: `a year's CSV export (${yearExport.from} to ${yearExport.to}, browser Accept-Encoding): rows a second`,
      goal: `≥ ${TARGETS.exportRowsPerSecond.toLocaleString("en-GB")}`,
      measured: `${yearExport.rowsPerSecond.toLocaleString("en-GB")} (${yearExport.rows.toLocaleString("en-GB")} rows in ${yearExport.totalMs} ms, ${yearExport.contentEncoding ?? "not compressed"}, status ${yearExport.status})`,
      met: yearExport.status === 200 && yearExport.rows > 0 && yearExport.rowsPerSecond >= TARGETS.exportRowsPerSecond,
    },
    {
      name: "a year's CSV export: first byte",
      goal: `≤ ${TARGETS.exportFirstByteMs} ms`,
      measured: `${yearExport.firstByteMs} ms`,
      met: yearExport.status === 200 && yearExport.firstByteMs <= TARGETS.exportFirstByteMs,
    },
    {
      name: "shoppers' product page beside the owner's loop: p99",
      goal: `≤ ${TARGETS.shopperP99Ms} ms`,
      measured: `${owner.shoppersBesideOwner.p99} ms (alone ${owner.shoppersAlone.p99} ms; ${owner.shoppersBesideOwner.failures} failures)`,
      met: owner.shoppersBesideOwner.p99 <= TARGETS.shopperP99Ms && owner.shoppersBesideOwner.failures === 0,
    },
    {
      name: "shoppers' product page beside the owner's loop: share of its throughput alone",
      goal: `≥ ${TARGETS.shopperShare * 100} %`,
      measured: `${percent(owner.shareOfAlone)} % (${owner.shoppersBesideOwner.requestsPerSecond} of ${owner.shoppersAlone.requestsPerSecond} req/s; the owner did ${owner.ownerLoop.actions} actions in ${owner.ownerLoop.rounds} rounds${owner.ownerLoop.failures.length ? `, failures: ${owner.ownerLoop.failures.join("; ")}` : ""})`,
      met: owner.shareOfAlone >= TARGETS.shopperShare,
    },
    {
      name: "longest event-loop stall in the shop during the owner's loop",
      goal: `≤ ${TARGETS.stallMs} ms`,
      measured: `${owner.stall.longestStallMs} ms (${owner.stall.over20} stalls over 20 ms, ${owner.stall.over50} over 50 ms, in ${owner.stall.seconds} s${stolenDuring(owner.stall.stalls)})`,
      met: owner.stall.longestStallMs <= TARGETS.stallMs,
    },
    {
      name: `server peak memory (RSS), the owner's whole session at ${orders} orders`,
      goal: `≤ ${TARGETS.peakMemoryMB} MB`,
      measured: `${owner.peakMemoryMB} MB (${Object.entries(owner.peakMemoryByPhaseMB)
        .map(([phase, mb]) => `${phase} ${mb}`)
        .join(", ")})`,
      met: owner.peakMemoryMB <= TARGETS.peakMemoryMB,
    },
    {
      name: "server peak memory (RSS), single pages and the crowd",
      goal: `≤ ${TARGETS.peakMemoryMB} MB`,
      measured: `${results.peakMemoryMB} MB`,
      met: Number(results.peakMemoryMB) <= TARGETS.peakMemoryMB,
    },
    {
      name: `cold start to first 200 at ${orders} orders (median of ${COLD_STARTS})`,
      goal: `≤ ${TARGETS.coldStartMs} ms`,
      measured: `${results.coldStartMs} ms (runs: ${(results.coldStartRuns as number[]).join(", ")} ms)`,
      met: Number(results.coldStartMs) <= TARGETS.coldStartMs,
    },
    {
      name: `\`/products\` at ${(results.shop as ReturnType<typeof shopFacts>).products.toLocaleString("en-GB")} products: HTML`,
      goal: `≤ ${TARGETS.productsHtmlBytes / 1000} kB`,
      measured: kB(Number(results.productsHtmlBytes)),
      met: Number(results.productsHtmlBytes) <= TARGETS.productsHtmlBytes,
    },
    {
      name: "`/products`: share of Bun's ceiling for its bytes",
      goal: `≥ ${TARGETS.pageShare * 100} %`,
      measured: `${percent(products.shareOfCeiling)} % (${products.requestsPerSecond} of ${products.ceilingRequestsPerSecond} req/s, ${products.bytes} bytes sent)`,
      met: products.shareOfCeiling >= TARGETS.pageShare,
    },
    {
      name: "single pages `/`, `/products`, a product page: share of Bun's ceiling",
      goal: `≥ ${TARGETS.pageShare * 100} %`,
      measured: htmlPages.map((row) => `${percent(row.shareOfCeiling)} %`).join(" / "),
      met: htmlPages.every((row) => row.shareOfCeiling >= TARGETS.pageShare),
    },
    {
      name: "single pages: p99 at 50 connections",
      goal: `≤ ${TARGETS.pageP99Ms} ms`,
      measured: `${htmlPages.map((row) => (row.requestsPerSecond === 0 ? "no answer" : `${row.p99} ms`)).join(" / ")} (ceiling ${htmlPages.map((row) => `${row.ceilingP99}`).join(" / ")} ms)`,
      // A page that answered nothing in the run has no p99 to meet the target with.
      met: htmlPages.every((row) => row.requestsPerSecond > 0 && row.p99 <= TARGETS.pageP99Ms && row.failures === 0),
    },
    {
      name: "`/api/catalog`: share of the ceiling",
      goal: `≥ ${TARGETS.catalogueShare * 100} %`,
      measured: `${percent(catalogue.shareOfCeiling)} %`,
      met: catalogue.shareOfCeiling >= TARGETS.catalogueShare,
    },
    {
      name: `crowd (${crowd.shoppers} shoppers, ${crowd.checkoutsPerSecond} checkouts/s, half on limited stock): page p99`,
      goal: `≤ ${TARGETS.crowdP99Ms} ms`,
      measured: `${crowd.browseP99} ms (p50 ${crowd.browseP50} ms, ${crowd.browseRequests} page requests, ${crowd.browseTimed} of them timed)`,
      met: crowd.browseP99 <= TARGETS.crowdP99Ms,
    },
    {
      name: "crowd: errors / oversold units",
      goal: "0 / 0",
      measured: `${crowdErrors} / ${crowd.oversoldUnits} (${crowd.checkoutsAccepted} checkouts, ${crowd.checkoutsAcceptedLimited} of them on limited stock, ${crowd.checkoutsRefusedSoldOut} refused as sold out, ${crowd.checkoutsPaid} paid; checkout p99 ${crowd.checkoutP99} ms)`,
      met: crowdErrors === 0 && crowd.oversoldUnits === 0,
    },
    {
      name: "JavaScript per storefront page, gzip",
      goal: `≤ ${TARGETS.jsBytes / 1000} kB`,
      measured: `${kB(worstJs)} (largest)`,
      met: worstJs <= TARGETS.jsBytes,
    },
    { name: "CSS per page, gzip", goal: `≤ ${TARGETS.cssBytes / 1000} kB`, measured: kB(worstCss), met: worstCss <= TARGETS.cssBytes },
  ];
}

function markdown(results: Record<string, unknown>): string {
  const pages = results.pages as Row[];
  const weights = results.pageWeight as Record<string, { html: number; js: number; css: number }>;
  const shop = results.shop as ReturnType<typeof shopFacts>;
  const owner = results.owner as OwnerSession;
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const n = (value: number) => value.toLocaleString("en-GB");
  const mark = (ok: boolean) => (ok ? "✅" : "❌");
  const exports: ExportTiming[] = [owner.export];
  const lines = [
    `Measured ${String(results.date).slice(0, 16).replace("T", " ")} UTC on this machine (${navigator.hardwareConcurrency} cores); the whole run took ${results.runSeconds} s.`,
    "",
    `Every measurement ran on one large shop: ${n(shop.products)} products and ${n(shop.orders)} orders over three years, ${n(shop.ordersLastYear)} of them in the last 365 days (the newest ${shop.liveOrders} through the real checkout), built by bench/large-shop.ts in ${shop.buildSeconds} s${shop.builtThisRun ? " during this run" : ` (cached, built ${shop.builtAt.slice(0, 16).replace("T", " ")} UTC)`}. Single pages with ${results.pageLoadGenerator} at 50 connections, the crowd with bench/crowd.mjs.`,
    "",
    "The owner's session (one shop process, bench/loop-stall.ts preloaded):",
    "",
    "| admin call | calls | p50 | p99 | max | decoded bytes each | not 200 | note |",
    "|---|---|---|---|---|---|---|---|",
    ...owner.adminCalls.map((call) =>
      call.samples === 0
        ? `| ${call.call} | 0 | – | – | – | – | – | ${call.note ?? ""} |`
        : `| ${call.call} | ${call.samples} | ${call.p50} ms | ${call.p99} ms | ${call.max} ms | ${n(call.bytes)} | ${call.failures} | ${call.note ?? ""} |`,
    ),
    "",
    "| a year's export | rows | first byte | whole | rows/s | decoded bytes | encoding |",
    "|---|---|---|---|---|---|---|",
    ...exports.map(
      (e) =>
        `| ${e.from} to ${e.to} | ${n(e.rows)} | ${e.firstByteMs} ms | ${n(e.totalMs)} ms | ${n(e.rowsPerSecond)} | ${n(e.bytes)} | ${e.contentEncoding ?? "none"} |`,
    ),
    "",
    `| \`/products/${PRODUCT}\` at 50 connections for ${OWNER_SECONDS} s | req/s | p50 | p99 | max | failures |`,
    "|---|---|---|---|---|---|",
    ...(
      [
        ["alone", owner.shoppersAlone],
        [
          `beside the owner's loop (${owner.ownerLoop.rounds} rounds, ${owner.ownerLoop.actions} actions, ${owner.ownerLoop.pauseMs} ms apart)`,
          owner.shoppersBesideOwner,
        ],
      ] as const
    ).map(
      ([label, load]) =>
        `| ${label} | ${n(load.requestsPerSecond)} | ${load.p50} ms | ${load.p99} ms | ${load.max} ms | ${load.failures} |`,
    ),
    "",
    "The loop's longest stalls, with the shop's thread's CPU time and its wait for a core in each, the hypervisor's steal of the machine's CPUs, and what its log says ran then (bench/stall-causes.ts):",
    "",
    ...(owner.stall.stalls.length > 0
      ? stallsInWords(owner.stall.stalls, 5).map((words) => `- ${words}`)
      : [`- none: no stall passed ${owner.stall.notedOverMs} ms`]),
    "",
    "| page | bytes sent | req/s | Bun ceiling req/s | share | p50 | p99 | ceiling p99 | CPU per answer (ceiling) | CPU share | failures |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...pages.map((row) => {
      const cpu = `${row.cpuPerAnswerUs} µs (${row.ceilingCpuPerAnswerUs} µs) | ${percent(row.cpuShareOfCeiling)} %`;
      return row.requestsPerSecond === 0
        ? `| \`${row.path}\` | ${row.bytes} | 0 (no answer within a run) | ${row.ceilingRequestsPerSecond} | 0 % | – | – | ${row.ceilingP99} ms | ${cpu} | ${row.failures} |`
        : `| \`${row.path}\` | ${row.bytes} | ${row.requestsPerSecond} | ${row.ceilingRequestsPerSecond} | ${percent(row.shareOfCeiling)} % | ${row.p50} ms | ${row.p99} ms | ${row.ceilingP99} ms | ${cpu} | ${row.failures} |`;
    }),
    "",
    "| page (first visit, gzip) | HTML | JS | CSS |",
    "|---|---|---|---|",
    ...Object.entries(weights).map(([path, weight]) => `| \`${path}\` | ${kB(weight.html)} | ${kB(weight.js)} | ${kB(weight.css)} |`),
    "",
    "| target | goal | measured | |",
    "|---|---|---|---|",
    ...targets(results).map((target) => `| ${target.name} | ${target.goal} | ${target.measured} | ${mark(target.met)} |`),
    "",
  ];
  return lines.join("\n");
}

await main();
