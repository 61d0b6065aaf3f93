import { useEffect } from "react";

const siteName = "Regrip";

function setMeta(attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** `Title | Regrip`, unless the title already names the shop. */
export function fullTitle(title: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** Set by the build's prerender (src/prerender.tsx): it collects the page's title and description, since effects do not run there. */
export const prerenderedMeta: { collecting?: boolean; title?: string; description?: string } = {};

/** Document title, description and the social-preview tags of one page. */
export function usePageMeta(title: string, description: string): void {
  if (prerenderedMeta.collecting) Object.assign(prerenderedMeta, { title: fullTitle(title), description });
  useEffect(() => {
    const text = fullTitle(title);
    document.title = text;
    setMeta("name", "description", description);
    setMeta("property", "og:title", text);
    setMeta("property", "og:description", description);
    setMeta("property", "og:url", window.location.href);
    setMeta("name", "twitter:card", "summary");
    setMeta("name", "twitter:title", text);
    setMeta("name", "twitter:description", description);
  }, [title, description]);
}
