/**
 * Makes HTML safe to show: keeps an allowlist of formatting markup and drops scripts, event
 * handler attributes, styles and dangerous URLs. Pure and idempotent: sanitising sanitised HTML
 * returns it unchanged. Empty input gives an empty string.
 */
export interface HtmlSanitizer {
  sanitize(html: string): string;
}
