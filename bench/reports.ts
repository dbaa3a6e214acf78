/**
 * Reports figures (`BENCH_SUITES=reports npm run bench`, asked for by name like the soak): a large
 * organisation generated into a throw-away PostgreSQL 15 server (or BENCH_DATABASE_URL), then every
 * report (GET /pro/reports/{code}, one page of 50 with its totals, through the server's own stack in
 * this process) over a 12-month range and a 1-day range, BENCH_REPORTS_RUNS (20) times each: p50 and
 * p95, beside hand-written SQL of the same headline figure timed in the same run; and a CSV export of
 * the transactions (every payment of the 12 months) with this process's memory before and after.
 *
 * The full size of the issue is 5 centres, 200,000 members, 10,000,000 entries, 2,000,000 invoice
 * lines and 1,000,000 payments over two years; BENCH_REPORTS_SCALE (0.02 by default: 4,000 members,
 * 200,000 entries, 40,000 lines, 20,000 payments) multiplies all of them, so a run takes a few minutes.
 * Figures, not a test.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServer } from '../apps/server/src/server.ts';
import { startPostgres } from '../apps/server/src/test/postgres-server.ts';
import { percentile } from './stats.ts';

const scale = Number(process.env.BENCH_REPORTS_SCALE ?? 0.02);
const runs = Number(process.env.BENCH_REPORTS_RUNS ?? 20);
const size = {
  centers: 5,
  members: Math.round(200_000 * scale),
  entries: Math.round(10_000_000 * scale),
  lines: Math.round(2_000_000 * scale),
  payments: Math.round(1_000_000 * scale),
};
/** The data covers two years up to this day; the 12-month range ends on it, the 1-day range is it. */
const LAST_DAY = '2026-06-30';
const YEAR = { from: '2025-07-01', to: LAST_DAY };
const DAY = { from: '2026-03-16', to: '2026-03-16' };
const ZONES = ['Asia/Hong_Kong', 'Asia/Taipei', 'Europe/Lisbon', 'America/Sao_Paulo', 'Pacific/Auckland'];

/** Hand-written SQL of each report's headline figure, over the same rows. */
const HAND: Record<string, (r: { from: string; to: string }) => string> = {
  paymentMethod: (r) =>
    `select method, sum(case when kind = 'refund' then -amount_minor else amount_minor end) from payments where organisation_id = $1 and paid_on between '${r.from}' and '${r.to}' group by method`,
  transacion: (r) =>
    `select sum(case when kind = 'refund' then -amount_minor else amount_minor end), count(*) from payments where organisation_id = $1 and paid_on between '${r.from}' and '${r.to}'`,
  'sales-monthly': (r) =>
    `select to_char(paid_on, 'YYYY-MM'), sum(case when kind = 'refund' then -amount_minor else amount_minor end) from payments where organisation_id = $1 and paid_on between '${r.from}' and '${r.to}' group by 1`,
  'center-Sales.vue': (r) =>
    `select center_id, sum(case when kind = 'refund' then -amount_minor else amount_minor end) from payments where organisation_id = $1 and paid_on between '${r.from}' and '${r.to}' group by 1`,
  entry: (r) =>
    `select business_date, count(*) from entries where organisation_id = $1 and business_date between '${r.from}' and '${r.to}' group by 1`,
  split: (r) =>
    `select i.center_id, l.sold_by_id, l.item_type, sum(l.total_minor) from invoice_lines l join invoices i on i.id = l.invoice_id where i.organisation_id = $1 and i.issued_on between '${r.from}' and '${r.to}' and i.state <> 'void' group by 1, 2, 3`,
};

async function generate(exec: (q: string) => Promise<{ rows: unknown[] }>, org: string): Promise<void> {
  const t0 = performance.now();
  // Members spread over the centres, registered over the two years.
  await exec(`insert into members (organisation_id, home_center_id, code, first_name, last_name, search_text, status, created_at)
    select '${org}', c.id, 'B' || g, 'First' || g, 'Last' || g, 'first' || g || ' last' || g, 'active',
      timestamptz '${LAST_DAY}' - (g % 730) * interval '1 day'
    from generate_series(1, ${size.members}) g
    join lateral (select id from centers where organisation_id = '${org}' order by code offset (g % 5) limit 1) c on true`);
  await exec(
    `create temp table bench_members as select id, home_center_id, row_number() over () n from members where organisation_id = '${org}'`,
  );
  await exec(`create index on bench_members (n)`);
  // Invoices of two lines each, one a day per member over two years, each paid once; one in twenty refunded.
  const invoices = Math.round(size.lines / 2);
  // After the demo's own invoices.
  const [{ seq: base }] = (await exec(`select invoice_seq seq from organisations where id = '${org}'`)).rows as [
    { seq: number },
  ];
  await exec(`update organisations set invoice_seq = ${base + invoices} where id = '${org}'`);
  await exec(`insert into invoices (organisation_id, center_id, member_id, seq, number, issued_on, currency_code,
      subtotal_minor, discount_minor, total_minor, tax_minor, paid_minor, state)
    select '${org}', m.home_center_id, m.id, ${base} + g, 'B-' || g, date '${LAST_DAY}' - (g % 730), 'HKD', 20000, 0, 20000, 0, 20000, 'paid'
    from generate_series(1, ${invoices}) g join bench_members m on m.n = 1 + g % ${size.members}`);
  await exec(`insert into invoice_lines (organisation_id, invoice_id, line_no, item_type, item_id, description, quantity,
      list_price_minor, unit_price_minor, total_minor, tax_rate_bp, tax_minor)
    select organisation_id, id, l, case when l = 1 then 'membership' else 'product' end, gen_random_uuid(), 'Item', 1, 10000, 10000, 10000, 0, 0
    from invoices, generate_series(1, 2) l where organisation_id = '${org}' and seq > ${base}`);
  await exec(`insert into payments (organisation_id, center_id, invoice_id, member_id, kind, method, amount_minor, paid_on, created_at)
    select organisation_id, center_id, id, member_id, case when seq % 20 = 0 then 'refund' else 'payment' end,
      (array['cash','card','transfer','online'])[1 + seq % 4], case when seq % 20 = 0 then 5000 else 20000 end,
      issued_on, issued_on + time '10:00'
    from invoices where organisation_id = '${org}' and seq > ${base} and seq <= ${base + size.payments}`);
  // Entries: a tap every few minutes of the day at each centre, over two years.
  await exec(`insert into entries (organisation_id, center_id, member_id, result, reason, granted_by, source, tapped_at, business_date)
    select '${org}', m.home_center_id, m.id,
      case when g % 25 = 0 then 'denied' else 'granted' end,
      case when g % 25 = 0 then 'no_entitlement' end,
      case when g % 25 = 0 then null else 'membership' end,
      'reader', timestamptz '${LAST_DAY} 23:00+00' - (g::bigint * 63072000 / ${size.entries}) * interval '1 second',
      (timestamptz '${LAST_DAY} 23:00+00' - (g::bigint * 63072000 / ${size.entries}) * interval '1 second')::date
    from generate_series(1, ${size.entries}) g join bench_members m on m.n = 1 + g % ${size.members}`);
  await exec('analyze');
  console.log(`generated in ${Math.round((performance.now() - t0) / 1000)} s`);
}

export async function runReportsBench(): Promise<void> {
  const keptDatabase = process.env.BENCH_DATABASE_URL;
  const pgServer = keptDatabase ? null : await startPostgres({ durable: false });
  const url = keptDatabase ?? pgServer!.url;
  console.log(
    `reports: ${size.centers} centres, ${size.members.toLocaleString('en')} members, ${size.entries.toLocaleString('en')} entries, ` +
      `${size.lines.toLocaleString('en')} invoice lines, ${size.payments.toLocaleString('en')} payments (scale ${scale})`,
  );
  const server = await createServer(
    loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: 'true' }),
    { logger: false },
  );
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const exec = (q: string, values: unknown[] = []) => pool.query(q, values);
    const [org] = (await exec('select id from organisations order by created_at limit 1')).rows as { id: string }[];
    const orgId = org!.id;
    const centres = (await exec('select id from centers where organisation_id = $1 order by code', [orgId])).rows;
    for (let i = centres.length; i < size.centers; i += 1) {
      await exec(`insert into centers (organisation_id, code, name, time_zone, currency_code, currency_symbol)
        select '${orgId}', 'BX${i}', 'Bench ${i}', '${ZONES[i]}', currency_code, currency_symbol from centers where organisation_id = '${orgId}' limit 1`);
    }
    await generate(exec, orgId);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      payload: { email: 'admin@demo.fit', password: 'demo1234' },
    });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const { items } = (await server.app.inject({ method: 'GET', url: '/api/v1/pro/reports', headers })).json() as {
      items: { code: string }[];
    };
    const rows: Record<string, string | number>[] = [];
    const timed = async (run: () => Promise<unknown>) => {
      const ms: number[] = [];
      await run();
      for (let i = 0; i < runs; i += 1) {
        const t0 = performance.now();
        await run();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      return { p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)) };
    };
    for (const [range, r] of [
      ['12 months', YEAR],
      ['1 day', DAY],
    ] as const) {
      for (const { code } of items) {
        const path = `/api/v1/pro/reports/${encodeURIComponent(code)}?from=${r.from}&to=${r.to}&pageSize=50`;
        let status = 0;
        const report = await timed(async () => {
          status = (await server.app.inject({ method: 'GET', url: path, headers })).statusCode;
        });
        const hand = HAND[code] ? await timed(() => pool.query(HAND[code]!(r), [orgId])) : null;
        rows.push({
          range,
          code,
          status,
          'p50 ms': report.p50,
          'p95 ms': report.p95,
          'hand SQL p50 ms': hand?.p50 ?? '',
          'hand SQL p95 ms': hand?.p95 ?? '',
        });
      }
    }
    console.log(`\nReports over ${runs} runs each, PostgreSQL, load average ${loadavg()[0]!.toFixed(1)}`);
    console.table(rows);
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const file = await server.app.inject({
      method: 'GET',
      url: `/api/v1/pro/reports/transacion/export?format=csv&from=${YEAR.from}&to=${YEAR.to}`,
      headers,
    });
    const lines = file.body.split('\r\n').length - 2;
    console.log(
      `\nCSV export of the transactions over 12 months: ${lines.toLocaleString('en')} rows in ${Math.round(performance.now() - t0)} ms, ` +
        `RSS ${Math.round(before / 1e6)} → ${Math.round(process.memoryUsage().rss / 1e6)} MB (the test injection keeps the body in memory)`,
    );
  } finally {
    await pool.end();
    await server.close();
    pgServer?.stop();
  }
}
