import type { Faq } from "./faq.ts";

/** Stored FAQs, written by the seed. */
export interface FaqRepository {
  /** Whether a FAQ with exactly this question is stored. */
  hasQuestion(question: string): Promise<boolean>;
  /** Stores a new FAQ. */
  add(faq: Faq): Promise<void>;
}
