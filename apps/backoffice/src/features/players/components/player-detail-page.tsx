import type { PlayerDetail } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Panel, Pill } from '@/components/ui/panel';
import { QueryState, usePagerLabels } from '@/components/ui/query-state';
import { formatDecimal } from '@/lib/amount';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import {
  usePlayer,
  usePlayerAction,
  usePlayerCashier,
  usePlayerLedger,
  usePlayerSecurity,
  useResetPlayerPassword,
} from '../api/players';
import { DownlineTree } from './downline-tree';
import '@/components/ui/table.css';
import './players.css';

export type PlayerSummary = { id: number; username: string; currency: string; kind: PlayerDetail['account']['kind'] };

export type PlayerDetailPageProps = {
  id: number;
  listPath: string;
  detailPath: (id: number) => string;
  canChangeStatus: boolean;
  canManagePassword: boolean;
  /** The adjustments of this player (another feature), composed in by the route. */
  renderAdjustments?: (player: PlayerSummary) => ReactNode;
};

/** Minor units as a decimal string at `scale`. */
function minorText(minor: string, scale: number): string {
  const negative = minor.startsWith('-');
  const digits = minor.replace('-', '').padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LedgerTab({ id, scale }: { id: number; scale: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const ledger = usePlayerLedger(id, page);
  return (
    <QueryState query={ledger}>
      {() =>
        ledger.data && (
          <>
            <div className="ui-table-wrap">
              <table className="ui-table ui-table--cards" aria-label={t('players.ledger.label')}>
                <thead>
                  <tr>
                    <th scope="col">{t('players.ledger.at')}</th>
                    <th scope="col">{t('players.ledger.kind')}</th>
                    <th scope="col" className="bo-player__num">
                      {t('players.ledger.amount')}
                    </th>
                    <th scope="col" className="bo-player__num">
                      {t('players.ledger.balanceAfter')}
                    </th>
                    <th scope="col">{t('players.ledger.transfer')}</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.data.items.length === 0 && <EmptyRow columns={5}>{t('players.ledger.empty')}</EmptyRow>}
                  {ledger.data.items.map((entry) => (
                    <tr key={entry.entryId}>
                      <td data-label={t('players.ledger.at')}>{formatDateTime(entry.createdAt, language, true)}</td>
                      <td data-label={t('players.ledger.kind')}>{entry.kind}</td>
                      <td
                        data-label={t('players.ledger.amount')}
                        className={`bo-player__num ${entry.amountMinor.startsWith('-') ? 'bo-player__minus' : 'bo-player__plus'}`}
                      >
                        {formatDecimal(minorText(entry.amountMinor, scale))}
                      </td>
                      <td data-label={t('players.ledger.balanceAfter')} className="bo-player__num">
                        {formatDecimal(minorText(entry.balanceAfterMinor, scale))}
                      </td>
                      <td data-label={t('players.ledger.transfer')} className="bo-players__sub">
                        #{entry.transferId}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {ledger.data.totalPages > 1 && (
              <Pager page={page} totalPages={ledger.data.totalPages} onPageChange={setPage} labels={pagerLabels} />
            )}
          </>
        )
      }
    </QueryState>
  );
}

function CashierTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const records = usePlayerCashier(id, page);
  return (
    <QueryState query={records}>
      {() =>
        records.data && (
          <>
            <div className="ui-table-wrap">
              <table className="ui-table ui-table--cards" aria-label={t('players.cashier.label')}>
                <thead>
                  <tr>
                    <th scope="col">{t('players.cashier.at')}</th>
                    <th scope="col">{t('players.cashier.type')}</th>
                    <th scope="col">{t('players.cashier.detail')}</th>
                    <th scope="col" className="bo-player__num">
                      {t('players.cashier.amount')}
                    </th>
                    <th scope="col">{t('players.cashier.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {records.data.items.length === 0 && <EmptyRow columns={5}>{t('players.cashier.empty')}</EmptyRow>}
                  {records.data.items.map((record) => (
                    <tr key={record.id}>
                      <td data-label={t('players.cashier.at')}>{formatDateTime(record.createdAt, language)}</td>
                      <td data-label={t('players.cashier.type')}>{record.type}</td>
                      <td data-label={t('players.cashier.detail')} className="bo-players__sub">
                        {record.detail}
                      </td>
                      <td data-label={t('players.cashier.amount')} className="bo-player__num">
                        {formatDecimal(record.amount.amount)}
                      </td>
                      <td data-label={t('players.cashier.status')}>{record.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {records.data.totalPages > 1 && (
              <Pager page={page} totalPages={records.data.totalPages} onPageChange={setPage} labels={pagerLabels} />
            )}
          </>
        )
      }
    </QueryState>
  );
}

function SecurityTab({ id, show }: { id: number; show: 'sessions' | 'logins' }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const security = usePlayerSecurity(id);
  return (
    <QueryState query={security}>
      {() =>
        security.data && (
          <div className="ui-table-wrap">
            {show === 'sessions' ? (
              <table className="ui-table ui-table--cards" aria-label={t('players.sessions.label')}>
                <thead>
                  <tr>
                    <th scope="col">{t('players.sessions.started')}</th>
                    <th scope="col">{t('players.sessions.lastSeen')}</th>
                    <th scope="col">{t('players.sessions.ip')}</th>
                    <th scope="col">{t('players.sessions.device')}</th>
                    <th scope="col">{t('players.sessions.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {security.data.sessions.length === 0 && (
                    <EmptyRow columns={5}>{t('players.sessions.empty')}</EmptyRow>
                  )}
                  {security.data.sessions.map((session) => (
                    <tr key={session.id}>
                      <td data-label={t('players.sessions.started')}>{formatDateTime(session.createdAt, language)}</td>
                      <td data-label={t('players.sessions.lastSeen')}>
                        {formatDateTime(session.lastSeenAt, language)}
                      </td>
                      <td data-label={t('players.sessions.ip')}>{session.ip ?? t('players.none')}</td>
                      <td data-label={t('players.sessions.device')}>
                        <span className="bo-players__stack">
                          <span>
                            {[session.device, session.scope, session.loginMethod].filter(Boolean).join(' · ')}
                          </span>
                          <span className="bo-players__sub">{session.userAgent ?? ''}</span>
                        </span>
                      </td>
                      <td data-label={t('players.sessions.state')}>
                        <Pill tone={session.active ? 'success' : 'neutral'}>
                          {session.active ? t('players.sessions.live') : t('players.sessions.ended')}
                        </Pill>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <table className="ui-table ui-table--cards" aria-label={t('players.logins.label')}>
                <thead>
                  <tr>
                    <th scope="col">{t('players.logins.at')}</th>
                    <th scope="col">{t('players.logins.ip')}</th>
                    <th scope="col">{t('players.logins.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {security.data.logins.length === 0 && <EmptyRow columns={3}>{t('players.logins.empty')}</EmptyRow>}
                  {security.data.logins.map((attempt) => (
                    <tr key={attempt.id}>
                      <td data-label={t('players.logins.at')}>{formatDateTime(attempt.at, language, true)}</td>
                      <td data-label={t('players.logins.ip')}>{attempt.ip ?? t('players.none')}</td>
                      <td data-label={t('players.logins.result')}>
                        <Pill tone={attempt.success ? 'success' : 'danger'}>
                          {attempt.success
                            ? t('players.logins.success')
                            : t('players.logins.failed', { reason: attempt.reason })}
                        </Pill>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )
      }
    </QueryState>
  );
}

/** Asks for the reason of a disable or enable (kept in the audit log). */
function StatusDialog({
  open,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (trimmed) onConfirm(trimmed);
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      closeLabel={t('ui.close')}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('ui.cancel')}
          </Button>
          <Button variant="danger" onClick={() => submit()} loading={busy} disabled={!trimmed}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form className="bo-player__dialog" onSubmit={submit}>
        <p>{body}</p>
        <Input
          label={t('players.reason')}
          required
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !trimmed ? t('players.reasonRequired') : null}
        />
      </form>
    </Modal>
  );
}

type Dialog = 'status' | 'force' | 'reset' | 'unlock' | 'resetTwoFactor' | null;

/**
 * One player or agent: profile with upline and downline, balances (main, on hold, vendor wallets), account
 * actions by permission, the adjustments slot, and tabs with ledger, cashier records, sessions and logins.
 */
export function PlayerDetailPage({
  id,
  listPath,
  detailPath,
  canChangeStatus,
  canManagePassword,
  renderAdjustments,
}: PlayerDetailPageProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const toast = useToast();
  const player = usePlayer(id);
  const action = usePlayerAction();
  const reset = useResetPlayerPassword();
  const [tab, setTab] = useState<'ledger' | 'cashier' | 'sessions' | 'logins'>('ledger');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [password, setPassword] = useState<string | null>(null);
  const onError = (error: unknown) => toast.error(describeError(error));

  return (
    <div className="bo-page">
      <Link to={listPath} className="bo-player__back">
        ← {t('players.back')}
      </Link>
      <QueryState query={player}>
        {() => {
          const data = player.data;
          if (!data) return null;
          const { account, balance } = data;
          const active = account.status === 'active';
          const locked = account.lockedUntil !== null && new Date(account.lockedUntil).getTime() > Date.now();
          const money = (amount: string) => `${formatDecimal(amount)} ${balance.currency}`;
          return (
            <>
              <PageHeader
                title={account.username}
                description={
                  <span className="bo-player__badges">
                    <Pill tone={account.kind === 'agent' ? 'primary' : 'info'}>
                      {t(`players.kinds.${account.kind}`)}
                    </Pill>{' '}
                    <Pill tone={active ? 'success' : 'danger'}>{t(`players.statuses.${account.status}`)}</Pill>{' '}
                    <span className="bo-players__sub">#{account.id}</span>
                  </span>
                }
              />
              <div className="bo-player__grid">
                <Panel title={t('players.profile')}>
                  <dl className="bo-player__facts">
                    <Fact label={t('players.fields.nickname')}>{account.nickname ?? t('players.none')}</Fact>
                    <Fact label={t('players.fields.realName')}>{account.realName ?? t('players.none')}</Fact>
                    <Fact label={t('players.fields.mobile')}>{account.mobile ?? t('players.none')}</Fact>
                    <Fact label={t('players.fields.email')}>{account.email ?? t('players.none')}</Fact>
                    <Fact label={t('players.fields.language')}>{account.language}</Fact>
                    <Fact label={t('players.fields.inviteCode')}>{account.inviteCode ?? t('players.none')}</Fact>
                    <Fact label={t('players.fields.registered')}>{formatDateTime(account.createdAt, language)}</Fact>
                    <Fact label={t('players.fields.registerIp')}>{account.registerIp ?? t('players.none')}</Fact>
                    <Fact label={t('players.fields.lastLogin')}>
                      {account.lastLoginAt ? formatDateTime(account.lastLoginAt, language) : t('players.never')}
                    </Fact>
                    <Fact label={t('players.fields.lastLoginIp')}>{account.lastLoginIp ?? t('players.none')}</Fact>
                    <Fact label={t('players.fields.failedLogins')}>{account.failedLoginCount}</Fact>
                    <Fact label={t('players.fields.lockedUntil')}>
                      {locked && account.lockedUntil ? (
                        <Pill tone="danger">{formatDateTime(account.lockedUntil, language)}</Pill>
                      ) : (
                        t('players.none')
                      )}
                    </Fact>
                    <Fact label={t('players.fields.twoFactor')}>
                      {account.twoFactorEnabled ? t('players.twoFactorOn') : t('players.twoFactorOff')}
                    </Fact>
                    <Fact label={t('players.fields.mustChange')}>
                      {account.mustChangePassword ? t('players.yes') : t('players.no')}
                    </Fact>
                    <Fact label={t('players.fields.upline')}>
                      {data.upline ? (
                        <Link className="bo-players__link" to={detailPath(data.upline.id)}>
                          {data.upline.username}
                        </Link>
                      ) : (
                        t('players.none')
                      )}
                    </Fact>
                    <Fact label={t('players.fields.downline')}>
                      {data.downlineTotal === 0
                        ? t('players.none')
                        : t('players.downline.count', { count: data.downlineTotal })}
                    </Fact>
                  </dl>
                </Panel>
                <div className="bo-player__side">
                  <Panel title={t('players.balances')}>
                    <div className="bo-player__balance" data-testid="player-balance">
                      <span className="bo-players__sub">{t('players.main')}</span>
                      <span className="bo-player__main">{money(balance.main.amount)}</span>
                      <span className="bo-player__row">
                        {t('players.onHold')} <strong>{money(balance.onHold.amount)}</strong>
                      </span>
                      {balance.vendors.length === 0 ? (
                        <span className="bo-players__sub">{t('players.noVendorWallets')}</span>
                      ) : (
                        balance.vendors.map((vendor) => (
                          <span key={vendor.vendor} className="bo-player__row">
                            {vendor.vendor} <strong>{money(vendor.balance.amount)}</strong>
                          </span>
                        ))
                      )}
                      <span className="bo-player__row">
                        {t('players.totalBalance')} <strong>{money(balance.total.amount)}</strong>
                      </span>
                    </div>
                  </Panel>
                  {(canChangeStatus || canManagePassword) && (
                    <Panel title={t('players.actions')}>
                      <div className="bo-player__actions">
                        {canChangeStatus && (
                          <Button
                            variant={active ? 'danger' : 'secondary'}
                            size="sm"
                            onClick={() => setDialog('status')}
                          >
                            {active ? t('players.disable') : t('players.enable')}
                          </Button>
                        )}
                        {canChangeStatus && locked && (
                          <Button variant="secondary" size="sm" onClick={() => setDialog('unlock')}>
                            {t('players.unlock')}
                          </Button>
                        )}
                        {canManagePassword && (
                          <>
                            <Button variant="secondary" size="sm" onClick={() => setDialog('force')}>
                              {t('players.forcePassword')}
                            </Button>
                            <Button variant="secondary" size="sm" onClick={() => setDialog('reset')}>
                              {t('players.resetPassword')}
                            </Button>
                            {account.twoFactorEnabled && (
                              <Button variant="secondary" size="sm" onClick={() => setDialog('resetTwoFactor')}>
                                {t('players.resetTwoFactor')}
                              </Button>
                            )}
                          </>
                        )}
                      </div>
                    </Panel>
                  )}
                </div>
              </div>

              {(account.kind === 'agent' || data.downlineTotal > 0) && (
                <Panel title={t('players.downline.title')}>
                  <DownlineTree
                    id={account.id}
                    username={account.username}
                    total={data.downlineTotal}
                    detailPath={detailPath}
                  />
                </Panel>
              )}

              {renderAdjustments?.({
                id: account.id,
                username: account.username,
                currency: balance.currency,
                kind: account.kind,
              })}

              <Panel>
                <Tabs
                  label={t('players.profile')}
                  value={tab}
                  onChange={(value) => setTab(value as typeof tab)}
                  items={[
                    { id: 'ledger', label: t('players.tabs.ledger') },
                    { id: 'cashier', label: t('players.tabs.cashier') },
                    { id: 'sessions', label: t('players.tabs.sessions') },
                    { id: 'logins', label: t('players.tabs.logins') },
                  ]}
                >
                  <div className="bo-player__tabs">
                    {tab === 'ledger' && <LedgerTab id={id} scale={balance.scale} />}
                    {tab === 'cashier' && <CashierTab id={id} />}
                    {(tab === 'sessions' || tab === 'logins') && <SecurityTab id={id} show={tab} />}
                  </div>
                </Tabs>
              </Panel>

              <StatusDialog
                open={dialog === 'status'}
                title={t(active ? 'players.disableTitle' : 'players.enableTitle', { username: account.username })}
                body={active ? t('players.disableBody') : t('players.enableBody')}
                confirmLabel={active ? t('players.disable') : t('players.enable')}
                busy={action.isPending}
                onClose={() => setDialog(null)}
                onConfirm={(reason) =>
                  action.mutate(
                    { id, action: active ? 'disable' : 'enable', reason },
                    {
                      onSuccess: () => {
                        toast.success(
                          t(active ? 'players.disabled' : 'players.enabled', { username: account.username }),
                        );
                        setDialog(null);
                      },
                      onError,
                    },
                  )
                }
              />
              <ConfirmDialog
                open={dialog === 'force'}
                title={t('players.forceTitle', { username: account.username })}
                confirmLabel={t('players.confirm')}
                busy={action.isPending}
                onClose={() => setDialog(null)}
                onConfirm={() =>
                  action.mutate(
                    { id, action: 'forcePassword' },
                    {
                      onSuccess: () => {
                        toast.success(t('players.forced', { username: account.username }));
                        setDialog(null);
                      },
                      onError,
                    },
                  )
                }
              >
                <p>{t('players.forceBody')}</p>
              </ConfirmDialog>
              <ConfirmDialog
                open={dialog === 'unlock'}
                title={t('players.unlockTitle', { username: account.username })}
                confirmLabel={t('players.unlock')}
                busy={action.isPending}
                onClose={() => setDialog(null)}
                onConfirm={() =>
                  action.mutate(
                    { id, action: 'unlock' },
                    {
                      onSuccess: () => {
                        toast.success(t('players.unlocked', { username: account.username }));
                        setDialog(null);
                      },
                      onError,
                    },
                  )
                }
              >
                <p>{t('players.unlockBody')}</p>
              </ConfirmDialog>
              <ConfirmDialog
                open={dialog === 'resetTwoFactor'}
                title={t('players.resetTwoFactorTitle', { username: account.username })}
                confirmLabel={t('players.resetTwoFactor')}
                tone="danger"
                busy={action.isPending}
                onClose={() => setDialog(null)}
                onConfirm={() =>
                  action.mutate(
                    { id, action: 'resetTwoFactor' },
                    {
                      onSuccess: () => {
                        toast.success(t('players.twoFactorReset', { username: account.username }));
                        setDialog(null);
                      },
                      onError,
                    },
                  )
                }
              >
                <p>{t('players.resetTwoFactorBody')}</p>
              </ConfirmDialog>
              <ConfirmDialog
                open={dialog === 'reset'}
                title={t('players.resetTitle', { username: account.username })}
                confirmLabel={t('players.resetPassword')}
                tone="danger"
                busy={reset.isPending}
                onClose={() => setDialog(null)}
                onConfirm={() =>
                  reset.mutate(id, {
                    onSuccess: (value) => {
                      setDialog(null);
                      setPassword(value.temporaryPassword);
                    },
                    onError,
                  })
                }
              >
                <p>{t('players.resetBody')}</p>
              </ConfirmDialog>
              <Modal
                open={password !== null}
                onClose={() => setPassword(null)}
                title={t('players.resetDone', { username: account.username })}
                size="sm"
                closeLabel={t('ui.close')}
                footer={<Button onClick={() => setPassword(null)}>{t('ui.close')}</Button>}
              >
                <div className="bo-player__dialog">
                  <code className="bo-player__secret" data-testid="temporary-password">
                    {password}
                  </code>
                  <p className="bo-players__sub">{t('players.resetShownOnce')}</p>
                </div>
              </Modal>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
