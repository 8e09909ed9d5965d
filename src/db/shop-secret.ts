import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { writeTransaction } from "./transaction";

/**
 * A random secret of the shop's own, made the first time it is asked for and
 * kept in the configuration table under `name`, so it survives restarts and
 * every process over the same database agrees. The names are not among
 * content's CONFIG_KEYS, so no configuration endpoint ever shows one.
 */
export function shopSecret(db: Database, name: string): string {
  writeTransaction(db, () =>
    db.query("INSERT INTO configuration (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING").run(name, randomBytes(32).toString("hex")),
  );
  const row = db.query<{ value: string }, [string]>("SELECT value FROM configuration WHERE key = ?").get(name);
  if (!row) throw new Error(`The shop's ${name} could not be stored.`);
  return row.value;
}
