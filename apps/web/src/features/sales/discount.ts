/**
 * Who may give a manual discount on a sale line, and how much: within the organisation's cap
 * (`manualDiscountCapBp` of the line, from the public configuration) anyone who sells, with a reason;
 * beyond it only with the price-override permission (the server's rule, decision 367).
 */
import { type Minor, minor } from '@gym/contract/money';
import { largestCappedDiscount } from '@gym/contract/pricing';
import { useAbility } from '../../shared/acl';
import { usePublicConfig } from '../../shared/publicConfig';
import { rateText } from './plan';

export interface DiscountRights {
  /** Whether this user may give a discount at all (a field is shown). */
  canDiscount: boolean;
  /** The price-override permission: any discount up to the whole line. */
  beyondCap: boolean;
  /** The cap as a percentage text (`10`, `7.5`). */
  capText: string;
  /** The largest discount this user may give on a line of `grossMinor`. */
  largest: (grossMinor: number) => Minor;
}

export function discountRights(beyondCap: boolean, capBp: number): DiscountRights {
  return {
    canDiscount: beyondCap || capBp > 0,
    beyondCap,
    capText: rateText(capBp),
    largest: (grossMinor) => (beyondCap ? minor(grossMinor) : largestCappedDiscount(grossMinor, capBp)),
  };
}

export function useDiscountRights(): DiscountRights {
  const ability = useAbility();
  const config = usePublicConfig();
  return discountRights(ability.can('create', 'PriceOverride'), config.data?.manualDiscountCapBp ?? 0);
}
