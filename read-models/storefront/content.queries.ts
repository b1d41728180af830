import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { HtmlSanitizer } from "#domain/content/html-sanitizer.port.ts";
import { holdsPhrase, matchesPhrase } from "../shared/full-text.ts";
import { paymentMethodsSentence, type PaymentMethod } from "#domain/payments/payment-methods.ts";
import type { BlogPostSummaryView, BlogPostView, FaqView } from "./content.views.ts";

/**
 * The FAQ's answer about paying, written from the store's configured payment methods (issue 47): a
 * stored answer named "bank transfer or ATM/cash", which checkout never offered. It is no row, so
 * it follows the configuration: a provider added is named here at once.
 */
export function paymentMethodsFaq(methods: readonly PaymentMethod[]): FaqView {
  return {
    id: "payment-methods",
    question: "Which payment methods do you accept?",
    answer: `You pay at checkout with ${paymentMethodsSentence(methods)}. We never see or store your full card number, and we never ask for your Roblox password.`,
  };
}

/**
 * FAQs by displayOrder, then the answer about paying (paymentMethodsFaq); with text, only those
 * whose question or answer holds its words in order, the last as a prefix (case-insensitive; "5000
 * poi" finds "5000 points"), through migration 0025's index. Blank text lists them all; text
 * without a letter or digit ("%") finds none.
 */
export async function searchFaqs(db: Kysely<Database>, paymentMethods: readonly PaymentMethod[], text = ""): Promise<FaqView[]> {
  let query = db.selectFrom("faqs").select(["id", "question", "answer"]);
  const q = text.trim();
  if (q !== "") {
    query = query.where(matchesPhrase(db, { name: "faq_search", id: "faqs.id", columns: ["faqs.question", "faqs.answer"] }, q));
  }
  const stored = await query.orderBy("displayOrder").orderBy("question").execute();
  const paying = paymentMethodsFaq(paymentMethods);
  const shown = q === "" || holdsPhrase(`${paying.question} ${paying.answer}`, q);
  return paymentMethods.length > 0 && shown ? [...stored, paying] : stored;
}

const featuredFlag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** Every post's summary, newest first. */
export async function listBlogPosts(db: Kysely<Database>): Promise<BlogPostSummaryView[]> {
  const rows = await db
    .selectFrom("blog_posts")
    .select(["id", "slug", "title", "excerpt", "featured", "publishedAt"])
    .orderBy("publishedAt", "desc")
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({ ...row, featured: featuredFlag(row.featured) }));
}

/**
 * The post with this slug, or null. The body was sanitised when it was stored and is sanitised
 * again here, so HTML that reached the table another way (an old row, a manual edit) is still safe.
 */
export async function findBlogPost(db: Kysely<Database>, slug: string, sanitizer: HtmlSanitizer): Promise<BlogPostView | null> {
  const row = await db
    .selectFrom("blog_posts")
    .select(["title", "metaDescription", "keywords", "author", "publishedAt", "content", "featured"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? { ...row, content: sanitizer.sanitize(row.content), featured: featuredFlag(row.featured) } : null;
}
