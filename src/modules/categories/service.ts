import type { Database } from "bun:sqlite";
import type { ShownVersion } from "../../db/shown-version";
import type { Category } from "./model";

export type CategoryService = ReturnType<typeof createCategoryService>;

/** The categories, read once per change to what pages show (every catalogue page and the header list them). */
export function createCategoryService(db: Database, shown: ShownVersion) {
  const all = db.query<Category, []>("SELECT id, name, sort FROM categories ORDER BY sort, name COLLATE NOCASE");
  return {
    listCategories: shown.readOnce((): readonly Readonly<Category>[] =>
      Object.freeze(all.all().map((category) => Object.freeze(category))),
    ),
  };
}
