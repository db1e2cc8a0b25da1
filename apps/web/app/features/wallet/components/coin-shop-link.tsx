import type { MouseEvent, ReactNode } from 'react';
import { COIN_SHOP, goToCoinShop } from '../api/coin-return';

/**
 * The link to the coin shop wherever a member is told they lack coins (the purchase panel, the
 * viewer's last page, the cart, a serial episode). A plain link to the shop without script; with
 * it, the page is kept through `/pcb` first so the shop can send the member back after buying.
 */
export function CoinShopLink({ className, children, onNavigate }: { className?: string; children: ReactNode; onNavigate?: () => void }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    void goToCoinShop();
  }
  return (
    <a className={className} href={COIN_SHOP} onClick={onClick} data-testid="coin-shop-link">
      {children}
    </a>
  );
}
