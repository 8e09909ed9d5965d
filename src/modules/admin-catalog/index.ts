import { join } from "node:path";
import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { productIdSchema } from "../catalog/model";
import { parseOrBadRequest } from "../validate";
import { categoryIdSchema, parseCategorySave } from "./categories-model";
import { imageAddSchema, imagePathIdSchema, imageReorderSchema } from "./images-model";
import { MESSAGES } from "./model-parts";
import { adminProductListQuerySchema, parseProductSave, stockAdjustSchema } from "./products-model";
import { mediaPictureSize, readImageField, storeUploadedImage } from "./upload-image";
import { parseVariantAdd, parseVariantEdit, variantIdSchema } from "./variants-model";

const OK = { ok: true } as const;

/** The one admin route that takes a multipart body (the admin guard holds every other write to JSON). */
export const UPLOAD_IMAGE_ROUTE = "/api/admin/upload-image";

/**
 * The owner's catalogue: products, their pictures, variants and stock, the
 * categories, and picture uploads. Mounted behind the admin guard (session,
 * same-site, JSON bodies) by modules/admin.
 */
export function adminCatalogRoutes({
  adminCatalog,
  env,
  heavyWork,
  uploadBudget,
}: Pick<Deps, "adminCatalog" | "env" | "heavyWork" | "uploadBudget">) {
  const { products, images, variants, categories } = adminCatalog;
  const mediaDir = join(env.DATA_DIR, "media");
  const productId = (id: string) => parseOrBadRequest(productIdSchema, id);

  return (
    new Elysia({ name: "admin-catalog" })
      // Products
      // A page at a time, the plain call the first (docs/decisions/0064-the-owner-s-products-paged.md).
      .get("/api/admin/products", ({ query, set }) => {
        const { q, cursor } = parseOrBadRequest(adminProductListQuerySchema, query);
        const page = products.page({ after: cursor ?? null, search: q ?? null });
        if (page.nextCursor) set.headers["x-next-cursor"] = page.nextCursor;
        return page.products;
      })
      .get("/api/admin/products/:id", ({ params }) => {
        const product = products.get(productId(params.id));
        if (!product) throw new NotFound(MESSAGES.productNotFound);
        return product;
      })
      .post("/api/admin/products", ({ body, set }) => {
        const { product, created } = products.save(parseProductSave(body));
        set.status = created ? 201 : 200;
        return product;
      })
      .delete("/api/admin/products/:id", ({ params }) => {
        products.remove(productId(params.id));
        return OK;
      })
      .post("/api/admin/stock-adjust", ({ body }) => {
        const { id, delta } = parseOrBadRequest(stockAdjustSchema, body);
        return products.adjustStock(id, delta);
      })

      // Pictures
      .get("/api/admin/products/:id/images", ({ params }) => images.list(productId(params.id)))
      .post("/api/admin/products/:id/images", async ({ params, body, set }) => {
        const id = productId(params.id);
        const { image_url, sort_order } = parseOrBadRequest(imageAddSchema, body);
        const size = await mediaPictureSize(mediaDir, image_url);
        set.status = 201;
        return images.add(id, image_url, sort_order, size);
      })
      .patch("/api/admin/products/:id/images/reorder", ({ params, body }) => {
        const id = productId(params.id);
        return images.reorder(id, parseOrBadRequest(imageReorderSchema, body).imageOrders);
      })
      .delete("/api/admin/product-images/:id", ({ params }) => {
        images.remove(parseOrBadRequest(imagePathIdSchema, params.id));
        return OK;
      })
      // The body is read here, bounded, rather than parsed up front by the framework, and
      // inside the heavy-work slot shoppers' uploads share; the owner is held only to the disk floor.
      .post(
        UPLOAD_IMAGE_ROUTE,
        async ({ request, server, set }) => {
          uploadBudget.checkDisk(0);
          const { url } = await heavyWork.run({ request, server }, async () => storeUploadedImage(await readImageField(request), mediaDir));
          set.status = 201;
          return { url };
        },
        { parse: "none" },
      )

      // Variants
      .post("/api/admin/products/:id/variants", ({ params, body, set }) => {
        const variant = variants.add(productId(params.id), parseVariantAdd(body));
        set.status = 201;
        return variant;
      })
      .put("/api/admin/product-variants/:id", ({ params, body }) =>
        variants.edit(parseOrBadRequest(variantIdSchema, params.id), parseVariantEdit(body)),
      )
      .delete("/api/admin/product-variants/:id", ({ params }) => {
        variants.remove(parseOrBadRequest(variantIdSchema, params.id));
        return OK;
      })

      // Categories
      .get("/api/admin/categories", () => categories.list())
      .post("/api/admin/categories", ({ body, set }) => {
        const { category, created } = categories.save(parseCategorySave(body));
        set.status = created ? 201 : 200;
        return category;
      })
      .delete("/api/admin/categories/:id", ({ params }) => {
        categories.remove(parseOrBadRequest(categoryIdSchema, params.id));
        return OK;
      })
  );
}
