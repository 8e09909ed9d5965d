/**
 * A local stand-in for Resend's `POST /emails`, so tests run the real SDK over
 * real HTTP without reaching the internet. It answers as Resend does: 401 for
 * a missing key, 403 for a wrong one, 422 for a missing field, `{ id }` on
 * success, and a replayed Idempotency-Key gets the first answer again without
 * the email being delivered twice.
 */
type DeliveredEmail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  idempotencyKey: string | null;
};

type Failure = { status: number; name: string; message: string };

const FAILURE_NAMES: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  409: "concurrent_idempotent_requests",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
};

export function startResendStandIn({ apiKey = "re_test_key" }: { apiKey?: string } = {}) {
  const delivered: DeliveredEmail[] = [];
  const answeredKeys = new Map<string, string>();
  const failures: Failure[] = [];
  let requests = 0;
  let nextId = 1;

  const error = (status: number, name: string, message: string) => Response.json({ statusCode: status, name, message }, { status });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      // The stand-in's own reading door, for a browser story whose shop runs in another process.
      if (request.method === "GET" && url.pathname === "/stand-in/delivered") return Response.json(delivered);
      if (request.method !== "POST" || url.pathname !== "/emails") return error(404, "not_found", "Not found");
      requests += 1;

      const auth = request.headers.get("authorization");
      if (!auth?.startsWith("Bearer ")) return error(401, "missing_api_key", "Missing API key in the authorization header");
      if (auth.slice("Bearer ".length) !== apiKey) return error(403, "invalid_api_key", "API key is invalid");

      const failure = failures.shift();
      if (failure) return error(failure.status, failure.name, failure.message);

      const key = request.headers.get("idempotency-key");
      const earlier = key ? answeredKeys.get(key) : undefined;
      if (earlier) return Response.json({ id: earlier });

      const body = (await request.json()) as Record<string, unknown>;
      for (const field of ["from", "to", "subject"] as const) {
        if (!body[field]) return error(422, "missing_required_field", `Missing \`${field}\` field.`);
      }
      const id = `stand-in-${nextId++}`;
      delivered.push({
        id,
        from: String(body.from),
        to: Array.isArray(body.to) ? body.to.map(String) : [String(body.to)],
        subject: String(body.subject),
        html: String(body.html ?? ""),
        text: String(body.text ?? ""),
        idempotencyKey: key,
      });
      if (key) answeredKeys.set(key, id);
      return Response.json({ id });
    },
  });

  return {
    apiKey,
    url: `http://127.0.0.1:${server.port}`,
    /** Every email accepted, once each. */
    delivered,
    /** How many POST /emails arrived, accepted or not. */
    get requests() {
      return requests;
    },
    /** The next `count` requests with a valid key answer `status` instead of sending. */
    failNext(count: number, status: number, message = `Stand-in failure ${status}`) {
      for (let i = 0; i < count; i++) failures.push({ status, name: FAILURE_NAMES[status] ?? "application_error", message });
    },
    stop() {
      return server.stop(true);
    },
  };
}

export type ResendStandIn = ReturnType<typeof startResendStandIn>;
