"use client";
import { createFocusTrap } from "focus-trap";
import { type ReactNode, useEffect, useRef } from "react";

type Props = {
  /** The dialog's accessible name. */
  label: string;
  /** Escape, or the dialog's own cancel button. */
  onClose: () => void;
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog: the platform's `<dialog>` opened with `showModal()`, so it
 * sits in the middle of the viewport (never below the fold on a phone) with
 * the page behind it inert, and focus-trap keeps Tab and Shift+Tab cycling
 * inside it. Escape closes it; focus then goes back to where it came from.
 */
export function Dialog({ label, onClose, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const trap = createFocusTrap(dialog, {
      fallbackFocus: dialog,
      escapeDeactivates: false,
      allowOutsideClick: true,
    });
    trap.activate();
    return () => {
      trap.deactivate();
      dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={["dialog", className].filter(Boolean).join(" ")}
      onCancel={(e) => {
        e.preventDefault();
        close.current();
      }}
    >
      {children}
    </dialog>
  );
}
