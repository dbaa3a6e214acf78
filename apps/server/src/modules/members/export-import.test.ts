import { today } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeText } from '../../lib/table-export.ts';
import { type Headers, startTwoOrganisations, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, source: TestOrganisation, target: TestOrganisation;
let sourceAdmin: Headers, targetAdmin: Headers;

beforeAll(async () => {
  ({ ctx, a: source, b: target } = await startTwoOrganisations());
  sourceAdmin = await source.signIn('admin');
  targetAdmin = await target.signIn('admin');
  await source.newMember({ firstName: 'Ka Ho', lastName: 'Wong', phone: '+852 6111 0009', cardNumber: 'RT00001' });
  await source.newMember({ firstName: 'João', lastName: 'Silva', phone: '+55 (11) 91234-5678' });
  await source.newMember({ firstName: 'Siu Ming', lastName: 'Lee', chineseName: '李小明', phone: '2222 3333' });
});
afterAll(() => ctx?.close());

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const preview = (data: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pro/imports/members/preview',
    headers: targetAdmin,
    payload: { fileName: 'members.csv', format: 'csv', data, defaultCenterId: target.centers[0]!.id },
  });

describe('member CSV export and import', () => {
  it('writes international phones as they are and imports its own export without a bad row', async () => {
    const csv = await ctx.pro('GET', '/students/export?format=csv', sourceAdmin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',+852 6111 0009,');
    expect(csv.body).toContain(',+55 11 91234 5678,');
    expect(csv.body).not.toContain("'+");

    const res = await preview(base64(csv.body));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.errors).toEqual([]);
    expect(body.totalRows).toBe(3);
    expect(body.validRows).toBe(3);
    expect(body.sample.map((r: { phone: string }) => r.phone).sort()).toEqual(
      ['+55 11 91234 5678', '+852 6111 0009', '+852 2222 3333'].sort(),
    );
  });

  it('reads the quoted phones of exports written before the fix', async () => {
    const file = "\ufeffFirst name,Last name,Phone\r\nKa Ho,Wong,'+852 6111 0009\r\n";
    const res = await preview(base64(file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([]);
    expect(res.json().sample[0].phone).toBe('+852 6111 0009');
  });

  it('still neutralises formulas, including a plus that is no phone', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example","x")',
      '@SUM(A1)',
      '-2+3',
      "+cmd|' /c calc'!A0",
      '+SUM(1,2)',
      '+',
      '\t=1',
    ]) {
      expect(safeText(formula), formula).toBe(`'${formula}`);
    }
    expect(safeText('+852 6111 0009')).toBe('+852 6111 0009');
    expect(safeText('Wong')).toBe('Wong');
  });
});

describe('export file names', () => {
  it('carry the business date of the chosen centre, not UTC', async () => {
    // UTC+14 and UTC-11: at any instant at least one of them is on another date than UTC.
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    for (const [i, zone] of zones.entries()) {
      await ctx.database.db.execute(sql`update centers set time_zone = ${zone} where id = ${source.centers[i]!.id}`);
    }
    for (const [i, zone] of zones.entries()) {
      const res = await ctx.pro('GET', `/students/export?format=csv&centerId=${source.centers[i]!.id}`, sourceAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename="members-${today(zone)}.csv"`);
    }
  });
});
