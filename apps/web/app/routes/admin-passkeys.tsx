import { PasskeysPage } from '../features/admin/components/passkeys-page';

export default function AdminPasskeysPageRoute() {
  return <PasskeysPage />;
}
