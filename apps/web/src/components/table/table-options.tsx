"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";

type Props = {
  autoMuck: boolean;
  onAutoMuck: (on: boolean) => void;
  sound: boolean;
  onSound: (on: boolean) => void;
  notify: boolean;
  onNotify: (on: boolean) => void;
};

/** The player's table options, kept in this browser: auto-muck, and the turn alerts (all off at first). */
export function TableOptions({ autoMuck, onAutoMuck, sound, onSound, notify, onNotify }: Props) {
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
        <input type="checkbox" checked={autoMuck} onChange={(e) => onAutoMuck(e.target.checked)} />
        {t("autoMuck")}
      </label>
      <label>
        <input type="checkbox" checked={sound} onChange={(e) => onSound(e.target.checked)} />
        {t("sound")}
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
