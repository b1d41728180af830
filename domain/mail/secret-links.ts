import type { Mail, MailTemplate, RenderedMail } from "./mail.ts";

/**
 * The emails whose link is a key (issue 32): whoever follows it sets the password, verifies the
 * address, changes it, or takes a staff role. Only the recipient's mailbox may hold a usable one:
 * once sent, the store keeps these messages with their links cut to the path, and the Mail tab
 * shows every message that way, with "Resend" (a new link to the same mailbox) instead.
 */
export const SECRET_LINK_TEMPLATES = ["verify_email", "reset_password", "staff_invitation", "confirm_email_change"] as const satisfies readonly MailTemplate[];

export function carriesSecretLink(template: string): boolean {
  return (SECRET_LINK_TEMPLATES as readonly string[]).includes(template);
}

// A URL up to its query or fragment, then the query and fragment (whatever ends a URL in text,
// HTML attributes or JSON: white space, quotes, angle brackets).
const LINK = /(https?:\/\/[^\s"'<>?#]*)[?#][^\s"'<>]*/gi;

/** Every http(s) link in `text` cut to its origin and path: "https://shop/reset-password?token=x" -> "https://shop/reset-password". */
export function redactLinks(text: string): string {
  return text.replace(LINK, "$1");
}

/** What the store keeps of a message once it is sent: a key-carrying one without its keys (its facts too). */
export function keptAfterSending(mail: Mail, rendered: RenderedMail): RenderedMail & { data?: string } {
  if (!carriesSecretLink(mail.template)) return rendered;
  return { subject: rendered.subject, html: redactLinks(rendered.html), text: redactLinks(rendered.text), data: redactLinks(JSON.stringify(mail.data)) };
}
