import * as z from "zod";
import { isValidRobloxUsername, ROBLOX_USERNAME_RULE } from "#domain/checkout/roblox-username.ts";

const quantity = z.number({ error: "Enter a whole number of units" }).int("Enter a whole number of units").min(0, "Stock cannot be negative").max(1_000_000);

/** POST /api/admin/holders: a Roblox account that holds a game's stock. */
export const HolderRequest = z.object({
  gameId: z.string({ error: "Choose a game" }).trim().min(1, "Choose a game"),
  robloxUsername: z
    .string({ error: "Enter the account's Roblox username" })
    .trim()
    .min(1, "Enter the account's Roblox username")
    .refine(isValidRobloxUsername, `Please enter a valid Roblox username: ${ROBLOX_USERNAME_RULE}`),
  note: z.string().trim().max(500).optional(),
});

/** GET /api/admin/holders: one page, newest first, of one game or all; ?status=active for a holder picker. */
export const HoldersPage = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  gameId: z.string().trim().min(1).optional(),
  status: z.enum(["active", "lost"], { error: "status must be active or lost" }).optional(),
});

/** PUT /api/admin/holders/{id}/stock. */
export const HolderStockRequest = z.object({
  productId: z.string({ error: "Choose a product" }).trim().min(1, "Choose a product"),
  quantity,
});

/** POST /api/admin/holders/{id}/lost: why (banned, stolen), for the audit trail. */
export const HolderLostRequest = z.object({
  note: z.string({ error: "Say what happened to the account" }).trim().min(1, "Say what happened to the account").max(500),
});

/** POST /api/admin/holders/{id}/restore: the stock it holds again, entered anew. */
export const HolderRestoreRequest = z.object({
  stock: z
    .array(z.object({ productId: z.string().trim().min(1), quantity }))
    .max(500)
    .default([]),
});

/** POST /api/admin/orders/{id}/holder. */
export const OrderHolderRequest = z.object({
  holderId: z.string({ error: "Choose a holder" }).trim().min(1, "Choose a holder"),
});
