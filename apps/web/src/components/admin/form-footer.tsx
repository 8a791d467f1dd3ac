import { errorMessage } from "@/lib/errors";

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
  return (
    <>
      {showError && (
        <p role="alert" className="error" data-testid={testId}>
          {errorMessage(error)}
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
            Cancel
          </button>
        )}
      </div>
    </>
  );
}
