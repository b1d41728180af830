/**
 * Structured data as the text of a <script type="application/ld+json">. JSON.stringify leaves "<"
 * as is, so a name containing "</script>" would end the element early and the rest would be parsed
 * as HTML; escaping every "<" as \u003c keeps the JSON identical and the page safe.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
