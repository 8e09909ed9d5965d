import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));

type DeliveredEmail = { to: string[]; subject: string; text: string; html: string };

/** A mail service stand-in a story's own shop sends through with the real Resend SDK; the story reads what arrived. */
export type MailStandIn = {
  /** The shop's settings that send through it. */
  env: Record<string, string>;
  /** Every email it accepted, in order. */
  delivered(): Promise<DeliveredEmail[]>;
  stop(): Promise<void>;
};

export async function startMailStandIn(): Promise<MailStandIn> {
  const child = spawn("bun", [join(HERE, "mail-stand-in-process.ts")], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
  const { url, apiKey } = JSON.parse(line) as { url: string; apiKey: string };
  return {
    env: { RESEND_API_KEY: apiKey, RESEND_API_BASE: url, MAIL_FROM: "shop@strata.test" },
    async delivered() {
      return (await (await fetch(`${url}/stand-in/delivered`)).json()) as DeliveredEmail[];
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
