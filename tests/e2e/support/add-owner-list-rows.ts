import { openDatabase } from "../../../src/db/open";

/**
 * Adds <requests> custom requests (one a minute from 2025-01-01, "Request 1" the oldest) and <codes> discount codes
 * (CODE001…) to a running shop's database, for the story of the owner's lists a page at a time.
 * Run with Bun: bun tests/e2e/support/add-owner-list-rows.ts <shop.db> <requests> <codes>
 */
const [file, requests, codes] = process.argv.slice(2);
if (!file || !requests || !codes) throw new Error("Usage: bun add-owner-list-rows.ts <shop.db> <requests> <codes>");
const db = openDatabase(file);
db.transaction(() => {
  const request = db.query("INSERT INTO custom_requests (id, name, email, details, created_at) VALUES (?, ?, ?, ?, ?)");
  for (let n = 1; n <= Number(requests); n++) {
    const createdAt = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
    request.run(`req-story-${n}`, `Request ${n}`, `shopper${n}@example.co.uk`, `A bracket, number ${n}.`, createdAt);
  }
  const code = db.query("INSERT INTO discount_codes (code, percent_off) VALUES (?, 10)");
  for (let n = 1; n <= Number(codes); n++) code.run(`CODE${String(n).padStart(3, "0")}`);
})();
db.close();
