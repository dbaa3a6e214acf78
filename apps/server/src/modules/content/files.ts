import type { FileStorage } from '../../lib/storage.ts';

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
