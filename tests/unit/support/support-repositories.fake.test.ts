import { orderChatContract, rateLimiterContract, supportRepositoriesContract } from "../../contracts/support-repositories.contract.ts";
import { createInMemoryOrderChat, createInMemoryRateLimiter, createInMemorySupport, manualClock } from "../../fakes/in-memory-support.ts";

supportRepositoriesContract("in-memory fake", async () => {
  const support = createInMemorySupport();
  let n = 0;
  return {
    unitOfWork: support.unitOfWork,
    createUser: async (email) => {
      const id = `user-${++n}`;
      support.state.userEmails[id] = email;
      return id;
    },
  };
});

orderChatContract("in-memory fake", async () => {
  const chat = createInMemoryOrderChat();
  return { unitOfWork: chat.unitOfWork, createOrder: async (id, userId) => void (chat.state.orders[id] = userId) };
});

rateLimiterContract("in-memory fake", async () => {
  const clock = manualClock();
  const limiter = createInMemoryRateLimiter(clock);
  return { limiter, sibling: limiter, advance: clock.advance };
});
