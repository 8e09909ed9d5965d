import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { ModelUploadAnswer } from "../../../shared/instant-prices";
import { routePreviewSvg, routeThumbSvg } from "../../../shared/route-drawing";
import { writeTransaction } from "../../db/transaction";
import { BadRequest, NotFound } from "../../errors";
import type { StoredExtension, UploadStorage } from "../../services/storage/disk";
import { safeFileName, withExtension } from "../../services/storage/file-name";
import type { ShownModelPrices } from "../instant-prices/last-price";
import { MODEL_KINDS, type ModelReading, modelExtension } from "../instant-prices/measure-model";
import { MODEL_UPLOAD_MESSAGES } from "../instant-prices/model";
import { analyseGpx } from "./gpx-analysis";
import { lithophanePreview, normalisePhoto, routeThumbPng } from "./images";
import { type ImageDetails, MESSAGES, type RouteDetails, type RouteTrim, TOKEN_PATTERN, type UploadAnswer, type UploadKind } from "./model";
import type { UploadBudget } from "./upload-budget";

type ProductRow = { requires_gpx: number; requires_image: number; requires_model: number };
type UploadRow = { kind: UploadKind; stored_name: string; details: string };
type ModelRow = {
  original_name: string;
  stored_name: string;
  product_id: string;
  details: string;
  model_price: string | null;
  order_id: string | null;
};
type NewUpload = {
  kind: UploadKind;
  extension: StoredExtension;
  productId: string;
  name: string;
  bytes: Uint8Array;
  contentType: string;
  details: object;
  addressHash: string;
  replaces?: string;
};
/** What an upload call hands the service besides the file: who sent it, the upload it replaces, and (for a route) the trim. */
export type UploadOptions = { addressHash: string; replaces?: string; trim?: RouteTrim };

/** A shopper's model as the price call and the checkout read it (src/modules/instant-prices/). */
export type StoredModel = ModelReading & {
  token: string;
  filename: string;
  storedName: string;
  productId: string;
  orderId: string | null;
  /** The prices the price call answered for it, at the scale last asked for: what the checkout compares its own against. */
  shownPrices: ShownModelPrices | null;
};

const NOT_TAKEN: Record<UploadKind, string> = {
  gpx: MESSAGES.gpxNotTaken,
  image: MESSAGES.imageNotTaken,
  model: MODEL_UPLOAD_MESSAGES.modelNotTaken,
};

export type UploadService = ReturnType<typeof createUploadService>;

/**
 * Shopper uploads for a product: a GPX route or a photo, checked, stored and
 * handed back as a token the basket carries to checkout.
 */
export function createUploadService({
  db,
  storage,
  budget,
  readModel,
}: {
  db: Database;
  storage: UploadStorage;
  budget: UploadBudget;
  /**
   * Reads and measures a model against the owner's printers (src/modules/instant-prices/read-model.ts), off the
   * main thread; the bytes come back with the reading (they travel to the worker and back, not copied).
   */
  readModel: (bytes: Uint8Array, filename: string) => Promise<{ reading: ModelReading; bytes: Uint8Array }>;
}) {
  const productById = db.query<ProductRow, [string]>(
    "SELECT requires_gpx, requires_image, requires_model FROM products WHERE id = ? AND status = 'live'",
  );
  const modelByToken = db.query<ModelRow, [string]>(
    "SELECT original_name, stored_name, product_id, details, model_price, order_id FROM uploads WHERE token = ? AND kind = 'model' AND removed_at IS NULL",
  );
  const setModelPrice = db.query<unknown, [string, string]>("UPDATE uploads SET model_price = ? WHERE token = ? AND kind = 'model'");
  const insert = db.query(
    `INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes, details, address_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Any upload, attached to an order or not: the token is a 256-bit bearer
  // secret, and its holder can already download the file from the order.
  // A file deleted after dispatch has no preview either: the route's points
  // went with it (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
  const uploadByToken = db.query<UploadRow, [string]>(
    "SELECT kind, stored_name, details FROM uploads WHERE token = ? AND removed_at IS NULL",
  );
  // The shopper's earlier file for the same line (a new trim, another file): gone once the new one is stored,
  // but only when the same address sent it and no checkout or order names it.
  const removeReplaced = db.query<{ stored_name: string }, [string, string, string]>(
    `DELETE FROM uploads WHERE token = ?1 AND kind = ?2 AND address_hash = ?3 AND order_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM checkout_lines l
         WHERE json_extract(l.meta, '$.gpxToken') = ?1 OR json_extract(l.meta, '$.imageToken') = ?1
            OR json_extract(l.meta, '$.modelToken') = ?1)
     RETURNING stored_name`,
  );

  function requireProductTaking(productId: string, kind: UploadKind): void {
    const product = productById.get(productId);
    if (!product) throw new NotFound(MESSAGES.productNotFound);
    const takes = { gpx: product.requires_gpx, image: product.requires_image, model: product.requires_model }[kind] === 1;
    if (!takes) throw new BadRequest(NOT_TAKEN[kind]);
  }

  /**
   * File first, then the row in one IMMEDIATE transaction; if the row fails
   * the file is removed again, so neither is left without the other. (A crash
   * between the two leaves a nameless file that the clean-up job removes.)
   */
  async function store(upload: NewUpload): Promise<string> {
    const storedName = await storage.put(upload.bytes, upload.extension);
    const token = randomBytes(32).toString("base64url");
    let replaced: string | undefined;
    try {
      replaced = writeTransaction(db, () => {
        const earlier = upload.replaces ? removeReplaced.get(upload.replaces, upload.kind, upload.addressHash) : null;
        requireProductTaking(upload.productId, upload.kind); // the product may have changed meanwhile
        // The real size, counted with every other upload already recorded: the write lock makes this the last word.
        budget.admit(upload.addressHash, upload.bytes.byteLength);
        insert.run(
          token,
          upload.kind,
          upload.productId,
          upload.name,
          storedName,
          upload.contentType,
          upload.bytes.byteLength,
          JSON.stringify(upload.details),
          upload.addressHash,
        );
        return earlier?.stored_name;
      });
    } catch (error) {
      await storage.remove(storedName);
      throw error;
    }
    // A failed removal leaves a file no row names, which the clean-up job removes.
    if (replaced) await storage.remove(replaced).catch(() => undefined);
    return token;
  }

  function storedUpload(token: string, kind: UploadKind): UploadRow | null {
    const upload = TOKEN_PATTERN.test(token) ? uploadByToken.get(token) : null;
    return upload?.kind === kind ? upload : null;
  }

  function findUpload(token: string, kind: UploadKind): UploadRow {
    const upload = storedUpload(token, kind);
    if (!upload) throw new NotFound(MESSAGES.uploadNotFound);
    return upload;
  }

  return {
    /**
     * Stores only what a print needs, with the shopper's trim already cut off (shared/route-trim.ts, gpx-clean.ts):
     * no other copy is kept. The product page drew the hidden ends itself before sending (0028), so the answer has none.
     */
    async uploadGpx(
      productId: string,
      file: File | null,
      { addressHash, replaces, trim = { startM: 0, endM: 0 } }: UploadOptions,
    ): Promise<UploadAnswer<RouteDetails>> {
      requireProductTaking(productId, "gpx");
      if (!file) throw new BadRequest(MESSAGES.gpxMissing);
      const { details, bytes } = await analyseGpx(new Uint8Array(await file.arrayBuffer()), trim);
      const name = safeFileName(file.name, "route.gpx");
      const token = await store({
        kind: "gpx",
        extension: "gpx",
        productId,
        name,
        bytes,
        contentType: "application/gpx+xml",
        details,
        addressHash,
        replaces,
      });
      return { token, name, details };
    },

    async uploadImage(productId: string, file: File | null, { addressHash, replaces }: UploadOptions): Promise<UploadAnswer<ImageDetails>> {
      requireProductTaking(productId, "image");
      if (!file) throw new BadRequest(MESSAGES.imageMissing);
      const photo = await normalisePhoto(new Uint8Array(await file.arrayBuffer()));
      // Named .jpg because that is what the stored file (and its download) is.
      const name = safeFileName(withExtension(safeFileName(file.name, "photo.jpg"), "jpg"), "photo.jpg");
      const details = { width: photo.width, height: photo.height };
      const token = await store({
        kind: "image",
        extension: "jpg",
        productId,
        name,
        bytes: photo.jpeg,
        contentType: "image/jpeg",
        details,
        addressHash,
        replaces,
      });
      return { token, name, details };
    },

    /**
     * A shopper's 3D model, kept as sent (the printer slices the original) with its analysis and the printers it
     * fits; anything the mesh reader cannot read is a 400 and nothing is stored (read before the file is written).
     */
    async uploadModel(productId: string, file: File | null, { addressHash, replaces }: UploadOptions): Promise<ModelUploadAnswer> {
      requireProductTaking(productId, "model");
      if (!file) throw new BadRequest(MODEL_UPLOAD_MESSAGES.modelMissing);
      const extension = modelExtension(file.name);
      if (!extension) throw new BadRequest(MODEL_UPLOAD_MESSAGES.notModel);
      const { reading, bytes } = await readModel(new Uint8Array(await file.arrayBuffer()), file.name);
      const filename = safeFileName(withExtension(safeFileName(file.name, `model.${extension}`), extension), `model.${extension}`);
      const token = await store({
        kind: "model",
        extension,
        productId,
        name: filename,
        bytes,
        contentType: MODEL_KINDS[extension],
        details: reading,
        addressHash,
        replaces,
      });
      return { token, filename, ...reading.analysis, fits: reading.fits };
    },

    /** A model still on file (not removed after dispatch), or null. */
    storedModel(token: string): StoredModel | null {
      const row = TOKEN_PATTERN.test(token) ? modelByToken.get(token) : null;
      if (!row) return null;
      const reading = JSON.parse(row.details) as ModelReading;
      return {
        token,
        filename: row.original_name,
        storedName: row.stored_name,
        productId: row.product_id,
        orderId: row.order_id,
        analysis: reading.analysis,
        fits: reading.fits,
        shownPrices: row.model_price ? (JSON.parse(row.model_price) as ShownModelPrices) : null,
      };
    },

    /** Remembers the prices answered for a model, for the checkout's comparison (one row, one write). */
    recordModelPrices(token: string, prices: ShownModelPrices): void {
      setModelPrice.run(JSON.stringify(prices), token);
    },

    /** Map, profile and summary; or, as "thumb", the map alone drawn for an 80 px basket thumbnail. */
    routePreview(token: string, size: "full" | "thumb" = "full"): string {
      const details = JSON.parse(findUpload(token, "gpx").details) as RouteDetails;
      return size === "thumb" ? routeThumbSvg(details) : routePreviewSvg(details);
    },

    /**
     * The route's thumbnail as a PNG, the picture an order email shows. The upload is looked up now (404 for an
     * unknown token) and the drawing handed back to run in the heavy-work slot, so a token that does not exist
     * never waits for the slot or costs its memory release.
     */
    routeThumbPicture(token: string): () => Promise<Buffer> {
      const svg = routeThumbSvg(JSON.parse(findUpload(token, "gpx").details) as RouteDetails);
      return () => routeThumbPng(svg);
    },

    /**
     * Whether the preview of a route or photo can be drawn now, without drawing it: the upload is stored (a route is
     * drawn from what its row keeps) and, for a photo, its file is on disk. A "Proof before making" question asks it
     * (src/modules/holds/proof-first.ts).
     */
    canDraw(token: string, kind: "gpx" | "image"): boolean {
      const upload = storedUpload(token, kind);
      return upload !== null && (kind === "gpx" || existsSync(storage.path(upload.stored_name)));
    },

    /** The photo's lithophane preview: looked up now (404), decoded by what is handed back, in the slot (as above). */
    async photoPreview(token: string): Promise<() => Promise<Buffer>> {
      const upload = findUpload(token, "image");
      const path = storage.path(upload.stored_name);
      if (!(await Bun.file(path).exists())) throw new NotFound(MESSAGES.uploadNotFound);
      return () => lithophanePreview(path);
    },
  };
}
