import type { FeatureId } from "../../content/landing.ts";

const illustrations = import.meta.glob<string>("../../assets/illustrations/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});

/** The URL of a feature's illustration; the landing's cards and the features page share them. */
export function illustrationOf(id: FeatureId): string | undefined {
  return illustrations[`../../assets/illustrations/${id}.svg`];
}
