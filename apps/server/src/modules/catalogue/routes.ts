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
import { can } from '../../lib/access.ts';
import { resourceRoutes, routeTable } from '../../lib/routes.ts';
import type { Cell, ExportColumn } from '../../lib/table-export.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { queryContext } from '../../lib/use-case.ts';
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
    const routes = routeTable(app, tags);
    const resource = resourceRoutes(routes, deps, 'Catalogue');
    const params = catalogueIdParamsSchema;
    /** The members holding a plan or package, once the caller may see it (`find` answers 404 otherwise). */
    const holders = (
      url: string,
      kind: 'membership' | 'package',
      find: (db: TenantDb, id: string) => Promise<unknown>,
    ) =>
      routes.get(
        url,
        can('read', 'Catalogue'),
        { params, query: holderListQuerySchema, reply: holderListResponseSchema },
        async (req) => {
          const query = queryContext(deps, req.auth!);
          await find(query.db, req.params.id);
          return listHolders(query, { ...req.query, item: { kind, id: req.params.id } });
        },
      );

    resource('/membership-plans', {
      list: {
        query: membershipPlanListQuerySchema,
        reply: membershipPlanListResponseSchema,
        read: listMembershipPlans,
      },
      export: {
        query: membershipPlanExportQuerySchema,
        fileName: 'membership-plans',
        columns: PLAN_COLUMNS,
        rows: listMembershipPlansForExport,
      },
      item: { params, reply: membershipPlanSchema, read: getMembershipPlan },
      create: { body: createMembershipPlanRequestSchema, command: createMembershipPlan },
      update: { body: updateMembershipPlanRequestSchema, command: updateMembershipPlan },
    });
    holders('/membership-plans/:id/holders', 'membership', getMembershipPlan);

    resource('/packages', {
      list: { query: creditPackageListQuerySchema, reply: creditPackageListResponseSchema, read: listCreditPackages },
      export: {
        query: creditPackageExportQuerySchema,
        fileName: 'packages',
        columns: PACKAGE_COLUMNS,
        rows: listCreditPackagesForExport,
      },
      item: { params, reply: creditPackageSchema, read: getCreditPackage },
      create: { body: createCreditPackageRequestSchema, command: createCreditPackage },
      update: { body: updateCreditPackageRequestSchema, command: updateCreditPackage },
    });
    holders('/packages/:id/holders', 'package', getCreditPackage);

    resource('/short-courses', {
      list: { query: shortCourseListQuerySchema, reply: shortCourseListResponseSchema, read: listShortCourses },
      export: {
        query: shortCourseExportQuerySchema,
        fileName: 'short-courses',
        columns: COURSE_COLUMNS,
        rows: listShortCoursesForExport,
      },
      item: { params, reply: shortCourseSchema, read: getShortCourse },
      create: { body: createShortCourseRequestSchema, command: createShortCourse },
      update: { body: updateShortCourseRequestSchema, command: updateShortCourse },
    });
  };
}
