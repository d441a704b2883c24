import type { FeatureId } from "../../content/landing.ts";
import { illustrationOf } from "./feature-illustrations.ts";

/**
 * A feature's illustration, as the landing's cards and the features page's rows show it:
 * decorative (the heading beside it names the feature), with its intrinsic size so the
 * layout does not shift when it loads.
 */
export function FeatureIllustration({ id, className }: { id: FeatureId; className: string }) {
  return (
    <img
      className={className}
      src={illustrationOf(id)}
      alt=""
      width={240}
      height={150}
      loading="lazy"
      decoding="async"
    />
  );
}
