import { z } from 'zod';

/** Stable error codes; the web app translates them (`errors:<code>`). */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'account_locked',
  'sign_in_slowed',
  'account_inactive',
  'token_invalid',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'email_taken',
  'initial_taken',
  'registration_closed',
  'business_rule',
  'payload_too_large',
  'rate_limited',
  'reader_unauthenticated',
  'maintenance',
  'duplicate_member',
  'card_in_use',
  'code_taken',
  'name_taken',
  'sn_taken',
  'token_used',
  'import_invalid',
  'last_center',
  'not_allowed_role',
  'stock_short',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'exports_busy',
  'database_unavailable',
  'checkout_closed',
  'payment_provider_unavailable',
  'pay_link_paid',
  'pay_link_expired',
  'pay_link_revoked',
  'pay_link_outdated',
  'member_no_email',
  'webhook_signature_invalid',
  'refund_refused',
  'signature_link_used',
  'signature_link_expired',
  'signature_link_revoked',
  'membership_terms_unsigned',
  'payment_overdue',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ path: z.string(), code: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** Extra facts for the caller, e.g. `duplicates` of a 409 `duplicate_member`, `rows` of an import refusal. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
