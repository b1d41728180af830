import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001-catalog.ts";
import * as m0002 from "./0002-accounts.ts";
import * as m0003 from "./0003-events.ts";
import * as m0004 from "./0004-shopping.ts";
import * as m0005 from "./0005-content.ts";
import * as m0006 from "./0006-support.ts";
import * as m0007 from "./0007-analytics.ts";
import * as m0008 from "./0008-admin.ts";
import * as m0009 from "./0009-rewards.ts";
import * as m0010 from "./0010-audit.ts";
import * as m0011 from "./0011-wiring.ts";
import * as m0012 from "./0012-catalogue-version.ts";
import * as m0013 from "./0013-hold-limits.ts";
import * as m0014 from "./0014-mail.ts";
import * as m0015 from "./0015-payments.ts";
import * as m0016 from "./0016-delivery.ts";
import * as m0018 from "./0018-content-version.ts";
import * as m0019 from "./0019-staff-roles.ts";
import * as m0020 from "./0020-two-factor.ts";
import * as m0021 from "./0021-consent-records.ts";
import * as m0022 from "./0022-passkeys.ts";
import * as m0023 from "./0023-snake-case-tables.ts";
import * as m0024 from "./0024-proven-addresses.ts";
import * as m0025 from "./0025-sitemap-and-text-search.ts";
import * as m0026 from "./0026-product-search.ts";
import * as m0027 from "./0027-list-indexes.ts";
import * as m0028 from "./0028-delivery-days.ts";
import * as m0030 from "./0030-ratings.ts";
import * as m0031 from "./0031-stock-alerts-and-receipt.ts";
import * as m0029 from "./0029-shop-facts.ts";
import * as m0032 from "./0032-shared-files-and-secrets.ts";
import * as m0033 from "./0033-risk-checks.ts";
import * as m0034 from "./0034-order-payers.ts";
import * as m0035 from "./0035-blocklist-ranges.ts";
import * as m0036 from "./0036-webhooks.ts";
import * as m0037 from "./0037-staff-notice-settings.ts";
import * as m0038 from "./0038-restock-events.ts";
import * as m0039 from "./0039-receipts-before-confirm.ts";
import * as m0040 from "./0040-catalogue-order-indexes.ts";
import * as m0041 from "./0041-chargeback-memory.ts";
import * as m0042 from "./0042-email-search-and-item-requests.ts";
import * as m0044 from "./0044-risk-analytics.ts";
import * as m0045 from "./0045-blocklist-mailbox-keys.ts";
import * as m0046 from "./0046-promo-claims-mailbox.ts";
import * as m0048 from "./0048-unreduced-original-prices.ts";
import * as m0049 from "./0049-demo-faq-claims.ts";
import * as m0054 from "./0054-roblox-recipients.ts";
import * as m0055 from "./0055-requirements-and-delivery-methods.ts";
import * as m0058 from "./0058-delivery-promises-and-readiness.ts";
import * as m0059 from "./0059-cancel-requests.ts";
import * as m0056 from "./0056-roblox-rechecks.ts";
import * as m0057 from "./0057-recipient-proof-and-private-servers.ts";
import * as m0060 from "./0060-birth-dates.ts";
import * as m0061 from "./0061-parent-pay-links.ts";
import * as m0063 from "./0063-holder-accounts.ts";
import * as m0066 from "./0066-payment-providers.ts";
import * as m0067 from "./0067-provider-risk.ts";
import * as m0068 from "./0068-robux-game-passes.ts";
import * as m0071 from "./0071-cancel-refunds.ts";
import * as m0072 from "./0072-measured-delivery.ts";

// Listed by hand rather than read from the folder, so the bundled server and the CLI see the same
// set without touching the file system. Add each new migration here, in order.
const migrations: Record<string, Migration> = {
  "0001-catalog": m0001,
  "0002-accounts": m0002,
  "0003-events": m0003,
  "0004-shopping": m0004,
  "0005-content": m0005,
  "0006-support": m0006,
  "0007-analytics": m0007,
  "0008-admin": m0008,
  "0009-rewards": m0009,
  "0010-audit": m0010,
  "0011-wiring": m0011,
  "0012-catalogue-version": m0012,
  "0013-hold-limits": m0013,
  "0014-mail": m0014,
  "0015-payments": m0015,
  "0016-delivery": m0016,
  "0018-content-version": m0018,
  "0019-staff-roles": m0019,
  "0020-two-factor": m0020,
  "0021-consent-records": m0021,
  "0022-passkeys": m0022,
  "0023-snake-case-tables": m0023,
  "0024-proven-addresses": m0024,
  "0025-sitemap-and-text-search": m0025,
  "0026-product-search": m0026,
  "0027-list-indexes": m0027,
  "0028-delivery-days": m0028,
  "0030-ratings": m0030,
  "0031-stock-alerts-and-receipt": m0031,
  "0029-shop-facts": m0029,
  "0032-shared-files-and-secrets": m0032,
  "0033-risk-checks": m0033,
  "0034-order-payers": m0034,
  "0035-blocklist-ranges": m0035,
  "0036-webhooks": m0036,
  "0037-staff-notice-settings": m0037,
  "0038-restock-events": m0038,
  "0039-receipts-before-confirm": m0039,
  "0040-catalogue-order-indexes": m0040,
  "0041-chargeback-memory": m0041,
  "0042-email-search-and-item-requests": m0042,
  "0044-risk-analytics": m0044,
  "0045-blocklist-mailbox-keys": m0045,
  "0046-promo-claims-mailbox": m0046,
  "0048-unreduced-original-prices": m0048,
  "0049-demo-faq-claims": m0049,
  "0054-roblox-recipients": m0054,
  "0055-requirements-and-delivery-methods": m0055,
  "0058-delivery-promises-and-readiness": m0058,
  "0059-cancel-requests": m0059,
  "0056-roblox-rechecks": m0056,
  "0057-recipient-proof-and-private-servers": m0057,
  "0060-birth-dates": m0060,
  "0061-parent-pay-links": m0061,
  "0063-holder-accounts": m0063,
  "0066-payment-providers": m0066,
  "0067-provider-risk": m0067,
  "0068-robux-game-passes": m0068,
  "0071-cancel-refunds": m0071,
  "0072-measured-delivery": m0072,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
