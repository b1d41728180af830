// A message as blocks (heading, paragraph, button, code, table): mail-content.ts writes the store's
// words as blocks, and the HTML (templates.ts, from the MJML design in mail-mjml.ts) and the plain-text
// part below are both written from them, so the two always say the same.

export interface MailBranding {
  shopName: string;
  publicUrl: string;
  supportEmail: string;
}

export type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "button"; label: string; url: string }
  | { kind: "code"; text: string }
  | { kind: "table"; rows: [string, string][]; total?: [string, string] };

export interface Content {
  subject: string;
  preview: string;
  blocks: Block[];
}

/** The line at the bottom of every message. */
export function footerOf(brand: MailBranding): string {
  return `${brand.shopName} · ${brand.publicUrl}${brand.supportEmail ? ` · ${brand.supportEmail}` : ""}`;
}

/** The plain-text part of a message. */
export function textOf(content: Content, brand: MailBranding): string {
  return [...content.blocks.map(blockText), "--", footerOf(brand)].join("\n\n") + "\n";
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "heading":
    case "paragraph":
      return block.text;
    case "button":
      return `${block.label}: ${block.url}`;
    case "code":
      return `    ${block.text}`;
    case "table": {
      const lines = block.rows.map(([l, v]) => `${l}: ${v}`);
      if (block.total) lines.push("", `${block.total[0]}: ${block.total[1]}`);
      return lines.join("\n");
    }
  }
}
