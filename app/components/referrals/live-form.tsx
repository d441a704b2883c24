import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegisterReturn,
  useController,
  useForm,
  useFormState,
} from "react-hook-form";
import { afterNextPaint } from "../../browser/after-next-paint.ts";
import { postForm } from "../../browser/post-form.ts";
import { type Translate, useT } from "../../hooks/use-t.ts";
import { trackEvent } from "../../lib/analytics/tracking-event.ts";
import { PARTNER_FIELDS, validatePartner, validatePartnerField } from "../../lib/forms/partner.ts";
import {
  REFERRAL_FIELDS,
  validateReferral,
  validateReferralField,
} from "../../lib/forms/referral.ts";
import type { FieldIssue } from "../../lib/forms/rules.ts";
import { FORM_ENDPOINTS, type ReferralFormKind } from "../../lib/referrals/constants.ts";
import { encodeFormBody } from "../../lib/referrals/submission.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { type FieldAria, labelIdOf } from "../ui/field.tsx";
import {
  type ChoiceFieldSpec,
  type FieldSpec,
  type FormDefinition,
  fieldId,
} from "./form-definitions.ts";
import { FieldErrorSource, FormFields } from "./form-fields.tsx";
import { FormFrame, type SummaryItem } from "./form-frame.tsx";

type Values = Record<string, string>;

export interface LiveFormProps {
  definition: FormDefinition;
  /** Called with the submitted (normalised) values once the server accepted them. */
  onSent: (values: Values) => void;
  /** A status line to start with (a script-less post the server turned down). */
  notice?: string;
}

export type LiveFormComponent = (props: LiveFormProps) => ReactNode;

type Validate = (
  values: Readonly<Record<string, unknown>>,
) => { ok: true; data: Values } | { ok: false; issues: Partial<Record<string, FieldIssue>> };

interface FormRules {
  /** The posted fields, in order. */
  fields: readonly string[];
  /** The whole shared schema (a submit). */
  validate: Validate;
  /** One field alone (a blur, a keystroke); the fields' rules read no other field. */
  validateField: (name: string, value: unknown) => FieldIssue | undefined;
}

/** The shared schemas: the posted fields in order, and the rules the server runs too. */
const RULES: Record<ReferralFormKind, FormRules> = {
  referral: {
    fields: REFERRAL_FIELDS,
    validate: validateReferral,
    validateField: (name, value) =>
      isOneOf(REFERRAL_FIELDS, name) ? validateReferralField(name, value) : undefined,
  },
  partner: {
    fields: PARTNER_FIELDS,
    validate: validatePartner,
    validateField: (name, value) =>
      isOneOf(PARTNER_FIELDS, name) ? validatePartnerField(name, value) : undefined,
  },
};

function isOneOf<T extends string>(names: readonly T[], name: string): name is T {
  return (names as readonly string[]).includes(name);
}

/**
 * Runs the shared schema and translates its issue keys. A check of some fields (react-hook-form
 * names one on a blur or a keystroke) runs their rules alone, not the whole schema's; a submit
 * names every field and gets the cleaned values.
 */
function schemaResolver(rules: FormRules, t: Translate): Resolver<Values> {
  const messageOf = (issue: FieldIssue) => ({
    type: "validate",
    message: t(issue.key, issue.values),
  });
  return async (values, _context, { names }) => {
    const named = names?.filter((name) => rules.fields.includes(name)) ?? rules.fields;
    if (named.length < rules.fields.length) {
      const errors: FieldErrors<Values> = {};
      for (const name of named) {
        const issue = rules.validateField(name, values[name]);
        if (issue) errors[name] = messageOf(issue);
      }
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    }
    const result = rules.validate(values);
    if (result.ok) return { values: result.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const [field, issue] of Object.entries(result.issues)) {
      if (issue) errors[field] = messageOf(issue);
    }
    return { values: {}, errors };
  };
}

/**
 * A field checks itself once the tap that left it has painted: the check and the message it
 * shows cost more than the tap's own answer on a slow phone, and the visitor looks at the
 * next field first (issue 50). A submit still checks every field at once.
 */
function checkedAfterPaint(props: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...props,
    onBlur: async (event) => afterNextPaint(() => void props.onBlur(event)),
  };
}

/** The live form's state, for the hook that gives each field its own message. */
const LiveFormControl = createContext<Control<Values> | null>(null);

/** A field's message, re-rendering that field alone when its own state changes. */
function useLiveFieldError(name: string): string | undefined {
  const control = useContext(LiveFormControl);
  if (!control) throw new Error("useLiveFieldError is only for fields of a LiveForm");
  const { errors } = useFormState({ control, name, exact: true });
  return errors[name]?.message;
}

/**
 * The form once the script runs (SPEC §3, §5, §7): react-hook-form keeps each field's
 * value, touched, dirty and error state; errors show once a field is touched and invalid,
 * the summary only after a failed submit. A valid submit fires the analytics event, posts
 * the exact fields form-encoded, and reports success; a failed post keeps what was typed.
 */
export function LiveForm({ definition, onSent, notice }: LiveFormProps) {
  const t = useT();
  const rules = RULES[definition.kind];
  const { fields } = rules;
  const resolver = useMemo(() => schemaResolver(rules, t), [rules, t]);
  const defaultValues = useMemo(
    () => Object.fromEntries(fields.map((name) => [name, ""])),
    [fields],
  );
  const { register, handleSubmit, control, formState } = useForm<Values>({
    mode: "onTouched",
    defaultValues,
    resolver,
  });
  const { isSubmitting } = formState;
  const [hasFailedSubmit, setHasFailedSubmit] = useState(false);
  const [status, setStatus] = useState(notice ?? "");
  // A notice given after the form mounted (a form reopened with its note while its modal
  // was already showing the live form) is shown too, not only one given at mount.
  const [shownNotice, setShownNotice] = useState(notice);
  if (notice !== shownNotice) {
    setShownNotice(notice);
    if (notice) setStatus(notice);
  }
  const isSending = useRef(false);

  const specs = useMemo(
    () =>
      new Map<string, FieldSpec>(
        definition.groups.flatMap((group) => group.fields.map((spec) => [spec.name, spec])),
      ),
    [definition],
  );
  // Only the summary reads the form's errors, and only after a failed submit: reading them
  // subscribes the whole form to every change of them (react-hook-form's proxy), and before
  // that each field shows its own (useLiveFieldError).
  const summary: SummaryItem[] = [];
  if (hasFailedSubmit) {
    const { errors } = formState;
    for (const name of fields) {
      const message = errors[name]?.message;
      const spec = specs.get(name);
      if (!message || !spec) continue;
      summary.push({ fieldId: fieldId(definition.kind, name), label: t(spec.labelKey), message });
    }
  }

  const submit = handleSubmit(
    async (data) => {
      setHasFailedSubmit(false);
      setStatus("");
      trackEvent({
        id: `${definition.kind}-form-submit`,
        text: t(definition.submitKey),
        section: "referrals",
      });
      try {
        await postForm(FORM_ENDPOINTS[definition.kind], encodeFormBody(fields, data));
      } catch (error) {
        // SPEC §8 logs the failure; the visitor is also told, and keeps what they typed.
        console.error(`The ${definition.kind} form could not be sent`, error);
        setStatus(t("form.networkError"));
        return;
      }
      onSent(data);
    },
    () => setHasFailedSubmit(true),
  );

  const handleFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One post at a time: a second click while sending does nothing.
    if (isSending.current) return;
    isSending.current = true;
    submit(event).finally(() => {
      isSending.current = false;
    });
  };

  return (
    <FormFrame
      definition={definition}
      onSubmit={handleFormSubmit}
      isLive
      isSubmitting={isSubmitting}
      summary={summary}
      status={status}
    >
      <LiveFormControl value={control}>
        <FieldErrorSource value={useLiveFieldError}>
          <FormFields
            definition={definition}
            controlProps={(name) => checkedAfterPaint(register(name))}
            renderChoice={(spec, aria) => (
              <ChoiceControl control={control} spec={spec} aria={aria} />
            )}
          />
        </FieldErrorSource>
      </LiveFormControl>
    </FormFrame>
  );
}

function ChoiceControl({
  control,
  spec,
  aria,
}: {
  control: Control<Values>;
  spec: ChoiceFieldSpec;
  aria: FieldAria;
}) {
  const t = useT();
  const { field } = useController({ name: spec.name, control });
  const options = useMemo(
    () => spec.options.map((option) => ({ value: option.value, label: t(option.labelKey) })),
    [spec, t],
  );
  return (
    <Dropdown
      id={aria.id}
      labelId={labelIdOf(aria.id)}
      options={options}
      value={field.value ?? ""}
      onChange={(value) => field.onChange(typeof value === "string" ? value : value.join(","))}
      onBlur={() => afterNextPaint(field.onBlur)}
      inputRef={field.ref}
      aria-invalid={aria["aria-invalid"]}
      aria-describedby={aria["aria-describedby"]}
    />
  );
}
