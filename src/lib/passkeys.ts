import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type { PasskeyView } from "#read-models/accounts/passkey.views.ts";
import { api, ApiError } from "./api-client.ts";

export type { PasskeyView };

/** Whether this browser can use passkeys at all (the buttons are hidden where it cannot). */
export const passkeysSupported = (): boolean => typeof window !== "undefined" && browserSupportsWebAuthn();

/** Adds a passkey to the signed-in account: options from the server, the browser's prompt, the server's check. */
export async function addPasskey(name?: string): Promise<PasskeyView[]> {
  const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]["optionsJSON"]>("/api/auth/passkeys/register-options");
  const response = await startRegistration({ optionsJSON });
  return api.post<PasskeyView[]>("/api/auth/passkeys", { response, ...(name ? { name } : {}) });
}

/** Signs in with a passkey; `panel` from the admin panel's login (only staff may end up signed in). */
export async function signInWithPasskey(panel = false): Promise<{ user: { id: string; email: string; firstName: string | null; isAdmin: boolean } }> {
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/api/auth/passkeys/sign-in-options");
  const response = await startAuthentication({ optionsJSON });
  return api.post("/api/auth/passkeys/sign-in", { response, panel });
}

/** A failure in words for the person: a cancelled prompt is not an error worth alarming anyone. */
export function passkeyProblem(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === "NotAllowedError"))
    return "The passkey prompt was closed before it finished.";
  return "Passkeys did not work in this browser. Sign in with your password instead.";
}
