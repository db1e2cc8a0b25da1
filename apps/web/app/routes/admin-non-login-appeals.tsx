import { NonLoginAppealsPage } from '../features/admin/components/non-login-appeals-page';
import { useStaffRole } from './admin';

export default function AdminNonLoginAppealsPageRoute() {
  return <NonLoginAppealsPage operator={useStaffRole() === 'operator'} />;
}
