/**
 * How any button opens the live-support chat widget: it dispatches this window event and the widget
 * (its own island, from the support chat issue) listens for it. Decoupled so pages and islands need
 * not know whether, or where, the widget is mounted.
 */
export const OPEN_SUPPORT_CHAT_EVENT = "open-support-chat";

export function openSupportChat(): void {
  window.dispatchEvent(new CustomEvent(OPEN_SUPPORT_CHAT_EVENT));
}
