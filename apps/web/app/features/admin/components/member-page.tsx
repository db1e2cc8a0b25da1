import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { jaAdmin, adminCopy as a } from '../../../i18n/ja-admin';
import { ApiError } from '../../../lib/api/client';
import { type CancelOrderAnswer, type MemberDetail, type RefundState, type RetryRefundAnswer, adminChange, adminGet, changeError } from '../api/admin-api';
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

  if (!detail.data) return <p>{detail.isError ? a('common.failed') : a('common.loading')}</p>;
  const d = detail.data;

  async function doGrant(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    if (await grant.run(() => adminChange('POST', `/members/${memberId}/grant`, { currency, amount, reason }), () => a('members.granted'))) await reload();
  }
  async function doCancel(orderId: number) {
    const input = document.getElementById(`cancel-reason-${orderId}`) as HTMLInputElement | null;
    if (await cancel.run(() => adminChange('POST', `/members/${memberId}/orders/${orderId}/cancel`, { reason: input?.value ?? '' }), () => a('members.cancelled'))) await reload();
  }
  // A paid order: cancelled with its refund of the amount the button showed (refused if it changed meanwhile).
  async function doRefund(orderId: number, refundYen: number) {
    const input = document.getElementById(`cancel-reason-${orderId}`) as HTMLInputElement | null;
    const send = () => adminChange<CancelOrderAnswer>('POST', `/members/${memberId}/orders/${orderId}/cancel`, { reason: input?.value ?? '', refundYen });
    await cancel.run(send, (answer) => (answer.refund ? refundNotice(answer.refund) : a('members.cancelled')), refundError);
    await reload();
  }
  async function doRetryRefund(orderId: number) {
    const input = document.getElementById(`cancel-reason-${orderId}`) as HTMLInputElement | null;
    const send = () => adminChange<RetryRefundAnswer>('POST', `/members/${memberId}/orders/${orderId}/refund`, { reason: input?.value ?? '' });
    await cancel.run(send, (answer) => refundNotice(answer.refund), refundError);
    await reload();
  }
  async function doSuspend(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    if (await suspend.run(() => adminChange('POST', `/members/${memberId}/suspend`, { suspended: !d.member.suspended, reason }), () => a('common.saved'))) await reload();
  }

  return (
    <>
      <p>
        <Link to="/admin/members">{a('members.back')}</Link>
      </p>
      <h1 className={styles.heading}>
        {d.member.email}（{d.member.nickname}）
      </h1>
      <p className={styles.inline}>
        <span>
          {a('members.columns.id')} {d.member.id}
        </span>
        <span>
          {a('members.columns.registered')} {formatInstant(d.member.createdAt)}
        </span>
        <span>{memberState(d.member)}</span>
      </p>
      <section className={styles.section}>
        <h2>{a('members.grant')}</h2>
        <form className={styles.form} onSubmit={doGrant} aria-label={a('members.grant')}>
          <label className={styles.field}>
            {a('members.currency')}
            <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
              {Object.entries(jaAdmin.members.currencies).map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {a('members.amount')}
            <input type="number" min={1} step={1} value={amount} onChange={(e) => setAmount(Number(e.target.value))} />
          </label>
          <label className={styles.field}>
            {a('members.reason')}
            <input name="reason" required />
          </label>
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={grant.busy}>
              {a('members.grantButton', { amount: `${jaAdmin.members.currencies[currency]} ${formatYen(amount)}` })}
            </button>
          </div>
        </form>
        <ChangeStatus notice={grant.notice} error={grant.error} />
      </section>
      <section className={styles.section}>
        <h2>{a('members.orders')}</h2>
        <ChangeStatus notice={cancel.notice} error={cancel.error} />
        <TableWrap label={a('members.orders')}>
          <table className={styles.table}>
            <thead>
              <tr>
                {(['id', 'at', 'kind', 'status', 'payment', 'price', 'point'] as const).map((c) => (
                  <th key={c}>{a(`members.orderColumns.${c}`)}</th>
                ))}
                <th>{a('members.cancelReason')}</th>
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
                        <span>{a(`members.refundState.${o.refund.status}`, { amount: formatYen(o.refund.amountYen) })}</span>
                        {o.refund.status === 'FAILED' && (
                          <>
                            <input id={`cancel-reason-${o.id}`} aria-label={a('members.cancelReason')} />
                            <button className={styles.secondary} type="button" onClick={() => doRetryRefund(o.id)} disabled={cancel.busy}>
                              {a('members.refundRetry', { amount: formatYen(o.refund.amountYen) })}
                            </button>
                          </>
                        )}
                      </span>
                    ) : o.refundableYen !== null ? (
                      o.refundableYen > 0 ? (
                        <span className={styles.actions}>
                          <input id={`cancel-reason-${o.id}`} aria-label={a('members.cancelReason')} />
                          <button className={styles.secondary} type="button" onClick={() => doRefund(o.id, o.refundableYen!)} disabled={cancel.busy}>
                            {a('members.refundCancel', { amount: formatYen(o.refundableYen) })}
                          </button>
                        </span>
                      ) : (
                        <span>{a('members.refundNone')}</span>
                      )
                    ) : (
                      o.kind === 'BOOK' &&
                      o.status === 'COMPLETE' && (
                        <span className={styles.actions}>
                          <input id={`cancel-reason-${o.id}`} aria-label={a('members.cancelReason')} />
                          <button className={styles.secondary} type="button" onClick={() => doCancel(o.id)} disabled={cancel.busy}>
                            {a('members.cancel')}
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
        <h2>{a('members.ledger')}</h2>
        <TableWrap label={a('members.ledger')}>
          <table className={styles.table}>
            <thead>
              <tr>
                {(['at', 'currency', 'kind', 'amount', 'reason'] as const).map((c) => (
                  <th key={c}>{a(`members.ledgerColumns.${c}`)}</th>
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
        <h2>{a('members.coupons')}</h2>
        <ul>
          {d.coupons.map((c) => (
            <li key={c.couponId}>
              {c.name}（{codeLabel('status', c.status)}・{formatInstant(c.receivedAt)}）
            </li>
          ))}
        </ul>
        <h2>{a('members.books')}</h2>
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
          <h2>{d.member.suspended ? a('members.restore') : a('members.suspend')}</h2>
          <form className={styles.actions} onSubmit={doSuspend}>
            <label className={styles.field}>
              {a('members.suspendReason')}
              <input name="reason" required />
            </label>
            <button className={styles.secondary} type="submit" disabled={suspend.busy}>
              {d.member.suspended ? a('members.restore') : a('members.suspend')}
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
  if (refund.status === 'SUCCEEDED') return a('members.refunded', { amount });
  if (refund.status === 'FAILED') return a('members.refundFailed', { amount });
  return a('members.refundPending', { amount });
}

/** A refused refund in Japanese: the amount changed meanwhile, or there is no money to give back. */
function refundError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  const changed = /^refundYen: is now (\d+)$/.exec(message);
  if (changed) return a('members.refundAmountChanged', { amount: formatYen(Number(changed[1])) });
  if (message.startsWith('order: every paid coin')) return a('members.refundNothing');
  return changeError(error);
}
