import { HandHistoryList } from "@/components/hand-history-list";

export default function HandsPage() {
  return <HandHistoryList />;
}
