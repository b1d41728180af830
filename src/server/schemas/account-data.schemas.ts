import * as z from "zod";

/** DELETE /api/account: the account's password, to confirm it is its owner asking. */
export const AccountDeletionBody = z.object({ password: z.string({ error: "password is required" }).min(1, "Password is required").max(1000) });

/** POST /api/account/consent: the analytics choice of the consent banner. */
export const AnalyticsConsentBody = z.object({ analytics: z.enum(["granted", "denied"], { error: 'analytics must be "granted" or "denied"' }) });
