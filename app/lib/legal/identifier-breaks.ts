/**
 * Where a long cookie or storage key may break across lines: after each underscore (not a
 * leading one) and before each capital that starts a new word, so that a narrow column
 * shows `AMP_` over `1111111111` and `TawkConnection` over `Time`, rather than breaking at
 * whatever character hits the edge ('AMP_111111111' over '1'). Returns the pieces to join
 * with `<wbr>`.
 */
export function identifierBreaks(name: string): string[] {
  return name.split(/(?<=[^_]_+)(?=[^_])|(?<=[a-z])(?=[A-Z])/).filter((piece) => piece !== "");
}
