import { MembersPage } from '../features/admin/components/members-page';

export default function AdminMembersPageRoute() {
  return <MembersPage />;
}
