/**
 * A local stand-in for Cloudflare Turnstile's siteverify endpoint, so tests
 * run the real verification code over real HTTP without the internet. Like
 * Cloudflare it takes a form or JSON body with secret, response and remoteip;
 * it answers `success: true` once for each token it was told is good, and
 * `timeout-or-duplicate` for anything else (unknown, expired or reused).
 */
type SiteverifyCall = { secret: string | null; response: string | null; remoteip: string | null };

const SITEVERIFY_PATH = "/turnstile/v0/siteverify";

export function startTurnstileStandIn({ secret = "0x4AAAAAAA-test-secret" }: { secret?: string } = {}) {
  const good = new Set<string>();
  const calls: SiteverifyCall[] = [];

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== SITEVERIFY_PATH) return new Response("Not found", { status: 404 });
      const fields = await readFields(request);
      const field = (key: string) => fields.get(key) ?? null;
      const call = { secret: field("secret"), response: field("response"), remoteip: field("remoteip") };
      calls.push(call);

      const failure = (codes: string[]) => Response.json({ success: false, "error-codes": codes, messages: [] });
      if (!call.secret) return failure(["missing-input-secret"]);
      if (call.secret !== secret) return failure(["invalid-input-secret"]);
      if (!call.response) return failure(["missing-input-response"]);
      if (!good.delete(call.response)) return failure(["timeout-or-duplicate"]);
      return Response.json({
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: "shop.test",
        "error-codes": [],
        action: "",
        cdata: "",
      });
    },
  });

  return {
    secret,
    url: `http://127.0.0.1:${server.port}`,
    verifyUrl: `http://127.0.0.1:${server.port}${SITEVERIFY_PATH}`,
    /** Every siteverify call received. */
    calls,
    /** A token the widget could have issued: good for one verification. */
    issue(token: string) {
      good.add(token);
      return token;
    },
    stop() {
      return server.stop(true);
    },
  };
}

async function readFields(request: Request): Promise<Map<string, string | null>> {
  const type = request.headers.get("content-type") ?? "";
  const fields = new Map<string, string | null>();
  if (type.includes("application/json")) {
    const body = (await request.json()) as Record<string, unknown>;
    for (const key of ["secret", "response", "remoteip"]) fields.set(key, typeof body[key] === "string" ? body[key] : null);
  } else {
    const body = new URLSearchParams(await request.text());
    for (const key of ["secret", "response", "remoteip"]) fields.set(key, body.get(key));
  }
  return fields;
}

export type TurnstileStandIn = ReturnType<typeof startTurnstileStandIn>;
