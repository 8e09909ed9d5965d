/** One line per request: what the owner needs to follow a problem, nothing a thief could use. */
export type RequestLogEntry = {
  method: string;
  /** The path with secret-looking segments replaced; never the query string. */
  path: string;
  status: number;
  /** Milliseconds until the response started (a streamed page may go on a little longer). */
  durationMs: number;
  requestId: string;
};

export type RequestLogger = (entry: RequestLogEntry) => void;

const REDACTED = ":redacted";

/**
 * Writes the line that `log("info", "request", entry)` would, but gathers the
 * lines of 10 ms into a single write: under load one write per request (or per
 * event-loop turn, which is often only a request or two) is a system call per
 * request (see docs/decisions/0008-performance.md). Nothing is dropped: the
 * batch goes out after 10 ms, when it passes 64 kB, and when the process exits. The line
 * is put together by hand, in log()'s key order, because this runs for every
 * request and JSON.stringify of a spread object was a tenth of a kept page's cost.
 */
export function logRequestLine(entry: RequestLogEntry): void {
  const line =
    `{"time":"${isoTimeNow()}","level":"info","msg":"request","method":${quotedOften(entry.method)},` +
    `"path":${quotedOften(entry.path)},"status":${entry.status},"durationMs":${entry.durationMs},"requestId":${quotedId(entry.requestId)}}`;
  pending.push(line);
  pendingBytes += line.length;
  if (pendingBytes >= FLUSH_BYTES) flushRequestLines();
  else if (!flushScheduled) {
    flushScheduled = true;
    setTimeout(flushRequestLines, FLUSH_AFTER_MS).unref();
  }
}

const FLUSH_BYTES = 64 * 1024;
const FLUSH_AFTER_MS = 10;
let pending: string[] = [];
let pendingBytes = 0;
let flushScheduled = false;
let isoMillis = 0;
let isoText = "";

/**
 * JSON.stringify of a method or logged path, remembered: a busy shop logs the same few again and
 * again, and quoting them afresh was a fifth of the line's cost. The memory is bounded as app.ts
 * bounds its logged paths.
 */
function quotedOften(text: string): string {
  let quoted = quotedTexts.get(text);
  if (quoted === undefined) {
    if (quotedTexts.size >= 1000) quotedTexts.clear();
    quoted = JSON.stringify(text);
    quotedTexts.set(text, quoted);
  }
  return quoted;
}
const quotedTexts = new Map<string, string>();

/** A request id (newRequestId: a UUID) needs no escaping, which is quicker to check than to do; anything else is quoted. */
function quotedId(id: string): string {
  return UUID.test(id) ? `"${id}"` : JSON.stringify(id);
}
const UUID = /^[0-9a-f-]{36}$/;

/** new Date().toISOString(), made once per millisecond: a busy shop logs many requests within one. */
function isoTimeNow(): string {
  const millis = Date.now();
  if (millis !== isoMillis) {
    isoMillis = millis;
    isoText = new Date(millis).toISOString();
  }
  return isoText;
}

function flushRequestLines(): void {
  flushScheduled = false;
  if (pending.length === 0) return;
  const lines = pending;
  pending = [];
  pendingBytes = 0;
  // One console.log, as log() uses: the same stream and the same behaviour at exit.
  console.log(lines.join("\n"));
}

process.on("exit", flushRequestLines);

/** A fresh id per request, sent back as X-Request-Id so a shopper's report can be found in the log. */
export function newRequestId(): string {
  return crypto.randomUUID();
}

// Public, content-hashed file names: never secrets, and worth reading in a log.
const PUBLIC_FILES = /^\/(assets|media)\/[^/]+$/;

// Order ids (ORD- and 26 base32 characters) are the shopper's public reference,
// printed in emails and the admin: they stay readable.
const ORDER_ID = /^ORD-[0-9A-Z]{10,40}$/;
// A slug: lowercase words or numbers joined by hyphens ("plant-labels", "relief-map-2025").
const SLUG = /^[a-z]+(?:-(?:[a-z]+|[0-9]+))*$|^[0-9]+(?:-(?:[a-z]+|[0-9]+))*$/;

/**
 * True for a segment that looks like a random secret: 16 or more characters of
 * a token alphabet that are not a readable slug (hex, base64url, UUIDs, cs_…).
 */
export function looksLikeToken(segment: string): boolean {
  if (segment.length < 16 || !/^[A-Za-z0-9_.~=-]+$/.test(segment)) return false;
  if (ORDER_ID.test(segment)) return false;
  return !SLUG.test(segment);
}

/**
 * The redaction for the log: `secretAfter` says where a segment is a secret by
 * position whatever it looks like (derived from the routes' declared
 * `secretParams`, src/http/route-policy.ts), matched against the path before
 * it, decoded. Any other segment that looks like a token is replaced too.
 */
export function createPathRedactor(secretAfter: readonly RegExp[]): (pathname: string) => string {
  return (pathname) => {
    if (PUBLIC_FILES.test(pathname)) return pathname.length > 300 ? `${pathname.slice(0, 300)}…` : pathname;
    const segments = pathname.split("/");
    let prefix = "";
    const out: string[] = [];
    for (const [index, raw] of segments.entries()) {
      if (index === 0) {
        out.push(raw);
        prefix = "/";
        continue;
      }
      let segment = raw;
      try {
        segment = decodeURIComponent(raw);
      } catch {
        // Malformed escapes are logged as sent.
      }
      const secret = raw !== "" && (secretAfter.some((pattern) => pattern.test(prefix)) || looksLikeToken(segment));
      out.push(secret ? REDACTED : raw);
      prefix += `${segment}/`;
    }
    // A path is attacker-chosen: keep lines short.
    const path = out.join("/");
    return path.length > 300 ? `${path.slice(0, 300)}…` : path;
  };
}
