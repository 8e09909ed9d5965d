import { ukToday } from "../../../shared/uk-day";
import { openDatabase } from "../../../src/db/open";
import { storeOrder } from "../../support/stored-orders";

/**
 * Adds <count> paid orders of the demo's hex planter to a running shop's database, each waiting in To make (queued)
 * and promised for dispatch one day after the other from yesterday, for the To make queue's browser story.
 * Run with Bun: bun tests/e2e/support/add-queued-orders.ts <shop.db> <count>
 */
const [file, count] = process.argv.slice(2);
if (!file || !count) throw new Error("Usage: bun add-queued-orders.ts <shop.db> <count>");
const db = openDatabase(file);
const yesterday = Date.parse(`${ukToday(new Date())}T12:00:00.000Z`) - 86_400_000;
db.transaction(() => {
  for (let n = 1; n <= Number(count); n++) {
    const id = `ORD-QUEUED${String(n).padStart(3, "0")}`;
    storeOrder(db, {
      id,
      createdAt: new Date(yesterday - 3_600_000).toISOString(),
      name: `Queued Shopper ${n}`,
      items: [{ productId: "hex-planter", name: "Hex planter", unitPriceCents: 1200, quantity: 1 }],
    });
    const day = new Date(yesterday + (n - 1) * 86_400_000).toISOString().slice(0, 10);
    db.query("UPDATE orders SET stage = 'queued', dispatch_by = ? WHERE id = ?").run(day, id);
  }
})();
db.close();
