import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { createFileStorage, type FileStorage, LocalFileStorage, S3FileStorage } from './storage.ts';

let s3: TestS3;
let dir = '';
beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(join(tmpdir(), 'storage-'));
});
afterAll(async () => {
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const org = randomUUID();
const other = randomUUID();

async function roundTrip(storage: FileStorage) {
  const key = randomUUID();
  await storage.put(org, key, Buffer.from('pixels'), 'image/webp');
  const file = await storage.open(org, key);
  expect(file?.size).toBe(6);
  expect(await text(file!.stream)).toBe('pixels');
  // Another organisation's path with the same key holds nothing.
  expect(await storage.open(other, key)).toBeNull();
  await storage.remove(org, key);
  expect(await storage.open(org, key)).toBeNull();
  // Only keys the server made reach a path or an object name.
  await expect(storage.open(org, '../../etc/passwd')).rejects.toThrow('bad file path');
}

describe('file storage', () => {
  it('keeps files under DATA_DIR by default', async () => {
    const storage = createFileStorage(loadConfig({ DATA_DIR: dir }));
    expect(storage).toBeInstanceOf(LocalFileStorage);
    await roundTrip(storage);
  });

  it('keeps them in an S3-compatible bucket when configured', async () => {
    const storage = createFileStorage(
      loadConfig({
        FILE_STORAGE: 's3',
        S3_BUCKET: 'gym',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_PREFIX: 'files/',
      }),
    );
    expect(storage).toBeInstanceOf(S3FileStorage);
    const key = randomUUID();
    await storage.put(org, key, Buffer.from('x'), 'image/webp');
    expect(s3.objects.get(`gym/files/${org}/${key}`)).toMatchObject({ contentType: 'image/webp' });
    await roundTrip(storage);
  });

  it('refuses S3 without a bucket at start', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
