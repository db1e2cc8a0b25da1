import { LotteryCampaignsPage } from '../features/admin/components/lottery-campaigns-page';
import { useStaffRole } from './admin';

export default function AdminLotteryPageRoute() {
  return <LotteryCampaignsPage role={useStaffRole()} />;
}
