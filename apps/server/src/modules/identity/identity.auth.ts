import { type CallEntry, calls } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { type AuthContext, bearerToken, requireAuth } from '../../platform/http/auth-context';
// The route config's `call` entry is declared by the call guard's module augmentation.
import type {} from '../../platform/http/call-guard';
import type { IdentityService } from './identity.service';

/**
 * While the forced change-password step is pending (spec section 4: default or expired password), only
 * these calls answer: the client needs member info to show the step, and the member may leave instead.
 */
const allowedDuringPasswordChange: readonly CallEntry[] = [calls.changePassword, calls.memberInfo, calls.logout];

/**
 * The call guard's `authenticate` for calls marked T: reads the token from `Authorization` (the raw token, as
 * the spec's client sends it, or `Bearer <token>`), sets `request.auth`, and holds back every call but the
 * allowed three while the password must be changed.
 * @throws AUTH_REQUIRED without a live session.
 * @throws IDENTITY_PASSWORD_CHANGE_REQUIRED during the forced change step.
 */
export function createAuthenticate(identity: Pick<IdentityService, 'resolveSession'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const resolved = token ? await identity.resolveSession(token) : null;
    if (!resolved) throw new AppError('AUTH_REQUIRED');
    request.auth = resolved.auth;
    if (resolved.passwordChangeRequired) {
      const call = request.routeOptions.config?.call;
      const allowed = allowedDuringPasswordChange.some(
        (entry) => entry.method === call?.method && entry.path === call?.path,
      );
      if (!allowed) throw new AppError('IDENTITY_PASSWORD_CHANGE_REQUIRED');
    }
  };
}

/**
 * The caller's session when it belongs to a real account; trial (free-play) users are told to register
 * (spec section 6, key in_need_true_account). For handlers of member-centre calls.
 * @throws AUTH_REQUIRED, IDENTITY_REAL_ACCOUNT_REQUIRED
 */
export function requireRealAccount(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.role === 'trial') throw new AppError('IDENTITY_REAL_ACCOUNT_REQUIRED');
  return auth;
}
