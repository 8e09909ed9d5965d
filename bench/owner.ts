// The owner's side of `bun run bench`: signing in, timing each admin call on the large shop, a year's CSV export,
// and the owner's loop that runs beside the shoppers. Calls are made as the owner's browser makes them (session
// cookie, same-origin, the browser's Accept-Encoding); each is timed from the request to the last byte of its answer.
import { Database } from "bun:sqlite";
import { addUkDays, ukToday } from "../shared/uk-day";

const BROWSER = { "accept-encoding": "gzip, deflate, br", accept: "application/json,text/csv,*/*" };

export type Owner = { origin: string; cookie: string };

/** Signs in through the real login call (the password the shop was started with). */
export async function signIn(origin: string, password: string): Promise<Owner> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("Sign-in set no cookie");
  return { origin, cookie };
}

type Answer = { status: number; ms: number; bytes: number; nextCursor: string | null; total: string | null };

/** One admin GET, timed to the end of its (decoded) body. */
export async function adminGet(owner: Owner, path: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${owner.origin}${path}`, {
    headers: { ...BROWSER, cookie: owner.cookie, "sec-fetch-site": "same-origin" },
  });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    ms: performance.now() - started,
    bytes: body.byteLength,
    nextCursor: response.headers.get("x-next-cursor"),
    total: response.headers.get("x-total-count"),
  };
}

/** What the owner searches for and opens: real orders of the shop, from across its history. */
export type OwnerTerms = { names: string[]; emails: string[]; postcodes: string[]; references: string[] };

export function ownerTerms(databaseFile: string, count = 200): OwnerTerms {
  const db = new Database(databaseFile, { readonly: true });
  const rows = db
    .query<{ id: string; name: string; email: string; postcode: string }, [number]>(
      `SELECT id, shipping_name AS name, email, shipping_postal_code AS postcode FROM orders
       WHERE shipping_name IS NOT NULL AND email IS NOT NULL AND shipping_postal_code IS NOT NULL ORDER BY random() LIMIT ?`,
    )
    .all(count);
  db.close();
  return {
    names: rows.map((row) => row.name),
    emails: rows.map((row) => row.email),
    postcodes: rows.map((row) => row.postcode),
    references: rows.map((row) => row.id),
  };
}

export type AdminTiming = {
  call: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** Mean decoded bytes of an answer. */
  bytes: number;
  failures: number;
  note?: string;
};

const q = (text: string) => encodeURIComponent(text);

/**
 * Each admin call the targets name, `samples` times (different terms and orders each time), or fewer when one
 * kind has used `budgetMs`: on a shop whose list answers every order one call takes half a minute.
 */
export async function timeAdminCalls(owner: Owner, terms: OwnerTerms, samples: number, budgetMs: number): Promise<AdminTiming[]> {
  const calls: { call: string; path: (index: number) => string }[] = [
    { call: "GET /api/admin/dashboard/stats", path: () => "/api/admin/dashboard/stats" },
    { call: "GET /api/admin/orders (first page)", path: () => "/api/admin/orders" },
    { call: "GET /api/admin/orders?q= (name)", path: (i) => `/api/admin/orders?q=${q(terms.names[i % terms.names.length]!)}` },
    { call: "GET /api/admin/orders?q= (email)", path: (i) => `/api/admin/orders?q=${q(terms.emails[i % terms.emails.length]!)}` },
    { call: "GET /api/admin/orders?q= (postcode)", path: (i) => `/api/admin/orders?q=${q(terms.postcodes[i % terms.postcodes.length]!)}` },
    {
      call: "GET /api/admin/orders?q= (reference)",
      path: (i) => `/api/admin/orders?q=${q(terms.references[i % terms.references.length]!)}`,
    },
    { call: "GET /api/admin/orders/to-make", path: () => "/api/admin/orders/to-make" },
    { call: "GET /api/admin/orders/:id", path: (i) => `/api/admin/orders/${terms.references[i % terms.references.length]}` },
  ];
  const timings: AdminTiming[] = [];
  for (const { call, path } of calls) {
    const answers: Answer[] = [];
    const started = performance.now();
    while (answers.length < samples && (answers.length === 0 || performance.now() - started < budgetMs)) {
      answers.push(await adminGet(owner, path(answers.length)));
    }
    timings.push(summarise(call, answers));
    if (call.includes("first page")) timings.push(await timeNextPages(owner, samples, budgetMs));
  }
  return timings;
}

/** Pages after the first, each by the cursor the one before it gave (X-Next-Cursor → ?cursor=), going back in time. */
async function timeNextPages(owner: Owner, samples: number, budgetMs: number): Promise<AdminTiming> {
  const call = "GET /api/admin/orders?cursor= (next pages)";
  const answers: Answer[] = [];
  const started = performance.now();
  let cursor = (await adminGet(owner, "/api/admin/orders")).nextCursor;
  if (!cursor) return { ...summarise(call, []), note: "no next cursor: the first page sent no X-Next-Cursor header" };
  while (cursor && answers.length < samples && performance.now() - started < budgetMs) {
    const answer = await adminGet(owner, `/api/admin/orders?cursor=${q(cursor)}`);
    answers.push(answer);
    cursor = answer.nextCursor;
  }
  return { ...summarise(call, answers), note: `${answers.length} pages followed back from the newest` };
}

function summarise(call: string, answers: Answer[]): AdminTiming {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (fraction: number) =>
    times.length ? round1(times[Math.min(times.length - 1, Math.floor(fraction * times.length))]!) : Number.NaN;
  return {
    call,
    samples: answers.length,
    p50: at(0.5),
    p99: at(0.99),
    max: times.length ? round1(times.at(-1)!) : Number.NaN,
    bytes: answers.length ? Math.round(answers.reduce((sum, answer) => sum + answer.bytes, 0) / answers.length) : 0,
    failures: answers.filter((answer) => answer.status !== 200).length,
  };
}

export type ExportTiming = {
  from: string;
  to: string;
  status: number;
  contentEncoding: string | null;
  rows: number;
  firstByteMs: number;
  totalMs: number;
  rowsPerSecond: number;
  /** Decoded CSV bytes. */
  bytes: number;
};

/** The last 365 UK days, today included. */
export function lastYear(now = new Date()): { from: string; to: string } {
  const to = ukToday(now);
  return { from: addUkDays(to, -364), to };
}

/**
 * A year's CSV export as the browser downloads it: first byte is the first chunk of the body (not just the
 * headers), rows are the CSV's lines less its header.
 */
export async function timeExport(owner: Owner, signal?: AbortSignal): Promise<ExportTiming> {
  const { from, to } = lastYear();
  const started = performance.now();
  const response = await fetch(`${owner.origin}/api/admin/orders/export.csv?from=${from}&to=${to}`, {
    headers: { ...BROWSER, cookie: owner.cookie, "sec-fetch-site": "same-origin" },
    signal,
  });
  let firstByteMs = Number.NaN;
  let lines = 0;
  let bytes = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
    }
  }
  const totalMs = performance.now() - started;
  const rows = Math.max(0, lines - 1);
  return {
    from,
    to,
    status: response.status,
    contentEncoding: response.headers.get("content-encoding"),
    rows,
    firstByteMs: round1(firstByteMs),
    totalMs: Math.round(totalMs),
    rowsPerSecond: Math.round(rows / (totalMs / 1000)),
    bytes,
  };
}

/** One action of the owner's loop, from its first request to its last byte (epoch ms): bench/stall-causes.ts reads these. */
export type OwnerAction = { name: string; startedAt: number; endedAt: number };

export type OwnerLoopTally = {
  rounds: number;
  actions: number;
  failures: string[];
  exports: ExportTiming[];
  slowestMs: number;
  timeline: OwnerAction[];
};

/** The loop's actions in order, by the names its timeline gives them. */
const LOOP_ACTIONS = [
  "export",
  "list and three pages",
  "search name",
  "search email",
  "search postcode",
  "search reference",
  "dashboard",
  "to make",
  "an order",
];

/**
 * The owner at work while shoppers shop: a year's export, the list and three pages back, a search by each field,
 * the dashboard, the "To make" queue and an order, one after another with `pauseMs` between them, until stopped.
 */
export function startOwnerLoop(owner: Owner, terms: OwnerTerms, pauseMs: number) {
  const tally: OwnerLoopTally = { rounds: 0, actions: 0, failures: [], exports: [], slowestMs: 0, timeline: [] };
  let stopped = false;
  const abort = new AbortController();
  const note = (what: string, answer: { status: number; ms?: number; totalMs?: number }) => {
    tally.actions += 1;
    tally.slowestMs = Math.max(tally.slowestMs, Math.round(answer.ms ?? answer.totalMs ?? 0));
    if (answer.status !== 200) tally.failures.push(`${what} ${answer.status}`);
  };
  const running = (async () => {
    while (!stopped) {
      const i = tally.rounds;
      const actions: (() => Promise<void>)[] = [
        async () => {
          const timing = await timeExport(owner, abort.signal);
          tally.exports.push(timing);
          note("export", timing);
        },
        async () => {
          let answer = await adminGet(owner, "/api/admin/orders");
          note("list", answer);
          for (let page = 0; page < 3 && answer.nextCursor; page++) {
            answer = await adminGet(owner, `/api/admin/orders?cursor=${q(answer.nextCursor)}`);
            note("next page", answer);
          }
        },
        async () => note("search name", await adminGet(owner, `/api/admin/orders?q=${q(terms.names[i % terms.names.length]!)}`)),
        async () => note("search email", await adminGet(owner, `/api/admin/orders?q=${q(terms.emails[i % terms.emails.length]!)}`)),
        async () =>
          note("search postcode", await adminGet(owner, `/api/admin/orders?q=${q(terms.postcodes[i % terms.postcodes.length]!)}`)),
        async () =>
          note("search reference", await adminGet(owner, `/api/admin/orders?q=${q(terms.references[i % terms.references.length]!)}`)),
        async () => note("stats", await adminGet(owner, "/api/admin/dashboard/stats")),
        async () => note("to-make", await adminGet(owner, "/api/admin/orders/to-make")),
        async () => note("order", await adminGet(owner, `/api/admin/orders/${terms.references[i % terms.references.length]}`)),
      ];
      for (const [index, action] of actions.entries()) {
        if (stopped) break;
        const startedAt = Date.now();
        try {
          await action();
        } catch (error) {
          if (!stopped) tally.failures.push(String(error));
        }
        tally.timeline.push({ name: `owner: ${LOOP_ACTIONS[index]}`, startedAt, endedAt: Date.now() });
        await Bun.sleep(pauseMs);
      }
      tally.rounds += 1;
    }
  })();
  return {
    tally,
    /** Stops after the action under way; an export still streaming is cut off (the shoppers' run is over). */
    async stop(): Promise<OwnerLoopTally> {
      stopped = true;
      abort.abort();
      await running;
      return tally;
    },
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
