import type { LiveFormComponent } from "./live-form.tsx";

export type { LiveFormComponent };

let loading: Promise<LiveFormComponent> | null = null;

/**
 * Loads the live form (react-hook-form, the zod schemas and the Downshift dropdown) as its
 * own chunk, so the referrals page's first load stays within the JavaScript budget. Called
 * when a visitor points at, focuses or clicks a form button; a failed load can be retried.
 */
export function loadLiveForm(): Promise<LiveFormComponent> {
  loading ??= import("./live-form.tsx").then(
    (module) => module.LiveForm,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts loading early; errors surface again when the form is really opened. */
export function prefetchLiveForm(): void {
  loadLiveForm().catch(() => undefined);
}
