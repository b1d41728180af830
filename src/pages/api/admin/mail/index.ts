import { listMail } from "#read-models/admin/mail-outbox.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { MailQuery } from "#server/schemas/mail.schemas.ts";

// The admin panel's Mail view (issue 19): what the store sent or will send, newest first.
export const GET = route(async (context) => {
  await requireAdmin(context, "mail");
  const { status, to, page, pageSize } = readQuery(context.url, MailQuery);
  const { app } = context.locals;
  const { messages, total } = await listMail(app.db, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...(status ? { status } : {}),
    ...(to ? { recipient: to } : {}),
  });
  return json({ messages, total, page, pageSize, transport: app.config.mail.transport });
});
