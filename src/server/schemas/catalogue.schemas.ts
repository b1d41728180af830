import * as z from "zod";

export const ProductsQuery = z.object({
  gameId: z.string().min(1).max(100).optional(),
  featured: z.enum(["true", "false"]).optional(),
});

export const SearchQuery = z.object({
  q: z.string().max(100, "Search text is at most 100 characters").default(""),
});

export const CategoriesQuery = z.object({
  gameId: z.string().min(1, "gameId is required").max(100),
});
