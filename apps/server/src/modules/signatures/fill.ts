/**
 * A template's text with its placeholders (`{{member.name}}`, ...) filled from the member, the sale
 * and the centre. A placeholder with nothing to say is left empty; an unknown one is left as written.
 */
import { AGREEMENT_PLACEHOLDERS } from '@gym/contract/signatures';

export type PlaceholderValues = Partial<Record<(typeof AGREEMENT_PLACEHOLDERS)[number], string | null>>;

export function fillTemplate(text: string, values: PlaceholderValues): string {
  return text.replace(/\{\{\s*([a-z]+\.?[a-z]*)\s*\}\}/gi, (whole, name: string) =>
    (AGREEMENT_PLACEHOLDERS as readonly string[]).includes(name)
      ? (values[name as keyof PlaceholderValues] ?? '')
      : whole,
  );
}
