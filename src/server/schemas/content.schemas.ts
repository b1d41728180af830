import * as z from "zod";

export const FaqSearchQuery = z.object({
  q: z.string().max(100, "Search text is at most 100 characters").default(""),
});

/**
 * The item request form's body. Presence and format are the domain's rules (itemRequestProblem),
 * so missing text defaults to "" here and gets the spec's message there; this only bounds types
 * and sizes.
 */
export const ItemRequestBody = z.object({
  gameId: z.string().min(1, "gameId is required").max(100),
  itemName: z.string().max(1000).default(""),
  email: z.string().max(1000).default(""),
  description: z
    .string()
    .max(5000)
    .nullish()
    .transform((value) => value ?? ""),
});
