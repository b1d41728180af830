import { mailDetail } from "#read-models/admin/mail-outbox.queries.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import type { Mail } from "#domain/mail/mail.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { carriesSecretLink, redactLinks } from "#domain/mail/secret-links.ts";
import type { RouteApp } from "./route-app.ts";

/**
 * One message of the Mail view as staff may see it: as sent, or (not sent yet) as it will be, and
 * never with a usable link (issue 32): every link is cut to its path, whatever the template, so a
 * staff member cannot follow a reset, verification or invitation link meant for someone else;
 * `resendable` says that the panel offers "Resend" (a new link to the same mailbox) instead.
 * The message's JSON and its HTML preview (issue 35) both come from here, so both are cut alike.
 */
export async function mailAsShown(app: RouteApp, id: string) {
  const message = await mailDetail(app.db, id);
  if (!message) throw new DomainError("not_found", ErrorCode.mailNotFound, "No such email");
  const { data, ...shown } = message;
  const rendered =
    shown.html === null || shown.text === null
      ? await app.mail.renderer.render({ template: shown.template, to: shown.recipient, data: JSON.parse(data) } as Mail)
      : { html: shown.html, text: shown.text };
  return {
    ...shown,
    html: redactLinks(rendered.html),
    text: redactLinks(rendered.text),
    linksRedacted: true as const,
    resendable: carriesSecretLink(shown.template),
  };
}
