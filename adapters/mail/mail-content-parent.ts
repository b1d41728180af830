import type { Mail } from "#domain/mail/mail.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { Content, MailBranding } from "./mail-blocks.ts";

/** The emails of "Ask a parent to pay". */
export type ParentMail = Extract<Mail, { template: "parent_pay_request" | "parent_declined" }>;

/** What a parent-payment email says (mail-content.ts's contentOf hands these here). */
export function parentContentOf(mail: ParentMail, brand: MailBranding): Content {
  const shop = brand.shopName;
  if (mail.template === "parent_declined")
    return {
      subject: `Your parent said "not now" to your ${shop} order`,
      preview: "Nothing was charged.",
      blocks: [
        { kind: "heading", text: "Not this time" },
        {
          kind: "paragraph",
          text: `Your parent declined to pay for your order of $${formatCents(mail.data.total)}. Nothing was charged and nothing will be delivered.`,
        },
        { kind: "button", label: "Back to my cart", url: `${brand.publicUrl}/cart` },
      ],
    };
  const r = mail.data;
  const rows: [string, string][] = r.items.map((item) => [`${item.name} × ${item.quantity}`, `$${formatCents(item.unitPrice * item.quantity)}`]);
  const until = `${r.expiresAt.slice(0, 16).replace("T", " ")} UTC`;
  // The account as Roblox named it when the child checked it, so the parent can tell it is theirs.
  const recipient = r.robloxDisplayName ? `${r.robloxDisplayName} (@${r.robloxUsername})` : r.robloxUsername;
  return {
    subject: `${r.childName} asks you to pay for their ${shop} order`,
    preview: `$${formatCents(r.amountDue)} for Roblox user ${r.robloxUsername}. Nothing is charged unless you pay.`,
    blocks: [
      { kind: "heading", text: `${r.childName} asks you to pay` },
      {
        kind: "paragraph",
        text: `Someone with a ${shop} account under 18 gave your address and asks you to pay for these items, delivered in Roblox to ${recipient}. You don't need an account.`,
      },
      { kind: "table", rows, total: ["To pay", `$${formatCents(r.amountDue)}`] },
      { kind: "button", label: "See the order and pay", url: `${brand.publicUrl}/pay/${r.token}` },
      {
        kind: "paragraph",
        text: `The link works until ${until}, for this order only. On its page you can also say "not now": nothing is charged. If you don't know who this is, ignore this email: we send no other.`,
      },
    ],
  };
}
