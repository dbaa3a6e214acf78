import { z } from 'zod';
import { EXPORT_FORMATS, isoDateSchema } from './members.ts';
import { listQuerySchema, pageOf } from './pagination.ts';

/**
 * Every action the audit log records: the server's `audit()` takes only these (a type), and the
 * web's unit test fails on one without its words in every language.
 */
export const AUDIT_ACTIONS = [
  'staff.role_changed',
  'staff.access_changed',
  'staff.activated',
  'staff.deactivated',
  'staff.signed_out',
  'staff.card_attached',
  'staff.card_detached',
  'member.registered',
  'member.card_attached',
  'member.card_detached',
  'member.card_lost',
  'member.erased',
  'member.privacy_exported',
  'config.changed',
  'config.maintenance_changed',
  'reader.created',
  'reader.secret_rotated',
  'reader.renamed',
  'reader.moved',
  'reader.activated',
  'reader.deactivated',
  'reader.deleted',
  'invoice.price_overridden',
  'invoice.refunded',
  'invoice.voided',
  'expenditure.updated',
  'expenditure.deleted',
  'commission.rule_changed',
  'entry.overridden',
  'class_type.created',
  'class_type.updated',
  'class_type.deactivated',
  'class.created',
  'class.updated',
  'class.cancelled',
  'class.imported',
  'booking.waived',
  'pt_session.completed',
  'pt_session.no_show',
  'pt_session.cancelled',
  'pt_session.late_cancelled',
  'trainer.hours_changed',
  'trainer.day_off_added',
  'trainer.day_off_changed',
  'trainer.day_off_removed',
  'product.created',
  'product.updated',
  'product_set.created',
  'product_set.updated',
  'coupon.created',
  'coupon.updated',
  'offer.created',
  'offer.updated',
  'stock.received',
  'stock.adjusted',
  'payment_settings.changed',
  'online_payment.review_needed',
  'online_payment.refunded',
  'pay_link.revoked',
  'pay_link.emailed',
  'member.payment_id_renewed',
  'agreement_template.created',
  'agreement_template.updated',
  'signature_request.sent',
  'signature_request.revoked',
  'signing_certificate.uploaded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = [
  'member',
  'staff',
  'reader',
  'config',
  'invoice',
  'expenditure',
  'commission',
  'entry',
  'class_type',
  'class',
  'booking',
  'pt_session',
  'product',
  'product_set',
  'coupon',
  'offer',
  'online_payment',
  'pay_link',
  'agreement_template',
  'signature_request',
  'signing_certificate',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  centerId: z.string().nullable(),
  summary: z.string(),
  /** The changed fields only, before and after. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * `GET pro/audit`: newest first. `from`/`to` are business dates (inclusive) in the organisation's
 * time zone; `keyword` searches the summary and the actor's name.
 */
export const auditListQuerySchema = listQuerySchema.extend({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  actorId: z.uuid().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditListResponseSchema = pageOf(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
export const auditExportQuerySchema = auditListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });
