// The grown shop's rows (issue 33), as the store's own code paths would have written them over a
// year: sign-ups (user, credential account, terms consent, UserRegistered), orders placed and paid
// (order, items, "paid" payment history, "placed"/"paid" timeline, OrderPlaced), delivered by an
// administrator (deliveredAt, "delivered" timeline, OrderStatusChanged + OrderDelivered, purchase
// points), some delivered late (at-risk warning, marked late and compensated by the late-order job
// with its timeline lines, events, points and audit entry), some cancelled before delivery, the
// newest few waiting in the delivery queue; and the tracker's page views and cart adds.
// Pure (no I/O, no clock, no crypto): the same inputs give the same rows, so a test can check the
// invariants at a tiny size and a cached build is the one a fresh build would make.
import type { ScaleSizes } from "./sizes.ts";

export type Row = Record<string, unknown>;

/**
 * Bump when the rows this module or build.ts writes change: bench:scale keeps built databases
 * keyed by it (with the migrations, the demo catalogue and the scale).
 */
export const DATA_VERSION = 2;

/** Rows for one table; every row of a batch has the same keys. */
export interface Batch {
  table: string;
  rows: Row[];
}

export interface ShopGame {
  id: string;
  slug: string;
  name: string;
  categories: readonly string[];
  /** Images of the game's demo products, reused by the generated ones. */
  images: readonly string[];
  /** Products the game has already (the demo catalogue's). */
  productCount: number;
  nextDisplayOrder: number;
}

export interface ShopProduct {
  id: string;
  gameId: string;
  name: string;
  priceCents: number;
}

/** What the real store made before the bulk rows (bench/scale/build.ts reads it from the database). */
export interface ShopBase {
  /** The build's time: the year of activity ends here. */
  now: Date;
  adminId: string;
  loyal: { id: string; email: string; robloxUsername: string };
  games: readonly ShopGame[];
  demoProducts: readonly ShopProduct[];
  /** Rows the store wrote for the loyal shopper's registration, cloned for every other account. */
  templates: { user: Row; account: Row; consent: Row | null };
  /** SLA_COMPENSATION_POINTS and DELIVERY_SLA_MINUTES as the store runs with them (defaults 500 and 20). */
  compensationPoints: number;
  slaMinutes: number;
  seed: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const RECEIPT_WINDOW_MS = 72 * 60 * MINUTE_MS;

/** mulberry32: a small, fast, seedable generator (quality is plenty for test data). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HEX = "0123456789abcdef";
/** A version-4-shaped UUID drawn from `rand` (the store's ids are randomUUID()s). */
export function uuidFrom(rand: () => number): string {
  let out = "";
  for (let i = 0; i < 32; i++) {
    let digit = Math.floor(rand() * 16);
    if (i === 12) digit = 4;
    if (i === 16) digit = 8 + (digit & 3);
    out += HEX[digit];
    if (i === 7 || i === 11 || i === 15 || i === 19) out += "-";
  }
  return out;
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
function paypalId(rand: () => number, n: number): string {
  // Unique by the order's number, random-looking like PayPal's 17-character ids.
  const tail = n.toString(36).toUpperCase().padStart(7, "0");
  let head = "";
  for (let i = 0; i < 10; i++) head += ALNUM[Math.floor(rand() * ALNUM.length)];
  return head + tail;
}

const ADJECTIVES = ["Permanent", "Shiny", "Golden", "Mythic", "Legendary", "Rare", "Ancient", "Frozen", "Shadow", "Crystal", "Royal", "Cosmic"];
const NOUNS = ["Fruit", "Sword", "Gamepass", "Pet", "Aura", "Bundle", "Chest", "Boost", "Skin", "Cape", "Potion", "Key", "Egg", "Wings", "Dragon Scale"];
const ROBLOX_WORDS = ["Blox", "Ninja", "Pixel", "Turbo", "Nova", "Frost", "Ember", "Sky", "Rogue", "Echo", "Zen", "Volt", "Drift", "Lunar"];
const PAGES = ["/", "/shop", "/faq", "/cart", "/blog", "/how-it-works"];

/** The generated accounts' addresses and Roblox names, by account number (1 .. users-1). */
export const shopperEmail = (n: number): string => `shopper${n}@bench.example`;
export function shopperRobloxName(n: number): string {
  return `${ROBLOX_WORDS[n % ROBLOX_WORDS.length]}${ROBLOX_WORDS[Math.floor(n / ROBLOX_WORDS.length) % ROBLOX_WORDS.length]}${n}`;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Products to add per game: Blox Fruits up to its size, the rest shared by the other games. */
export function productsToAdd(sizes: ScaleSizes, games: readonly ShopGame[]): Map<string, number> {
  const blox = games.find((g) => g.slug === "blox-fruits");
  if (!blox) throw new Error("the store has no blox-fruits game (is DEMO_DATA on?)");
  const others = games.filter((g) => g !== blox);
  const existing = games.reduce((sum, g) => sum + g.productCount, 0);
  const add = new Map<string, number>([[blox.id, Math.max(0, sizes.bloxFruitsProducts - blox.productCount)]]);
  let rest = Math.max(0, sizes.products - existing - add.get(blox.id)!);
  others.forEach((game, i) => {
    const share = Math.floor(rest / (others.length - i));
    add.set(game.id, share);
    rest -= share;
  });
  return add;
}

/**
 * Every row of the grown shop, in batches: the products first, then day by day (sign-ups before
 * the orders that use them, each day's events in time order). `afterBatch` rows are plain objects
 * whose keys are the table's column names.
 */
export function* generateShop(sizes: ScaleSizes, base: ShopBase): Generator<Batch> {
  const rand = prng(base.seed);
  const end = base.now.getTime();
  const start = end - sizes.days * DAY_MS;
  const truthy = typeof base.templates.user["emailVerified"] === "boolean" ? true : 1;

  // Products.
  const products: ShopProduct[] = [...base.demoProducts];
  const adding = productsToAdd(sizes, base.games);
  const productRows: Row[] = [];
  for (const game of base.games) {
    const count = adding.get(game.id) ?? 0;
    for (let k = 0; k < count; k++) {
      const n = products.length;
      // About one name in 15 has "Dragon" in it: the search of the table finds a page of them.
      const name = `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)} ${game.name.split(" ")[0]} #${n}`;
      const priceCents = 99 + Math.floor(rand() * 99) * 100;
      const product: ShopProduct = { id: uuidFrom(rand), gameId: game.id, name, priceCents };
      products.push(product);
      productRows.push({
        id: product.id,
        gameId: game.id,
        name,
        category: game.categories.length ? pick(rand, game.categories) : "Items",
        description: `${name}: delivered as a gift to your Roblox account within minutes of payment.`,
        image: game.images.length ? pick(rand, game.images) : "",
        priceCents,
        originalPriceCents: rand() < 0.2 ? priceCents + 500 : null,
        stock: 50 + Math.floor(rand() * 950),
        displayOrder: game.nextDisplayOrder + k,
        featured: rand() < 0.01 ? 1 : 0,
        createdAt: iso(start - DAY_MS + n),
      });
    }
  }
  for (let i = 0; i < productRows.length; i += 5000) yield { table: "products", rows: productRows.slice(i, i + 5000) };

  // Accounts: number 0 is the loyal shopper (registered for real, a day before the year starts).
  const userIds: string[] = [base.loyal.id];
  const userInterval = (end - start) / sizes.users;
  const registeredAt = (n: number) => start + (n - 1) * userInterval;
  const visitors = Math.max(10, Math.round(sizes.trackedEvents / 10));
  const visitorIds = Array.from({ length: visitors }, () => uuidFrom(rand));

  // Orders: the last `queuedOrders` are paid in the build's last 15 minutes, the others spread over the year before.
  const spread = sizes.orders - sizes.queuedOrders;
  const orderInterval = (end - 15 * MINUTE_MS - start) / Math.max(1, spread);
  const loyalStep = Math.max(1, Math.floor(spread / sizes.loyalOrders));
  const orderTime = (i: number, jitter: number) =>
    i < spread ? start + (i + jitter) * orderInterval : end - 15 * MINUTE_MS + ((i - spread + jitter) * 14 * MINUTE_MS) / sizes.queuedOrders;
  const trackedInterval = (end - start) / sizes.trackedEvents;
  const slaMs = base.slaMinutes * MINUTE_MS;

  let nextUser = 1;
  let nextOrder = 0;
  let nextTracked = 0;
  let loyalPlaced = 0;
  for (let dayEnd = start + DAY_MS; nextUser < sizes.users || nextOrder < sizes.orders || nextTracked < sizes.trackedEvents; dayEnd += DAY_MS) {
    const last = dayEnd >= end;
    const limit = last ? Infinity : dayEnd;
    const t = {
      user: [] as Row[],
      account: [] as Row[],
      consent_records: [] as Row[],
      events: [] as Row[],
      orders: [] as Row[],
      order_items: [] as Row[],
      payment_history: [] as Row[],
      order_timeline: [] as Row[],
      points_ledger: [] as Row[],
      audit_entries: [] as Row[],
    };
    const event = (type: string, at: number, userId: string | null, visitorId: string | null, payload: unknown) =>
      t.events.push({ type, version: 1, occurredAt: iso(at), visitorId, userId, payload: JSON.stringify(payload) });

    for (; nextUser < sizes.users && registeredAt(nextUser) < limit; nextUser++) {
      const n = nextUser;
      const id = uuidFrom(rand);
      userIds.push(id);
      const at = iso(registeredAt(n));
      const email = shopperEmail(n);
      t.user.push({
        ...base.templates.user,
        id,
        name: `shopper${n}`,
        email,
        emailVerified: truthy,
        createdAt: at,
        updatedAt: at,
        firstName: null,
        robloxUsername: shopperRobloxName(n),
        points: 0,
      });
      t.account.push({ ...base.templates.account, id: uuidFrom(rand), accountId: id, userId: id, createdAt: at, updatedAt: at });
      if (base.templates.consent) t.consent_records.push({ ...base.templates.consent, id: uuidFrom(rand), userId: id, recordedAt: at });
      event("UserRegistered", registeredAt(n), id, pick(rand, visitorIds), { email });
    }

    for (; nextTracked < sizes.trackedEvents && start + nextTracked * trackedInterval < limit; nextTracked++) {
      const at = start + (nextTracked + rand()) * trackedInterval;
      const visitorId = pick(rand, visitorIds);
      if (rand() < 0.15) {
        const product = pick(rand, products);
        event("CartItemAdded", at, null, visitorId, { productId: product.id, productName: product.name, quantity: 1, price: product.priceCents });
      } else {
        const product = rand() < 0.4 ? pick(rand, products) : null;
        const page = product ? `/product/${product.id}` : rand() < 0.3 ? `/shop/${pick(rand, base.games).slug}` : pick(rand, PAGES);
        event("PageViewed", at, null, visitorId, {
          page,
          pageTitle: product ? product.name : "Robux Item Store",
          referrer: rand() < 0.3 ? "https://www.google.com/" : null,
        });
      }
    }

    for (; nextOrder < sizes.orders; nextOrder++) {
      const i = nextOrder;
      const placedAt = orderTime(i, rand() * 0.9);
      if (placedAt >= limit) break;
      const loyal = i < spread && i % loyalStep === 0 && loyalPlaced < sizes.loyalOrders;
      if (loyal) loyalPlaced++;
      const n = loyal ? 0 : 1 + Math.floor(rand() * Math.min(sizes.users - 1, 1 + Math.floor((placedAt - start) / userInterval)));
      const userId = userIds[Math.min(n, userIds.length - 1)]!;
      const email = n === 0 ? base.loyal.email : shopperEmail(n);
      const robloxUsername = n === 0 ? base.loyal.robloxUsername : shopperRobloxName(n);
      writeOrder(i, placedAt, userId, email, robloxUsername);
    }
    yield* Object.entries(t)
      .filter(([, rows]) => rows.length > 0)
      .map(([table, rows]) => ({
        table,
        rows: table === "events" ? rows.sort((a, b) => String(a["occurredAt"]).localeCompare(String(b["occurredAt"]))) : rows,
      }));
    if (last) break;

    function writeOrder(i: number, placed: number, userId: string, email: string, robloxUsername: string): void {
      const id = uuidFrom(rand);
      const lines = 1 + (rand() < 0.3 ? 1 : 0) + (rand() < 0.1 ? 1 : 0);
      let subtotal = 0;
      let units = 0;
      const chosen = new Set<string>();
      const games = new Set<string>();
      for (let l = 0; l < lines; l++) {
        const product = pick(rand, products);
        if (chosen.has(product.id)) continue;
        chosen.add(product.id);
        games.add(product.gameId);
        const quantity = rand() < 0.8 ? 1 : 2;
        subtotal += product.priceCents * quantity;
        units += quantity;
        t.order_items.push({
          id: uuidFrom(rand),
          orderId: id,
          productId: product.id,
          productName: product.name,
          gameId: product.gameId,
          unitPriceCents: product.priceCents,
          quantity,
        });
      }
      const visitorId = pick(rand, visitorIds);
      const paid = placed; // captured at once: orderPaid in placeOrder's transaction
      const due = paid + slaMs;
      const queued = i >= spread;
      const cancelled = !queued && rand() < 0.03;
      // Minutes to delivery: mostly well inside the deadline, about one order in 16 late.
      const minutes = 1 + Math.floor(rand() < 0.94 ? rand() * (base.slaMinutes - 3) : base.slaMinutes + 1 + rand() * 40);
      const delivered = queued || cancelled ? null : paid + minutes * MINUTE_MS - Math.floor(rand() * 30_000);
      const atRisk = delivered !== null && delivered > due - 5 * MINUTE_MS + 10_000 ? due - 5 * MINUTE_MS + 10_000 : null;
      const late = delivered !== null && delivered > due;
      const compensated = late ? due + 10_000 : null;
      const cancelledAt = cancelled ? paid + (2 + Math.floor(rand() * 10)) * MINUTE_MS : null;
      const changed = delivered ?? cancelledAt ?? paid;
      // A running shop's job has closed each delivered order's receipt window (DELIVERY_CONFIRM_HOURS,
      // 72) in silence; the orders delivered within the last 72 hours still wait in orders_receipt_due.
      const receiptClosed = delivered !== null && delivered + RECEIPT_WINDOW_MS <= end ? delivered + RECEIPT_WINDOW_MS : null;
      t.orders.push({
        id,
        userId,
        status: queued ? "pending" : cancelled ? "cancelled" : "completed",
        robloxUsername,
        email,
        subtotalCents: subtotal,
        discountCodeId: null,
        discountCode: null,
        discountCents: 0,
        totalCents: subtotal,
        creditAppliedCents: 0,
        paymentProvider: "paypal",
        paymentId: paypalId(rand, i),
        captureId: paypalId(rand, i + 1_000_000_000),
        checkoutId: uuidFrom(rand),
        stockReturned: cancelled ? 1 : 0,
        createdAt: iso(placed),
        updatedAt: iso(changed),
        paymentStatus: "paid",
        refundedCents: 0,
        refundedToPaymentCents: 0,
        disputeStatus: null,
        paidAt: iso(paid),
        deliveryDueAt: iso(due),
        deliveryStartedAt: delivered === null ? null : iso(delivered),
        deliveryStartedBy: delivered === null ? null : base.adminId,
        deliveredAt: delivered === null ? null : iso(delivered),
        lateAt: late ? iso(due) : null,
        compensatedAt: compensated === null ? null : iso(compensated),
        compensationPoints: compensated === null ? null : base.compensationPoints,
        atRiskAt: atRisk === null ? null : iso(atRisk),
        receipt: receiptClosed === null ? null : "silence",
        receiptAt: receiptClosed === null ? null : iso(receiptClosed),
      });
      event("OrderPlaced", placed, userId, visitorId, { orderId: id, total: subtotal, itemCount: units });
      t.payment_history.push({ orderId: id, kind: "paid", amountCents: subtotal, note: "Payment captured", at: iso(paid) });
      t.order_timeline.push({ orderId: id, at: iso(placed), kind: "placed", text: "Order placed", actorId: userId });
      t.order_timeline.push({ orderId: id, at: iso(paid), kind: "paid", text: "Payment received", actorId: userId });
      if (receiptClosed !== null)
        t.order_timeline.push({
          orderId: id,
          at: iso(receiptClosed),
          kind: "completed",
          text: "Order complete: no problem reported after delivery",
          actorId: null,
        });
      if (atRisk !== null) event("OrderDeliveryAtRisk", atRisk, userId, null, { orderId: id, dueAt: iso(due) });
      if (late && compensated !== null) {
        t.order_timeline.push({ orderId: id, at: iso(due), kind: "late", text: "Late: the delivery deadline passed", actorId: null });
        event("OrderLate", compensated, userId, null, { orderId: id, dueAt: iso(due) });
        t.points_ledger.push({
          id: uuidFrom(rand),
          userId,
          amount: base.compensationPoints,
          reason: "late_delivery",
          reference: id,
          actorId: null,
          createdAt: iso(compensated),
        });
        t.order_timeline.push({
          orderId: id,
          at: iso(compensated),
          kind: "compensated",
          text: `Compensated with ${base.compensationPoints} points for the late delivery`,
          actorId: null,
        });
        event("OrderCompensated", compensated, userId, null, { orderId: id, points: base.compensationPoints });
        t.audit_entries.push({
          adminId: "system",
          adminEmail: "system",
          at: iso(compensated),
          kind: "order.late",
          entityId: id,
          before: JSON.stringify({ compensatedAt: null }),
          after: JSON.stringify({ compensatedAt: iso(compensated), points: base.compensationPoints, credited: base.compensationPoints }),
        });
      }
      if (delivered !== null) {
        t.order_timeline.push({ orderId: id, at: iso(delivered), kind: "delivered", text: "Delivered", actorId: base.adminId });
        t.points_ledger.push({
          id: uuidFrom(rand),
          userId,
          amount: subtotal,
          reason: "purchase",
          reference: `${id}#1`,
          actorId: null,
          createdAt: iso(delivered),
        });
        event("OrderStatusChanged", delivered, base.adminId, null, { orderId: id, from: "pending", to: "completed", total: subtotal });
        event("OrderDelivered", delivered, base.adminId, null, {
          orderId: id,
          paidAt: iso(paid),
          dueAt: iso(due),
          minutes: Math.max(0, Math.ceil((delivered - paid) / MINUTE_MS)),
          late,
          productIds: [...chosen],
          gameIds: [...games],
        });
      }
      if (cancelledAt !== null) {
        t.order_timeline.push({ orderId: id, at: iso(cancelledAt), kind: "cancelled", text: "Order cancelled", actorId: base.adminId });
        event("OrderStatusChanged", cancelledAt, base.adminId, null, { orderId: id, from: "pending", to: "cancelled", total: subtotal });
      }
    }
  }
}
