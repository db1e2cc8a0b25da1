import { useParams } from 'react-router';
import { TitlePage } from '../features/admin/components/title-page';

export default function AdminTitleRoute() {
  return <TitlePage titleId={Number(useParams().titleId)} />;
}
