import { atom } from "nanostores";
import type { Permission, StaffRole } from "#domain/accounts/staff-roles.ts";
import { api } from "../lib/api-client.ts";

/** The signed-in staff member's role and permissions, as GET /api/auth/check answers them (issue 20). */
export interface AdminAccess {
  role: StaffRole;
  permissions: Permission[];
  twoFactorEnabled: boolean;
  /** STAFF_2FA=required: without a second factor, every admin call is refused until it is set up. */
  twoFactorRequired: boolean;
}

export const $adminAccess = atom<AdminAccess | null>(null);

/** Asks the server who is signed in; answers the access of a staff member, else null. */
export async function loadAdminAccess(): Promise<AdminAccess | null> {
  const check = await api.get<{
    authenticated: boolean;
    isAdmin: boolean;
    role?: StaffRole;
    permissions?: Permission[];
    twoFactorEnabled?: boolean;
    twoFactorRequired?: boolean;
  }>("/api/auth/check");
  const access =
    check.authenticated && check.isAdmin
      ? {
          role: check.role ?? "owner",
          permissions: check.permissions ?? [],
          twoFactorEnabled: check.twoFactorEnabled ?? false,
          twoFactorRequired: check.twoFactorRequired ?? false,
        }
      : null;
  $adminAccess.set(access);
  return access;
}

/** Whether the signed-in staff member may use an action (the server checks again). */
export function allows(permission: Permission): boolean {
  return $adminAccess.get()?.permissions.includes(permission) ?? false;
}
