import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server in the test process (smtp-server, from the nodemailer project): it speaks the
 * protocol, accepts any login, and keeps every message it receives, parsed. `refuse` lets a test
 * make the server answer a temporary (4xx) or permanent (5xx) error to the next messages.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const refusals: { code: number; message: string; at: "rcpt" | "data" }[] = [];
  const waiting: (() => void)[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
    onRcptTo: (_address, _session, callback) => {
      const refusal = refusals[0]?.at === "rcpt" ? refusals.shift() : undefined;
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData: (stream, session, callback) => {
      const refusal = refusals[0]?.at === "data" ? refusals.shift() : undefined;
      simpleParser(stream)
        .then((parsed) => {
          if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            parsed,
          });
          for (const wake of waiting.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://test:secret@127.0.0.1:${actualPort}`,
    received,
    /** The messages sent to this address, oldest first. */
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    /** Answers the next message with this SMTP error. */
    refuse: (code: number, message: string, at: "rcpt" | "data" = "data") => void refusals.push({ code, message, at }),
    /** Resolves once `count` messages have arrived in all. */
    async waitFor(count: number): Promise<void> {
      while (received.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: Pick<ReceivedMail, "text">, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s)]*`));
  if (!match) throw new Error(`no link starting ${prefix} in:\n${mail.text}`);
  return match[0];
}
