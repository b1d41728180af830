import { randomUUID } from "node:crypto";
import { openDatabase } from "#adapters/db/database.ts";
import { createOrderChatUnitOfWork } from "#adapters/repositories/order-chat.unit-of-work.ts";
import { createRateLimiter } from "#adapters/repositories/rate-limit-counter.repository.ts";
import { createSupportUnitOfWork } from "#adapters/repositories/support.unit-of-work.ts";
import { afterAll } from "vitest";
import { orderChatContract, rateLimiterContract, supportRepositoriesContract } from "../contracts/support-repositories.contract.ts";
import { manualClock } from "../fakes/in-memory-support.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { insertUser } from "./helpers/user-rows.ts";
import { createTestOrder } from "./helpers/test-orders.ts";

supportRepositoriesContract(`Kysely on ${TEST_DATABASE}`, async () => {
  const { app } = await createTestApp({ seed: false });
  return {
    unitOfWork: createSupportUnitOfWork(app.db, []),
    createUser: (email) => insertUser(app.db, randomUUID(), { email, name: email }),
  };
});

orderChatContract(`Kysely on ${TEST_DATABASE}`, async () => {
  const { app } = await createTestApp({ seed: false });
  return { unitOfWork: createOrderChatUnitOfWork(app.db, app.eventListeners), createOrder: (id, userId) => createTestOrder(app.db, id, userId) };
});

rateLimiterContract(`Kysely on ${TEST_DATABASE}, two connections to one database (as two processes)`, async () => {
  const { app, config } = await createTestApp({ seed: false });
  const clock = manualClock();
  const other = openDatabase(config.databaseUrl);
  afterAll(() => other.destroy());
  return { limiter: createRateLimiter(app.db, clock), sibling: createRateLimiter(other, clock), advance: clock.advance };
});
