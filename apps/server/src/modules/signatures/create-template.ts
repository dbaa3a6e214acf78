import type { AgreementTemplateCreate } from '@gym/contract/signatures';
import { agreementTemplates } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { currentOf, type TemplateRow } from './templates.ts';

/** A new template (version 1); a code already used in that language is refused (409 naming `code`). */
export async function createTemplate(ctx: UseCaseContext, input: AgreementTemplateCreate): Promise<TemplateRow> {
  if (await currentOf(ctx.db, input.code, input.language))
    throw conflict('code_taken', 'A template of this code exists in this language', 'code');
  const [row] = await ctx.db.insert(agreementTemplates, {
    ...input,
    version: 1,
    createdBy: ctx.auth.userId,
  });
  await recordAudit(ctx, {
    action: 'agreement_template.created',
    entityType: 'agreement_template',
    entityId: row!.id,
    summary: `Agreement template ${input.code} (${input.language}) created`,
    after: { title: input.title, version: 1 },
  });
  return row!;
}
