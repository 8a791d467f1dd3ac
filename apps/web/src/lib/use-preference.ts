"use client";
import { useCallback, useEffect, useState } from "react";

/**
 * A player's on/off choice kept in this browser (localStorage), the same in
 * every tab: the table options (auto-muck, sound, notifications). It starts
 * at `initial` until the stored value is read, after the first render.
 */
export function usePreference(key: string, initial: boolean): [boolean, (on: boolean) => void] {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const stored = window.localStorage.getItem(key);
    if (stored !== null) setValue(stored === "on");
    const onStorage = (e: StorageEvent) => {
      if (e.key === key && e.newValue !== null) setValue(e.newValue === "on");
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key]);
  const set = useCallback(
    (on: boolean) => {
      setValue(on);
      window.localStorage.setItem(key, on ? "on" : "off");
    },
    [key],
  );
  return [value, set];
}
