import './hooks.ts';

export { courseRoutes } from './routes.ts';
export {
  assertSessionsFit,
  bookEnrolledInto,
  courseForSessions,
  lockCourse,
} from './sessions.ts';
