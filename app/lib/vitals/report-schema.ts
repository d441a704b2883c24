import { z } from "zod";
import { LOCALES } from "../locale.ts";
import { PAGES } from "../pages.ts";
import {
  DEVICE_CLASSES,
  EARLY_ACTION_KINDS,
  EARLY_ACTIONS_MAX,
  type EarlyActionKind,
  NAVIGATION_TYPES,
  NOT_FOUND_PAGE,
  VITALS_MAX,
  VITALS_METRICS,
  type VitalsMetric,
  type VitalsPage,
  type VitalsReport,
} from "./report.ts";

/**
 * Every page id a report may name: the page table's (app/lib/pages.ts), derived so that a
 * page added there is known here, and the 404 page.
 */
export const VITALS_PAGES: readonly VitalsPage[] = [
  ...PAGES.map((page) => page.id),
  NOT_FOUND_PAGE,
];

/**
 * The server's rule for a speed report (`POST /api/vitals`): every label from its closed
 * set, each metric a finite number from 0 to its bound, at least one metric, and no key
 * the schema does not name (an unknown metric is refused, not dropped). Only the server
 * imports it: the browser's chunk has a byte budget zod alone would blow.
 */
const metricsSchema = z
  .strictObject(
    Object.fromEntries(
      VITALS_METRICS.map((name) => [name, z.number().min(0).max(VITALS_MAX[name]).optional()]),
    ) as Record<VitalsMetric, z.ZodOptional<z.ZodNumber>>,
  )
  .refine((metrics) => Object.values(metrics).some((value) => value !== undefined));

const earlySchema = z.strictObject(
  Object.fromEntries(
    EARLY_ACTION_KINDS.map((kind) => [kind, z.int().min(0).max(EARLY_ACTIONS_MAX).optional()]),
  ) as Record<EarlyActionKind, z.ZodOptional<z.ZodInt>>,
);

const oneOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);

const vitalsReportSchema = z.strictObject({
  page: oneOf(VITALS_PAGES),
  locale: oneOf(LOCALES),
  device: oneOf(DEVICE_CLASSES),
  navigation: oneOf(NAVIGATION_TYPES),
  metrics: metricsSchema,
  early: earlySchema.optional(),
});

/** The report, or null when the body breaks any rule (the server answers 400). */
export function parseVitalsReport(body: unknown): VitalsReport | null {
  const result = vitalsReportSchema.safeParse(body);
  return result.success ? (result.data as VitalsReport) : null;
}
