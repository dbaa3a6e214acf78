import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core on `page`, working out violations only: the rules that pass are checked on one node each
 * rather than reported for every node (axe's `resultTypes`), which makes a run several times
 * cheaper on a big screen; every violation is still found and listed with all its nodes.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
