import { afterAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { openDatabase } from "../../src/db/open";
import { storeYearOfOrders } from "../support/stored-orders";
import { waitUntil } from "../support/wait-until";
import { createScratch } from "./support/scratch";
import { hasReadConnections, prepareShopDatabase } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

/**
 * A shopper on a slow connection: a real POST /api/checkout whose body
 * arrives in two parts. Between them the request is in flight on the server,
 * its handler waiting for the rest of the body.
 */
function slowCheckout(port: number, shopper: number) {
  const body = JSON.stringify({ items: [{ id: "plant-labels", productName: "Plant labels, pack of 10" }] });
  const half = Math.floor(body.length / 2);
  let socket!: Socket;
  let answer = "";
  const firstHalfSent = new Promise<void>((resolve, reject) => {
    socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST /api/checkout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nX-Forwarded-For: 10.79.0.${shopper + 1}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
        () => resolve(),
      );
    });
    socket.on("error", reject);
    socket.on("data", (chunk) => (answer += chunk));
  });
  const closed = firstHalfSent.then(() => new Promise<void>((resolve) => socket.on("close", () => resolve())));
  return {
    firstHalfSent,
    /** The client side's port, to find this connection on the server. */
    localPort: () => socket.localPort ?? 0,
    async finish(): Promise<{ status: number; body: string }> {
      socket.write(body.slice(half));
      await closed;
      const [head = "", rest = ""] = answer.split("\r\n\r\n");
      return { status: Number(head.split(" ")[1]), body: rest };
    },
  };
}

describe("SIGTERM during 50 slow in-flight requests", () => {
  test("the shop stops accepting, every in-flight request completes with its real answer, then it exits 0", async () => {
    const dataDir = scratch.tempDir();
    prepareShopDatabase(dataDir);
    const shop = await scratch.startShop({ dataDir });

    const requests = Array.from({ length: 50 }, (_, shopper) => slowCheckout(shop.port, shopper));
    await Promise.all(requests.map((request) => request.firstHalfSent));
    const clientPorts = requests.map((request) => request.localPort());
    await waitUntil(
      () => hasReadConnections(shop.serverPid(), shop.port, clientPorts),
      10_000,
      "the server to hold all 50 requests, their headers and first halves read",
    );

    shop.proc.kill("SIGTERM");
    // No longer accepting: a new shopper is refused at the door (asked until the shop has taken in the signal).
    let late = "";
    await waitUntil(
      async () => {
        late = await fetch(`${shop.origin}/healthz`).then(
          (response) => `answered ${response.status}`,
          () => "refused",
        );
        return late === "refused";
      },
      10_000,
      "the shop to refuse new connections after SIGTERM",
    );
    expect(late).toBe("refused");

    const answers = await Promise.all(requests.map((request) => request.finish()));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    for (const answer of answers) expect(JSON.parse(answer.body).url).toMatch(/\/checkout\/demo\/cs_demo_/);

    expect(await shop.exited).toBe(0);
    expect(shop.output()).toContain('"msg":"closed cleanly"');
    // The database was closed cleanly: checkpointed, no WAL left behind.
    expect(existsSync(join(dataDir, "shop.db-wal"))).toBe(false);
    // Every answered checkout was stored.
    const db = openDatabase(join(dataDir, "shop.db"));
    try {
      expect(db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM checkouts").get()?.n).toBe(50);
    } finally {
      db.close();
    }
  });
});

describe("SIGTERM while a year's orders export is streaming", () => {
  test("the export runs to its last row while the shop drains, then the shop exits 0 with no WAL left", async () => {
    const dataDir = scratch.tempDir();
    const file = prepareShopDatabase(dataDir);
    const seeded = openDatabase(file);
    const ids = storeYearOfOrders(seeded, 2025, 3000);
    seeded.close();
    const password = "Owner-Passw0rd-for-shutdown";
    const shop = await scratch.startShop({ dataDir, env: { ADMIN_PASSWORD: password } });

    const login = await fetch(`${shop.origin}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    const response = await fetch(`${shop.origin}/api/admin/orders/export.csv?from=2025-01-01&to=2025-12-31`, {
      headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);

    shop.proc.kill("SIGTERM");
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    const rows = new TextDecoder().decode(Buffer.concat(chunks)).trimEnd().split("\r\n").slice(1);
    expect(rows.map((row) => row.split(",")[1])).toEqual(ids);

    expect(await shop.exited).toBe(0);
    expect(shop.output()).toContain('"msg":"closed cleanly"');
    // Closing the last connection removes the WAL: the export worker's connection had closed before the shop's.
    expect(existsSync(join(dataDir, "shop.db-wal"))).toBe(false);
  });
});
