/**
 * Selling figures: a sale with its payment (POST /pro/students/:id/sales, a new Idempotency-Key per
 * request, as the desk sends), and reading one member's entitlements when one of them has 5,000
 * ledger rows (GET /pro/students/:id/entitlements: the stored state, not a fold of the rows).
 */
import { randomUUID } from 'node:crypto';
import { abilityRulesFor, buildAbility } from '@gym/contract/acl';
import { DEMO_INITIAL } from '@gym/contract/demo';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  creditPackages,
  entitlementState,
  entitlements,
  members,
  membershipPlans,
  organisations,
  users,
} from '../apps/server/src/db/schema/index.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import type { AuthContext } from '../apps/server/src/lib/access.ts';
import { runTransaction } from '../apps/server/src/lib/use-case.ts';
import { appendLedger } from '../apps/server/src/modules/entitlements/index.ts';
import type { LoadFigures } from './member-search.ts';
import { percentile } from './stats.ts';

export interface SellingFixture {
  memberIds: string[];
  centerId: string;
  planId: string;
  priceMinor: number;
  /** The member whose pack has `ledgerRows` rows. */
  heavyMemberId: string;
  ledgerRows: number;
}

/** Picks the demo's monthly plan and members, and gives one member a pack with `rows` ledger rows (through `appendLedger`). */
export async function prepareSelling(deps: AppDeps, rows = 5_000): Promise<SellingFixture> {
  const db: Db = deps.database.db;
  const [org] = await db.select().from(organisations).where(eq(organisations.initial, DEMO_INITIAL));
  const [manager] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, org!.id), eq(users.role, 'manager')));
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.organisationId, org!.id), eq(membershipPlans.name, 'Monthly')));
  const [pack] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.organisationId, org!.id), eq(creditPackages.name, '20-class pack')));
  const people = await db
    .select({ id: members.id, centerId: members.homeCenterId })
    .from(members)
    .where(eq(members.organisationId, org!.id))
    .limit(200);
  const heavy = people[0]!;
  const auth: AuthContext = {
    userId: manager!.id,
    organisationId: org!.id,
    role: 'manager',
    ability: buildAbility(abilityRulesFor('manager')),
    centerIds: null,
    familyId: 'bench',
  };
  const [existing] = await db
    .select({ id: entitlements.id, lastSeq: entitlementState.lastSeq })
    .from(entitlements)
    .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
    .where(and(eq(entitlements.memberId, heavy.id), eq(entitlements.name, 'Bench pack')));
  if (!existing || existing.lastSeq < rows) {
    const id = await runTransaction(deps, auth, async (ctx) => {
      const [ent] = await ctx.db.insert(entitlements, {
        memberId: heavy.id,
        kind: 'package',
        itemId: pack!.id,
        name: 'Bench pack',
        usage: 'class',
        allCenters: true,
        centerId: heavy.centerId,
        durationValue: 3650,
        durationUnit: 'day',
      });
      await appendLedger(ctx, {
        entitlementId: ent!.id,
        memberId: heavy.id,
        rows: [
          {
            kind: 'grant',
            creditsDelta: 20,
            validFrom: '2026-01-01',
            validUntil: '2035-12-31',
            effectiveOn: '2026-01-01',
          },
        ],
      });
      return ent!.id;
    });
    // Uses and returns, alternately, 500 to a command.
    for (let written = 1; written < rows; written += 500) {
      const n = Math.min(500, rows - written);
      await runTransaction(deps, auth, (ctx) =>
        appendLedger(ctx, {
          entitlementId: id,
          memberId: heavy.id,
          rows: Array.from({ length: n }, (_, i) => ({
            kind: (written + i) % 2 ? ('use' as const) : ('return' as const),
            creditsDelta: (written + i) % 2 ? -1 : 1,
            refType: 'booking',
            effectiveOn: '2026-06-01',
          })),
        }),
      );
    }
  }
  return {
    memberIds: people.slice(1).map((p) => p.id),
    centerId: people[1]!.centerId,
    planId: plan!.id,
    priceMinor: plan!.priceMinor,
    heavyMemberId: heavy.id,
    ledgerRows: rows,
  };
}

export async function measured(options: autocannon.Options): Promise<LoadFigures> {
  const times: number[] = [];
  let finish: (r: autocannon.Result) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(options, (err, result) => (err ? fail(err) : finish(result)));
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await done;
  times.sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p95: Math.round(percentile(times, 95) * 10) / 10,
    p99: Math.round(percentile(times, 99) * 10) / 10,
    non2xx: result.non2xx,
    requests: times.length,
  };
}

/** Sales with their payment: each request a new sale (its own key) to the next member, paid in full by card. */
export function saleLoad(
  base: string,
  token: string,
  f: SellingFixture,
  opts: { connections: number; seconds: number },
) {
  let next = 0;
  const body = JSON.stringify({
    centerId: f.centerId,
    lines: [{ itemType: 'membership', itemId: f.planId }],
    payment: { method: 'card', amountMinor: f.priceMinor },
  });
  return measured({
    url: base,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: `/api/v1/pro/students/${f.memberIds[next++ % f.memberIds.length]}/sales`,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body,
        }),
      },
    ],
  });
}

/** Reading the entitlements (with their state) of the member whose pack has `ledgerRows` ledger rows. */
export function entitlementLoad(
  base: string,
  token: string,
  f: SellingFixture,
  opts: { connections: number; seconds: number },
) {
  return measured({
    url: `${base}/api/v1/pro/students/${f.heavyMemberId}/entitlements`,
    connections: opts.connections,
    duration: opts.seconds,
    headers: { authorization: `Bearer ${token}` },
  });
}
