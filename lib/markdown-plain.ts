/**
 * The words of section text written in the editor's Markdown subset (issue 25) without its marks: for
 * meta descriptions, search snippets and the editor's check that a hyperlink's text occurs. A reading
 * aid, not a parser: pages render the server's tree (server/content/article-body.ts).
 */
export function markdownPlain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url) → text
    .replace(/^ {0,3}(#{1,6}|>|[-*+]|\d{1,9}[.)])\s+/gm, '') // heading, quote and list marks at a line's start
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2') // **bold**
    .replace(/(^|[^\w*])([*_])(?=\S)([\s\S]*?\S)\2(?![\w*])/g, '$1$3') // *italics*, _italics_
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!>])/g, '$1') // backslash escapes
}

/** A line that is a directive (`{{compare …}}` alone on its line, lib/comparison.ts): pages render it as a table. */
const DIRECTIVE = /^[ \t]*\{\{[^{}\n]*\}\}[ \t]*$/gm

/**
 * Section text as a reader sees its words (issue 34): Markdown's marks gone, and no directive source
 * (`{{compare …}}` renders as a table of brands that differ by market: not the section's own words).
 * What site search indexes and shows as snippets.
 */
export const sectionWords = (text: string): string => markdownPlain(text.replace(DIRECTIVE, '')).replace(/\n{3,}/g, '\n\n').trim()
