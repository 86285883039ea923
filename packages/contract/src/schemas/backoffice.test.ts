import { describe, expect, it } from 'vitest';
import {
  cdnEntrySchema,
  customerServiceUrlSchema,
  operatorPermissions,
  regionBlockInputSchema,
  registerFieldRuleInputSchema,
  rolePermissions,
} from './backoffice';

describe('back-office contract', () => {
  it('gives owners every permission and only owners operator management', () => {
    expect([...rolePermissions.owner].sort()).toEqual([...operatorPermissions].sort());
    for (const [role, permissions] of Object.entries(rolePermissions)) {
      if (role !== 'owner') expect(permissions, role).not.toContain('operators.manage');
      expect(permissions, role).toContain('config.read');
    }
    expect(rolePermissions.support).not.toContain('features.write');
  });

  it('gives the cashier to finance, a read-only view of it to risk, and none of it to support or content', () => {
    const cashier = ['cashier.read', 'cashier.approve', 'cashier.channels'] as const;
    for (const permission of cashier) {
      expect(operatorPermissions).toContain(permission);
      expect(rolePermissions.finance).toContain(permission);
      expect(rolePermissions.support).not.toContain(permission);
      expect(rolePermissions.content).not.toContain(permission);
    }
    expect(rolePermissions.risk).toContain('cashier.read');
    expect(rolePermissions.risk).not.toContain('cashier.approve');
    expect(rolePermissions.risk).not.toContain('cashier.channels');
  });

  it('accepts CDN bases on this site or over http(s) only', () => {
    for (const value of ['/', '/static', 'https://cdn.example.com', 'http://127.0.0.1:8080/img']) {
      expect(cdnEntrySchema.safeParse(value).success, value).toBe(true);
    }
    for (const value of ['javascript:alert(1)', 'cdn.example.com', 'https://', 'https://a b.com', '//evil.com/x']) {
      expect(cdnEntrySchema.safeParse(value).success, value).toBe(false);
    }
  });

  it('accepts customer-service links of the allowed schemes only', () => {
    for (const value of [
      'https://t.me/help',
      'mailto:help@example.com',
      'tel:+8801700000000',
      'tg://resolve?domain=help',
      'whatsapp://send?phone=8801700000000',
    ]) {
      expect(customerServiceUrlSchema.safeParse(value).success, value).toBe(true);
    }
    for (const value of ['javascript:alert(1)', 'data:text/html,x', 'https:// spaced', 'ftp://x.example']) {
      expect(customerServiceUrlSchema.safeParse(value).success, value).toBe(false);
    }
  });

  it('normalises countries and checks IP ranges', () => {
    expect(regionBlockInputSchema.parse({ countries: ['us'], ipRanges: [' 10.0.0.0/8 '] })).toEqual({
      countries: ['US'],
      ipRanges: ['10.0.0.0/8'],
    });
    expect(regionBlockInputSchema.safeParse({ countries: [], ipRanges: ['10.0.0.0/40'] }).success).toBe(false);
  });

  it('refuses a rule whose minimum is above its maximum, or required while hidden', () => {
    const rule = { field: 'email', enabled: true, required: false, patternId: 'EMAIL', minLength: 1, maxLength: 5 };
    expect(registerFieldRuleInputSchema.safeParse(rule).success).toBe(true);
    expect(registerFieldRuleInputSchema.safeParse({ ...rule, minLength: 6 }).success).toBe(false);
    expect(registerFieldRuleInputSchema.safeParse({ ...rule, enabled: false, required: true }).success).toBe(false);
  });
});
