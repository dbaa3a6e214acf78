import {
  attachCardRequestSchema,
  cardLinkIssuedSchema,
  cardSchema,
  createMemberRequestSchema,
  eraseMemberRequestSchema,
  memberCardParamsSchema,
  memberExportQuerySchema,
  memberIdParamsSchema,
  memberListQuerySchema,
  memberListResponseSchema,
  memberPrivacyExportSchema,
  memberSchema,
  mergeMembersRequestSchema,
  nfcRequestSchema,
  nfcResponseSchema,
  updateMemberRequestSchema,
} from '@gym/contract/members';
import { formatPhone } from '@gym/contract/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type Chunk, keyset } from '../../lib/long-read.ts';
import { sendExport } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { overdueByMember } from '../sales/index.ts';
import { attachCard } from './attach-card.ts';
import { createMember } from './create-member.ts';
import { detachCard } from './detach-card.ts';
import { eraseMember } from './erase-member.ts';
import { issueCardLink } from './issue-card-link.ts';
import { markCardLost } from './mark-card-lost.ts';
import { type MemberExportRow, memberExportChunk } from './member-export.ts';
import { mergeMembers } from './merge-members.ts';
import { linkScannedCard } from './nfc.ts';
import { openMember } from './open-member.ts';
import { privacyExport } from './privacy-export.ts';
import { listMembers } from './queries.ts';
import { updateMember } from './update-member.ts';

const tags = ['members'];

const EXPORT_COLUMNS: { header: string; value: (m: MemberExportRow) => string | boolean | null; width?: number }[] = [
  { header: 'Code', value: (m) => m.code, width: 14 },
  { header: 'First name', value: (m) => m.firstName },
  { header: 'Last name', value: (m) => m.lastName },
  { header: 'Chinese name', value: (m) => m.chineseName, width: 12 },
  { header: 'Gender', value: (m) => m.gender, width: 10 },
  { header: 'Birthday', value: (m) => m.birthday, width: 12 },
  // Stored in E.164; written grouped as staff read it (our import reads it back).
  { header: 'Phone', value: (m) => (m.phone ? formatPhone(m.phone) : null) },
  { header: 'E-mail', value: (m) => m.email, width: 28 },
  { header: 'Status', value: (m) => m.status, width: 10 },
  { header: 'Home centre', value: (m) => m.homeCenter.code, width: 12 },
  { header: 'Card', value: (m) => m.cardNumber },
  { header: 'Source', value: (m) => m.source, width: 12 },
  { header: 'Marketing consent', value: (m) => m.marketingConsent, width: 10 },
  { header: 'Created', value: (m) => m.createdAt, width: 24 },
];

/** `/api/v1/pro/students…` (the spec's students are members) and the reader's `pro/student/{id}/nfc/`. */
export function memberRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    app.get(
      '/students',
      {
        config: { access: can('read', 'Member') },
        schema: { tags, querystring: memberListQuerySchema, response: { 200: memberListResponseSchema } },
      },
      async (req) => {
        const page = await listMembers(queryContext(deps, req.auth!).db, req.query);
        const overdue = await overdueByMember(
          queryContext(deps, req.auth!).db,
          page.items.map((m) => m.id),
        );
        return { ...page, items: page.items.map((m) => ({ ...m, overdueMinor: overdue.get(m.id) ?? 0 })) };
      },
    );

    app.get(
      '/students/export',
      {
        config: { access: can('read', 'Member') },
        schema: { tags, querystring: memberExportQuerySchema },
      },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'members',
          timeZone: await callerTimeZone(db, req.auth!, (req.query as { centerId?: string }).centerId),
          format: req.query.format,
          columns: EXPORT_COLUMNS,
          rows: keyset(
            (chunk: Chunk<string[]>) => memberExportChunk(queryContext(deps, req.auth!).db, { q: req.query, chunk }),
            (last) => last.key,
          ),
        }),
    );

    app.post(
      '/students',
      {
        config: { access: can('create', 'Member'), idempotent: true },
        schema: { tags, body: createMemberRequestSchema, response: { 201: memberSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createMember, req.body)),
    );

    app.get(
      '/students/:id',
      {
        config: { access: can('read', 'Member') },
        schema: { tags, params: memberIdParamsSchema, response: { 200: memberSchema } },
      },
      (req) => runCommand(deps, req.auth!, openMember, { id: req.params.id }),
    );

    app.patch(
      '/students/:id',
      {
        config: { access: can('update', 'Member') },
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: updateMemberRequestSchema,
          response: { 200: memberSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, updateMember, { ...req.body, id: req.params.id }),
    );

    app.post(
      '/students/:id/cards',
      {
        config: { access: can('update', 'Member'), idempotent: true },
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: attachCardRequestSchema,
          response: { 200: cardSchema, 201: cardSchema },
        },
      },
      async (req, reply) => {
        const { card, already } = await runCommand(deps, req.auth!, attachCard, {
          memberId: req.params.id,
          number: req.body.number,
        });
        return reply.code(already ? 200 : 201).send(card);
      },
    );

    app.post(
      '/students/:id/cards/:cardId/lost',
      {
        config: { access: can('update', 'Member') },
        schema: { tags, params: memberCardParamsSchema, response: { 200: cardSchema } },
      },
      (req) => runCommand(deps, req.auth!, markCardLost, { memberId: req.params.id, cardId: req.params.cardId }),
    );

    app.delete(
      '/students/:id/cards/:cardId',
      {
        config: { access: can('update', 'Member') },
        schema: { tags, params: memberCardParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, detachCard, { memberId: req.params.id, cardId: req.params.cardId });
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/student/:student_id/nfc',
      {
        config: { access: can('update', 'Member') },
        schema: {
          tags,
          params: z.object({ student_id: z.uuid() }),
          body: nfcRequestSchema,
          response: { 200: nfcResponseSchema },
        },
      },
      (req) => linkScannedCard(deps, req.auth!, { memberId: req.params.student_id, card: req.body.card }),
    );

    app.get(
      '/students/:id/privacy-export',
      {
        config: { access: can('update', 'Member') },
        schema: { tags, params: memberIdParamsSchema, response: { 200: memberPrivacyExportSchema } },
      },
      async (req, reply) => {
        const data = await runCommand(deps, req.auth!, privacyExport, { id: req.params.id });
        const name = `member-${data.member.code.replace(/[^A-Za-z0-9_-]/g, '_')}-personal-data.json`;
        return reply
          .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('cache-control', 'no-store')
          .send(data);
      },
    );

    app.post(
      '/students/:id/erase',
      {
        config: { access: can('delete', 'Member') },
        schema: { tags, params: memberIdParamsSchema, body: eraseMemberRequestSchema, response: { 200: memberSchema } },
      },
      (req) => runCommand(deps, req.auth!, eraseMember, { id: req.params.id, confirmCode: req.body.confirmCode }),
    );

    app.post(
      '/students/:id/merge',
      {
        // Merging removes a record from the lists: those who may erase members may merge them.
        config: { access: can('delete', 'Member') },
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: mergeMembersRequestSchema,
          response: { 200: memberSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, mergeMembers, { ...req.body, keptId: req.params.id }),
    );

    app.post(
      '/students/:id/card-link',
      {
        config: { access: can('update', 'Member') },
        schema: { tags, params: memberIdParamsSchema, response: { 201: cardLinkIssuedSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runCommand(deps, req.auth!, issueCardLink, { memberId: req.params.id })),
    );
  };
}
