import { LotteryCampaignsPage } from '../features/admin/components/lottery-campaigns-page';

export default function AdminLotteryPageRoute() {
  return <LotteryCampaignsPage />;
}
