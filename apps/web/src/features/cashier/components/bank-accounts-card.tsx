import type { BankAccountList } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Input } from '@portal/ui/input';
import { Select } from '@portal/ui/select';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bankAccountsQueryOptions, useAddBankAccount, useRemoveBankAccount } from '../api/cashier';
import { CashierCard, FormError, IconBank, QueryState } from './cashier-ui';

/**
 * The member's bound bank accounts and e-wallets (list, add, remove). The server's rules apply and are shown:
 * at most `max` accounts, the holder must be the account's payee (real) name, which the first account sets.
 */
export function BankAccountsCard() {
  const { t } = useTranslation();
  const accounts = useQuery(bankAccountsQueryOptions());
  const remove = useRemoveBankAccount();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const data = accounts.data;
  const full = data ? data.items.length >= data.max : true;

  return (
    <CashierCard
      title={t('cashier.banks.title')}
      action={
        data && !adding && !full ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            {t('cashier.banks.add')}
          </Button>
        ) : undefined
      }
    >
      <QueryState loading={accounts.isPending} error={accounts.error} onRetry={() => void accounts.refetch()}>
        {data && (
          <>
            {data.items.length === 0 && !adding && <p className="cashier-muted">{t('cashier.banks.none')}</p>}
            <ul className="cashier-banks">
              {data.items.map((account) => (
                <li key={account.id} className="cashier-bank">
                  <span className="cashier-bank__icon" aria-hidden="true">
                    <IconBank size={20} />
                  </span>
                  <div className="cashier-bank__text">
                    <span className="cashier-bank__name">{account.bankName}</span>
                    <span className="cashier-bank__meta">
                      <span className="cashier-mono">{account.accountNumberMasked}</span> · {account.holderName}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('cashier.banks.removeNamed', { name: account.bankName })}
                    onClick={() => setRemoving(account.id)}
                  >
                    {t('cashier.banks.remove')}
                  </Button>
                </li>
              ))}
            </ul>
            <p className="cashier-muted cashier-small">
              {t('cashier.banks.limit', { count: data.items.length, max: data.max })}
            </p>
            {adding && <AddBankAccountForm list={data} onDone={() => setAdding(false)} />}
          </>
        )}
      </QueryState>
      <FormError error={remove.error} />
      <ConfirmDialog
        open={removing !== null}
        title={t('cashier.banks.removeTitle')}
        tone="warning"
        confirmLabel={t('cashier.banks.remove')}
        cancelLabel={t('cashier.cancel')}
        closeLabel={t('cashier.close')}
        confirmLoading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing === null) return;
          remove.mutate(removing, { onSettled: () => setRemoving(null) });
        }}
      >
        {t('cashier.banks.removeText')}
      </ConfirmDialog>
    </CashierCard>
  );
}

type Issues = Partial<Record<'bankCode' | 'accountNumber' | 'holderName', string>>;

function AddBankAccountForm({ list, onDone }: { list: BankAccountList; onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [holderName, setHolderName] = useState(list.payeeName ?? '');
  const [branch, setBranch] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const bank = list.banks.find((item) => item.code === bankCode);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Issues = {};
    if (!bank) next.bankCode = t('cashier.banks.bankRequired');
    // The server's rule: 6 to 24 digits once spaces and dashes are dropped.
    if (!/^\d{6,24}$/.test(accountNumber.replace(/[\s-]/g, ''))) next.accountNumber = t('cashier.banks.numberInvalid');
    if (holderName.trim().length < 2) next.holderName = t('cashier.banks.holderRequired');
    setIssues(next);
    if (Object.keys(next).length > 0 || add.isPending) return;
    add.mutate(
      {
        bankCode,
        accountNumber: accountNumber.replace(/[\s-]/g, ''),
        holderName: holderName.trim(),
        ...(branch.trim() ? { branch: branch.trim() } : {}),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form className="cashier-form cashier-form--grid cashier-subform" onSubmit={submit} noValidate>
      <Select
        label={t('cashier.banks.bank')}
        required
        placeholder={t('cashier.banks.choose')}
        value={bankCode}
        onChange={(event) => {
          setBankCode(event.target.value);
          setIssues((current) => ({ ...current, bankCode: undefined }));
        }}
        options={list.banks.map((item) => ({
          value: item.code,
          label: `${item.name} · ${t(`cashier.banks.kinds.${item.kind}`)}`,
        }))}
        error={issues.bankCode}
      />
      <Input
        label={bank?.kind === 'ewallet' ? t('cashier.banks.walletNumber') : t('cashier.banks.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        required
        value={accountNumber}
        onChange={(event) => {
          setAccountNumber(event.target.value);
          setIssues((current) => ({ ...current, accountNumber: undefined }));
        }}
        error={issues.accountNumber}
      />
      <Input
        label={t('cashier.banks.holder')}
        required
        readOnly={list.payeeName !== null}
        hint={list.payeeName ? t('cashier.banks.holderFixed') : t('cashier.banks.holderHint')}
        value={holderName}
        onChange={(event) => {
          setHolderName(event.target.value);
          setIssues((current) => ({ ...current, holderName: undefined }));
        }}
        error={issues.holderName}
      />
      {bank?.kind === 'bank' && (
        <Input
          label={t('cashier.banks.branch')}
          value={branch}
          maxLength={120}
          onChange={(event) => setBranch(event.target.value)}
        />
      )}
      <div className="cashier-form__wide">
        <FormError error={add.error} />
        <div className="cashier-actions">
          <Button variant="secondary" onClick={onDone}>
            {t('cashier.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('cashier.banks.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
