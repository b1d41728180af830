import { useEffect, useRef, useState } from "react";
import type { OrderRatingView } from "#read-models/shopping/order-ratings.views.ts";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { DisclosureButton } from "../ui/disclosure-button.tsx";
import { shortId } from "#domain/shared/short-id.ts";
import { caseOpen } from "#src/lib/order-stage.ts";
import { starParts } from "#src/lib/star-parts.ts";

/** The largest comment the shop keeps (domain/ratings/rating.ts MAX_RATING_TEXT). */
const MAX_COMMENT = 1000;
const STATUS_TEXT: Record<string, string> = {
  pending: "Thanks! It shows on the product page once our team has read it.",
  published: "Published on the product page.",
  hidden: "Thanks for your rating.",
};

/** The order the delivery email's "Rate your order" link names (/dashboard?rate=<order id>). */
export function ratedOrderFromUrl(search: string): string | null {
  return new URLSearchParams(search).get("rate");
}

/**
 * "Rate this order" on a delivered order's card: one form per product bought, 1 to 5
 * stars and an optional comment; a product already rated shows its rating instead. The delivery
 * email links here (?rate=<order id>), which opens it: the link itself unlocks nothing, the
 * dashboard asks for the sign-in as always.
 */
export default function OrderRatings({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  const [given, setGiven] = useState<OrderRatingView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // No rating is asked while the shopper's "I didn't get it" case is open (the server refuses it too).
  const delivered = order.deliveredAt !== null && order.status !== "cancelled" && !caseOpen(order);
  const panelId = `order-ratings-${order.id}`;
  const products = order.items.filter((item, index) => order.items.findIndex((i) => i.productId === item.productId) === index);

  useEffect(() => {
    if (delivered && ratedOrderFromUrl(window.location.search) === order.id) {
      setOpen(true);
      requestAnimationFrame(() => sectionRef.current?.scrollIntoView({ block: "start" }));
    }
  }, [delivered, order.id]);

  useEffect(() => {
    if (!open || given !== null) return;
    let cancelled = false;
    api.get<OrderRatingView[]>(`/api/orders/${encodeURIComponent(order.id)}/ratings`).then(
      (loaded) => !cancelled && setGiven(loaded),
      (failure: unknown) => !cancelled && setError(errorMessage(failure, "Your ratings could not be loaded.")),
    );
    return () => {
      cancelled = true;
    };
  }, [open, given, order.id]);

  if (!delivered) return null;
  return (
    <div className="mt-3 w-full">
      <DisclosureButton open={open} controls={panelId} onToggle={() => setOpen((value) => !value)}>
        {open ? "Hide ratings" : `Rate order #${shortId(order.id)}`}
      </DisclosureButton>
      {open && (
        <section id={panelId} ref={sectionRef} className="mt-3 scroll-mt-24 space-y-3" aria-label={`Rate order #${shortId(order.id)}`}>
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
          {given === null && !error && <p className="text-sm text-slate-300">Loading...</p>}
          {given !== null &&
            products.map((item) => (
              <ProductRating
                key={item.productId}
                orderId={order.id}
                productId={item.productId}
                productName={item.productName}
                rating={given.find((r) => r.productId === item.productId) ?? null}
                onRated={(rating) => setGiven((list) => [...(list ?? []), rating])}
              />
            ))}
        </section>
      )}
    </div>
  );
}

function Stars({ count }: { count: number }) {
  // The same drawing rule as the product page's average (whole stars here: a rating is 1 to 5).
  const { full, empty } = starParts(count);
  return (
    <span className="text-amber-300" role="img" aria-label={`${count} out of 5 stars`}>
      {"★".repeat(full)}
      <span className="text-slate-500">{"★".repeat(empty)}</span>
    </span>
  );
}

function ProductRating(props: {
  orderId: string;
  productId: string;
  productName: string;
  rating: OrderRatingView | null;
  onRated: (r: OrderRatingView) => void;
}) {
  const { orderId, productId, productName, rating } = props;
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = `rate-${orderId}-${productId}`;

  if (rating) {
    return (
      <div className="rounded-lg border border-ink-700 p-3 text-sm" data-rated={productId}>
        <p className="font-semibold break-words">{productName}</p>
        <p className="mt-1">
          Your rating: <Stars count={rating.stars} />
        </p>
        {rating.comment && <p className="mt-1 break-words whitespace-pre-line text-slate-300">{rating.comment}</p>}
        <p className="mt-1 text-slate-400">{STATUS_TEXT[rating.status]}</p>
      </div>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (stars === 0) {
      setError("Choose from 1 to 5 stars.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await api.post<OrderRatingView>(`/api/orders/${encodeURIComponent(orderId)}/ratings`, {
        productId,
        stars,
        comment: comment.trim() || null,
      });
      props.onRated(saved);
    } catch (failure) {
      setError(errorMessage(failure, "Your rating could not be saved. Please try again."));
    }
    setBusy(false);
  }

  return (
    <form className="rounded-lg border border-ink-700 p-3" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset>
        <legend className="text-sm font-semibold break-words">Your stars for {productName}</legend>
        <div className="mt-2 flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input type="radio" name={`${base}-stars`} value={n} checked={stars === n} onChange={() => setStars(n)} className="peer sr-only" />
              <span
                className={`block rounded px-1 text-2xl peer-focus-visible:ring-2 peer-focus-visible:ring-brand-400 ${n <= stars ? "text-amber-300" : "text-slate-500"}`}
                aria-hidden="true"
              >
                ★
              </span>
              <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${base}-comment`} className="mt-2 block text-sm">
        Comment (optional)
      </label>
      <textarea
        id={`${base}-comment`}
        className="input mt-1 min-h-16 w-full"
        maxLength={MAX_COMMENT}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary mt-2 text-sm" aria-disabled={busy}>
        {busy ? "Sending..." : "Send rating"}
        <span className="sr-only"> for {productName}</span>
      </button>
    </form>
  );
}
