import type { Database } from "bun:sqlite";
import type { Env } from "../../env";
import { log } from "../../log";
import { createAltchaCaptcha, LIGHT_WORK, STANDARD_WORK } from "./altcha";
import type { CaptchaService } from "./captcha";
import { createTurnstileCaptcha, TURNSTILE_VERIFY_URL } from "./turnstile";

export type { CaptchaService } from "./captcha";

/** Turnstile when both of its keys are set, otherwise the self-hosted ALTCHA. */
export function createCaptcha(env: Env, db: Database): CaptchaService {
  if (env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY) {
    return createTurnstileCaptcha({
      siteKey: env.TURNSTILE_SITE_KEY,
      secretKey: env.TURNSTILE_SECRET_KEY,
      verifyUrl: env.TURNSTILE_VERIFY_URL ?? TURNSTILE_VERIFY_URL,
    });
  }
  if (env.TURNSTILE_SITE_KEY || env.TURNSTILE_SECRET_KEY) {
    log("warn", "Captcha: Turnstile needs both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY; using the built-in ALTCHA.");
  }
  // Tests and the e2e server run with NODE_ENV=test: the same code path, a lighter puzzle.
  return createAltchaCaptcha(db, { work: env.NODE_ENV === "test" ? LIGHT_WORK : STANDARD_WORK });
}
