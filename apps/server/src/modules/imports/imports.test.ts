import { normaliseKeyword } from '@gym/contract/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCenter } from '../../seed/builders.ts';
import { rowsOf } from '../../test/db-snapshot.ts';
import { createTestContext, TEST_MONEY, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { base64, csvText, memberRows, ndjsonLines, xlsxBase64 } from './import-fixtures.ts';

let ctx: TestContext;
let org: TestOrganisation;
let admin: { authorization: string };
const databaseKind = () => ctx.database.kind;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
  admin = ctx.bearer(await (await org.newUser({ role: 'admin' })).login());
});
afterAll(() => ctx?.close());

const centerA = () => org.centers[0]!.id;

function importBody(data: string, extra: Record<string, unknown> = {}) {
  return { fileName: 'members.csv', format: 'csv', data, defaultCenterId: centerA(), ...extra };
}

const preview = (payload: object, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/pro/imports/members/preview', headers, payload });
const commit = (payload: object, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/pro/imports/members/commit', headers, payload });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: string }>(await ctx.database.db.execute(query))[0]!.n);
}
const membersOf = (organisationId: string) =>
  count(sql`select count(*)::text as n from members where organisation_id = ${organisationId}`);
const memberSeq = (organisationId: string) =>
  count(sql`select member_seq::text as n from organisations where id = ${organisationId}`);

describe('preview', () => {
  it('proposes a mapping from headers in other languages and splits full names', async () => {
    const file = csvText([
      ['姓名', 'Mobile', 'E-Mail', '性別', 'Geburtsdatum', 'Karte', 'Statut', 'Remarks'],
      ['陳大文', '9123 4567', 'TaiMan@Example.com', '男', '01/05/1990', '0001234567', 'actif', ''],
      ['CHAN Siu Ming 陳小明', '+852 6123-4567', '', 'F', '31/12/1985', '', 'Inaktiv', 'VIP'],
      ['Ana Souza', '11 98765-4321', 'ana@example.com', 'feminino', '1988-02-29', '', '', ''],
    ]);
    const res = await preview(importBody(base64(`\ufeff${file}`)));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mapping).toEqual({
      姓名: 'fullName',
      Mobile: 'phone',
      'E-Mail': 'email',
      性別: 'gender',
      Geburtsdatum: 'birthday',
      Karte: 'cardNumber',
      Statut: 'status',
      Remarks: 'notes',
    });
    expect(body.totalRows).toBe(3);
    expect(body.validRows).toBe(3);
    expect(body.errors).toEqual([]);
    expect(body.cards).toBe(1);
    expect(body.sample[0]).toMatchObject({
      row: '1',
      firstName: '大文',
      lastName: '陳',
      chineseName: '陳大文',
      gender: 'male',
      birthday: '1990-05-01',
      email: 'taiman@example.com',
      status: 'active',
      source: 'import',
      cardNumber: '0001234567',
    });
    expect(body.sample[1]).toMatchObject({
      firstName: 'Siu Ming',
      lastName: 'Chan',
      chineseName: '陳小明',
      gender: 'female',
      birthday: '1985-12-31',
      status: 'left',
    });
    expect(body.sample[2]).toMatchObject({ firstName: 'Ana', lastName: 'Souza', gender: 'female' });
    expect(await membersOf(org.id)).toBe(0);
  });

  it('reads semicolon-separated files and month-first dates when the column says so', async () => {
    const file = csvText(
      [
        ['Vorname', 'Name', 'Telefon', 'Birthday'],
        ['Jürgen', 'Müller', '030 1234567', '12/25/1980'],
        ['Anna', 'Schmidt', '030 7654321', '03/04/1990'],
      ],
      ';',
    );
    const body = (await preview(importBody(base64(file)))).json();
    expect(body.mapping).toEqual({ Vorname: 'firstName', Name: 'lastName', Telefon: 'phone', Birthday: 'birthday' });
    expect(body.errors).toEqual([]);
    expect(body.sample.map((s: { birthday: string }) => s.birthday)).toEqual(['1980-12-25', '1990-03-04']);
  });

  it('lists every bad row with its data row number (the first row under the header is 1), field and reason', async () => {
    const rows = memberRows(10, (row, i) => {
      if (i === 5) row[2] = 'call me'; // data row 6
      if (i === 8) row[0] = ''; // data row 9: no first name
    });
    rows[0]!.push('Gender', 'Birthday');
    for (const [i, row] of rows.slice(1).entries()) row.push(i === 2 ? 'robot' : 'm', i === 3 ? '1990-02-30' : '');
    const res = await preview(importBody(base64(csvText(rows))));
    const body = res.json();
    expect(body.totalRows).toBe(10);
    expect(body.validRows).toBe(6);
    expect(body.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'gender', code: 'unknown_value' }),
      expect.objectContaining({ row: 4, field: 'birthday', code: 'date_invalid' }),
      expect.objectContaining({ row: 6, field: 'phone', code: 'phone_format' }),
      expect.objectContaining({ row: 9, field: 'firstName', code: 'required' }),
    ]);
    expect(body.errorCount).toBe(4);
  });

  it('says once, on the header (row 0), that a required column is not mapped', async () => {
    const file = csvText([
      ['First name', 'Last name', 'Mobile'],
      ['Ada', 'Lovelace', '91234567'],
      ['Alan', 'Turing', '92345678'],
    ]);
    const body = (
      await preview(importBody(base64(file), { mapping: { 'First name': 'firstName', 'Last name': 'lastName' } }))
    ).json();
    expect(body.errors).toEqual([expect.objectContaining({ row: 0, field: 'phone', code: 'column_missing' })]);
    expect(body.validRows).toBe(0);
    expect(body.mapping).toEqual({ 'First name': 'firstName', 'Last name': 'lastName', Mobile: null });
  });

  it('refuses a mapping that gives one field two columns', async () => {
    const file = csvText([
      ['A', 'B'],
      ['x', 'y'],
    ]);
    const res = await preview(importBody(base64(file), { mapping: { A: 'phone', B: 'phone' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ code: 'mapping_duplicate_field' });
  });

  it('refuses unreadable files with a reason', async () => {
    const empty = await preview(importBody(base64('First name,Last name,Phone\r\n')));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0].code).toBe('file_empty');
    const latin1 = await preview(
      importBody(Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0xfc, 0x72, 0x67]).toString('base64')),
    );
    expect(latin1.json().fields[0].code).toBe('file_encoding');
    const notXlsx = await preview(importBody(base64('hello'), { format: 'xlsx' }));
    expect(notXlsx.json().fields[0].code).toBe('file_unreadable');
  });

  it('checks codes and cards against the organisation and inside the file', async () => {
    const other = await ctx.newOrganisation();
    const staff = await org.newUser({ role: 'trainer' });
    await ctx.database.db.execute(
      sql`insert into cards (organisation_id, number, staff_id) values (${org.id}, 'STAFF0001', ${staff.id})`,
    );
    // The same card number in another organisation does not matter.
    const otherStaff = await other.newUser({ role: 'trainer' });
    await ctx.database.db.execute(
      sql`insert into cards (organisation_id, number, staff_id) values (${other.id}, 'C0000001', ${otherStaff.id})`,
    );
    const rows = memberRows(4, (row, i) => {
      if (i === 1) row[4] = 'staff0001'; // in use by a staff card (numbers are compared in capitals)
      if (i === 3) {
        row[2] = 'x'; // a bad phone does not hide the repeated card and code
        row[4] = 'C0000000'; // same card as row 1
        row[5] = 'DUP000000'; // same code as row 1 below
      }
      if (i === 0) row[5] = 'DUP000000';
    });
    const body = (await preview(importBody(base64(csvText(rows))))).json();
    expect(body.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'cardNumber', code: 'card_in_use' }),
      expect.objectContaining({ row: 4, field: 'phone', code: 'phone_format' }),
      expect.objectContaining({ row: 4, field: 'code', code: 'duplicate_in_file' }),
      expect.objectContaining({ row: 4, field: 'cardNumber', code: 'duplicate_in_file' }),
    ]);
    expect(body.errors[2].message).toContain('row 1');
    // Every error carries the value in question and the row's person, to find the row in the file.
    expect(body.errors[2].params).toEqual({ value: 'DUP000000', firstRow: 1, name: expect.any(String) });
    expect(body.errors[0].params).toEqual({ value: 'STAFF0001', name: expect.any(String) });
  });
});

describe('commit', () => {
  it('a file with one bad row (row 6, phone) imports nothing and names row 6 and the phone', async () => {
    const before = await memberSeq(org.id);
    const rows = memberRows(12, (row, i) => {
      if (i === 5) row[2] = '12';
    });
    const res = await commit(importBody(base64(csvText(rows))));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error).toBe('import_invalid');
    expect(body.details.rows).toEqual([expect.objectContaining({ row: 6, field: 'phone', code: 'phone_format' })]);
    expect(body.details.errorCount).toBe(1);
    expect(await membersOf(org.id)).toBe(0);
    expect(await memberSeq(org.id)).toBe(before);
  });

  it('imports a good file with generated codes, cards, search text and a summary', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const file = csvText([
      ['Name', 'Phone', 'Card', 'Centre', 'Joined', 'Source', 'Marketing'],
      ['陳大文', '9123 4567', '0001234567', 'b', '2020-03-01', '', 'yes'],
      ['Kelvin Wong 黃嘉偉', '6123 4567', '', '', '', 'Facebook', 'no'],
    ]);
    const res = await commit(importBody(base64(file), { defaultCenterId: o.centers[0]!.id }), headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = ndjsonLines(res.body);
    expect(lines.at(-1)).toEqual({ type: 'done', imported: 2, cardsAttached: 1 });
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 2 });

    const stored = rowsOf<Record<string, string | boolean | null>>(
      await ctx.database.db.execute(sql`
        select m.code, m.first_name, m.last_name, m.chinese_name, m.phone_digits, m.source, m.status, m.marketing_consent,
               c.code as center, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as joined, m.search_text,
               (select string_agg(number, ',') from cards where member_id = m.id and status = 'active') as cards
        from members m join centers c on c.id = m.home_center_id
        where m.organisation_id = ${o.id} order by m.code`),
    );
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      code: `${o.initial}000001`,
      first_name: '大文',
      last_name: '陳',
      chinese_name: '陳大文',
      phone_digits: '85291234567',
      source: 'import',
      status: 'active',
      marketing_consent: true,
      center: 'B',
      joined: '2020-03-01',
      cards: '0001234567',
    });
    expect(stored[1]).toMatchObject({
      code: `${o.initial}000002`,
      first_name: 'Kelvin',
      last_name: 'Wong',
      chinese_name: '黃嘉偉',
      source: 'social',
      center: 'A',
      marketing_consent: false,
      cards: null,
    });
    // The search text is the contract's: a keyword finds the member by Chinese fragment, phone or card.
    for (const keyword of ['大文', '9123-4567', '0001234567', 'kelvin', '黃', `${o.initial}000002`]) {
      const like = `%${normaliseKeyword(keyword)}%`;
      const hits = await count(
        sql`select count(*)::text as n from members where organisation_id = ${o.id} and search_text like ${like}`,
      );
      expect(hits, keyword).toBe(1);
    }
    expect(await memberSeq(o.id)).toBe(2);
  });

  it('skips generated codes that are already used', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const first = csvText([
      ['First name', 'Last name', 'Phone', 'Member code'],
      ['Typed', 'Code', '91111111', `${o.initial}000002`],
    ]);
    expect(
      ndjsonLines((await commit(importBody(base64(first), { defaultCenterId: o.centers[0]!.id }), headers)).body).at(
        -1,
      ),
    ).toMatchObject({ type: 'done', imported: 1 });
    const second = csvText([
      ['First name', 'Last name', 'Phone'],
      ['One', 'Member', '92222222'],
      ['Two', 'Member', '93333333'],
    ]);
    const res = await commit(importBody(base64(second), { defaultCenterId: o.centers[0]!.id }), headers);
    expect(ndjsonLines(res.body).at(-1)).toMatchObject({ type: 'done', imported: 2 });
    const codes = rowsOf<{ code: string }>(
      await ctx.database.db.execute(sql`select code from members where organisation_id = ${o.id} order by code`),
    ).map((r) => r.code);
    expect(codes).toEqual([`${o.initial}000001`, `${o.initial}000002`, `${o.initial}000003`]);
  });

  it('reads XLSX: first sheet, date cells, number cells, rich text', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const data = await xlsxBase64([
      ['Vorname', 'Nachname', 'Handy', 'Geburtsdatum', 'Kartennummer', 'Geschlecht', 'Newsletter'],
      ['Jürgen', 'Müller', 91234567, new Date(Date.UTC(1980, 11, 25)), 'AB12CD', 'männlich', true],
      [{ richText: [{ text: 'Zo' }, { text: 'ë' }] }, 'Brandt', '+49 30 1234567', 29221, 12345678, 'w', 'nein'],
    ]);
    const body = {
      ...importBody(data, { defaultCenterId: o.centers[0]!.id }),
      fileName: 'export.xlsx',
      format: 'xlsx',
    };
    const p = (await preview(body, headers)).json();
    expect(p.errors).toEqual([]);
    expect(p.sample[0]).toMatchObject({
      firstName: 'Jürgen',
      phone: '91234567',
      birthday: '1980-12-25',
      gender: 'male',
      cardNumber: 'AB12CD',
      marketingConsent: 'true',
    });
    // 29221 is an Excel serial: 1980-01-01.
    expect(p.sample[1]).toMatchObject({
      firstName: 'Zoë',
      birthday: '1980-01-01',
      cardNumber: '12345678',
      gender: 'female',
    });
    const res = await commit(body, headers);
    expect(ndjsonLines(res.body).at(-1)).toEqual({ type: 'done', imported: 2, cardsAttached: 2 });
  });

  it('refuses a centre code of another organisation and a default centre of another organisation', async () => {
    const other = await ctx.newOrganisation();
    await buildCenter(ctx.database.db, {
      organisationId: other.id,
      code: 'ELSEWHERE',
      name: 'Elsewhere',
      ...TEST_MONEY,
    });
    const file = csvText([
      ['First name', 'Last name', 'Phone', 'Centre code'],
      ['Ada', 'Lovelace', '91234567', 'ELSEWHERE'],
    ]);
    const body = (await preview(importBody(base64(file)))).json();
    expect(body.errors).toEqual([expect.objectContaining({ row: 1, field: 'homeCenterCode', code: 'center_unknown' })]);
    const foreignDefault = await preview(importBody(base64(file), { defaultCenterId: other.centers[0]!.id }));
    expect(foreignDefault.statusCode).toBe(404);
  });

  it('a front desk limited to centre A cannot import into centre B', async () => {
    const desk = ctx.bearer(await (await org.newUser({ role: 'frontdesk', centerIds: [centerA()] })).login());
    const file = csvText([
      ['First name', 'Last name', 'Phone', 'Centre code'],
      ['Ada', 'Lovelace', '91234567', 'A'],
      ['Alan', 'Turing', '92345678', 'B'],
    ]);
    const rowInB = await commit(importBody(base64(file)), desk);
    expect(rowInB.statusCode).toBe(422);
    expect(rowInB.json().details.rows).toEqual([
      expect.objectContaining({ row: 2, field: 'homeCenterCode', code: 'center_not_allowed' }),
    ]);
    const defaultB = await commit(importBody(base64(file), { defaultCenterId: org.centers[1]!.id }), desk);
    expect(defaultB.statusCode).toBe(404);
    expect(defaultB.json().fields[0].path).toBe('defaultCenterId');
    expect(await membersOf(org.id)).toBe(0);
    const trainer = ctx.bearer(await (await org.newUser({ role: 'trainer' })).login());
    expect((await preview(importBody(base64(file)), trainer)).statusCode).toBe(403);
  });

  it('two imports of the same codes at the same time: one imports, the other imports nothing', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const file = base64(csvText(memberRows(3_000, undefined, 'SAME')));
    const body = importBody(file, { defaultCenterId: o.centers[0]!.id });
    const answers = await Promise.all([commit(body, headers), commit(body, headers)]);
    const outcomes = answers.map((res) =>
      res.statusCode === 200 ? ndjsonLines(res.body).at(-1)!.type : `${res.statusCode} ${res.json().error}`,
    );
    // The loser either saw the winner's rows while checking (422) or lost at the unique index (failed).
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    const loser = answers.find((res) => res.statusCode !== 200 || ndjsonLines(res.body).at(-1)!.type !== 'done')!;
    if (loser.statusCode === 200) {
      expect(ndjsonLines(loser.body).at(-1)).toMatchObject({ type: 'failed', error: 'code_taken' });
    } else {
      expect(loser.json().error).toBe('import_invalid');
      // The winner's rows are not shown yet, but its cards and codes already hold the unique indexes.
      expect(['code_taken', 'card_in_use']).toContain(loser.json().details.rows[0].code);
    }
    console.log(`[${databaseKind()}] concurrent imports of the same codes: ${outcomes.join(' / ')}`);
    expect(await membersOf(o.id)).toBe(3_000);
  }, 120_000);
});

describe('20,000 members in one go', () => {
  // The commit of 20,000 rows, its progress lines and the rows shown at once are the load test's
  // (`import-isolation.load.ts`, run alone); here the whole file is checked in one preview.
  it('previews 20,000 rows in one go: every row valid, nothing written', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const file = base64(csvText(memberRows(20_000)));
    const body = importBody(file, { defaultCenterId: o.centers[1]!.id });
    const started = performance.now();
    const checked = (await preview(body, headers)).json();
    const previewMs = performance.now() - started;
    expect(checked.validRows).toBe(20_000);
    expect(checked.errorCount).toBe(0);
    expect(await membersOf(o.id)).toBe(0);
    console.log(
      `[${databaseKind()}] 20,000-row CSV (${(file.length / 1024 / 1024).toFixed(1)} MB base64): preview ${Math.round(previewMs)} ms`,
    );
  }, 180_000);

  it('a card taken at commit time on row 19,999 fails the whole import: nothing remains', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const before = await memberSeq(o.id);
    // Another writer attaches row 19,999's card the moment that member's row is written, inside the same
    // statement: the import's own card insert then meets the unique index, as with a concurrent attach.
    await ctx.database.db.execute(
      sql.raw(`
      create function steal_card() returns trigger language plpgsql as $$
      begin
        insert into cards (organisation_id, number, member_id) values (new.organisation_id, 'C0019998', new.id);
        return null;
      end $$`),
    );
    await ctx.database.db.execute(
      sql.raw(`create trigger steal_card after insert on members for each row
        when (new.code = 'R019998') execute function steal_card()`),
    );
    try {
      const file = base64(csvText(memberRows(20_000)));
      const res = await commit(importBody(file, { defaultCenterId: o.centers[0]!.id }), headers);
      expect(res.statusCode).toBe(200);
      const lines = ndjsonLines(res.body);
      const last = lines.at(-1)!;
      expect(last).toMatchObject({ type: 'failed', error: 'card_in_use' });
      expect(last.type === 'failed' && last.errors[0]).toMatchObject({
        row: 19_999,
        field: 'cardNumber',
        params: { value: 'C0019998' },
      });
      // Batches were written before the failure, then removed with it.
      const written = lines.filter((l) => l.type === 'progress').at(-1);
      expect(written?.type === 'progress' && written.done).toBeGreaterThanOrEqual(19_000);
      expect(written?.type === 'progress' && written.done).toBeLessThan(20_000);
      expect(await membersOf(o.id)).toBe(0);
      expect(await count(sql`select count(*)::text as n from cards where organisation_id = ${o.id}`)).toBe(0);
      expect(await memberSeq(o.id)).toBe(before);
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger steal_card on members'));
      await ctx.database.db.execute(sql.raw('drop function steal_card()'));
    }
  }, 180_000);

  it('a 20,000-row file whose last row is bad imports nothing and names that row', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const rows = memberRows(20_000, (row, i) => {
      if (i === 19_999) row[3] = 'not-an-email';
    });
    const res = await commit(importBody(base64(csvText(rows)), { defaultCenterId: o.centers[0]!.id }), headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().details.rows).toEqual([expect.objectContaining({ row: 20_000, field: 'email' })]);
    expect(await membersOf(o.id)).toBe(0);
  }, 120_000);
});

describe('presets and template', () => {
  it('saves, lists and deletes mappings; names are unique per organisation whatever the case', async () => {
    const mapping = {
      Mitgliedsnummer: 'code',
      Vorname: 'firstName',
      Nachname: 'lastName',
      Handy: 'phone',
      Extra: null,
    };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/import-presets',
      headers: admin,
      payload: { name: 'Old gym software', mapping },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Old gym software', mapping });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/import-presets',
      headers: admin,
      payload: { name: 'OLD GYM SOFTWARE', mapping: {} },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'name_taken', fields: [{ path: 'name', code: 'name_taken' }] });

    const list = await ctx.pro('GET', '/import-presets', admin);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: created.json().id, mapping }] });

    // The saved mapping drives a preview of a file with those headers.
    const file = csvText([
      ['Mitgliedsnummer', 'Vorname', 'Nachname', 'Handy', 'Extra'],
      ['X-1', 'Jürgen', 'Müller', '0171 1234567', 'ignored'],
    ]);
    const p = (await preview(importBody(base64(file), { mapping: list.json().items[0].mapping }))).json();
    expect(p.errors).toEqual([]);
    expect(p.sample[0]).toMatchObject({ code: 'X-1', firstName: 'Jürgen' });

    const other = await ctx.newOrganisation();
    const outsider = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
    const outsiderList = await ctx.pro('GET', '/import-presets', outsider);
    expect(outsiderList.json().total).toBe(0);
    const url = `/api/v1/pro/import-presets/${created.json().id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: outsider })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
  });

  it('serves a template (CSV and XLSX) that previews cleanly without a mapping', async () => {
    const csv = await ctx.pro('GET', '/imports/members/template?format=csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('member-import-template');
    expect(csv.body.split('\r\n')[0]).toContain('First name,Last name,Chinese name');
    const p = (await preview(importBody(base64(csv.rawPayload)))).json();
    expect(p.errors).toEqual([]);
    expect(Object.values(p.mapping).every((f) => f !== null)).toBe(true);
    expect(p.sample[0]).toMatchObject({ firstName: 'Tai Man', lastName: 'Chan', chineseName: '陳大文' });

    const xlsx = await ctx.pro('GET', '/imports/members/template?format=xlsx', admin);
    const px = (await preview({ ...importBody(base64(xlsx.rawPayload)), format: 'xlsx', fileName: 't.xlsx' })).json();
    expect(px.errors).toEqual([]);
    expect(px.sample[0]).toMatchObject({ cardNumber: '0009876543', birthday: '1990-05-01' });
  });
});

describe('another gym system’s client export', () => {
  it('1,000 rows previewed with the proposed mapping and values have no errors and import with statuses, genders, birthdays, centres and the guardian flag kept', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const centres = rowsOf<{ id: string; name: string }>(
      await ctx.database.db.execute(sql`select id, name from centers where organisation_id = ${o.id} order by code`),
    );
    expect(centres.length).toBeGreaterThanOrEqual(2);
    const genders = ['Male', 'Female', 'None'];
    const statuses = ['Active', 'Non-Member', 'Expired', 'Suspended'];
    const rows: string[][] = [
      [
        'Id',
        'FirstName',
        'LastName',
        'Email',
        'MobilePhone',
        'BirthDate',
        'Gender',
        'AddressLine1',
        'City',
        'PostalCode',
        'Country',
        'Status',
        'IsProspect',
        'HomeClub',
      ],
    ];
    for (let i = 0; i < 1_000; i++) {
      const status = statuses[i % 4]!;
      rows.push([
        String(70_000 + i),
        `Given${i}`,
        `Family${i % 37}`,
        `client${i}@example.com`,
        `+852 6${String(1_000_000 + i).padStart(7, '0')}`,
        // ISO date-times, late in the evening: the calendar date as written, no shift to UTC. Every
        // 10th client is a child with no guardian details (the export has no guardian columns).
        i % 10 === 9
          ? `2015-0${1 + (i % 9)}-1${i % 10}T00:00:00`
          : `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}T23:30:00${i % 2 ? '+08:00' : ''}`,
        genders[i % 3]!,
        `${i} Nathan Road`,
        i % 5 === 0 ? 'Kowloon' : '',
        i % 7 === 0 ? '999077' : '',
        'Hong Kong',
        status,
        status === 'Non-Member' ? 'true' : 'false',
        // Centres by name, as the other system calls them.
        centres[i % 2]!.name,
      ]);
    }
    const body = importBody(base64(csvText(rows)), { defaultCenterId: o.centers[0]!.id });
    const p = (await preview(body, headers)).json();
    expect(p.errors).toEqual([]);
    expect(p.validRows).toBe(1_000);
    // The minors are warnings, not errors: imported and flagged for follow-up.
    expect(p.warningCount).toBe(100);
    expect(p.warnings[0]).toMatchObject({ row: 10, code: 'guardian_missing', params: { name: 'Given9 Family9' } });
    // Each distinct value of each enumerated column, with the member value proposed and its count.
    expect(p.values).toEqual({
      Gender: { Male: 'male', Female: 'female', None: 'undisclosed' },
      Status: { Active: 'active', 'Non-Member': 'prospect', Expired: 'left', Suspended: 'frozen' },
      IsProspect: { true: 'true', false: 'false' },
      HomeClub: { [centres[0]!.name]: centres[0]!.id, [centres[1]!.name]: centres[1]!.id },
    });
    expect(p.valueCounts.Status).toEqual({ Active: 250, 'Non-Member': 250, Expired: 250, Suspended: 250 });
    expect(p.valueCounts.Gender).toEqual({ Male: 334, Female: 333, None: 333 });
    expect(p.mapping).toMatchObject({
      AddressLine1: 'address',
      City: 'city',
      PostalCode: 'postalCode',
      IsProspect: 'isProspect',
    });
    const res = await commit(
      importBody(body.data, { defaultCenterId: o.centers[0]!.id, mapping: p.mapping, values: p.values }),
      headers,
    );
    expect(ndjsonLines(res.body).at(-1)).toMatchObject({ type: 'done', imported: 1_000 });
    const perCentre = rowsOf<{ home_center_id: string; n: string }>(
      await ctx.database.db.execute(
        sql`select home_center_id, count(*)::text as n from members where organisation_id = ${o.id} group by 1`,
      ),
    );
    expect(Object.fromEntries(perCentre.map((r) => [r.home_center_id, Number(r.n)]))).toEqual({
      [centres[0]!.id]: 500,
      [centres[1]!.id]: 500,
    });
    // The member list's filter finds the flagged minors; the file says so.
    const flagged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pro/students?guardianMissing=true&pageSize=100',
      headers,
    });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().total).toBe(100);
    const minor = flagged.json().items[0];
    const file = (await ctx.app.inject({ method: 'GET', url: `/api/v1/pro/students/${minor.id}`, headers })).json();
    expect(file).toMatchObject({ guardianMissing: true, guardian: null });
    const notFlagged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pro/students?guardianMissing=false&pageSize=1',
      headers,
    });
    expect(notFlagged.json().total).toBe(900);
    const stored = rowsOf<{ status: string; gender: string; birthday: string; address: string; n: string }>(
      await ctx.database.db.execute(
        sql`select status, gender, birthday::text as birthday, address from members where organisation_id = ${o.id} order by email`,
      ),
    );
    expect(stored).toHaveLength(1_000);
    const byStatus = (s: string) => stored.filter((m) => m.status === s).length;
    expect([byStatus('active'), byStatus('prospect'), byStatus('left'), byStatus('frozen')]).toEqual([
      250, 250, 250, 250,
    ]);
    const first = rowsOf<{ status: string; gender: string; birthday: string; address: string }>(
      await ctx.database.db.execute(
        sql`select status, gender, birthday::text as birthday, address from members where organisation_id = ${o.id} and email = 'client0@example.com'`,
      ),
    )[0]!;
    expect(first).toEqual({
      status: 'active',
      gender: 'male',
      birthday: '1970-01-10',
      address: '0 Nathan Road, 999077 Kowloon, Hong Kong',
    });
    const second = rowsOf<{ gender: string; birthday: string }>(
      await ctx.database.db.execute(
        sql`select gender, birthday::text as birthday from members where organisation_id = ${o.id} and email = 'client2@example.com'`,
      ),
    )[0]!;
    expect(second).toEqual({ gender: 'undisclosed', birthday: '1972-03-12' });
  }, 120_000);

  it('staff map an unknown value; without a mapping it is a row error naming the value; presets keep the values', async () => {
    const rows = memberRows(
      3,
      (row, i) => {
        row[4] = `GOLDCARD${i}`;
      },
      'GOLD',
    );
    rows[0]!.push('Gender', 'Status');
    for (const [i, row] of rows.slice(1).entries()) row.push(i === 1 ? 'Robot' : 'Male', 'Gold Member');
    const file = base64(csvText(rows));
    const unmapped = (await preview(importBody(file))).json();
    expect(unmapped.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          row: 2,
          field: 'gender',
          code: 'unknown_value',
          params: expect.objectContaining({ value: 'Robot' }),
        }),
        expect.objectContaining({
          row: 1,
          field: 'status',
          code: 'unknown_value',
          params: expect.objectContaining({ value: 'Gold Member' }),
        }),
      ]),
    );
    expect(unmapped.values.Gender).toEqual({ Male: 'male' });
    expect(unmapped.valueCounts.Gender).toEqual({ Male: 2, Robot: 1 });
    const values = { Gender: { Robot: 'other' }, Status: { 'Gold Member': 'active' } };
    const mapped = (await preview(importBody(file, { values }))).json();
    expect(mapped.errors).toEqual([]);
    expect(mapped.values).toEqual({ Gender: { Male: 'male', Robot: 'other' }, Status: { 'Gold Member': 'active' } });
    // A member value the field does not have is refused, naming the value.
    const bad = await preview(importBody(file, { values: { Gender: { Robot: 'android' } } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'values.Gender.Robot' })]);
    // A preset keeps the values.
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/import-presets',
      headers: admin,
      payload: { name: 'Gold export values', mapping: mapped.mapping, values },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().values).toEqual(values);
    const listed = await ctx.pro('GET', '/import-presets?keyword=gold%20export', admin);
    expect(listed.json().items).toEqual([expect.objectContaining({ name: 'Gold export values', values })]);
    const res = await commit(importBody(file, { mapping: listed.json().items[0].mapping, values }));
    expect(ndjsonLines(res.body).at(-1)).toMatchObject({ type: 'done', imported: 3 });
  });

  it('a minor imported without guardian stays editable; the desk still cannot leave a minor without guardian', async () => {
    const rows = [
      ['First name', 'Last name', 'Mobile', 'Birthday', 'Code'],
      ['Kid', 'Noguardian', '91230077', '2016-05-01', 'KIDNG1'],
    ];
    const res = await commit(importBody(base64(csvText(rows))));
    expect(ndjsonLines(res.body).at(-1)).toMatchObject({ type: 'done', imported: 1 });
    const [kid] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(sql`select id from members where organisation_id = ${org.id} and code = 'KIDNG1'`),
    );
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/v1/pro/students/${kid!.id}`, headers: admin, payload });
    // Other fields: accepted (before, every edit of such a member was refused), still flagged.
    const edited = await patch({ notes: 'call the parents' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'call the parents', guardianMissing: true });
    // A desk change that makes another adult a guardian-less minor is still refused.
    const desk = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/students',
      headers: admin,
      payload: {
        firstName: 'Desk',
        lastName: 'Kid',
        phone: '91230078',
        birthday: '2016-05-01',
        homeCenterId: centerA(),
      },
    });
    expect(desk.statusCode).toBe(400);
    expect(desk.json().fields).toEqual([expect.objectContaining({ path: 'guardian', code: 'guardian_required' })]);
    // A guardian clears the flag.
    const fixed = await patch({ guardian: { name: 'Parent Noguardian', phone: '91230079' } });
    expect(fixed.json()).toMatchObject({ guardianMissing: false });
  });
});

describe('phones are stored the way the desk stores them', () => {
  it('"6123 9876" at a Hong Kong centre imports as +85261239876 and is a duplicate of "+852 6123 9876"; a centre without country borrows the first centre’s', async () => {
    const o = await ctx.newOrganisation();
    const headers = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const [a, b] = o.centers;
    await ctx.database.db.execute(sql`update centers set country = 'HK' where id = ${a!.id}`);
    await ctx.database.db.execute(sql`update centers set country = null where id = ${b!.id}`);
    const existing = await o.newMember({ phone: '+852 6123 9876', homeCenterId: a!.id });
    const file = csvText([
      ['First name', 'Last name', 'Phone', 'Centre'],
      ['Tai Man', 'Chan', '6123 9876', a!.code],
      ['Siu Ming', 'Lee', '9876-5432', b!.code],
    ]);
    const body = importBody(base64(file), { defaultCenterId: a!.id });
    const previewed = await preview(body, headers);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toMatchObject({ errorCount: 0, validRows: 2, possibleDuplicates: 1 });

    const res = await commit(body, headers);
    expect(res.statusCode, res.body).toBe(200);
    const stored = rowsOf<{ first_name: string; phone: string; phone_digits: string }>(
      await ctx.database.db.execute(
        sql`select first_name, phone, phone_digits from members where import_id is not null and organisation_id = ${o.id} order by first_name`,
      ),
    );
    expect(stored).toEqual([
      { first_name: 'Siu Ming', phone: '+85298765432', phone_digits: '85298765432' },
      { first_name: 'Tai Man', phone: '+85261239876', phone_digits: '85261239876' },
    ]);
    // The desk's duplicate check now sees both: the member typed at the desk and the imported one.
    const desk = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/students',
      headers,
      payload: { firstName: 'Another', lastName: 'Chan', phone: '61239876', homeCenterId: a!.id },
    });
    expect(desk.statusCode, desk.body).toBe(409);
    const codes = desk.json().details.duplicates.map((d: { code: string }) => d.code);
    expect(codes).toHaveLength(2);
    expect(codes).toContain(existing.code);
  });

  it('a phone that cannot be placed with a country code is a row error carrying its value and the name', async () => {
    const file = csvText([
      ['First name', 'Last name', 'Phone'],
      ['Ok', 'Row', '6123 0000'],
      ['Bad', 'Row', '00 123 45'],
    ]);
    const res = await preview(importBody(base64(file)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        row: 2,
        field: 'phone',
        code: 'phone_unplaceable',
        params: { value: '00 123 45', name: 'Bad Row' },
      }),
    ]);
  });
});
