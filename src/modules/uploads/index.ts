import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { MULTIPART_OVERHEAD_BYTES, readMultipartForm } from "../../http/read-body";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { ownerSignedIn } from "../admin-auth";
import { MODEL_UPLOAD_MESSAGES } from "../instant-prices/model";
import { parseOrBadRequest } from "../validate";
import { formFile, formText } from "./form-fields";
import { GPX_MAX_BYTES, IMAGE_MAX_BYTES, MESSAGES, MODEL_MAX_BYTES, productIdSchema, routeTrimSchema } from "./model";
import type { UploadOptions } from "./service";

/** What an upload call's handler gets from Elysia and passes on; `address` from clientAddressPlugin. */
type UploadCall = {
  request: Request;
  address: string;
  server: { requestIP(request: Request): { address: string } | null; timeout(request: Request, seconds: number): void } | null;
  set: { headers: Record<string, unknown>; status?: number | string };
};

/**
 * POST /api/gpx/upload and /api/image/upload (docs/product.md#public-calls) answer
 * `{ token, name, details }`; the previews draw what was uploaded. POST /api/models/upload answers 201 with the
 * model's analysis (shared/instant-prices.ts, docs/decisions/0042-instant-prices-calls-and-checkout.md). Bodies are
 * read by readMultipartForm (parse: 'none'), which stops at the size limit:
 * the file's own limit plus a small allowance for the rest of the form; the
 * exact per-file check happens once the file is in hand (formFile).
 */
export function uploadRoutes({
  uploads,
  env,
  heavyWork,
  uploadBudget,
  rateLimits,
  adminSessions,
}: Pick<Deps, "uploads" | "env" | "heavyWork" | "uploadBudget" | "rateLimits" | "adminSessions">) {
  // A preview is the same for whoever holds the token (its own headers keep it out of shared caches); the token stays out of the log.
  const previewPolicy = { policy: { audience: "public", secretParams: ["token"] } } as const;
  const isOwner = ownerSignedIn({ env, adminSessions });

  /**
   * A shopper's previews are limited per address, counted before the token is looked up; the owner's own pages
   * (a print of packing slips, an order's files) are not (docs/decisions/0026-limits-and-working-days.md).
   */
  async function countPreview(address: string, cookie: Record<string, { value?: unknown } | undefined>): Promise<void> {
    if (!(await isOwner(cookie))) rateLimits.previews.count(address);
  }

  /**
   * One upload call. Everything that costs nothing comes before the body is
   * read: the rate limit, then the disk budget (is anything left for this
   * address at all?). Then the body is read and the file handled inside the
   * one heavy-work slot.
   */
  async function receive<T>(
    { request, server, set, address }: UploadCall,
    { field, maxBytes, tooLarge }: { field: string; maxBytes: number; tooLarge: string },
    store: (productId: string, file: File | null, options: UploadOptions) => Promise<T>,
  ): Promise<T> {
    rateLimits.uploads.count(address);
    const addressHash = uploadBudget.hashAddress(address);
    uploadBudget.admit(addressHash, 0);
    return heavyWork.run({ request, server, address }, async () => {
      // Anything but multipart, or a broken body, reads as a form without the file: "Choose a … file".
      const form = await readMultipartForm(request, { maxBytes: maxBytes + MULTIPART_OVERHEAD_BYTES, tooLarge });
      const productId = parseOrBadRequest(productIdSchema, formText(form, "productId"));
      // The route's hidden ends (a photo has none), and the shopper's earlier upload this one replaces
      // (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md,
      // docs/decisions/0028-route-trim-in-the-browser.md).
      const trim =
        field === "gpx"
          ? parseOrBadRequest(routeTrimSchema, { startM: formText(form, "trimStartM"), endM: formText(form, "trimEndM") })
          : undefined;
      set.headers["cache-control"] = "no-store";
      return store(productId, formFile(form, field, maxBytes, tooLarge), { addressHash, trim, replaces: formText(form, "replaces") });
    });
  }

  return (
    new Elysia({ name: "uploads" })
      .use(routePolicy)
      .use(clientAddressPlugin(env.TRUST_PROXY))
      .post(
        "/api/gpx/upload",
        (call) => receive(call, { field: "gpx", maxBytes: GPX_MAX_BYTES, tooLarge: MESSAGES.gpxTooLarge }, uploads.uploadGpx),
        // The answer hands the sender the upload's token.
        { parse: "none", policy: PERSONAL },
      )
      .post(
        "/api/models/upload",
        async (call) => {
          const answer = await receive(
            call,
            { field: "model", maxBytes: MODEL_MAX_BYTES, tooLarge: MODEL_UPLOAD_MESSAGES.modelTooLarge },
            uploads.uploadModel,
          );
          call.set.status = 201;
          return answer;
        },
        { parse: "none", policy: PERSONAL },
      )
      .post(
        "/api/image/upload",
        (call) => receive(call, { field: "image", maxBytes: IMAGE_MAX_BYTES, tooLarge: MESSAGES.imageTooLarge }, uploads.uploadImage),
        { parse: "none", policy: PERSONAL },
      )
      // ?size=thumb: the map alone for the basket's 80 px thumbnail; anything else is the full preview.
      .get(
        "/api/uploads/:token/preview.svg",
        async ({ params, query, address, cookie }) => {
          await countPreview(address, cookie);
          return new Response(uploads.routePreview(params.token, query.size === "thumb" ? "thumb" : "full"), {
            headers: {
              "Content-Type": "image/svg+xml; charset=utf-8",
              // Our own drawing, but an SVG opened directly is a document: no scripts, no fetches.
              "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
              "X-Content-Type-Options": "nosniff",
              "Cache-Control": "private, max-age=3600",
            },
          });
        },
        previewPolicy,
      )
      // The thumbnail for emails, drawn into pixels by sharp: image work, so it waits for the heavy-work slot;
      // the limit and the look-up (404) come first, so an unknown token never waits for it (0026).
      .get(
        "/api/uploads/:token/preview.png",
        async ({ params, request, server, address, cookie }) => {
          await countPreview(address, cookie);
          const draw = uploads.routeThumbPicture(params.token);
          const picture = await heavyWork.run({ request, server, address }, draw);
          return new Response(new Uint8Array(picture), {
            headers: { "Content-Type": "image/png", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, max-age=3600" },
          });
        },
        previewPolicy,
      )
      // Decoding the stored photo is image work like any other: it waits for the same slot, after the limit and look-up.
      .get(
        "/api/uploads/:token/preview.jpg",
        async ({ params, request, server, address, cookie }) => {
          await countPreview(address, cookie);
          const decode = await uploads.photoPreview(params.token);
          const preview = await heavyWork.run({ request, server, address }, decode);
          return new Response(new Uint8Array(preview), {
            headers: { "Content-Type": "image/jpeg", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, max-age=3600" },
          });
        },
        previewPolicy,
      )
  );
}
