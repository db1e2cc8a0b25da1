import { instantToTokyoMinute } from '@hondana/domain/common/time';
import type {
  AdminSubscriptionPlanView,
  CreateSubscriptionPlanBody,
  PlanState,
  SubscriptionPlanFields,
  UpdateSubscriptionPlanBody,
} from '@hondana/domain/admin/admin-subscription-plans-api';
import { CreateSubscriptionPlanBody as CreateSchema } from '@hondana/domain/admin/admin-subscription-plans-api';
import type { PlanHighlight, SubscriptionPaymentType } from '@hondana/domain/subscriptions/subscription-plans';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './subscription-plans.repository';

/**
 * The console's manga coin subscription plans (§3 Subscription plan), written into the table the
 * store's subscription calls read, so a change shows at once. A plan's terms are copied into a
 * member's subscription when they subscribe: an edit changes what new members buy, never what
 * members already hold. Ending a plan closes it to new members (the subscription page no longer
 * lists it and a subscribe is refused); its members renew on it as before. A plan any member has
 * ever subscribed to cannot be deleted (409 PLAN_HAS_MEMBERS): their history names it.
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, ['subscription plan: changed by someone else since it was loaded; load it again']);
const hasMembers = (n: number) =>
  new AppError(409, ErrorCode.PLAN_HAS_MEMBERS, [`subscription plan: ${n} members have subscribed to it; end it instead`]);

const stateOf = (p: repo.PlanRow, now: number): PlanState =>
  p.active === 0 ? 'ended' : Number(p.start_at) > now ? 'scheduled' : 'running';

function planView(p: repo.PlanRow, now: number): AdminSubscriptionPlanView {
  return {
    id: p.id,
    name: p.name,
    coin: p.coin,
    taxIncludedPrice: p.tax_included_price,
    firstBonus: p.first_bonus,
    secondBonus: p.second_bonus,
    cycleBonus: p.cycle_bonus,
    highlightType: p.highlight_type as PlanHighlight,
    paymentTypes: p.payment_types.split(',').filter(Boolean) as SubscriptionPaymentType[],
    sortOrder: p.sort_order,
    start: Number(p.start_at) === 0 ? null : instantToTokyoMinute(Number(p.start_at)),
    end: p.end_at === null ? null : instantToTokyoMinute(Number(p.end_at)),
    state: stateOf(p, now),
    liveMembers: Number(p.live_members ?? 0),
    members: Number(p.members ?? 0),
    version: p.version,
  };
}

export async function listSubscriptionPlans(db: Db, state: PlanState | undefined, now: number): Promise<AdminSubscriptionPlanView[]> {
  return (await repo.planRows(db, state, now)).map((p) => planView(p, now));
}

async function loadPlan(db: Db, id: number) {
  const row = await repo.planRow(db, id);
  if (!row) throw notFound('subscription plan');
  return row;
}

const planWriters: ColumnWriters<Omit<SubscriptionPlanFields, 'start'>, repo.PlanColumns> = {
  name: (v) => ({ name: v }),
  coin: (v) => ({ coin: v }),
  taxIncludedPrice: (v) => ({ tax_included_price: v }),
  firstBonus: (v) => ({ first_bonus: v }),
  secondBonus: (v) => ({ second_bonus: v }),
  cycleBonus: (v) => ({ cycle_bonus: v }),
  highlightType: (v) => ({ highlight_type: v }),
  paymentTypes: (v) => ({ payment_types: v.join(',') }),
  sortOrder: (v) => ({ sort_order: v }),
};

/** A new plan, open to new members from its start (at once when none is given). The demo's seed calls this too. */
export async function createSubscriptionPlan(
  trx: Db,
  input: Omit<CreateSubscriptionPlanBody, 'token'>,
  now: number,
): Change<AdminSubscriptionPlanView> {
  const { start, ...fields } = input;
  // Every field is sent on a create, so every column is set.
  const columns = { ...(columnsOf(fields, planWriters) as repo.PlanColumns), active: 1 as const, start_at: start ?? now, end_at: null };
  const id = await repo.insertPlan(trx, columns);
  const after = planView(await loadPlan(trx, id), now);
  return { body: after, audit: [{ action: 'subscription_plan.create', subject: `subscription_plan:${id}`, after }] };
}

/** The demo's seed: the fields checked as a request's would be (a caller with no request). */
export function parsePlanInput(
  input: Omit<CreateSubscriptionPlanBody, 'token' | 'start'> & { start?: string },
): Omit<CreateSubscriptionPlanBody, 'token'> {
  const { token: _token, ...fields } = CreateSchema.parse({ token: 'seed', ...input });
  return fields;
}

/** Changes the fields sent and keeps the others; an ended plan's start stays (it no longer opens). */
export async function updateSubscriptionPlan(
  trx: Transaction<Database>,
  id: number,
  input: UpdateSubscriptionPlanBody,
  now: number,
): Change<AdminSubscriptionPlanView> {
  const { token: _token, version, start, ...fields } = input;
  const row = await loadPlan(trx, id);
  if (start !== undefined && row.active === 0) throw badRequest('start', 'an ended plan does not open again');
  const before = planView(row, now);
  const columns = { ...columnsOf(fields, planWriters), ...(start !== undefined && { start_at: start }) };
  if (!(await repo.updatePlanAt(trx, id, version, columns))) throw conflict();
  const after = planView(await loadPlan(trx, id), now);
  return { body: after, audit: [{ action: 'subscription_plan.update', subject: `subscription_plan:${id}`, before, after }] };
}

/** Closes the plan to new members now; its members keep renewing on it. It stays listed as ended. */
export async function endSubscriptionPlan(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: number,
): Change<AdminSubscriptionPlanView> {
  const row = await loadPlan(trx, id);
  // Another's change first (an end included): the operator sees the plan as it now is.
  if (row.version !== version) throw conflict();
  if (row.active === 0) throw badRequest('end', 'has already ended');
  const before = planView(row, now);
  if (!(await repo.updatePlanAt(trx, id, version, { active: 0, end_at: now, start_at: Math.min(Number(row.start_at), now) })))
    throw conflict();
  const after = planView(await loadPlan(trx, id), now);
  return { body: after, audit: [{ action: 'subscription_plan.end', subject: `subscription_plan:${id}`, before, after }] };
}

/** Deletes a plan no member has ever subscribed to (409 PLAN_HAS_MEMBERS otherwise: end it instead). */
export async function deleteSubscriptionPlan(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: number,
): Change<{ id: number; deleted: true }> {
  const row = await loadPlan(trx, id);
  if (Number(row.members) > 0) throw hasMembers(Number(row.members));
  if (row.version !== version) throw conflict();
  const before = planView(row, now);
  let deleted: boolean;
  try {
    deleted = await repo.deletePlanAt(trx, id, version);
  } catch (error) {
    // A member's subscribe committed between the read and the delete: its subscription names the plan.
    if (repo.isForeignKeyViolation(error)) throw hasMembers(1);
    throw error;
  }
  if (!deleted) throw (await repo.hasMembers(trx, id)) ? hasMembers(1) : conflict();
  return { body: { id, deleted: true }, audit: [{ action: 'subscription_plan.delete', subject: `subscription_plan:${id}`, before }] };
}
