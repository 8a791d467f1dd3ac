"use client";
import { useTranslations } from "next-intl";

/**
 * The table's mute button: pressed = the sounds are off. A toggle button
 * with one name ("Mute table sounds"), so a screen reader says its state.
 */
export function SoundToggle({
  muted,
  onMuted,
}: {
  muted: boolean;
  onMuted: (muted: boolean) => void;
}) {
  const t = useTranslations("table.sounds");
  return (
    <button
      type="button"
      className="felt-sound"
      aria-pressed={muted}
      aria-label={t("mute")}
      title={muted ? t("muted") : t("on")}
      data-testid="sound-toggle"
      onClick={() => onMuted(!muted)}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {muted ? (
          <path
            d="M16 9l5 6M21 9l-5 6"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        )}
      </svg>
    </button>
  );
}
