import { requireAdmin } from "#server/guards.ts";
import { param, route } from "#server/http.ts";
import { mailAsShown } from "#server/mail-shown.ts";

/**
 * The policy of the preview alone (issue 35): the email's own inline styles and pictures, nothing
 * else: no scripts, no fonts or stylesheets from elsewhere, no forms, and a sandbox (an opaque
 * origin that cannot read the panel's cookies or API). Only the panel itself may frame it.
 */
function previewPolicy(publicUrl: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src 'self' ${new URL(publicUrl).origin} data:`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    "sandbox",
  ].join("; ");
}

// The Mail tab's HTML preview (issue 35): the message's HTML at its own URL, links cut as in the
// message's JSON (src/server/mail-shown.ts), under its own Content-Security-Policy instead of the
// panel's, which refused the email's inline styles when it was a srcdoc frame.
export const GET = route(async (context) => {
  await requireAdmin(context, "mail");
  const { app } = context.locals;
  const message = await mailAsShown(app, param(context, "id"));
  return new Response(message.html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-store",
      "content-security-policy": previewPolicy(app.config.publicUrl),
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "no-referrer",
    },
  });
});
