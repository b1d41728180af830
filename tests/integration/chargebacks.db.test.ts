import { chargebackFromRow, createChargebacks } from "#adapters/repositories/chargeback.repository.ts";
import { chargebacksContract } from "../contracts/chargebacks.contract.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

chargebacksContract(`Kysely on ${TEST_DATABASE}`, async () => {
  const { app } = await createTestApp({ seed: false });
  return {
    run: (work) => app.db.transaction().execute((tx) => work(createChargebacks(tx))),
    storedFor: async (orderId) => (await app.db.selectFrom("chargebacks").selectAll().where("orderId", "=", orderId).execute()).map(chargebackFromRow),
  };
});
