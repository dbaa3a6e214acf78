import { eq } from 'drizzle-orm';
import { commissionRules } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { listCommissionRules } from './commission-admin.ts';

/** Rules are switched off, never changed: commission already earned keeps the rule it was earned by. */
export async function setCommissionRuleActive(ctx: UseCaseContext, input: { id: string; active: boolean }) {
  const [rule] = await ctx.db.update(commissionRules, { active: input.active }, eq(commissionRules.id, input.id));
  if (!rule) throw notFound('commission rule');
  await recordAudit(ctx, {
    action: 'commission.rule_changed',
    entityType: 'commission',
    entityId: rule.id,
    summary: `Commission rule ${input.active ? 'switched on' : 'switched off'}`,
    before: { active: !input.active },
    after: { active: input.active },
  });
  return (await listCommissionRules(ctx.db, {})).find((r) => r.id === rule.id)!;
}
