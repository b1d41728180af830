import type { Mail } from "#domain/mail/mail.ts";
import { formatCents } from "#domain/shared/money.ts";
import { shortId } from "#domain/shared/short-id.ts";
import type { Block, Content, MailBranding } from "./mail-blocks.ts";
import { accountContentOf } from "./mail-content-account.ts";
import { parentContentOf } from "./mail-content-parent.ts";

// The words of the store's emails, as blocks (heading, paragraph, button, code, table) that the HTML
// (templates.ts, from the MJML design in mail-mjml.ts) and the plain-text part are both written from,
// so the two always say the same.

const STATUS_WORDS = {
  pending: { subject: "is received", text: "We have received your order and will start on it shortly." },
  processing: { subject: "is in delivery", text: "Your order is in delivery: we are sending the items to your Roblox account now." },
  completed: { subject: "was delivered", text: "Your order was delivered to your Roblox account. Enjoy!" },
  cancelled: { subject: "was cancelled", text: "Your order was cancelled. If you paid for it, the money goes back the way you paid." },
} as const;

const DELIVERY_PROMISE = "We deliver to your Roblox account within 24 hours, usually much sooner. We will email you when it is on its way.";

/** The subject line of a message (also stored with the outbox row, so lists show it before sending). */
export function subjectOf(mail: Mail, shopName: string): string {
  return contentOf(mail, { shopName, publicUrl: "", supportEmail: "" }).subject;
}

/** What a message says: its subject, the preview line mail apps show, and its blocks in order. */
export function contentOf(mail: Mail, brand: MailBranding): Content {
  const shop = brand.shopName;
  switch (mail.template) {
    case "verify_email":
    case "reset_password":
    case "password_changed":
    case "staff_invitation":
    case "sign_up_attempt":
    case "confirm_email_change":
      return accountContentOf(mail, brand);
    case "parent_pay_request":
    case "parent_declined":
      return parentContentOf(mail, brand);
    case "order_confirmation": {
      const r = mail.data;
      const rows: [string, string][] = r.items.map((item) => [`${item.name} × ${item.quantity}`, `$${formatCents(item.unitPrice * item.quantity)}`]);
      rows.push(["Subtotal", `$${formatCents(r.subtotal)}`]);
      if (r.discount > 0) rows.push([`Discount${r.discountCode ? ` (${r.discountCode})` : ""}`, `-$${formatCents(r.discount)}`]);
      if (r.storeCredit > 0) rows.push(["Store credit", `-$${formatCents(r.storeCredit)}`]);
      return {
        subject: `Your ${shop} order #${shortId(r.orderId)} is confirmed`,
        preview: `Thank you! Total paid $${formatCents(r.paid)}.`,
        blocks: [
          { kind: "heading", text: "Thank you for your order!" },
          { kind: "paragraph", text: `Order #${shortId(r.orderId)}, placed ${r.placedAt.slice(0, 10)}, for Roblox user ${r.robloxUsername}.` },
          { kind: "table", rows, total: ["Total paid", `$${formatCents(r.paid)}`] },
          {
            kind: "paragraph",
            text: `Payment: ${r.paymentProvider === "store_credit" ? "store credit" : r.paymentProvider}, reference ${r.paymentReference}.`,
          },
          { kind: "paragraph", text: DELIVERY_PROMISE },
          { kind: "button", label: "See my order", url: `${brand.publicUrl}/dashboard` },
        ],
      };
    }
    case "order_status": {
      const words = STATUS_WORDS[mail.data.status];
      return {
        subject: `Your ${shop} order #${shortId(mail.data.orderId)} ${words.subject}`,
        preview: words.text,
        blocks: [
          { kind: "heading", text: `Order #${shortId(mail.data.orderId)} ${words.subject}` },
          { kind: "paragraph", text: words.text },
          { kind: "paragraph", text: `Roblox user: ${mail.data.robloxUsername}. Order total: $${formatCents(mail.data.total)}.` },
          // Delivered: the rating form of the dashboard. The link names the order, nothing
          // more: it opens the signed-in dashboard, where only the order's owner can rate it.
          ...(mail.data.status === "completed"
            ? ([
                { kind: "paragraph", text: "How was it? Rate what you bought, from 1 to 5 stars: it helps other players choose." },
                { kind: "button", label: "Rate your order", url: `${brand.publicUrl}/dashboard?rate=${encodeURIComponent(mail.data.orderId)}` },
              ] satisfies Block[])
            : []),
          { kind: "button", label: "See my order", url: `${brand.publicUrl}/dashboard` },
        ],
      };
    }
    case "review_decision":
      return mail.data.status === "approved"
        ? {
            subject: `Your review was approved: ${mail.data.points} points for you`,
            preview: `Thank you! ${mail.data.points} points were added to your account.`,
            blocks: [
              { kind: "heading", text: "Thank you for your review!" },
              { kind: "paragraph", text: `We checked your screenshot and added ${mail.data.points} points to your account.` },
              ...(mail.data.adminNotes ? [{ kind: "paragraph" as const, text: `Note from the team: ${mail.data.adminNotes}` }] : []),
              { kind: "button", label: "See my points", url: `${brand.publicUrl}/dashboard` },
            ],
          }
        : {
            subject: "About your review screenshot",
            preview: "We could not approve your screenshot.",
            blocks: [
              { kind: "heading", text: "We could not approve your screenshot" },
              { kind: "paragraph", text: mail.data.adminNotes ? `The reason: ${mail.data.adminNotes}` : "It did not show a published review of our store." },
              { kind: "paragraph", text: "You are welcome to send a new one from your dashboard." },
              { kind: "button", label: "Go to my dashboard", url: `${brand.publicUrl}/dashboard` },
            ],
          };
    case "payment_refunded":
      return {
        subject: `Your payment of $${formatCents(mail.data.amount)} was refunded`,
        preview: `We refunded $${formatCents(mail.data.amount)} to your ${mail.data.provider} account.`,
        blocks: [
          { kind: "heading", text: "Your payment was refunded" },
          { kind: "paragraph", text: mail.data.reason },
          {
            kind: "table",
            rows: [["Refunded to", mail.data.provider === "paypal" ? "your PayPal account" : `your ${mail.data.provider} payment`]],
            total: ["Amount", `$${formatCents(mail.data.amount)}`],
          },
          { kind: "paragraph", text: "Refunds usually show within a few days. Nothing was charged for this order." },
        ],
      };
    case "order_refunded": {
      const to = mail.data.destination === "payment" ? "your original payment" : "your store credit";
      return {
        subject: `We refunded $${formatCents(mail.data.amount)} of order #${shortId(mail.data.orderId)}`,
        preview: `$${formatCents(mail.data.amount)} went back to ${to}.`,
        blocks: [
          { kind: "heading", text: `$${formatCents(mail.data.amount)} refunded` },
          { kind: "paragraph", text: mail.data.reason },
          {
            kind: "table",
            rows: [
              ["Order", `#${shortId(mail.data.orderId)}`],
              ["Refunded to", to],
            ],
            total: ["Amount", `$${formatCents(mail.data.amount)}`],
          },
          {
            kind: "paragraph",
            text:
              mail.data.destination === "payment"
                ? "Refunds to a payment usually show within a few days."
                : "Your store credit is ready to spend at checkout now.",
          },
          { kind: "button", label: "See my order", url: `${brand.publicUrl}/dashboard` },
        ],
      };
    }
    case "order_held":
      return {
        subject: `We're checking your payment for order #${shortId(mail.data.orderId)}`,
        preview: "This usually takes under an hour; nothing is needed from you.",
        blocks: [
          { kind: "heading", text: "We're checking your payment" },
          {
            kind: "paragraph",
            text: `Your payment for order #${shortId(mail.data.orderId)} arrived. Before we deliver to ${mail.data.robloxUsername}, we're checking it: this usually takes under an hour.`,
          },
          { kind: "paragraph", text: "You don't need to do anything. We'll email you again if we need something." },
          { kind: "button", label: "See my order", url: `${brand.publicUrl}/dashboard` },
        ],
      };
    case "order_late":
      return {
        subject: `Order #${shortId(mail.data.orderId)} is late: we're on it`,
        preview: mail.data.points > 0 ? `Sorry for the wait: ${mail.data.points} points are in your account.` : "Sorry for the wait: we are delivering it now.",
        blocks: [
          { kind: "heading", text: "Your order is taking longer than we promised" },
          {
            kind: "paragraph",
            text: `We promised delivery to ${mail.data.robloxUsername} within our delivery time and missed it. A team member is on it now.`,
          },
          ...(mail.data.points > 0 ? [{ kind: "paragraph" as const, text: `To make up for it, we added ${mail.data.points} points to your account.` }] : []),
          { kind: "button", label: "Follow my order", url: `${brand.publicUrl}/dashboard` },
        ],
      };
    case "admin_digest": {
      const { orders, conversations } = mail.data;
      const parts = [
        orders.length ? `${orders.length} new order${orders.length === 1 ? "" : "s"}` : "",
        conversations.length ? `${conversations.length} new support conversation${conversations.length === 1 ? "" : "s"}` : "",
      ].filter(Boolean);
      const blocks: Block[] = [{ kind: "heading", text: parts.join(" and ") }];
      if (orders.length) {
        blocks.push({
          kind: "table",
          rows: orders.map((o) => [
            `Order #${shortId(o.orderId)} (${o.itemCount} item${o.itemCount === 1 ? "" : "s"})${o.risk ? (o.risk === "held" ? ", held for review: do not deliver" : ", rejected: do not deliver") : ""}`,
            `$${formatCents(o.total)}`,
          ]),
        });
        if (orders.some((o) => o.risk === "held"))
          blocks.push({ kind: "paragraph", text: "Orders held for review wait in the Orders tab's Risk queue until someone approves or rejects them." });
        blocks.push({ kind: "button", label: "Open the orders", url: `${brand.publicUrl}/admin?tab=orders` });
      }
      if (conversations.length) {
        blocks.push({ kind: "paragraph", text: `Support conversations waiting: ${conversations.map((c) => shortId(c.conversationId)).join(", ")}.` });
        blocks.push({ kind: "button", label: "Open support", url: `${brand.publicUrl}/admin?tab=support` });
      }
      return { subject: `${shop}: ${parts.join(", ")}`, preview: parts.join(" and "), blocks };
    }
    case "chat_reply":
      return {
        subject:
          mail.data.chat === "order" && mail.data.orderId
            ? `${shop} replied about your order #${shortId(mail.data.orderId)}`
            : `${shop} support replied to you`,
        preview: mail.data.excerpt.slice(0, 120),
        blocks: [
          { kind: "heading", text: "You have a reply from our team" },
          { kind: "paragraph", text: `"${mail.data.excerpt}"` },
          mail.data.chat === "order"
            ? { kind: "button", label: "Open the order's chat", url: `${brand.publicUrl}/dashboard` }
            : { kind: "button", label: "Open the support chat", url: `${brand.publicUrl}/contact` },
          { kind: "paragraph", text: "Reply in the chat on our site: this address does not read replies." },
        ],
      };
    case "back_in_stock": {
      // Written when the job runs: a restock that sold out again before then is told as it was.
      const gone = mail.data.soldOutAgain === true;
      const name = mail.data.productName;
      return {
        subject: gone ? `${name} was back in stock` : `${name} is back in stock`,
        preview: gone ? `${name} came back in stock and sold out again.` : `You asked us to tell you when ${name} is back. It is.`,
        blocks: [
          { kind: "heading", text: gone ? `${name} was back in stock` : `${name} is back in stock` },
          {
            kind: "paragraph",
            text: gone
              ? "You asked us to email you when it is back. It came back in stock and sold out again before we could tell you. Ask again on its page to hear about the next restock."
              : "You asked us to email you when it is back. We tell as many people as there are units, in the order they asked, so it may go quickly.",
          },
          { kind: "button", label: "See the product", url: `${brand.publicUrl}/product/${encodeURIComponent(mail.data.productId)}` },
          {
            kind: "paragraph",
            text: `This is the only email about it: your request is done. Did not ask for this, or changed your mind? Unsubscribe: ${brand.publicUrl}/stock-alerts/unsubscribe?token=${encodeURIComponent(mail.data.token)}`,
          },
        ],
      };
    }
    case "webhook_paused":
      return {
        subject: `A webhook of ${shop} was paused`,
        preview: `It failed ${mail.data.failures} times in a row; nothing more is sent to it until you resume it.`,
        blocks: [
          { kind: "heading", text: "A webhook was paused" },
          {
            kind: "paragraph",
            text: `The webhook to ${mail.data.url} failed ${mail.data.failures} times in a row, so the shop stopped sending to it. Its deliveries are kept: once the receiver works again, resume it in Settings and they go out.`,
          },
          { kind: "button", label: "Open Settings", url: mail.data.panelUrl },
        ],
      };
    case "promo_code":
      return {
        subject: `Your ${mail.data.percentOff}% off code for ${shop}`,
        preview: `Here is your exclusive ${mail.data.percentOff}% off code.`,
        blocks: [
          { kind: "heading", text: `Your exclusive ${mail.data.percentOff}% off code` },
          { kind: "paragraph", text: "Enter this code at checkout. It works once." },
          { kind: "code", text: mail.data.code },
          { kind: "button", label: `Shop ${shop}`, url: `${brand.publicUrl}/` },
        ],
      };
  }
}
