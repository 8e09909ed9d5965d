import { BadRequest, PayloadTooLarge, RequestTimeout } from "../errors";

/** Room for the other form fields, part headers and boundaries around a form's file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/**
 * The slowest a body may arrive, on average: 1 Mbit/s, a slow home or mobile
 * uplink. A body is read inside the one heavy-work slot, and a sender who
 * trickles it (a byte now and then is never idle long enough for the socket's
 * idle timeout) would otherwise hold that slot, and every upload behind it,
 * for as long as it liked.
 */
const SLOWEST_BODY_BYTES_PER_SECOND = 128 * 1024;
/** However small the body, this long is allowed: a phone on a weak signal stalls for seconds at a time. */
const SHORTEST_BODY_TIME_LIMIT_MS = 30_000;
const BODY_TIMEOUT_MESSAGE = "The upload arrived too slowly and was stopped. Please check your connection and try again.";

/** How long a body of `bytes` may take to arrive. */
export function bodyTimeLimitMs(bytes: number): number {
  return Math.max(SHORTEST_BODY_TIME_LIMIT_MS, Math.ceil((bytes / SLOWEST_BODY_BYTES_PER_SECOND) * 1000));
}

/** What a route allows in a multipart body, and what it answers when the body is not that. */
export type MultipartRules = {
  /** The most the whole body may hold: files, other fields and framing together. */
  maxBytes: number;
  /** The 413 answer for a body past maxBytes. */
  tooLarge: string;
  /** The 400 answer for a body that is not multipart/form-data; without it such a body reads as an empty form, unread. */
  notMultipart?: string;
  /** The 400 answer for a multipart body that cannot be parsed; without it such a body reads as an empty form. */
  unreadable?: string;
  /** How long the body may take to arrive; by default bodyTimeLimitMs of its declared length, or of maxBytes. */
  timeLimitMs?: number;
};

/**
 * The one reader of an uploaded multipart body (GPX routes, photos, custom
 * request attachments, the owner's pictures), which never holds more than
 * the route allows.
 *
 * Elysia's default multipart parsing calls request.formData(), which buffers
 * the whole body before any handler runs, so upload routes use
 * `{ parse: 'none' }` and read the body here instead:
 * 1. a Content-Length above the limit is refused before a byte is read;
 * 2. otherwise the body stream is read chunk by chunk and cancelled the
 *    moment the count passes the limit (chunked bodies have no length);
 * 3. a body still arriving after its time limit is cancelled with 408;
 * 4. only then are the collected bytes parsed as form data.
 */
export async function readMultipartForm(request: Request, rules: MultipartRules): Promise<FormData> {
  // Read the headers before the body: Bun fills in a FormData body's
  // content-type lazily and loses it once the stream has been consumed.
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    await request.body?.cancel().catch(() => undefined);
    if (rules.notMultipart) throw new BadRequest(rules.notMultipart);
    return new FormData();
  }
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > rules.maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw new PayloadTooLarge(rules.tooLarge);
  }

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body?.getReader();
  let timer: Timer | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RequestTimeout(BODY_TIMEOUT_MESSAGE)),
      rules.timeLimitMs ?? bodyTimeLimitMs(Number.isFinite(declared) ? declared : rules.maxBytes),
    );
  });
  timedOut.catch(() => undefined); // it is raced below; a timer that fires between reads must not go unhandled
  try {
    while (reader) {
      const { done, value } = await Promise.race([reader.read(), timedOut]);
      if (done) break;
      total += value.byteLength;
      if (total > rules.maxBytes) throw new PayloadTooLarge(rules.tooLarge);
      chunks.push(value);
    }
  } catch (error) {
    await reader?.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const body = new Blob(chunks as BlobPart[]);
  // The Blob holds its own copy: let the chunks go before the form is parsed.
  chunks.length = 0;
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    if (rules.unreadable) throw new BadRequest(rules.unreadable);
    return new FormData();
  }
}
