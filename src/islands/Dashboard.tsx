import * as Tabs from "@radix-ui/react-tabs";
import { LIVE_SAFETY_POLL_MS, useLivePolling } from "../lib/use-live-polling.ts";
import { allowLiveChannel } from "../stores/live-events.ts";
import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { api } from "../lib/api-client.ts";
import { clockOffset, deviceNow, offTheClock, useServerNow } from "../lib/delivery-clock.ts";
import OrderTimeline from "./dashboard/OrderTimeline.tsx";
import OrderRatings from "./dashboard/OrderRatings.tsx";
import ConfirmReceipt, { receiptLine } from "./dashboard/ConfirmReceipt.tsx";
import RobuxDue from "./dashboard/RobuxDue.tsx";
import { addProductToCart } from "../stores/cart.ts";
import { $wishlist, loadWishlist, removeFromWishlist } from "../stores/wishlist.ts";
import PointsPanel from "./dashboard/PointsPanel.tsx";
import { TabsContent, TabsList } from "./ui/tabs.tsx";
import ReferralsPanel from "./dashboard/ReferralsPanel.tsx";
import DeliveryStatus from "./dashboard/DeliveryStatus.tsx";
import DeliverySteps from "./dashboard/DeliverySteps.tsx";
import BuyerReady, { readinessAsked } from "./dashboard/BuyerReady.tsx";
import CancelOrder, { CancelRequestState } from "./dashboard/CancelOrder.tsx";
import { PAYMENT_LABELS, stageStyle } from "./dashboard/order-badges.ts";
import { orderStage } from "../lib/order-stage.ts";
import OrderChat from "./dashboard/OrderChat.tsx";
import { LoadMore, type LoadMoreState } from "./ui/load-more.tsx";
import { shortId } from "#domain/shared/short-id.ts";

interface Props {
  /** The first page of the shopper's orders, newest first. */
  orders: OrderView[];
  /** The `before` of the next page of orders (GET /api/orders), null when the first page is all. */
  nextCursor?: string | null;
  /** The server's time when the orders were read: countdowns follow the server's clock, not the device's. */
  serverNow?: string;
  /** DELIVERY_CONFIRM_HOURS: how long a delivered order asks "Did you get it?". */
  confirmHours?: number;
}

/** While an order is on the clock, the list is refreshed this often (a delivery shows without reload). */
const ORDERS_REFRESH_MS = 15_000;

/** A delivered order asks its shopper until someone answered or the window closed (the server decides again). */
// A gamepass order is asked once its Robux should have appeared (robuxDueAt), not at delivery.
const receiptAsked = (order: OrderView, now: number, hours: number) => {
  const opens = order.deliveredAt === null ? null : new Date(order.robuxDueAt ?? order.deliveredAt).getTime();
  return order.status === "completed" && order.receipt === null && opens !== null && now >= opens && now < opens + hours * 3_600_000;
};

// Waiting for the buyer has no deadline but is still refreshed: staff may deliver once they're ready.
const awaitingDelivery = (order: OrderView) => (Boolean(order.deliveryDueAt) || order.readiness !== null) && !order.deliveredAt && !offTheClock(order);

const DASHBOARD_TABS = ["orders", "wishlist", "points", "referrals"] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The tab named by ?tab= in a query string; Orders when there is none or it is unknown. */
export function tabFromUrl(search: string): DashboardTab {
  const value = new URLSearchParams(search).get("tab");
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? "") ? (value as DashboardTab) : "orders";
}

// Four equal columns on a phone, so Referrals never wraps to a second row; their own widths from sm up.
const tabClass =
  "rounded-lg px-1 py-2 text-center text-sm font-semibold sm:px-4 text-slate-300 hover:text-white data-[state=active]:bg-brand-600 data-[state=active]:text-white";

/** The shopper's dashboard: Orders, Wishlist, Points and Referrals (storefront.md section 2). */
/**
 * The first page as the server answers it now, followed by the orders shown beyond it: a refresh
 * updates what the first page holds without dropping what "Show more" added.
 */
export function mergeFirstPage(shown: OrderView[], firstPage: OrderView[], firstPageIsAll: boolean): OrderView[] {
  if (firstPageIsAll) return firstPage;
  const last = firstPage.at(-1);
  if (!last) return shown;
  const fresh = new Set(firstPage.map((o) => o.id));
  const older = (o: OrderView) => o.createdAt < last.createdAt || (o.createdAt === last.createdAt && o.id < last.id);
  return [...firstPage, ...shown.filter((o) => !fresh.has(o.id) && older(o))];
}

export default function Dashboard({ orders: initialOrders, nextCursor: initialCursor = null, serverNow, confirmHours = 72 }: Props) {
  const hydrated = useHydrated();
  const [orders, setOrders] = useState(initialOrders);
  /** An order as a call answered it, in place of the one shown. */
  const replaceOrder = (changed: OrderView) => setOrders((shown) => shown.map((o) => (o.id === changed.id ? changed : o)));
  const [nextCursor, setNextCursor] = useState(initialCursor);
  const [more, setMore] = useState<LoadMoreState>("idle");
  // The first order a "Show more" added gets the focus, so a keyboard user goes on reading there.
  const focusOrder = useRef<string | null>(null);
  useEffect(() => {
    if (focusOrder.current === null) return;
    document.getElementById(`order-${focusOrder.current}`)?.focus();
    focusOrder.current = null;
  }, [orders]);
  async function showMore() {
    if (nextCursor === null) return;
    setMore("loading");
    try {
      const page = await api.getCursorPage<OrderView>("/api/orders", { before: nextCursor });
      focusOrder.current = page.rows[0]?.id ?? null;
      setOrders((shown) => [...shown, ...page.rows.filter((o) => !shown.some((s) => s.id === o.id))]);
      setNextCursor(page.nextCursor);
      setMore("idle");
    } catch (error) {
      console.error("loading more orders failed", error);
      setMore("failed");
    }
  }
  const [offset] = useState(() => clockOffset(serverNow, deviceNow()));
  const onTheClock = orders.some(awaitingDelivery);
  const now = useServerNow(offset, onTheClock);
  // The first page is re-read on each live event of an order (issue 38: the shopper hears only
  // their own), and every ORDERS_REFRESH_MS while one is on the clock and the channel is not open.
  const refreshOrders = useCallback(async () => {
    const page = await api.getCursorPage<OrderView>("/api/orders");
    setOrders((shown) => mergeFirstPage(shown, page.rows, page.nextCursor === null));
  }, []);
  useEffect(() => allowLiveChannel(), []);
  useLivePolling(refreshOrders, onTheClock ? ORDERS_REFRESH_MS : LIVE_SAFETY_POLL_MS, true, (signal) => signal.kind === "order");
  // Read once per page by the one wishlist store, as the hearts on other pages read it.
  const wishlist = useStore($wishlist);
  useEffect(() => void loadWishlist(), []);
  const [tab, setTab] = useState<DashboardTab>("orders");
  // The open tab lives in the URL (?tab=points), so reload and shared links come back to it.
  useEffect(() => setTab(tabFromUrl(window.location.search)), []);
  function selectTab(value: string) {
    const next = tabFromUrl(`?tab=${value}`);
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "orders") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(null, "", url);
  }

  // The other tabs stay disabled until the island hydrated: a click before would be lost.
  return (
    <Tabs.Root value={tab} onValueChange={selectTab}>
      <TabsList aria-label="Dashboard" className="card grid grid-cols-4 gap-1 p-1 sm:flex sm:flex-wrap">
        <Tabs.Trigger value="orders" className={tabClass}>
          Orders
        </Tabs.Trigger>
        <Tabs.Trigger value="wishlist" className={tabClass} disabled={!hydrated}>
          Wishlist
        </Tabs.Trigger>
        <Tabs.Trigger value="points" className={tabClass} disabled={!hydrated}>
          Points
        </Tabs.Trigger>
        <Tabs.Trigger value="referrals" className={tabClass} disabled={!hydrated}>
          Referrals
        </Tabs.Trigger>
      </TabsList>

      <TabsContent value="orders" className="mt-6">
        {orders.length === 0 ? (
          <p className="text-slate-300">
            No orders yet.{" "}
            <a href="/shop" className="text-brand-300 hover:underline">
              Browse the shop
            </a>
          </p>
        ) : (
          <ul className="space-y-4" aria-label="Your orders">
            {orders.map((order) => {
              const stage = orderStage(order);
              return (
                <li key={order.id} id={`order-${order.id}`} tabIndex={-1} className="card p-5">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div>
                      <p className="font-semibold">Order #{shortId(order.id)}</p>
                      <p className="text-sm text-slate-300">{new Date(order.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${stageStyle(stage.kind)}`} data-stage={stage.kind}>
                        {stage.badge}
                      </span>
                      {order.paymentStatus !== "paid" && order.paymentStatus !== "awaiting" && (
                        <span
                          className="inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-slate-500 text-slate-200"
                          data-testid="payment-status"
                        >
                          {PAYMENT_LABELS[order.paymentStatus] ?? order.paymentStatus}
                        </span>
                      )}
                      <span className="font-bold">${order.total}</span>
                    </div>
                  </div>
                  <ul className="mt-3 space-y-1 text-sm text-slate-300">
                    {order.items.map((item) => (
                      <li key={item.productId}>
                        {item.productName} × {item.quantity} <span className="text-slate-400">(${item.price} each)</span>
                      </li>
                    ))}
                  </ul>
                  <DeliveryStatus order={order} now={now} />
                  <DeliverySteps order={order} />
                  {readinessAsked(order) && <BuyerReady order={order} onChanged={replaceOrder} />}
                  <CancelRequestState order={order} />
                  <CancelOrder order={order} onChanged={replaceOrder} />
                  <p className="mt-2 text-xs text-slate-400">
                    {stage.recipient ?? `For Roblox user ${order.robloxUsername}`}
                    {order.discountCode ? ` · code ${order.discountCode} (-$${order.discount})` : ""}
                    {order.creditApplied !== "0.00" ? ` · store credit -$${order.creditApplied}` : ""}
                  </p>
                  {order.paymentStatus === "awaiting" && (
                    <p className="mt-2 text-sm text-amber-200">Your payment is being reviewed by the payment provider. We deliver as soon as it clears.</p>
                  )}
                  {order.refunds.filter((refund) => refund.status !== "failed").length > 0 && (
                    <ul className="mt-2 space-y-1 text-sm text-emerald-300" aria-label={`Refunds of order #${shortId(order.id)}`}>
                      {order.refunds
                        .filter((refund) => refund.status !== "failed")
                        .map((refund) => (
                          <li key={refund.id}>
                            Refunded ${refund.amount} {refund.destination === "payment" ? "to your original payment" : "to your store credit"}
                            {refund.status === "pending" ? " (on its way)" : ""} on{" "}
                            {new Date(refund.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
                          </li>
                        ))}
                    </ul>
                  )}
                  <RobuxDue order={order} />
                  {receiptAsked(order, now, confirmHours) && (
                    <ConfirmReceipt
                      order={order}
                      onAnswered={(receipt) => setOrders((shown) => shown.map((o) => (o.id === order.id ? { ...o, receipt } : o)))}
                    />
                  )}
                  {order.status === "completed" && receiptLine(order.receipt) && (
                    <p className="mt-2 text-sm text-slate-300" role="status">
                      {receiptLine(order.receipt)}
                    </p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    <OrderTimeline orderId={order.id} />
                    <OrderChat orderId={order.id} />
                    <OrderRatings order={order} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {nextCursor !== null && (
          <LoadMore
            className="mt-4"
            state={more}
            ready={hydrated}
            onMore={() => void showMore()}
            label="Show more orders"
            loadingLabel="Loading orders..."
            failedText="Your older orders could not be loaded. Please try again."
          />
        )}
      </TabsContent>

      <TabsContent value="wishlist" className="mt-6">
        {wishlist === null ? (
          <p className="text-slate-300" role="status" aria-busy="true">
            Loading your wishlist...
          </p>
        ) : wishlist.length === 0 ? (
          <p className="text-slate-300">Your wishlist is empty. Tap the heart on any item to keep it here.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your wishlist">
            {wishlist.map((item) => (
              <li key={item.id} className="card flex gap-4 p-4">
                <img src={item.product.image} alt="" width="80" height="80" className="h-20 w-20 rounded-lg object-cover" />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <a href={`/product/${item.productId}`} className="font-semibold hover:underline">
                    {item.product.name}
                  </a>
                  <p className="text-sm text-slate-300">${item.product.price}</p>
                  <div className="mt-auto flex gap-3">
                    <button
                      type="button"
                      className="btn-primary px-3 py-1"
                      disabled={!hydrated || item.product.stock <= 0}
                      onClick={() => addProductToCart(item.product, 1)}
                    >
                      {item.product.stock > 0 ? "Add to Cart" : "Out of Stock"}
                      <span className="sr-only"> {item.product.name}</span>
                    </button>
                    <button type="button" className="text-sm text-red-300 hover:underline" disabled={!hydrated} onClick={() => removeFromWishlist(item)}>
                      Remove<span className="sr-only"> {item.product.name}</span>
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </TabsContent>

      <TabsContent value="points" className="mt-6">
        <PointsPanel />
      </TabsContent>
      <TabsContent value="referrals" className="mt-6">
        <ReferralsPanel />
      </TabsContent>
    </Tabs.Root>
  );
}
