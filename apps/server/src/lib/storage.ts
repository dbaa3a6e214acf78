/**
 * Where uploaded files are kept: under `DATA_DIR/files/<organisation>/<key>` by default, or in an
 * S3-compatible bucket (`FILE_STORAGE=s3`, objects `<prefix><organisation>/<key>`). Keys are made by
 * the caller from ids it made; the organisation is part of every path, so one organisation's key
 * never reaches another's file. Stored objects are never changed: a new file is a new key.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config.ts';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(organisationId: string, key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  open(organisationId: string, key: string): Promise<StoredFile | null>;
  remove(organisationId: string, key: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z]{1,10})?$/;

/** Both parts are ids the server made; anything else never reaches a path or an object name. */
function checkPath(organisationId: string, key: string): void {
  if (!UUID.test(organisationId) || !KEY.test(key)) throw new Error('bad file path');
}

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private path(organisationId: string, key: string): string {
    checkPath(organisationId, key);
    return join(this.root, organisationId, key);
  }

  async put(organisationId: string, key: string, bytes: Buffer): Promise<void> {
    const path = this.path(organisationId, key);
    await mkdir(join(this.root, organisationId), { recursive: true, mode: 0o700 });
    await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
  }

  async open(organisationId: string, key: string): Promise<StoredFile | null> {
    const path = this.path(organisationId, key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch {
      return null;
    }
  }

  async remove(organisationId: string, key: string): Promise<void> {
    await rm(this.path(organisationId, key), { force: true });
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`endpoint/bucket/key`): MinIO and most self-hosted S3 servers want it. */
  forcePathStyle: boolean;
  prefix: string;
}

/** An S3-compatible bucket, through `@aws-sdk/client-s3` (loaded only when configured). */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private client: Promise<typeof import('@aws-sdk/client-s3') & { s3: import('@aws-sdk/client-s3').S3Client }>;

  constructor(readonly settings: S3Settings) {
    this.client = import('@aws-sdk/client-s3').then((sdk) => ({
      ...sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: several S3-compatible servers refuse the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      }),
    }));
  }

  private objectKey(organisationId: string, key: string): string {
    checkPath(organisationId, key);
    return `${this.settings.prefix}${organisationId}/${key}`;
  }

  async put(organisationId: string, key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { s3, PutObjectCommand } = await this.client;
    await s3.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(organisationId, key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async open(organisationId: string, key: string): Promise<StoredFile | null> {
    const { s3, GetObjectCommand } = await this.client;
    try {
      const out = await s3.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(organisationId, key) }),
      );
      if (!out.Body) return null;
      const bytes = Buffer.from(await out.Body.transformToByteArray());
      return { stream: Readable.from([bytes]), size: bytes.length };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async remove(organisationId: string, key: string): Promise<void> {
    const { s3, DeleteObjectCommand } = await this.client;
    await s3.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(organisationId, key) }));
  }
}

/** The storage the configuration names: the data directory unless `FILE_STORAGE=s3`. */
export function createFileStorage(config: Config): FileStorage {
  if (config.FILE_STORAGE === 's3') {
    return new S3FileStorage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return new LocalFileStorage(join(config.dataDir, 'files'));
}
