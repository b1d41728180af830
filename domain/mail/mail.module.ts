import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { deliverDueMail, type DeliveryRound } from "./deliver-mail.ts";
import type { MailQueue, MailRenderer, MailTransport } from "./mail-delivery.port.ts";
import type { MailNotices } from "./mail-notices.port.ts";

/** The chat-reply check scans the last day's replies: once a minute per process is plenty. */
const CHAT_REPLY_CHECK_MS = 60_000;

/** What the mail module needs, bound once by the composition root. */
export interface MailModuleDeps {
  /** Runs one message's delivery in the context of the request that queued it (see deliverDueMail). */
  inRequest?: <T>(requestId: string | null, deliver: () => Promise<T>) => Promise<T>;
  queue: MailQueue;
  renderer: MailRenderer;
  transport: MailTransport;
  /** Emails about the store's chat replies a shopper left unread. */
  chatReplies: MailNotices;
  /** Back-in-stock emails to the addresses waiting for a restocked product (issue 36). */
  restocks?: MailNotices;
  /** The administrators' digest of new orders and conversations; null when nobody is to be told (ADMIN_NOTIFY). */
  adminDigest: MailNotices | null;
  clock: Clock;
  ids: IdGenerator;
  /** How many messages one round takes at most. */
  batchSize: number;
  /** How long a worker holds a message it took: longer than one send can last. */
  leaseMs: number;
  /** A notice that could not be written; it never holds back the delivery of the rest. */
  onNoticeError: (notice: "chatReplies" | "adminDigest" | "restocks", error: unknown) => void;
}

/**
 * The mail module: `app.mail.deliverDueMail()` is one round of the outbox worker. Other modules
 * add their messages through the outbox of their own transaction (a port of their units of work).
 */
export function createMailModule(deps: MailModuleDeps) {
  let chatRepliesCheckedAt = 0;
  return {
    /**
     * Writes the notices that are due (chat replies at most once a minute per process), then sends
     * up to batchSize due messages and records each outcome (see deliverDueMail).
     */
    async deliverDueMail(): Promise<DeliveryRound> {
      const now = deps.clock.now().getTime();
      if (now - chatRepliesCheckedAt >= CHAT_REPLY_CHECK_MS) {
        chatRepliesCheckedAt = now;
        await deps.chatReplies.queueDue(deps.clock.now()).catch((error: unknown) => deps.onNoticeError("chatReplies", error));
      }
      if (deps.restocks) await deps.restocks.queueDue(deps.clock.now()).catch((error: unknown) => deps.onNoticeError("restocks", error));
      if (deps.adminDigest) await deps.adminDigest.queueDue(deps.clock.now()).catch((error: unknown) => deps.onNoticeError("adminDigest", error));
      return deliverDueMail(deps.batchSize, deps);
    },
  };
}

export type MailModule = ReturnType<typeof createMailModule>;
