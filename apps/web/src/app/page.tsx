import { Lobby } from "@/components/lobby";

export default function LobbyPage() {
  return <Lobby />;
}
