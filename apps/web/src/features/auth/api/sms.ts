import { type CallEntry, smsCodeSentSchema } from '@portal/contract';
import { apiCall } from '@/lib/api-client';

/** Asks for an SMS code (login, reset or registration) and answers its validity in minutes. */
export async function requestSmsCode(entry: CallEntry, body: Record<string, unknown>): Promise<number> {
  const sent = await apiCall(entry, { body, schema: smsCodeSentSchema });
  return sent.expiredMinutes;
}
