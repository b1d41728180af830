/** One active session of the signed-in account, as the dashboard and the panel list them (issue 20). */
export interface SessionView {
  id: string;
  /** "Chrome on Windows": from the User-Agent the session was opened with (domain/accounts/device.ts). */
  device: string;
  signedInAt: string;
  /** When the session was last used, to within an hour (better-auth refreshes a session at most hourly). */
  lastSeenAt: string;
  /** The session of the request that asked: "this device". */
  current: boolean;
}
