const injected = new Map<string, Promise<void>>();

/**
 * Loads a third-party script asynchronously, once per URL. Bootstrap code lives in our
 * bundle, so the only script elements added are external ones the CSP lists.
 */
export function injectScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const existing = injected.get(src);
  if (existing) return existing;
  const loaded = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => reject(new Error(`Could not load ${src}`)));
    document.head.append(script);
  });
  // A blocked vendor must never surface as an unhandled rejection on the page.
  loaded.catch((error: unknown) => console.warn(error));
  injected.set(src, loaded);
  return loaded;
}

/** Whether any third-party script has been added to this page. */
export function hasInjectedScripts(): boolean {
  return injected.size > 0;
}
