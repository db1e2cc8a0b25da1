import { useParams } from 'react-router';
import { SerialPage } from '../features/admin/components/serial-page';

export default function AdminSerialRoute() {
  return <SerialPage serialId={Number(useParams().serialId)} />;
}
