import type { SessionUser } from "#domain/accounts/user.ts";

/** A signed-in account as the session answers it: a shopper, or with `isAdmin` an owner; `over` changes any field. */
export function sessionUser(id: string, isAdmin = false, over: Partial<SessionUser> = {}): SessionUser {
  return {
    id,
    email: `${id}@shop.test`,
    firstName: null,
    isAdmin,
    staffRole: isAdmin ? "owner" : null,
    twoFactorEnabled: false,
    robloxUsername: null,
    storeCredit: 0,
    points: 0,
    birthDate: null,
    ...over,
  };
}
