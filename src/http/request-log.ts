import { write, writeSync } from "node:fs";

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
 * The request lines of one output (the shop's: standard output), each the line that `log("info", "request",
 * entry)` would write, gathered for 10 ms into a single write: under load one write per request (or per
 * event-loop turn, which is often only a request or two) is a system call per request (see
 * docs/decisions/0008-performance.md). The line is put together by hand, in log()'s key order, because this
 * runs for every request and JSON.stringify of a spread object was a tenth of a kept page's cost.
 *
 * The write itself runs off the event loop (node:fs's callback `write`, on Bun's thread pool), one at a time
 * and in order: a write to a file or a pipe can sleep (the kernel throttles writers while the disk catches
 * up; a log reader falls behind), and the shoppers' answers must not sleep with it. A 74 ms stall of the
 * bench's owner loop was one such write (docs/decisions/0055-single-pages-start-and-stalls.md). The batch
 * goes out after 10 ms, when it passes 64 kB, and at exit. What waits behind a write that has not finished is
 * bounded (MOST_WAITING_BYTES, seconds of lines at full load): past it lines are dropped and a warning line
 * says how many, rather than the shop sleeping with its output or holding ever more memory.
 */
export type RequestLineLog = {
  line(entry: RequestLogEntry): void;
  /** Resolves once every line logged so far is written (a clean shutdown waits for it). */
  written(): Promise<void>;
};

const FLUSH_BYTES = 64 * 1024;
const FLUSH_AFTER_MS = 10;
/** Lines waiting behind a write in progress, at most: past it a batch is dropped and counted. */
const MOST_WAITING_BYTES = 8 * 1024 * 1024;
/** A pipe whose reader is behind says "try again" (EAGAIN) to a non-blocking write: asked again this much later. */
const RETRY_AFTER_MS = 5;

/** A batch's bytes: room for FLUSH_BYTES and the line that takes it past them. */
const BATCH_BYTES = FLUSH_BYTES + 16 * 1024;

export function createRequestLineLog(fd: number): RequestLineLog {
  /** The batch being gathered: each line is written into its bytes as it is logged (see `line`). */
  let batch = newBatch(BATCH_BYTES);
  let pendingBytes = 0;
  let pendingLines = 0;
  let flushScheduled = false;
  /** Whole batches, in order, behind the write in progress. */
  let waiting: Buffer[] = [];
  let waitingBytes = 0;
  let writing = false;
  let whenWritten: (() => void)[] = [];
  /** Lines let go since the last write that said so (MOST_WAITING_BYTES). */
  let dropped = 0;

  const flush = (): void => {
    flushScheduled = false;
    if (pendingLines === 0) return;
    const lineCount = pendingLines;
    const lines = batch.subarray(0, pendingBytes);
    batch = newBatch(BATCH_BYTES);
    pendingLines = 0;
    pendingBytes = 0;
    if (!writing && waiting.length === 0) {
      startWrite(lines);
      return;
    }
    if (dropped > 0 || waitingBytes + lines.length > MOST_WAITING_BYTES) {
      // The output has not taken a write for seconds of full load: these lines go, counted, rather than the
      // shop's memory or its shoppers' answers (writing here would sleep, and could cut into the write under way).
      // Once lines go, the next go too until what waits is written: a smaller batch slipping in behind the ones
      // let go would leave a gap the warning line, written after what waited, does not explain.
      dropped += lineCount;
      return;
    }
    waiting.push(lines);
    waitingBytes += lines.length;
  };

  const startWrite = (bytes: Buffer): void => {
    writing = true;
    write(fd, bytes, 0, bytes.length, null, (error, written) => {
      writing = false;
      if (error) {
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
          waiting.unshift(bytes);
          waitingBytes += bytes.length;
          setTimeout(writeNext, RETRY_AFTER_MS).unref();
          return;
        }
        // An output that cannot be written to (closed) is written to in line, as console.log would, or not at all.
        tryWriteSync(bytes);
      } else if (written < bytes.length) {
        waiting.unshift(bytes.subarray(written));
        waitingBytes += bytes.length - written;
      }
      writeNext();
    });
  };

  const writeNext = (): void => {
    if (writing) return;
    if (dropped > 0) {
      const note = {
        time: new Date().toISOString(),
        level: "warn",
        msg: "request lines dropped: the log output fell behind",
        lines: dropped,
      };
      dropped = 0;
      waiting.push(Buffer.from(`${JSON.stringify(note)}\n`));
    }
    if (waiting.length > 0) {
      const bytes = waiting.length === 1 ? waiting[0]! : Buffer.concat(waiting);
      waiting = [];
      waitingBytes = 0;
      startWrite(bytes);
      return;
    }
    const callers = whenWritten;
    whenWritten = [];
    for (const resolve of callers) resolve();
  };

  const writeWaitingInLine = (): void => {
    const bytes = Buffer.concat(waiting);
    waiting = [];
    waitingBytes = 0;
    tryWriteSync(bytes);
  };

  const tryWriteSync = (bytes: Buffer): void => {
    try {
      writeSync(fd, bytes);
    } catch {
      // Nowhere left to write the log.
    }
  };

  // At exit nothing more runs on the thread pool: whatever waits is written in line (a write still in progress
  // finishes on its own thread; a clean shutdown waits for `written()` first, so there is none).
  process.on("exit", () => {
    flush();
    if (waiting.length > 0) writeWaitingInLine();
  });

  return {
    line(entry) {
      // Written piece by piece into the batch's bytes, never made as one string: a line put together as a
      // string, then joined and encoded with its batch, cost more than the rest of a kept answer's JavaScript
      // (docs/decisions/0067-the-kept-answer-s-line-and-the-collector.md). Every piece but the numbers and the id is
      // a string made once and remembered (the time once a millisecond, a method or path once).
      const head = lineHeadNow();
      const method = methodPiece(entry.method);
      const path = pathPiece(entry.path);
      const id = UUID.test(entry.requestId) ? null : JSON.stringify(entry.requestId);
      // UTF-8 takes at most three bytes a character, the rest is ASCII (LINE_ASCII_MOST): a line that might not fit
      // starts the next batch.
      const most = head.length + (method.length + path.length + (id ?? entry.requestId).length) * 3 + LINE_ASCII_MOST;
      if (pendingBytes + most > batch.length) flush();
      if (most > batch.length) batch = newBatch(most);
      let at = pendingBytes;
      at += batch.latin1Write(head, at);
      at += batch.utf8Write(method, at);
      at += batch.utf8Write(path, at);
      at = writeNumber(batch, at, entry.status);
      at += batch.latin1Write(DURATION_KEY, at);
      at = writeNumber(batch, at, entry.durationMs);
      at += batch.latin1Write(REQUEST_ID_KEY, at);
      if (id === null) {
        batch[at++] = QUOTE;
        at += batch.latin1Write(entry.requestId, at);
        batch[at++] = QUOTE;
      } else at += batch.utf8Write(id, at);
      batch[at++] = CLOSE_BRACE;
      batch[at++] = NEWLINE;
      pendingBytes = at;
      pendingLines += 1;
      if (pendingBytes >= FLUSH_BYTES) flush();
      else if (!flushScheduled) {
        flushScheduled = true;
        setTimeout(flush, FLUSH_AFTER_MS).unref();
      }
    },
    written() {
      flush();
      if (!writing && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => whenWritten.push(resolve));
    },
  };
}

/** The shop's request lines, on standard output beside log()'s lines (main.ts). */
const standardOutput = createRequestLineLog(1);
export const logRequestLine: RequestLogger = (entry) => standardOutput.line(entry);
export const requestLinesWritten = (): Promise<void> => standardOutput.written();

/** Buffer's own writers, which Node and Bun have and its types leave out: no encoding name to look up per call. */
type LineBytes = Buffer & {
  latin1Write(text: string, offset: number): number;
  utf8Write(text: string, offset: number): number;
};

function newBatch(bytes: number): LineBytes {
  return Buffer.allocUnsafe(bytes) as LineBytes;
}

const QUOTE = 0x22;
const CLOSE_BRACE = 0x7d;
const NEWLINE = 0x0a;
const DURATION_KEY = ',"durationMs":';
const REQUEST_ID_KEY = ',"requestId":';
/** The bytes of a line besides its head, method, path and id, at most: keys, quotes, brace, newline and two numbers. */
const LINE_ASCII_MOST = DURATION_KEY.length + REQUEST_ID_KEY.length + 4 + 2 * 24;

/**
 * A number as JSON writes it: integers and tenths (every status and duration) by hand, any other as String() has it,
 * and one JSON cannot hold (NaN, an infinity) as `null`, as JSON.stringify does.
 */
function writeNumber(bytes: LineBytes, at: number, value: number): number {
  const tenths = Math.round(value * 10);
  if (tenths / 10 !== value || tenths < 0 || tenths >= 1e9)
    return at + bytes.latin1Write(Number.isFinite(value) ? String(value) : "null", at);
  const whole = (tenths - (tenths % 10)) / 10;
  let end = at + digitCount(whole);
  for (let rest = whole, place = end - 1; place >= at; place--) {
    bytes[place] = 0x30 + (rest % 10);
    rest = (rest - (rest % 10)) / 10;
  }
  if (tenths % 10 !== 0) {
    bytes[end++] = 0x2e;
    bytes[end++] = 0x30 + (tenths % 10);
  }
  return end;
}

function digitCount(whole: number): number {
  let count = 1;
  for (let rest = whole; rest >= 10; rest = (rest - (rest % 10)) / 10) count++;
  return count;
}

let headMillis = -1;
let headText = "";

/** `{"time":"<now, ISO>","level":"info","msg":"request","method":`, made once per millisecond: a busy shop logs many requests within one. */
function lineHeadNow(): string {
  const millis = Date.now();
  if (millis !== headMillis) {
    headMillis = millis;
    headText = `{"time":"${new Date(millis).toISOString()}","level":"info","msg":"request","method":`;
  }
  return headText;
}

/**
 * A method or logged path quoted as JSON.stringify quotes it, with the key that follows it in the line, remembered:
 * a busy shop logs the same few again and again, and quoting them afresh was a fifth of the line's cost. The memory
 * is bounded as app.ts bounds its logged paths.
 */
function rememberedPiece(pieces: Map<string, string>, text: string, nextKey: string): string {
  let piece = pieces.get(text);
  if (piece === undefined) {
    if (pieces.size >= 1000) pieces.clear();
    piece = JSON.stringify(text) + nextKey;
    pieces.set(text, piece);
  }
  return piece;
}
const methodPieces = new Map<string, string>();
const pathPieces = new Map<string, string>();
const methodPiece = (method: string) => rememberedPiece(methodPieces, method, ',"path":');
const pathPiece = (path: string) => rememberedPiece(pathPieces, path, ',"status":');

/** A request id (newRequestId: a UUID) needs no escaping, which is quicker to check than to do; anything else is quoted. */
const UUID = /^[0-9a-f-]{36}$/;

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
