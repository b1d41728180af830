import type { Mail } from "#domain/mail/mail.ts";
import type { Content, MailBranding } from "./mail-blocks.ts";

/** The emails about an account itself (its address, password and staff invitation), apart from orders. */
export type AccountMail = Extract<
  Mail,
  { template: "verify_email" | "reset_password" | "password_changed" | "staff_invitation" | "sign_up_attempt" | "confirm_email_change" }
>;

/** What an account email says (mail-content.ts's contentOf hands these here). */
export function accountContentOf(mail: AccountMail, brand: MailBranding): Content {
  const shop = brand.shopName;
  switch (mail.template) {
    case "verify_email":
      return {
        subject: `Confirm your email address for ${shop}`,
        preview: "One click to confirm your address.",
        blocks: [
          { kind: "heading", text: `Hi ${mail.data.name},` },
          {
            kind: "paragraph",
            text: `Please confirm that this is your email address, so that we can reach you about your orders and you can recover your ${shop} account.`,
          },
          { kind: "button", label: "Confirm my email", url: mail.data.url },
          { kind: "paragraph", text: "If you did not create an account, you can ignore this email." },
        ],
      };
    case "reset_password":
      return {
        subject: `Reset your ${shop} password`,
        preview: "A link to choose a new password (valid for one hour).",
        blocks: [
          { kind: "heading", text: `Hi ${mail.data.name},` },
          { kind: "paragraph", text: "Someone (hopefully you) asked to reset the password of your account. The link works once, for one hour." },
          { kind: "button", label: "Choose a new password", url: mail.data.url },
          { kind: "paragraph", text: "If you did not ask for this, ignore this email: your password stays as it is." },
        ],
      };
    case "password_changed":
      return {
        subject: `Your ${shop} password was changed`,
        preview: "Your password was just changed.",
        blocks: [
          { kind: "heading", text: `Hi ${mail.data.name},` },
          { kind: "paragraph", text: "The password of your account was just changed, and your other sessions were signed out." },
          { kind: "paragraph", text: `If this was not you, reset your password at once and write to us at ${brand.supportEmail || "our support address"}.` },
          { kind: "button", label: "Reset my password", url: `${brand.publicUrl}/forgot-password` },
        ],
      };
    case "staff_invitation":
      return {
        subject: `You are invited to the ${shop} staff`,
        preview: "Set a password to open the admin panel.",
        blocks: [
          { kind: "heading", text: "Hi," },
          {
            kind: "paragraph",
            text: `${mail.data.invitedBy} has added you to the ${shop} staff as ${mail.data.role}. Choose a password to sign in to the admin panel with this address.`,
          },
          { kind: "button", label: "Set my password", url: mail.data.url },
          {
            kind: "paragraph",
            text: "The link works once, for seven days. If you did not expect this, you can ignore this email: nobody can sign in to the account without it.",
          },
        ],
      };
    case "sign_up_attempt":
      return {
        subject: `You already have a ${shop} account`,
        preview: "Someone tried to create an account with this address.",
        blocks: [
          { kind: "heading", text: "You already have an account" },
          {
            kind: "paragraph",
            text: "Someone (hopefully you) tried to create an account with this email address, which already has one. No new account was made.",
          },
          { kind: "button", label: "Log in", url: `${brand.publicUrl}/login` },
          { kind: "paragraph", text: "Forgot your password? You can choose a new one:" },
          { kind: "button", label: "Reset my password", url: `${brand.publicUrl}/forgot-password` },
        ],
      };
    case "confirm_email_change":
      return {
        subject: `Confirm the new email address of your ${shop} account`,
        preview: `A request to change your address to ${mail.data.newEmail}.`,
        blocks: [
          { kind: "heading", text: `Hi ${mail.data.name},` },
          {
            kind: "paragraph",
            text: `Someone signed in to your account asked to change its email address to ${mail.data.newEmail}. If that was you, confirm it here; we will then send a last link to the new address.`,
          },
          { kind: "button", label: "Confirm the change", url: mail.data.url },
          { kind: "paragraph", text: "If it was not you, do not open the link, and change your password: your address stays as it is." },
        ],
      };
  }
}
