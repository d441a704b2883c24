/**
 * The phone images are the largest paint of the landing pages on a phone (and in the first
 * round trips of /features and /xero). On Lighthouse's simulated phone (1.6 Mbit/s, 150 ms
 * round trips) the 760 px image shares the line with the stylesheet and the font, and it
 * arrives a whole round trip earlier when it is at most about 19.4 KB with its headers: the
 * Spanish masthead at 20.2 KB came with the font, at 20.8 KB one round trip later (LCP
 * 1130 against 1210 ms; decision 16). 19,000 bytes leaves room for a few headers more.
 */
export const PHONE_AVIF_BUDGET_BYTES = 19_000;

/**
 * Qualities tried in turn, best first. At 42 a phone image's text and hairlines look the
 * same as at the 52 of the whole screens, side by side at 2x zoom; 36 is the floor.
 */
export const PHONE_AVIF_QUALITIES = [42, 40, 38, 36] as const;

export class ImageBudgetError extends Error {}

/**
 * The image at the best quality that fits the budget. Throws when even the lowest quality
 * does not: a mock-up that has grown needs a look, not a blurrier image.
 */
export async function encodeWithinBudget(
  encode: (quality: number) => Promise<Buffer>,
  budget: number,
  qualities: readonly number[],
): Promise<{ quality: number; image: Buffer }> {
  let smallest = Number.POSITIVE_INFINITY;
  for (const quality of qualities) {
    const image = await encode(quality);
    if (image.length <= budget) return { quality, image };
    smallest = Math.min(smallest, image.length);
  }
  throw new ImageBudgetError(
    `no quality of ${qualities.join(", ")} fits ${budget} bytes (smallest ${smallest})`,
  );
}
