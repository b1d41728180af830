import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { MailDeliveryError, type MailTransport } from "#domain/mail/mail-delivery.port.ts";

/** The host part of Message-IDs: the shop's public host, so they are unique to this shop. */
function messageId(id: string, publicUrl: string): string {
  return `<${id}@${new URL(publicUrl).hostname}>`;
}

type SmtpError = Error & { code?: string; responseCode?: number };

/**
 * Sends through an SMTP server with nodemailer (SMTP_URL: smtp://user:pass@host:587 upgrades with
 * STARTTLS when offered; smtps://...:465 is TLS from the start). Timeouts stay well under the
 * worker's lease. A recipient the server refuses for good (5xx on the envelope) is a permanent
 * failure; everything else (server down, 4xx, a bad login the operator can fix) is retried.
 */
export function createSmtpTransport(settings: { url: string; from: string; publicUrl: string }): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(settings.url, { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as never);
  return {
    async send(message) {
      try {
        await transporter.sendMail(mailFields(message, settings));
      } catch (error) {
        const e = error as SmtpError;
        const permanent = e.code === "EENVELOPE" && (e.responseCode ?? 0) >= 500;
        throw new MailDeliveryError(`SMTP: ${e.message}`, permanent);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default without SMTP: every message becomes an .eml file (the whole message as a
 * mail server would receive it) under `folder`, named by the message's id, written whole or not at
 * all (a temporary file renamed into place), so sending one message again writes the same file.
 */
export function createFileTransport(settings: { folder: string; from: string; publicUrl: string }): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = (await composer.sendMail(mailFields(message, settings))) as { message: Buffer };
      const target = join(settings.folder, `${message.id}.eml`);
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        await mkdir(settings.folder, { recursive: true });
        await writeFile(temporary, info.message);
        await rename(temporary, target);
      } catch (error) {
        throw new MailDeliveryError(`file outbox: ${(error as Error).message}`, false);
      }
    },
  };
}

/** What nodemailer is given for a message, whether it sends it or writes it as an .eml file. */
function mailFields(message: { id: string; to: string; subject: string; html: string; text: string }, settings: { from: string; publicUrl: string }) {
  return {
    from: settings.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: messageId(message.id, settings.publicUrl),
  };
}
