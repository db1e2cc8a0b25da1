import { FeaturesPage } from '../features/admin/components/features-page';
import { useStaffRole } from './admin';

export default function AdminFeaturesPageRoute() {
  return <FeaturesPage role={useStaffRole()} />;
}
