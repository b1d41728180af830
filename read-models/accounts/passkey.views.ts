/** One of the signed-in account's passkeys, as account settings list them (issue 20): never its key or credential id. */
export interface PasskeyView {
  id: string;
  /** The name given when it was added ("My phone"), if any. */
  name: string | null;
  /** "singleDevice" or "multiDevice" (synced by the platform, e.g. iCloud Keychain). */
  deviceType: string;
  backedUp: boolean;
  createdAt: string | null;
}
