import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest } from "../../errors";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { MULTIPART_OVERHEAD_BYTES, readMultipartForm } from "../../http/read-body";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { CAPTCHA_FAILED, CAPTCHA_MISSING } from "../custom-requests/model";
import { formFile, formText } from "../uploads/form-fields";
import { MODEL_MAX_BYTES } from "../uploads/model";
import { parseOrBadRequest } from "../validate";
import { askForPriceSchema, modelRequest } from "./ask-for-price";
import {
  actualMinutesSchema,
  CALIBRATION_MESSAGES,
  GCODE_MAX_BYTES,
  MODEL_UPLOAD_MESSAGES,
  PRICING_MESSAGES,
  priceRequestSchema,
  pricingSettingsSchema,
} from "./model";

/** The calibration upload is the one multipart admin write besides the catalogue's pictures (adminGuard lets it through). */
export const CALIBRATION_ROUTE = "/api/admin/pricing/calibration";

/**
 * The shopper's instant price calls (docs/decisions/0042-instant-prices-calls-and-checkout.md): POST /api/models/price
 * and POST /api/models/ask-for-price. The model's upload is an upload like the others (src/modules/uploads/index.ts).
 */
export function modelPriceRoutes({
  instantPrices,
  customRequests,
  captcha,
  uploadStorage,
  uploadBudget,
  heavyWork,
  rateLimits,
  env,
}: Pick<Deps, "instantPrices" | "customRequests" | "captcha" | "uploadStorage" | "uploadBudget" | "heavyWork" | "rateLimits" | "env">) {
  return (
    new Elysia({ name: "instant-prices" })
      .use(routePolicy)
      .use(clientAddressPlugin(env.TRUST_PROXY))
      // Personal: the answer is about the sender's own upload.
      .post(
        "/api/models/price",
        ({ body, address }) => {
          rateLimits.modelPrices.count(address);
          return instantPrices.price(parseOrBadRequest(priceRequestSchema, body));
        },
        { policy: PERSONAL },
      )
      /**
       * "Ask for a price": the model sent as a custom request, with the custom request form's limit, captcha and
       * words, its analysis and estimate, and a quote draft. Copying the model is file work: in the heavy-work slot.
       */
      .post(
        "/api/models/ask-for-price",
        async ({ body, address, request, server, set }) => {
          rateLimits.customRequestSends.count(address);
          const ask = parseOrBadRequest(askForPriceSchema, body);
          if (!ask.captchaToken?.trim()) throw new BadRequest(CAPTCHA_MISSING);
          if (!(await captcha.verify(ask.captchaToken.trim(), address === "unknown" ? undefined : address)))
            throw new BadRequest(CAPTCHA_FAILED);
          const priced = instantPrices.reprice(ask.token, ask);
          const addressHash = uploadBudget.hashAddress(address);
          const leadTime = instantPrices.leadTimeDays(priced.model.productId);
          const created = await heavyWork.run({ request, server, address }, async () => {
            const { fields, attachment, draft } = await modelRequest(ask, priced, uploadStorage, leadTime);
            return customRequests.submit(fields, [attachment], addressHash, draft);
          });
          set.status = 201;
          return created;
        },
        { policy: PERSONAL },
      )
  );
}

/** The owner's rates and sliced jobs: mounted behind the admin guard (src/modules/admin/index.ts). */
export function adminPricingRoutes({ instantPrices, calibration, heavyWork }: Pick<Deps, "instantPrices" | "calibration" | "heavyWork">) {
  return (
    new Elysia({ name: "admin-pricing" })
      .get("/api/admin/pricing", () => instantPrices.settings())
      // The whole object or nothing; a refusal names its field (`field`: the path, dotted) so the page can show it beside it.
      .put("/api/admin/pricing", ({ body, set }) => {
        const parsed = pricingSettingsSchema.safeParse(body ?? null);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          set.status = 400;
          return { error: issue?.message ?? PRICING_MESSAGES.body, field: issue?.path.join(".") ?? "" };
        }
        return instantPrices.saveSettings(parsed.data);
      })
      .get(CALIBRATION_ROUTE, () => calibration.view())
      .post(
        CALIBRATION_ROUTE,
        async ({ request, server, set }) => {
          return heavyWork.run({ request, server }, async () => {
            const form = await readMultipartForm(request, {
              maxBytes: MODEL_MAX_BYTES + GCODE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
              tooLarge: CALIBRATION_MESSAGES.gcodeTooLarge,
            });
            const actualMinutes = parseOrBadRequest(actualMinutesSchema, formText(form, "actual_minutes"));
            const model = formFile(form, "model", MODEL_MAX_BYTES, MODEL_UPLOAD_MESSAGES.modelTooLarge);
            const gcode = formFile(form, "gcode", GCODE_MAX_BYTES, CALIBRATION_MESSAGES.gcodeTooLarge);
            const added = await calibration.add({ model, gcode, actualMinutes });
            set.status = 201;
            return added;
          });
        },
        { parse: "none" },
      )
      .delete(`${CALIBRATION_ROUTE}/:id`, async ({ params, set }) => {
        await calibration.remove(params.id);
        set.status = 204;
        return null;
      })
  );
}
