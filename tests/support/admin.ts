import type { TestShop } from "./test-app";

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

/** An admin call as the signed-in owner's browser makes it: session cookie, same-origin, JSON. */
export async function adminCall<T = unknown>(
  shop: TestShop,
  cookie: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; response: Response }> {
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
