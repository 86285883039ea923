import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetPaymentPassword } from '../api/cashier';
import { CashierCard, FormError } from './cashier-ui';

type Issues = Partial<Record<'loginPassword' | 'paymentPassword' | 'confirmPaymentPassword', string>>;

/**
 * Sets the first payment password, which withdrawals and transfers ask for. Proven with the login password; its
 * format is the merchant's rule (by default 6 digits), checked by the server and explained in its answer.
 */
export function PaymentPasswordCard({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ loginPassword: '', paymentPassword: '', confirmPaymentPassword: '' });
  const [issues, setIssues] = useState<Issues>({});
  const save = useSetPaymentPassword();

  const change = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setIssues((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Issues = {};
    if (!values.loginPassword) next.loginPassword = t('cashier.password.loginRequired');
    if (!values.paymentPassword) next.paymentPassword = t('cashier.password.required');
    if (values.confirmPaymentPassword !== values.paymentPassword) {
      next.confirmPaymentPassword = t('cashier.password.mismatch');
    }
    setIssues(next);
    if (Object.keys(next).length > 0 || save.isPending) return;
    save.mutate(values, { onSuccess: () => onDone?.() });
  };

  return (
    <CashierCard title={t('cashier.password.setTitle')} className="cashier-card--highlight">
      <p className="cashier-muted">{t('cashier.password.setIntro')}</p>
      <form className="cashier-form cashier-form--grid" onSubmit={submit} noValidate>
        <Input
          label={t('cashier.password.login')}
          type="password"
          autoComplete="current-password"
          required
          value={values.loginPassword}
          onChange={change('loginPassword')}
          error={issues.loginPassword}
        />
        <Input
          label={t('cashier.password.new')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          required
          value={values.paymentPassword}
          onChange={change('paymentPassword')}
          error={issues.paymentPassword}
          hint={t('cashier.password.hint')}
        />
        <Input
          label={t('cashier.password.confirm')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          required
          value={values.confirmPaymentPassword}
          onChange={change('confirmPaymentPassword')}
          error={issues.confirmPaymentPassword}
        />
        <div className="cashier-form__wide">
          <FormError error={save.error} />
          <Button type="submit" loading={save.isPending}>
            {t('cashier.password.save')}
          </Button>
        </div>
      </form>
    </CashierCard>
  );
}
