import type { Database } from "bun:sqlite";
import type { Env } from "./env";
import { createCatalogService, type CatalogService } from "./modules/catalog/service";
import { createCategoryService, type CategoryService } from "./modules/categories/service";
import { createContentService, type ContentService } from "./modules/content/service";
import type { AssetManifest } from "./ssr/assets";

/** Everything a request handler or page loader may use, built once at boot. */
export type Deps = {
  env: Env;
  db: Database;
  assets: AssetManifest;
  catalog: CatalogService;
  categories: CategoryService;
  content: ContentService;
};

export function createDeps(env: Env, db: Database, assets: AssetManifest): Deps {
  return {
    env,
    db,
    assets,
    catalog: createCatalogService(db),
    categories: createCategoryService(db),
    content: createContentService(db),
  };
}
