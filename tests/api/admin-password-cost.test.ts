import { afterEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { OWNER_PASSWORD_COST } from "../../src/modules/admin-auth/password";
import { ADMIN_PASSWORD, adminCall, signIn } from "../support/admin";
import { CHEAP_PASSWORD_COST, createTestShop, type TestShop } from "../support/test-app";

// The owner's password at the cost production uses: OWASP's argon2id
// recommendation (19 MiB, 2 passes), and older hashes made anew at the next
// good sign-in (decision 0009). Every other test shop uses a cheap cost.

const PRODUCTION_PARAMETERS = "$argon2id$v=19$m=19456,t=2,p=1$";

type KeptHash = { argon2id: string; made_from: string | null };
const keptHash = (shop: TestShop) => shop.db.query<KeptHash, []>("SELECT argon2id, made_from FROM admin_password_hash").get();
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let shops: TestShop[] = [];
afterEach(() => {
  for (const shop of shops) shop.close();
  shops = [];
});

async function productionShop(variables: Record<string, string>): Promise<TestShop> {
  const shop = await createTestShop(variables, { passwordCost: OWNER_PASSWORD_COST });
  shops.push(shop);
  return shop;
}

async function login(shop: TestShop, password: string): Promise<number> {
  const response = await shop.request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });
  return response.status;
}

describe("the owner's password is hashed at OWASP's argon2id cost", () => {
  test("a plain ADMIN_PASSWORD is kept as argon2id with 19 MiB and 2 passes", async () => {
    const shop = await productionShop({ ADMIN_PASSWORD });
    await signIn(shop);
    expect(keptHash(shop)?.argon2id).toStartWith(PRODUCTION_PARAMETERS);
    expect(keptHash(shop)?.made_from).toBeNull();
  });

  test("a kept hash from before (another cost) is made anew at the next sign-in, and the password still works", async () => {
    const shop = await productionShop({ ADMIN_PASSWORD });
    const older = await Bun.password.hash(ADMIN_PASSWORD, { algorithm: "argon2id", ...CHEAP_PASSWORD_COST });
    shop.db.query("INSERT INTO admin_password_hash (id, argon2id) VALUES (1, ?)").run(older);
    await signIn(shop);
    expect(keptHash(shop)?.argon2id).toStartWith(PRODUCTION_PARAMETERS);
    expect(await Bun.password.verify(ADMIN_PASSWORD, keptHash(shop)?.argon2id ?? "")).toBe(true);
  });

  test("`bun run hash-password` prints a hash at the production cost", async () => {
    const run = Bun.spawnSync(["bun", "scripts/hash-password.ts"], { stdin: new TextEncoder().encode(`${ADMIN_PASSWORD}\n`) });
    expect(run.exitCode).toBe(0);
    const printed = /ADMIN_PASSWORD_HASH='([^']+)'/.exec(run.stdout.toString())?.[1] ?? "";
    expect(printed).toStartWith(PRODUCTION_PARAMETERS);
    expect(await Bun.password.verify(ADMIN_PASSWORD, printed)).toBe(true);
  });
});

describe("an ADMIN_PASSWORD_HASH made at another cost", () => {
  const oldCost = { memoryCost: 65_536, timeCost: 2 };

  test("a good sign-in keeps a copy at the production cost, made from the password, beside the environment's hash", async () => {
    const environmentHash = await Bun.password.hash(ADMIN_PASSWORD, { algorithm: "argon2id", ...oldCost });
    const shop = await productionShop({ ADMIN_PASSWORD_HASH: environmentHash });
    expect(keptHash(shop)).toBeNull();
    const cookie = await signIn(shop);
    expect(keptHash(shop)?.argon2id).toStartWith(PRODUCTION_PARAMETERS);
    expect(keptHash(shop)?.made_from).toBe(sha256(environmentHash));
    // The session made before the copy still stands, and the next sign-in is checked against the copy.
    expect((await adminCall(shop, cookie, "/api/admin/session")).status).toBe(200);
    expect(await login(shop, ADMIN_PASSWORD)).toBe(200);
    expect(await login(shop, "not the owner's password")).toBe(401);
  });

  test("a wrong password makes no copy", async () => {
    const shop = await productionShop({
      ADMIN_PASSWORD_HASH: await Bun.password.hash(ADMIN_PASSWORD, { algorithm: "argon2id", ...oldCost }),
    });
    expect(await login(shop, "not the owner's password")).toBe(401);
    expect(keptHash(shop)).toBeNull();
  });

  test("a kept copy of another ADMIN_PASSWORD_HASH is not used: the new hash's password signs in, the old one does not", async () => {
    const shop = await productionShop({
      ADMIN_PASSWORD_HASH: await Bun.password.hash("the new owner password", { algorithm: "argon2id", ...oldCost }),
    });
    const copyOfTheOldOne = await Bun.password.hash(ADMIN_PASSWORD, { algorithm: "argon2id", ...OWNER_PASSWORD_COST });
    shop.db
      .query("INSERT INTO admin_password_hash (id, argon2id, made_from) VALUES (1, ?, ?)")
      .run(copyOfTheOldOne, sha256("an earlier hash"));
    expect(await login(shop, ADMIN_PASSWORD)).toBe(401);
    expect(await login(shop, "the new owner password")).toBe(200);
  });
});
