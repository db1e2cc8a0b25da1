import { CoinPacksPage } from '../features/admin/components/coin-packs-page';

export default function AdminCoinPacksPageRoute() {
  return <CoinPacksPage />;
}
