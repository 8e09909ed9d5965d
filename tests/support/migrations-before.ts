import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../../src/db/migrate";

/**
 * A folder of the migrations that come before `migration` (its file name): `migrate(db, folder)` leaves a database
 * as a shop that has not upgraded yet, and `migrate(db)` afterwards upgrades it in place as a shop would.
 */
export function migrationsBefore(migration: string, folder: string): string {
  mkdirSync(folder, { recursive: true });
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < migration))
    copyFileSync(join(MIGRATIONS_DIR, file), join(folder, file));
  return folder;
}
