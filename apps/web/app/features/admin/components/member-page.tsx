import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { jaAdmin, adminCopy } from '../../../i18n/ja-admin';
import { ApiError } from '../../../lib/api/client';
import {
  type CancelOrderAnswer,
  type MemberDetail,
  type RefundState,
  type RetryRefundAnswer,
  adminChange,
  adminGet,
  changeError,
} from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { codeLabel, formatInstant, formatYen } from './format';
import { memberState } from './members-page';
import { useChange } from './use-change';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

type Currency = keyof typeof jaAdmin.members.currencies;

/** `/admin/members/:memberId`: the member's orders, ledger, coupons and books; grant, cancel and suspend, each with a reason. */
export function MemberPage({ memberId, role }: { memberId: number; role: 'operator' | 'support' }) {
  const queryClient = useQueryClient();
  const key = ['admin', 'member', memberId];
  const detail = useQuery({ queryKey: key, queryFn: () => adminGet<MemberDetail>(`/members/${memberId}`) });
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  const grant = useChange();
  const cancel = useChange();
  const suspend = useChange();
  const [currency, setCurrency] = useState<Currency>('POINT');
  const [amount, setAmount] = useState(100);

  if (!detail.data) return <p>{detail.isError ? adminCopy('common.failed') : adminCopy('common.loading')}</p>;
  const d = detail.data;

  async function doGrant(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    if (
      await grant.run(
        () => adminChange('POST', `/members/${memberId}/grant`, { currency, amount, reason }),
        () => adminCopy('members.granted'),
      )
    )
      await reload();
  }
  async function doCancel(orderId: number) {
    const input = document.getElementById(`cancel-reason-${orderId}`) as HTMLInputElement | null;
    if (
      await cancel.run(
        () => adminChange('POST', `/members/${memberId}/orders/${orderId}/cancel`, { reason: input?.value ?? '' }),
        () => adminCopy('members.cancelled'),
      )
    )
      await reload();
  }
  // A paid order: cancelled with its refund of the amount the button showed (refused if it changed meanwhile).
  async function doRefund(orderId: number, refundYen: number) {
    const input = document.getElementById(`cancel-reason-${orderId}`) as HTMLInputElement | null;
    const send = () =>
      adminChange<CancelOrderAnswer>('POST', `/members/${memberId}/orders/${orderId}/cancel`, { reason: input?.value ?? '', refundYen });
    await cancel.run(send, (answer) => (answer.refund ? refundNotice(answer.refund) : adminCopy('members.cancelled')), refundError);
    await reload();
  }
  async function doRetryRefund(orderId: number) {
    const input = document.getElementById(`cancel-reason-${orderId}`) as HTMLInputElement | null;
    const send = () =>
      adminChange<RetryRefundAnswer>('POST', `/members/${memberId}/orders/${orderId}/refund`, { reason: input?.value ?? '' });
    await cancel.run(send, (answer) => refundNotice(answer.refund), refundError);
    await reload();
  }
  async function doSuspend(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    if (
      await suspend.run(
        () => adminChange('POST', `/members/${memberId}/suspend`, { suspended: !d.member.suspended, reason }),
        () => adminCopy('common.saved'),
      )
    )
      await reload();
  }

  return (
    <>
      <p>
        <Link to="/admin/members">{adminCopy('members.back')}</Link>
      </p>
      <h1 className={styles.heading}>
        {d.member.email}（{d.member.nickname}）
      </h1>
      <p className={styles.inline}>
        <span>
          {adminCopy('members.columns.id')} {d.member.id}
        </span>
        <span>
          {adminCopy('members.columns.registered')} {formatInstant(d.member.createdAt)}
        </span>
        <span>{memberState(d.member)}</span>
      </p>
      <section className={styles.section}>
        <h2>{adminCopy('members.grant')}</h2>
        <form className={styles.form} onSubmit={doGrant} aria-label={adminCopy('members.grant')}>
          <label className={styles.field}>
            {adminCopy('members.currency')}
            <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
              {Object.entries(jaAdmin.members.currencies).map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {adminCopy('members.amount')}
            <input type="number" min={1} step={1} value={amount} onChange={(e) => setAmount(Number(e.target.value))} />
          </label>
          <label className={styles.field}>
            {adminCopy('members.reason')}
            <input name="reason" required />
          </label>
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={grant.busy}>
              {adminCopy('members.grantButton', { amount: `${jaAdmin.members.currencies[currency]} ${formatYen(amount)}` })}
            </button>
          </div>
        </form>
        <ChangeStatus notice={grant.notice} error={grant.error} />
      </section>
      <section className={styles.section}>
        <h2>{adminCopy('members.orders')}</h2>
        <ChangeStatus notice={cancel.notice} error={cancel.error} />
        <TableWrap label={adminCopy('members.orders')}>
          <table className={styles.table}>
            <thead>
              <tr>
                {(['id', 'at', 'kind', 'status', 'payment', 'price', 'point'] as const).map((c) => (
                  <th key={c}>{adminCopy(`members.orderColumns.${c}`)}</th>
                ))}
                <th>{adminCopy('members.cancelReason')}</th>
              </tr>
            </thead>
            <tbody>
              {d.orders.map((o) => (
                <tr key={o.id}>
                  <td>{o.id}</td>
                  <td>{formatInstant(o.createdAt)}</td>
                  <td>{codeLabel('kind', o.kind)}</td>
                  <td>{codeLabel('status', o.status)}</td>
                  <td>{codeLabel('payment', o.paymentType)}</td>
                  <td className={styles.number}>{formatYen(o.totalPrice)}</td>
                  <td className={styles.number}>{formatYen(o.usePoint)}</td>
                  <td>
                    {o.refund ? (
                      <span className={styles.actions}>
                        <span>{adminCopy(`members.refundState.${o.refund.status}`, { amount: formatYen(o.refund.amountYen) })}</span>
                        {o.refund.status === 'FAILED' && (
                          <>
                            <input id={`cancel-reason-${o.id}`} aria-label={adminCopy('members.cancelReason')} />
                            <button className={styles.secondary} type="button" onClick={() => doRetryRefund(o.id)} disabled={cancel.busy}>
                              {adminCopy('members.refundRetry', { amount: formatYen(o.refund.amountYen) })}
                            </button>
                          </>
                        )}
                      </span>
                    ) : o.refundableYen !== null ? (
                      o.refundableYen > 0 ? (
                        <span className={styles.actions}>
                          <input id={`cancel-reason-${o.id}`} aria-label={adminCopy('members.cancelReason')} />
                          <button
                            className={styles.secondary}
                            type="button"
                            onClick={() => doRefund(o.id, o.refundableYen!)}
                            disabled={cancel.busy}
                          >
                            {adminCopy('members.refundCancel', { amount: formatYen(o.refundableYen) })}
                          </button>
                        </span>
                      ) : (
                        <span>{adminCopy('members.refundNone')}</span>
                      )
                    ) : (
                      o.kind === 'BOOK' &&
                      o.status === 'COMPLETE' && (
                        <span className={styles.actions}>
                          <input id={`cancel-reason-${o.id}`} aria-label={adminCopy('members.cancelReason')} />
                          <button className={styles.secondary} type="button" onClick={() => doCancel(o.id)} disabled={cancel.busy}>
                            {adminCopy('members.cancel')}
                          </button>
                        </span>
                      )
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </section>
      <section className={styles.section}>
        <h2>{adminCopy('members.ledger')}</h2>
        <TableWrap label={adminCopy('members.ledger')}>
          <table className={styles.table}>
            <thead>
              <tr>
                {(['at', 'currency', 'kind', 'amount', 'reason'] as const).map((c) => (
                  <th key={c}>{adminCopy(`members.ledgerColumns.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.ledger.entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatInstant(e.createdAt)}</td>
                  <td>{codeLabel('currency', e.currency)}</td>
                  <td>{codeLabel('ledger', e.kind)}</td>
                  <td className={styles.number}>{formatYen(e.amount)}</td>
                  <td>{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </section>
      <section className={styles.section}>
        <h2>{adminCopy('members.coupons')}</h2>
        <ul>
          {d.coupons.map((c) => (
            <li key={c.couponId}>
              {c.name}（{codeLabel('status', c.status)}・{formatInstant(c.receivedAt)}）
            </li>
          ))}
        </ul>
        <h2>{adminCopy('members.books')}</h2>
        <ul>
          {d.books.map((b) => (
            <li key={b.bookId}>
              {b.contentsName}（{codeLabel('status', b.possessionStatus)}・{codeLabel('source', b.source)}
              {b.orderId !== null && `・${b.orderId}`}）
            </li>
          ))}
        </ul>
      </section>
      {role === 'operator' && (
        <section className={styles.section}>
          <h2>{d.member.suspended ? adminCopy('members.restore') : adminCopy('members.suspend')}</h2>
          <form className={styles.actions} onSubmit={doSuspend}>
            <label className={styles.field}>
              {adminCopy('members.suspendReason')}
              <input name="reason" required />
            </label>
            <button className={styles.secondary} type="submit" disabled={suspend.busy}>
              {d.member.suspended ? adminCopy('members.restore') : adminCopy('members.suspend')}
            </button>
          </form>
          <ChangeStatus notice={suspend.notice} error={suspend.error} />
        </section>
      )}
    </>
  );
}

/** What became of a refund, as the notice after the operator's action says it. */
function refundNotice(refund: RefundState): string {
  const amount = formatYen(refund.amountYen);
  if (refund.status === 'SUCCEEDED') return adminCopy('members.refunded', { amount });
  if (refund.status === 'FAILED') return adminCopy('members.refundFailed', { amount });
  return adminCopy('members.refundPending', { amount });
}

/** A refused refund in Japanese: the amount changed meanwhile, or there is no money to give back. */
function refundError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  const changed = /^refundYen: is now (\d+)$/.exec(message);
  if (changed) return adminCopy('members.refundAmountChanged', { amount: formatYen(Number(changed[1])) });
  if (message.startsWith('order: every paid coin')) return adminCopy('members.refundNothing');
  return changeError(error);
}
