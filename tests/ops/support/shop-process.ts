import { Database } from "bun:sqlite";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { migrate } from "../../../src/db/migrate";
import { openDatabase } from "../../../src/db/open";
import { demoPayRequest, sessionIdOf } from "../../support/checkout";
import { addProduct } from "../../support/factories";
import { HANG_GUARD_MS } from "../../support/wait-until";

/** Helpers for tests that run the shop as a real process, the way production does. */

export const ROOT = resolve(import.meta.dir, "..", "..", "..");

/**
 * The real Litestream binary (v0.3.13) from @flydotio/litestream. Not
 * node_modules/.bin/litestream: that is a Node wrapper that neither forwards
 * signals nor dies with its child, so `kill -9` on it would orphan Litestream.
 */
export const LITESTREAM = join(ROOT, "node_modules", "@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream");

/** A folder holding only `litestream`, to put first on PATH as the Docker image does. */
export function litestreamPathDir(parent: string): string {
  const dir = join(parent, "bin");
  mkdirSync(dir, { recursive: true });
  symlinkSync(LITESTREAM, join(dir, "litestream"));
  return dir;
}

export function tempDir(prefix = "strata-ops-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = listener.port;
  listener.stop(true);
  return port;
}

/**
 * A migrated database with one unlimited-stock product, 'plant-labels' (as in
 * the demo catalogue). Seeding the whole demo catalogue renders every product
 * picture, which takes many seconds; the tests need one product.
 */
export function prepareShopDatabase(dataDir: string): string {
  const file = join(dataDir, "shop.db");
  const db = openDatabase(file);
  migrate(db);
  addProduct(db, { id: "plant-labels", name: "Plant labels, pack of 10", price_cents: 450, stock: null });
  db.close();
  return file;
}

// Variables a developer's .env might set that would change what the tests exercise.
const NEUTRAL_ENV: Record<string, string> = {
  NODE_ENV: "test",
  SEED_DEMO: "false",
  ADMIN_PASSWORD: "",
  ADMIN_PASSWORD_HASH: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  RESEND_API_KEY: "",
  MAIL_FROM: "",
  TURNSTILE_SITE_KEY: "",
  TURNSTILE_SECRET_KEY: "",
  LITESTREAM_REPLICA_URL: "",
  LITESTREAM_S3_ENDPOINT: "",
  LITESTREAM_S3_REGION: "",
};

export type ShopProcess = {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  port: number;
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** The pid of the Bun server (the child of Litestream when run under it). */
  serverPid(): number;
  exited: Promise<number>;
  /** For afterAll: SIGKILL the process and, under Litestream, the server it runs. */
  killAll(): void;
};

type ShopOptions = {
  dataDir: string;
  env?: Record<string, string>;
  entrypoint?: boolean;
  /** `bun start`: the server bundle (scripts/start.ts), built first when stale. */
  bundle?: boolean;
  pathDir?: string;
  /** The port to listen on; a free one when left out. */
  port?: number;
  /** A file Bun loads into the shop's process before `src/main.ts` (a test's probe); not with `entrypoint`. */
  preload?: string;
};

/**
 * Starts `bun src/main.ts`, `bun start` (the server bundle) with `bundle: true`, or scripts/entrypoint.sh with `entrypoint: true`,
 * and waits until /healthz answers.
 */
export async function startShop({
  readyTimeoutMs = HANG_GUARD_MS,
  ...options
}: ShopOptions & { readyTimeoutMs?: number }): Promise<ShopProcess> {
  const shop = await spawnShop(options);
  const { proc, origin } = shop;
  const deadline = Date.now() + readyTimeoutMs;
  let exitedEarly = false;
  void proc.exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`The shop exited before answering /healthz:\n${shop.output()}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok && shop.output().includes("Strata is open")) return shop;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(100);
  }
  shop.killAll();
  throw new Error(`The shop did not answer /healthz within ${readyTimeoutMs} ms:\n${shop.output()}`);
}

/** Starts the shop process without waiting for it: for a start that is meant to fail. */
export async function spawnShop({
  dataDir,
  env = {},
  entrypoint = false,
  bundle = false,
  pathDir,
  port: wanted,
  preload,
}: ShopOptions): Promise<ShopProcess> {
  const port = wanted ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const loaded = preload ? ["--preload", preload] : [];
  const command = entrypoint
    ? [join(ROOT, "scripts", "entrypoint.sh")]
    : bundle
      ? ["bun", ...loaded, "scripts/start.ts"]
      : ["bun", ...loaded, "src/main.ts"];
  const proc = Bun.spawn(command, {
    cwd: ROOT,
    env: {
      PATH: pathDir ? `${pathDir}:${process.env.PATH}` : (process.env.PATH ?? ""),
      HOME: process.env.HOME ?? tmpdir(),
      ...NEUTRAL_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      // The tests play the owner's proxy on loopback: each simulated shopper
      // names its own address (startCheckout), as behind Caddy or nginx, so
      // the per-address checkout limits see many shoppers, not one.
      TRUST_PROXY: "true",
      ...env,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const chunks: string[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) chunks.push(decoder.decode(chunk, { stream: true }));
  };
  const drained = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
  const exited = proc.exited.then(async (code) => {
    await drained;
    return code;
  });
  const shop: ShopProcess = {
    proc,
    port,
    origin,
    output: () => chunks.join(""),
    serverPid() {
      const match = [...shop.output().matchAll(/"msg":"Strata is open at [^"]*"[^\n]*"pid":(\d+)/g)].pop();
      if (!match?.[1]) throw new Error(`No server pid in the output:\n${shop.output()}`);
      return Number(match[1]);
    },
    exited,
    killAll() {
      for (const pid of [...shop.output().matchAll(/"msg":"Strata is open at [^"]*"[^\n]*"pid":(\d+)/g)].map((m) => Number(m[1]))) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      proc.kill("SIGKILL");
    },
  };
  return shop;
}

let shoppers = 0;

/** Starts a demo checkout for one pack of plant labels, each from a shopper of its own; returns its payment session id. */
export async function startCheckout(origin: string): Promise<string> {
  shoppers += 1;
  const response = await fetch(`${origin}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.78.${(shoppers >> 8) & 255}.${shoppers & 255}` },
    body: JSON.stringify({ items: [{ id: "plant-labels", productName: "Plant labels, pack of 10" }] }),
  });
  if (response.status !== 200) throw new Error(`POST /api/checkout answered ${response.status}: ${await response.text()}`);
  const { url } = (await response.json()) as { url: string };
  return sessionIdOf(url);
}

/**
 * Places one order through the demo checkout, as a shopper's browser does: the payment session id once the shop
 * acknowledged the payment (303 to the success page), or why it did not (the answer's status and words, or the
 * connection's error when the server went away mid-flight).
 */
async function attemptOrder(origin: string): Promise<{ id: string } | { notAcknowledged: string }> {
  try {
    const sessionId = await startCheckout(origin);
    const paid = await fetch(`${origin}/checkout/demo/${sessionId}/pay`, demoPayRequest());
    if (paid.status === 303 && paid.headers.get("location")?.includes("/success")) return { id: sessionId };
    return {
      notAcknowledged: `the payment answered ${paid.status} ${paid.headers.get("location") ?? ""} ${(await paid.text()).slice(0, 300)}`,
    };
  } catch (error) {
    return { notAcknowledged: String(error) };
  }
}

/** The payment session id of an order the shop acknowledged, or null when it did not (a crash mid-flight). */
export async function placeOrder(origin: string): Promise<string | null> {
  const attempt = await attemptOrder(origin);
  return "id" in attempt ? attempt.id : null;
}

export async function placeOrders(origin: string, count: number): Promise<string[]> {
  const placed: string[] = [];
  for (let i = 0; i < count; i++) {
    const attempt = await attemptOrder(origin);
    if (!("id" in attempt)) throw new Error(`Order ${i + 1} of ${count} was not acknowledged: ${attempt.notAcknowledged}`);
    placed.push(attempt.id);
  }
  return placed;
}

/** Reads a database file the way an operator would after an incident: its own connection. */
export function inspectDatabase(file: string): { integrity: string[]; orderSessions: Set<string>; orders: number } {
  const db = new Database(file, { readwrite: true, create: false });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const integrity = db
      .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
      .all()
      .map((row) => row.integrity_check);
    const sessions = db.query<{ payment_session_id: string }, []>("SELECT payment_session_id FROM orders").all();
    return { integrity, orderSessions: new Set(sessions.map((row) => row.payment_session_id)), orders: sessions.length };
  } finally {
    db.close();
  }
}

export async function runLitestream(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn([LITESTREAM, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code, output: out + err };
}

/** True once the process is gone (reaped or never there). */
export function processGone(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state === "Z" || state === "X";
  } catch {
    return true;
  }
}

/**
 * True once the process `pid`, listening on `port`, has accepted a connection
 * from each of `clientPorts` and read everything sent on it so far: its socket
 * is one of the process's open files and has no byte left unread
 * (rx_queue 0 in /proc/<pid>/net/tcp). For "the server holds these requests",
 * seen from outside.
 */
export function hasReadConnections(pid: number, port: number, clientPorts: number[]): boolean {
  const ownSockets = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = readlinkOrNull(`/proc/${pid}/fd/${fd}`);
      const inode = target?.match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode) ownSockets.add(inode);
    }
  } catch {
    return false; // the process is gone
  }
  const readFrom = new Set<number>();
  for (const line of readFileSync(`/proc/${pid}/net/tcp`, "utf8").split("\n").slice(1)) {
    const [, local, remote, state, queues, , , , , inode] = line.trim().split(/\s+/);
    if (!local || !remote || !queues || !inode) continue;
    const established = state === "01";
    const unread = Number.parseInt(queues.split(":")[1] ?? "1", 16);
    if (established && Number.parseInt(local.split(":")[1] ?? "", 16) === port && unread === 0 && ownSockets.has(inode)) {
      readFrom.add(Number.parseInt(remote.split(":")[1] ?? "", 16));
    }
  }
  return clientPorts.every((clientPort) => readFrom.has(clientPort));
}

function readlinkOrNull(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null; // closed between the listing and the look
  }
}

/**
 * Restores the replica of `file` as it stands now into `into`, replacing an
 * earlier restore there: what an operator would get back at this moment.
 * False when Litestream has nothing to restore yet (no snapshot replicated).
 */
export async function restoreReplicaNow(file: string, into: string, env: Record<string, string>): Promise<boolean> {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${into}${suffix}`, { force: true });
  const { code } = await runLitestream(["restore", "-config", join(ROOT, "litestream.yml"), "-o", into, file], env);
  return code === 0;
}
