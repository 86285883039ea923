import { describe, expect, it } from 'vitest';
import { isIpRange } from './ip-range';

describe('isIpRange', () => {
  it('accepts addresses and CIDR ranges of both families', () => {
    for (const value of ['203.0.113.7', '203.0.113.0/24', '0.0.0.0/0', '2001:db8::/32', '::1', 'fe80::1/128']) {
      expect(isIpRange(value), value).toBe(true);
    }
  });

  it('refuses what the server would refuse', () => {
    for (const value of ['300.1.1.1', '203.0.113.0/33', '2001:db8::/129', '1.2.3', 'example.com', '1.2.3.4/24/1', '']) {
      expect(isIpRange(value), value).toBe(false);
    }
  });
});
