import type { DepsOptions } from "../../src/deps";
import { createTestShop, type TestShop } from "./test-app";

export const ADMIN_PASSWORD = "correct horse battery staple";

/** Signs the owner in through the real login call; returns the Cookie header for later calls. */
export async function signIn(shop: TestShop, password = ADMIN_PASSWORD): Promise<string> {
  const response = await shop.request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("Sign-in set no cookie");
  return cookie;
}

export type AdminCallInit = { method?: string; body?: unknown; headers?: Record<string, string> };
export type AdminAnswer<T> = { status: number; body: T; response: Response };

/** An admin call as the signed-in owner's browser makes it: session cookie, same-origin, JSON. */
export async function adminCall<T = unknown>(
  shop: TestShop,
  cookie: string,
  path: string,
  init: AdminCallInit = {},
): Promise<AdminAnswer<T>> {
  const headers: Record<string, string> = { Cookie: cookie, "Sec-Fetch-Site": "same-origin", ...init.headers };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(init.body);
  }
  const response = await shop.request(path, { method: init.method ?? "GET", headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response };
}

/** A test shop with the owner's password set and the owner signed in. */
export type OwnerShop = TestShop & {
  /** The Cookie header of the owner's session. */
  cookie: string;
  /** adminCall as the signed-in owner. */
  call<T = unknown>(path: string, init?: AdminCallInit): Promise<AdminAnswer<T>>;
};

export async function createOwnerShop(variables: Record<string, string> = {}, options: DepsOptions = {}): Promise<OwnerShop> {
  const shop = await createTestShop({ ADMIN_PASSWORD, ...variables }, options);
  const cookie = await signIn(shop);
  return {
    ...shop,
    cookie,
    call<T = unknown>(path: string, init?: AdminCallInit) {
      return adminCall<T>(shop, cookie, path, init);
    },
  };
}
