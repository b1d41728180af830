import * as z from "zod";

const email = z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address"));
// Length rules are better-auth's (8 to 128); here only "present" and a hard cap against abuse.
const password = z.string().min(1, "Password is required").max(1000);

export const Credentials = z.object({ email, password });

export const Registration = z.object({
  email,
  password,
  firstName: z.string().trim().max(60).optional(),
});

export const GoogleQuery = z.object({ redirect: z.string().max(2000).optional() });

const token = z.string().trim().min(1, "The link is incomplete: open it from the email again").max(500);

export const PasswordResetRequest = z.object({ email });
export const PasswordReset = z.object({ token, newPassword: password });
export const VerifyEmailQuery = z.object({ token });
export const PasswordChange = z.object({ currentPassword: password, newPassword: password });
export const AccountUpdate = z.object({ firstName: z.string().trim().max(60) });
export const PromoRequest = z.object({ email });
export const EmailChange = z.object({ newEmail: email });
