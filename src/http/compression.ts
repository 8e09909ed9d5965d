import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, createGzip, gzip, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";
/** Bytes a Response can carry. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Answers below this size gain nothing from compression. */
export const MIN_COMPRESS_BYTES = 512;

/** What a kept or whole answer may be compressed with, best first. */
const WHOLE_ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/**
 * The encoding to answer with for an Accept-Encoding header: the first of
 * `offered` (brotli, then gzip) the client takes, else none. `q=0` refuses an
 * encoding; `*` stands for gzip.
 */
export function pickEncoding(acceptEncoding: string | null, offered: readonly Encoding[] = WHOLE_ENCODINGS): Encoding | null {
  if (!acceptEncoding) return null;
  if (acceptEncoding.includes("q=")) return pickWeighted(acceptEncoding, offered);
  // What every browser sends: a plain list. Looked up in a loop, not with a callback: this runs for every kept answer,
  // and a callback would make the engine allocate a scope for its captured variables on every call
  // (docs/decisions/0068-what-a-kept-answer-leaves-for-the-collector.md).
  for (const name of offered) if (acceptEncoding.includes(name)) return name;
  return null;
}

/** An `Accept-Encoding` with weights: a name weighted `q=0` is refused. */
function pickWeighted(acceptEncoding: string, offered: readonly Encoding[]): Encoding | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return offered.find((name) => accepted.has(name) || (name === "gzip" && accepted.has("*"))) ?? null;
}

/**
 * Brotli quality for answers compressed while the shop runs (a page after each
 * change): 6 is within a few per cent of 11 for pages this size at a
 * fortieth of the time (about 2 ms for the catalogue page instead of 75).
 */
const RUNTIME_BROTLI_QUALITY = 6;

/**
 * How hard to compress: "quick" for a kept page's first answers (it may be
 * made again after a few asks: brotli 1 and gzip 1 take a third of the time
 * of "runtime" for a fifth more bytes), "runtime" for answers asked for often
 * enough to repay it, "max" never at run time.
 */
export type Effort = "quick" | "runtime" | "max";
const BROTLI_QUALITY: Record<Effort, number> = { quick: 1, runtime: RUNTIME_BROTLI_QUALITY, max: 11 };
const GZIP_LEVEL: Record<Effort, number> = { quick: 1, runtime: 6, max: 9 };

const brotliOptions = (body: Bytes, effort: Effort) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.byteLength),
  },
});

export function compress(body: Bytes, encoding: Encoding, effort: Effort = "runtime"): Bytes {
  if (encoding === "gzip") return gzipSync(body, { level: GZIP_LEVEL[effort] }) as Bytes;
  return brotliCompressSync(body, brotliOptions(body, effort)) as Bytes;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `compress` on the thread pool, for a body whose compression in line would hold up every other
 * request: brotli 6 of the 1.9 MB catalogue JSON of a 2,000-product shop takes tens of milliseconds
 * (docs/decisions/0033-catalogue-pages.md).
 */
export async function compressOffThread(body: Bytes, encoding: Encoding, effort: Effort): Promise<Bytes> {
  const bytes =
    encoding === "gzip" ? await gzipAsync(body, { level: GZIP_LEVEL[effort] }) : await brotliAsync(body, brotliOptions(body, effort));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Bytes;
}

/**
 * The smallest brotli window that holds the whole body (2^10 to 2^22 bytes).
 * Brotli's default, 4 MB, made each call allocate (and the kernel zero) buffers
 * sized for it, whatever the body: in the bench's crowd a 7 kB page took 2 ms
 * to compress instead of 0.1 ms (docs/decisions/0008-performance.md).
 */
function windowBitsFor(bytes: number): number {
  return Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))));
}

/** Types worth compressing: text. Pictures (WebP, PNG) are compressed already. */
export function isCompressible(contentType: string | null): boolean {
  if (!contentType) return false;
  return /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}

/** An If-None-Match header that names this entity tag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  // A loop, not `some` with a callback: this runs for every kept answer (see pickEncoding).
  for (const candidate of ifNoneMatch.split(",")) if (candidate.trim().replace(/^W\//, "") === bare) return true;
  return false;
}

/**
 * One gzip stream made of pieces handed over one at a time, each piece's bytes out as soon as it is in (a sync
 * flush after each, so the receiver can unzip what it has), the last closing the stream. It runs where it is
 * called: the orders export calls it in its worker, so a year's CSV is compressed there and not on the shoppers'
 * event loop (docs/decisions/0044-the-owner-beside-the-shoppers.md). At the quick level: the export is a download
 * made rarely, and gzip 1 takes a third of gzip 6's CPU for a CSV four-tenths larger.
 */
export function createGzipPieces(): (piece: Uint8Array, last: boolean) => Promise<Bytes> {
  const gzipper = createGzip({ level: GZIP_LEVEL.quick });
  const out: Uint8Array[] = [];
  let failure: Error | undefined;
  gzipper.on("data", (chunk: Uint8Array) => out.push(chunk));
  gzipper.on("error", (error: Error) => {
    failure = error;
  });
  return async (piece, last) => {
    await new Promise<void>((resolve, reject) => {
      if (last) {
        gzipper.once("end", resolve);
        gzipper.once("error", reject);
        gzipper.end(piece);
        // "end" comes only once the readable side is read to its end: it is, by the "data" listener.
      } else {
        gzipper.write(piece);
        gzipper.flush(constants.Z_SYNC_FLUSH, () => resolve());
      }
    });
    if (failure) throw failure;
    // Bytes with a buffer of their own (zlib's chunks may share one), as the export's worker moves the buffer.
    const size = out.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    return joined(out.splice(0), size);
  };
}

/**
 * Up to this many bytes an answer is read whole and compressed in one call, brotli first: for the usual
 * small answer that costs less than the bytes it saves. A longer one, or a stream still going past it, is never
 * held whole nor compressed in one call: see gzipStream (the orders export comes gzipped by its worker).
 */
const MOST_BYTES_COMPRESSED_WHOLE = 64 * 1024;

/**
 * Compresses an answer that was made for one request (a personal page, an API
 * answer that is not kept): text types only, never one already encoded, and
 * only when the client takes an encoding. Its first bytes are read to learn
 * whether it is short: a short answer is compressed whole, a long one as it
 * streams.
 */
export async function compressAnswer(response: Response, request: Request): Promise<Response> {
  if (!response.body || response.status === 204 || response.status === 304 || request.method === "HEAD") return response;
  const headers = response.headers;
  if (headers.has("content-encoding") || !isCompressible(headers.get("content-type"))) return response;
  const length = Number(headers.get("content-length") ?? 0);
  if (length > 0 && length < MIN_COMPRESS_BYTES) return response;
  const acceptEncoding = request.headers.get("accept-encoding");
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding) return response;
  const fresh = new Headers(headers);
  fresh.append("vary", "Accept-Encoding");
  const answer = (body: BodyInit) => new Response(body, { status: response.status, statusText: response.statusText, headers: fresh });
  const start = await readStart(response.body, MOST_BYTES_COMPRESSED_WHOLE);
  if (start.whole) {
    if (start.whole.byteLength < MIN_COMPRESS_BYTES) return answer(start.whole);
    fresh.delete("content-length");
    fresh.set("content-encoding", encoding);
    return answer(compress(start.whole, encoding));
  }
  fresh.delete("content-length");
  if (!pickEncoding(acceptEncoding, ["gzip"])) return answer(start.stream);
  fresh.set("content-encoding", "gzip");
  return answer(gzipStream(start.stream));
}

/**
 * A long answer is compressed as it streams with gzip only: CompressionStream's brotli runs at quality 11 (a
 * few hundred kB a second) with no way to set it. Its gzip costs the shop's own thread: a year's orders export
 * gzipped here took ~0.3 s more of it than the same export plain, so the export now arrives gzipped by its
 * worker (createGzipPieces) and passes through; this is for any other long answer.
 * Compressed chunk by chunk as the client reads it: the compressor asks the source for more only when it has
 * room, so a slow client holds back the source and nothing is held whole.
 * docs/decisions/0032-exports-off-the-main-thread.md, docs/decisions/0044-the-owner-beside-the-shoppers.md
 */
function gzipStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return body.pipeThrough(new CompressionStream("gzip") as ReadableWritablePair<Uint8Array, Uint8Array>);
}

/**
 * The body's first chunks, up to `limit` bytes: `whole` when the body ended within them, else `stream`, the
 * whole body again (the chunks read, then the rest as it is pulled).
 */
async function readStart(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ whole: Bytes; stream?: never } | { whole?: never; stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= limit) {
    const { done, value } = await reader.read();
    if (done) return { whole: joined(chunks, size) };
    chunks.push(value);
    size += value.byteLength;
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = chunks.shift();
        if (chunk) return controller.enqueue(chunk);
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Reads from the source only when asked: the compressor's own room is the only read-ahead.
    { highWaterMark: 0 },
  );
  return { stream };
}

/** The chunks as one buffer of its own (a lone chunk that fills its buffer is that buffer). */
export function joined(chunks: Uint8Array[], size: number): Bytes {
  if (chunks.length === 1 && chunks[0]!.byteLength === chunks[0]!.buffer.byteLength) return chunks[0] as Bytes;
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}
