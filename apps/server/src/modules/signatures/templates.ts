/**
 * The organisation's agreement templates: listed as their current versions; a change writes the next
 * version and marks the one before superseded (a signed document keeps naming the version it was
 * signed on). A template's code names it across its languages and versions.
 */
import type { Language } from '@gym/contract/constants';
import type { AgreementKind, AgreementTemplate } from '@gym/contract/signatures';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { agreementTemplates } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { ActorContext, QueryContext } from '../../lib/use-case.ts';
import { DEFAULT_TEMPLATES } from './default-templates.ts';

export type TemplateRow = typeof agreementTemplates.$inferSelect;

export const templateView = (t: TemplateRow): AgreementTemplate => ({
  id: t.id,
  code: t.code,
  kind: t.kind as AgreementKind,
  language: t.language as Language,
  title: t.title,
  body: t.body,
  version: t.version,
  createdAt: t.createdAt.toISOString(),
});

export async function listTemplates(
  ctx: QueryContext,
  query: { kind?: AgreementKind; language?: Language },
): Promise<{ items: AgreementTemplate[] }> {
  const rows = await ctx.db
    .select()
    .from(agreementTemplates)
    .where(
      ctx.db.where(
        agreementTemplates,
        isNull(agreementTemplates.supersededAt),
        query.kind ? eq(agreementTemplates.kind, query.kind) : undefined,
        query.language ? eq(agreementTemplates.language, query.language) : undefined,
      ),
    )
    .orderBy(asc(agreementTemplates.code), asc(agreementTemplates.language));
  return { items: rows.map(templateView) };
}

export async function currentOf(db: TenantDb, code: string, language: string) {
  return db.first(
    agreementTemplates,
    and(
      eq(agreementTemplates.code, code),
      eq(agreementTemplates.language, language),
      isNull(agreementTemplates.supersededAt),
    ),
  );
}

/** The starting templates (`DEFAULT_TEMPLATES`) in every language, each code and language once. */
export async function installDefaultTemplates(ctx: ActorContext, _input: Record<string, never> = {}): Promise<number> {
  let added = 0;
  for (const template of DEFAULT_TEMPLATES) {
    for (const [language, text] of Object.entries(template.texts)) {
      if (await currentOf(ctx.db, template.code, language)) continue;
      await ctx.db.insert(agreementTemplates, {
        code: template.code,
        kind: template.kind,
        language,
        version: 1,
        title: text.title,
        body: text.body,
        createdBy: ctx.auth.userId,
      });
      added += 1;
    }
  }
  return added;
}
