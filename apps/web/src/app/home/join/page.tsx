import { JoinFromLink } from "@/components/home/join-from-link";

export default function JoinHomeGame() {
  return <JoinFromLink />;
}
