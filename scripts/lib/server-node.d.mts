export const SERVER_NODE_FLAGS: readonly string[];
export function partitionFlags(options: string): { flags: string[]; unknown: string[] };
export function serverNodeFlags(): { flags: string[]; unknown: string[] };
