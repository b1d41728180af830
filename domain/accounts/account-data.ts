/**
 * Everything the store keeps about one account, as the shopper downloads it. Money is
 * the API's decimal strings; times ISO-8601 UTC. Other people appear only by their account ids
 * (the accounts one referred), never by their addresses.
 */
export interface AccountData {
  account: {
    id: string;
    email: string;
    name: string;
    firstName: string | null;
    robloxUsername: string | null;
    /** YYYY-MM-DD as the account gave it, or null. */
    birthDate: string | null;
    emailVerified: boolean;
    staffRole: string | null;
    twoFactorEnabled: boolean;
    storeCredit: string;
    points: number;
    createdAt: string;
    /** How the account signs in: "credential" (password), "google". */
    signInMethods: string[];
  };
  orders: {
    id: string;
    status: string;
    paymentStatus: string;
    email: string;
    robloxUsername: string;
    subtotal: string;
    discountCode: string | null;
    discount: string;
    storeCreditApplied: string;
    total: string;
    refunded: string;
    createdAt: string;
    items: { productId: string; productName: string; unitPrice: string; quantity: number }[];
    messages: { sender: "user" | "admin"; message: string; createdAt: string }[];
    /** Who paid it and from which address, as stored for the payment checks; null when nothing was. */
    payment: { payerId: string | null; payerEmail: string | null; payerCountry: string | null; clientIp: string | null } | null;
  }[];
  supportConversations: {
    id: string;
    status: string;
    orderId: string | null;
    email: string | null;
    createdAt: string;
    messages: { sender: "user" | "admin"; message: string; createdAt: string }[];
  }[];
  pointsLedger: { amount: number; reason: string; reference: string; createdAt: string }[];
  storeCreditLedger: { amount: string; reason: string; reference: string; createdAt: string }[];
  /** Their ratings of delivered orders, with the shop's replies. */
  ratings: { orderId: string; productId: string; stars: number; comment: string | null; status: string; reply: string | null; createdAt: string }[];
  reviewSubmissions: { id: string; status: string; file: string; adminNotes: string | null; createdAt: string; decidedAt: string | null }[];
  referrals: {
    code: string | null;
    successfulReferrals: number;
    /** The accounts that signed up with the code: their ids only. */
    referredUsers: { userId: string; createdAt: string; successfulAt: string | null }[];
    /** The code this account signed up with, if any. */
    referredWithCode: string | null;
  };
  wishlist: { productId: string; productName: string | null; addedAt: string }[];
  cart: { productId: string; productName: string | null; quantity: number; addedAt: string }[];
  itemRequests: { gameId: string; itemName: string; description: string; createdAt: string }[];
  promoClaims: { discountCodeId: string; createdAt: string }[];
  consents: { kind: string; choice: string; version: string | null; recordedAt: string }[];
}
