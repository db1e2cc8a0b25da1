import { TaxonomyPage } from '../features/admin/components/taxonomy-page';
import { useStaffRole } from './admin';

export default function AdminTaxonomyPageRoute() {
  return <TaxonomyPage role={useStaffRole()} />;
}
