import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Challenge, createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import sharp from "sharp";
import { ALTCHA_ALGORITHM, ALTCHA_KEY_CONFIG, type AltchaSecrets, altchaSecrets } from "../../src/services/captcha/altcha";
import { expectRetryAfter } from "../support/retry-after";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { filesInUploads, uploadsDir } from "../support/uploads-folder";
import { HANG_GUARD_MS } from "../support/wait-until";

// POST /api/custom-request (docs/product.md#request-form,
// docs/product.md#public-calls) with the self-hosted ALTCHA captcha: every token
// here is a real challenge from the shop, really solved. Each refused request is
// checked to have left no row, no email and no file.

const OWNER = "owner@strata.test";
const CAPTCHA_MISSING = { error: "Please complete the captcha." };
const CAPTCHA_FAILED = { error: "The captcha could not be verified. Please try again." };

let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop({ OWNER_EMAIL: OWNER });
});
afterEach(() => shop.close());

// ---- captcha tokens --------------------------------------------------------

/** The widget's payload: base64 of the challenge and its solution. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: HANG_GUARD_MS });
  if (!solution) throw new Error("could not solve the challenge");
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

/** What the browser does: fetch a challenge from the shop and solve it. */
async function captchaToken(): Promise<string> {
  const { status, body } = await shop.json<Challenge>("/api/captcha/challenge");
  expect(status).toBe(200);
  return solve(body);
}

/** A challenge signed by hand, to control what the shop never issues (a past expiry, another key). */
async function signedToken(secrets: AltchaSecrets, expiresAt: Date): Promise<string> {
  return solve(await createChallenge({ algorithm: ALTCHA_ALGORITHM, cost: 10, counter: 20, deriveKey, expiresAt, ...secrets }));
}

// ---- files -----------------------------------------------------------------

/** A binary STL with one triangle: 80-byte header, count, 50 bytes per triangle. */
function binaryStl(): Uint8Array {
  const bytes = new Uint8Array(84 + 50);
  new DataView(bytes.buffer).setUint32(80, 1, true);
  return bytes;
}
const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const OBJ_BYTES = new TextEncoder().encode("# cube corner\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#c0ffee" } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
    .jpeg()
    .toBuffer();

const file = (bytes: Uint8Array, name: string, type = "") => new File([new Uint8Array(bytes)], name, { type });

// ---- sending ---------------------------------------------------------------

type Fields = Partial<Record<"name" | "email" | "details" | "material" | "color" | "captchaToken", string>>;

function form(fields: Fields, files: File[] = []): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
  for (const attachment of files) body.append("attachments", attachment);
  return body;
}

const GOOD: Fields = { name: "Ada Lovelace", email: "ada@example.com", details: "A bracket for my shelf,\n15 cm long." };

function send(body: FormData) {
  return shop.json<{ id?: string; attachments?: { filename: string }[]; error?: string }>("/api/custom-request", { method: "POST", body });
}

/** Sends a good form with a fresh token, changing only what the test names. */
async function sendWith(fields: Fields, files: File[] = []) {
  return send(form({ ...GOOD, captchaToken: await captchaToken(), ...fields }, files));
}

// ---- what was stored -------------------------------------------------------

function expectNothingStored() {
  expect(countRows(shop.db, "custom_requests")).toBe(0);
  expect(countRows(shop.db, "custom_request_attachments")).toBe(0);
  expect(countRows(shop.db, "email_outbox")).toBe(0);
  expect(filesInUploads(shop)).toEqual([]);
}

type AttachmentRow = { id: string; request_id: string; filename: string; stored_name: string; content_type: string; size_bytes: number };
const attachmentsOf = (requestId: string) =>
  shop.db.query<AttachmentRow, [string]>("SELECT * FROM custom_request_attachments WHERE request_id = ? ORDER BY rowid").all(requestId);

// ---- tests -----------------------------------------------------------------

describe("a good custom request", () => {
  test("is stored open with its STL, PDF and PNG on disk, and both emails are queued", async () => {
    const stl = binaryStl();
    const photo = await png();
    const { status, body } = await sendWith({ material: "PETG", color: "Forest green" }, [
      file(stl, "bracket.stl", "model/stl"),
      file(PDF_BYTES, "drawing.pdf", "application/pdf"),
      file(photo, "shelf photo.png", "image/png"),
    ]);

    expect(status).toBe(201);
    expect(body.id).toMatch(/^REQ-[0-9A-Z]{16}$/);
    const id = body.id!;
    // The form's confirmation says what was sent: the reference and the files under the names the owner sees.
    expect(body).toEqual({
      id,
      attachments: [{ filename: "bracket.stl" }, { filename: "drawing.pdf" }, { filename: "shelf photo.png" }],
    });

    const request = shop.db.query("SELECT name, email, details, material, color, status FROM custom_requests WHERE id = ?").get(id);
    expect(request).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      details: "A bracket for my shelf,\n15 cm long.",
      material: "PETG",
      color: "Forest green",
      status: "open",
    });

    const rows = attachmentsOf(id);
    expect(rows.map(({ filename, content_type, size_bytes }) => ({ filename, content_type, size_bytes }))).toEqual([
      { filename: "bracket.stl", content_type: "model/stl", size_bytes: stl.byteLength },
      { filename: "drawing.pdf", content_type: "application/pdf", size_bytes: PDF_BYTES.byteLength },
      { filename: "shelf photo.png", content_type: "image/png", size_bytes: photo.byteLength },
    ]);
    for (const row of rows) expect(row.stored_name).toMatch(/^r_[0-9a-f]{32}\.(stl|pdf|png)$/);
    expect(rows.map((row) => row.stored_name.split(".").pop())).toEqual(["stl", "pdf", "png"]);
    // Exactly these files, byte for byte, and no temporary file left behind.
    expect(filesInUploads(shop)).toEqual(rows.map((row) => row.stored_name).sort());
    expect(new Uint8Array(readFileSync(join(uploadsDir(shop), rows[0]!.stored_name)))).toEqual(new Uint8Array(stl));
    expect(new Uint8Array(readFileSync(join(uploadsDir(shop), rows[1]!.stored_name)))).toEqual(PDF_BYTES);
    expect(readFileSync(join(uploadsDir(shop), rows[2]!.stored_name)).equals(photo)).toBe(true);

    type Email = { kind: string; recipient: string; subject: string; text: string; html: string; order_id: null; status: string };
    const emails = shop.db
      .query<Email, []>("SELECT kind, recipient, subject, text, html, order_id, status FROM email_outbox ORDER BY id")
      .all();
    expect(emails.map(({ kind, recipient, subject, order_id, status }) => ({ kind, recipient, subject, order_id, status }))).toEqual([
      {
        kind: "custom-request-owner",
        recipient: OWNER,
        subject: "New custom request from Ada Lovelace",
        order_id: null,
        status: "pending",
      },
      {
        kind: "custom-request-ack",
        recipient: "ada@example.com",
        subject: "We've received your request",
        order_id: null,
        status: "pending",
      },
    ]);
    const [owner, ack] = emails as [Email, Email];
    for (const part of [
      id,
      "A bracket for my shelf,",
      "Material: PETG",
      "Colour: Forest green",
      "- bracket.stl",
      "- drawing.pdf",
      "- shelf photo.png",
      "http://shop.test/admin/orders",
    ]) {
      expect(owner.text).toContain(part);
    }
    expect(owner.html).toContain("ada@example.com");
    expect(ack.text).toContain("We will reply within 1 business day.");
    expect(ack.text).toContain(id);
    expect(ack.html).toContain("We&#x27;ve received your request");
  });

  test("with no attachments and no OWNER_EMAIL, only the acknowledgement is queued", async () => {
    shop.close();
    shop = await createTestShop();
    const { status, body } = await sendWith({});
    expect(status).toBe(201);
    expect(countRows(shop.db, "custom_requests")).toBe(1);
    expect(attachmentsOf(body.id!)).toEqual([]);
    expect(shop.db.query("SELECT kind, recipient FROM email_outbox").all()).toEqual([
      { kind: "custom-request-ack", recipient: "ada@example.com" },
    ]);
    expect(filesInUploads(shop)).toEqual([]);
  });

  test("accepts an OBJ model and a JPEG photo, judged by their bytes", async () => {
    const { status, body } = await sendWith({}, [file(OBJ_BYTES, "corner.OBJ"), file(await jpeg(), "IMG_0001.jpeg", "image/jpeg")]);
    expect(status).toBe(201);
    expect(attachmentsOf(body.id!).map((row) => [row.filename, row.content_type, row.stored_name.split(".").pop()])).toEqual([
      ["corner.OBJ", "model/obj", "obj"],
      ["IMG_0001.jpeg", "image/jpeg", "jpg"],
    ]);
  });

  test("a file name with ../ and a NUL byte is shown sanitised and stored under a random name", async () => {
    const { status, body } = await sendWith({}, [file(binaryStl(), "../../etc/pass\u0000wd.stl", "model/stl")]);
    expect(status).toBe(201);
    const [row] = attachmentsOf(body.id!);
    expect(row!.filename).toBe("passwd.stl");
    expect(body.attachments).toEqual([{ filename: "passwd.stl" }]);
    expect(row!.stored_name).toMatch(/^r_[0-9a-f]{32}\.stl$/);
    expect(filesInUploads(shop)).toEqual([row!.stored_name]);
    expect(existsSync(join(shop.dataDir, "etc"))).toBe(false);
    expect(existsSync(join(shop.dataDir, "..", "etc", "passwd.stl"))).toBe(false);
  });
});

describe("the sender's acknowledgement (the form takes any address)", () => {
  const SPAM = {
    name: "You won £500! Claim at https://prize.example/claim",
    email: "victim@example.com",
    details: 'Visit <a href="https://evil.example/login">your account</a> or www.evil.example now',
    material: "see http://evil.example/m",
    color: "<b>urgent</b>",
  };
  const SPAM_FILE = "claim-at-evil.example.stl";

  type Email = { kind: string; recipient: string; subject: string; text: string; html: string };
  const emailOf = (kind: string) =>
    shop.db.query<Email, [string]>("SELECT kind, recipient, subject, text, html FROM email_outbox WHERE kind = ?").get(kind)!;

  test("is a fixed text with only the request id: none of the sender's name, details, material, colour, file names or links", async () => {
    // The shop's own identity (docs/decisions/0021-shop-identity-in-configuration.md) is the one thing besides the id it names.
    const setting = shop.db.query("INSERT INTO configuration (key, value) VALUES (?, ?)");
    setting.run("contact_email", "orders@fellside.example");
    setting.run("trader_name", "Fellside Prints Ltd");
    setting.run("trader_address", "3 Mill Yard\nKendal\nLA9 4QR");
    const { status, body } = await sendWith(SPAM, [file(binaryStl(), SPAM_FILE, "model/stl")]);
    expect(status).toBe(201);
    const id = body.id!;

    const ack = emailOf("custom-request-ack");
    expect(ack.recipient).toBe("victim@example.com");
    expect(ack.subject).toBe("We've received your request");
    expect(ack.text).toBe(
      [
        "We've received your request",
        "",
        `Thank you for your custom print request (${id}). We've received it and will look at it shortly. We will reply within 1 business day.`,
        "",
        "Anything to add? Write to us at orders@fellside.example.",
        "If you did not send this request, you can ignore this email.",
        "",
        "Strata — Fellside Prints Ltd, 3 Mill Yard, Kendal, LA9 4QR",
      ].join("\n"),
    );
    for (const part of ["prize", "£500", "evil", 'href="https', "urgent", "claim", SPAM_FILE]) {
      expect(ack.html.toLowerCase()).not.toContain(part.toLowerCase());
      expect(ack.text.toLowerCase()).not.toContain(part.toLowerCase());
    }
    // The only link is the shop's own address.
    expect([...ack.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(["mailto:orders@fellside.example"]);
  });

  test("the owner's notice still carries everything the sender wrote", async () => {
    const { status } = await sendWith(SPAM, [file(binaryStl(), SPAM_FILE, "model/stl")]);
    expect(status).toBe(201);
    const notice = emailOf("custom-request-owner");
    expect(notice.recipient).toBe(OWNER);
    for (const part of [SPAM.name, "victim@example.com", "https://evil.example/login", SPAM.material, SPAM_FILE])
      expect(notice.text).toContain(part);
  });
});

describe("the captcha is checked first", () => {
  test("missing captcha: 400 'Please complete the captcha.'", async () => {
    const { status, body } = await send(form(GOOD, [file(binaryStl(), "bracket.stl")]));
    expect(status).toBe(400);
    expect(body).toEqual(CAPTCHA_MISSING);
    expectNothingStored();
  });

  test("missing captcha comes before any other problem", async () => {
    const { status, body } = await send(form({ email: "not an email" }, [file(new Uint8Array(10), "setup.exe")]));
    expect(status).toBe(400);
    expect(body).toEqual(CAPTCHA_MISSING);
    expectNothingStored();
  });

  test("wrong captcha (not a token at all): 400, nothing stored", async () => {
    const { status, body } = await send(form({ ...GOOD, captchaToken: "not-a-real-token" }, [file(binaryStl(), "bracket.stl")]));
    expect(status).toBe(400);
    expect(body).toEqual(CAPTCHA_FAILED);
    expectNothingStored();
  });

  test("wrong captcha (solved, but signed with another key): 400, nothing stored", async () => {
    const stranger = { hmacSignatureSecret: "someone else's key", hmacKeySignatureSecret: "and another" };
    const token = await signedToken(stranger, new Date(Date.now() + 60_000));
    const { status, body } = await send(form({ ...GOOD, captchaToken: token }));
    expect(status).toBe(400);
    expect(body).toEqual(CAPTCHA_FAILED);
    expectNothingStored();
  });

  test("wrong captcha (the widget's test-mode payload): 400, nothing stored", async () => {
    const token = btoa(JSON.stringify({ challenge: null, solution: null, test: true }));
    const { status, body } = await send(form({ ...GOOD, captchaToken: token }));
    expect(status).toBe(400);
    expect(body).toEqual(CAPTCHA_FAILED);
    expectNothingStored();
  });

  test("expired captcha: a challenge of the shop's own key past its expiry is refused", async () => {
    const secrets = altchaSecrets(shop.db);
    // The same construction with a future expiry passes, so only the expiry is wrong below.
    expect(await shop.deps.captcha.verify(await signedToken(secrets, new Date(Date.now() + 60_000)))).toBe(true);

    const token = await signedToken(secrets, new Date(Date.now() - 1_000));
    const { status, body } = await send(form({ ...GOOD, captchaToken: token }, [file(binaryStl(), "bracket.stl")]));
    expect(status).toBe(400);
    expect(body).toEqual(CAPTCHA_FAILED);
    expect(countRows(shop.db, "custom_requests")).toBe(0);
    expect(countRows(shop.db, "email_outbox")).toBe(0);
    expect(filesInUploads(shop)).toEqual([]);
  });

  test("replayed captcha: the same token works once, the second send is refused", async () => {
    const token = await captchaToken();
    const first = await send(form({ ...GOOD, captchaToken: token }, [file(binaryStl(), "bracket.stl")]));
    expect(first.status).toBe(201);
    const storedBefore = filesInUploads(shop);

    const second = await send(form({ ...GOOD, details: "Another one", captchaToken: token }, [file(PDF_BYTES, "plan.pdf")]));
    expect(second.status).toBe(400);
    expect(second.body).toEqual(CAPTCHA_FAILED);
    expect(countRows(shop.db, "custom_requests")).toBe(1);
    expect(countRows(shop.db, "custom_request_attachments")).toBe(1);
    expect(countRows(shop.db, "email_outbox")).toBe(2);
    expect(filesInUploads(shop)).toEqual(storedBefore);
  });

  test("used tokens are remembered by hash only, and forgotten once their challenge has expired", async () => {
    shop.db.query("INSERT INTO captcha_spent (token_hash, expires_at) VALUES ('old', ?)").run(Math.floor(Date.now() / 1000) - 60);
    const token = await captchaToken();
    expect((await send(form({ ...GOOD, captchaToken: token }))).status).toBe(201);
    const rows = shop.db.query<{ token_hash: string }, []>("SELECT token_hash FROM captcha_spent").all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toContain(rows[0]!.token_hash);
  });

  test("a challenge is signed, expires in 10 minutes and never carries the shop's key", async () => {
    const { status, body, response } = await shop.json<Challenge>("/api/captcha/challenge");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    const minutes = ((body.parameters.expiresAt ?? 0) * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);

    const config = await shop.json("/api/captcha/config");
    // The worker is the shop's own hashed file: the CSP allows workers from 'self' only.
    expect(config.body).toEqual({
      kind: "altcha",
      challengeUrl: "/api/captcha/challenge",
      workerUrl: shop.deps.assets.captchaWorker,
      stylesheetUrl: shop.deps.assets.captchaStylesheet,
    });

    const key = shop.db.query<{ value: string }, [string]>("SELECT value FROM configuration WHERE key = ?").get(ALTCHA_KEY_CONFIG)!.value;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const secrets = altchaSecrets(shop.db);
    for (const path of [
      "/api/captcha/challenge",
      "/api/captcha/config",
      "/api/configuration/hero-banner",
      "/api/configuration/delivery-fee",
      "/api/configuration/featured-products",
    ]) {
      const text = await (await shop.request(path)).text();
      for (const secret of [key, secrets.hmacSignatureSecret, secrets.hmacKeySignatureSecret]) expect(text).not.toContain(secret);
    }
  });
});

describe("the puzzle's size", () => {
  test("outside tests a challenge asks for the standard proof of work", async () => {
    shop.close();
    shop = await createTestShop({ NODE_ENV: "development" });
    const { body } = await shop.json<Challenge>("/api/captcha/challenge");
    expect(body.parameters.cost).toBe(5_000);
    expect(body.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("refused fields", () => {
  test("missing name: 400 'Please enter your name.'", async () => {
    const { status, body } = await sendWith({ name: "   " }, [file(binaryStl(), "bracket.stl")]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Please enter your name." });
    expectNothingStored();
  });

  test("missing email: 400 'Please enter your email address.'", async () => {
    const { status, body } = await send(form({ name: "Ada", details: "A bracket", captchaToken: await captchaToken() }));
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Please enter your email address." });
    expectNothingStored();
  });

  test("missing details: 400 'Please describe what you would like printed.'", async () => {
    const { status, body } = await sendWith({ details: "" }, [file(binaryStl(), "bracket.stl")]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Please describe what you would like printed." });
    expectNothingStored();
  });

  test("bad email: 400 'Please enter a valid email address.'", async () => {
    const { status, body } = await sendWith({ email: "ada at example" }, [file(binaryStl(), "bracket.stl")]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Please enter a valid email address." });
    expectNothingStored();
  });

  test("details longer than 5000 characters: 400 with the limit", async () => {
    const { status, body } = await sendWith({ details: "x".repeat(5001) });
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Details can be at most 5000 characters." });
    expectNothingStored();
  });

  test("details that look like JSON are kept as the text they are", async () => {
    const { status, body } = await sendWith({ details: '["a list", "of things"]' });
    expect(status).toBe(201);
    expect(shop.db.query("SELECT details FROM custom_requests WHERE id = ?").get(body.id!)).toEqual({ details: '["a list", "of things"]' });
  });

  test("not multipart: 400", async () => {
    const { status, body } = await shop.json("/api/custom-request", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...GOOD, captchaToken: "x" }),
    });
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Send the form as multipart/form-data." });
    expectNothingStored();
  });
});

describe("refused attachments", () => {
  test("six attachments: 400 'You can attach up to 5 files.'", async () => {
    const six = Array.from({ length: 6 }, (_, i) => file(binaryStl(), `part-${i + 1}.stl`));
    const { status, body } = await sendWith({}, six);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "You can attach up to 5 files." });
    expectNothingStored();
  });

  test("a 6 MB attachment: 413 '<name> is larger than 5 MB.'", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const { status, body } = await sendWith({}, [file(binaryStl(), "bracket.stl"), file(big, "huge scan.pdf", "application/pdf")]);
    expect(status).toBe(413);
    expect(body).toEqual({ error: "huge scan.pdf is larger than 5 MB." });
    expectNothingStored();
  });

  test("a .exe attachment: 400 '<name> is not an STL, OBJ, PDF or image file.'", async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    const { status, body } = await sendWith({}, [file(binaryStl(), "bracket.stl"), file(exe, "setup.exe", "application/x-msdownload")]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "setup.exe is not an STL, OBJ, PDF or image file." });
    expectNothingStored();
  });

  test("a PDF-named file that isn't a PDF: 400 with its name", async () => {
    const { status, body } = await sendWith({}, [file(new TextEncoder().encode("just some notes"), "plan.pdf", "application/pdf")]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "plan.pdf is not an STL, OBJ, PDF or image file." });
    expectNothingStored();
  });

  test("an image-typed file whose bytes are not an image: 400 with its name", async () => {
    const { status, body } = await sendWith({}, [file(new TextEncoder().encode("<html>hi</html>"), "photo.png", "image/png")]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "photo.png is not an STL, OBJ, PDF or image file." });
    expectNothingStored();
  });

  test("an STL-named file that is not a model: 400 with its name", async () => {
    const { status, body } = await sendWith({}, [file(new TextEncoder().encode("solid nothing here"), "model.stl")]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "model.stl is not an STL, OBJ, PDF or image file." });
    expectNothingStored();
  });

  test("a text value where a file belongs: 400", async () => {
    const body = form({ ...GOOD, captchaToken: await captchaToken() });
    body.append("attachments", "bracket.stl");
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "Attachments must be files." });
    expectNothingStored();
  });
});

describe("big bodies are cut off while they are read (the one reader, src/http/read-body.ts)", () => {
  test("a 40 MB chunked body with no Content-Length: 413 just past the 31 MB limit, never read to the end, nothing stored", async () => {
    const MB = 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40 * MB) return controller.close();
        sent += MB;
        controller.enqueue(new Uint8Array(MB));
      },
    });
    const { status, body: answer } = await shop.json("/api/custom-request", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=endless" },
      body,
    });
    expect({ status, answer }).toEqual({ status: 413, answer: { error: "The request is too large. Attach up to 5 files of 5 MB each." } });
    expect(sent).toBeLessThan(34 * MB);
    expectNothingStored();
  });

  test("a declared Content-Length over 31 MB: 413 before the body is read, nothing stored", async () => {
    const { status, body } = await shop.json("/api/custom-request", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(32 * 1024 * 1024) },
      body: "--x--",
    });
    expect({ status, body }).toEqual({ status: 413, body: { error: "The request is too large. Attach up to 5 files of 5 MB each." } });
    expectNothingStored();
  });

  test("a multipart body that cannot be parsed: 400 'The form could not be read. Please try again.', nothing stored", async () => {
    const { status, body } = await shop.json("/api/custom-request", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "no parts at all",
    });
    expect({ status, body }).toEqual({ status: 400, body: { error: "The form could not be read. Please try again." } });
    expectNothingStored();
  });
});

describe("nothing half-written", () => {
  test("a database failure after the files were written leaves no row, no email and no file", async () => {
    shop.db.exec("CREATE TRIGGER refuse_email BEFORE INSERT ON email_outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const quiet = console.error;
    console.error = () => {};
    try {
      const { status } = await sendWith({}, [file(binaryStl(), "bracket.stl"), file(PDF_BYTES, "drawing.pdf")]);
      expect(status).toBe(500);
    } finally {
      console.error = quiet;
    }
    expect(countRows(shop.db, "custom_requests")).toBe(0);
    expect(countRows(shop.db, "custom_request_attachments")).toBe(0);
    expect(filesInUploads(shop)).toEqual([]);
  });
});

describe("rate limit", () => {
  test("the sixth send from one address in 10 minutes gets 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await send(form(GOOD))).status).toBe(400);
    const { status, body, response } = await send(form(GOOD));
    expect(status).toBe(429);
    expect(body).toEqual({ error: "Too many requests sent from here. Please wait a few minutes and try again." });
    expectRetryAfter(response, 501, 600);
    expectNothingStored();
  });
});

describe("disk budget", () => {
  /** As if this address ("unknown" through app.handle) had 100 MB of product uploads no order paid for. */
  function fillBudget() {
    shop.db
      .query(
        `INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes, address_hash)
         VALUES ('t'||hex(randomblob(20)), 'gpx', 'map', 'big.gpx', 'u_'||lower(hex(randomblob(16)))||'.gpx', 'application/gpx+xml', ?, ?)`,
      )
      .run(100 * 1024 * 1024, shop.deps.uploadBudget.hashAddress("unknown"));
  }

  test("attachments past the address's 100 MB of unpaid files get 429 with Retry-After, and nothing is stored", async () => {
    fillBudget();
    const { status, body, response } = await sendWith({}, [file(PDF_BYTES, "drawing.pdf")]);
    expect({ status, body }).toEqual({
      status: 429,
      body: {
        error:
          "You have already sent us 100 MB of files that are not part of an order. Check out what is in your basket, or try again in a few hours.",
      },
    });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expectNothingStored();
  });

  test("a request without files still gets through when the address's budget is used up", async () => {
    fillBudget();
    const { status } = await sendWith({});
    expect(status).toBe(201);
    const row = shop.db.query<{ address_hash: string }, []>("SELECT address_hash FROM custom_requests").get();
    expect(row?.address_hash).toBe(shop.deps.uploadBudget.hashAddress("unknown"));
  });
});
