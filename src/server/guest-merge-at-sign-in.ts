import { readCookie, verifyVisitorCookie, VISITOR_COOKIE } from "#adapters/auth/visitor-cookie.ts";
import { mergeGuestData } from "#domain/accounts/merge-guest-data.ts";
import type { Db } from "#adapters/db/database.ts";
import type { Logger } from "#adapters/log/logger.ts";
import type { GuestDataMerger } from "#domain/accounts/guest-data-merger.port.ts";

/** What the merge needs of the app (src/server/app.ts). */
export interface GuestMergeDeps {
  db: Db;
  secret: string;
  guestMergers: readonly GuestDataMerger[];
  log: Logger;
}

/**
 * Every sign-in path (password, Google, a reset followed by a sign-in) ends in a new session: the
 * guest of the request's visitor cookie gets its cart, wishlist and chats moved to the account here,
 * the same way for all of them. A failure is logged and never stops the sign-in.
 */
export async function mergeGuestOf(app: GuestMergeDeps, userId: string, headers: Headers | null): Promise<void> {
  try {
    const visitorId = verifyVisitorCookie(readCookie(headers?.get("cookie") ?? null, VISITOR_COOKIE), app.secret);
    if (!visitorId) return;
    // Staff accounts take no guest data: the admin login never merged, and a session may exist
    // before a second factor is checked.
    const user = await app.db.selectFrom("user").select("isAdmin").where("id", "=", userId).executeTakeFirst();
    if (!user || user.isAdmin === 1 || (user.isAdmin as unknown) === true) return;
    const { failed } = await mergeGuestData(visitorId, userId, app.guestMergers);
    for (const failure of failed) app.log.error({ err: failure.error, merger: failure.name, userId }, "guest data merge failed");
  } catch (error) {
    app.log.error({ err: error, userId }, "guest data merge failed");
  }
}
