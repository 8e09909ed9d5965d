import { z } from "zod";
import { formatPence } from "../../../shared/money";
import { NotFound } from "../../errors";
import type { AttachmentExtension, UploadStorage } from "../../services/storage/disk";
import { type CheckedAttachment, type CustomRequestFields, customRequestFieldsSchema, type QuoteDraft } from "../custom-requests/model";
import { parseOrBadRequest } from "../validate";
import { PRICE_MESSAGES, priceRequestSchema } from "./model";
import { extraPrintingDays } from "./printing-days";
import type { PricedModel } from "./service";

/** What the shopper adds to the model's price request: who they are, an optional note, and the captcha. */
export const askForPriceSchema = priceRequestSchema.extend({
  name: z.string().optional(),
  email: z.string().optional(),
  note: z.string().max(2000, { error: "Your note can be at most 2000 characters." }).optional(),
  captchaToken: z.string().optional(),
});
export type AskForPrice = z.infer<typeof askForPriceSchema>;

const number = (value: number, digits = 1) =>
  value.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The custom request "Ask for a price" sends for a model (docs/decisions/0042-instant-prices-calls-and-checkout.md):
 * the shopper's name, email and note through the custom request form's own rules and words, a copy of the model
 * as its attachment (the upload itself may be removed unbought), the analysis and estimate written out for the
 * owner, and a quote draft whose line is the estimate, so the quote editor opens filled.
 */
export async function modelRequest(
  ask: AskForPrice,
  priced: PricedModel,
  storage: UploadStorage,
  leadTimeDays: number,
): Promise<{ fields: CustomRequestFields; attachment: CheckedAttachment; draft: QuoteDraft }> {
  const { model, material, scale, answer } = priced;
  const described = `${model.filename} in ${material.name}, ${ask.colour}${scale === 1 ? "" : ` (scaled ×${scale})`}`;
  const fields = parseOrBadRequest(customRequestFieldsSchema, {
    name: ask.name?.trim(),
    email: ask.email?.trim(),
    details: requestDetails(ask, priced, described),
    material: material.name.slice(0, 60),
    color: ask.colour.slice(0, 60),
  });
  const file = Bun.file(storage.path(model.storedName));
  if (!(await file.exists())) throw new NotFound(PRICE_MESSAGES.modelNotFound);
  const extension = model.storedName.slice(model.storedName.lastIndexOf(".") + 1) as AttachmentExtension;
  const attachment: CheckedAttachment = {
    filename: model.filename,
    contentType: file.type,
    extension,
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
  // The estimate's amount, or the top of its range when a person must price it: the owner lowers it, never finds it short.
  const estimate = answer.amount_pence ?? answer.range_pence[1];
  const draft: QuoteDraft = {
    lines: [
      { description: described.slice(0, 200), amount_cents: Math.max(1, Math.ceil(estimate / ask.quantity)), quantity: ask.quantity },
    ],
    lead_time_days: leadTimeDays + extraPrintingDays(answer.hours),
    message: null,
  };
  return { fields, attachment, draft };
}

/** The request's details: the shopper's note first, then what the server measured and estimated, in words. */
function requestDetails(ask: AskForPrice, { analysis: a, answer }: PricedModel, described: string): string {
  const [x, y, z] = a.bbox_mm;
  const estimate =
    answer.amount_pence === null
      ? `${formatPence(answer.range_pence[0])} to ${formatPence(answer.range_pence[1])}`
      : formatPence(answer.amount_pence);
  const lines = [
    ask.note?.trim() || "Please price my model.",
    "",
    `Model: ${described}, ${ask.quantity} ${ask.quantity === 1 ? "copy" : "copies"}.`,
    `Size: ${number(x)} × ${number(y)} × ${number(z)} mm; volume ${number(a.volume_mm3 / 1000)} cm³; surface ${number(a.area_mm2 / 100)} cm².`,
    `Shells: ${a.shells}; ${a.watertight ? "watertight" : "not watertight"}; overhang ${Math.round(a.overhang_fraction * 100)} % of the surface${a.units_suspect ? "; the size suggests it may be drawn in inches" : ""}.`,
    `Estimate: ${number(answer.grams)} g and ${number(answer.hours)} h of printing; ${estimate} for ${ask.quantity}.`,
  ];
  if (answer.reasons.length > 0) lines.push(`Why it needs a person: ${answer.reasons.join(" ")}`);
  return lines.join("\n");
}
