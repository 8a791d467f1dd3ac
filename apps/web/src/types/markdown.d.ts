/** A Markdown file imported as its text (next.config.ts: Turbopack's `text` module type). */
declare module "*.md" {
  const text: string;
  export default text;
}
