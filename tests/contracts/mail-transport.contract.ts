import { describe, expect, it } from "vitest";
import { MailDeliveryError, type MailTransport } from "#domain/mail/mail-delivery.port.ts";
import type { ReceivedMail } from "../support/smtp.ts";

/**
 * What every MailTransport must do, run against the SMTP adapter (a real SMTP server in the test
 * process) and the file outbox (.eml files): `delivered(id)` answers what arrived for a message id,
 * parsed as a mail client would read it.
 */
export function mailTransportContract(
  name: string,
  make: () => Promise<{ transport: MailTransport; delivered: (to: string) => Promise<ReceivedMail[]>; breakIt?: () => Promise<MailTransport> }>,
) {
  describe(`mail transport contract: ${name}`, () => {
    const message = (id: string, to: string) => ({
      id,
      to,
      subject: "Your order #ABCD1234 is confirmed — ünïcode ✓",
      html: "<p>Thank you for your <b>order</b>.</p>",
      text: "Thank you for your order.\n\nSee my order: http://localhost:4321/dashboard\n",
    });

    it("delivers subject, HTML and text to the recipient, with the message's id as its Message-ID", async () => {
      const { transport, delivered } = await make();
      await transport.send(message("11111111-aaaa", "first@mail.test"));
      const [mail] = await delivered("first@mail.test");
      expect(mail).toMatchObject({ subject: "Your order #ABCD1234 is confirmed — ünïcode ✓", to: ["first@mail.test"] });
      expect(mail!.text).toContain("See my order: http://localhost:4321/dashboard");
      expect(mail!.html).toContain("<b>order</b>");
      expect(mail!.messageId).toMatch(/^<11111111-aaaa@/);
    });

    it("sending one message again gives the same Message-ID (a receiver can tell it is the same message)", async () => {
      const { transport, delivered } = await make();
      await transport.send(message("22222222-bbbb", "again@mail.test"));
      await transport.send(message("22222222-bbbb", "again@mail.test"));
      const ids = new Set((await delivered("again@mail.test")).map((m) => m.messageId));
      expect(ids).toEqual(new Set(["<22222222-bbbb@localhost>"]));
    });

    it("a send that cannot happen throws a MailDeliveryError", async () => {
      const { breakIt } = await make();
      if (!breakIt) return;
      const broken = await breakIt();
      await expect(broken.send(message("33333333-cccc", "nobody@mail.test"))).rejects.toBeInstanceOf(MailDeliveryError);
    });
  });
}
