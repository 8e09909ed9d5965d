import type { Database } from "bun:sqlite";
import type { ModelAnalysis, PriceAnswer, PriceRequest, PricingMaterial, PricingSettings } from "../../../shared/instant-prices";
import { scaleAnalysis } from "../../../shared/model-analysis";
import { BadRequest, NotFound } from "../../errors";
import type { DispatchPromise } from "../catalog/dispatch-promise";
import type { StoredModel, UploadService } from "../uploads/service";
import type { CalibrationService } from "./calibration-service";
import { priceModel } from "./estimate";
import { withShownPrice } from "./last-price";
import { PRICE_MESSAGES } from "./model";
import { extraPrintingDays } from "./printing-days";
import type { PricingSettingsStore } from "./settings";

export type InstantPrices = ReturnType<typeof createInstantPrices>;

/** A model priced for its choices: the answer the shopper sees, and what it was worked out from. */
export type PricedModel = { model: StoredModel; material: PricingMaterial; scale: number; analysis: ModelAnalysis; answer: PriceAnswer };

/**
 * Prices a shopper's uploaded model from the owner's rates and calibration (docs/decisions/0042-instant-prices-calls-and-checkout.md):
 * the engine (estimate.ts) does the sums, this adds the model's own facts, the whole-pence rule per copy and the
 * dispatch promise, and remembers the answer for the checkout.
 */
export function createInstantPrices({
  db,
  uploads,
  settings,
  calibration,
  dispatch,
}: {
  db: Database;
  uploads: UploadService;
  settings: PricingSettingsStore;
  calibration: CalibrationService;
  dispatch: DispatchPromise;
}) {
  const leadTimeOf = db.query<{ lead_time_days: number | null }, [string]>("SELECT lead_time_days FROM products WHERE id = ?");
  /** The product's working days to dispatch, or the shop's default (decision 0015). */
  const leadTimeDays = (productId: string) => leadTimeOf.get(productId)?.lead_time_days ?? dispatch.settings().defaultLeadTimeDays;

  /** The model behind a token, or the one 404 (an unknown token, a removed file, another kind of upload). */
  function storedModel(token: string): StoredModel {
    const model = uploads.storedModel(token);
    if (!model) throw new NotFound(PRICE_MESSAGES.modelNotFound);
    return model;
  }

  function materialOf(rates: PricingSettings, id: string, colour: string): PricingMaterial {
    const material = rates.materials.find((candidate) => candidate.id === id);
    if (!material) throw new BadRequest(PRICE_MESSAGES.unknownMaterial(id));
    if (!material.colours.includes(colour)) throw new BadRequest(PRICE_MESSAGES.unknownColour(colour, material.name));
    return material;
  }

  /** Prices `model` for the choices: nothing is written. */
  function priceOf(model: StoredModel, request: Required<Omit<PriceRequest, "token">>): PricedModel {
    const rates = settings.get();
    const material = materialOf(rates, request.material, request.colour);
    const analysis = request.scale === 1 ? model.analysis : scaleAnalysis(model.analysis, request.scale);
    const estimate = wholePencePerCopy(
      priceModel({ analysis, quantity: request.quantity, material, settings: rates, fit: calibration.fit() }),
      request.quantity,
    );
    const dispatchBy = dispatch.dispatchBy(leadTimeDays(model.productId) + extraPrintingDays(estimate.hours));
    return { model, material, scale: request.scale, analysis, answer: { ...estimate, dispatch_by: dispatchBy } };
  }

  return {
    settings: () => settings.get(),

    /** Saves the whole settings object (already checked); the calibration's fit is worked out again from them. */
    saveSettings(next: PricingSettings): PricingSettings {
      settings.save(next);
      calibration.forget();
      return settings.get();
    },

    /** POST /api/models/price: the answer, remembered with the model as the price the shopper was shown for these choices. */
    price(request: PriceRequest): PriceAnswer {
      const model = storedModel(request.token);
      const scale = request.scale ?? 1;
      const { answer } = priceOf(model, { ...request, scale });
      const shown = { status: answer.status, amount_pence: answer.amount_pence };
      uploads.recordModelPrices(model.token, withShownPrice(model.shownPrices, scale, request, shown));
      return answer;
    },

    /** The model behind a token priced again for the given choices, at the scale last priced (the checkout, "Ask for a price"). */
    reprice(token: string, choices: { material: string; colour: string; quantity: number; scale?: number }): PricedModel {
      const model = storedModel(token);
      return priceOf(model, { ...choices, scale: choices.scale ?? model.shownPrices?.scale ?? 1 });
    },

    storedModel,
    leadTimeDays,
  };
}

/**
 * An order line is a price of one × its quantity, in whole pence (order_items.unit_price_cents), so an amount
 * for several copies is rounded up to a whole number of pence per copy, the few pence going to the markup; the
 * range is rounded the same way so the instant price always lies within it. Never down: the minimum charge holds.
 */
function wholePencePerCopy<T extends Omit<PriceAnswer, "dispatch_by">>(estimate: T, quantity: number): T {
  const up = (pence: number) => Math.ceil(pence / quantity) * quantity;
  const amount = estimate.amount_pence === null ? null : up(estimate.amount_pence);
  const added = amount === null || estimate.amount_pence === null ? 0 : amount - estimate.amount_pence;
  return {
    ...estimate,
    amount_pence: amount,
    range_pence: [up(estimate.range_pence[0]), up(estimate.range_pence[1])],
    breakdown: { ...estimate.breakdown, markup_pence: estimate.breakdown.markup_pence + added },
  };
}
