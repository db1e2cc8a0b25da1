import { SerialsPage } from '../features/admin/components/serials-page';

export default function AdminSerialsRoute() {
  return <SerialsPage />;
}
