import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import type { RatableOrder, Rating } from "#domain/ratings/rating.ts";
import type { RatingsRepositories } from "#domain/ratings/ratings-repositories.port.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";

/** The ratings module's repositories in memory: the same rules as the SQL (one rating per order and product). */
export function inMemoryRatings(orders: RatableOrder[] = []) {
  const state = { ratings: [] as Rating[], orders: structuredClone(orders), audit: [] as AuditEntry[] };
  const repositories: RatingsRepositories = {
    ratings: {
      async add(rating) {
        if (state.ratings.some((r) => r.orderId === rating.orderId && r.productId === rating.productId)) return false;
        state.ratings.push(structuredClone(rating));
        return true;
      },
      async moderate(id, change) {
        const rating = state.ratings.find((r) => r.id === id);
        if (!rating) return null;
        rating.status = change.status;
        rating.moderatedAt = change.at;
        rating.moderatedBy = change.by;
        if (change.reply !== undefined) rating.reply = change.reply;
        return structuredClone(rating);
      },
      findById: async (id) => structuredClone(state.ratings.find((r) => r.id === id) ?? null),
    },
    orders: { find: async (id) => structuredClone(state.orders.find((o) => o.id === id) ?? null) },
    audit: { record: async (entry) => void state.audit.push(entry) },
  };
  return { state, unitOfWork: inMemoryUnitOfWork(state, repositories) };
}
