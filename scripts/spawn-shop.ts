// The one way a tool starts the shop as a process of its own: `bun scripts/start.ts` (the server bundle, built
// first when stale) on a port and a data folder of the caller's, seeded with the demo catalogue. The bench and
// the audit start theirs through bench/demo-shop.ts (in production mode), a browser story that needs a shop of
// its own through tests/e2e/support/own-shop.ts (in test mode). Written on node:child_process so it runs under
// Node (Playwright) and Bun (the bench) alike.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");

/** How much of the shop's output is kept to show when it fails. */
const KEPT_OUTPUT = 4000;

export type SpawnShopOptions = {
  port: number;
  dataDir: string;
  /** NODE_ENV, the admin password and any other setting; they win over the caller's own environment. */
  env?: Record<string, string>;
  /** A file Bun loads into the shop's process before it starts (the bench's event-loop probe). */
  preload?: string;
  /** Where the shop's stdout (its JSON log) goes; without it the log is kept in memory, its last few kB. */
  logFile?: string;
  /** Also write the shop's stderr to this process's, as it comes (the bench shows the shop's warnings). */
  showErrors?: boolean;
};

export type ShopProcess = {
  pid: number;
  origin: string;
  /** The last few kB the shop wrote (stdout without a log file, and stderr). */
  output(): string;
  /** Resolves when the shop logs that it is open (src/main.ts); rejects with its output if it exits first. */
  opened: Promise<void>;
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, and resolves once the process has exited. */
  stop(): Promise<void>;
};

export function spawnShop({ port, dataDir, env = {}, preload, logFile, showErrors = false }: SpawnShopOptions): ShopProcess {
  const origin = `http://127.0.0.1:${port}`;
  const log = logFile === undefined ? "pipe" : openSync(logFile, "w");
  const child: ChildProcess = spawn("bun", [...(preload ? ["--preload", preload] : []), join(ROOT, "scripts", "start.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SEED_DEMO: "true",
      ...env,
    },
    stdio: ["ignore", log, "pipe"],
  });
  if (typeof log === "number") closeSync(log);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", (chunk: Buffer) => {
    keep(chunk);
    if (showErrors) process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", () => {
      if (output.includes('"msg":"Strata is open at')) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The shop exited (${code}) before it opened:\n${output}`)));
  });
  // A caller that waits on the shop another way (the bench asks for a 200) never reads `opened`.
  opened.catch(() => {});
  if (child.pid === undefined) throw new Error(`The shop could not be started:\n${output}`);
  return {
    pid: child.pid,
    origin,
    output: () => output,
    opened,
    kill: (signal = "SIGTERM") => child.kill(signal),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
