import { describe, expect, it } from "vitest";
import { blockKey, blocks, partyKeys } from "#domain/risk/blocklist.ts";
import { mailboxKey, mailDomainKey, sameMailbox } from "#domain/risk/mailbox.ts";
import { partyFacts } from "#domain/risk/order-party.ts";

// Issue 46: the blocklist and the risk rules compare mailboxes, not spellings.
describe("mailboxKey", () => {
  it("gives every spelling of a Gmail mailbox one key: case, dots, +tags and googlemail.com", () => {
    for (const spelling of [
      "t4fraud@gmail.com",
      "T4Fraud@Gmail.com",
      " t4fraud@gmail.com ",
      "t4fraud+x@gmail.com",
      "t.4fraud@gmail.com",
      "t.4.f.r.a.u.d+a+b@gmail.com",
      "t4fraud@googlemail.com",
      "T.4fraud+shop@GoogleMail.com",
      "t4fraud@gmail.com.",
    ])
      expect(mailboxKey(spelling), spelling).toBe("t4fraud@gmail.com");
    expect(mailboxKey("t4fraud2@gmail.com")).not.toBe("t4fraud@gmail.com");
  });

  it("drops +tags where the provider documents them, keeping dots where they matter", () => {
    expect(mailboxKey("sam.jones+shop@outlook.com")).toBe("sam.jones@outlook.com");
    expect(mailboxKey("sam+1@hotmail.com")).toBe("sam@hotmail.com");
    expect(mailboxKey("sam+1@fastmail.com")).toBe("sam@fastmail.com");
    expect(mailboxKey("sam+1@me.com")).toBe("sam@icloud.com");
    expect(mailboxKey("sam@mac.com")).toBe("sam@icloud.com");
    expect(mailboxKey("sam_j.o-nes+x@protonmail.com")).toBe("samjones@proton.me");
    expect(mailboxKey("sam+x@ya.ru")).toBe("sam@yandex.ru");
    // Separate Microsoft domains are separate mailboxes.
    expect(mailboxKey("sam@live.com")).not.toBe(mailboxKey("sam@outlook.com"));
  });

  it("leaves other domains' local parts as written (lowered): there a + or a dot may be another mailbox", () => {
    expect(mailboxKey("Sam.Jones+Billing@Example.COM")).toBe("sam.jones+billing@example.com");
    expect(mailboxKey("s.am@yahoo.com")).toBe("s.am@yahoo.com");
  });

  it("keeps what cannot be reduced: no @, or a local part that is all tag", () => {
    expect(mailboxKey("Not-An-Email")).toBe("not-an-email");
    expect(mailboxKey("+x@gmail.com")).toBe("+x@gmail.com");
    expect(mailboxKey("...@gmail.com")).toBe("...@gmail.com");
  });

  it("treats a provider's alias domains as one domain", () => {
    expect(mailDomainKey("GoogleMail.com")).toBe("gmail.com");
    expect(mailDomainKey("@googlemail.com")).toBe("gmail.com");
    expect(mailDomainKey("pm.me")).toBe("proton.me");
    expect(mailDomainKey("example.com.")).toBe("example.com");
    expect(sameMailbox("a.b@googlemail.com", "ab+c@gmail.com")).toBe(true);
    expect(sameMailbox("a.b@example.com", "ab@example.com")).toBe(false);
  });
});

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
