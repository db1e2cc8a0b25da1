import { StaffPage } from '../features/admin/components/staff-page';

export default function AdminStaffPageRoute() {
  return <StaffPage />;
}
