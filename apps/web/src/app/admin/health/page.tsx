import { AdminHealth } from "@/components/admin/admin-health";

export default function AdminHealthPage() {
  return <AdminHealth />;
}
