import type { Block } from "./mail-blocks.ts";

// The design of the store's emails, in MJML (mjml.io): a dark band with the shop's name, a white card
// holding the message's blocks, and a grey footer. Why MJML rather than react-email: these are plain
// TypeScript strings (react-email needs JSX, which Node's type stripping does not run), and MJML
// compiles them to the table-based, inlined HTML that mail clients (Outlook included) show as designed.
//
// MJML runs when the design changes, not when a message is sent: `npm run mail:compile` compiles this
// design once, with a slot in place of every value, into mail-layout.generated.ts, and templates.ts
// fills the slots. The compiler and its dependencies (about 25 MB of a server's heap, and about 3 ms
// per message against 11 us for filling the slots) stay out of the running store;
// tests/integration/mail-templates.test.ts checks that every message comes out exactly as MJML
// itself makes it.

/** A slot in the compiled layout, `@@name@@`: written by compile-mail-layout.ts, filled by fillSlots. */
export const slot = (name: string) => `@@${name}@@`;

/** Fills a compiled layout's slots in one pass: a filled-in value that reads like a slot stays as it is. */
export function fillSlots(layout: string, values: Record<string, string>): string {
  return layout.replace(/@@(\w+)@@/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail layout: no value for the slot ${name}`);
    return value;
  });
}

/** HTML-escapes text for an element's content or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The inner rows of a table block, as HTML (mj-table passes its content through as it is). */
export function tableRowsHtml(block: Extract<Block, { kind: "table" }>): string {
  const row = ([label, value]: [string, string], bold = false) =>
    `<tr><td style="padding:4px 0;${bold ? "font-weight:700;border-top:1px solid #e5e7eb;" : ""}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;${bold ? "font-weight:700;border-top:1px solid #e5e7eb;" : ""}">${escapeHtml(value)}</td></tr>`;
  return `${block.rows.map((r) => row(r)).join("")}${block.total ? row(block.total, true) : ""}`;
}

/** One block in MJML. `rowsHtml` is the table's inner HTML (tableRowsHtml), given apart so it can be a slot. */
export function blockMjml(block: Block, rowsHtml = block.kind === "table" ? tableRowsHtml(block) : ""): string {
  switch (block.kind) {
    case "heading":
      return `<mj-text font-size="20px" font-weight="700">${escapeHtml(block.text)}</mj-text>`;
    case "paragraph":
      return `<mj-text>${escapeHtml(block.text)}</mj-text>`;
    case "button":
      return `<mj-button href="${escapeHtml(block.url)}" background-color="#16a34a" font-weight="700" border-radius="8px">${escapeHtml(block.label)}</mj-button>`;
    case "code":
      return `<mj-text align="center" font-size="26px" font-weight="700" letter-spacing="3px" font-family="ui-monospace, Menlo, monospace">${escapeHtml(block.text)}</mj-text>`;
    case "table":
      return `<mj-table>${rowsHtml}</mj-table>`;
  }
}

export interface MailFrame {
  title: string;
  preview: string;
  shopName: string;
  footer: string;
}

/** A whole message in MJML: the frame's texts (escaped here) around the blocks' MJML. */
export function documentMjml(frame: MailFrame, bodyMjml: string): string {
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(frame.title)}</mj-title>
    <mj-preview>${escapeHtml(frame.preview)}</mj-preview>
    <mj-attributes>
      <!-- No "Roboto" by name: MJML then links Google Fonts' stylesheet, which told Google of every opened
           email and which the Mail tab's preview policy refuses (issue 35); Android's sans-serif is Roboto. -->
      <mj-all font-family="-apple-system, Segoe UI, Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#111827" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#111827" padding="16px">
      <mj-column><mj-text color="#ffffff" font-size="20px" font-weight="700">${escapeHtml(frame.shopName)}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 8px">
      <mj-column>${bodyMjml}</mj-column>
    </mj-section>
    <mj-section padding="12px"><mj-column><mj-text font-size="12px" color="#6b7280" align="center">${escapeHtml(frame.footer)}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
}
