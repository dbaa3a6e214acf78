import { describe, expect, it } from 'vitest';
import { RETURN_PARAM, safeReturnPath, sellThenBookPath } from './returnTo';

describe('a sale on the way to a booking', () => {
  const member = '6f1c2d3e-0000-4000-8000-000000000001';
  const cls = '6f1c2d3e-0000-4000-8000-0000000000aa';

  it('opens the cart with the way back to the booking and its ticked classes', () => {
    const path = sellThenBookPath(member, [cls]);
    const url = new URL(path, 'http://desk.local');
    expect(url.pathname).toBe(`/apps/member/${member}/invoice/add/`);
    const back = url.searchParams.get(RETURN_PARAM);
    expect(back).toBe(`/apps/member/${member}/class/add/?classes=${cls}`);
    expect(safeReturnPath(back)).toBe(back);
  });

  it('comes back only to this app’s member screens', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example/apps/member/1',
      '//evil.example/apps/member/1',
      '/apps/member//evil.example',
      '/invoice',
      '/apps/member/1/class/add/"><script>',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
