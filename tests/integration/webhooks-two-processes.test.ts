import { afterAll, describe, expect, it } from "vitest";
import * as webhooksRoute from "#src/pages/api/admin/webhooks/index.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";
import { administrator } from "./helpers/accounts.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { deliverFromOneProcess, deliverFromTwoProcesses } from "./helpers/worker-process.ts";

// Webhooks across processes (issue 38): two separate app processes deliver the same outbox at the
// same moment (on PostgreSQL in the pg pass: FOR UPDATE SKIP LOCKED), then a third starts afresh, as
// after a restart. The real receiver gets every delivery exactly once.
const env = { WEBHOOKS_ALLOW_LOCAL: "1" };
const store = await createTestApp({ env });
const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

describe(`webhook deliveries from two app processes on ${TEST_DATABASE}`, () => {
  it("delivers each exactly once between them, and a restarted process sends nothing again", { timeout: 400_000 }, async () => {
    const { browser: owner } = await administrator(store);
    const added = await owner.call(webhooksRoute.POST, "/api/admin/webhooks", { body: { url: receiver.url("/hook"), events: ["conversation.opened"] } });
    expect(added.status).toBe(201);
    const count = 30;
    for (let i = 0; i < count; i++) {
      const opened = await store.client().call(conversations.POST, "/api/support/conversations", { body: { status: "open", email: `guest${i}@shop.test` } });
      expect(opened.status).toBeLessThan(300);
    }
    expect(await deliverFromTwoProcesses(store, "webhooks", env)).toBe(count);
    const ids = receiver.on("/hook").map((hit) => hit.headers["x-webhook-id"]);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    const rows = await store.app.db.selectFrom("webhook_deliveries").select(["status", "attempts"]).execute();
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);

    expect(await deliverFromOneProcess(store, "webhooks", env)).toBe(0);
    expect(receiver.on("/hook")).toHaveLength(count);
  });
});
