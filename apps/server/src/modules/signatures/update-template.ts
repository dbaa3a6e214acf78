import { eq } from 'drizzle-orm';
import { agreementTemplates } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { TemplateRow } from './templates.ts';

/** A change of a template's current version: the next version, the one before kept and superseded. */
export async function updateTemplate(
  ctx: UseCaseContext,
  input: { id: string; title: string; body: string },
): Promise<TemplateRow> {
  const [current] = await ctx.db.lock(agreementTemplates, eq(agreementTemplates.id, input.id));
  if (!current) throw notFound('agreement template');
  if (current.supersededAt)
    throw conflict('conflict', 'A newer version of this template exists: change that one', 'id');
  const now = ctx.clock.now();
  await ctx.db.update(agreementTemplates, { supersededAt: now }, eq(agreementTemplates.id, current.id));
  const [next] = await ctx.db.insert(agreementTemplates, {
    code: current.code,
    kind: current.kind,
    language: current.language,
    title: input.title,
    body: input.body,
    version: current.version + 1,
    createdBy: ctx.auth.userId,
    createdAt: now,
  });
  await recordAudit(ctx, {
    action: 'agreement_template.updated',
    entityType: 'agreement_template',
    entityId: next!.id,
    summary: `Agreement template ${current.code} (${current.language}) version ${next!.version}`,
    before: { title: current.title, version: current.version },
    after: { title: next!.title, version: next!.version },
  });
  return next!;
}
