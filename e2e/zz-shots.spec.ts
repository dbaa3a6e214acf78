import { it } from 'vitest';
import { api, apiLogin, DEMO_MEMBER, demoCenterId, freshCardNumber } from './support/members.ts';
import { openAs } from './support/organisation.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
it('shots', async () => {
  const desk = await apiLogin(app.server.url, 'frontdesk@demo.fit');
  const cwb = await demoCenterId(desk);
  const card = freshCardNumber();
  await api(desk, 'POST', '/pro/students', { firstName: 'Denied', lastName: 'Person', phone: '41234999', homeCenterId: cwb.id, cardNumber: card });
  await api(desk, 'POST', `/pro/card/${DEMO_MEMBER.card}/entry/`, { center_id: cwb.id });
  await api(desk, 'POST', `/pro/card/${card}/entry/`, { center_id: cwb.id });
  await api(desk, 'POST', `/pro/card/UNKNOWN99/entry/`, { center_id: cwb.id });
  const { page, context } = await openAs(app.browser, app.server.url, 'frontdesk@demo.fit', '/error-404', 'screen-error-404');
  await page.evaluate((id) => sessionStorage.setItem('centerId', id), cwb.id);
  for (const [w, h] of [[1280, 800], [768, 1024]]) {
    await page.setViewportSize({ width: w!, height: h! });
    await page.goto('/dashboard');
    await page.getByTestId('entry-feed').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/ds-dash-${w}.png` });
    await page.goto('/entry-records');
    await page.locator('.ant-table-row').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/ds-list-${w}.png` });
  }
  const chan = (await api<{ items: { id: string }[] }>(desk, 'GET', `/pro/students?keyword=${DEMO_MEMBER.phone}`)).items[0]!;
  await page.goto(`/apps/student/edit/${chan.id}`);
  await page.getByTestId('member-header').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/ds-member.png' });
  const m = await openAs(app.browser, app.server.url, 'manager@demo.fit', '/staff-attendance', 'screen-staff-attendance');
  await m.page.waitForTimeout(1500);
  await m.page.screenshot({ path: '/tmp/ds-att.png' });
  await context.close();
}, 120_000);
