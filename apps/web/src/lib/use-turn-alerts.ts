"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTRPC } from "./trpc";

/** The tab's icon: the felt, and with a gold dot when it is your turn (so a tab among many says so). */
const icon = (turn: boolean) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><ellipse cx="16" cy="16" rx="15" ry="11" fill="#0f5132" stroke="#0b3d26" stroke-width="2"/>${
      turn
        ? '<circle cx="24" cy="8" r="7" fill="#f2c14e" stroke="#1b1b1b" stroke-width="1.5"/>'
        : ""
    }</svg>`,
  )}`;

type Options = {
  myTurn: boolean;
  /** The tab's title now (it already says "Your turn" when it is). */
  title: string | null;
  /** The site's own title, for the tab when the table is left. */
  siteTitle: string;
  notify: boolean;
  notification: { title: string; body: string; tag: string };
};

/**
 * Turn alerts for a player at several tables: the tab's title and icon while
 * it is his turn, and when his turn begins a browser notification (if he
 * asked for them and the tab is not in view). The turn's sound is the felt's
 * (components/felt/felt-layer.tsx).
 */
export function useTurnAlerts({ myTurn, title, siteTitle, notify, notification }: Options): void {
  useEffect(() => {
    if (!title) return;
    // Mounted by a client-side navigation, the page may have no title yet: restore the site's then.
    const before = document.title || siteTitle;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title, siteTitle]);

  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>("link#table-icon");
    if (!link) {
      link = document.createElement("link");
      link.id = "table-icon";
      link.rel = "icon";
      document.head.append(link);
    }
    link.href = icon(myTurn);
    link.dataset.turn = String(myTurn);
  }, [myTurn]);
  useEffect(
    () => () => {
      document.querySelector("link#table-icon")?.remove();
    },
    [],
  );

  // The bar of my tables hears of a turn here at once, not at its next poll.
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.lobby.myTables.queryKey() });
  }, [myTurn, queryClient, trpc]);

  useEffect(() => {
    if (!myTurn) return;
    if (notify && typeof Notification !== "undefined" && Notification.permission === "granted") {
      if (document.visibilityState !== "visible") {
        const shown = new Notification(notification.title, {
          body: notification.body,
          tag: notification.tag,
        });
        shown.onclick = () => {
          window.focus();
          shown.close();
        };
      }
    }
    // Only the start of a turn alerts; the options are read as they are then.
  }, [myTurn]);
}
