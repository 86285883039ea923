import type { ShippedLanguage } from '@portal/contract';
import { languageLocales } from './i18n';

/** Date and time in the operator's language conventions, in the browser's time zone, 24-hour clock. */
export function formatDateTime(value: string | Date, language: ShippedLanguage, withSeconds = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(languageLocales[language], {
    dateStyle: 'medium',
    timeStyle: withSeconds ? 'medium' : 'short',
    hourCycle: 'h23',
  }).format(date);
}

/** A date and its time of day as two texts, for narrow columns that show them on two lines (see formatDateTime). */
export function formatDateAndTime(value: string | Date, language: ShippedLanguage): { date: string; time: string } {
  const date = typeof value === 'string' ? new Date(value) : value;
  const locale = languageLocales[language];
  return {
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', hourCycle: 'h23' }).format(date),
  };
}

/** The value of an `<input type="datetime-local">` for an instant, in the browser's time zone. */
export function toDateTimeLocal(value: string | Date | null): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant an `<input type="datetime-local">` value names in the browser's time zone, as ISO 8601; null when empty. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
