import type { CommissionRule, createCommissionRuleRequestSchema } from '@gym/contract/sales';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { commissionRules, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { listCommissionRules } from './commission-admin.ts';

export async function createCommissionRule(
  ctx: UseCaseContext,
  input: z.output<typeof createCommissionRuleRequestSchema>,
): Promise<CommissionRule> {
  const staffId = 'staffId' in input ? input.staffId : null;
  const role = 'role' in input ? input.role : null;
  if (staffId) {
    const staff = await ctx.db.first(users, eq(users.id, staffId));
    if (!staff) {
      throw notFoundAt('staffId', 'Staff');
    }
  }
  const [rule] = await ctx.db.insert(commissionRules, {
    staffId,
    role,
    itemType: input.itemType,
    kind: input.kind,
    percentBp: input.kind === 'percent' ? input.percentBp : 0,
    amountMinor: input.kind === 'fixed' ? input.amountMinor : 0,
  });
  await recordAudit(ctx, {
    action: 'commission.rule_changed',
    entityType: 'commission',
    entityId: rule!.id,
    summary: `Commission rule added: ${staffId ? `staff ${staffId}` : `role ${role}`}, ${input.itemType}, ${input.kind === 'percent' ? `${input.percentBp} bp` : `${input.amountMinor} per item`}`,
    after: { ...input },
  });
  return (await listCommissionRules(ctx.db, {})).find((r) => r.id === rule!.id)!;
}
