import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/** A labelled form control with the API's message for it, read out by screen readers. */
export function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const t = useTranslations("common.field");
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={name}>{label}</label>
      {children}
      {hint && !error && <small className="muted">{hint}</small>}
      {error && (
        <small id={`${name}-error`} className="error" role="alert" data-testid={`error-${name}`}>
          {t("error", { label, error })}
        </small>
      )}
    </div>
  );
}
