"use client";
import type { PlayerAction } from "@felt/protocol";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

type Props = {
  /** The hand beats or ties every hand shown so far (legal actions' `muckMayWin`, S-2). */
  mayWin: boolean;
  onAction: (action: PlayerAction) => void;
};

/**
 * Show or muck at showdown. A hand that may still win is shown by default:
 * mucking it asks first, and only "Muck anyway" sends the confirmed muck the
 * server requires for it.
 */
export function ShowdownBar({ mayWin, onAction }: Props) {
  const t = useTranslations("table");
  const [confirming, setConfirming] = useState(false);
  const showButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) showButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (!mayWin) setConfirming(false);
  }, [mayWin]);

  if (confirming) {
    return (
      <div
        className="action-bar muck-confirm"
        role="alertdialog"
        aria-labelledby="muck-confirm-text"
        onKeyDown={(e) => {
          if (e.key === "Escape") setConfirming(false);
        }}
      >
        <p id="muck-confirm-text">{t("muckConfirm.text")}</p>
        <button ref={showButton} type="button" onClick={() => onAction({ type: "show" })}>
          {t("show")}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => onAction({ type: "muck", confirm: true })}
        >
          {t("muckConfirm.muckAnyway")}
        </button>
      </div>
    );
  }
  return (
    <div className="action-bar">
      <button type="button" onClick={() => onAction({ type: "show" })}>
        {t("show")}
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() => (mayWin ? setConfirming(true) : onAction({ type: "muck" }))}
      >
        {t("muck")}
      </button>
    </div>
  );
}
