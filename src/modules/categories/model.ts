import { z } from "zod";

const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  sort: z.number(),
});

export type Category = z.infer<typeof categorySchema>;
