import type { Money } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { IconAlert, IconClose, type IconProps, IconRefresh, IconSvg } from '@portal/ui/icons';
import { Skeleton } from '@portal/ui/skeleton';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { usePermission } from '@/lib/permission';
import { type AmountIssue, formatMoneyText } from '../utils/amount';
import { addImages, fileSizeText, type ImageIssue, maxImages } from '../utils/files';

/** The site currency's symbol and scale, from the permission response (spec section 3 "currencySymbol"). */
export function useCurrency(): { symbol: string; scale: number; code: string } {
  const { info } = usePermission();
  return info.currency;
}

/** An amount with symbol, thousands separators and 2 decimals (spec section 9). */
export function MoneyText({ value, className }: { value: Money | string; className?: string }) {
  const currency = useCurrency();
  return <span className={className ?? 'cashier-money'}>{formatMoneyText(value, currency)}</span>;
}

/** The page's head: eyebrow, title, one line on what the page does, and optional figures on the right. */
export function CashierHeader({
  icon,
  title,
  description,
  aside,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="cashier-hero">
      <span className="cashier-hero__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="cashier-hero__text">
        <p className="cashier-hero__eyebrow">{t('cashier.eyebrow')}</p>
        <h1 className="cashier-hero__title">{title}</h1>
        <p className="cashier-hero__description">{description}</p>
      </div>
      {aside && <div className="cashier-hero__aside">{aside}</div>}
    </section>
  );
}

export function CashierCard({
  title,
  children,
  action,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={`cashier-card ${className ?? ''}`} aria-labelledby={id}>
      <div className="cashier-card__head">
        <h2 id={id} className="cashier-card__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Loading, failed or empty, for a panel whose data comes from one query. */
export function QueryState({
  loading,
  error,
  onRetry,
  empty,
  emptyTitle,
  emptyDescription,
  children,
  skeletonRows = 3,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty?: boolean;
  emptyTitle?: string;
  emptyDescription?: string;
  children: ReactNode;
  skeletonRows?: number;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="cashier-skeleton" role="status" aria-busy="true" aria-label={t('cashier.loading')}>
        {Array.from({ length: skeletonRows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={index} height={44} radius={12} />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <EmptyState
        icon={<IconAlert size={28} />}
        title={t('cashier.loadFailed')}
        description={describeError(error)}
        action={
          <Button variant="secondary" size="sm" icon={<IconRefresh size={16} />} onClick={onRetry}>
            {t('cashier.retry')}
          </Button>
        }
      />
    );
  }
  if (empty) return <EmptyState title={emptyTitle ?? ''} description={emptyDescription} />;
  return <>{children}</>;
}

/** An error the server (or the network) answered, translated; shown above a form's submit button. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="cashier-alert cashier-alert--danger" role="alert">
      <IconAlert size={18} />
      <span>{describeError(error)}</span>
    </p>
  );
}

/** The text of an amount issue (`cashier.amount.*`) for the field's error line. */
export function useAmountIssueText() {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (issue: AmountIssue | null): string | null => {
    if (!issue) return null;
    switch (issue.key) {
      case 'required':
        return t('cashier.amount.required');
      case 'invalid':
        return t('cashier.amount.invalid');
      case 'tooPrecise':
        return t('cashier.amount.tooPrecise', { scale: issue.scale });
      case 'belowMin':
        return t('cashier.amount.belowMin', { min: `${currency.symbol}${issue.min}` });
      case 'aboveMax':
        return t('cashier.amount.aboveMax', { max: `${currency.symbol}${issue.max}` });
      case 'aboveBalance':
        return t('cashier.amount.aboveBalance', { available: `${currency.symbol}${issue.available}` });
    }
  };
}

/** Amount buttons (the channel's presets); the chosen one is pressed. */
export function AmountPresets({
  presets,
  value,
  onPick,
}: {
  presets: readonly Money[];
  value: string;
  onPick: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const currency = useCurrency();
  if (presets.length === 0) return null;
  return (
    <fieldset className="cashier-presets">
      <legend className="cashier-presets__legend">{t('cashier.amount.presets')}</legend>
      {presets.map((preset) => {
        const plain = preset.amount.replace(/\.0+$/, '');
        const pressed = value.trim() === plain || value.trim() === preset.amount;
        return (
          <button
            key={preset.minor}
            type="button"
            className="cashier-presets__item"
            aria-pressed={pressed}
            onClick={() => onPick(plain)}
          >
            {formatMoneyText(preset, currency)}
          </button>
        );
      })}
    </fieldset>
  );
}

/**
 * Picks up to 3 PNG/JPEG images of at most 5 MB (spec sections 5 and 9), checked on the device before they go;
 * the server checks them again by content.
 */
export function ImagePicker({
  label,
  hint,
  files,
  onChange,
  error,
  name,
}: {
  label: string;
  hint: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  error?: string | null;
  name: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [issue, setIssue] = useState<ImageIssue | null>(null);
  const message = issue ? t(`cashier.images.${issue}`, { max: maxImages }) : (error ?? null);
  return (
    <div className={`cashier-images ${message ? 'cashier-images--invalid' : ''}`}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="cashier-images__row">
        {files.map((file, index) => (
          <div key={`${file.name}:${file.size}:${file.lastModified}`} className="cashier-images__file">
            <span className="cashier-images__name">{file.name}</span>
            <span className="cashier-images__size">{fileSizeText(file.size)}</span>
            <button
              type="button"
              className="cashier-images__remove"
              aria-label={t('cashier.images.remove', { name: file.name })}
              onClick={() => {
                setIssue(null);
                onChange(files.filter((_, other) => other !== index));
              }}
            >
              <IconClose size={14} />
            </button>
          </div>
        ))}
        {files.length < maxImages && (
          <button type="button" className="cashier-images__add" onClick={() => input.current?.click()}>
            <IconUpload size={18} />
            {t('cashier.images.add')}
          </button>
        )}
      </div>
      <input
        ref={input}
        id={inputId}
        name={name}
        className="cashier-images__input"
        type="file"
        accept="image/png,image/jpeg"
        multiple
        aria-describedby={`${inputId}-hint`}
        onChange={async (event) => {
          const picked = Array.from(event.target.files ?? []);
          event.target.value = '';
          const result = await addImages(files, picked);
          setIssue(result.issue);
          onChange(result.files);
        }}
      />
      {message ? (
        <p className="ui-field__error" id={`${inputId}-hint`} role="alert">
          {message}
        </p>
      ) : (
        <p className="ui-field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A status as a coloured pill, translated under `cashier.status.*`. */
export function StatusPill({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone =
    status === 'completed' || status === 'approved' || status === 'received' || status === 'auto_received'
      ? 'success'
      : status === 'pending'
        ? 'warning'
        : status === 'partial' || status === 'not_received'
          ? 'info'
          : 'danger';
  return (
    <span className={`cashier-pill cashier-pill--${tone}`}>
      {t(`cashier.status.${status}`, { defaultValue: status })}
    </span>
  );
}

export function IconUpload(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </IconSvg>
  );
}

export function IconDeposit(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M12 13v3m-1.5-1.5h3" />
    </IconSvg>
  );
}

export function IconWithdraw(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M9.5 14.5h5" />
    </IconSvg>
  );
}

export function IconTransfer(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 8h13l-3.5-3.5M20 16H7l3.5 3.5" />
    </IconSvg>
  );
}

export function IconLedger(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M6 3h10l3 3v15H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z" />
      <path d="M8 9h8M8 13h8M8 17h5" />
    </IconSvg>
  );
}

export function IconBank(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="m3 9 9-5 9 5M5 10v7m4.7-7v7m4.6-7v7M19 10v7M3 20h18" />
    </IconSvg>
  );
}
