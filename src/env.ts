import { z } from "zod";
import { parseTrustProxy, TRUST_PROXY_PROBLEM } from "./http/trusted-proxies";

/**
 * Every setting the shop reads, validated once at boot. Nothing else in the
 * code base reads process.env: the parsed object is passed down explicitly.
 * Names are fixed by the configuration contract (the README's Configuration
 * table) so scripts, docs and deploy files agree.
 */

// An empty string in a .env file means "not set", not "set to nothing".
const optionalText = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().optional(),
);

const flag = (fallback: boolean) =>
  z
    .preprocess(
      (value) => (value === undefined || value === "" ? String(fallback) : String(value).toLowerCase()),
      z.enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" }),
    )
    .transform((value) => value === "true" || value === "1" || value === "yes");

/** TRUST_PROXY: false, true (a proxy on loopback) or the proxy's addresses and ranges. */
const trustProxy = z.preprocess(
  (value) => (value === undefined ? "" : String(value)),
  z.string().transform((value, context) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      context.addIssue({ code: "custom", message: `${TRUST_PROXY_PROBLEM}: ${(error as Error).message}` });
      return z.NEVER;
    }
  }),
);

/** The shortest plain ADMIN_PASSWORD production accepts (the same floor as `bun run hash-password`). */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .transform((value) => value.replace(/\/+$/, ""));

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    (v) => (v === "" || v === undefined ? "development" : v),
    z.enum(["development", "production", "test"], {
      error: "must be development, production or test",
    }),
  ),
  PORT: z.preprocess(
    (v) => (v === "" || v === undefined ? "3000" : v),
    z.coerce
      .number({ error: "must be a whole number between 1 and 65535" })
      .int({ error: "must be a whole number between 1 and 65535" })
      .min(1, { error: "must be a whole number between 1 and 65535" })
      .max(65535, { error: "must be a whole number between 1 and 65535" }),
  ),
  HOST: z.preprocess((v) => (v === "" || v === undefined ? "0.0.0.0" : v), z.string().min(1)),
  DATA_DIR: z.preprocess((v) => (v === "" || v === undefined ? "./data" : v), z.string().min(1)),
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
  SEED_DEMO: flag(true),
  ADMIN_PASSWORD: optionalText,
  ADMIN_PASSWORD_HASH: optionalText.refine((value) => value === undefined || /^\$(argon2(id|i|d)|2[aby])\$/.test(value), {
    error: "must be a hash printed by `bun run hash-password` (it starts with $argon2id$)",
  }),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  DEMO_CHECKOUT: flag(false),
  TRUST_PROXY: trustProxy,
  UPLOAD_RETENTION_DAYS: z.preprocess(
    (v) => (v === "" || v === undefined ? "14" : v),
    z.coerce
      .number({ error: "must be a whole number of days from 1 to 365" })
      .int({ error: "must be a whole number of days from 1 to 365" })
      .min(1, { error: "must be a whole number of days from 1 to 365" })
      .max(365, { error: "must be a whole number of days from 1 to 365" }),
  ),
  STRIPE_API_BASE: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
  RESEND_API_KEY: optionalText,
  MAIL_FROM: optionalText,
  OWNER_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email({ error: "must be an email address" }).optional()),
  RESEND_API_BASE: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  TURNSTILE_VERIFY_URL: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
  LITESTREAM_REPLICA_URL: optionalText,
  // The owner's alerts (docs/decisions/0046-owner-alerts.md): all optional; /admin can set ntfy, and the keys are made once when unset.
  NTFY_URL: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
  NTFY_TOKEN: optionalText,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
});

/**
 * Rules that span variables. They read the raw values, so they are reported
 * even when another variable fails its own check (zod skips refinements then).
 */
function crossVariableProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => (source[name] ?? "").trim() !== "";
  const problems: string[] = [];
  if (source.NODE_ENV?.trim() === "production" && !set("ADMIN_PASSWORD") && !set("ADMIN_PASSWORD_HASH")) {
    problems.push("ADMIN_PASSWORD is required in production (or set ADMIN_PASSWORD_HASH from `bun run hash-password`)");
  }
  // Characters, not UTF-16 units, as the owner would count them.
  if (
    source.NODE_ENV?.trim() === "production" &&
    set("ADMIN_PASSWORD") &&
    [...source.ADMIN_PASSWORD!.trim()].length < MIN_ADMIN_PASSWORD_LENGTH
  ) {
    problems.push(
      `ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters in production (or set ADMIN_PASSWORD_HASH from \`bun run hash-password\`)`,
    );
  }
  const demoAllowed = ["true", "1", "yes"].includes((source.DEMO_CHECKOUT ?? "").trim().toLowerCase());
  if (source.NODE_ENV?.trim() === "production" && !set("STRIPE_SECRET_KEY") && !demoAllowed) {
    problems.push(
      "STRIPE_SECRET_KEY is required in production; without it the shop would take only test payments (set DEMO_CHECKOUT=true if that is really what you want)",
    );
  }
  if (set("STRIPE_SECRET_KEY") && !set("STRIPE_WEBHOOK_SECRET")) {
    problems.push("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set, or paid orders cannot be confirmed");
  }
  return problems;
}

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, "PUBLIC_URL"> & { PUBLIC_URL: string };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses a set of variables; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`)),
    ...crossVariableProblems(source),
  ];
  if (problems.length > 0 || !result.success) throw new EnvError(problems);
  const env = result.data;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}

/** The single place that reads the process environment. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}
