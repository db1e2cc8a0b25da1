import { BundlesPage } from '../features/admin/components/bundles-page';

export default function AdminBundlesPageRoute() {
  return <BundlesPage />;
}
