export { courseRoutes } from './routes.ts';
export {
  assertCoursePlace,
  assertSessionsFit,
  bookEnrolledInto,
  courseForSessions,
  enrol,
  lockCourse,
  releaseSessions,
} from './sessions.ts';
