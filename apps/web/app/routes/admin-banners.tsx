import { BannersPage } from '../features/admin/components/banners-page';

export default function AdminBannersPageRoute() {
  return <BannersPage />;
}
