import { MissionsPage } from '../features/admin/components/missions-page';
import { useStaffRole } from './admin';

export default function AdminMissionsPageRoute() {
  return <MissionsPage role={useStaffRole()} />;
}
