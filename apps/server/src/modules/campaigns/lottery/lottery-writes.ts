/**
 * The campaigns' writes of a lottery's prizes and tickets for the console's lottery editor (issue
 * 43: one owner of each table), in the editor's transaction. The statements are `lottery-writes.repository.ts`.
 */
export { deletePrize, endTicketsBy, insertPrize, updatePrize } from './lottery-writes.repository';
export type { PrizeColumns } from './lottery-writes.repository';
