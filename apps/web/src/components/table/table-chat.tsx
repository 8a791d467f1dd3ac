"use client";
import { CHAT_MAX_CHARS, cleanChatText } from "@felt/protocol";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useErrors } from "@/lib/errors";
import { useMutedPlayers } from "@/lib/use-muted-players";
import type { TableChat as Chat, TableError } from "@/lib/use-table-socket";

type Props = {
  chat: Chat;
  say: (text: string) => void;
  /** The viewer's player id, or null when he is not signed in. */
  me: string | null;
  /** Whether the viewer has a seat here (the room checks again). */
  seated: boolean;
};

/** How close to the bottom (px) still counts as "at the bottom" for auto-scrolling. */
const NEAR_BOTTOM = 24;

/** Why the viewer may not write, or null when he may (the room decides in the end). */
function whyNot(mode: Chat["mode"], me: string | null, seated: boolean) {
  if (mode === "off") return "off" as const;
  if (mode === "players" && !seated) return "playersOnly" as const;
  if (me === null) return "signIn" as const;
  return null;
}

/**
 * The table's chat: the recent lines, newest at the bottom, each as plain
 * text (React text nodes, never HTML) with its writer's name and seat; an
 * input for those the stake lets write; the room's refusals worded from the
 * error catalogue; and a mute list kept in this browser.
 */
export function TableChat({ chat, say, me, seated }: Props) {
  const t = useTranslations("table.chat");
  const errors = useErrors();
  const { muted, mute, unmute } = useMutedPlayers();
  const [open, setOpen] = useState(true);
  const [text, setText] = useState("");
  const sent = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const ids = useId();
  const panelId = `${ids}-panel`;
  const inputId = `${ids}-input`;
  const counterId = `${ids}-counter`;

  const mutedIds = new Set(muted.map((p) => p.playerId));
  const shown = chat.lines.filter((line) => !mutedIds.has(line.playerId));
  const hidden = chat.lines.length - shown.length;
  const reason = whyNot(chat.mode, me, seated);
  const lastId = shown.at(-1)?.id ?? 0;

  // New lines scroll into view only for a reader already at the bottom.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId, open]);
  const onScroll = () => {
    const el = list.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM;
  };

  // A refused line comes back to the input, unless something new was typed meanwhile.
  useEffect(() => {
    if (chat.error && sent.current !== null) {
      const back = sent.current;
      setText((now) => (now === "" ? back : now));
    }
    sent.current = null;
  }, [chat.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cleanChatText(text).ok) return;
    sent.current = text;
    say(text);
    setText("");
    atBottom.current = true;
  };

  const refusal = (error: TableError) =>
    // The room says "sign_in_required" to anyone unknown; in the chat it means signing in to write.
    errors.socket(
      error.code === "sign_in_required" ? { ...error, code: "chat_sign_in_required" } : error,
    );

  if (chat.mode === null) return null;
  const length = [...text].length;

  return (
    <section className="table-chat" aria-label={t("label")} data-testid="table-chat">
      <h2>
        <button
          type="button"
          className="chat-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {t("title")}{" "}
          <span className="chat-toggle-arrow" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="chat-panel">
        {chat.mode !== "off" && (
          <div
            ref={list}
            className="chat-lines"
            data-testid="chat-log"
            role="log"
            aria-label={t("log")}
            aria-live="polite"
            aria-relevant="additions"
            onScroll={onScroll}
          >
            <ol>
              {shown.map((line) => (
                <li key={line.id} className="chat-line" data-testid="chat-line">
                  <span className="chat-name">{line.name}</span>
                  {line.seat !== null && (
                    <span className="chat-seat muted"> ({t("seat", { n: line.seat })})</span>
                  )}
                  {": "}
                  <span className="chat-text">{line.text}</span>
                  {line.playerId !== me && (
                    <button
                      type="button"
                      className="chat-mute secondary small"
                      aria-label={t("muteLabel", { name: line.name })}
                      title={t("muteLabel", { name: line.name })}
                      onClick={() => mute({ playerId: line.playerId, name: line.name })}
                    >
                      {t("mute")}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          </div>
        )}
        {chat.mode !== "off" && shown.length === 0 && hidden === 0 && (
          <p className="muted chat-note">{t("empty")}</p>
        )}
        {hidden > 0 && (
          <p className="muted chat-note" data-testid="chat-hidden">
            {t("hidden", { count: hidden })}
          </p>
        )}
        {reason ? (
          <p className="muted chat-note" data-testid="chat-why-not">
            {t(reason)}
          </p>
        ) : (
          <form className="chat-form" onSubmit={submit}>
            <label htmlFor={inputId} className="visually-hidden">
              {t("inputLabel")}
            </label>
            <input
              id={inputId}
              type="text"
              value={text}
              maxLength={CHAT_MAX_CHARS}
              autoComplete="off"
              enterKeyHint="send"
              placeholder={t("placeholder")}
              aria-describedby={counterId}
              onChange={(e) => setText(e.target.value)}
            />
            <span id={counterId} className="chat-counter muted" data-testid="chat-counter">
              {t("counter", { count: length, max: CHAT_MAX_CHARS })}
            </span>
            <button type="submit" disabled={!cleanChatText(text).ok}>
              {t("send")}
            </button>
          </form>
        )}
        {chat.error && (
          <p role="alert" className="error chat-error" data-testid="chat-error">
            {refusal(chat.error)}
          </p>
        )}
        {muted.length > 0 && (
          <details className="chat-muted" data-testid="chat-muted">
            <summary>{t("muted", { count: muted.length })}</summary>
            <ul>
              {muted.map((p) => (
                <li key={p.playerId}>
                  {p.name}{" "}
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={t("unmuteLabel", { name: p.name })}
                    onClick={() => unmute(p.playerId)}
                  >
                    {t("unmute")}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
}
