import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";
/** Bytes a Response can carry. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Answers below this size gain nothing from compression. */
export const MIN_COMPRESS_BYTES = 512;

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when the
 * client takes it, else gzip, else none. `q=0` refuses an encoding.
 */
export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  if (!acceptEncoding.includes("q=")) {
    if (acceptEncoding.includes("br")) return "br";
    return acceptEncoding.includes("gzip") ? "gzip" : null;
  }
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  return accepted.has("gzip") || accepted.has("*") ? "gzip" : null;
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
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === bare);
}

/** Bodies past this size are sent as they are rather than held in memory to compress. */
const MAX_RUNTIME_COMPRESS_BYTES = 4 * 1024 * 1024;

/**
 * Compresses an answer that was made for one request (a personal page, an API
 * answer that is not kept): text types only, never one already encoded, and
 * only when the client takes an encoding. The body is read whole first, which
 * for these small answers costs less than the bytes it saves.
 */
export async function compressAnswer(response: Response, request: Request): Promise<Response> {
  if (!response.body || response.status === 204 || response.status === 304 || request.method === "HEAD") return response;
  const headers = response.headers;
  if (headers.has("content-encoding") || !isCompressible(headers.get("content-type"))) return response;
  const length = Number(headers.get("content-length") ?? 0);
  if (length > MAX_RUNTIME_COMPRESS_BYTES || (length > 0 && length < MIN_COMPRESS_BYTES)) return response;
  const encoding = pickEncoding(request.headers.get("accept-encoding"));
  if (!encoding) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const fresh = new Headers(headers);
  fresh.append("vary", "Accept-Encoding");
  if (body.byteLength < MIN_COMPRESS_BYTES)
    return new Response(body, { status: response.status, statusText: response.statusText, headers: fresh });
  fresh.delete("content-length");
  fresh.set("content-encoding", encoding);
  return new Response(compress(body, encoding), { status: response.status, statusText: response.statusText, headers: fresh });
}
