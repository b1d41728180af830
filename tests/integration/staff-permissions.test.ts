import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSIONS, permissionsOf, STAFF_ROLES, type Permission, type StaffRole } from "#domain/accounts/staff-roles.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as check from "#src/pages/api/auth/check.ts";
import * as staff from "#src/pages/api/admin/staff/index.ts";
import * as staffMember from "#src/pages/api/admin/staff/[userId].ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import type { RouteHandler } from "#server/http.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { joinStaff } from "./helpers/accounts.ts";
import { PASSWORD, signIn, signInAdmin } from "./helpers/shoppers.ts";

// Issue 20: every admin endpoint x guest, shopper, support, manager, owner. A refused call changes
// nothing; an allowed one gets past the permission check (its body or id is then refused as bad
// input, 400 or 404, so the matrix itself changes nothing either).
const store = await createTestApp();
const owner = await signInAdmin(store);

async function staffMemberSignedIn(role: StaffRole) {
  const email = `${role}-${Date.now()}@shop.test`;
  const account = await signIn(store, email);
  // Invited, and the link followed from the mailbox (issue 32): that ended the shopper's sessions;
  // sign in again, through the panel's login.
  await joinStaff(store, owner, email, role);
  const browser = store.client();
  expect((await browser.call(adminLogin.POST, "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);
  return Object.assign(browser, { userId: account.userId, email });
}

const support = await staffMemberSignedIn("support");
const manager = await staffMemberSignedIn("manager");
const shopper = await signIn(store, `matrix-shopper-${Date.now()}@shop.test`);

const mod = (path: string) => import(`../../src/pages/api/${path}`) as Promise<Record<string, RouteHandler>>;

/** Every admin endpoint, the permission it needs, and a call that would change something if allowed. */
const MATRIX: { route: string; method: string; permission: Permission; params?: Record<string, string>; body?: unknown; csv?: string }[] = [
  { route: "admin/users/index.ts", method: "GET", permission: "users" },
  {
    route: "admin/users/[userId]/store-credit.ts",
    method: "PATCH",
    permission: "store-credit",
    params: { userId: "" },
    body: { amount: "50.00", operation: "add" },
  },
  { route: "admin/submissions/index.ts", method: "GET", permission: "reviews" },
  { route: "admin/submissions/[id].ts", method: "PATCH", permission: "reviews", params: { id: "nope" }, body: { status: "approved" } },
  // Buyers' ratings (issue 36): support reads them; publishing in the shop's name is "ratings".
  { route: "admin/ratings/index.ts", method: "GET", permission: "reviews" },
  { route: "admin/ratings/[id].ts", method: "PATCH", permission: "ratings", params: { id: "nope" }, body: { status: "published" } },
  { route: "admin/analytics.ts", method: "GET", permission: "analytics" },
  { route: "admin/item-requests.ts", method: "GET", permission: "item-requests" },
  { route: "admin/item-requests/[id].ts", method: "PATCH", permission: "item-requests", params: { id: "nope" }, body: { productId: "nope" } },
  // Needs item-requests too; every role with catalogue has it.
  {
    route: "admin/item-requests/[id]/product.ts",
    method: "POST",
    permission: "catalogue",
    params: { id: "nope" },
    body: { category: "Fruits", price: "1.00" },
  },
  { route: "admin/stock-alerts.ts", method: "GET", permission: "item-requests" },
  { route: "admin/products/export.csv.ts", method: "GET", permission: "catalogue" },
  { route: "admin/products/bulk-price.ts", method: "POST", permission: "catalogue", body: { productIds: ["nope"], percent: 10 } },
  // A CSV body (text/csv); allowed, the harmless call is a dry run of the header alone.
  { route: "admin/products/import.ts", method: "POST", permission: "catalogue", csv: "kind,id,game,name,category,price\nproduct,,adopt-me,Sneaky,Pets,0.01\n" },
  // Holder accounts: support reads them (they deliver from them); owners and managers change them.
  { route: "admin/holders/index.ts", method: "GET", permission: "orders" },
  { route: "admin/holders/index.ts", method: "POST", permission: "catalogue", body: { gameId: "nope", robloxUsername: "Sneaky_Holder" } },
  { route: "admin/holders/[id]/stock.ts", method: "PUT", permission: "catalogue", params: { id: "nope" }, body: { productId: "nope", quantity: 5 } },
  { route: "admin/holders/[id]/lost.ts", method: "POST", permission: "catalogue", params: { id: "nope" }, body: { note: "banned" } },
  { route: "admin/holders/[id]/restore.ts", method: "POST", permission: "catalogue", params: { id: "nope" }, body: { stock: [] } },
  { route: "admin/orders/[id]/holder.ts", method: "POST", permission: "catalogue", params: { id: "nope" }, body: { holderId: "nope" } },
  { route: "admin/orders/[id]/deliverer.ts", method: "GET", permission: "orders", params: { id: "nope" } },
  { route: "admin/categories/index.ts", method: "POST", permission: "catalogue", body: { gameId: "nope", name: "Sneaky" } },
  { route: "admin/categories/reorder.ts", method: "POST", permission: "catalogue", body: { categoryIds: [] } },
  { route: "admin/categories/[id].ts", method: "DELETE", permission: "catalogue", params: { id: "nope" } },
  { route: "admin/categories/[id].ts", method: "PATCH", permission: "catalogue", params: { id: "nope" }, body: { name: "Renamed" } },
  { route: "admin/staff/index.ts", method: "GET", permission: "staff" },
  { route: "admin/staff/index.ts", method: "POST", permission: "staff", body: { email: "", role: "owner" } },
  { route: "admin/staff/[userId].ts", method: "PATCH", permission: "staff", params: { userId: "" }, body: { role: "owner" } },
  { route: "admin/staff/[userId].ts", method: "DELETE", permission: "staff", params: { userId: "" } },
  { route: "admin/audit.ts", method: "GET", permission: "audit" },
  { route: "admin/orders.ts", method: "GET", permission: "orders" },
  { route: "admin/mail/index.ts", method: "GET", permission: "mail" },
  { route: "admin/mail/[id].ts", method: "GET", permission: "mail", params: { id: "nope" } },
  { route: "admin/mail/[id]/preview.ts", method: "GET", permission: "mail", params: { id: "nope" } },
  { route: "admin/mail/[id]/resend.ts", method: "POST", permission: "mail", params: { id: "nope" }, body: {} },
  { route: "admin/delivery-queue.ts", method: "GET", permission: "orders" },
  { route: "admin/orders/[id]/proof.ts", method: "POST", permission: "orders", params: { id: "nope" }, body: { base64Image: "" } },
  {
    route: "admin/orders/[id]/private-server.ts",
    method: "PUT",
    permission: "orders",
    params: { id: "nope" },
    body: { url: "https://www.roblox.com/share?code=x&type=Server" },
  },
  { route: "admin/orders/[id]/refunds.ts", method: "GET", permission: "orders", params: { id: "nope" } },
  {
    route: "admin/orders/[id]/refunds.ts",
    method: "POST",
    permission: "refunds",
    params: { id: "nope" },
    body: { destination: "store_credit", reason: "Sneaky" },
  },
  { route: "admin/orders/[id]/risk.ts", method: "POST", permission: "risk", params: { id: "nope" }, body: { decision: "approve", note: "Sneaky" } },
  { route: "admin/risk/settings.ts", method: "GET", permission: "orders" },
  { route: "admin/risk/settings.ts", method: "PATCH", permission: "risk", body: { holdScore: 100 } },
  { route: "admin/risk/disputes.ts", method: "GET", permission: "orders" },
  { route: "admin/users/[userId]/risk-freeze.ts", method: "GET", permission: "orders", params: { userId: "nope" } },
  { route: "admin/users/[userId]/risk-freeze.ts", method: "POST", permission: "risk", params: { userId: "nope" }, body: { action: "clear", note: "Sneaky" } },
  { route: "admin/blocklist.ts", method: "GET", permission: "orders" },
  { route: "admin/blocklist.ts", method: "POST", permission: "risk", body: { kind: "email", value: "rival@shop.test", note: "Sneaky" } },
  { route: "admin/blocklist/[id].ts", method: "DELETE", permission: "risk", params: { id: "nope" } },
  { route: "admin/discount-codes/index.ts", method: "POST", permission: "discount-codes", body: { code: "SNEAKY50", discountPercent: 50 } },
  { route: "admin/discount-codes/[id].ts", method: "DELETE", permission: "discount-codes", params: { id: "nope" } },
  { route: "admin/support/conversations/index.ts", method: "GET", permission: "support" },
  { route: "admin/support/conversations/[id].ts", method: "PATCH", permission: "support", params: { id: "nope" }, body: { status: "closed" } },
  { route: "admin/products/index.ts", method: "GET", permission: "catalogue" },
  {
    route: "admin/products/index.ts",
    method: "POST",
    permission: "catalogue",
    body: { name: "Sneaky", gameId: "nope", category: "X", price: "0.01", image: "/img/item/x.svg" },
  },
  { route: "admin/products/[id]/duplicate.ts", method: "POST", permission: "catalogue", params: { id: "nope" }, body: {} },
  { route: "admin/products/reorder.ts", method: "POST", permission: "catalogue", body: { productIds: [] } },
  { route: "admin/products/[id].ts", method: "PATCH", permission: "catalogue", params: { id: "nope" }, body: { price: "0.01" } },
  { route: "admin/products/[id].ts", method: "DELETE", permission: "catalogue", params: { id: "nope" } },
  { route: "admin/upload-logo.ts", method: "POST", permission: "catalogue", body: { base64Image: "", filename: "1.png" } },
  { route: "admin/games/index.ts", method: "POST", permission: "catalogue", body: { name: "Sneaky", slug: "sneaky" } },
  { route: "admin/games/reorder.ts", method: "POST", permission: "catalogue", body: { gameIds: [] } },
  { route: "admin/games/[id].ts", method: "PATCH", permission: "catalogue", params: { id: "nope" }, body: { name: "Hacked" } },
  { route: "admin/games/[id].ts", method: "DELETE", permission: "catalogue", params: { id: "nope" } },
  { route: "analytics/page-visits.ts", method: "GET", permission: "analytics" },
  { route: "analytics/top-pages.ts", method: "GET", permission: "analytics" },
  { route: "analytics/new-customers.ts", method: "GET", permission: "analytics" },
  { route: "analytics/live-visitors.ts", method: "GET", permission: "analytics" },
  { route: "discount-codes/index.ts", method: "GET", permission: "discount-codes" },
  { route: "discount-codes/[id].ts", method: "PATCH", permission: "discount-codes", params: { id: "nope" }, body: { isActive: false } },
  { route: "orders/[id]/status.ts", method: "PATCH", permission: "orders", params: { id: "nope" }, body: { status: "completed" } },
  { route: "admin/presence.ts", method: "POST", permission: "support", body: { tab: "support" } },
  { route: "admin/settings/index.ts", method: "GET", permission: "settings" },
  { route: "admin/settings/announcement.ts", method: "PUT", permission: "settings", body: { text: "Sneaky sale", sale: null } },
  { route: "admin/settings/support.ts", method: "PUT", permission: "settings", body: { hours: "Never" } },
  { route: "admin/settings/minors.ts", method: "PUT", permission: "settings", body: { monthlyLimit: "1.00" } },
  { route: "admin/settings/delivery-hours.ts", method: "GET", permission: "settings" },
  { route: "admin/settings/delivery-hours.ts", method: "PUT", permission: "settings", body: { timeZone: "UTC", days: {} } },
  { route: "admin/settings/delivery-methods.ts", method: "GET", permission: "settings" },
  { route: "admin/settings/delivery-methods.ts", method: "PUT", permission: "settings", body: { paused: [] } },
  { route: "admin/orders/[id]/cancel-request.ts", method: "POST", permission: "refunds", params: { id: "nope" }, body: { decision: "grant", note: "Sneaky" } },
  { route: "admin/orders/[id]/waiting-for-buyer.ts", method: "POST", permission: "orders", params: { id: "nope" }, body: { note: "Sneaky" } },
  {
    route: "admin/settings/figures.ts",
    method: "PUT",
    permission: "settings",
    body: { rating: { text: "Rated 5.0", sourceUrl: "https://example.com" }, customers: null },
  },
  {
    route: "admin/settings/endorsements.ts",
    method: "PUT",
    permission: "settings",
    body: { creators: [{ name: "Famous Creator", sourceUrl: "https://example.com/video" }] },
  },
  // Outgoing webhooks (issue 38): the owner's alone.
  { route: "admin/webhooks/index.ts", method: "GET", permission: "webhooks" },
  { route: "admin/webhooks/index.ts", method: "POST", permission: "webhooks", body: { url: "https://example.com/hook", events: ["order.paid"] } },
  { route: "admin/webhooks/[id].ts", method: "PATCH", permission: "webhooks", params: { id: "nope" }, body: { status: "active" } },
  { route: "admin/webhooks/[id].ts", method: "DELETE", permission: "webhooks", params: { id: "nope" } },
  { route: "admin/webhooks/[id]/deliveries.ts", method: "GET", permission: "webhooks", params: { id: "nope" } },
];

/** The tables an admin call could change, as they are now. */
async function snapshot() {
  const db = store.app.db;
  const tables = [
    "games",
    "categories",
    "products",
    "discount_codes",
    "orders",
    "store_credit_ledger",
    "submissions",
    "ratings",
    "support_conversations",
    "audit_entries",
    "shop_settings",
    "staff_presence",
    "risk_settings",
    "blocklist",
    "webhook_endpoints",
    "holders",
    "holder_stock",
    "holder_reservations",
  ] as const;
  const user = await db.selectFrom("user").select(["id", "isAdmin", "staffRole", "storeCredit"]).orderBy("id").execute();
  return { user, ...Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await db.selectFrom(t).selectAll().execute()]))) };
}

const who = { support, manager, owner } as const;

describe("staff permissions: every admin endpoint x guest, shopper, support, manager, owner", () => {
  it.each(MATRIX.map((row) => [`${row.method} /api/${row.route.replace(/(\/index)?\.ts$/, "")} (${row.permission})`, row] as const))(
    "%s",
    async (_name, row) => {
      const handler = (await mod(row.route))[row.method];
      expect(handler, `${row.route} exports ${row.method}`).toBeDefined();
      // The store credit and staff rows act on a real account: the shopper (refused calls must not touch it).
      const params = Object.fromEntries(Object.entries(row.params ?? {}).map(([k, v]) => [k, v === "" ? shopper.userId : v]));
      const body = row.route.startsWith("admin/staff/index") && row.method === "POST" ? { email: shopper.email, role: "owner" } : row.body;
      const csv = (text: string) => ({ rawBody: text, headers: { "content-type": "text/csv" } });
      const call = { method: row.method, params, ...(body === undefined ? {} : { body }), ...(row.csv === undefined ? {} : csv(row.csv)) };

      const before = await snapshot();
      expect((await store.call(handler, "/api/x", call)).status).toBe(401);
      const asShopper = await shopper.call(handler, "/api/x", call);
      expect(asShopper.status).toBe(403);
      expect(asShopper.body).toEqual({ error: "Only administrators can do this" });
      for (const role of STAFF_ROLES) {
        if (permissionsOf(role).includes(row.permission)) continue;
        const refused = await who[role].call(handler, "/api/x", call);
        expect(refused.status, role).toBe(403);
        expect(refused.body.error, role).toBe(`Your role (${role}) does not allow this: ${PERMISSIONS[row.permission]} (permission "${row.permission}")`);
      }
      expect(await snapshot()).toEqual(before);

      // Allowed: past the check, then refused as bad input (no change), or a read answered.
      const harmless = {
        method: row.method,
        params: Object.fromEntries(Object.keys(row.params ?? {}).map((k) => [k, "no-such-id"])),
        ...(body === undefined ? {} : { body: { nonsense: true } }),
        ...(row.csv === undefined ? {} : { ...csv("kind,id,game,name,category,price\n"), query: { dryRun: "1" } }),
      };
      for (const role of STAFF_ROLES) {
        if (!permissionsOf(role).includes(row.permission)) continue;
        const allowed = await who[role].call(handler, "/api/x", harmless);
        expect([200, 400, 404], `${role}: ${JSON.stringify(allowed.body)}`).toContain(allowed.status);
      }
    },
  );

  it("lists every admin endpoint the store has: a new one must say which permission it needs", async () => {
    const root = join(import.meta.dirname, "../../src/pages/api");
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    const guarded: string[] = [];
    for (const file of files(root)) {
      const route = relative(root, file);
      const module = await mod(route);
      const source = (await import("node:fs")).readFileSync(file, "utf8");
      // A route guards itself (requireAdmin) or is built by src/server/admin-route.ts's helpers, which do.
      if (!/requireAdmin\(|adminRoute\(|adminCommand\(|adminItemRoutes\(/.test(source)) continue;
      for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"]) if (module[method]) guarded.push(`${method} ${route}`);
    }
    expect(guarded.sort()).toEqual(MATRIX.map((row) => `${row.method} ${row.route}`).sort());
  });
});

describe("staff management", () => {
  it("the panel learns the role and what it allows from /api/auth/check", async () => {
    expect((await support.call(check.GET, "/api/auth/check")).body).toEqual({
      authenticated: true,
      isAdmin: true,
      role: "support",
      permissions: [...permissionsOf("support")],
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });
    expect((await owner.call(check.GET, "/api/auth/check")).body).toMatchObject({ role: "owner" });
  });

  it("an owner lists, changes and removes staff; each change is in the audit trail; the last owner stays", async () => {
    const listed = (await owner.call(staff.GET, "/api/admin/staff")).body as { email: string; role: string }[];
    expect(listed.map((s) => s.role)).toEqual(["owner", "manager", "support"]);

    const agent = await signIn(store, `agent-${Date.now()}@shop.test`);
    await joinStaff(store, owner, agent.email.toUpperCase(), "support");
    const changed = await owner.call(staffMember.PATCH, "/x", { params: { userId: agent.userId }, body: { role: "manager" } });
    expect(changed.body.find((s: { id: string }) => s.id === agent.userId).role).toBe("manager");
    const removed = await owner.call(staffMember.DELETE, "/x", { params: { userId: agent.userId } });
    expect(removed.body.some((s: { id: string }) => s.id === agent.userId)).toBe(false);
    const trail = (await owner.call(audit.GET, "/api/admin/audit", { query: { kind: "staff.role" } })).body as {
      entries: { kind: string; entityId: string; before: unknown; after: unknown }[];
    };
    const mine = trail.entries.filter((e) => e.kind === "staff.role" && e.entityId === agent.userId).reverse();
    // Joining is "staff.invite" then "staff.accept" (issue 32); the role changes after are "staff.role".
    expect(mine.map((e) => [e.before, e.after])).toEqual([
      [
        { email: agent.email, role: "support" },
        { email: agent.email, role: "manager" },
      ],
      [
        { email: agent.email, role: "manager" },
        { email: agent.email, role: null },
      ],
    ]);

    const [ownerRow] = listed;
    const ownerId = (await store.app.db.selectFrom("user").select("id").where("email", "=", ownerRow!.email).executeTakeFirstOrThrow()).id;
    const demote = await owner.call(staffMember.PATCH, "/x", { params: { userId: ownerId }, body: { role: "manager" } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe("The shop needs at least one owner: make someone else an owner first");
    expect((await owner.call(staffMember.DELETE, "/x", { params: { userId: ownerId } })).status).toBe(409);
  });

  it("a new role ends the account's sessions: a cookie from before carries no rights it was not signed in with", async () => {
    const squatter = await signIn(store, `ops-${Date.now()}@shop.test`);
    // Invited only: nothing changes for the account until the link is followed from the mailbox.
    expect((await owner.call(staff.POST, "/api/admin/staff", { body: { email: squatter.email, role: "manager" } })).status).toBe(201);
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toMatchObject({ authenticated: true, isAdmin: false });
    await joinStaff(store, owner, squatter.email, "manager");
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: false, isAdmin: false });
  });

  it("an address without an account is invited (staff-invitations.test.ts follows the email)", async () => {
    const res = await owner.call(staff.POST, "/api/admin/staff", { body: { email: "nobody-yet@shop.test", role: "support" } });
    expect(res.status).toBe(201);
    expect(res.body.find((s: { email: string }) => s.email === "nobody-yet@shop.test")).toMatchObject({ role: "support", invitationPending: true });
  });
});
