import {
  type ListSort,
  type Operator,
  type OperatorRole,
  type OperatorSort,
  type OperatorWithPassword,
  operatorRoles,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconAlert, IconRefresh } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Select } from '@portal/ui/select';
import { Spinner } from '@portal/ui/spinner';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconCopy, IconKey, IconPlus } from '@/components/ui/console-icons';
import { PageHeader, Pill } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { translate, useCurrentLanguage } from '@/lib/i18n';
import {
  type OperatorAction,
  oldestOperatorFirst,
  useChangeRole,
  useCreateOperator,
  useOperatorAction,
  useOperators,
  useResetPassword,
} from '../api/operators';
import '@/components/ui/table.css';
import './operators.css';

const usernamePattern = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;

type Pending =
  | { kind: 'role'; operator: Operator }
  | { kind: OperatorAction; operator: Operator }
  | { kind: 'resetPassword'; operator: Operator };

const roleOptions = () => operatorRoles.map((role) => ({ value: role, label: translate(`roles.${role}`) }));

/** Operators (owner only): list, create with a role, change role, disable/enable, reset 2-step and password. */
export function OperatorsPage({ currentOperatorId }: { currentOperatorId: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const toast = useToast();
  const [sorting, setSorting] = useState<ListSort<OperatorSort>>(oldestOperatorFirst);
  const operators = useOperators(sorting);
  const action = useOperatorAction();
  const changeRole = useChangeRole();
  const resetPassword = useResetPassword();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [role, setRole] = useState<OperatorRole>('support');
  const [issued, setIssued] = useState<OperatorWithPassword | null>(null);

  const close = () => setPending(null);
  const onError = (error: unknown) => toast.error(describeError(error));

  const runAction = (operator: Operator, kind: OperatorAction) =>
    action.mutate(
      { id: operator.id, action: kind },
      {
        onSuccess: () => {
          toast.success(t('operators.updated', { username: operator.username }));
          close();
        },
        onError,
      },
    );

  return (
    <div className="bo-page">
      <PageHeader
        title={t('operators.title')}
        description={t('operators.intro')}
        actions={
          <Button icon={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('operators.create')}
          </Button>
        }
      />
      {operators.isPending ? (
        <div className="bo-page-loading">
          <Spinner size="lg" label={t('app.loading')} />
        </div>
      ) : operators.isError ? (
        <div className="bo-message-card bo-message-card--inline" role="alert">
          <IconAlert size={30} className="bo-message-card__icon" />
          <p>{describeError(operators.error)}</p>
          <Button variant="secondary" icon={<IconRefresh size={16} />} onClick={() => void operators.refetch()}>
            {t('app.retry')}
          </Button>
        </div>
      ) : (
        <div className="ui-table-wrap">
          <table className="ui-table ui-table--cards bo-operators">
            <thead>
              <tr>
                <SortableHeader column="username" sorting={sorting} onSort={setSorting}>
                  {t('operators.username')}
                </SortableHeader>
                <SortableHeader column="role" sorting={sorting} onSort={setSorting}>
                  {t('operators.role')}
                </SortableHeader>
                <SortableHeader column="status" sorting={sorting} onSort={setSorting}>
                  {t('operators.status')}
                </SortableHeader>
                <th scope="col">{t('operators.twoFactor')}</th>
                <SortableHeader column="lastLoginAt" firstOrder="desc" sorting={sorting} onSort={setSorting}>
                  {t('operators.lastLogin')}
                </SortableHeader>
                <th scope="col" className="bo-operators__actions-head">
                  {t('operators.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {operators.data.items.map((operator) => {
                const self = operator.id === currentOperatorId;
                const active = operator.status === 'active';
                return (
                  <tr key={operator.id} className={active ? undefined : 'bo-operators__row--disabled'}>
                    <td data-label={t('operators.username')}>
                      <span className="bo-operators__name">
                        <span className="bo-avatar bo-avatar--sm" aria-hidden="true">
                          {operator.username.slice(0, 1).toUpperCase()}
                        </span>
                        <span>
                          {operator.username}
                          {self && <span className="bo-operators__you"> ({t('operators.you')})</span>}
                        </span>
                      </span>
                    </td>
                    <td data-label={t('operators.role')}>
                      <Pill tone={operator.role === 'owner' ? 'primary' : 'neutral'}>
                        {t(`roles.${operator.role}`)}
                      </Pill>
                    </td>
                    <td data-label={t('operators.status')}>
                      <Pill tone={active ? 'success' : 'danger'}>
                        {active ? t('operators.active') : t('operators.disabled')}
                      </Pill>
                    </td>
                    <td data-label={t('operators.twoFactor')}>
                      <Pill tone={operator.totpEnrolled ? 'success' : 'warning'}>
                        {operator.totpEnrolled ? t('operators.enrolled') : t('operators.notEnrolled')}
                      </Pill>
                    </td>
                    <td className="ui-table__num ui-table__muted" data-label={t('operators.lastLogin')}>
                      {operator.lastLoginAt ? formatDateTime(operator.lastLoginAt, language) : t('operators.never')}
                      {operator.lastLoginIp && <span className="bo-operators__ip">{operator.lastLoginIp}</span>}
                    </td>
                    <td>
                      <div className="bo-operators__actions">
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={self}
                          onClick={() => {
                            setRole(operator.role);
                            setPending({ kind: 'role', operator });
                          }}
                        >
                          {t('operators.changeRole')}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={self}
                          onClick={() => setPending({ kind: active ? 'disable' : 'enable', operator })}
                        >
                          {active ? t('operators.disable') : t('operators.enable')}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'resetTotp', operator })}>
                          {t('operators.resetTotp')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={self}
                          onClick={() => setPending({ kind: 'resetPassword', operator })}
                        >
                          {t('operators.resetPassword')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <CreateOperatorDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setIssued(result);
          toast.success(t('operators.created', { username: result.operator.username }));
        }}
      />

      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />

      <Modal
        open={pending?.kind === 'role'}
        closeLabel={t('ui.close')}
        onClose={close}
        size="sm"
        title={pending ? t('operators.changeRoleTitle', { username: pending.operator.username }) : ''}
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              {t('ui.cancel')}
            </Button>
            <Button
              loading={changeRole.isPending}
              disabled={!pending || pending.operator.role === role}
              onClick={() =>
                pending &&
                changeRole.mutate(
                  { id: pending.operator.id, role },
                  {
                    onSuccess: () => {
                      toast.success(t('operators.updated', { username: pending.operator.username }));
                      close();
                    },
                    onError,
                  },
                )
              }
            >
              {t('ui.save')}
            </Button>
          </>
        }
      >
        <Select
          label={t('operators.role')}
          value={role}
          options={roleOptions()}
          onChange={(event) => setRole(event.target.value as OperatorRole)}
          hint={t(`roleDescriptions.${role}`)}
        />
      </Modal>

      {pending && (pending.kind === 'disable' || pending.kind === 'enable' || pending.kind === 'resetTotp') && (
        <ConfirmDialog
          open
          busy={action.isPending}
          tone={pending.kind === 'enable' ? 'primary' : 'danger'}
          title={
            pending.kind === 'resetTotp'
              ? t('operators.confirmResetTotpTitle', { username: pending.operator.username })
              : pending.kind === 'disable'
                ? t('operators.confirmDisableTitle', { username: pending.operator.username })
                : t('operators.enable')
          }
          confirmLabel={
            pending.kind === 'resetTotp'
              ? t('operators.resetTotp')
              : pending.kind === 'disable'
                ? t('operators.disable')
                : t('operators.enable')
          }
          onConfirm={() => runAction(pending.operator, pending.kind as OperatorAction)}
          onClose={close}
        >
          <p>
            {pending.kind === 'resetTotp'
              ? t('operators.confirmResetTotpBody')
              : pending.kind === 'disable'
                ? t('operators.confirmDisableBody')
                : pending.operator.username}
          </p>
        </ConfirmDialog>
      )}

      {pending?.kind === 'resetPassword' && (
        <ConfirmDialog
          open
          busy={resetPassword.isPending}
          tone="danger"
          title={t('operators.confirmResetPasswordTitle', { username: pending.operator.username })}
          confirmLabel={t('operators.resetPassword')}
          onConfirm={() =>
            resetPassword.mutate(pending.operator.id, {
              onSuccess: (result) => {
                close();
                setIssued(result);
              },
              onError,
            })
          }
          onClose={close}
        >
          <p>{t('operators.confirmResetPasswordBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function CreateOperatorDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (result: OperatorWithPassword) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [touched, setTouched] = useState(false);
  const invalid = !usernamePattern.test(username.trim());

  const reset = () => {
    setUsername('');
    setRole('support');
    setTouched(false);
    create.reset();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (invalid) return;
    create.mutate(
      { username: username.trim(), role },
      {
        onSuccess: (result) => {
          reset();
          onCreated(result);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      closeLabel={t('ui.close')}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('operators.createTitle')}
      size="sm"
      closeOnBackdrop={false}
      footer={
        <>
          <Button
            variant="ghost"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('ui.cancel')}
          </Button>
          <Button loading={create.isPending} onClick={() => submit()}>
            {t('operators.create')}
          </Button>
        </>
      }
    >
      <form className="bo-operators__form" onSubmit={submit} noValidate>
        <Input
          label={t('operators.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={touched && invalid ? t('operators.usernameInvalid') : null}
          hint={t('operators.usernameHint')}
        />
        <Select
          label={t('operators.role')}
          value={role}
          options={roleOptions()}
          onChange={(event) => setRole(event.target.value as OperatorRole)}
          hint={t(`roleDescriptions.${role}`)}
        />
        {create.isError && (
          <p className="bo-operators__error" role="alert">
            {describeError(create.error)}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

function OneTimePasswordDialog({ issued, onClose }: { issued: OperatorWithPassword | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.initialPassword);
      toast.success(t('ui.copied'));
    } catch {
      // The password stays on screen to be copied by hand.
    }
  };
  return (
    <Modal
      open={issued !== null}
      closeLabel={t('ui.close')}
      onClose={onClose}
      size="sm"
      closeOnBackdrop={false}
      title={issued ? t('operators.passwordTitle', { username: issued.operator.username }) : ''}
      footer={<Button onClick={onClose}>{t('operators.passwordDone')}</Button>}
    >
      <div className="bo-operators__issued">
        <p>{t('operators.passwordIntro')}</p>
        <div className="bo-operators__password">
          <IconKey size={18} />
          <code data-testid="one-time-password">{issued?.initialPassword}</code>
          <Button variant="ghost" size="sm" icon={<IconCopy size={16} />} onClick={copy}>
            {t('ui.copy')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
