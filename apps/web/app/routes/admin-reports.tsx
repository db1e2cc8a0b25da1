import { tokyoDay } from '@hondana/domain/common/time';
import { ReportsPage } from '../features/admin/components/reports-page';
import type { Route } from './+types/admin-reports';

/** Today in Tokyo from the server's clock: the reports' default range and reference date. */
export function loader({ context }: Route.LoaderArgs) {
  return { today: tokyoDay(context.catalog.now()) };
}

export default function AdminReportsRoute({ loaderData }: Route.ComponentProps) {
  return <ReportsPage today={loaderData.today} />;
}
