/** HTML text shared by the mails, the pre-rendered pages' tags and the local sandboxes' pages. Pure. */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` as HTML text or a quoted attribute's value: every character that could end or open markup, escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);
