import { TitlesPage } from '../features/admin/components/titles-page';

export default function AdminTitlesPageRoute() {
  return <TitlesPage />;
}
