import type { Database } from "bun:sqlite";
import type { Category } from "./model";

export type CategoryService = ReturnType<typeof createCategoryService>;

export function createCategoryService(db: Database) {
  const all = db.query<Category, []>("SELECT id, name, sort FROM categories ORDER BY sort, name COLLATE NOCASE");
  return {
    listCategories(): Category[] {
      return all.all();
    },
  };
}
