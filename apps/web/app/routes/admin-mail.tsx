import { MailPage } from '../features/admin/components/mail-page';

export default function AdminMailPageRoute() {
  return <MailPage />;
}
