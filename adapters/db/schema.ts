import type { Generated } from "kysely";

/**
 * The database's tables as Kysely sees them. Column names are the spec's camelCase field names
 * (Kysely quotes identifiers, so they are portable to PostgreSQL). Money columns are integer cents
 * and end in `Cents`; timestamps are ISO-8601 UTC strings, which sort and compare correctly as text
 * on both SQLite and PostgreSQL.
 */
export interface GamesTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  displayOrder: number;
  createdAt: string;
  /** Migration 0055: a JSON list of { code, text, url? }, and trade, gift, private_server or gamepass. */
  requirements: Generated<string>;
  deliveryMethod: Generated<string>;
}

export interface CategoriesTable {
  id: string;
  gameId: string;
  name: string;
  displayOrder: number;
}

export interface ProductsTable {
  id: string;
  gameId: string;
  name: string;
  category: string;
  description: string;
  image: string;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
  displayOrder: number;
  featured: number;
  createdAt: string;
  /** Migration 0055: a JSON list of { code, text, url? }, and trade, gift, private_server or gamepass. */
  requirements: Generated<string>;
  deliveryMethod: Generated<string>;
  /** Migration 0058: the product's own delivery promise in minutes; null: the shop's DELIVERY_SLA_MINUTES. */
  deliveryMinutes: Generated<number | null>;
  /** Migration 0057: the private server a private_server product is delivered in (staff may give an order its own). */
  privateServerUrl: Generated<string | null>;
  /** Migration 0068: the Robux a gamepass product's buyer receives; null for other products. */
  robuxAmount: Generated<number | null>;
}

/** One row (id 1): bumped by triggers on every write to the catalogue's tables (migration 0012). */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** better-auth's user table with the store's extra fields (see adapters/auth/auth-schema.ts). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  firstName: string | null;
  isAdmin: number | null;
  /** owner, manager or support for staff; null for shoppers. */
  staffRole: string | null;
  /** better-auth's twoFactor plugin. */
  twoFactorEnabled: number | boolean | null;
  robloxUsername: string | null;
  /** Cents. */
  storeCredit: number | null;
  points: number | null;
  /** YYYY-MM-DD (migration 0060); null until the account gives it. Staff see only the age band. */
  birthDate: string | null;
}

/** A link a minor's prepared checkout sent a parent: the token's SHA-256, never the token. */
export interface ParentPayLinksTable {
  id: string;
  tokenHash: string;
  checkoutId: string;
  userId: string;
  parentEmail: string;
  createdAt: string;
  expiresAt: string;
  declinedAt: string | null;
}

/** Migration 0063: the Roblox accounts that hold stock (status active or lost). */
export interface HoldersTable {
  id: string;
  gameId: string;
  robloxUsername: string;
  robloxUserId: string;
  robloxDisplayName: string;
  avatarUrl: string | null;
  note: string | null;
  status: Generated<string>;
  lostAt: string | null;
  lostNote: string | null;
  createdAt: string;
}

/** Migration 0063: a holder's units of a product not yet reserved for a paid order. */
export interface HolderStockTable {
  holderId: string;
  productId: string;
  quantity: number;
}

/** Migration 0063: the units of a paid order reserved on a holder. */
export interface HolderReservationsTable {
  orderId: string;
  holderId: string;
  productId: string;
  quantity: number;
}

/** Migration 0063: the one-time phrase of an order's delivery while it runs. */
export interface DeliveryPhrasesTable {
  orderId: string;
  phrase: string;
  createdAt: string;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** better-auth's sign-in methods of a user: "credential" (a password) or a provider (google). */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The append-only event log; `payload` is JSON text. */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  version: number;
  occurredAt: string;
  visitorId: string | null;
  userId: string | null;
  payload: string;
}

/** A support conversation; `visitorId` is the spec's sessionId. */
export interface SupportConversationsTable {
  id: string;
  visitorId: string;
  userId: string | null;
  orderId: string | null;
  email: string | null;
  status: "open" | "closed";
  lastMessageSeq: number;
  createdAt: string;
  updatedAt: string;
}

/** Messages are append-only; `seq` is the position within the conversation (1, 2, 3, ...). */
export interface SupportMessagesTable {
  id: string;
  conversationId: string;
  seq: number;
  sender: "user" | "admin";
  message: string;
  createdAt: string;
}

/** The position of the last message of each order's chat. */
export interface OrderChatsTable {
  orderId: string;
  lastMessageSeq: number;
  updatedAt: string;
}

export interface OrderMessagesTable {
  id: string;
  orderId: string;
  seq: number;
  sender: "user" | "admin";
  message: string;
  createdAt: string;
}

/** Fixed-window rate-limit counters. */
export interface RateLimitCountersTable {
  key: string;
  windowStart: string;
  hits: number;
}

/** A cart line of a user or (exactly one of the two) a guest's visitor id. */
export interface CartItemsTable {
  id: string;
  userId: string | null;
  visitorId: string | null;
  productId: string;
  quantity: number;
  createdAt: string;
}

export interface WishlistItemsTable {
  id: string;
  userId: string | null;
  visitorId: string | null;
  productId: string;
  createdAt: string;
}

export interface DiscountCodesTable {
  id: string;
  code: string;
  type: "percentage" | "fixed";
  /** Whole percent for "percentage", cents for "fixed". */
  amount: number;
  status: "active" | "inactive";
  startDate: string | null;
  endDate: string | null;
  usageLimit: number | null;
  usageCount: number;
  minPurchaseCents: number | null;
  appliesToGame: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A prepared checkout: the server's own pricing of a cart, and what the payment is asked for. */
export interface CheckoutsTable {
  id: string;
  userId: string;
  email: string;
  robloxUsername: string;
  subtotalCents: number;
  discountCodeId: string | null;
  discountCode: string | null;
  discountCents: number;
  totalCents: number;
  /** Store credit that pays part of the total (migration 0011). */
  creditAppliedCents: Generated<number>;
  status: "prepared" | "replaced" | "completed";
  paymentId: string | null;
  createdAt: string;
  expiresAt: string;
  /** Migration 0013: the start of the shopper's run of holds (null: createdAt) and its restarts. */
  holdStartedAt: string | null;
  holdRenewals: Generated<number>;
  /** Migration 0015: payments the provider declined for good; the next payment gets a new request id. */
  paymentAttempt: Generated<number>;
  /** Migration 0066: the provider that opened paymentId (null before it, and while no payment is open). */
  paymentProvider: string | null;
  /** Migration 0054: the Roblox account checked at checkout (robloxVerified 0: not checked) and the requirements ticked (JSON). */
  robloxUserId: string | null;
  robloxDisplayName: string | null;
  robloxAvatarUrl: string | null;
  robloxAccountCreatedAt: string | null;
  robloxVerified: Generated<number>;
  acknowledgedRequirements: Generated<string>;
  /** Migration 0057: "typed" or "linked" (the account the shopper linked by signing in with Roblox). */
  robloxProof: Generated<string>;
  /** Migration 0068: the buyer's gamepass and the Robux price it was checked at (gamepass products only). */
  gamePassId: Generated<string | number | null>;
  gamePassPrice: Generated<number | null>;
}

export interface CheckoutItemsTable {
  checkoutId: string;
  productId: string;
  productName: string;
  gameId: string;
  unitPriceCents: number;
  quantity: number;
}

export interface StockHoldsTable {
  checkoutId: string;
  userId: string;
  productId: string;
  quantity: number;
  expiresAt: string;
}

export interface OrdersTable {
  id: string;
  userId: string;
  status: string;
  robloxUsername: string;
  email: string;
  subtotalCents: number;
  discountCodeId: string | null;
  discountCode: string | null;
  discountCents: number;
  totalCents: number;
  /** Store credit spent on the order (migration 0011); the payment took the rest. */
  creditAppliedCents: Generated<number>;
  paymentProvider: string;
  paymentId: string;
  captureId: string | null;
  checkoutId: string;
  stockReturned: number;
  createdAt: string;
  updatedAt: string;
  /** Migration 0015: awaiting, paid, partially_refunded, refunded, reversed, denied. */
  paymentStatus: Generated<string>;
  refundedCents: Generated<number>;
  refundedToPaymentCents: Generated<number>;
  /** null, "open" or "resolved". */
  disputeStatus: string | null;
  /** The delivery clock (migration 0016); see domain/fulfilment/delivery.ts. */
  paidAt: string | null;
  deliveryDueAt: string | null;
  deliveryStartedAt: string | null;
  deliveryStartedBy: string | null;
  deliveredAt: string | null;
  lateAt: string | null;
  compensatedAt: string | null;
  compensationPoints: number | null;
  atRiskAt: string | null;
  /** Migration 0058: the promise made when paid (minutes; null: the shop's), and whether the buyer is in the game. */
  promiseMinutes: Generated<number | null>;
  readiness: Generated<string | null>;
  readinessNote: Generated<string | null>;
  readinessAt: Generated<string | null>;
  /** Confirm receipt (migration 0031): "received", "not_received", or "silence" (the window ran out). */
  receipt: Generated<string | null>;
  receiptAt: Generated<string | null>;
  receiptNote: Generated<string | null>;
  /** Risk checks (migration 0033): clear, held, approved, rejected; reasons a JSON array. */
  riskState: Generated<string>;
  riskScore: Generated<number>;
  riskReasons: Generated<string>;
  riskDecidedAt: string | null;
  riskDecidedBy: string | null;
  riskNote: string | null;
  /** Migration 0054: the Roblox account checked at checkout (robloxVerified 0: not checked) and the requirements ticked (JSON). */
  robloxUserId: string | null;
  robloxDisplayName: string | null;
  robloxAvatarUrl: string | null;
  robloxAccountCreatedAt: string | null;
  robloxVerified: Generated<number>;
  acknowledgedRequirements: Generated<string>;
  /** Migration 0056: the recipient asked again after payment (when, what staff must look at, the name the id has now). */
  robloxCheckedAt: Generated<string | null>;
  robloxFlag: Generated<string | null>;
  robloxRenamedTo: Generated<string | null>;
  /** Migration 0057: "typed" (a claim) or "linked" (signed in with Roblox: proof); the private-server link staff gave. */
  robloxProof: Generated<string>;
  privateServerUrl: Generated<string | null>;
  /** Migration 0068: the buyer's gamepass, its checked price, and when its Robux should appear (delivery + pending days). */
  gamePassId: Generated<string | number | null>;
  gamePassPrice: Generated<number | null>;
  robuxDueAt: Generated<string | null>;
}

/** Refunds of orders (migration 0015). */
export interface RefundsTable {
  id: string;
  orderId: string;
  amountCents: number;
  destination: string;
  status: string;
  reason: string;
  idempotencyKey: string | null;
  providerRefundId: string | null;
  actorId: string | null;
  createdAt: string;
}

/** What happened to an order's payment (migration 0015). */
export interface PaymentHistoryTable {
  id: Generated<number>;
  orderId: string;
  kind: string;
  amountCents: number | null;
  note: string;
  at: string;
}

/** Provider webhook events already processed (migration 0015). */
export interface PaymentEventsTable {
  id: string;
  type: string;
  receivedAt: string;
}

/** Captured payments without an order still to refund (migration 0015). */
export interface PaymentRefundQueueTable {
  captureId: string;
  amountCents: number;
  reason: string;
  dueAt: string;
  attempts: Generated<number>;
  leasedUntil: string | null;
  leasedBy: string | null;
  createdAt: string;
  /** Migration 0066: the provider that took the payment (null on rows from before it: the default provider's). */
  provider: string | null;
}

/** Payments awaiting the provider, leased to one process at a time (migration 0015). */
export interface PaymentChecksTable {
  orderId: string;
  captureId: string;
  dueAt: string;
  attempts: Generated<number>;
  leasedUntil: string | null;
  leasedBy: string | null;
}

/** One line of an order's timeline (migration 0016). */
export interface OrderTimelineTable {
  id: Generated<number>;
  orderId: string;
  at: string;
  kind: string;
  text: string;
  actorId: string | null;
}

/** A delivery proof screenshot (migration 0016); the file lives in DATA_DIR/proofs. */
export interface OrderProofsTable {
  id: string;
  orderId: string;
  file: string;
  uploadedBy: string;
  createdAt: string;
}

export interface OrderItemsTable {
  id: string;
  orderId: string;
  productId: string;
  productName: string;
  gameId: string;
  unitPriceCents: number;
  quantity: number;
  /** Migration 0057: the product's delivery method when the order was paid. */
  deliveryMethod: Generated<string>;
}

/** Rewards (migration 0009): append-only ledgers whose sums are the balances on `user`. */
export interface PointsLedgerTable {
  id: string;
  userId: string;
  /** Points; positive credits, negative debits. */
  amount: number;
  reason: string;
  reference: string;
  actorId: string | null;
  createdAt: string;
}

export interface StoreCreditLedgerTable {
  id: string;
  userId: string;
  amountCents: number;
  reason: string;
  reference: string;
  actorId: string | null;
  createdAt: string;
}

export interface ReferralCodesTable {
  userId: string;
  code: string;
  successfulReferrals: number;
  createdAt: string;
}

export interface ReferralsTable {
  referredUserId: string;
  referrerUserId: string;
  code: string;
  createdAt: string;
  successfulAt: string | null;
  firstCompletedOrderId: string | null;
}

export interface SubmissionsTable {
  id: string;
  userId: string;
  status: "pending" | "approved" | "rejected";
  /** The screenshot's file name under DATA_DIR/uploads/reviews. */
  file: string;
  createdAt: string;
  adminNotes: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** Ratings from buyers (issue 36, migration 0030): one per order and product, moderated by staff. */
export interface RatingsTable {
  id: string;
  orderId: string;
  productId: string;
  userId: string;
  stars: number;
  comment: string | null;
  status: "pending" | "published" | "hidden";
  /** The shop's public answer, shown under the rating. */
  reply: string | null;
  createdAt: string;
  moderatedAt: string | null;
  moderatedBy: string | null;
}

/** Tracking endpoints' per-visitor counters: hits in the minute starting at windowStart. */
export interface TrackingRateLimitsTable {
  key: string;
  windowStart: string;
  count: number;
}

/** Which version (and settings, e.g. the time zone) each projection's rm_* tables were built with. */
export interface ProjectionVersionsTable {
  name: string;
  version: number;
  settings: string;
}

/** Analytics read models (rm_*): folded from the event log, rebuilt by `projections rebuild`. */
export interface RmAnalyticsTotalsTable {
  id: string;
  orders: number;
  revenueCents: number;
  users: number;
  pageVisits: number;
  uniqueVisitors: number;
  openSupportConversations: number;
  pendingReviews: number;
  /** Migration 0015: money and store credit refunded. */
  refundedCents: number;
}

export interface RmAnalyticsDaysTable {
  day: string;
  orders: number;
  revenueCents: number;
  newUsers: number;
  pageVisits: number;
  uniqueVisitors: number;
}

export interface RmAnalyticsEntitiesTable {
  kind: string;
  entityId: string;
  day: string | null;
  status: string | null;
  amountCents: number;
}

/** One delivered or late order, for the delivery performance figures (migration 0016). */
/** Delivery performance per day (TIME_ZONE), counters of the delivery projection (migration 0028). */
/** Risk figures per day (issue 37, migration 0044): orders held, approved, rejected, chargebacks, money lost. */
export interface RmRiskDaysTable {
  day: string;
  held: number;
  approved: number;
  rejected: number;
  disputes: number;
  reversals: number;
  lostCents: number;
}

/** Per order with a chargeback: what it counts in rm_risk_days (days in TIME_ZONE, amounts in cents). */
export interface RmRiskChargebacksTable {
  orderId: string;
  disputeDay: string | null;
  disputeAmount: number;
  disputeLostDay: string | null;
  reversalDay: string | null;
  reversalAmount: number;
}

export interface RmDeliveryDaysTable {
  day: string;
  /** Orders whose last delivery was that day. */
  delivered: number;
  /** Of those, delivered by their deadline. */
  withinSla: number;
  /** Orders whose missed deadline was that day. */
  late: number;
}

/** How many of a day's deliveries took this many minutes from payment (the median is read from these). */
export interface RmDeliveryMinutesTable {
  day: string;
  minutes: number;
  deliveries: number;
}

/** Per product, day (TIME_ZONE) and minutes: how many deliveries waited that long for the shop (migration 0072). */
export interface RmProductDeliveryMinutesTable {
  productId: string;
  day: string;
  minutes: number;
  deliveries: number;
}

/** The same per game. */
export interface RmGameDeliveryMinutesTable {
  gameId: string;
  day: string;
  minutes: number;
  deliveries: number;
}

/** Per order, what the delivery-times projection counted last and the time staff waited for its buyer. */
export interface RmOrderDeliveryTimesTable {
  orderId: string;
  /** Since when staff wait for the buyer; null while not waiting. */
  waitingSince: string | null;
  /** Milliseconds staff waited for the buyer in waits that ended. */
  buyerWaitMs: number;
  /** Day (TIME_ZONE) of the last delivery counted; null before one. */
  deliveredDay: string | null;
  /** Minutes that delivery waited for the shop. */
  minutes: number | null;
  /** JSON arrays of the product and game ids it counted for (null: none, an event from before they were recorded). */
  productIds: string | null;
  gameIds: string | null;
}

export interface RmOrderDeliveriesTable {
  orderId: string;
  /** Day (TIME_ZONE) of the last delivery; null while not delivered. */
  deliveredDay: string | null;
  /** Minutes from payment to that delivery. */
  minutes: number | null;
  /** 1 when delivered by the deadline, 0 when late; null while not delivered. */
  withinSla: number | null;
  /** Day (TIME_ZONE) of the deadline it missed; null while never late. */
  lateDay: string | null;
}

export interface RmLiveVisitorsTable {
  sessionId: string;
  lastPage: string;
  userId: string | null;
  lastVisit: string;
}

export interface RmTopPagesTable {
  page: string;
  count: number;
}

export interface RmPageVisitsTable {
  id: number;
  page: string;
  pageTitle: string;
  referrer: string | null;
  userId: string | null;
  sessionId: string | null;
  createdAt: string;
}

export interface RmNewCustomersTable {
  userId: string;
  email: string;
  registeredAt: string;
  visitorId: string | null;
}

export interface RmCartLinesTable {
  ownerKey: string;
  productId: string;
  productName: string;
  priceCents: number;
  cartQuantity: number;
  trackerQuantity: number;
  lastAddedAt: string;
}

export interface FaqsTable {
  id: string;
  question: string;
  answer: string;
  displayOrder: number;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  metaDescription: string;
  /** Comma-separated. */
  keywords: string;
  author: string;
  publishedAt: string;
  /** Sanitised HTML. */
  content: string;
  /** 1 means featured, as in the spec. */
  featured: number;
}

export interface ItemRequestsTable {
  id: string;
  gameId: string;
  itemName: string;
  email: string;
  description: string;
  createdAt: string;
  /** SHA-256 of the sender's address, for the rate limit; never shown. */
  clientKey: string;
  /** The account that proved `email` (issue 32, migration 0024); null: a guest's. */
  userId: Generated<string | null>;
  /** The product staff linked the request to (migration 0031): its address waits for that product. */
  productId: Generated<string | null>;
}

/** An address waiting for a product to be back in stock (migration 0031, issue 36). */
export interface StockAlertsTable {
  id: string;
  productId: string;
  email: string;
  /** "waiting", "notified", "unsubscribed". */
  status: string;
  createdAt: string;
  notifiedAt: string | null;
  /** SHA-256 of the unsubscribe token; the token itself is only in the restock email. */
  unsubscribeTokenHash: string;
  itemRequestId: string | null;
  /** SHA-256 of the sender's address, for the rate limit. */
  clientKey: string;
}

/** The stock a watched product had when the restock notices last looked (migration 0031). */
/**
 * A product's stock went from 0 to `units` while addresses waited for it (migration 0038: a trigger
 * writes it in the stock change's transaction); the restock job sets `processedAt`.
 */
export interface RestockEventsTable {
  id: Generated<number>;
  productId: string;
  units: number;
  at: string;
  processedAt: string | null;
}

/** One administrator change; `before` and `after` are JSON ("null" when absent). */
export interface AuditEntriesTable {
  id: Generated<number>;
  adminId: string;
  adminEmail: string;
  at: string;
  kind: string;
  entityId: string;
  before: string;
  after: string;
}

/** The mail outbox (migration 0014): one row per message, delivered by the mail worker. */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  template: string;
  data: string;
  subject: string;
  status: string;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  claim: string | null;
  lastError: string | null;
  html: string | null;
  text: string | null;
  createdAt: string;
  sentAt: string | null;
  /** The account the message was for: named by the sender, or the verified owner of the address (migration 0024). */
  userId: Generated<string | null>;
  /** The request that queued it (migration 0032), so its delivery logs with the same id. */
  requestId: string | null;
}

/** Which address got which promo code (migration 0014): one per address. */
export interface PromoClaimsTable {
  email: string;
  discountCodeId: string;
  createdAt: string;
  /** The account that proved `email` (issue 32, migration 0024); null: a guest's. */
  userId: Generated<string | null>;
  /**
   * `email`'s mailbox key (domain/shared/mailbox.ts, migration 0046), unique: one code per mailbox.
   * Null on a claim of before 0046 whose mailbox had already claimed under another spelling.
   */
  mailbox: string | null;
}

/** Guest data attached to an account once it proved an address (migration 0024): once per account and address. */
export interface GuestDataClaimsTable {
  userId: string;
  email: string;
  claimedAt: string;
}

/** A staff role offered to an address, taken when the link sent there is followed (migration 0024). */
export interface StaffInvitationsTable {
  userId: string;
  role: string;
  invitedBy: string;
  createdAt: string;
}

/** How far a shopper read a chat and up to which reply they were emailed (migration 0014). */
export interface ChatReadsTable {
  chatKey: string;
  readSeq: number;
  notifiedSeq: number;
  notifiedAt: string | null;
}

/** Consent records (migration 0021): terms accepted at sign-up, analytics choices. */
export interface ConsentRecordsTable {
  id: string;
  userId: string;
  kind: string;
  choice: string;
  version: string | null;
  recordedAt: string;
}

export interface Database {
  guest_data_claims: GuestDataClaimsTable;
  staff_invitations: StaffInvitationsTable;
  events: EventsTable;
  user: UserTable;
  parent_pay_links: ParentPayLinksTable;
  holders: HoldersTable;
  holder_stock: HolderStockTable;
  holder_reservations: HolderReservationsTable;
  delivery_phrases: DeliveryPhrasesTable;
  session: SessionTable;
  account: AccountTable;
  games: GamesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  meta: MetaTable;
  catalogue_version: CatalogueVersionTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  order_chats: OrderChatsTable;
  order_messages: OrderMessagesTable;
  rate_limit_counters: RateLimitCountersTable;
  cart_items: CartItemsTable;
  wishlist_items: WishlistItemsTable;
  discount_codes: DiscountCodesTable;
  checkouts: CheckoutsTable;
  checkout_items: CheckoutItemsTable;
  stock_holds: StockHoldsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  refunds: RefundsTable;
  payment_history: PaymentHistoryTable;
  payment_events: PaymentEventsTable;
  payment_checks: PaymentChecksTable;
  payment_refund_queue: PaymentRefundQueueTable;
  order_timeline: OrderTimelineTable;
  order_proofs: OrderProofsTable;
  points_ledger: PointsLedgerTable;
  store_credit_ledger: StoreCreditLedgerTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  submissions: SubmissionsTable;
  ratings: RatingsTable;
  tracking_rate_limits: TrackingRateLimitsTable;
  projection_versions: ProjectionVersionsTable;
  rm_analytics_totals: RmAnalyticsTotalsTable;
  rm_analytics_days: RmAnalyticsDaysTable;
  rm_analytics_entities: RmAnalyticsEntitiesTable;
  rm_live_visitors: RmLiveVisitorsTable;
  rm_order_deliveries: RmOrderDeliveriesTable;
  rm_delivery_days: RmDeliveryDaysTable;
  rm_delivery_minutes: RmDeliveryMinutesTable;
  rm_order_delivery_times: RmOrderDeliveryTimesTable;
  rm_product_delivery_minutes: RmProductDeliveryMinutesTable;
  rm_game_delivery_minutes: RmGameDeliveryMinutesTable;
  rm_risk_days: RmRiskDaysTable;
  rm_risk_chargebacks: RmRiskChargebacksTable;
  rm_top_pages: RmTopPagesTable;
  rm_page_visits: RmPageVisitsTable;
  rm_new_customers: RmNewCustomersTable;
  rm_cart_lines: RmCartLinesTable;
  faqs: FaqsTable;
  blog_posts: BlogPostsTable;
  item_requests: ItemRequestsTable;
  stock_alerts: StockAlertsTable;
  restock_events: RestockEventsTable;
  audit_entries: AuditEntriesTable;
  mail_outbox: MailOutboxTable;
  promo_claims: PromoClaimsTable;
  chat_reads: ChatReadsTable;
  consent_records: ConsentRecordsTable;
  stored_files: StoredFilesTable;
  auth_secrets: AuthSecretsTable;
  shop_settings: ShopSettingsTable;
  staff_presence: StaffPresenceTable;
  risk_settings: RiskSettingsTable;
  blocklist: BlocklistTable;
  order_payers: OrderPayersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  staff_notice_settings: StaffNoticeSettingsTable;
  chargebacks: ChargebacksTable;
  account_freezes: AccountFreezesTable;
  cancel_requests: CancelRequestsTable;
  cancel_refunds: CancelRefundsTable;
}

/** A shopper's request to cancel a started order (migration 0059): open, granted or refused; refundTo payment or credit. */
export interface CancelRequestsTable {
  orderId: string;
  userId: string;
  refundTo: string;
  status: Generated<string>;
  requestedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  note: string | null;
}

/** The refund a cancellation still owes (migration 0071): tried at dueAt, removed once made. */
export interface CancelRefundsTable {
  orderId: string;
  /** payment or store_credit. */
  destination: string;
  dueAt: string;
  attempts: Generated<number>;
}

/** The owner's outgoing webhooks (migration 0036); events a JSON array of webhook event names. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  format: string;
  events: string;
  secret: string;
  status: string;
  consecutiveFailures: Generated<number>;
  pausedAt: string | null;
  createdAt: string;
  createdBy: string;
}

/** A webhook's outbox (migration 0036): one row per endpoint and event, taken like a mail. */
export interface WebhookDeliveriesTable {
  id: string;
  endpointId: string;
  eventId: number;
  event: string;
  body: string;
  status: string;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  claim: string | null;
  lastStatusCode: number | null;
  lastResponseMs: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** A staff member's Notices settings (migration 0037), a JSON object. */
export interface StaffNoticeSettingsTable {
  userId: string;
  settings: string;
  updatedAt: string;
}

/** A dispute or reversal on an order (migration 0041); kind "dispute" or "reversal". */
export interface ChargebacksTable {
  orderId: string;
  kind: string;
  userId: string;
  at: string;
  amountCents: number;
  outcome: string | null;
  resolvedAt: string | null;
}

/** An account whose store credit and points are on hold since a chargeback (migration 0041). */
export interface AccountFreezesTable {
  userId: string;
  frozenAt: string;
  orderId: string;
  clearedAt: string | null;
  clearedBy: string | null;
  clearNote: string | null;
}

/** The owner's risk settings (migration 0033): one row, id "default"; weights a JSON object. */
export interface RiskSettingsTable {
  id: string;
  holdScore: number;
  weights: string;
  updatedAt: string;
}

/** Parties that may not check out (migration 0033); value lowered. */
export interface BlocklistTable {
  id: string;
  kind: string;
  value: string;
  note: string;
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
  /** An `ip` entry's first and last address, 32 hex digits (migration 0035); null for other kinds. */
  rangeStart: string | null;
  rangeEnd: string | null;
  /** What the entry is matched by (migration 0045, domain/risk/blocklist.ts's blockKey): an email's mailbox key; null for `ip`. */
  matchKey: string | null;
}

/** Uploaded files' bytes, the default file store (migration 0032): shared by every process. */
export interface StoredFilesTable {
  key: string;
  contentType: string;
  size: number;
  /** SHA-256 of the bytes, base64url: the strong ETag. */
  sha256: string;
  bytes: Buffer;
  createdAt: string;
}

/** The generated secret that signs sessions when AUTH_SECRET is unset (migration 0032), by version. */
export interface AuthSecretsTable {
  version: number;
  secret: string;
  createdAt: string;
  /** Set once a newer version replaced it: it verifies cookies until then, and signs nothing. */
  verifiesUntil: string | null;
}

/** What the owner enters in the Settings tab, one JSON document per section (migration 0029). */
export interface ShopSettingsTable {
  key: string;
  value: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** When a staff member last had the panel's Support or Orders tab open (migration 0029). */
export interface StaffPresenceTable {
  userId: string;
  seenAt: string;
}

/** Who paid an order and from where (migration 0034): personal data, read by the risk checks only. */
export interface OrderPayersTable {
  orderId: string;
  userId: string;
  payerId: string | null;
  payerEmail: string | null;
  payerCountry: string | null;
  clientIp: string | null;
  createdAt: string;
  /** Migration 0067: the provider's own risk verdict (Stripe Radar's risk_level), null when it gave none. */
  providerRisk: string | null;
}
