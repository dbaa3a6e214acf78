import type { AppDeps } from '../../deps.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { sweepUnusedImages } from './release-images.ts';

/** The storage keys of an image's two copies. */
export const imageKeys = (id: string) => ({ display: id, thumb: `${id}.thumb` });

/** Removes images' copies (after their rows are gone); a failure leaves an orphan file, never an error. */
export async function removeImageFiles(storage: FileStorage, organisationId: string, ids: string[]): Promise<void> {
  await Promise.all(
    ids.flatMap((id) =>
      Object.values(imageKeys(id)).map((key) => storage.remove(organisationId, key).catch(() => undefined)),
    ),
  );
}

/** The sweep of unused uploads (`sweepUnusedImages`) with their files; answers how many went. */
export async function sweepImages(deps: AppDeps, storage: FileStorage): Promise<number> {
  const gone = await sweepUnusedImages(deps.database.db, deps.clock.now());
  for (const { organisationId, id } of gone) await removeImageFiles(storage, organisationId, [id]);
  return gone.length;
}
