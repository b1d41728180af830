import { describe, expect, it } from "vitest";
import { createRatingsModule } from "#domain/ratings/ratings.module.ts";
import { cleanRatingText, type RatableOrder } from "#domain/ratings/rating.ts";
import { inMemoryRatings } from "../../fakes/in-memory-ratings.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { fixedClock } from "../../fakes/in-memory-rewards.ts";

const delivered: RatableOrder = {
  id: "o-1",
  userId: "u-1",
  status: "completed",
  deliveredAt: new Date("2026-11-20T10:00:00Z"),
  receipt: null,
  productIds: ["p-1", "p-2"],
};
const pending: RatableOrder = { id: "o-2", userId: "u-1", status: "processing", deliveredAt: null, receipt: null, productIds: ["p-1"] };
const cancelled: RatableOrder = { ...delivered, id: "o-3", status: "cancelled" };
// "I didn't get it" (issue 47): an open case is not rated until staff re-deliver (which clears the answer).
const notReceived: RatableOrder = { ...delivered, id: "o-4", receipt: "not_received" };

function setup() {
  const fake = inMemoryRatings([delivered, pending, cancelled, notReceived]);
  const ratings = createRatingsModule({ unitOfWork: fake.unitOfWork, ids: sequentialIds("r"), clock: fixedClock() });
  return { ...fake, ratings };
}
const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "passed",
    (error: { kind?: string; code?: string }) => `${error.kind}:${error.code}`,
  );

describe("rating an order (issue 36)", () => {
  it("the owner rates each product of a delivered order once; the rating waits for staff", async () => {
    const { ratings, state } = setup();
    const rating = await ratings.rateOrder({ orderId: "o-1", userId: "u-1", productId: "p-1", stars: 4, comment: " Nice " });
    expect(rating).toMatchObject({ status: "pending", stars: 4, comment: "Nice", reply: null });
    expect(await kindOf(ratings.rateOrder({ orderId: "o-1", userId: "u-1", productId: "p-1", stars: 5, comment: null }))).toBe("conflict:already_rated");
    expect(await kindOf(ratings.rateOrder({ orderId: "o-1", userId: "u-1", productId: "p-2", stars: 5, comment: undefined }))).toBe("passed");
    expect(state.ratings).toHaveLength(2);
  });

  it("refuses another's order as not found, before delivery or after cancelling, a product not bought, and stars out of 1..5", async () => {
    const { ratings, state } = setup();
    const rate = (over: Partial<{ orderId: string; userId: string; productId: string; stars: number }>) =>
      kindOf(ratings.rateOrder({ orderId: "o-1", userId: "u-1", productId: "p-1", stars: 5, comment: null, ...over }));
    expect(await rate({ userId: "u-2" })).toBe("not_found:order_not_found");
    expect(await rate({ orderId: "nope" })).toBe("not_found:order_not_found");
    expect(await rate({ orderId: "o-2" })).toBe("conflict:order_not_delivered");
    expect(await rate({ orderId: "o-3" })).toBe("conflict:order_not_delivered");
    expect(await rate({ orderId: "o-4" })).toBe("conflict:rating_case_open");
    expect(await rate({ productId: "p-9" })).toBe("unprocessable:product_not_in_order");
    for (const stars of [0, 6, 2.5, Number.NaN]) expect(await rate({ stars })).toBe("invalid:bad_stars");
    expect(await kindOf(ratings.rateOrder({ orderId: "o-1", userId: "u-1", productId: "p-1", stars: 5, comment: "x".repeat(1001) }))).toBe(
      "invalid:rating_text_too_long",
    );
    expect(state.ratings).toEqual([]);
  });
});

describe("moderating a rating", () => {
  it("publishes with a reply, hides keeping the reply, and audits each change with the staff member", async () => {
    const { ratings, state } = setup();
    const rating = await ratings.rateOrder({ orderId: "o-1", userId: "u-1", productId: "p-1", stars: 5, comment: null });
    const staff = { id: "s-1", email: "staff@shop.test" };
    expect(await ratings.moderateRating({ ratingId: rating.id, status: "published", reply: "Thanks!" }, staff)).toMatchObject({
      status: "published",
      reply: "Thanks!",
      moderatedBy: "s-1",
    });
    expect(await ratings.moderateRating({ ratingId: rating.id, status: "hidden", reply: undefined }, staff)).toMatchObject({
      status: "hidden",
      reply: "Thanks!",
    });
    expect(await ratings.moderateRating({ ratingId: rating.id, status: "hidden", reply: "  " }, staff)).toMatchObject({ reply: null });
    expect(state.audit.map((e) => [e.kind, e.before, e.after])).toEqual([
      ["rating.moderate", { status: "pending", reply: null }, { status: "published", reply: "Thanks!" }],
      ["rating.moderate", { status: "published", reply: "Thanks!" }, { status: "hidden", reply: "Thanks!" }],
      ["rating.moderate", { status: "hidden", reply: "Thanks!" }, { status: "hidden", reply: null }],
    ]);
    expect(await kindOf(ratings.moderateRating({ ratingId: "nope", status: "published", reply: undefined }, staff))).toBe("not_found:rating_not_found");
  });
});

describe("cleanRatingText", () => {
  it("keeps plain text: no control or direction-override characters, at most one blank line, trimmed, null when empty", () => {
    expect(cleanRatingText(" a\u0000b\u202Ec\r\n\r\n\r\nd ")).toBe("abc\n\nd");
    expect(cleanRatingText("   \n ")).toBeNull();
    expect(cleanRatingText(undefined)).toBeNull();
    expect(cleanRatingText("<script>x</script>")).toBe("<script>x</script>");
  });
});
