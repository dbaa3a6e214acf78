/** What the app and other modules may use of the signatures module. */
export { DEFAULT_TEMPLATES } from './default-templates.ts';
export { signaturePublicRoutes } from './public-routes.ts';
export { hasSigned } from './queries.ts';
export { signatureRoutes } from './routes.ts';
export { installDefaultTemplates } from './templates.ts';
