import { createContext, type ReactNode, useContext } from "react";
import { useT } from "../../hooks/use-t.ts";
import { Field, type FieldAria } from "../ui/field.tsx";
import {
  type ChoiceFieldSpec,
  type FieldSpec,
  type FormDefinition,
  fieldId,
} from "./form-definitions.ts";

/**
 * How a field learns its message: a hook, called by each field with its name, that returns
 * the message of a touched and invalid field (SPEC §5). The live form provides one that
 * subscribes each field to its own state, so a field's new message re-renders that field
 * alone, not the form (issue 50: a blur re-rendered every field, the partner form's dropdown
 * included, within the tap that moved focus). The script-less form has none.
 */
export const FieldErrorSource = createContext<(name: string) => string | undefined>(noMessage);

function noMessage(): undefined {
  return undefined;
}

export interface FormFieldsProps {
  definition: FormDefinition;
  /** Extra props for a text control, such as react-hook-form's `register(name)`. */
  controlProps?: (name: string) => object;
  /** Renders a choice field; without it a native `<select>` posts the plain value. */
  renderChoice?: (spec: ChoiceFieldSpec, aria: FieldAria, error: string | undefined) => ReactNode;
}

/**
 * The fields of a referral form in their groups. The same markup serves the script-less
 * form (native validation, real post) and the live one, so one swaps for the other unseen.
 */
export function FormFields({ definition, controlProps, renderChoice }: FormFieldsProps) {
  const t = useT();
  const firstName = definition.groups[0]?.fields[0]?.name;
  return definition.groups.map((group) => (
    <FieldGroupView
      key={group.fields[0]?.name}
      legend={group.legendKey ? t(group.legendKey) : undefined}
    >
      <FieldGrid
        fields={group.fields}
        definition={definition}
        firstName={firstName}
        controlProps={controlProps}
        renderChoice={renderChoice}
      />
    </FieldGroupView>
  ));
}

/** A `<fieldset>` when the group has a legend, a plain wrapper otherwise. */
function FieldGroupView({ legend, children }: { legend?: string; children: ReactNode }) {
  return legend ? (
    <fieldset className="form-group">
      <legend className="form-group__legend">{legend}</legend>
      {children}
    </fieldset>
  ) : (
    <div className="form-group">{children}</div>
  );
}

interface FieldGridProps extends Pick<FormFieldsProps, "controlProps" | "renderChoice"> {
  fields: readonly FieldSpec[];
  definition: FormDefinition;
  firstName: string | undefined;
}

function FieldGrid({ fields, definition, firstName, ...rest }: FieldGridProps) {
  return (
    <div className="form-grid">
      {fields.map((spec) => (
        <FieldControl
          key={spec.name}
          spec={spec}
          id={fieldId(definition.kind, spec.name)}
          isFirst={spec.name === firstName}
          {...rest}
        />
      ))}
    </div>
  );
}

interface FieldControlProps extends Pick<FormFieldsProps, "controlProps" | "renderChoice"> {
  spec: FieldSpec;
  id: string;
  /** Receives focus when the dialog opens. */
  isFirst: boolean;
}

function FieldControl({ spec, id, isFirst, controlProps, renderChoice }: FieldControlProps) {
  const t = useT();
  // The same hook on every render: the provider is fixed for the life of a form.
  const useFieldError = useContext(FieldErrorSource);
  const error = useFieldError(spec.name);
  const isWide = spec.kind !== "choice" && spec.isWide;
  const isRequired = spec.kind === "choice" || !spec.isOptional;
  return (
    <div className={isWide ? "form-grid__cell form-grid__cell--wide" : "form-grid__cell"}>
      <Field
        id={id}
        label={t(spec.labelKey)}
        optionalText={isRequired ? undefined : t("form.optional")}
        error={error}
      >
        {(aria) => {
          if (spec.kind === "choice") {
            if (renderChoice) return renderChoice(spec, aria, error);
            return (
              <select
                {...aria}
                name={spec.name}
                className="field__control"
                required
                defaultValue=""
              >
                <option value="" disabled>
                  {t("form.dropdown.placeholder")}
                </option>
                {spec.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(option.labelKey)}
                  </option>
                ))}
              </select>
            );
          }
          const shared = {
            ...aria,
            name: spec.name,
            className: "field__control",
            required: isRequired,
            autoComplete: spec.autoComplete,
            maxLength: spec.maxChars,
            "data-autofocus": isFirst || undefined,
            ...controlProps?.(spec.name),
          };
          if (spec.kind === "textarea") return <textarea rows={4} {...shared} />;
          return (
            <input
              type={spec.kind}
              {...shared}
              {...(spec.kind === "email" ? { inputMode: "email" as const, spellCheck: false } : {})}
            />
          );
        }}
      </Field>
    </div>
  );
}
