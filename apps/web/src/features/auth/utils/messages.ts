import type { ValidationIssue } from '@portal/contract';
import { ApiError, describeError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
// The forms that show these messages bring the registration texts with them (left out of the first download).
import '@/locales/registration';

/**
 * A message for a field or a form: an i18n key with its parameters, translated when shown so that it
 * follows a language change, or a text the server already translated (field issues of a failed call).
 */
export type FormMessage = { key: string; params?: Record<string, unknown> } | { text: string };

export type FieldErrors = Record<string, FormMessage>;

export function messageText(message: FormMessage | undefined | null): string | null {
  if (!message) return null;
  return 'text' in message ? message.text : translate(message.key, message.params);
}

/** The server's field issues (`body.<field>`) of a failed call, keyed by field name. */
export function issuesByField(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const issue of error.issues as ValidationIssue[]) {
    const field = issue.path.replace(/^body\./, '');
    if (field && !errors[field]) errors[field] = { text: issue.message };
  }
  return errors;
}

/** What a form's alert shows: a message, or an error a call threw (translated when shown). */
export type AlertMessage = FormMessage | { error: unknown };

export function alertText(alert: AlertMessage | null): string | null {
  if (!alert) return null;
  return 'error' in alert ? describeError(alert.error) : messageText(alert);
}
