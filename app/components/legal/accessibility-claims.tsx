import type { ClaimId } from "../../content/accessibility.ts";
import { useT } from "../../hooks/use-t.ts";

interface AccessibilityClaimsProps {
  claims: ReadonlyArray<{ id: ClaimId; criteria: readonly string[] }>;
}

/**
 * What the accessibility statement says its tests check, one item per claim of
 * app/content/accessibility.ts, each with the WCAG success criteria it speaks to.
 */
export function AccessibilityClaims({ claims }: AccessibilityClaimsProps) {
  const t = useT();
  return (
    <ul className="accessibility-list">
      {claims.map((claim) => (
        <li key={claim.id}>
          {t(`accessibility.claims.${claim.id}`)}
          {claim.criteria.length > 0 ? (
            <span className="accessibility-list__criteria">
              {t("accessibility.criteria", { criteria: claim.criteria.join(", ") })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
