import type { z } from "zod";
import { BadRequest } from "../errors";

/** Parses input with a zod schema; the first problem becomes a 400 a person can act on. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new BadRequest(result.error.issues[0]?.message ?? "The request is not valid.");
}
