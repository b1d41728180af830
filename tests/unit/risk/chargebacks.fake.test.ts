import { chargebacksContract } from "../../contracts/chargebacks.contract.ts";
import { createInMemoryChargebacks, type InMemoryChargebacksState } from "../../fakes/in-memory-chargebacks.ts";

chargebacksContract("in-memory fake", async () => {
  const holder: { chargebacks?: InMemoryChargebacksState } = {};
  const chargebacks = createInMemoryChargebacks(holder);
  return {
    run: (work) => work(chargebacks),
    storedFor: async (orderId) => structuredClone(holder.chargebacks!.chargebacks.filter((c) => c.orderId === orderId)),
  };
});
