import { afterAll, describe, expect, it } from "vitest";
import * as audit from "#src/pages/api/admin/audit.ts";
import * as webhooksRoute from "#src/pages/api/admin/webhooks/index.ts";
import * as webhookRoute from "#src/pages/api/admin/webhooks/[id].ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import { PAUSE_AFTER_FAILURES } from "#domain/webhooks/webhook.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";
import { administrator } from "./helpers/accounts.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 38: every change to the owner's webhooks is in the audit trail (the panel's Activity tab),
// with who made it, and never the secret nor the part of a URL that works as one (a Discord token).
let now = new Date();
const clock = { now: () => now };
const store = await createTestApp({ clock, env: { WEBHOOKS_ALLOW_LOCAL: "1" } });
const receiver = await startWebhookReceiver({ "/api/webhooks/42/TOKEN-that-posts-to-the-channel": [503] });
afterAll(() => receiver.close());
const { browser: owner } = await administrator(store);
const SECRET = "my-own-secret-of-24-chars-at-least-zzz";
const TOKEN = "TOKEN-that-posts-to-the-channel";

async function trail(kind: string) {
  const answer = await owner.call(audit.GET, "/api/admin/audit", { query: { kind } });
  expect(answer.status).toBe(200);
  return answer.body.entries as { kind: string; entityId: string; admin: { id: string; email: string }; before: unknown; after: unknown }[];
}

describe(`webhook changes in the audit trail on ${TEST_DATABASE}`, () => {
  it("adding, pausing (by the store), resuming and removing each leave an entry with their actor, and none holds a secret", async () => {
    const created = await owner.call(webhooksRoute.POST, "/api/admin/webhooks", {
      body: { url: receiver.url(`/api/webhooks/42/${TOKEN}`), format: "discord", events: ["conversation.opened"], secret: SECRET },
    });
    expect(created.status).toBe(201);
    const id = created.body.webhook.id as string;
    const generated = await owner.call(webhooksRoute.POST, "/api/admin/webhooks", { body: { url: receiver.url("/plain"), events: ["order.paid"] } });
    const generatedSecret = generated.body.secret as string;
    expect(generatedSecret).toMatch(/^whsec_/);

    const added = await trail("webhook.create");
    expect(added).toHaveLength(2);
    const first = added.find((e) => e.entityId === id)!;
    expect(first.admin.email).toBe("boss@shop.test");
    expect(first.before).toBeNull();
    expect(first.after).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/\.\.\.$/),
      format: "discord",
      events: ["conversation.opened"],
      status: "active",
    });

    // Paused by the store after failures in a row: its own entry, the store as the actor.
    await store.client().call(conversations.POST, "/api/support/conversations", { body: { status: "open", email: "guest@shop.test" } });
    for (let attempt = 0; attempt < PAUSE_AFTER_FAILURES + 1; attempt++) {
      await store.app.webhooks.worker.drain();
      now = new Date(now.getTime() + 7 * 3600_000);
    }
    const paused = await trail("webhook.pause");
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({ entityId: id, admin: { id: "system", email: "system" }, before: { status: "active" }, after: { status: "paused" } });

    const resume = await owner.call(webhookRoute.PATCH, `/api/admin/webhooks/${id}`, { method: "PATCH", params: { id }, body: { status: "active" } });
    expect(resume.status).toBe(204);
    const resumed = await trail("webhook.resume");
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ entityId: id, admin: { email: "boss@shop.test" }, before: { status: "paused" }, after: { status: "active" } });

    expect((await owner.call(webhookRoute.DELETE, `/api/admin/webhooks/${id}`, { method: "DELETE", params: { id } })).status).toBe(204);
    const removed = await trail("webhook.delete");
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ entityId: id, admin: { email: "boss@shop.test" }, before: { format: "discord" }, after: null });

    // A refused change (an unknown endpoint) records nothing.
    expect((await owner.call(webhookRoute.DELETE, "/api/admin/webhooks/nope", { method: "DELETE", params: { id: "nope" } })).status).toBe(404);
    expect(await trail("webhook.delete")).toHaveLength(1);

    // Nothing of a secret anywhere in the trail, as stored.
    const stored = JSON.stringify(await store.app.db.selectFrom("audit_entries").selectAll().where("kind", "like", "webhook.%").execute());
    for (const secret of [SECRET, generatedSecret, TOKEN]) expect(stored).not.toContain(secret);
  });
});
