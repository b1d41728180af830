import type { AuditPage } from "#read-models/admin/audit.queries.ts";
import type { AnalyticsSummaryView } from "#read-models/analytics/summary.query.ts";
import type { DeliveryPerformanceView } from "#read-models/analytics/delivery-performance.query.ts";
import type { RiskFiguresView } from "#read-models/analytics/risk-figures.query.ts";
import type { NewCustomerView } from "#read-models/analytics/new-customers.query.ts";
import type { PageVisitView } from "#read-models/analytics/page-visits.query.ts";
import type { AdminUserView, SubmissionView } from "#read-models/rewards/rewards.views.ts";
import type { DiscountCodeView } from "#read-models/shopping/shopping.views.ts";
import type { AdminConversationView } from "#read-models/support/admin-conversations.ts";
import { createFetcherStore, revalidateKeys } from "./admin-catalogue.ts";

/**
 * The operations tabs' data, on the same query client as the catalogue tabs (fresh for 60 s, a
 * failed read retried once). Lists that change under the admin (orders, conversations, visitors)
 * are polled by their tab; after a change the tab revalidates its key.
 */
export const SUBMISSIONS_KEY = "/api/admin/submissions";
export const DISCOUNTS_KEY = "/api/discount-codes";
export const USERS_KEY = "/api/admin/users";
export const ANALYTICS_KEY = "/api/admin/analytics";
export const TOP_PAGES_KEY = "/api/analytics/top-pages";
export const PAGE_VISITS_KEY = "/api/analytics/page-visits";
export const NEW_CUSTOMERS_KEY = "/api/analytics/new-customers";

export const $submissions = createFetcherStore<SubmissionView[]>(SUBMISSIONS_KEY);
export const $discountCodes = createFetcherStore<DiscountCodeView[]>(DISCOUNTS_KEY);
export const $users = createFetcherStore<AdminUserView[]>(USERS_KEY);
export const $analytics = createFetcherStore<AnalyticsSummaryView & DeliveryPerformanceView & RiskFiguresView>(ANALYTICS_KEY);
export const $topPages = createFetcherStore<Array<{ page: string; count: number }>>(TOP_PAGES_KEY);
export const $pageVisits = createFetcherStore<PageVisitView[]>(PAGE_VISITS_KEY);
export const $newCustomers = createFetcherStore<NewCustomerView[]>(NEW_CUSTOMERS_KEY);

export type { AdminConversationView, AuditPage };

export const revalidate = (key: string) => revalidateKeys(key);
/** Audit pages are keyed by their query; any change makes them all stale. */
export const revalidateAudit = () => revalidateKeys((key) => key.startsWith("/api/admin/audit"));
