/**
 * Opening the support chat from anywhere (the Contact page's live chat card, the FAQ's Contact
 * Support button): dispatch this window event. The widget listens for it; a click before the
 * widget has loaded is remembered and honoured when it loads (see SupportChat.astro).
 */
export const OPEN_SUPPORT_CHAT_EVENT = "open-support-chat";

export function openSupportChat(): void {
  window.dispatchEvent(new CustomEvent(OPEN_SUPPORT_CHAT_EVENT));
}

/** The spec's polling intervals (storefront.md section 9). */
export const CONVERSATIONS_POLL_MS = 5000;
export const MESSAGES_POLL_MS = 3000;
