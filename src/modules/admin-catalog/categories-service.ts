import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import { NotFound } from "../../errors";
import type { AdminCategory, CategorySave } from "./categories-model";
import { MESSAGES } from "./model-parts";

export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;

/** The owner's categories. Deleting one leaves its products uncategorised (FK ON DELETE SET NULL). */
export function createAdminCategoriesService(db: Database) {
  const all = db.query<AdminCategory, []>("SELECT id, name, sort FROM categories ORDER BY sort, name COLLATE NOCASE, id");
  const exists = db.query<{ id: string }, [string]>("SELECT id FROM categories WHERE id = ?");
  const upsert = db.query<AdminCategory, [string, string, number]>(
    `INSERT INTO categories (id, name, sort) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, sort = excluded.sort
     RETURNING id, name, sort`,
  );
  const remove = db.query("DELETE FROM categories WHERE id = ?");

  return {
    list(): AdminCategory[] {
      return all.all();
    },

    save(input: CategorySave): { category: AdminCategory; created: boolean } {
      return writeTransaction(db, () => {
        const created = !exists.get(input.id);
        return { category: upsert.get(input.id, input.name, input.sort)!, created };
      });
    },

    remove(id: string): void {
      writeTransaction(db, () => {
        if (remove.run(id).changes === 0) throw new NotFound(MESSAGES.categoryNotFound);
      });
    },
  };
}
