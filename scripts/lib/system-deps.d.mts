export const CHROMIUM: string;
export const PG_BIN: string;
export const REDIS: string;
export const NGINX: string;
export const CJK_FONT: string;
export function ensureSystemDeps(opts?: {
  chromium?: boolean;
  postgres?: boolean;
  redis?: boolean;
  cjkFont?: boolean;
  nginx?: boolean;
}): void;
export function whoami(): string;
