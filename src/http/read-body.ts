import { BadRequest, PayloadTooLarge } from "../errors";

/** Room for the other form fields, part headers and boundaries around a form's file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

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
 * 3. only then are the collected bytes parsed as form data.
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
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > rules.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge(rules.tooLarge);
    }
    chunks.push(value);
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
