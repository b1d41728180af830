import type { Mail, RenderedMail } from "./mail.ts";

/** One outbox message taken by a worker; `claim` fences its updates against a later taker. */
export interface ClaimedMail {
  id: string;
  mail: Mail;
  /** Attempts including this one. */
  attempts: number;
  claim: string;
  /** The request that queued it, so its delivery's log lines join that request's; null when none did (a job). */
  requestId?: string | null;
}

/**
 * The outbox as its workers see it. claim() takes up to `limit` messages that are due and not held
 * by another worker, and holds them until `leaseUntil`; concurrent claims (several processes) never
 * take the same message while its lease runs. A worker that dies holding a message lets its lease
 * run out, and the message is taken again. Updates with a claim that is no longer the message's
 * (its lease ran out and another worker took it) change nothing and answer false.
 */
export interface MailQueue {
  claim(input: { now: Date; limit: number; leaseUntil: Date; claim: string }): Promise<ClaimedMail[]>;
  /**
   * Records a message as sent, keeping `kept` (the message as sent, or for a key-carrying one its
   * redacted form); `kept.data`, when given, replaces the stored facts (their links redacted).
   */
  markSent(id: string, claim: string, at: Date, kept: RenderedMail & { data?: string }): Promise<boolean>;
  markRetry(id: string, claim: string, nextAttemptAt: Date, error: string): Promise<boolean>;
  markFailed(id: string, claim: string, error: string): Promise<boolean>;
}

/** Turns a Mail into the shop's HTML and text. Pure: the same Mail gives the same message. */
export interface MailRenderer {
  render(mail: Mail): Promise<RenderedMail>;
}

/**
 * Hands one message to the mail system (SMTP, or a file the operator reads). `id` is stable for a
 * message across attempts and becomes its Message-ID, so a message sent again after a crash between
 * sending and recording it can be recognised as the same one. Throws MailDeliveryError.
 */
export interface MailTransport {
  send(message: RenderedMail & { id: string; to: string }): Promise<void>;
}

/** A send that did not happen; `permanent` when trying again cannot help (the address was refused). */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
  }
}
