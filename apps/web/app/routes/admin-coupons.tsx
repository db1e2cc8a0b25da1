import { CouponsPage } from '../features/admin/components/coupons-page';

export default function AdminCouponsPageRoute() {
  return <CouponsPage />;
}
