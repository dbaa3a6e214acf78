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
import { type AuthContext, can } from '../../lib/access.ts';
import { type Chunk, keyset } from '../../lib/long-read.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
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
  return async (app) => {
    const { get, post, patch, delete: del } = routeTable(app, tags);
    const scoped = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!).db;
    const read = can('read', 'Member');
    const update = can('update', 'Member');
    const byId = { params: memberIdParamsSchema };
    const byCard = { params: memberCardParamsSchema };

    get('/students', read, { query: memberListQuerySchema, reply: memberListResponseSchema }, async (req) => {
      const page = await listMembers(scoped(req), req.query);
      const overdue = await overdueByMember(
        scoped(req),
        page.items.map((m) => m.id),
      );
      return { ...page, items: page.items.map((m) => ({ ...m, overdueMinor: overdue.get(m.id) ?? 0 })) };
    });

    exportRoutes(get, deps)('/students/export', read, { query: memberExportQuerySchema }, async (req) => ({
      fileName: 'members',
      columns: EXPORT_COLUMNS,
      rows: keyset(
        (chunk: Chunk<string[]>) => memberExportChunk(scoped(req), { q: req.query, chunk }),
        (last) => last.key,
      ),
    }));

    post(
      '/students',
      can('create', 'Member'),
      { body: createMemberRequestSchema, reply: memberSchema, status: 201, idempotent: true },
      (req) => runCommand(deps, req.auth!, createMember, req.body),
    );

    get('/students/:id', read, { ...byId, reply: memberSchema }, (req) =>
      runCommand(deps, req.auth!, openMember, { id: req.params.id }),
    );

    patch('/students/:id', update, { ...byId, body: updateMemberRequestSchema, reply: memberSchema }, (req) =>
      runCommand(deps, req.auth!, updateMember, { ...req.body, id: req.params.id }),
    );

    // 201 for a card new to the member, 200 for one it already had.
    post(
      '/students/:id/cards',
      update,
      { ...byId, body: attachCardRequestSchema, reply: cardSchema, status: [200, 201], idempotent: true },
      async (req, reply) => {
        const { card, already } = await runCommand(deps, req.auth!, attachCard, {
          memberId: req.params.id,
          number: req.body.number,
        });
        return reply.code(already ? 200 : 201).send(card);
      },
    );

    post('/students/:id/cards/:cardId/lost', update, { ...byCard, reply: cardSchema }, (req) =>
      runCommand(deps, req.auth!, markCardLost, { memberId: req.params.id, cardId: req.params.cardId }),
    );

    del('/students/:id/cards/:cardId', update, { ...byCard, status: 204 }, (req) =>
      runCommand(deps, req.auth!, detachCard, { memberId: req.params.id, cardId: req.params.cardId }),
    );

    post(
      '/student/:student_id/nfc',
      update,
      { params: z.object({ student_id: z.uuid() }), body: nfcRequestSchema, reply: nfcResponseSchema },
      (req) => linkScannedCard(deps, req.auth!, { memberId: req.params.student_id, card: req.body.card }),
    );

    get('/students/:id/privacy-export', update, { ...byId, reply: memberPrivacyExportSchema }, async (req, reply) => {
      const data = await runCommand(deps, req.auth!, privacyExport, { id: req.params.id });
      const name = `member-${data.member.code.replace(/[^A-Za-z0-9_-]/g, '_')}-personal-data.json`;
      return reply
        .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'no-store')
        .send(data);
    });

    post(
      '/students/:id/erase',
      can('delete', 'Member'),
      { ...byId, body: eraseMemberRequestSchema, reply: memberSchema },
      (req) => runCommand(deps, req.auth!, eraseMember, { id: req.params.id, confirmCode: req.body.confirmCode }),
    );

    // Merging removes a record from the lists: those who may erase members may merge them.
    post(
      '/students/:id/merge',
      can('delete', 'Member'),
      { ...byId, body: mergeMembersRequestSchema, reply: memberSchema },
      (req) => runCommand(deps, req.auth!, mergeMembers, { ...req.body, keptId: req.params.id }),
    );

    post('/students/:id/card-link', update, { ...byId, reply: cardLinkIssuedSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, issueCardLink, { memberId: req.params.id }),
    );
  };
}
