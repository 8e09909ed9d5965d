import { Database } from "bun:sqlite";

/**
 * Prints the code of the gift voucher an order bought, read from its voucher email in a running shop's outbox: the
 * code is only ever in that email (docs/decisions/0054-gift-vouchers.md), and the stories' shop sends no mail.
 * Run with Bun: bun tests/e2e/support/voucher-code.ts <shop.db> <orderId>
 */
const [file, orderId] = process.argv.slice(2);
if (!file || !orderId) throw new Error("Usage: bun voucher-code.ts <shop.db> <orderId>");
const db = new Database(file, { readonly: true });
const email = db
  .query<{ text: string }, [string]>("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'gift-voucher' AND channel = 'email'")
  .get(orderId);
db.close();
const code = email?.text.match(/Your code: ([A-Z0-9-]{19})/)?.[1];
if (!code) throw new Error(`No gift voucher email for ${orderId}`);
process.stdout.write(code);
