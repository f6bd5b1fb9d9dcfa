import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders headings, paragraphs, lists and tables", () => {
    const html = renderMarkdown("## Deposits\n\nMoney in.\n\n- one\n- two\n\n| A | B |\n|---|---|\n| 1 | 2 |\n");
    expect(html).toContain("<h2>Deposits</h2>");
    expect(html).toContain("<p>Money in.</p>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<div class="table-scroll"><table>');
    expect(html).toContain("</table></div>");
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = renderMarkdown('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("refuses script link targets", () => {
    const html = renderMarkdown("[click](javascript:alert(1))");
    expect(html).not.toContain('href="javascript:');
  });

  it("opens external links in a new tab without an opener, internal ones in place", () => {
    const html = renderMarkdown("[site](https://example.org/help) and [terms](/static/terms) and https://example.net/rules");
    expect(html).toContain('<a href="https://example.org/help" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="/static/terms">terms</a>');
    expect(html).toContain('<a href="https://example.net/rules" target="_blank" rel="noopener noreferrer">https://example.net/rules</a>');
  });

  it("turns a level-one heading into a section heading, keeping one h1 per page", () => {
    expect(renderMarkdown("# Title")).toBe("<h2>Title</h2>\n");
  });
});
