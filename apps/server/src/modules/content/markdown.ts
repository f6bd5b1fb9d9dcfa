import MarkdownIt from "markdown-it";
import type { RendererRule } from "markdown-it";

/**
 * Markdown to HTML for content pages. Raw HTML in the source is escaped (`html: false`), so an
 * editor's markdown can never inject markup or scripts into the site; markdown-it also refuses
 * javascript:, vbscript: and data: link targets (except data: images).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const EXTERNAL_HREF = /^(?:[a-z][a-z\d+.-]*:)?\/\//i;

const defaultRender: RendererRule = (tokens, index, options, _env, self) =>
  self.renderToken(tokens, index, options);

const renderLinkOpen = markdown.renderer.rules.link_open ?? defaultRender;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet("href") ?? "");
  // Links that leave the site open in a new tab without handing it our window.
  if (token && EXTERNAL_HREF.test(href)) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer");
  }
  return renderLinkOpen(tokens, index, options, env, self);
};

// The page's title is its only <h1>, so a `#` heading in the body becomes a section heading.
const renderHeadingOpen = markdown.renderer.rules.heading_open ?? defaultRender;
markdown.renderer.rules.heading_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token?.tag === "h1") token.tag = "h2";
  return renderHeadingOpen(tokens, index, options, env, self);
};
const renderHeadingClose = markdown.renderer.rules.heading_close ?? defaultRender;
markdown.renderer.rules.heading_close = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token?.tag === "h1") token.tag = "h2";
  return renderHeadingClose(tokens, index, options, env, self);
};

// Wide tables scroll inside their own box instead of widening the page on phones.
markdown.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n';
markdown.renderer.rules.table_close = () => "</table></div>\n";

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
