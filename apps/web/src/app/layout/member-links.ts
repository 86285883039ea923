import type { FeatureId, PermissionResponse } from '@portal/contract';
import { isFeatureEnabled } from '@/lib/permission';
import { type MemberPageId, memberPages } from '../routes/member-pages';

export type FrameMemberLinks = {
  deposit: string | null;
  withdraw: string | null;
  invite: string | null;
  vip: string | null;
  rewardCenter: string | null;
};

/** The member-centre address of a page (spec section 2: `/member?page=<id>`). */
export const memberPageHref = (id: MemberPageId) => `/member?page=${id}`;

/**
 * Links of the header, account menu, side menu and floating bar into the member centre. A link shows only when
 * its page is in the member-centre registry (it has landed) and its whitelabel switch is on, so the frame never
 * points at a page the portal does not have.
 */
export function frameMemberLinks(
  permission: PermissionResponse,
  pages: readonly { id: MemberPageId }[] = memberPages,
): FrameMemberLinks {
  const link = (id: MemberPageId, feature: FeatureId) =>
    pages.some((page) => page.id === id) && isFeatureEnabled(permission, feature) ? memberPageHref(id) : null;
  return {
    deposit: link('depositv2', 'DEPOSIT3'),
    withdraw: link('withdraw', 'WITHDRAW3'),
    invite: link('referral', 'REFERRAL3'),
    vip: link('playerRank', 'VIP3'),
    rewardCenter: link('rewardCenter', 'PROMOTION'),
  };
}
