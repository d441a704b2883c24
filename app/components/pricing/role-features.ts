import type { MessageKey } from "../../lib/i18n/keys.ts";
import type { PerRole } from "../../lib/pricing/roles.ts";

/**
 * SPEC §6: what each account type can do, as catalogue keys. View-only reporting lists no
 * features in the spec, so its card shows only its summary.
 */
export const ROLE_FEATURES: PerRole<readonly MessageKey[]> = {
  user: [
    "pricing.roles.user.features.visibility",
    "pricing.roles.user.features.ownedItem",
    "pricing.roles.user.features.activities",
    "pricing.roles.user.features.rules",
    "pricing.roles.user.features.dashboard",
    "pricing.roles.user.features.notifications",
  ],
  manager: [
    "pricing.roles.manager.features.visibility",
    "pricing.roles.manager.features.ownedItems",
    "pricing.roles.manager.features.activities",
    "pricing.roles.manager.features.rules",
    "pricing.roles.manager.features.drivers",
    "pricing.roles.manager.features.explorer",
    "pricing.roles.manager.features.search",
    "pricing.roles.manager.features.plans",
    "pricing.roles.manager.features.export",
    "pricing.roles.manager.features.reports",
  ],
  "power-user": [
    "pricing.roles.power-user.features.visibility",
    "pricing.roles.power-user.features.activities",
    "pricing.roles.power-user.features.rules",
    "pricing.roles.power-user.features.dashboard",
    "pricing.roles.power-user.features.drivers",
    "pricing.roles.power-user.features.explorer",
    "pricing.roles.power-user.features.plans",
    "pricing.roles.power-user.features.reports",
    "pricing.roles.power-user.features.syncs",
    "pricing.roles.power-user.features.admin",
    "pricing.roles.power-user.features.import",
  ],
  "view-only": [],
};
