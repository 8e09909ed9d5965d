/**
 * The shop's operational log: one JSON object per line on stdout (errors on
 * stderr), so `docker logs`, journald or any collector can parse it. Callers
 * pass plain fields; nothing here inspects them, so never pass a password, a
 * token, a session id, a cookie, a request body or a query string.
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export function log(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}

/** An error as log fields: name, message and stack, never its whole object graph. */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { error: `${error.name}: ${error.message}`, stack: error.stack };
  return { error: String(error) };
}
