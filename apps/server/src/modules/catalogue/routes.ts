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
import { routeTable } from '../../lib/routes.ts';
import { type Cell, type ExportColumn, exportRoutes } from '../../lib/table-export.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
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
const read = can('read', 'Catalogue');
const create = can('create', 'Catalogue');
const update = can('update', 'Catalogue');

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
    const { get, post, patch } = routeTable(app, tags);
    const exported = exportRoutes(get, deps);
    const scoped = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!).db;
    const byId = { params: catalogueIdParamsSchema };
    /** The members holding a plan or package, once the caller may see it (`find` answers 404 otherwise). */
    const holders = (
      url: string,
      kind: 'membership' | 'package',
      find: (db: TenantDb, id: string) => Promise<unknown>,
    ) =>
      get(url, read, { ...byId, query: holderListQuerySchema, reply: holderListResponseSchema }, async (req) => {
        await find(scoped(req), req.params.id);
        return listHolders(queryContext(deps, req.auth!), { ...req.query, item: { kind, id: req.params.id } });
      });

    // ---- membership plans ----
    get(
      '/membership-plans',
      read,
      { query: membershipPlanListQuerySchema, reply: membershipPlanListResponseSchema },
      (req) => listMembershipPlans(scoped(req), req.query),
    );
    exported('/membership-plans/export', read, membershipPlanExportQuerySchema, async (req) => ({
      fileName: 'membership-plans',
      columns: PLAN_COLUMNS,
      rows: await listMembershipPlansForExport(scoped(req), req.query),
    }));
    get('/membership-plans/:id', read, { ...byId, reply: membershipPlanSchema }, (req) =>
      getMembershipPlan(scoped(req), req.params.id),
    );
    holders('/membership-plans/:id/holders', 'membership', getMembershipPlan);
    post(
      '/membership-plans',
      create,
      { body: createMembershipPlanRequestSchema, reply: membershipPlanSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createMembershipPlan, req.body),
    );
    patch(
      '/membership-plans/:id',
      update,
      { ...byId, body: updateMembershipPlanRequestSchema, reply: membershipPlanSchema },
      (req) => runCommand(deps, req.auth!, updateMembershipPlan, { ...req.body, id: req.params.id }),
    );

    // ---- credit packages ----
    get('/packages', read, { query: creditPackageListQuerySchema, reply: creditPackageListResponseSchema }, (req) =>
      listCreditPackages(scoped(req), req.query),
    );
    exported('/packages/export', read, creditPackageExportQuerySchema, async (req) => ({
      fileName: 'packages',
      columns: PACKAGE_COLUMNS,
      rows: await listCreditPackagesForExport(scoped(req), req.query),
    }));
    get('/packages/:id', read, { ...byId, reply: creditPackageSchema }, (req) =>
      getCreditPackage(scoped(req), req.params.id),
    );
    holders('/packages/:id/holders', 'package', getCreditPackage);
    post(
      '/packages',
      create,
      { body: createCreditPackageRequestSchema, reply: creditPackageSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createCreditPackage, req.body),
    );
    patch(
      '/packages/:id',
      update,
      { ...byId, body: updateCreditPackageRequestSchema, reply: creditPackageSchema },
      (req) => runCommand(deps, req.auth!, updateCreditPackage, { ...req.body, id: req.params.id }),
    );

    // ---- short courses ----
    get('/short-courses', read, { query: shortCourseListQuerySchema, reply: shortCourseListResponseSchema }, (req) =>
      listShortCourses(scoped(req), req.query),
    );
    exported('/short-courses/export', read, shortCourseExportQuerySchema, async (req) => ({
      fileName: 'short-courses',
      columns: COURSE_COLUMNS,
      rows: await listShortCoursesForExport(scoped(req), req.query),
    }));
    get('/short-courses/:id', read, { ...byId, reply: shortCourseSchema }, (req) =>
      getShortCourse(scoped(req), req.params.id),
    );
    post(
      '/short-courses',
      create,
      { body: createShortCourseRequestSchema, reply: shortCourseSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createShortCourse, req.body),
    );
    patch(
      '/short-courses/:id',
      update,
      { ...byId, body: updateShortCourseRequestSchema, reply: shortCourseSchema },
      (req) => runCommand(deps, req.auth!, updateShortCourse, { ...req.body, id: req.params.id }),
    );
  };
}
