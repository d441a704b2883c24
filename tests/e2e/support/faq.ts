import type { Page } from "@playwright/test";

/**
 * An FAQ question: a `<details>` (role group) whose summary holds the question's heading.
 * Click the heading to toggle it; `item` has the `open` attribute while it is expanded.
 */
export function faqQuestion(page: Page, question: string) {
  const heading = page.getByRole("heading", { name: question, exact: true });
  const item = page.getByRole("group").filter({ has: heading });
  return { heading, item, summary: item.locator("summary") };
}

/** Every FAQ question on the page (each is a `<details>`, role group). */
export function faqQuestions(page: Page) {
  return page.getByRole("group").filter({ has: page.getByRole("heading") });
}
