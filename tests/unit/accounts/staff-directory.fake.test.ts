import { staffDirectoryContract } from "../../contracts/staff-directory.contract.ts";
import { inMemoryStaff } from "../../fakes/in-memory-staff.ts";

staffDirectoryContract("in-memory fake", async () => {
  const fake = inMemoryStaff([]);
  return {
    run: (work) => fake.unitOfWork.run((r) => work(r.staff)),
    addAccount: async ({ email, staffRole, invitationPending = false }) => {
      const id = `u-${fake.state.accounts.length + 1}`;
      fake.state.accounts.push({ id, email, staffRole, invitationPending, emailVerified: false, twoFactorEnabled: false });
      return id;
    },
  };
});
