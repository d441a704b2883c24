import type { FormDefinition } from "./form-definitions.ts";
import { FormFields } from "./form-fields.tsx";
import { FormFrame } from "./form-frame.tsx";

/**
 * The form as prerendered: it posts natively with the browser's own checks, so it works
 * before (or without) the script that swaps in the live form.
 */
export function StaticForm({
  definition,
  notice,
}: {
  definition: FormDefinition;
  notice?: string;
}) {
  return (
    <FormFrame definition={definition} status={notice}>
      <FormFields definition={definition} />
    </FormFrame>
  );
}
