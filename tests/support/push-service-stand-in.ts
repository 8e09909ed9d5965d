import { createDecipheriv, createECDH, createHmac, type ECDH, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for a browser's push service (RFC 8030), so the shop's real web-push calls travel over
 * real HTTP without reaching the internet. It does what a push service must and a little more: it refuses a
 * message whose VAPID JWT (RFC 8292) is not signed by the key it names, is for another audience or has
 * expired, and — what a real push service cannot, and a test needs — it DECRYPTS the aes128gcm payload
 * (RFC 8291) with the test subscription's private key and auth secret, so the encryption is proved, not
 * assumed. It is written from the RFCs with node:crypto alone, not with web-push or http_ece.
 */
type PushedMessage = {
  /** The subscription's name, the last part of its endpoint. */
  name: string;
  payload: { title: string; body: string; url: string | null };
  /** The VAPID public key the shop signed with (the `k` of the Authorization header). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | null;
  urgency: string | null;
};

export type TestSubscription = {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export async function startPushServiceStandIn() {
  const subscribers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: PushedMessage[] = [];
  const refusals: string[] = [];
  let origin = "";

  // node:http rather than Bun.serve: the browser stories run on Node and use this stand-in too.
  const server = createServer(async (request, response) => {
    const answer = (status: number, text = "", headers: Record<string, string> = {}) => response.writeHead(status, headers).end(text);
    const name = (request.url ?? "").split("/").pop() ?? "";
    const subscriber = subscribers.get(name);
    if (request.method !== "POST" || !subscriber) return answer(404, "no such subscription");
    const status = answers.get(name);
    if (status !== undefined) return answer(status);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const header = (key: string) => (request.headers[key] as string | undefined) ?? null;
    try {
      const { claims, key } = await verifyVapid(header("authorization"), origin);
      if (header("content-encoding") !== "aes128gcm") throw new Error("Content-Encoding is not aes128gcm");
      const payload = JSON.parse(decryptAes128gcm(body, subscriber.ecdh, subscriber.auth));
      received.push({ name, payload, vapidKey: key, claims, ttl: header("ttl"), urgency: header("urgency") });
    } catch (error) {
      refusals.push((error as Error).message);
      return answer(400, (error as Error).message);
    }
    return answer(201, "", { Location: `${origin}/messages/${received.length}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** What the stand-in refused and why (a bad signature, a payload it could not decrypt). */
    refusals,
    /** A browser's subscription: a fresh P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
    subscribe(name: string): TestSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(name, { ecdh, auth });
      return {
        name,
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    /** From now on this subscription's messages are answered `status` (404 or 410: the browser unsubscribed). */
    answerWith(name: string, status: number) {
      answers.set(name, status);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the raw P-256 key `k`. */
async function verifyVapid(authorization: string | null, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`Authorization is not a VAPID header: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [header, claimsPart, signature] = token.split(".") as [string, string, string];
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("the JWT is not ES256");
  const key = await crypto.subtle.importKey("raw", Buffer.from(k, "base64url"), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const signed = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(signature, "base64url"),
    new TextEncoder().encode(`${header}.${claimsPart}`),
  );
  if (!signed) throw new Error("the VAPID signature does not match its key");
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`the JWT is for ${claims.aud}, not ${origin}`);
  if (claims.exp * 1000 <= Date.now()) throw new Error("the JWT has expired");
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`the JWT's sub is not a contact: ${claims.sub}`);
  return { claims, key: k };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac("sha256", key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** RFC 8291 section 3.4 and RFC 8188: one record, keyed from the subscriber's ECDH key and auth secret. */
function decryptAes128gcm(body: Buffer, subscriber: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = subscriber.computeSecret(serverPublicKey);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscriber.getPublicKey(), serverPublicKey]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return padded.subarray(0, end).toString("utf8");
}
