import { describe, expect, it } from "vitest";
import * as audit from "#src/pages/api/admin/audit.ts";
import * as categoryById from "#src/pages/api/admin/categories/[id].ts";
import * as categories from "#src/pages/api/admin/categories/index.ts";
import * as categoriesReorder from "#src/pages/api/admin/categories/reorder.ts";
import * as discountDelete from "#src/pages/api/admin/discount-codes/[id].ts";
import * as discountCreate from "#src/pages/api/admin/discount-codes/index.ts";
import * as gameById from "#src/pages/api/admin/games/[id].ts";
import * as games from "#src/pages/api/admin/games/index.ts";
import * as gamesReorder from "#src/pages/api/admin/games/reorder.ts";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import * as productDuplicate from "#src/pages/api/admin/products/[id]/duplicate.ts";
import * as products from "#src/pages/api/admin/products/index.ts";
import * as productsReorder from "#src/pages/api/admin/products/reorder.ts";
import * as submissionById from "#src/pages/api/admin/submissions/[id].ts";
import * as conversationById from "#src/pages/api/admin/support/conversations/[id].ts";
import * as storeCredit from "#src/pages/api/admin/users/[userId]/store-credit.ts";
import * as discountUpdate from "#src/pages/api/discount-codes/[id].ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as submit from "#src/pages/api/trustpilot-submit.ts";
import { administrator, shopper, type Browser } from "./helpers/accounts.ts";
import { PNG_DATA_URL } from "./helpers/rewards.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { createTestOrder } from "./helpers/test-orders.ts";

const store = await createTestApp({ seed: false });
const boss = await administrator(store, "boss@shop.test");
const deputy = await administrator(store, "deputy@shop.test");
const sam = await shopper(store, "sam.audit@shop.test");

const trail = (query: Record<string, string> = {}, browser: Browser = boss.browser) => browser.call(audit.GET, "/api/admin/audit", { query });
/** The newest entry of a kind (the trail answers newest first). */
async function latest(kind: string) {
  const res = await trail({ kind });
  expect(res.status).toBe(200);
  return res.body.entries[0];
}
const by = (who: { id: string }, email: string) => ({ id: who.id, email });

describe(`the audit trail on ${TEST_DATABASE}`, () => {
  it("records game, category and product changes with the actor and the values before and after", async () => {
    const game = await boss.browser.call(games.POST, "/api/admin/games", { body: { name: "Audit Quest", slug: "audit-quest" } });
    expect(game.status).toBe(201);
    const created = await latest("game.create");
    expect(created).toMatchObject({ kind: "game.create", entityId: game.body.id, admin: by(boss, "boss@shop.test"), before: null });
    expect(created.after).toMatchObject({ name: "Audit Quest", slug: "audit-quest" });
    expect(Date.parse(created.at)).not.toBeNaN();

    const gameId = game.body.id as string;
    await deputy.browser.call(gameById.PATCH, `/api/admin/games/${gameId}`, { method: "PATCH", params: { id: gameId }, body: { name: "Audit Quest 2" } });
    const updated = await latest("game.update");
    expect(updated).toMatchObject({ entityId: gameId, admin: by(deputy, "deputy@shop.test") });
    expect(updated.before.name).toBe("Audit Quest");
    expect(updated.after.name).toBe("Audit Quest 2");

    // A refused change (slug taken) is rolled back together with its entry.
    const taken = await boss.browser.call(games.POST, "/api/admin/games", { body: { name: "Taken", slug: "taken-audit" } });
    const refused = await boss.browser.call(gameById.PATCH, `/api/admin/games/${gameId}`, {
      method: "PATCH",
      params: { id: gameId },
      body: { slug: "taken-audit" },
    });
    expect(refused.status).toBe(409);
    expect((await trail({ kind: "game.update" })).body.total).toBe(1);
    await boss.browser.call(gameById.DELETE, `/api/admin/games/${taken.body.id}`, { method: "DELETE", params: { id: taken.body.id } });

    const other = await boss.browser.call(games.POST, "/api/admin/games", { body: { name: "Other", slug: "other-audit" } });
    await boss.browser.call(gamesReorder.POST, "/api/admin/games/reorder", { body: { gameIds: [other.body.id, gameId] } });
    const reordered = await latest("game.reorder");
    expect(reordered.before).toEqual([gameId, other.body.id]);
    expect(reordered.after).toEqual([other.body.id, gameId]);

    const category = await boss.browser.call(categories.POST, "/api/admin/categories", { body: { gameId, name: "Pets" } });
    const second = await boss.browser.call(categories.POST, "/api/admin/categories", { body: { gameId, name: "Weapons" } });
    expect((await latest("category.create")).after).toMatchObject({ id: second.body.id, name: "Weapons" });
    await boss.browser.call(categoriesReorder.POST, "/api/admin/categories/reorder", { body: { categoryIds: [second.body.id, category.body.id] } });
    const catOrder = await latest("category.reorder");
    expect(catOrder.before).toEqual({ [second.body.id]: 1, [category.body.id]: 0 });
    expect(catOrder.after).toEqual({ [second.body.id]: 0, [category.body.id]: 1 });
    await boss.browser.call(categoryById.PATCH, `/api/admin/categories/${second.body.id}`, {
      method: "PATCH",
      params: { id: second.body.id },
      body: { name: "Blades" },
    });
    expect(await latest("category.rename")).toMatchObject({ entityId: second.body.id, before: { name: "Weapons" }, after: { name: "Blades" } });
    await boss.browser.call(categoryById.DELETE, `/api/admin/categories/${second.body.id}`, { method: "DELETE", params: { id: second.body.id } });
    expect(await latest("category.delete")).toMatchObject({ entityId: second.body.id, after: null, before: { name: "Blades" } });

    const product = await boss.browser.call(products.POST, "/api/admin/products", {
      body: { name: "Dragon", gameId, category: "Pets", price: "4.99", image: "/img/item/dragon.svg" },
    });
    expect(product.status).toBe(201);
    const productId = product.body.id as string;
    expect((await latest("product.create")).after).toMatchObject({ id: productId, name: "Dragon" });
    await boss.browser.call(productById.PATCH, `/api/admin/products/${productId}`, { method: "PATCH", params: { id: productId }, body: { price: "5.99" } });
    const priced = await latest("product.update");
    expect(priced.before).toMatchObject({ price: 499 });
    expect(priced.after).toMatchObject({ price: 599 });
    const copy = await boss.browser.call(productDuplicate.POST, `/api/admin/products/${productId}/duplicate`, { params: { id: productId } });
    expect(await latest("product.duplicate")).toMatchObject({ entityId: copy.body.id, before: null });
    await boss.browser.call(productsReorder.POST, "/api/admin/products/reorder", { body: { productIds: [copy.body.id, productId] } });
    expect((await latest("product.reorder")).after).toEqual({ [copy.body.id]: 0, [productId]: 1 });
    await boss.browser.call(productById.DELETE, `/api/admin/products/${copy.body.id}`, { method: "DELETE", params: { id: copy.body.id } });
    expect(await latest("product.delete")).toMatchObject({ entityId: copy.body.id, after: null });

    await boss.browser.call(gameById.DELETE, `/api/admin/games/${other.body.id}`, { method: "DELETE", params: { id: other.body.id } });
    expect(await latest("game.delete")).toMatchObject({ entityId: other.body.id, after: null, before: { name: "Other" } });
  });

  it("records an order's status change, and nothing for a refused or unchanged one", async () => {
    await createTestOrder(store.app.db, "audited-order", sam.id);
    const change = (status: string) =>
      boss.browser.call(orderStatus.PATCH, "/api/orders/audited-order/status", { method: "PATCH", params: { id: "audited-order" }, body: { status } });
    expect((await change("processing")).status).toBe(200);
    expect(await latest("order.status")).toMatchObject({
      entityId: "audited-order",
      admin: by(boss, "boss@shop.test"),
      before: { status: "pending" },
      after: { status: "processing" },
    });
    expect((await change("processing")).status).toBe(200);
    expect((await change("shipped-to-mars")).status).toBe(400);
    expect((await trail({ kind: "order.status" })).body.total).toBe(1);
    // A shopper's attempt is refused and leaves no entry.
    const refused = await sam.browser.call(orderStatus.PATCH, "/api/orders/audited-order/status", {
      method: "PATCH",
      params: { id: "audited-order" },
      body: { status: "completed" },
    });
    expect(refused.status).toBe(403);
    expect((await trail({ kind: "order.status" })).body.total).toBe(1);
  });

  it("records discount code create, update and delete", async () => {
    const created = await boss.browser.call(discountCreate.POST, "/api/admin/discount-codes", {
      body: { code: "AUDIT10", type: "percentage", amount: "10", status: "active" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await latest("discount.create")).toMatchObject({ entityId: id, before: null, after: { code: "AUDIT10" } });
    await boss.browser.call(discountUpdate.PATCH, `/api/discount-codes/${id}`, { method: "PATCH", params: { id }, body: { status: "inactive" } });
    const updated = await latest("discount.update");
    expect(updated.before).toMatchObject({ status: "active" });
    expect(updated.after).toMatchObject({ status: "inactive" });
    await deputy.browser.call(discountDelete.DELETE, `/api/admin/discount-codes/${id}`, { method: "DELETE", params: { id } });
    expect(await latest("discount.delete")).toMatchObject({ entityId: id, admin: by(deputy, "deputy@shop.test"), before: { code: "AUDIT10" }, after: null });
  });

  it("records store credit adjustments as 2-decimal balances before and after", async () => {
    const adjust = (body: object) =>
      boss.browser.call(storeCredit.PATCH, `/api/admin/users/${sam.id}/store-credit`, { method: "PATCH", params: { userId: sam.id }, body });
    expect((await adjust({ amount: 12.5, operation: "add" })).status).toBe(200);
    expect(await latest("storeCredit.adjust")).toMatchObject({ entityId: sam.id, before: { storeCredit: "0.00" }, after: { storeCredit: "12.50" } });
    await adjust({ amount: 5, operation: "set" });
    expect(await latest("storeCredit.adjust")).toMatchObject({ before: { storeCredit: "12.50" }, after: { storeCredit: "5.00" } });
  });

  it("records submission decisions and conversation closes", async () => {
    const uploaded = await sam.browser.call(submit.POST, "/api/trustpilot-submit", { body: { screenshotUrl: PNG_DATA_URL, userId: null } });
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.id as string;
    const decided = await boss.browser.call(submissionById.PATCH, `/api/admin/submissions/${id}`, {
      method: "PATCH",
      params: { id },
      body: { status: "approved", adminNotes: "Looks genuine" },
    });
    expect(decided.status).toBe(200);
    expect(await latest("submission.decide")).toMatchObject({
      entityId: id,
      before: { status: "pending", adminNotes: null },
      after: { status: "approved", adminNotes: "Looks genuine" },
    });

    const conversation = await sam.browser.call(conversations.POST, "/api/support/conversations", { body: { status: "open" } });
    const cid = conversation.body.id as string;
    const close = () =>
      deputy.browser.call(conversationById.PATCH, `/api/admin/support/conversations/${cid}`, {
        method: "PATCH",
        params: { id: cid },
        body: { status: "closed" },
      });
    expect((await close()).status).toBe(200);
    expect(await latest("conversation.close")).toMatchObject({
      entityId: cid,
      admin: by(deputy, "deputy@shop.test"),
      before: { status: "open" },
      after: { status: "closed" },
    });
    await close();
    expect((await trail({ kind: "conversation.close" })).body.total).toBe(1);
  });

  it("GET /api/admin/audit: newest first, filters by kind and admin, pages, and refuses bad filters", async () => {
    const all = await trail({ pageSize: "200" });
    const ids = all.body.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.total).toBe(ids.length);
    expect(all.body.admins).toEqual(expect.arrayContaining([by(boss, "boss@shop.test"), by(deputy, "deputy@shop.test")]));

    const deputys = await trail({ adminId: deputy.id });
    expect(deputys.body.entries.length).toBeGreaterThan(0);
    expect(deputys.body.entries.every((e: { admin: { id: string } }) => e.admin.id === deputy.id)).toBe(true);

    const page2 = await trail({ pageSize: "2", page: "2" });
    expect(page2.body).toMatchObject({ page: 2, pageSize: 2, total: all.body.total });
    expect(page2.body.entries.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 4));

    expect((await trail({ kind: "nonsense" })).status).toBe(400);
    expect((await trail({ page: "0" })).status).toBe(400);
    expect((await trail({ pageSize: "1000" })).status).toBe(400);
  });

  it("is for administrators only: guests 401, shoppers 403", async () => {
    expect((await trail({}, store.client())).status).toBe(401);
    expect((await trail({}, sam.browser)).status).toBe(403);
  });
});
