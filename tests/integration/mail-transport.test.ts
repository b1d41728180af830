import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll } from "vitest";
import { createFileTransport, createSmtpTransport } from "#adapters/mail/smtp-transport.ts";
import { mailTransportContract } from "../contracts/mail-transport.contract.ts";
import { startSmtpServer, type ReceivedMail } from "../support/smtp.ts";

const smtp = await startSmtpServer();
const folder = mkdtempSync(join(tmpdir(), "shop-mail-"));
afterAll(async () => {
  await smtp.close();
  rmSync(folder, { recursive: true, force: true });
});
const publicUrl = "http://localhost:4321";

mailTransportContract("SMTP (nodemailer to an smtp-server)", async () => ({
  transport: createSmtpTransport({ url: smtp.url, from: "Shop <shop@shop.test>", publicUrl }),
  delivered: async (to) => smtp.to(to),
  breakIt: async () => createSmtpTransport({ url: "smtp://127.0.0.1:1", from: "shop@shop.test", publicUrl }),
}));

mailTransportContract("file outbox (.eml files)", async () => ({
  transport: createFileTransport({ folder, from: "Shop <shop@shop.test>", publicUrl }),
  delivered: async (to) => {
    const mails: ReceivedMail[] = [];
    for (const name of readdirSync(folder).filter((f) => f.endsWith(".eml"))) {
      const parsed = await simpleParser(readFileSync(join(folder, name)));
      const recipients = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ""));
      if (!recipients.includes(to)) continue;
      mails.push({
        to: recipients,
        from: parsed.from?.value[0]?.address ?? "",
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: typeof parsed.html === "string" ? parsed.html : "",
        messageId: parsed.messageId ?? "",
        parsed,
      });
    }
    return mails;
  },
  breakIt: async () => {
    // A file where the folder should be: the outbox folder cannot be created.
    const blocked = join(folder, "blocked");
    writeFileSync(blocked, "");
    return createFileTransport({ folder: join(blocked, "outbox"), from: "shop@shop.test", publicUrl });
  },
}));
