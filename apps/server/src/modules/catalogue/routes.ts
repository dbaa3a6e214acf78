import {
  type CreditPackage,
  catalogueIdParamsSchema,
  createCreditPackageRequestSchema,
  createMembershipPlanRequestSchema,
  createShortCourseRequestSchema,
  creditPackageExportQuerySchema,
  creditPackageListQuerySchema,
  creditPackageListResponseSchema,
  creditPackageSchema,
  holderListQuerySchema,
  holderListResponseSchema,
  type MembershipPlan,
  membershipPlanExportQuerySchema,
  membershipPlanListQuerySchema,
  membershipPlanListResponseSchema,
  membershipPlanSchema,
  type ShortCourse,
  shortCourseExportQuerySchema,
  shortCourseListQuerySchema,
  shortCourseListResponseSchema,
  shortCourseSchema,
  updateCreditPackageRequestSchema,
  updateMembershipPlanRequestSchema,
  updateShortCourseRequestSchema,
} from '@gym/contract/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type Cell, type ExportColumn, sendExport } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { createCreditPackage } from './create-credit-package.ts';
import { createMembershipPlan } from './create-membership-plan.ts';
import { createShortCourse } from './create-short-course.ts';
import {
  getCreditPackage,
  getMembershipPlan,
  getShortCourse,
  listCreditPackages,
  listCreditPackagesForExport,
  listHolders,
  listMembershipPlans,
  listMembershipPlansForExport,
  listShortCourses,
  listShortCoursesForExport,
} from './queries.ts';
import { updateCreditPackage } from './update-credit-package.ts';
import { updateMembershipPlan } from './update-membership-plan.ts';
import { updateShortCourse } from './update-short-course.ts';

const tags = ['catalogue'];
const read = { access: can('read', 'Catalogue') };
const create = { access: can('create', 'Catalogue') };
const update = { access: can('update', 'Catalogue') };

/** Amounts exported as decimal text of minor units' major part would need the currency's exponent: kept as minor units. */
const yesNo = (v: boolean): Cell => (v ? 'yes' : 'no');
const coverage = (r: { allCenters: boolean; centers: { code: string }[] }): Cell =>
  r.allCenters ? 'all' : r.centers.map((c) => c.code).join(' ');

const PLAN_COLUMNS: ExportColumn<MembershipPlan>[] = [
  { header: 'Name', value: (r) => r.name, width: 28 },
  { header: 'Duration', value: (r) => r.durationValue, width: 10 },
  { header: 'Unit', value: (r) => r.durationUnit, width: 8 },
  { header: 'Centres', value: coverage, width: 16 },
  { header: 'Price (minor units)', value: (r) => r.price, width: 16 },
  { header: 'Tax rate (basis points)', value: (r) => r.taxRateBp, width: 12 },
  { header: 'Max freezes', value: (r) => r.maxFreezes, width: 10 },
  { header: 'Max freeze days', value: (r) => r.maxFreezeDays, width: 10 },
  { header: 'Freeze fee (minor units)', value: (r) => r.freezeFee, width: 14 },
  { header: 'Starts', value: (r) => r.startRule, width: 12 },
  { header: 'Active', value: (r) => yesNo(r.active), width: 8 },
  { header: 'Created', value: (r) => new Date(r.createdAt) },
];
const PACKAGE_COLUMNS: ExportColumn<CreditPackage>[] = [
  { header: 'Name', value: (r) => r.name, width: 28 },
  { header: 'Usage', value: (r) => r.usage, width: 8 },
  { header: 'Credits', value: (r) => r.credits, width: 8 },
  { header: 'Validity (days)', value: (r) => r.validityDays, width: 10 },
  { header: 'Centres', value: coverage, width: 16 },
  { header: 'Price (minor units)', value: (r) => r.price, width: 16 },
  { header: 'Tax rate (basis points)', value: (r) => r.taxRateBp, width: 12 },
  { header: 'Available', value: (r) => yesNo(r.available), width: 10 },
  { header: 'Active', value: (r) => yesNo(r.active), width: 8 },
  { header: 'Created', value: (r) => new Date(r.createdAt) },
];
const COURSE_COLUMNS: ExportColumn<ShortCourse>[] = [
  { header: 'Centre code', value: (r) => r.center.code, width: 10 },
  { header: 'Name', value: (r) => r.name, width: 28 },
  { header: 'Sessions', value: (r) => r.sessions, width: 8 },
  { header: 'Capacity', value: (r) => r.capacity, width: 8 },
  { header: 'Sessions scheduled', value: (r) => r.scheduled, width: 10 },
  { header: 'Enrolled', value: (r) => r.enrolled, width: 8 },
  { header: 'Starts on', value: (r) => r.startsOn, width: 12 },
  { header: 'Price (minor units)', value: (r) => r.price, width: 16 },
  { header: 'Tax rate (basis points)', value: (r) => r.taxRateBp, width: 12 },
  { header: 'Active', value: (r) => yesNo(r.active), width: 8 },
  { header: 'Created', value: (r) => new Date(r.createdAt) },
];

/**
 * `/pro/membership-plans`, `/pro/packages`, `/pro/short-courses` (`/membership-list`, `/package-list`,
 * `/short-course-list`) and the holders of a plan or package (`/apps/cloudfit/membership/{id}`).
 * Every gym role reads the catalogue; managers (and admins) change it.
 */
export function catalogueRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    const scoped = (req: { auth?: AuthContext | null }) => queryContext(deps, req.auth!).db;
    const zone = (auth: Parameters<typeof callerTimeZone>[1], centerId?: string) => callerTimeZone(db, auth, centerId);

    // ---- membership plans ----
    app.get(
      '/membership-plans',
      {
        config: read,
        schema: {
          tags,
          querystring: membershipPlanListQuerySchema,
          response: { 200: membershipPlanListResponseSchema },
        },
      },
      (req) => listMembershipPlans(scoped(req), req.query),
    );
    app.get(
      '/membership-plans/export',
      { config: read, schema: { tags, querystring: membershipPlanExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'membership-plans',
          timeZone: await zone(req.auth!, req.query.centerId),
          format: req.query.format,
          columns: PLAN_COLUMNS,
          rows: await listMembershipPlansForExport(scoped(req), req.query),
        }),
    );
    app.get(
      '/membership-plans/:id',
      { config: read, schema: { tags, params: catalogueIdParamsSchema, response: { 200: membershipPlanSchema } } },
      (req) => getMembershipPlan(scoped(req), req.params.id),
    );
    app.get(
      '/membership-plans/:id/holders',
      {
        config: read,
        schema: {
          tags,
          params: catalogueIdParamsSchema,
          querystring: holderListQuerySchema,
          response: { 200: holderListResponseSchema },
        },
      },
      async (req) => {
        await getMembershipPlan(scoped(req), req.params.id);
        return listHolders(queryContext(deps, req.auth!), {
          ...req.query,
          item: { kind: 'membership', id: req.params.id },
        });
      },
    );
    app.post(
      '/membership-plans',
      {
        config: create,
        schema: { tags, body: createMembershipPlanRequestSchema, response: { 201: membershipPlanSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createMembershipPlan, req.body)),
    );
    app.patch(
      '/membership-plans/:id',
      {
        config: update,
        schema: {
          tags,
          params: catalogueIdParamsSchema,
          body: updateMembershipPlanRequestSchema,
          response: { 200: membershipPlanSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, updateMembershipPlan, { ...req.body, id: req.params.id }),
    );

    // ---- credit packages ----
    app.get(
      '/packages',
      {
        config: read,
        schema: { tags, querystring: creditPackageListQuerySchema, response: { 200: creditPackageListResponseSchema } },
      },
      (req) => listCreditPackages(scoped(req), req.query),
    );
    app.get(
      '/packages/export',
      { config: read, schema: { tags, querystring: creditPackageExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'packages',
          timeZone: await zone(req.auth!, req.query.centerId),
          format: req.query.format,
          columns: PACKAGE_COLUMNS,
          rows: await listCreditPackagesForExport(scoped(req), req.query),
        }),
    );
    app.get(
      '/packages/:id',
      { config: read, schema: { tags, params: catalogueIdParamsSchema, response: { 200: creditPackageSchema } } },
      (req) => getCreditPackage(scoped(req), req.params.id),
    );
    app.get(
      '/packages/:id/holders',
      {
        config: read,
        schema: {
          tags,
          params: catalogueIdParamsSchema,
          querystring: holderListQuerySchema,
          response: { 200: holderListResponseSchema },
        },
      },
      async (req) => {
        await getCreditPackage(scoped(req), req.params.id);
        return listHolders(queryContext(deps, req.auth!), {
          ...req.query,
          item: { kind: 'package', id: req.params.id },
        });
      },
    );
    app.post(
      '/packages',
      {
        config: create,
        schema: { tags, body: createCreditPackageRequestSchema, response: { 201: creditPackageSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createCreditPackage, req.body)),
    );
    app.patch(
      '/packages/:id',
      {
        config: update,
        schema: {
          tags,
          params: catalogueIdParamsSchema,
          body: updateCreditPackageRequestSchema,
          response: { 200: creditPackageSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, updateCreditPackage, { ...req.body, id: req.params.id }),
    );

    // ---- short courses ----
    app.get(
      '/short-courses',
      {
        config: read,
        schema: { tags, querystring: shortCourseListQuerySchema, response: { 200: shortCourseListResponseSchema } },
      },
      (req) => listShortCourses(scoped(req), req.query),
    );
    app.get(
      '/short-courses/export',
      { config: read, schema: { tags, querystring: shortCourseExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'short-courses',
          timeZone: await zone(req.auth!, req.query.centerId),
          format: req.query.format,
          columns: COURSE_COLUMNS,
          rows: await listShortCoursesForExport(scoped(req), req.query),
        }),
    );
    app.get(
      '/short-courses/:id',
      { config: read, schema: { tags, params: catalogueIdParamsSchema, response: { 200: shortCourseSchema } } },
      (req) => getShortCourse(scoped(req), req.params.id),
    );
    app.post(
      '/short-courses',
      { config: create, schema: { tags, body: createShortCourseRequestSchema, response: { 201: shortCourseSchema } } },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createShortCourse, req.body)),
    );
    app.patch(
      '/short-courses/:id',
      {
        config: update,
        schema: {
          tags,
          params: catalogueIdParamsSchema,
          body: updateShortCourseRequestSchema,
          response: { 200: shortCourseSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, updateShortCourse, { ...req.body, id: req.params.id }),
    );
  };
}
