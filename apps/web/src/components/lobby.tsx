"use client";
import type { AppRouter } from "@felt/api/router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterInputs } from "@trpc/server";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import { errorMessage } from "@/lib/errors";
import { chips, gameName } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { TournamentList } from "./tournament/tournament-list";

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
  const [tab, setTab] = useState<LobbyTab>(initialTab);
  const choose = (next: LobbyTab) => {
    setTab(next);
    // Only the query string changes: replaceState keeps the data already loaded.
    window.history.replaceState(null, "", next === "cash" ? "/" : `/?tab=${next}`);
  };
  return (
    <div className="lobby">
      <div className="tabs" role="tablist" aria-label="Lobby">
        <LobbyTabButton tab="cash" current={tab} onChoose={choose}>
          Cash tables
        </LobbyTabButton>
        <LobbyTabButton tab="tournaments" current={tab} onChoose={choose}>
          Tournaments
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
      className={tab === current ? "tab is-active" : "tab"}
      onClick={() => onChoose(tab)}
    >
      {children}
    </button>
  );
}

function CashTables() {
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
  // The rooms keep the rows current in D1; refetching now and then shows their counts.
  const tables = useQuery({
    ...trpc.lobby.tables.queryOptions(filters),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

  return (
    <section aria-labelledby="cash-heading">
      <h1 id="cash-heading">Cash tables</h1>
      <form className="filters" aria-label="Filter tables" onSubmit={(e) => e.preventDefault()}>
        <label>
          Game
          <select value={game} onChange={(e) => setGame(e.target.value as typeof game)}>
            <option value="">Any game</option>
            <option value="holdem">Hold'em</option>
            <option value="omaha">Omaha</option>
            <option value="draw">Five-card draw</option>
          </select>
        </label>
        <label>
          Betting
          <select value={betting} onChange={(e) => setBetting(e.target.value as typeof betting)}>
            <option value="">Any betting</option>
            <option value="no-limit">No limit</option>
            <option value="pot-limit">Pot limit</option>
            <option value="fixed-limit">Fixed limit</option>
          </select>
        </label>
        <label>
          Stakes
          <select value={stakes} onChange={(e) => setStakes(e.target.value as StakesBand)}>
            <option value="any">Any stakes</option>
            <option value="micro">Micro (BB up to 2)</option>
            <option value="low">Low (BB 3–10)</option>
            <option value="mid">Mid (BB 11–100)</option>
            <option value="high">High (BB over 100)</option>
          </select>
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={freeSeat}
            onChange={(e) => setFreeSeat(e.target.checked)}
          />
          Has a free seat
        </label>
      </form>
      {tables.isPending && <p className="muted">Loading tables…</p>}
      {tables.isError && (
        <p role="alert" className="error">
          Could not load the lobby: {errorMessage(tables.error)}
        </p>
      )}
      {tables.data?.length === 0 && (
        <p className="muted" data-testid="no-tables">
          No open table matches these filters.
        </p>
      )}
      {tables.data && tables.data.length > 0 && (
        <table className="lobby-table">
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Game</th>
              <th scope="col">Blinds</th>
              <th scope="col">Buy-in</th>
              <th scope="col">Players</th>
              <th scope="col">Avg pot</th>
            </tr>
          </thead>
          <tbody>
            {tables.data.map((table) => (
              <tr key={table.id} data-testid="lobby-row">
                <td>
                  <Link href={`/table/${table.id}`}>{table.name}</Link>
                </td>
                <td>{gameName(table.game, table.betting)}</td>
                <td>
                  {chips(table.smallBlind)}/{chips(table.bigBlind)}
                  {table.ante > 0 && ` (ante ${chips(table.ante)})`}
                </td>
                <td>
                  {chips(table.minBuyIn)}–{chips(table.maxBuyIn)}
                </td>
                <td>
                  {table.playersSeated}/{table.seats}
                </td>
                <td>{table.averagePot === null ? "—" : chips(table.averagePot)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
