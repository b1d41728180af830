import type { GuestDataMerger } from "./guest-data-merger.port.ts";

/**
 * At sign-in, moves the guest's cart, wishlist and support conversations to the account, one
 * module after another. A module that fails does not stop the others; the failures are returned so
 * the caller can log them (signing in must not fail because a wishlist could not be merged).
 */
export async function mergeGuestData(
  visitorId: string | null,
  userId: string,
  mergers: readonly GuestDataMerger[],
): Promise<{ merged: string[]; failed: { name: string; error: unknown }[] }> {
  const merged: string[] = [];
  const failed: { name: string; error: unknown }[] = [];
  if (!visitorId) return { merged, failed };
  for (const merger of mergers) {
    try {
      await merger.mergeGuestIntoUser(visitorId, userId);
      merged.push(merger.name);
    } catch (error) {
      failed.push({ name: merger.name, error });
    }
  }
  return { merged, failed };
}
