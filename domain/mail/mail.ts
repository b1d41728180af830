import type { Cents } from "../shared/money.ts";

/**
 * What the store tells a person by email. The domain names the message and its facts; an adapter
 * turns them into the shop's HTML and plain text (adapters/mail/templates.ts). Every fact a message
 * shows is copied into it when it is written, so a message sent later still says what was true then.
 */
export type Mail =
  | { template: "verify_email"; to: string; data: { name: string; url: string } }
  | { template: "reset_password"; to: string; data: { name: string; url: string } }
  | { template: "password_changed"; to: string; data: { name: string } }
  | { template: "sign_up_attempt"; to: string; data: Record<string, never> }
  | { template: "staff_invitation"; to: string; data: { role: string; invitedBy: string; url: string } }
  | { template: "confirm_email_change"; to: string; data: { name: string; newEmail: string; url: string } }
  | { template: "order_confirmation"; to: string; data: OrderReceipt }
  | {
      template: "order_status";
      to: string;
      data: { orderId: string; robloxUsername: string; status: "processing" | "completed" | "cancelled" | "pending"; total: Cents };
    }
  | { template: "promo_code"; to: string; data: { code: string; percentOff: number } }
  | { template: "review_decision"; to: string; data: { status: "approved" | "rejected"; points: number; adminNotes: string | null } }
  | { template: "payment_refunded"; to: string; data: { amount: Cents; provider: string; reason: string } }
  | { template: "order_refunded"; to: string; data: { orderId: string; amount: Cents; destination: "payment" | "store_credit"; reason: string } }
  | { template: "order_held"; to: string; data: { orderId: string; robloxUsername: string } }
  | { template: "order_late"; to: string; data: { orderId: string; robloxUsername: string; points: number } }
  | { template: "admin_digest"; to: string; data: AdminDigest }
  | { template: "chat_reply"; to: string; data: { chat: "support" | "order"; orderId: string | null; excerpt: string } }
  /** `token` unsubscribes this one alert, nothing else. */
  | {
      template: "back_in_stock";
      to: string;
      /** soldOutAgain: the restock sold out before the email was written (absent in emails queued before it existed). */
      data: { productId: string; productName: string; token: string; soldOutAgain?: boolean };
    }
  /** To the owners: a webhook failed `failures` times in a row and was paused; `url` is its origin only. */
  | { template: "webhook_paused"; to: string; data: { url: string; failures: number; panelUrl: string } }
  /** To a parent: a child's checkout asks them to pay; `token` makes the /pay link. */
  | { template: "parent_pay_request"; to: string; data: ParentPayRequest }
  /** To the child: the parent said "not now"; nothing was charged. */
  | { template: "parent_declined"; to: string; data: { total: Cents } };

export interface ParentPayRequest {
  token: string;
  /** The child as the account names them (first name, else the start of the address). */
  childName: string;
  robloxUsername: string;
  /** The account's display name at Roblox when the child checked it; null when Roblox could not be asked. */
  robloxDisplayName?: string | null;
  items: { name: string; quantity: number; unitPrice: Cents }[];
  /** What the parent would pay (the total less the child's store credit applied). */
  amountDue: Cents;
  expiresAt: string;
}

/** A reply from the store that the shopper has not read for this long is emailed. */
export const CHAT_REPLY_UNREAD_MS = 10 * 60_000;
/** At most one such email per chat in this time. */
export const CHAT_REPLY_EMAIL_GAP_MS = 60 * 60_000;

/**
 * Whether the store's latest reply in a chat (position `reply.seq`) is to be emailed now: the
 * shopper has not read up to it, it has waited CHAT_REPLY_UNREAD_MS, it was not emailed already,
 * and the chat's last email is at least CHAT_REPLY_EMAIL_GAP_MS old.
 */
export function chatReplyEmailDue(
  reply: { seq: number; createdAt: Date },
  chat: { readSeq: number; notifiedSeq: number; notifiedAt: Date | null },
  now: Date,
): boolean {
  if (reply.seq <= chat.readSeq || reply.seq <= chat.notifiedSeq) return false;
  if (now.getTime() - reply.createdAt.getTime() < CHAT_REPLY_UNREAD_MS) return false;
  return chat.notifiedAt === null || now.getTime() - chat.notifiedAt.getTime() >= CHAT_REPLY_EMAIL_GAP_MS;
}

/** What administrators are told about at most once a minute: the new orders and support conversations. */
export interface AdminDigest {
  /**
   * `risk`: held for review or rejected by the risk checks when the digest was written:
   * the email says so, so nobody delivers it from there. Absent on an order that may be delivered.
   */
  orders: { orderId: string; total: Cents; itemCount: number; at: string; risk?: "held" | "rejected" }[];
  conversations: { conversationId: string; at: string }[];
}

/** Administrators hear about new orders and conversations in one email a minute at most. */
export const ADMIN_DIGEST_INTERVAL_MS = 60_000;

/** Whether a digest may go out now: never one within ADMIN_DIGEST_INTERVAL_MS of the last. */
export function digestDue(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= ADMIN_DIGEST_INTERVAL_MS;
}

/** A Mail to an account rather than an address: the outbox looks the address up in its transaction. */
export type MailToUser = Mail extends infer M ? (M extends Mail ? Omit<M, "to"> & { toUserId: string } : never) : never;

export type MailTemplate = Mail["template"];

export interface OrderReceipt {
  orderId: string;
  robloxUsername: string;
  items: { name: string; quantity: number; unitPrice: Cents }[];
  subtotal: Cents;
  discount: Cents;
  discountCode: string | null;
  storeCredit: Cents;
  /** What the payment took (total less store credit). */
  paid: Cents;
  total: Cents;
  paymentProvider: string;
  paymentReference: string;
  placedAt: string;
}

/** A message made ready to send: the adapter's rendering of a Mail. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export type OutboxStatus = "pending" | "sent" | "failed";

/** Delivery attempts before a message is given up as failed (about a day of retries). */
export const MAX_DELIVERY_ATTEMPTS = 10;

/**
 * How long to wait before attempt `attempts + 1` after `attempts` failed ones: 30 s doubling up to
 * 6 hours, so a mail server that is down for a while is not hammered and a short outage costs
 * little delay.
 */
export function retryDelayMs(attempts: number): number {
  const base = 30_000 * 2 ** Math.max(0, attempts - 1);
  return Math.min(base, 6 * 60 * 60 * 1000);
}

/** A failed send's fate: retry later, or give up (a permanent refusal, or attempts used up). */
export function afterFailure(attempts: number, permanent: boolean, now: Date): { status: "failed" } | { status: "pending"; nextAttemptAt: Date } {
  if (permanent || attempts >= MAX_DELIVERY_ATTEMPTS) return { status: "failed" };
  return { status: "pending", nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

/** The greeting name of a shopper: the first name, else the part of the address before the @. */
export function greetingName(firstName: string | null | undefined, email: string): string {
  const trimmed = firstName?.trim();
  return trimmed ? trimmed : (email.split("@")[0] ?? email);
}
