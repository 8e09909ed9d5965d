import type { Database } from "bun:sqlite";
import { createHash, createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { shopSecret } from "../../db/shop-secret";
import { writeTransaction } from "../../db/transaction";
import { type CaptchaService, MAX_TOKEN_LENGTH } from "./captcha";

/** Private: not one of content's CONFIG_KEYS, so no configuration endpoint reads it. */
export const ALTCHA_KEY_CONFIG = "altcha_hmac_key";
export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
const CHALLENGE_TTL_MS = 10 * 60_000;
const CHALLENGE_URL = "/api/captcha/challenge";

/**
 * How much proof of work a challenge asks for: PBKDF2 rounds per attempt and
 * the range the secret counter is drawn from. ALTCHA's example (counter
 * 5,000–10,000) took about 6 s in a two-core headless Chromium; half of it
 * keeps a slow phone's wait reasonable, and sends are rate limited besides.
 * LIGHT keeps test suites quick.
 */
export type AltchaWork = { cost: number; minCounter: number; maxCounter: number };
export const STANDARD_WORK: AltchaWork = { cost: 5_000, minCounter: 2_500, maxCounter: 5_000 };
export const LIGHT_WORK: AltchaWork = { cost: 10, minCounter: 10, maxCounter: 40 };

export type AltchaSecrets = { hmacSignatureSecret: string; hmacKeySignatureSecret: string };

/**
 * The shop's ALTCHA signing secrets. A random key is made the first time and
 * kept in the configuration table, so challenges survive a restart and every
 * process over the same database agrees.
 */
export function altchaSecrets(db: Database): AltchaSecrets {
  const key = shopSecret(db, ALTCHA_KEY_CONFIG);
  const derive = (purpose: string) => createHmac("sha256", key).update(purpose).digest("hex");
  return { hmacSignatureSecret: derive("altcha challenge signature"), hmacKeySignatureSecret: derive("altcha key signature") };
}

/** Self-hosted ALTCHA: signed proof-of-work challenges, each solution accepted once. */
export function createAltchaCaptcha(db: Database, { work = STANDARD_WORK }: { work?: AltchaWork } = {}): CaptchaService {
  let secrets: AltchaSecrets | null = null;
  const keys = () => (secrets ??= altchaSecrets(db));
  /** Records a solved challenge; false when it was already used. Expired records go at the same time. */
  function spendOnce(signature: string, expiresAt: number): boolean {
    const hash = createHash("sha256").update(signature).digest("hex");
    return writeTransaction(db, () => {
      db.query<unknown, [number]>("DELETE FROM captcha_spent WHERE expires_at < ?").run(Math.floor(Date.now() / 1000));
      return (
        db
          .query<unknown, [string, number]>(
            "INSERT INTO captcha_spent (token_hash, expires_at) VALUES (?, ?) ON CONFLICT(token_hash) DO NOTHING",
          )
          .run(hash, expiresAt).changes === 1
      );
    });
  }

  return {
    kind: "altcha",
    siteConfig: () => ({ kind: "altcha", challengeUrl: CHALLENGE_URL }),

    challenge() {
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: work.cost,
        counter: randomInt(work.maxCounter, work.minCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        ...keys(),
      });
    },

    async verify(token) {
      const payload = decodePayload(token);
      if (!payload) return false;
      const { challenge, solution } = payload;
      const { expiresAt, algorithm } = challenge.parameters;
      // Every challenge this shop signs has these; anything else is not one of ours.
      if (algorithm !== ALTCHA_ALGORITHM || typeof expiresAt !== "number" || typeof challenge.signature !== "string") return false;
      try {
        const result = await verifySolution({ challenge, solution, deriveKey, ...keys() });
        if (!result.verified) return false;
      } catch {
        return false; // a malformed payload is a wrong answer, not a server error
      }
      // The signature covers the random nonce and salt, so it names this challenge alone.
      return spendOnce(challenge.signature, expiresAt);
    },
  };
}

/** The widget's token: base64 of `{ challenge, solution }` JSON. Null for anything else. */
function decodePayload(token: string): { challenge: Challenge; solution: Solution } | null {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(token));
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const { challenge, solution } = value;
  if (!isObject(challenge) || !isObject(challenge.parameters) || !isObject(solution)) return null;
  return { challenge: challenge as unknown as Challenge, solution: solution as unknown as Solution };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
