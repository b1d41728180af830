import type { Mail, RenderedMail } from "#domain/mail/mail.ts";
import type { MailRenderer } from "#domain/mail/mail-delivery.port.ts";
import { contentOf } from "./mail-content.ts";
import { type Block, footerOf, type MailBranding, textOf } from "./mail-blocks.ts";
import { MAIL_LAYOUT } from "./mail-layout.generated.ts";
import { escapeHtml, fillSlots, tableRowsHtml } from "./mail-mjml.ts";

// A message's HTML is the MJML design compiled ahead of time (mail-mjml.ts, `npm run mail:compile`)
// with its @@slots@@ filled by the escaped values; the result is the same HTML MJML makes for the
// message, without loading MJML in the server.

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "heading":
    case "paragraph":
    case "code":
      return fillSlots(MAIL_LAYOUT[block.kind], { text: escapeHtml(block.text) });
    case "button":
      return fillSlots(MAIL_LAYOUT.button, { label: escapeHtml(block.label), url: escapeHtml(block.url) });
    case "table":
      return fillSlots(MAIL_LAYOUT.table, { rows: tableRowsHtml(block) });
  }
}

/** Renders a Mail as the shop's HTML and plain text. */
export async function renderMail(mail: Mail, brand: MailBranding): Promise<RenderedMail> {
  const content = contentOf(mail, brand);
  const html = fillSlots(MAIL_LAYOUT.document, {
    title: escapeHtml(content.subject),
    preview: escapeHtml(content.preview),
    shopName: escapeHtml(brand.shopName),
    footer: escapeHtml(footerOf(brand)),
    body: content.blocks.map(blockHtml).join(""),
  });
  return { subject: content.subject, html, text: textOf(content, brand) };
}

export function createMailRenderer(brand: MailBranding): MailRenderer {
  return { render: (mail) => renderMail(mail, brand) };
}
