import { calls, type MemberInfo, memberInfoSchema } from '@portal/contract';
import { apiCall } from './api-client';

/**
 * The member-info call with its contract schema. Loaded on demand by the session (only players with a
 * token need it), which keeps the identity schemas out of the first download of every visitor.
 */
export function fetchMemberInfo(signal: AbortSignal): Promise<MemberInfo> {
  return apiCall(calls.memberInfo, { schema: memberInfoSchema, signal });
}
