import { PreOrderBonusesPage } from '../features/admin/components/pre-order-bonuses-page';
import { useStaffRole } from './admin';

export default function AdminPreOrderBonusesPageRoute() {
  return <PreOrderBonusesPage role={useStaffRole()} />;
}
