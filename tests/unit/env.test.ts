import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvError, parseEnv } from "../../src/env";

/** Parses variables that must be refused and hands back the EnvError's problem lines. */
function problemsOf(variables: Record<string, string>): string[] {
  try {
    parseEnv(variables);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(variables)}`);
}

describe("parseEnv defaults", () => {
  test("with nothing set, every variable takes the default of the configuration contract", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.NODE_ENV).toBe("development");
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  test("PUBLIC_URL defaults to localhost on the chosen PORT", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
  });

  test("blank strings (as a .env file leaves them) mean unset, not empty", () => {
    const env = parseEnv({
      PORT: "",
      HOST: "",
      DATA_DIR: "",
      PUBLIC_URL: "",
      SEED_DEMO: "",
      NODE_ENV: "",
      ADMIN_PASSWORD: "   ",
      OWNER_EMAIL: "",
      STRIPE_SECRET_KEY: "",
    });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.NODE_ENV).toBe("development");
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.OWNER_EMAIL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  test("SEED_DEMO=false turns demo seeding off", () => {
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  test("a PUBLIC_URL with a trailing slash is kept without it, so absolute links never get '//'", () => {
    expect(parseEnv({ PUBLIC_URL: "https://shop.example/" }).PUBLIC_URL).toBe("https://shop.example");
  });

  test("production starts with an ADMIN_PASSWORD_HASH instead of a plain password", () => {
    const env = parseEnv({ NODE_ENV: "production", ADMIN_PASSWORD_HASH: "$argon2id$v=19$m=65536,t=2,p=1$abc$def", DEMO_CHECKOUT: "true" });
    expect(env.NODE_ENV).toBe("production");
  });
});

describe("parseEnv refuses bad values, naming the variable", () => {
  test("PORT=abc is refused naming PORT", () => {
    expect(problemsOf({ PORT: "abc" })).toEqual(["PORT must be a whole number between 1 and 65535"]);
  });

  test("PORT=70000 is refused naming PORT", () => {
    expect(problemsOf({ PORT: "70000" })).toEqual(["PORT must be a whole number between 1 and 65535"]);
  });

  test("PUBLIC_URL=ftp://x is refused naming PUBLIC_URL", () => {
    expect(problemsOf({ PUBLIC_URL: "ftp://x" })).toEqual(["PUBLIC_URL must be an http:// or https:// URL"]);
  });

  test("OWNER_EMAIL=not-an-email is refused naming OWNER_EMAIL", () => {
    expect(problemsOf({ OWNER_EMAIL: "not-an-email" })).toEqual(["OWNER_EMAIL must be an email address"]);
  });

  test("SEED_DEMO=maybe is refused naming SEED_DEMO", () => {
    expect(problemsOf({ SEED_DEMO: "maybe" })).toEqual(["SEED_DEMO must be true or false"]);
  });

  test("NODE_ENV=staging is refused naming NODE_ENV", () => {
    expect(problemsOf({ NODE_ENV: "staging" })).toEqual(["NODE_ENV must be development, production or test"]);
  });

  test("production without ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is refused naming ADMIN_PASSWORD", () => {
    expect(problemsOf({ NODE_ENV: "production", DEMO_CHECKOUT: "true" })).toEqual([
      "ADMIN_PASSWORD is required in production (or set ADMIN_PASSWORD_HASH from `bun run hash-password`)",
    ]);
  });

  test("production without STRIPE_SECRET_KEY is refused naming STRIPE_SECRET_KEY, so real shoppers never meet the test checkout", () => {
    expect(problemsOf({ NODE_ENV: "production", ADMIN_PASSWORD: "a long owner password" })).toEqual([
      "STRIPE_SECRET_KEY is required in production; without it the shop would take only test payments (set DEMO_CHECKOUT=true if that is really what you want)",
    ]);
  });

  test("production with DEMO_CHECKOUT=true starts on the demo checkout, as the owner asked", () => {
    const env = parseEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "a long owner password", DEMO_CHECKOUT: "true" });
    expect(env.DEMO_CHECKOUT).toBe(true);
  });

  test("STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET is refused naming STRIPE_WEBHOOK_SECRET", () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: "sk_test_123" })).toEqual([
      "STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set, or paid orders cannot be confirmed",
    ]);
  });

  test("the EnvError message lists each problem on its own line", () => {
    try {
      parseEnv({ PORT: "abc" });
      throw new Error("parseEnv accepted PORT=abc");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).message).toBe(
        "Invalid configuration:\n  - PORT must be a whole number between 1 and 65535",
      );
    }
  });

  test("several bad variables are all listed at once", () => {
    const problems = problemsOf({ PORT: "abc", SEED_DEMO: "maybe", NODE_ENV: "staging", OWNER_EMAIL: "nope" });
    expect(problems.toSorted()).toEqual([
      "NODE_ENV must be development, production or test",
      "OWNER_EMAIL must be an email address",
      "PORT must be a whole number between 1 and 65535",
      "SEED_DEMO must be true or false",
    ]);
  });

  test("a bad PORT in production is listed together with the missing ADMIN_PASSWORD", () => {
    // The owner should learn every problem from one failed boot, not one per restart.
    const problems = problemsOf({ NODE_ENV: "production", PORT: "abc", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(problems.toSorted()).toEqual([
      "ADMIN_PASSWORD is required in production (or set ADMIN_PASSWORD_HASH from `bun run hash-password`)",
      "PORT must be a whole number between 1 and 65535",
    ]);
  });
});

describe("booting with a bad variable", () => {
  test("bun src/main.ts with PORT=abc exits non-zero and names PORT on stderr", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "strata-env-boot-"));
    try {
      const child = Bun.spawn([process.execPath, "src/main.ts"], {
        cwd: join(import.meta.dir, "..", ".."),
        env: { ...process.env, PORT: "abc", DATA_DIR: dataDir, NODE_ENV: "development", SEED_DEMO: "false" },
        stdout: "pipe",
        stderr: "pipe",
      });
      const timer = setTimeout(() => child.kill(), 15_000);
      const [exitCode, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
      clearTimeout(timer);
      expect(exitCode).not.toBe(0);
      expect(stderr).toContain("PORT must be a whole number between 1 and 65535");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 20_000);
});
