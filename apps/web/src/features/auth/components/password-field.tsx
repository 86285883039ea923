import { Input, type InputProps } from '@portal/ui/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEye, IconEyeOff } from '@/components/ui/account-icons';
import '@/locales/identity';

/** A password input with a show/hide toggle, so players on phones can check what they typed. */
export function PasswordField(props: Omit<InputProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <button
          type="button"
          className="auth-icon-button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('authForms.hidePassword') : t('authForms.showPassword')}
          aria-pressed={visible}
        >
          {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </button>
      }
    />
  );
}
