"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";

type Props = {
  /** S-2 "show my hand": kept by the table for this seat, so it holds on every device. */
  showMyHand: boolean;
  onShowMyHand: (on: boolean) => void;
  notify: boolean;
  onNotify: (on: boolean) => void;
};

/**
 * The player's table options: "show my hand" at the showdown (S-2; the
 * table keeps it), and the turn notification (kept in this browser). Both off
 * at first. The table's sounds have their own mute button on the felt.
 */
export function TableOptions({ showMyHand, onShowMyHand, notify, onNotify }: Props) {
  const t = useTranslations("table.options");
  const [denied, setDenied] = useState(false);
  const askToNotify = async (on: boolean) => {
    if (!on || typeof Notification === "undefined") return onNotify(false);
    // Opt-in: the browser asks the player once; a refusal leaves the option off.
    const permission =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    setDenied(permission === "denied");
    onNotify(permission === "granted");
  };
  return (
    <fieldset className="table-options" aria-label={t("label")}>
      <label>
        <input
          type="checkbox"
          checked={showMyHand}
          onChange={(e) => onShowMyHand(e.target.checked)}
        />
        {t("showMyHand")}
      </label>
      <label>
        <input
          type="checkbox"
          checked={notify}
          onChange={(e) => void askToNotify(e.target.checked)}
        />
        {t("notify")}
      </label>
      {denied && <span className="muted">{t("notifyDenied")}</span>}
    </fieldset>
  );
}
