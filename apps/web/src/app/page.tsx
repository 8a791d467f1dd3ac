import { Lobby, type LobbyTab } from "@/components/lobby";

export default async function LobbyPage({
  searchParams,
}: {
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  const { tab } = await searchParams;
  const initialTab: LobbyTab = tab === "tournaments" ? "tournaments" : "cash";
  return <Lobby initialTab={initialTab} />;
}
