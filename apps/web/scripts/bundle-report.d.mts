export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  js: ChunkSize[];
  css: ChunkSize[];
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
}

export const LOGIN_BUDGET_GZIP_BYTES: number;
export const LOGIN_ROUTE_MODULES: string[];
export function readManifest(distDir: string): Manifest;
export function entryKey(manifest: Manifest): string;
export function staticClosure(manifest: Manifest, roots: string[]): Set<string>;
export function sizeOf(distDir: string, file: string): ChunkSize;
export function routeBundle(distDir: string, routeModules?: string[]): RouteBundle;
export function eagerScreens(manifest: Manifest): string[];
export function allChunks(distDir: string): ChunkSize[];
export function main(distDir: string): boolean;
