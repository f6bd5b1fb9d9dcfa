import { ContentIdentitySchema, type ContentKind, type ContentPage } from "@playfair/contracts/content";
import { data, type RouterContextProvider } from "react-router";
import type { Language } from "#app/lib/i18n.ts";
import { webServices } from "#app/lib/web-services.ts";
import { localizeContentLinks } from "#app/routes/shared/content-links.ts";

export type ContentData = {
  page: ContentPage;
  /** The language the visitor asked for; `page.locale` differs when the page fell back to English. */
  language: Language;
};

/**
 * Reads a content page in-process and prepares its HTML for the visitor's language. A missing page
 * (or an identity no page can have) is the route's 404, thrown as a data response.
 */
export async function loadContent(
  context: Readonly<RouterContextProvider>,
  kind: ContentKind,
  identity: string,
  language: Language,
): Promise<ContentData> {
  if (!ContentIdentitySchema.safeParse(identity).success) throw data(null, { status: 404 });
  const page = await webServices(context).content.getPage(kind, identity, language);
  if (!page) throw data(null, { status: 404 });
  return { page: { ...page, html: localizeContentLinks(page.html, language) }, language };
}
