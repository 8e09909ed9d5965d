import { penceToPoundsText, poundsTextToPence, wholeOrBlank } from "../parts";
import type { AdminProduct, ProductStatus } from "../types";

/** The product editor's fields as typed (docs/product.md#product-editor: price in pounds, booleans for the two flags). */
export type ProductForm = {
  id: string;
  name: string;
  price: string;
  currency: string;
  description: string;
  categoryId: string;
  maxOnlineQty: string;
  stock: string;
  requiresGpx: boolean;
  requiresImage: boolean;
  /** Priced from the shopper's own 3D model (the Pricing page's rates). */
  requiresModel: boolean;
  /** The shopper approves a proof before it is made (docs/decisions/0048-order-holds.md). */
  proofBeforeMaking: boolean;
  /** Working days to dispatch; blank = the shop default (docs/decisions/0015-working-days.md). */
  leadTimeDays: string;
};

export const EMPTY_PRODUCT_FORM: ProductForm = {
  id: "",
  name: "",
  price: "",
  currency: "",
  description: "",
  categoryId: "",
  maxOnlineQty: "",
  stock: "",
  requiresGpx: false,
  requiresImage: false,
  requiresModel: false,
  proofBeforeMaking: false,
  leadTimeDays: "",
};

export function formFromProduct(product: AdminProduct): ProductForm {
  return {
    id: product.id,
    name: product.name,
    price: penceToPoundsText(product.price_cents),
    currency: product.currency ?? "",
    description: product.description ?? "",
    categoryId: product.category_id ?? "",
    maxOnlineQty: product.max_online_qty === null || product.max_online_qty === undefined ? "" : String(product.max_online_qty),
    stock: product.stock === null || product.stock === undefined ? "" : String(product.stock),
    requiresGpx: Boolean(product.requires_gpx),
    requiresImage: Boolean(product.requires_image),
    requiresModel: Boolean(product.requires_model),
    proofBeforeMaking: Boolean(product.proof_before_making),
    leadTimeDays: product.lead_time_days === null || product.lead_time_days === undefined ? "" : String(product.lead_time_days),
  };
}

/** Admin product save: the first rule broken, or null when the form can be saved (docs/product.md#product-editor). */
export function productFormProblem(form: ProductForm): string | null {
  if (!form.id.trim() || !form.name.trim() || form.price.trim() === "") return "Please provide an id, name, and price before saving.";
  if (poundsTextToPence(form.price) === null) return "Price must be a valid non-negative number.";
  if (wholeOrBlank(form.maxOnlineQty) === undefined) return "Max online quantity must be a whole number or blank.";
  if (wholeOrBlank(form.stock) === undefined) return "Stock must be a whole number or blank for unlimited.";
  const leadTime = wholeOrBlank(form.leadTimeDays);
  if (leadTime === undefined || (leadTime !== null && leadTime > MAX_LEAD_TIME_DAYS)) return LEAD_TIME_PROBLEM;
  return null;
}

/** The server's refusal, word for word (src/modules/admin-catalog/model-parts.ts). */
const LEAD_TIME_PROBLEM = "Lead time must be a whole number of working days from 0 to 365, or blank for the shop default.";
const MAX_LEAD_TIME_DAYS = 365;

/**
 * The POST /api/admin/products body: the admin product's fields, money in pence.
 * image_url is left out: the server keeps the stored one, which follows the gallery's first image.
 * For a saved product, `loadedStock` is the figure the form opened with: sent as expected_stock,
 * it lets the server keep sales made meanwhile when the owner did not touch stock, and refuse
 * (409) a changed figure when the stock moved since. The lead time is sent only when the owner
 * changed it from `loadedLeadTime` (what the form opened with), so a save never writes back a
 * figure it merely showed. `status` is sent only to publish or draft; a new product from this editor
 * starts as a draft, while a save without it keeps what is stored
 * (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md).
 */
export function productBody(form: ProductForm, loadedStock?: number | null, loadedLeadTime = "", status?: ProductStatus) {
  return {
    id: form.id.trim(),
    name: form.name.trim(),
    description: form.description,
    price_cents: poundsTextToPence(form.price) ?? 0,
    currency: form.currency.trim().toLowerCase() || "gbp",
    max_online_qty: wholeOrBlank(form.maxOnlineQty) ?? null,
    stock: wholeOrBlank(form.stock) ?? null,
    ...(loadedStock === undefined ? {} : { expected_stock: loadedStock }),
    requires_gpx: form.requiresGpx ? 1 : 0,
    requires_image: form.requiresImage ? 1 : 0,
    requires_model: form.requiresModel ? 1 : 0,
    proof_before_making: form.proofBeforeMaking ? 1 : 0,
    category_id: form.categoryId || null,
    ...(form.leadTimeDays.trim() === loadedLeadTime.trim() ? {} : { lead_time_days: wholeOrBlank(form.leadTimeDays) ?? null }),
    ...(status === undefined ? {} : { status }),
  };
}
