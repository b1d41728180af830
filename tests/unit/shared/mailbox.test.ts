import { describe, expect, it } from "vitest";
import { mailboxKey, mailDomainKey, sameMailbox } from "#domain/shared/mailbox.ts";

// Issue 46: the blocklist, the risk rules and the promo claims compare mailboxes, not spellings.
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
