import { expect } from "vitest";
import { DEMO_FAQS } from "#adapters/seed/content.ts";
import { testMigration } from "./helpers/migration-database.ts";

// The demo FAQ's words as stores seeded before issue 47 keep them.
const OLD = {
  paying: "We accept PayPal and cards through our secure payment provider. Bank transfer and ATM/cash payments are available on request through live support.",
  refunds:
    "Approved refunds are processed in 3-5 business days. Card refunds take 5-10 business days to appear, PayPal refunds 1-3 business days, and store credit is instant.",
  review: "Leave a review, upload a screenshot of it from the Points tab of your dashboard, and you earn 300 points once our team approves it.",
};
const now = (question: string) => DEMO_FAQS.find((f) => f.question === question)!.answer;

const edited = "We take PayPal, and bank transfer for orders over $500: ask support.";

testMigration(
  "0049-demo-faq-claims",
  "removes the demo's answer naming bank transfer and ATM/cash, drops the methods from the refunds answer, says a review of any rating earns its points; an owner's own words stay",
  {
    from: "0048-unreduced-original-prices",
    rows: {
      faqs: [
        { id: "paying", question: "Which payment methods do you accept?", answer: OLD.paying, displayOrder: 2 },
        { id: "refunds", question: "How long do refunds take?", answer: OLD.refunds, displayOrder: 6 },
        { id: "review", question: "How do I earn points with a review?", answer: OLD.review, displayOrder: 9 },
        { id: "owner", question: "Do you take bank transfers?", answer: edited, displayOrder: 20 },
      ],
    },
  },
  async (db) => {
    const rows = Object.fromEntries((await db.selectFrom("faqs").select(["id", "answer"]).execute()).map((r) => [r.id, r.answer]));
    expect(rows).toEqual({
      refunds: now("How long do refunds take?"),
      review: now("How do I earn points with a review?"),
      owner: edited,
    });
    expect(rows["refunds"]).not.toMatch(/paypal|card/i);
    expect(rows["review"]).toMatch(/good or bad/);
  },
);
