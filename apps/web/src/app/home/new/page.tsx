import { HostForm } from "@/components/home/host-form";
import { MyHomeGames } from "@/components/home/my-home-games";

export default function HostGamePage() {
  return (
    <>
      <HostForm />
      <MyHomeGames />
    </>
  );
}
