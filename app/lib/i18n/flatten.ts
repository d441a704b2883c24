/** A catalogue file as written: nested objects whose leaves are ICU MessageFormat strings. */
export interface NestedMessages {
  [key: string]: string | NestedMessages;
}

/**
 * Flattens a nested catalogue into dotted ids, prefixed with its namespace:
 * `{ forms: { required: "…" } }` in `common` becomes `common.forms.required`.
 * Throws on a leaf that is not a string, so a malformed catalogue fails the build.
 */
export function flattenMessages(nested: NestedMessages, prefix: string): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(nested)) {
    const id = `${prefix}.${key}`;
    if (typeof value === "string") flat[id] = value;
    else if (value !== null && typeof value === "object")
      Object.assign(flat, flattenMessages(value, id));
    else throw new TypeError(`Catalogue entry ${id} is not a string`);
  }
  return flat;
}
