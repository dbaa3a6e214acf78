import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, domainEvents, idempotencyKeys, members } from '../db/schema/index.ts';
import { type Headers, startOrganisation, type TestContext, type TestOrganisation } from '../test/harness.ts';
import { cleanupIdempotencyKeys } from './idempotency.ts';

let ctx: TestContext, org: TestOrganisation, headers: Headers, otherHeaders: Headers;

beforeAll(async () => {
  ({ ctx, org } = await startOrganisation());
  headers = await org.signIn('frontdesk');
  otherHeaders = await org.signIn('frontdesk');
});
afterAll(() => ctx?.close());

let phone = 0;
/** Each call a new phone, so the duplicate check refuses nothing; `samePhone` repeats the last one. */
const newMember = (lastName: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName,
  phone: `+852 5${String(over.samePhone ? phone : ++phone).padStart(7, '0')}`,
  homeCenterId: org.centers[0]!.id,
  ...Object.fromEntries(Object.entries(over).filter(([k]) => k !== 'samePhone')),
});

const post = (url: string, payload: unknown, key?: string, h = headers) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...h, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });

const countNamed = async (lastName: string) =>
  (
    await ctx.database.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.organisationId, org.id), eq(members.lastName, lastName)))
  ).length;

describe('Idempotency-Key', () => {
  it('20 parallel identical requests with one key create one member, and all get the same answer', async () => {
    const body = newMember('Parallel');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/pro/students', body, 'add-member-0001')));
    expect(await countNamed('Parallel')).toBe(1);
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(201);
      expect(a.json()).toEqual(answers[0]!.json());
    }
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    // The member's creation emitted its one domain event, in the same transaction.
    const events = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'member.registered'),
          sql`${domainEvents.payload}->>'memberId' = ${answers[0]!.json().id}`,
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ organisationId: org.id, payload: { source: 'desk' } });
  });

  it('replays a later repeat, refuses the same key with another body (409), and keys are per caller', async () => {
    const body = newMember('Repeat');
    const first = await post('/pro/students', body, 'add-member-0002');
    expect(first.statusCode).toBe(201);
    const again = await post('/pro/students', body, 'add-member-0002');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const reused = await post('/pro/students', newMember('Different'), 'add-member-0002');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('idempotency_key_reused');
    expect(await countNamed('Different')).toBe(0);

    // Another caller's key of the same name is another key.
    const other = await post('/pro/students', newMember('Repeat'), 'add-member-0002', otherHeaders);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await countNamed('Repeat')).toBe(2);
  });

  it('stores business refusals (4xx) and replays them; without a key nothing is stored', async () => {
    const m = await org.newMember({ cardNumber: '5550001' });
    const other = await org.newMember();
    const refused = await post(`/pro/students/${other.id}/cards`, { number: '5550001' }, 'card-0001');
    expect(refused.statusCode).toBe(409);
    const replayed = await post(`/pro/students/${other.id}/cards`, { number: '5550001' }, 'card-0001');
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(refused.json());

    const attached = await post(`/pro/students/${other.id}/cards`, { number: '5550002' }, 'card-0002');
    expect(attached.statusCode).toBe(201);
    const twice = await post(`/pro/students/${other.id}/cards`, { number: '5550002' }, 'card-0002');
    expect(twice.json()).toEqual(attached.json());
    expect(
      await ctx.database.db
        .select()
        .from(cards)
        .where(and(eq(cards.memberId, other.id), eq(cards.number, '5550002'))),
    ).toHaveLength(1);
    expect(m.id).toBeTruthy();

    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys);
    await post('/pro/students', newMember('NoKey'));
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('does not store a 5xx answer: the key is released so that a retry may succeed', async () => {
    // A body the database refuses with an error the use case does not expect: a trigger makes the insert fail once.
    // (a sequence, because nextval survives the rollback of the failing insert)
    await ctx.database.db.execute(sql`create sequence fail_once_seq`);
    await ctx.database.db.execute(sql`
      create or replace function fail_once() returns trigger language plpgsql as $$
      begin
        if new.last_name = 'Flaky' and nextval('fail_once_seq') = 1 then
          raise exception 'temporary failure';
        end if;
        return new;
      end $$`);
    await ctx.database.db.execute(
      sql`create trigger fail_once before insert on members for each row execute function fail_once()`,
    );
    const flaky = newMember('Flaky');
    const failed = await post('/pro/students', flaky, 'add-member-0003');
    expect(failed.statusCode).toBe(500);
    const retried = await post('/pro/students', flaky, 'add-member-0003');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    await ctx.database.db.execute(sql`drop trigger fail_once on members`);
  });

  it('protects public registration per address', async () => {
    const body = {
      firstName: 'Pub',
      lastName: 'Lic',
      phone: '+852 6123 4567',
      email: 'pub@example.com',
      language: 'en',
      privacyAccepted: true,
    };
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/public/register/${org.initial}/A`,
        headers: { 'idempotency-key': 'reg-1' },
        payload: body,
        remoteAddress: '198.51.100.7',
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await countNamed('Lic')).toBe(1);
  });

  it('refuses a malformed key naming the header, and forgets keys after 24 hours', async () => {
    const bad = await post('/pro/students', newMember('BadKey'), 'has space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('idempotency-key');

    expect((await post('/pro/students', newMember('Old'), 'add-member-old')).statusCode).toBe(201);
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'add-member-old'));
    // An expired key is a new key: the command runs again (the duplicate check is what refuses now).
    const reuse = await post('/pro/students', newMember('Old2'), 'add-member-old');
    expect(reuse.statusCode).toBe(201);
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'add-member-old'));
    expect(await cleanupIdempotencyKeys(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(
      await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'add-member-old')),
    ).toEqual([]);
  });
});
