// What the other selling areas (the cart, the wallet's coin packs and subscriptions) use of
// orders' rows: an order written and moved through §4's transitions, a waiting payment's
// provider fields, and books as a purchase reads them, with the point campaigns running and the
// member's first-paying state. The statements stay in `orders.repository.ts`, the orders' own
// (issue 43: only orders writes `orders`).
export {
  BOOK_PRICING_COLUMNS,
  PURCHASABLE_BOOK_COLUMNS,
  type BookPricingRow,
  type PurchasableBookRow,
  activeCampaigns,
  booksForPurchase,
  insertOrder,
  isFirstPaying,
  setProcessingPaymentFields,
  transitionOrder,
  upcomingBooksForPurchase,
} from './orders.repository';
