import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { expect } from "@playwright/test";

// The e2e store runs in the embedded default: no SMTP_URL, so its worker writes every email as an
// .eml file under DATA_DIR/outbox/, which the journeys read as a mailbox would (a store a spec
// started itself: pass its DATA_DIR).
const outbox = (dataDir = process.env["E2E_DATA_DIR"]!) => join(dataDir, "outbox");

/** The texts of every email to `to` whose subject starts with `subject`, as the worker has written them so far. */
export async function emailsTo(to: string, subject: string, dataDir?: string): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(outbox(dataDir)).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  const texts: string[] = [];
  for (const name of names) {
    const mail = await simpleParser(readFileSync(join(outbox(dataDir), name)));
    const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
    if (recipients.includes(to) && mail.subject?.startsWith(subject)) texts.push(mail.text ?? "");
  }
  return texts;
}

/** The text of the newest email to `to` whose subject starts with `subject`, once the worker has written it. */
export async function emailTo(to: string, subject: string, dataDir?: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        let names: string[];
        try {
          names = readdirSync(outbox(dataDir)).filter((name) => name.endsWith(".eml"));
        } catch {
          return false;
        }
        for (const name of names) {
          const mail = await simpleParser(readFileSync(join(outbox(dataDir), name)));
          const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
          if (recipients.includes(to) && mail.subject?.startsWith(subject)) found = mail.text ?? "";
        }
        return found !== undefined;
      },
      { timeout: 20_000, message: `an email to ${to}: ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text to `path` with a token. */
export const linkIn = (text: string, path: string) => text.match(new RegExp(`https?://[^\\s]+${path}\\?token=[^\\s]+`))![0];
