import { AdminConsole } from "@/components/admin/admin-console";

export default function AdminPage() {
  return <AdminConsole />;
}
