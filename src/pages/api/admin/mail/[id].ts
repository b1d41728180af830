import { mailDetail } from "#read-models/admin/mail-outbox.queries.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";
import type { Mail } from "#domain/mail/mail.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { carriesSecretLink, redactLinks } from "#domain/mail/secret-links.ts";

// One message of the Mail view with its text and HTML: as sent, or (not sent yet) as it will be.
// Never with a usable link (issue 32): every link is cut to its path, whatever the template, so a
// staff member cannot follow a reset, verification or invitation link meant for someone else;
// `resendable` says that the panel offers "Resend" (a new link to the same mailbox) instead.
export const GET = route(async (context) => {
  await requireAdmin(context, "mail");
  const { app } = context.locals;
  const message = await mailDetail(app.db, param(context, "id"));
  if (!message) throw new DomainError("not_found", ErrorCode.mailNotFound, "No such email");
  const { data, ...shown } = message;
  const rendered =
    shown.html === null || shown.text === null
      ? await app.mail.renderer.render({ template: shown.template, to: shown.recipient, data: JSON.parse(data) } as Mail)
      : { html: shown.html, text: shown.text };
  return json({
    ...shown,
    html: redactLinks(rendered.html),
    text: redactLinks(rendered.text),
    linksRedacted: true,
    resendable: carriesSecretLink(shown.template),
  });
});
