/**
 * Which templates the desk is offered when it sends an agreement to a member: those in the member's
 * language (all of them when none is), of one kind when the screen asks for one (the sale asks for the
 * membership terms), and which one is chosen first.
 */
import type { AgreementKind, AgreementTemplate } from '@gym/contract/signatures';
import { isApiError } from '../../shared/api/client';

export interface AgreementOption {
  value: string;
  label: string;
  kind: AgreementKind;
}

export function agreementOptions(
  templates: readonly AgreementTemplate[],
  language: string,
  kind?: AgreementKind,
): AgreementOption[] {
  const ofKind = kind ? templates.filter((tpl) => tpl.kind === kind) : templates;
  const inLanguage = ofKind.filter((tpl) => tpl.language === language);
  return (inLanguage.length ? inLanguage : ofKind).map((tpl) => ({
    value: tpl.id,
    label: `${tpl.title} (${tpl.language}, v${tpl.version})`,
    kind: tpl.kind,
  }));
}

/** The template chosen until staff choose another: the one of `preferred` kind, else the first. */
export function firstChoice(options: readonly AgreementOption[], preferred: AgreementKind): string | undefined {
  return options.find((o) => o.kind === preferred)?.value ?? options[0]?.value;
}

/** The sale was refused because the member has not signed the membership terms (the organisation requires them). */
export const isTermsUnsigned = (error: unknown): boolean =>
  isApiError(error) && error.error === 'membership_terms_unsigned';
