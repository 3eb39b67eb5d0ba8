/**
 * Text made safe to put in a mail's HTML, in an element or a quoted attribute: what users write
 * (names, flag comments) shows as text, never as markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
