// Bun's ceiling: Bun.serve answering a fixed answer, with no routing, rendering or work of any kind.
// GET /<name> answers the bytes of <dir>/<name> with the headers listed in <dir>/<name>.headers.json
// (name and value pairs; only Content-Type when there is no such file): scripts/bench.ts stores there
// exactly the body and headers the page under test sends (compressed as the shop sends it), because a
// load generator's cost per response, and the server's, depends on the bytes themselves, not only on
// their number. Each answer is made the cheapest way Bun has: the body a Blob (a Response over a
// Uint8Array copies it every time) and the headers one prepared Headers (docs/decisions/0039-kept-answers-before-routing.md).
//   bun bench/ceiling.ts <port> <dir>
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const port = Number(process.argv[2] ?? 3399);
const dir = process.argv[3] ?? ".";
const answers = new Map<string, { body: Blob; headers: Headers }>();

function answerFor(name: string): { body: Blob; headers: Headers } {
  if (!/^[a-z0-9-]+$/.test(name)) return { body: new Blob([]), headers: new Headers() };
  const headersFile = join(dir, `${name}.headers.json`);
  const headers: [string, string][] = existsSync(headersFile)
    ? JSON.parse(readFileSync(headersFile, "utf8"))
    : [["Content-Type", "text/html; charset=utf-8"]];
  return { body: new Blob([readFileSync(join(dir, name))]), headers: new Headers(headers) };
}

Bun.serve({
  port,
  hostname: "127.0.0.1",
  fetch(request) {
    const name = request.url.slice(request.url.lastIndexOf("/") + 1);
    let answer = answers.get(name);
    if (!answer) {
      answer = answerFor(name);
      answers.set(name, answer);
    }
    return new Response(answer.body, { headers: answer.headers });
  },
});
console.log(`ceiling listening on ${port}`);
