import { QueryProvider } from '../../../components/query-provider';
import { ContinueRow } from './continue-row';

/** The top page's 続きを読む for a member, loaded on its own so guests' top page does not ship TanStack Query. */
export default function MemberContinue() {
  return (
    <QueryProvider>
      <ContinueRow withShelfLink />
    </QueryProvider>
  );
}
