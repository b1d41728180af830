import * as z from "zod";

const email = z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address"));
// Length rules are better-auth's (8 to 128); here only "present" and a hard cap against abuse.
const password = z.string().min(1, "Password is required").max(1000);

export const Credentials = z.object({ email, password });

export const Registration = z.object({
  email,
  password,
  firstName: z.string().trim().max(60).optional(),
  /** The sign-up form's required box: the Terms and the 13+ rule; the use case refuses anything but true. */
  acceptTerms: z.boolean({ error: "acceptTerms must be true or false" }).optional(),
  /** YYYY-MM-DD. Optional here: an account without one gives it before it pays. */
  birthDate: z.string({ error: "Enter your date of birth as YYYY-MM-DD" }).trim().max(10).optional(),
});

/** POST /api/account/birth-date: the date of birth an account without one gives, once. */
export const BirthDateBody = z.object({ birthDate: z.string({ error: "Enter your date of birth as YYYY-MM-DD" }).trim().max(10) });

export const GoogleQuery = z.object({
  redirect: z.string().max(2000).optional(),
  /** "1" from Create account with the Terms and 13+ box ticked: Google may then create the account. */
  acceptTerms: z.literal("1").optional(),
});

/** A code from an authenticator app (6 digits) or a backup code. */
const code = z.string({ error: "code is required" }).trim().min(6, "Enter the code").max(40);

/** POST /api/auth/two-factor/verify: the second step of a sign-in. */
export const TwoFactorVerifyBody = z.object({
  code,
  method: z.enum(["totp", "backup"]).default("totp"),
  trustDevice: z.boolean().default(false),
  /** From the admin panel's login: only staff may end up signed in. */
  panel: z.boolean().default(false),
});

/** POST /api/auth/two-factor/enable and /disable: the account's password again. */
export const TwoFactorPasswordBody = z.object({ password: z.string().min(1, "Password is required").max(1000) });

/** POST /api/auth/two-factor/confirm: the first code from the newly set-up app. */
export const TwoFactorConfirmBody = z.object({ code });
const token = z.string().trim().min(1, "The link is incomplete: open it from the email again").max(500);

export const PasswordResetRequest = z.object({ email });
export const PasswordReset = z.object({ token, newPassword: password });
export const VerifyEmailQuery = z.object({ token });
export const PasswordChange = z.object({ currentPassword: password, newPassword: password });
export const AccountUpdate = z.object({ firstName: z.string().trim().max(60) });
export const PromoRequest = z.object({ email });
export const EmailChange = z.object({ newEmail: email });

/** A WebAuthn answer from the browser (@simplewebauthn/browser): checked by better-auth's passkey plugin, bounded here. */
const webAuthnResponse = z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= 20_000, "The passkey answer is too large");

/** POST /api/auth/passkeys: the new passkey's attestation and an optional name ("Work laptop"). */
export const PasskeyRegistrationBody = z.object({ response: webAuthnResponse, name: z.string().trim().max(60).optional() });

/** POST /api/auth/passkeys/sign-in: the assertion; `panel` as for the other sign-ins (only staff may end up signed in). */
export const PasskeySignInBody = z.object({ response: webAuthnResponse, panel: z.boolean().default(false) });
