// Bun's ceiling: Bun.serve answering a fixed body, with no routing, rendering
// or headers beyond the type. GET /<name> answers the bytes of <dir>/<name>:
// scripts/bench.ts stores there exactly the bytes the page under test sends
// (compressed as the shop sends them), because autocannon's cost per response
// depends on the bytes themselves, not only on their number.
//   bun bench/ceiling.ts <port> <dir>
import { readFileSync } from "node:fs";
import { join } from "node:path";

const port = Number(process.argv[2] ?? 3399);
const dir = process.argv[3] ?? ".";
const bodies = new Map<string, Uint8Array<ArrayBuffer>>();

Bun.serve({
  port,
  hostname: "127.0.0.1",
  fetch(request) {
    const name = request.url.slice(request.url.lastIndexOf("/") + 1);
    let body = bodies.get(name);
    if (!body) {
      body = /^[a-z0-9-]+$/.test(name) ? new Uint8Array(readFileSync(join(dir, name))) : new Uint8Array(0);
      bodies.set(name, body);
    }
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
});
console.log(`ceiling listening on ${port}`);
