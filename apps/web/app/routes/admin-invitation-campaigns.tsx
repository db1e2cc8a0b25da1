import { InvitationCampaignsPage } from '../features/admin/components/invitation-campaigns-page';
import { useStaffRole } from './admin';

export default function AdminInvitationCampaignsPageRoute() {
  return <InvitationCampaignsPage role={useStaffRole()} />;
}
