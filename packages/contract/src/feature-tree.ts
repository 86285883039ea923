// The feature tree's ids and walk without zod: the player app needs them before its first render, and keeps zod
// (with the response schemas) out of its start-up scripts. `features.ts` adds the schemas.

/**
 * Module ids of the whitelabel feature tree (spec sections 3 "Permission response" and 6).
 * A call or screen tied to a module is available only when that node and every ancestor
 * is enabled. The ids ending in 3 are the spec's own switch names (gateway version 3).
 */
export const featureIds = [
  // Member area
  'MEMBER',
  'LOGIN3',
  'SMSLOGIN3', // mobile verification-code login
  'FREEPLAY3', // free play (trial accounts)
  'FORCEPWD3', // forced password change for the default password
  'PWDEXPIRY3', // password expiry
  'NEWIPVERIFY3', // extra verification from an unregistered IP
  'TWOFA3',
  'OAUTHLOGIN3', // third-party one-click login
  'REGISTER3',
  'USERNAMEREG3', // username registration
  'MOBILENUMREG3', // mobile registration
  'REGMOBVERF3', // SMS verification on registration
  'MOBILENUMPASSREG3', // mobile registration with password
  'FORGOTPWD3',
  'FORGOTPWDEMAIL3',
  'FORGOTPWDMOBILE3',
  'FEEDBACK3',
  'INBOX3',
  // Cashier
  'CASHIER',
  'DEPOSIT3',
  'WITHDRAW3',
  'WALLETTRANSFER3',
  'TRANSFERUPLINE3',
  // Games
  'GAME',
  'GAMELAUNCH3',
  'FAVORITE3',
  'RECENTGAME3',
  'LOTTERY3',
  // Promotions
  'PROMOTION',
  'REFERRAL3',
  'VIP3',
  'MISSION3',
  'POINTMALL3',
  'REDENVELOPE3',
  // Agents
  'AGENT',
  'AGENTPOLICY3', // loading consolidated data for non-trial members
  'AGENTCENTER3',
  'CONTRACT3',
  'DIVIDEND3',
  'DAILYSALARY3',
  'HOURSALARY3',
  'REALTIMESALARY3',
  // Content and service
  'CONTENT',
  'ANNOUNCEMENT3',
  'HELPCENTER3',
  'WINNERBOARD3',
  'LIVECHAT3',
  'APPDOWNLOAD3',
] as const;
export type FeatureId = (typeof featureIds)[number];

/** A node of the whitelabel tree as the permission response carries it. */
export type FeatureNode = { modId: string; enabled: boolean; childrenNodes: FeatureNode[] };

/**
 * Flattens a tree into the set of effectively enabled module ids: a node counts only when
 * it and all its ancestors are enabled.
 */
export function enabledFeatures(tree: readonly FeatureNode[]): Set<string> {
  const on = new Set<string>();
  const walk = (nodes: readonly FeatureNode[]) => {
    for (const node of nodes) {
      if (!node.enabled) continue;
      on.add(node.modId);
      walk(node.childrenNodes);
    }
  };
  walk(tree);
  return on;
}
