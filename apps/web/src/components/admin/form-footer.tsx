import { useTranslations } from "next-intl";
import { useErrors } from "@/lib/errors";

/**
 * The end of an admin form: the API's error when no field can show it, the
 * "saved" notice, and the submit (and, while editing, cancel) buttons.
 */
export function FormFooter({
  testId,
  error,
  showError,
  saved,
  pending,
  submitLabel,
  onCancel,
}: {
  /** `data-testid` of the form-wide error. */
  testId: string;
  error: unknown;
  /** Whether the error has no field of its own to appear under. */
  showError: boolean;
  saved: string | null;
  pending: boolean;
  submitLabel: string;
  /** Shown as a Cancel button when given (editing). */
  onCancel?: (() => void) | null;
}) {
  const t = useTranslations("admin.common");
  const errors = useErrors();
  return (
    <>
      {showError && (
        <p role="alert" className="error" data-testid={testId}>
          {errors.message(error)}
        </p>
      )}
      {saved && (
        <p role="status" className="ok">
          {saved}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t("cancel")}
          </button>
        )}
      </div>
    </>
  );
}
