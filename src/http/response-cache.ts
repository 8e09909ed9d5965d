import type { Database } from "bun:sqlite";
import { createShownVersion } from "../db/shown-version";
import {
  type Bytes,
  compress,
  compressOffThread,
  type Effort,
  type Encoding,
  etagMatches,
  isCompressible,
  MIN_COMPRESS_BYTES,
  pickEncoding,
} from "./compression";

/**
 * Storefront pages and catalogue JSON are the same for every shopper (the
 * basket lives in the browser), so a rendered answer is kept in memory until
 * what it shows changes. The `page_versions` table says when
 * (migrations/0010_page_version.sql): triggers add a row for each change to
 * exactly the tables and columns kept answers show, from this process or any
 * other (the sqlite3 shell), so a checkout of unlimited stock, a session
 * touch, an outbox row or a /readyz probe keeps every page, while an edit or
 * a stock take is seen by the very next request. A row naming one product
 * forgets the answers that may show it (every list, and that product's own
 * page and JSON: `productShownAt`), not the other products' pages. A row
 * marked `stock_figure_only` (migrations/0011_shown_stock.sql: a figure that
 * stays above the 20 pages show) forgets only answers kept with `exactStock`.
 *
 * The newest version is read cheaply (src/db/shown-version.ts): at once after
 * a commit, this process's or another's (docs/decisions/0039-kept-answers-before-routing.md). See
 * docs/decisions/0008-performance.md.
 */
export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * One encoding of a kept answer. Kept as a Blob: a Response over a Blob shares its bytes, one over a Uint8Array
 * copies them for every answer (see docs/decisions/0008-performance.md). `harder`: the runtime-effort compression
 * of a large body, under way off the main thread.
 */
type Encoded = { blob: Blob; effort: Effort; answers: number; harder?: Promise<void> };

/** Which of an entry's prepared header sets an answer carries. */
type Representation = "identity" | Encoding | "notModified";

type Entry = {
  key: string;
  status: number;
  body: Bytes;
  /** Each encoding made so far: quickly at first, at runtime effort once asked for often (QUICK_ANSWERS). */
  encoded: Partial<Record<Encoding, Encoded>>;
  /** A large body's quick bytes of an encoding, under way off the main thread (`quickBytesUnderWay`). */
  quickUnderWay: Partial<Record<Encoding, Promise<void>>>;
  /** Headers for each representation, built once; each answer's Response copies them. */
  headers: Record<"identity" | Encoding, Headers>;
  notModified: Headers;
  /**
   * The same headers with the Age a kept answer carries, for the whole second `age` they stand for: made
   * once a second per representation, so an answer copies one set of headers and sets only its request id.
   */
  aged: { age: number; headers: Partial<Record<Representation, Headers>>; withId: Partial<Record<Representation, Headers>> };
  etag: string;
  bytes: number;
  /** When it was made (the clock's milliseconds), for the Age header of later answers. */
  madeAt: number;
  /** It shows stock figures as they are (the catalogue JSON), not capped as pages show them: see KeepOptions. */
  exactStock: boolean;
  /** The products a list page shows, by id (`showsProducts`); null when it may show any. */
  shows: ReadonlySet<string> | null;
};

/** A made answer's body as its maker already holds it, so `build` keeps those bytes instead of reading a copy. */
const bodyBytes = new WeakMap<Response, Bytes>();

/**
 * An answer made from bytes its maker will not touch again (the catalogue JSON): kept, it keeps these very
 * bytes, where reading the Response's body would copy them (1.9 MB after every sale at 2,000 products).
 */
export function responseOfBytes(bytes: Bytes, init: ResponseInit): Response {
  const response = new Response(bytes, init);
  bodyBytes.set(response, bytes);
  return response;
}

/** What a made answer said it shows, from its maker (src/ssr/render.tsx) to `build`. */
const productsShownBy = new WeakMap<Response, ReadonlySet<string>>();

/**
 * Says that `response`, a page made for keeping, shows these products and no other (a catalogue page's
 * 48 cards, the home page's featured products, none for the basket). A kept page that does not show a
 * product is kept through a change of that product's stock alone (migrations/0030_stock_only_changes.sql):
 * its cards, the "Showing …" line and the category counts are the same. An answer nobody said this of
 * may show any product. See docs/decisions/0038-the-crowd-at-a-large-shop.md.
 */
export function showsProducts(response: Response, ids: Iterable<string>): Response {
  productsShownBy.set(response, new Set(ids));
  return response;
}

export type KeepOptions = {
  /**
   * False for answers that show stock only capped (storefront pages: at 20, the
   * most one checkout holds, src/modules/catalog/shown-stock.ts), which a
   * change marked `stock_figure_only` (migrations/0011_shown_stock.sql) leaves
   * as they are. True, the default, for anything else.
   */
  exactStock?: boolean;
};

export type ResponseCacheOptions = {
  db: Database;
  /** Upper bound on bodies kept (plain and compressed together). */
  maxBytes?: number;
  /** What browsers are told: keep it, but ask again (cheap with the ETag) before each use. */
  cacheControl?: string;
  /** Headers every kept answer for `key` carries (the app's security headers); the handler's own win. */
  headersFor?: (key: string) => Record<string, string>;
  /**
   * The one product the answer kept under `key` shows, or null when it may show
   * any (a list, the home page, any address not plainly one product's).
   */
  productShownAt?: (key: string) => string | null;
  now?: () => number;
  /**
   * Everything kept is forgotten when the clock enters a new period of this many
   * milliseconds (counted from the epoch), and an answer made in one period is
   * never kept into the next: for what pages show that changes with time alone.
   */
  forgetEveryMs?: number;
};

/**
 * Answers a kept page gives from its quick compression before it is compressed
 * again at runtime effort. A page made again after every few asks (the
 * catalogue while stock sells) never pays for the slow compression; one asked
 * for this often has earned it. See docs/decisions/0008-performance.md.
 */
export const QUICK_ANSWERS = 16;

/**
 * Bodies from this size are compressed on the thread pool, never in one call on the main thread: their
 * quick bytes first (the asks for an encoding not made yet wait for them), then at runtime effort, the
 * quick bytes answering until those are ready. In line, brotli 6 of the 1.9 MB catalogue JSON of a
 * 2,000-product shop would hold up every request for tens of milliseconds, and even its quick bytes a few.
 * Below it (every page) compressing takes a few milliseconds at most, in line. See
 * docs/decisions/0033-catalogue-pages.md.
 */
export const OFF_THREAD_BYTES = 256 * 1024;

function showsAny(shows: ReadonlySet<string>, products: ReadonlySet<string | null>): boolean {
  for (const product of products) if (product !== null && shows.has(product)) return true;
  return false;
}

export function createResponseCache({
  db,
  maxBytes = 16 * 1024 * 1024,
  cacheControl = "no-cache",
  headersFor = () => ({}),
  productShownAt = () => null,
  now = Date.now,
  forgetEveryMs = Number.POSITIVE_INFINITY,
}: ResponseCacheOptions) {
  const shownVersion = createShownVersion(db, now);
  const entries = new Map<string, Entry>();
  /** The entry last answered from, already last in `entries`' order. */
  let mostRecent: Entry | undefined;
  const pending = new Map<string, { version: number; period: number; answer: Promise<Entry | Response> }>();
  let cachedVersion = -1;
  /** The newest version read, by shownVersion or from the rows forgetChangesAfter read. */
  let version = -1;
  let usedBytes = 0;
  let period = -1;
  const stats = { hits: 0, misses: 0, clears: 0, forgets: 0 };

  function currentVersion(time: number): number {
    version = shownVersion.current(time);
    return version;
  }

  function clear(): void {
    entries.clear();
    usedBytes = 0;
    stats.clears += 1;
  }

  /**
   * Forgets what the changes after version `from` may have made out of date
   * and returns the version they reach: only the answers that may show a named
   * product, or everything when a change names none or some were pruned (a gap).
   */
  function forgetChangesAfter(from: number): number {
    if (from < 0) {
      clear();
      return version;
    }
    const changes = shownVersion.changesAfter(from);
    // Pruned rows, or rows emptied by hand: trust nothing kept.
    if (changes === null) {
      clear();
      version = shownVersion.current();
      return version;
    }
    if (changes.length === 0) return Math.min(version, from);
    // Another process may have written since `version` was read: what is forgotten now is forgotten up to here.
    version = Math.max(version, changes.at(-1)!.version);
    if (changes.some((change) => change.product_id === null)) {
      clear();
      return version;
    }
    const products = new Set(changes.map((change) => change.product_id));
    // Products whose change a page with capped stock figures shows too (more than an exact figure above the cap).
    const onPages = new Set(changes.filter((change) => change.stock_figure_only === 0).map((change) => change.product_id));
    // Only stock moved: no product changed its place in a list, nor came into one or left it.
    const stockOnly = changes.every((change) => change.stock_only === 1);
    for (const [key, entry] of entries) {
      const shown = productShownAt(key);
      if (shown !== null && !products.has(shown)) continue;
      if (!entry.exactStock && (shown === null ? onPages.size === 0 : !onPages.has(shown))) continue;
      if (shown === null && stockOnly && entry.shows && !showsAny(entry.shows, entry.exactStock ? products : onPages)) continue;
      entries.delete(key);
      usedBytes -= entry.bytes;
    }
    stats.forgets += 1;
    return version;
  }

  function makeRoom(bytes: number): void {
    // Maps iterate in insertion order and hits re-insert: the first key is the least recently used.
    for (const [key, entry] of entries) {
      if (usedBytes + bytes <= maxBytes) break;
      entries.delete(key);
      usedBytes -= entry.bytes;
    }
  }

  async function build(key: string, response: Response, exactStock: boolean): Promise<Entry | Response> {
    const contentType = response.headers.get("content-type");
    const ownCacheControl = response.headers.get("cache-control") ?? "";
    const cacheable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      !response.headers.has("content-encoding") &&
      !/no-store|private/.test(ownCacheControl) &&
      isCompressible(contentType);
    if (!cacheable) return response;
    const body = bodyBytes.get(response) ?? new Uint8Array(await response.arrayBuffer());
    const etag = `W/"${Bun.hash(body).toString(36)}-${body.byteLength.toString(36)}"`;
    const base: Record<string, string> = {};
    for (const [name, value] of Object.entries(headersFor(key))) base[name.toLowerCase()] = value;
    response.headers.forEach((value, name) => {
      if (name !== "content-length") base[name] = value;
    });
    base["cache-control"] = ownCacheControl || cacheControl;
    base.etag = etag;
    base.vary = "Accept-Encoding";
    const notModified: Record<string, string> = { ...base };
    delete notModified["content-type"];
    return {
      key,
      status: 200,
      body,
      encoded: {},
      quickUnderWay: {},
      headers: {
        identity: new Headers(base),
        br: new Headers({ ...base, "content-encoding": "br" }),
        gzip: new Headers({ ...base, "content-encoding": "gzip" }),
      },
      notModified: new Headers(notModified),
      aged: { age: -1, headers: {}, withId: {} },
      etag,
      bytes: body.byteLength + key.length * 2,
      madeAt: now(),
      exactStock,
      shows: productsShownBy.get(response) ?? null,
    };
  }

  /**
   * The answer from `entry` for `request`, made at `time`: a kept one (`kept`) carries the standard Age
   * header (whole seconds since it was made); the first answers of a page carry none. With `requestId` (the
   * fast path's) it carries that `X-Request-Id` too.
   */
  function answerFrom(entry: Entry, request: Request, time: number, kept: boolean, requestId?: string): Response {
    return representation(entry, request, kept ? time : null, requestId);
  }

  /**
   * The headers an answer in `representation` carries: with the Age at `keptAt` (a kept answer's time), else
   * without; with `requestId` as its `X-Request-Id` when given.
   */
  function headersOf(entry: Entry, representation: Representation, keptAt: number | null, requestId: string | undefined): Headers {
    if (keptAt === null) return representation === "notModified" ? entry.notModified : entry.headers[representation];
    if (requestId === undefined) return agedHeaders(entry, representation, keptAt);
    return withRequestId(entry, representation, keptAt, requestId);
  }

  /** The entry's headers for `representation` with the Age of `time`, made again only when the age in whole seconds moves. */
  function agedHeaders(entry: Entry, representation: Representation, time: number): Headers {
    const age = Math.max(0, Math.floor((time - entry.madeAt) / 1000));
    if (entry.aged.age !== age) entry.aged = { age, headers: {}, withId: {} };
    let headers = entry.aged.headers[representation];
    if (!headers) {
      headers = new Headers(representation === "notModified" ? entry.notModified : entry.headers[representation]);
      headers.set("age", String(age));
      entry.aged.headers[representation] = headers;
    }
    return headers;
  }

  /**
   * The aged headers with this answer's request id, set in a copy kept for the fast path before the Response is
   * made from it: a Response copies the headers it is given, while one whose own headers are changed after it
   * was made costs Bun more per answer (docs/decisions/0057-the-kept-answer-s-request-id.md). The copy
   * holds the last answer's id in between, so nothing but this function hands it out.
   */
  function withRequestId(entry: Entry, representation: Representation, time: number, requestId: string): Headers {
    const aged = agedHeaders(entry, representation, time);
    let headers = entry.aged.withId[representation];
    if (!headers) {
      headers = new Headers(aged);
      entry.aged.withId[representation] = headers;
    }
    headers.set("x-request-id", requestId);
    return headers;
  }

  /** The answer for what `request` takes: 304 for the entity tag it holds, else the encoding it accepts, else plain. */
  function representation(entry: Entry, request: Request, keptAt: number | null, requestId: string | undefined): Response {
    if (etagMatches(request.headers.get("if-none-match"), entry.etag)) {
      return new Response(null, { status: 304, headers: headersOf(entry, "notModified", keptAt, requestId) });
    }
    const encoding = entry.body.byteLength >= MIN_COMPRESS_BYTES ? pickEncoding(request.headers.get("accept-encoding")) : null;
    // Few clients take no encoding (scripts, some crawlers): their copy of the body is not worth keeping twice.
    if (!encoding) return plainAnswer(entry, keptAt, requestId);
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      // A large body's bytes are made off the main thread before its answer is (quickBytesUnderWay); here only
      // when that failed: the plain body is a right answer too.
      if (entry.body.byteLength >= OFF_THREAD_BYTES) return plainAnswer(entry, keptAt, requestId);
      encoded = store(entry, encoding, compress(entry.body, encoding, "quick"), "quick");
    } else if (encoded.effort === "quick" && ++encoded.answers > QUICK_ANSWERS) {
      if (entry.body.byteLength < OFF_THREAD_BYTES) encoded = store(entry, encoding, compress(entry.body, encoding, "runtime"), "runtime");
      else if (!encoded.harder) encoded.harder = compressOffMainThread(entry, encoding, "runtime");
    }
    return new Response(encoded.blob, { status: entry.status, headers: headersOf(entry, encoding, keptAt, requestId) });
  }

  /** The answer with the body as it is, for a client that takes no encoding. */
  function plainAnswer(entry: Entry, keptAt: number | null, requestId: string | undefined): Response {
    return new Response(entry.body, { status: entry.status, headers: headersOf(entry, "identity", keptAt, requestId) });
  }

  /**
   * For a large body (from OFF_THREAD_BYTES), the quick bytes of the encoding `request` takes while they are made on
   * the thread pool, started here if they are not under way yet: null when the answer can be made at once (a small
   * body, a 304, no encoding taken, or the bytes already made). Every ask for them meanwhile waits on the same bytes.
   */
  function quickBytesUnderWay(entry: Entry, request: Request): Promise<void> | null {
    if (entry.body.byteLength < OFF_THREAD_BYTES || etagMatches(request.headers.get("if-none-match"), entry.etag)) return null;
    const encoding = pickEncoding(request.headers.get("accept-encoding"));
    if (!encoding || entry.encoded[encoding]) return null;
    let underWay = entry.quickUnderWay[encoding];
    if (!underWay) {
      underWay = compressOffMainThread(entry, encoding, "quick");
      entry.quickUnderWay[encoding] = underWay;
    }
    return underWay;
  }

  /**
   * A large body's bytes in `encoding` at `effort`, made on the thread pool and then kept: its quick bytes (asks for
   * them wait), or its runtime-effort bytes (the quick ones answer meanwhile). A failure keeps nothing: the quick
   * bytes, or the plain body, go on answering. A function of its own, not a callback written in `representation`:
   * there it would make the engine allocate a scope on every kept answer
   * (docs/decisions/0068-what-a-kept-answer-leaves-for-the-collector.md).
   */
  function compressOffMainThread(entry: Entry, encoding: Encoding, effort: Effort): Promise<void> {
    return compressOffThread(entry.body, encoding, effort).then(
      (bytes) => void store(entry, encoding, bytes, effort),
      () => {},
    );
  }

  /** Puts `bytes` in as the entry's `encoding`, counted against the bound while the entry is kept. */
  function store(entry: Entry, encoding: Encoding, bytes: Bytes, effort: Effort): Encoded {
    const blob = new Blob([bytes]);
    const grown = blob.size - (entry.encoded[encoding]?.blob.size ?? 0);
    const encoded: Encoded = { blob, effort, answers: 1 };
    entry.encoded[encoding] = encoded;
    if (entries.get(entry.key) === entry) {
      // Count it first, then trim: the entry itself may be the one to go.
      entry.bytes += grown;
      usedBytes += grown;
      makeRoom(0);
    }
    return encoded;
  }

  /** Answers from a kept entry, and marks it the most recently used (last in the map's order). */
  function hit(entry: Entry, request: Request, time: number, requestId?: string): Response {
    stats.hits += 1;
    // Under a run of asks for one page it is already the last: moving it again would change nothing.
    if (mostRecent !== entry) {
      entries.delete(entry.key);
      entries.set(entry.key, entry);
      mostRecent = entry;
    }
    return answerFrom(entry, request, time, true, requestId);
  }

  /**
   * The version of what pages show now, with whatever changed since forgotten;
   * null when it cannot be read (a closed database), and then everything is.
   */
  function checkVersion(time: number): number | null {
    const current = Number.isFinite(forgetEveryMs) ? Math.floor(time / forgetEveryMs) : 0;
    if (current !== period) {
      if (period !== -1) clear();
      period = current;
    }
    try {
      if (currentVersion(time) !== cachedVersion) cachedVersion = forgetChangesAfter(cachedVersion);
      return cachedVersion;
    } catch {
      clear();
      cachedVersion = -1;
      return null;
    }
  }

  return {
    /**
     * The kept answer for `key`, carrying `requestId` as its `X-Request-Id`, or null when there is none (or the
     * database changed since): the fast path, taken before any routing.
     */
    lookup(request: Request, key: string, requestId: string): Response | null {
      const time = now();
      if (checkVersion(time) === null) return null;
      const entry = entries.get(key);
      // A large body's encoding not made yet is waited for on the routed path (`respond`), never made here.
      if (!entry || quickBytesUnderWay(entry, request)) return null;
      return hit(entry, request, time, requestId);
    },

    /**
     * The kept answer for `key` while the database is unchanged; otherwise
     * `produce` makes it (once, however many requests wait for it), and a
     * 200 text answer without cookies or no-store is kept.
     */
    async respond(
      request: Request,
      key: string,
      produce: () => Response | Promise<Response>,
      { exactStock = true }: KeepOptions = {},
    ): Promise<Response> {
      const time = now();
      const version = checkVersion(time);
      // Nothing can be trusted to be current: make the answer, keep nothing (the handler reports the fault).
      if (version === null) return produce();
      const entry = entries.get(key);
      if (entry) {
        await quickBytesUnderWay(entry, request);
        return hit(entry, request, time);
      }
      stats.misses += 1;
      let inFlight = pending.get(key);
      let mine = false;
      if (!inFlight || inFlight.version !== version || inFlight.period !== period) {
        mine = true;
        const answer = (async () => build(key, await produce(), exactStock))();
        const started = { version, period, answer };
        inFlight = started;
        pending.set(key, started);
        void answer
          .then((made) => {
            // Kept only if nothing was written while it was made (else it may show what was before), in the same period.
            if (!(made instanceof Response) && checkVersion(now()) === version && period === started.period && made.bytes <= maxBytes / 4) {
              const replaced = entries.get(key);
              if (replaced) {
                // Made twice over (asked for again across a change while the first was made): the newer one stays, counted once.
                entries.delete(key);
                usedBytes -= replaced.bytes;
              }
              makeRoom(made.bytes);
              entries.set(key, made);
              mostRecent = made;
              usedBytes += made.bytes;
            }
          })
          .catch(() => {})
          .finally(() => {
            if (pending.get(key) === started) pending.delete(key);
          });
      }
      const made = await inFlight.answer;
      // The first answers of a page (its maker's and any that waited for it) carry no Age: they were just made.
      if (!(made instanceof Response)) {
        await quickBytesUnderWay(made, request);
        return answerFrom(made, request, now(), false);
      }
      // An answer that is not kept (an error page, say) has a body only one request can read.
      return mine ? made : produce();
    },

    stats(): { hits: number; misses: number; clears: number; forgets: number; entries: number; bytes: number } {
      return { ...stats, entries: entries.size, bytes: usedBytes };
    },
  };
}
