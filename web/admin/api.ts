import { noteShopAnswered } from "./connection";

/**
 * The one way the admin app talks to the server: same-origin with the session
 * cookie, JSON both ways. A 401 on any call ends the session in the UI
 * (docs/product.md#signing-in) through the handler the session provider registers.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `{ error }` text, when it sent one. */
    readonly serverError: string | null,
    /** The field a refusal is about, when the server names it (`{ error, field }`: a dotted path such as "rules.setup_pence"). */
    readonly field: string | null = null,
  ) {
    super(serverError ?? `HTTP ${status}`);
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {}

let onUnauthorized: (() => void) | null = null;

/** The session provider's hook for "this call answered 401". */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** A 401 on a request made without apiCall (a file fetched for the 3D view): the session ends the same way. */
export function reportUnauthorized(): void {
  onUnauthorized?.();
}

type CallOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart (uploads). */
  form?: FormData;
  /** The login and the first session check read a 401 themselves instead of expiring the session. */
  handleUnauthorized?: boolean;
};

export async function apiCall<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
  return (await apiAnswer<T>(path, options)).data;
}

/** A call whose answer headers matter too (a list page's X-Next-Cursor and X-Total-Count). */
export async function apiAnswer<T = unknown>(path: string, options: CallOptions = {}): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? "GET", headers, body, credentials: "same-origin" });
  } catch (error) {
    noteShopAnswered(false);
    throw new NetworkError(error instanceof Error ? error.message : "Network error");
  }
  // An answer stamped X-Saved-At is the service worker's kept copy: the shop itself did not answer.
  noteShopAnswered(!response.headers.has("x-saved-at"));
  const text = await response.text().catch(() => "");
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const answer = data && typeof data === "object" ? (data as { error?: unknown; field?: unknown }) : {};
    const serverError = typeof answer.error === "string" ? answer.error : null;
    const field = typeof answer.field === "string" && answer.field !== "" ? answer.field : null;
    if (response.status === 401 && !options.handleUnauthorized) onUnauthorized?.();
    throw new ApiError(response.status, serverError, field);
  }
  return { data: data as T, headers: response.headers };
}

/** A failure as the owner reads it: the server's own words when it sent some, else the spec's fallback. */
export function failureText(error: unknown, fallback: string, networkFallback: string = fallback): string {
  if (error instanceof ApiError) return error.serverError || fallback;
  if (error instanceof NetworkError) return networkFallback;
  return fallback;
}

/** True when the failure was the session ending: the login form is already on its way, say nothing more. */
export function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** POST /api/admin/upload-image (multipart, field `image`): the stored image's URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  const answer = await apiCall<{ url?: string }>("/api/admin/upload-image", { method: "POST", form });
  if (!answer?.url) throw new ApiError(500, null);
  return answer.url;
}

/** POST /api/admin/configuration takes one key at a time (docs/product.md#owner-calls); values are text. */
export function saveConfig(key: string, value: string): Promise<unknown> {
  return apiCall("/api/admin/configuration", { method: "POST", json: { key, value } });
}

export const enc = encodeURIComponent;
