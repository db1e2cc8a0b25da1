import { PointCampaignsPage } from '../features/admin/components/point-campaigns-page';

export default function AdminPointCampaignsPageRoute() {
  return <PointCampaignsPage />;
}
