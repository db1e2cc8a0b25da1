import type { ViewerInfo } from '@hondana/domain/reading';
import type { ComponentType } from 'react';

/** What the viewer's last page gives the commerce block the route plugs in. */
export type LastPageCommerceSlotProps = { info: ViewerInfo; loggedIn: boolean };

/**
 * The commerce part of the last page (§2 "Last page, books": guest, order-complete, bought,
 * not-bought). Buying belongs to the orders area, so the route composes it in (features do
 * not import each other); it should be a lazy component so it loads only at the last page.
 */
export type LastPageCommerceSlot = ComponentType<LastPageCommerceSlotProps>;
