export const ITEM_TYPES = ['membership', 'package', 'short_course', 'product', 'product_set'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
