import { SubscriptionPlansPage } from '../features/admin/components/subscription-plans-page';
import { useStaffRole } from './admin';

export default function AdminSubscriptionPlansPageRoute() {
  return <SubscriptionPlansPage operator={useStaffRole() === 'operator'} />;
}
