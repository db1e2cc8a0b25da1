import { staffCopy } from '../i18n/ja-admin-staff';
import { StaffPage } from '../features/admin/components/staff-page';
import { useStaffRole } from './admin';

/** `/admin/staff`: operators only (the API answers support 403); support is told so instead of a failed list. */
export default function AdminStaffPageRoute() {
  if (useStaffRole() !== 'operator') return <p role="alert">{staffCopy('staff.operatorsOnly')}</p>;
  return <StaffPage />;
}
