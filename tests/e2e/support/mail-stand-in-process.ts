import { startResendStandIn } from "../../support/resend-stand-in";

/**
 * The Resend stand-in (tests/support/resend-stand-in.ts) as a process of its own, for a browser story: the stories
 * run on Node and the stand-in on Bun. Prints its address and key as one line of JSON, then serves until killed.
 * Run with Bun: bun tests/e2e/support/mail-stand-in-process.ts
 */
const standIn = startResendStandIn();
console.log(JSON.stringify({ url: standIn.url, apiKey: standIn.apiKey }));
process.on("SIGTERM", () => void standIn.stop().then(() => process.exit(0)));
