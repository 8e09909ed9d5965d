import { expect } from "bun:test";

/** A refusal's Retry-After: whole seconds, within [min, max]. */
export function expectRetryAfter(response: Response, min: number, max: number): void {
  const value = response.headers.get("retry-after");
  expect(value).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThanOrEqual(min);
  expect(Number(value)).toBeLessThanOrEqual(max);
}
