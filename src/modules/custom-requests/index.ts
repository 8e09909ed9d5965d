import { Elysia } from "elysia";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "../../../shared/attachments";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { readMultipartForm } from "../../http/read-body";
import { PERSONAL, PUBLIC, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { checkAttachments } from "./file-checks";
import { BODY_TOO_LARGE, CAPTCHA_FAILED, CAPTCHA_MISSING, customRequestFieldsSchema, FORM_UNREADABLE, NOT_MULTIPART } from "./model";

/** Room for one file too many (so its count gets the clear message) plus the text fields. */
const MAX_BODY_BYTES = (MAX_ATTACHMENTS + 1) * MAX_ATTACHMENT_BYTES + 1024 * 1024;

/**
 * POST /api/custom-request (docs/product.md#public-calls) and the captcha it
 * needs: GET /api/captcha/config (what the widget may know) and GET
 * /api/captcha/challenge (ALTCHA's puzzle; 404 when Turnstile is in use).
 */
export function customRequestRoutes({
  customRequests: requests,
  env,
  captcha,
  assets,
  heavyWork,
  uploadBudget,
  rateLimits,
}: Pick<Deps, "customRequests" | "env" | "captcha" | "assets" | "heavyWork" | "uploadBudget" | "rateLimits">) {
  const noStore = { "cache-control": "no-store" };

  return new Elysia({ name: "custom-requests" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .get(
      "/api/captcha/config",
      ({ set }) => {
        Object.assign(set.headers, noStore);
        const config = captcha.siteConfig();
        return config.kind === "altcha" ? { ...config, workerUrl: assets.captchaWorker, stylesheetUrl: assets.captchaStylesheet } : config;
      },
      { policy: PUBLIC },
    )
    .get(
      "/api/captcha/challenge",
      async ({ address, set }) => {
        if (!captcha.challenge) throw new NotFound("This shop uses Turnstile: there is no ALTCHA challenge to fetch.");
        rateLimits.captchaChallenges.count(address);
        Object.assign(set.headers, noStore);
        return captcha.challenge();
      },
      { policy: PUBLIC },
    )
    .post(
      "/api/custom-request",
      async ({ request, server, set, address }) => {
        rateLimits.customRequestSends.count(address);
        // Its files are held to the sender's disk budget when stored (a request without files always gets through).
        const addressHash = uploadBudget.hashAddress(address);
        // Up to 25 MB of files: read and checked inside the one heavy-work slot, like every upload.
        return heavyWork.run({ request, server, address }, async () => {
          const form = await readMultipartForm(request, {
            maxBytes: MAX_BODY_BYTES,
            tooLarge: BODY_TOO_LARGE,
            notMultipart: NOT_MULTIPART,
            unreadable: FORM_UNREADABLE,
          });

          // The captcha first: nothing about the rest is looked at for a robot.
          const token = form.get("captchaToken");
          if (typeof token !== "string" || token.trim() === "") throw new BadRequest(CAPTCHA_MISSING);
          if (!(await captcha.verify(token.trim(), address === "unknown" ? undefined : address))) {
            throw new BadRequest(CAPTCHA_FAILED);
          }

          const fields = parseOrBadRequest(customRequestFieldsSchema, {
            name: formText(form, "name"),
            email: formText(form, "email"),
            details: formText(form, "details", { multiline: true }),
            material: formText(form, "material"),
            // The form may say colour or color; the database says color.
            color: formText(form, "color") ?? formText(form, "colour"),
          });
          const attachments = await checkAttachments(form.getAll("attachments"));
          set.status = 201;
          return requests.submit(fields, attachments, addressHash);
        });
      },
      // Read by hand: Elysia's own form parser turns text that looks like JSON into objects.
      // Personal: the answer is about the sender's own request.
      { parse: "none", policy: PERSONAL },
    );
}

/**
 * A text field trimmed, with control characters removed (kept: line breaks
 * in multi-line text). Undefined when absent, empty or not text at all.
 */
function formText(form: FormData, key: string, { multiline = false } = {}): string | undefined {
  const value = form.get(key);
  if (typeof value !== "string") return undefined;
  const cleaned = multiline
    ? // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (line breaks aside) are what this removes
      value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    : // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      value.replace(/[\u0000-\u001f\u007f]+/g, " ");
  const trimmed = cleaned.trim();
  return trimmed === "" ? undefined : trimmed;
}
