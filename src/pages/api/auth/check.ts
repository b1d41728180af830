import { permissionsOf } from "#domain/accounts/staff-roles.ts";
import { json, route } from "#server/http.ts";

/**
 * The spec's flags (admin-panel.md), and for staff their role and what it allows (issue 20), so
 * the panel shows only the tabs and actions the role may use; the server checks every call again.
 */
// With STAFF_2FA=required and no second factor set up, the panel shows the set-up first.
export const GET = route(async ({ locals }) => {
  const user = await locals.currentUser();
  if (!user?.isAdmin) return json({ authenticated: user !== null, isAdmin: false });
  const role = user.staffRole ?? "owner";
  const { staffTwoFactorRequired } = locals.app.config;
  return json({
    authenticated: true,
    isAdmin: true,
    role,
    permissions: permissionsOf(role),
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorRequired: staffTwoFactorRequired,
  });
});
