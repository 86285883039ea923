import type { MemberInfo } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconChevronDown } from '@portal/ui/icons';
import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLock, IconLogout, IconShield, IconUser, IconUserPlus, IconUsers } from '@/components/ui/account-icons';
import { openModal } from '@/lib/modals';
import type { LoginStatus } from '@/lib/session';
import './account-menu.css';

/**
 * An entry the app adds to a real account's menu (spec section 2: deposit, invite friends, VIP, withdraw, refresh
 * balance, show/hide balance, feedback): a link (`to`) or an action (`onSelect`). The app composes them, since
 * they belong to other features.
 */
export type AccountMenuExtraItem = { key: string; label: string; icon: ReactNode; to?: string; onSelect?: () => void };

/**
 * The logged-in player's name and account menu: My account and Change password for real accounts, the
 * agent centre for agents, Register or Log in for trial users, and Sign out (after a confirmation).
 * Loaded on demand: visitors never need it.
 */
export function AccountMenu({
  info,
  status,
  extraItems = [],
}: {
  info: MemberInfo;
  status: LoginStatus;
  extraItems?: readonly AccountMenuExtraItem[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = info.nickname?.trim() || info.account;
  const trial = status === 'trial';

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    // Moves focus into the menu so keyboard players land on its first item.
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(index + step + items.length) % items.length]?.focus();
  };

  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="auth-header account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={cx('account-menu__trigger', open && 'is-open')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-menu__name">{name}</span>
        {trial && <span className="account-menu__trial">{t('auth.account.roles.trial')}</span>}
        <IconChevronDown className="account-menu__chevron" size={16} />
        <span className="visually-hidden">{t('auth.account.menu')}</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="account-menu__panel"
          role="menu"
          aria-label={t('auth.account.menu')}
          onKeyDown={onMenuKeyDown}
        >
          <div className="account-menu__head" role="presentation">
            <span className="account-menu__avatar account-menu__avatar--lg" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
            <div>
              <p className="account-menu__head-name">{name}</p>
              <p className="account-menu__head-meta">
                <span>{info.account}</span>
                <span className={cx('account-menu__role', `account-menu__role--${status}`)}>
                  {t(`auth.account.roles.${status === 'agent' ? 'agent' : trial ? 'trial' : 'member'}`)}
                </span>
              </p>
            </div>
          </div>
          {trial ? (
            <>
              <button
                type="button"
                role="menuitem"
                className="account-menu__item"
                onClick={run(() => openModal('registerModal'))}
              >
                <IconUserPlus size={18} />
                {t('auth.account.registerReal')}
              </button>
              <button
                type="button"
                role="menuitem"
                className="account-menu__item"
                onClick={run(() => openModal('loginPopupModal'))}
              >
                <IconUser size={18} />
                {t('auth.account.logInReal')}
              </button>
            </>
          ) : (
            <>
              <Link role="menuitem" className="account-menu__item" to="/member" onClick={() => setOpen(false)}>
                <IconShield size={18} />
                {t('auth.account.myAccount')}
              </Link>
              {status === 'agent' && (
                <Link role="menuitem" className="account-menu__item" to="/agentHome" onClick={() => setOpen(false)}>
                  <IconUsers size={18} />
                  {t('auth.account.agentCentre')}
                </Link>
              )}
              <button
                type="button"
                role="menuitem"
                className="account-menu__item"
                onClick={run(() => openModal('changePassModal'))}
              >
                <IconLock size={18} />
                {t('auth.account.changePassword')}
              </button>
              {extraItems.length > 0 && <hr className="account-menu__separator" />}
              {extraItems.map((item) =>
                item.to ? (
                  <Link
                    key={item.key}
                    role="menuitem"
                    className="account-menu__item"
                    to={item.to}
                    onClick={() => setOpen(false)}
                  >
                    {item.icon}
                    {item.label}
                  </Link>
                ) : (
                  <button
                    key={item.key}
                    type="button"
                    role="menuitem"
                    className="account-menu__item"
                    onClick={run(() => item.onSelect?.())}
                  >
                    {item.icon}
                    {item.label}
                  </button>
                ),
              )}
            </>
          )}
          <hr className="account-menu__separator" />
          <button
            type="button"
            role="menuitem"
            className="account-menu__item account-menu__item--danger"
            onClick={run(() => openModal('logoutConfirm', { redirectTo: '/' }))}
          >
            <IconLogout size={18} />
            {t('auth.account.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
