import { readFileSync } from "node:fs";
import { z } from "zod";
import { loadMessages } from "../i18n/catalog.server.ts";
import {
  compilePageMessages,
  localeFromRequest,
  type PageMessages,
} from "../i18n/page-loader.server.ts";
import { LOCALES, type Locale } from "../locale.ts";

/** The build's TESTIMONIALS_FILE, resolved (scripts/vite/build-config-plugin.ts); "" if unset. */
declare const __TESTIMONIALS_FILE__: string;

const Quote = z.strictObject({
  name: z.string().trim().min(1),
  role: z.string().trim().min(1),
  company: z.string().trim().min(1),
  quote: z.string().trim().min(1),
});

/**
 * A testimonials file: per locale, the same customers (by id, in the order shown) with
 * their words in that language. Keys starting with `_` are comments.
 */
const TestimonialsFile = z
  .record(z.string(), z.unknown())
  .transform((file) =>
    Object.fromEntries(Object.entries(file).filter(([key]) => !key.startsWith("_"))),
  )
  .pipe(
    z.strictObject(
      Object.fromEntries(
        LOCALES.map((locale) => [locale, z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), Quote)]),
      ) as Record<Locale, z.ZodRecord<z.ZodString, typeof Quote>>,
    ),
  )
  .superRefine((file, context) => {
    const ids = Object.keys(file.en).join(",");
    for (const locale of LOCALES) {
      if (Object.keys(file[locale]).join(",") !== ids) {
        context.addIssue({
          code: "custom",
          message: `${locale} must list the same customers, in the same order, as en (${ids})`,
        });
      }
    }
  });

export type Testimonials = z.infer<typeof TestimonialsFile>;

/** Reads and checks a testimonials file; throws, naming the file and the problem. */
export function parseTestimonials(text: string, file: string): Testimonials {
  const result = TestimonialsFile.safeParse(JSON.parse(text));
  if (!result.success) {
    throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** Messages of one locale's testimonials, under the keys the carousel reads. */
export function testimonialMessages(
  testimonials: Testimonials,
  locale: Locale,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [id, quote] of Object.entries(testimonials[locale])) {
    for (const [field, text] of Object.entries(quote)) {
      // ICU: an apostrophe is literal text unless it starts an escape; doubling keeps it so.
      messages[`landing.testimonials.items.${id}.${field}`] = text.replace(/'/g, "''");
    }
  }
  return messages;
}

let cached: Testimonials | null | undefined;

function configuredTestimonials(): Testimonials | null {
  if (cached === undefined) {
    cached = __TESTIMONIALS_FILE__
      ? parseTestimonials(readFileSync(__TESTIMONIALS_FILE__, "utf8"), __TESTIMONIALS_FILE__)
      : null;
  }
  return cached;
}

/**
 * A page's loader data with this locale's testimonials added: the section's own messages
 * (heading, carousel controls) and the quotes among the page's messages, and the ids of the
 * customers shown. A build without a testimonials file adds neither, so a page lists only
 * the messages of the sections it always shows.
 */
export function withTestimonials<Data extends PageMessages>(
  request: Request,
  data: Data,
): Data & { testimonialIds: string[] } {
  const testimonials = configuredTestimonials();
  if (!testimonials) return { ...data, testimonialIds: [] };
  const locale = localeFromRequest(request);
  return {
    ...data,
    messages: {
      ...data.messages,
      ...compilePageMessages(locale, {
        ...loadMessages(locale, ["landing.testimonials"]),
        ...testimonialMessages(testimonials, locale),
      }),
    },
    testimonialIds: Object.keys(testimonials[locale]),
  };
}
