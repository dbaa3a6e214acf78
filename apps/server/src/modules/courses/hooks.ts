/**
 * A short course's enrolments are its members' `short_course` entitlements: selling one checks the
 * course's place and books the member into its sessions not started; a refund or a transfer gives
 * those sessions up. The selling and entitlements modules call these through the entitlements
 * module's hooks, in their own transaction, without knowing courses.
 */
import { registerEntitlementHooks } from '../entitlements/index.ts';
import { assertCoursePlace, enrol, releaseSessions } from './sessions.ts';

registerEntitlementHooks('short_course', {
  beforeGrant: (ctx, { itemId, path }) => assertCoursePlace(ctx, { courseId: itemId, path }),
  granted: async (ctx, { entitlementId, memberId, itemId }) => {
    await enrol(ctx, { enrolment: { id: entitlementId, memberId }, courseId: itemId });
  },
  released: async (ctx, { entitlementId, reason }) => {
    await releaseSessions(ctx, { entitlementId, reason });
  },
});
