import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvError, parseEnv } from "../../src/env";
import { HANG_GUARD_MS } from "../support/wait-until";

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

/** Parses TRUST_PROXY=`value` and hands back a check that says, address by address, whether it is trusted. */
function trustedBy(value: string): (addresses: string[]) => boolean[] {
  const trusted = parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;
  if (!trusted) throw new Error(`TRUST_PROXY=${value} parsed as false`);
  return (addresses) => addresses.map((address) => trusted.includes(address));
}

/** The configuration contract's defaults, as a shop with nothing set runs. */
function expectDefaults(env: ReturnType<typeof parseEnv>) {
  expect(env.PORT).toBe(3000);
  expect(env.HOST).toBe("0.0.0.0");
  expect(env.DATA_DIR).toBe("./data");
  expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  expect(env.SEED_DEMO).toBe(true);
  expect(env.NODE_ENV).toBe("development");
  expect(env.ADMIN_PASSWORD).toBeUndefined();
  expect(env.OWNER_EMAIL).toBeUndefined();
  expect(env.STRIPE_SECRET_KEY).toBeUndefined();
}

describe("parseEnv defaults", () => {
  test("with nothing set, every variable takes the default of the configuration contract", () => {
    expectDefaults(parseEnv({}));
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
    expectDefaults(env);
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
  // One bad variable each: [variable, value, the one problem it must give].
  const refusals: [string, string, string][] = [
    ["PORT", "abc", "PORT must be a whole number between 1 and 65535"],
    ["PORT", "70000", "PORT must be a whole number between 1 and 65535"],
    ["PUBLIC_URL", "ftp://x", "PUBLIC_URL must be an http:// or https:// URL"],
    ["OWNER_EMAIL", "not-an-email", "OWNER_EMAIL must be an email address"],
    ["SEED_DEMO", "maybe", "SEED_DEMO must be true or false"],
    ["NODE_ENV", "staging", "NODE_ENV must be development, production or test"],
  ];
  for (const [variable, value, problem] of refusals) {
    test(`${variable}=${value} is refused naming ${variable}`, () => {
      expect(problemsOf({ [variable]: value })).toEqual([problem]);
    });
  }

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
      expect((error as EnvError).message).toBe("Invalid configuration:\n  - PORT must be a whole number between 1 and 65535");
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

describe("TRUST_PROXY names the proxy whose X-Forwarded-For is believed", () => {
  test("unset or false trusts no proxy", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });

  test("true trusts a proxy on loopback only (IPv4, IPv6 and IPv4-mapped), not the rest of the world", () => {
    const trusts = trustedBy("true");
    expect(trusts(["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"])).toEqual([true, true, true, true]);
    expect(trusts(["203.0.113.7", "172.17.0.1", "10.0.0.1", "2001:db8::1"])).toEqual([false, false, false, false]);
  });

  test("a list of addresses and ranges (commas or spaces) trusts exactly those", () => {
    const trusts = trustedBy("172.17.0.1, 10.0.0.0/8 fd00::/8");
    expect(trusts(["172.17.0.1", "::ffff:172.17.0.1", "10.200.3.4", "fd12::1"])).toEqual([true, true, true, true]);
    expect(trusts(["172.17.0.2", "127.0.0.1", "11.0.0.1", "fe80::1"])).toEqual([false, false, false, false]);
  });

  test("TRUST_PROXY=proxy.example (not an address) is refused naming TRUST_PROXY", () => {
    expect(problemsOf({ TRUST_PROXY: "proxy.example" })).toEqual([
      "TRUST_PROXY must be false, true (a proxy on this machine's loopback) or a comma-separated list of the proxy's addresses or ranges, such as 172.17.0.1 or 10.0.0.0/8: \"proxy.example\" is not an address or range",
    ]);
  });

  test("TRUST_PROXY=10.0.0.0/33 (a prefix too long) is refused naming TRUST_PROXY", () => {
    expect(problemsOf({ TRUST_PROXY: "10.0.0.0/33" })).toEqual([
      "TRUST_PROXY must be false, true (a proxy on this machine's loopback) or a comma-separated list of the proxy's addresses or ranges, such as 172.17.0.1 or 10.0.0.0/8: \"10.0.0.0/33\" is not an address or range",
    ]);
  });

  test("TRUST_PROXY=0.0.0.0/0 (every address) is refused: anyone could choose their own", () => {
    expect(problemsOf({ TRUST_PROXY: "0.0.0.0/0" })).toEqual([
      "TRUST_PROXY must be false, true (a proxy on this machine's loopback) or a comma-separated list of the proxy's addresses or ranges, such as 172.17.0.1 or 10.0.0.0/8: \"0.0.0.0/0\" would trust every address, so anyone could choose their own",
    ]);
    expect(problemsOf({ TRUST_PROXY: "::/0" })[0]).toContain('"::/0" would trust every address');
  });

  test("binding every interface (HOST=0.0.0.0, as in a container) with a trusted proxy is allowed", () => {
    const env = parseEnv({ HOST: "0.0.0.0", TRUST_PROXY: "172.17.0.1" });
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.TRUST_PROXY ? env.TRUST_PROXY.includes("172.17.0.1") : false).toBe(true);
  });
});

describe("ADMIN_PASSWORD in production", () => {
  test("ADMIN_PASSWORD=x in production is refused naming ADMIN_PASSWORD", () => {
    expect(problemsOf({ NODE_ENV: "production", ADMIN_PASSWORD: "x", DEMO_CHECKOUT: "true" })).toEqual([
      "ADMIN_PASSWORD must be at least 12 characters in production (or set ADMIN_PASSWORD_HASH from `bun run hash-password`)",
    ]);
  });

  test("an 11-character ADMIN_PASSWORD in production is refused; 12 characters start", () => {
    expect(problemsOf({ NODE_ENV: "production", ADMIN_PASSWORD: "elevenchars", DEMO_CHECKOUT: "true" })).toEqual([
      "ADMIN_PASSWORD must be at least 12 characters in production (or set ADMIN_PASSWORD_HASH from `bun run hash-password`)",
    ]);
    expect(parseEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "twelve chars", DEMO_CHECKOUT: "true" }).ADMIN_PASSWORD).toBe("twelve chars");
  });

  test("a short ADMIN_PASSWORD is still allowed in development, where the shop is only being tried", () => {
    expect(parseEnv({ NODE_ENV: "development", ADMIN_PASSWORD: "x" }).ADMIN_PASSWORD).toBe("x");
  });
});

/** Starts the real shop with `variables` and hands back how it ended (a bad variable must end it at once). */
async function bootWith(variables: Record<string, string>): Promise<{ exitCode: number; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-env-boot-"));
  try {
    const child = Bun.spawn([process.execPath, "src/main.ts"], {
      cwd: join(import.meta.dir, "..", ".."),
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "development", SEED_DEMO: "false", ...variables },
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => child.kill(), 15_000);
    const [exitCode, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
    clearTimeout(timer);
    return { exitCode, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("booting with a bad variable", () => {
  test(
    "bun src/main.ts with PORT=abc exits non-zero and names PORT on stderr",
    async () => {
      const { exitCode, stderr } = await bootWith({ PORT: "abc" });
      expect(exitCode).not.toBe(0);
      expect(stderr).toContain("PORT must be a whole number between 1 and 65535");
    },
    HANG_GUARD_MS,
  );

  test(
    "bun src/main.ts with TRUST_PROXY=yes-please exits non-zero and names TRUST_PROXY on stderr",
    async () => {
      const { exitCode, stderr } = await bootWith({ PORT: "3999", TRUST_PROXY: "yes-please" });
      expect(exitCode).not.toBe(0);
      expect(stderr).toContain("TRUST_PROXY must be false, true (a proxy on this machine's loopback) or a comma-separated list");
      expect(stderr).toContain('"yes-please" is not an address or range');
    },
    HANG_GUARD_MS,
  );
});
