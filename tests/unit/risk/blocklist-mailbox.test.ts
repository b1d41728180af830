import { describe, expect, it } from "vitest";
import { blockKey, blocks, partyKeys } from "#domain/risk/blocklist.ts";
import { partyFacts } from "#domain/risk/order-party.ts";

// Issue 46: the blocklist and the payer rules compare mailboxes (domain/shared/mailbox.ts), not spellings.
describe("the blocklist by mailbox", () => {
  const party = (email: string) => ({ email, robloxUsername: null, payerId: null, ip: null });

  it("an email entry blocks every spelling of its mailbox, and a domain entry the provider's aliases", () => {
    const entry = { kind: "email" as const, value: "t4fraud@gmail.com" };
    for (const email of ["t4fraud+x@gmail.com", "t.4fraud@gmail.com", "t4fraud@googlemail.com"]) expect(blocks(entry, party(email)), email).toBe(true);
    expect(blocks(entry, party("t4fraud@example.com"))).toBe(false);
    // An entry typed in another spelling blocks the mailbox too.
    expect(blocks({ kind: "email", value: "T.4Fraud+Blocked@googlemail.com" }, party("t4fraud@gmail.com"))).toBe(true);
    expect(blocks({ kind: "email_domain", value: "googlemail.com" }, party("anyone@gmail.com"))).toBe(true);
    expect(partyKeys(party("T.4Fraud+x@GoogleMail.com"))).toEqual([
      { kind: "email", value: "t4fraud@gmail.com" },
      { kind: "email_domain", value: "gmail.com" },
    ]);
  });

  it("stores the key it matches by: the mailbox, the domain, a lowered username or payer; none for an address range", () => {
    expect(blockKey("email", "t.4fraud+x@googlemail.com")).toBe("t4fraud@gmail.com");
    expect(blockKey("email_domain", "GoogleMail.com")).toBe("gmail.com");
    expect(blockKey("roblox_username", " Builder_42 ")).toBe("builder_42");
    expect(blockKey("payer_id", "PAYER1")).toBe("payer1");
    expect(blockKey("ip", "203.0.113.0/24")).toBeNull();
  });
});

describe("the payer rules by mailbox", () => {
  it("a payer email that is another spelling of the account's mailbox does not differ", () => {
    const party = { userId: "u", payerId: "P", payerEmail: "t.4fraud+pay@googlemail.com", payerCountry: "US", clientIp: null, at: new Date() };
    expect(partyFacts(party, "t4fraud@gmail.com", null).payerEmailDiffers).toBe(false);
    expect(partyFacts({ ...party, payerEmail: "someone.else@gmail.com" }, "t4fraud@gmail.com", null).payerEmailDiffers).toBe(true);
  });
});
