import { useParams } from 'react-router';
import { MemberPage } from '../features/admin/components/member-page';
import { useStaffRole } from './admin';

export default function AdminMemberRoute() {
  return <MemberPage memberId={Number(useParams().memberId)} role={useStaffRole()} />;
}
