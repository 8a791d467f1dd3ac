"use client";
import type { AppRouter } from "@felt/api/router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterInputs } from "@trpc/server";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { type StakesLine, stakesLine } from "@/lib/stakes";
import { useTRPC } from "@/lib/trpc";
import { TournamentList } from "./tournament/tournament-list";
import { LobbyWaitlist, SeatOffers } from "./waitlist/waitlist";

type Filters = Extract<inferRouterInputs<AppRouter>["lobby"]["tables"], object>;

/** Stakes bands by big blind: what a player picks instead of typing numbers. */
const STAKES = {
  any: {},
  micro: { maxBigBlind: 2 },
  low: { minBigBlind: 3, maxBigBlind: 10 },
  mid: { minBigBlind: 11, maxBigBlind: 100 },
  high: { minBigBlind: 101 },
} as const;
type StakesBand = keyof typeof STAKES;

export type LobbyTab = "cash" | "tournaments";

/**
 * The lobby's two rooms, cash tables and tournaments, as tabs. Both panels stay
 * in the page (the hidden one is just hidden), and the tab is in the address
 * (`?tab=tournaments`) so a shared link or the back button lands on it.
 */
export function Lobby({ initialTab }: { initialTab: LobbyTab }) {
  const t = useTranslations("lobby.tabs");
  const [tab, setTab] = useState<LobbyTab>(initialTab);
  const choose = (next: LobbyTab) => {
    setTab(next);
    // Only the query string changes: replaceState keeps the data already loaded.
    window.history.replaceState(null, "", next === "cash" ? "/" : `/?tab=${next}`);
  };
  return (
    <div className="lobby">
      {/* The WAI-ARIA tabs pattern: arrows, Home and End move between the tabs and choose one. */}
      <div
        className="tabs"
        role="tablist"
        aria-label={t("label")}
        onKeyDown={(e) => {
          const next = tabByKey(e.key, tab);
          if (!next) return;
          e.preventDefault();
          choose(next);
          document.getElementById(`lobby-tab-${next}`)?.focus();
        }}
      >
        <LobbyTabButton tab="cash" current={tab} onChoose={choose}>
          {t("cash")}
        </LobbyTabButton>
        <LobbyTabButton tab="tournaments" current={tab} onChoose={choose}>
          {t("tournaments")}
        </LobbyTabButton>
      </div>
      <div
        id="lobby-panel-cash"
        role="tabpanel"
        aria-labelledby="lobby-tab-cash"
        hidden={tab !== "cash"}
      >
        <CashTables />
      </div>
      <div
        id="lobby-panel-tournaments"
        role="tabpanel"
        aria-labelledby="lobby-tab-tournaments"
        hidden={tab !== "tournaments"}
      >
        <TournamentList />
      </div>
    </div>
  );
}

const TABS: readonly LobbyTab[] = ["cash", "tournaments"];

/** The tab an arrow key (or Home, End) moves to from `current`, wrapping round; null for other keys. */
function tabByKey(key: string, current: LobbyTab): LobbyTab | null {
  const i = TABS.indexOf(current);
  const n = TABS.length;
  const to =
    key === "ArrowRight" || key === "ArrowDown"
      ? (i + 1) % n
      : key === "ArrowLeft" || key === "ArrowUp"
        ? (i - 1 + n) % n
        : key === "Home"
          ? 0
          : key === "End"
            ? n - 1
            : null;
  return to === null ? null : (TABS[to] ?? null);
}

function LobbyTabButton({
  tab,
  current,
  onChoose,
  children,
}: {
  tab: LobbyTab;
  current: LobbyTab;
  onChoose: (tab: LobbyTab) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="tab"
      id={`lobby-tab-${tab}`}
      aria-controls={`lobby-panel-${tab}`}
      aria-selected={tab === current}
      // Only the chosen tab is in the Tab order; the arrows reach the other.
      tabIndex={tab === current ? 0 : -1}
      className={tab === current ? "tab is-active" : "tab"}
      onClick={() => onChoose(tab)}
    >
      {children}
    </button>
  );
}

function CashTables() {
  const t = useTranslations("lobby");
  const f = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const [game, setGame] = useState<Filters["game"] | "">("");
  const [betting, setBetting] = useState<Filters["betting"] | "">("");
  const [stakes, setStakes] = useState<StakesBand>("any");
  const [freeSeat, setFreeSeat] = useState(false);
  const filters: Filters = {
    ...(game ? { game } : {}),
    ...(betting ? { betting } : {}),
    ...STAKES[stakes],
    ...(freeSeat ? { minSeatsFree: 1 } : {}),
  };
  const stakesText = (line: StakesLine) =>
    line.kind === "anteRange"
      ? t("anteRange", { small: f.chips(line.min), big: f.chips(line.max) })
      : line.kind === "stud"
        ? t("studStakes", {
            small: f.chips(line.small),
            big: f.chips(line.big),
            ante: f.chips(line.ante),
            bringIn: f.chips(line.bringIn),
          })
        : t(line.ante > 0 ? "blindsWithAnte" : "blinds", {
            small: f.chips(line.small),
            big: f.chips(line.big),
            ante: f.chips(line.ante),
          });
  // The rooms keep the rows current in D1; refetching now and then shows their counts.
  const tables = useQuery({
    ...trpc.lobby.tables.queryOptions(filters),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

  return (
    <section aria-labelledby="cash-heading">
      <h1 id="cash-heading">{t("cash.heading")}</h1>
      <p>
        <Link href="/home/new">{t("hostGame")}</Link>
      </p>
      <form
        className="filters"
        aria-label={t("filters.label")}
        onSubmit={(e) => e.preventDefault()}
      >
        <label>
          {t("filters.game")}
          <select value={game} onChange={(e) => setGame(e.target.value as typeof game)}>
            <option value="">{t("filters.anyGame")}</option>
            <option value="holdem">{t("filters.games.holdem")}</option>
            <option value="omaha">{t("filters.games.omaha")}</option>
            <option value="draw">{t("filters.games.draw")}</option>
            <option value="stud7">{t("filters.games.stud7")}</option>
            <option value="stud5">{t("filters.games.stud5")}</option>
            <option value="russian">{t("filters.games.russian")}</option>
            <option value="dealers-choice">{t("filters.games.dealers-choice")}</option>
          </select>
        </label>
        <label>
          {t("filters.betting")}
          <select value={betting} onChange={(e) => setBetting(e.target.value as typeof betting)}>
            <option value="">{t("filters.anyBetting")}</option>
            <option value="no-limit">{t("filters.bettings.no-limit")}</option>
            <option value="pot-limit">{t("filters.bettings.pot-limit")}</option>
            <option value="fixed-limit">{t("filters.bettings.fixed-limit")}</option>
          </select>
        </label>
        <label>
          {t("filters.stakes")}
          <select value={stakes} onChange={(e) => setStakes(e.target.value as StakesBand)}>
            <option value="any">{t("filters.anyStakes")}</option>
            <option value="micro">{t("filters.bands.micro")}</option>
            <option value="low">{t("filters.bands.low")}</option>
            <option value="mid">{t("filters.bands.mid")}</option>
            <option value="high">{t("filters.bands.high")}</option>
          </select>
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={freeSeat}
            onChange={(e) => setFreeSeat(e.target.checked)}
          />
          {t("filters.freeSeat")}
        </label>
      </form>
      {tables.isPending && <p className="muted">{t("cash.loading")}</p>}
      {tables.isError && (
        <p role="alert" className="error">
          {t("cash.loadError", { error: errors.message(tables.error) })}
        </p>
      )}
      {tables.data?.length === 0 && (
        <p className="muted" data-testid="no-tables">
          {t("cash.empty")}
        </p>
      )}
      {tables.data && tables.data.length > 0 && (
        // A row wider than a phone scrolls in its own box: names break only between words.
        <div className="table-scroll">
          <table className="lobby-table cash-tables">
            <thead>
              <tr>
                <th scope="col">{t("columns.table")}</th>
                <th scope="col">{t("columns.game")}</th>
                <th scope="col">{t("columns.stakes")}</th>
                <th scope="col">{t("columns.buyIn")}</th>
                <th scope="col">{t("columns.players")}</th>
                <th scope="col">{t("columns.averagePot")}</th>
              </tr>
            </thead>
            <tbody>
              {tables.data.map((table) => (
                <tr key={table.id} data-testid="lobby-row">
                  <td>
                    <Link
                      href={
                        table.game === "russian" ? `/russian/${table.id}` : `/table/${table.id}`
                      }
                    >
                      {table.name}
                    </Link>
                    <LobbyWaitlist table={table} />
                  </td>
                  <td>{f.gameName(table.game, table.betting, table)}</td>
                  <td>{stakesText(stakesLine(table))}</td>
                  <td>
                    {t("buyInRange", {
                      min: f.chips(table.minBuyIn),
                      max: f.chips(table.maxBuyIn),
                    })}
                  </td>
                  <td>
                    {t("seated", {
                      seated: String(table.playersSeated),
                      seats: String(table.seats),
                    })}
                  </td>
                  <td>{table.averagePot === null ? "—" : f.chips(table.averagePot)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SeatOffers />
    </section>
  );
}
