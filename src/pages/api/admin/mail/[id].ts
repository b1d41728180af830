import { mailDetail } from "#read-models/admin/mail-outbox.queries.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";
import type { Mail } from "#domain/mail/mail.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

// One message of the Mail view with its text and HTML: as sent, or (not sent yet) as it will be.
export const GET = route(async (context) => {
  await requireAdmin(context, "mail");
  const { app } = context.locals;
  const message = await mailDetail(app.db, param(context, "id"));
  if (!message) throw new DomainError("not_found", ErrorCode.mailNotFound, "No such email");
  const { data, ...shown } = message;
  if (shown.html === null || shown.text === null) {
    const rendered = await app.mail.renderer.render({ template: shown.template, to: shown.recipient, data: JSON.parse(data) } as Mail);
    return json({ ...shown, html: rendered.html, text: rendered.text });
  }
  return json(shown);
});
