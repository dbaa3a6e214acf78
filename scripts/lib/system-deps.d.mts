export const CHROMIUM: string;
export const PG_BIN: string;
export function ensureSystemDeps(opts?: { chromium?: boolean; postgres?: boolean }): void;
export function whoami(): string;
