import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { IMAGE_MAX_BYTES } from '@gym/contract/content';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers } from '../../db/schema/index.ts';
import { settableClock } from '../../lib/clock.ts';
import { createFileStorage } from '../../lib/storage.ts';
import { csvLines } from '../../test/exports.ts';
import { createTestContext, type Headers, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { sweepImages } from './files.ts';
import { UNUSED_IMAGE_AFTER_MS } from './release-images.ts';

let ctx: TestContext, org: TestOrganisation, other: TestOrganisation, manager: Headers, otherManager: Headers;
let centerA = '',
  centerB = '';
let dataDir = '';
// 01:30 UTC: 09:30 in Hong Kong (centre A), 22:30 the day before in São Paulo (centre B).
const clock = settableClock('2026-06-01T01:30:00Z');

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);
const upload = (fileName: string, bytes: Buffer) => ({ fileName, content: bytes.toString('base64') });
const publicGet = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/public${url}` });

const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

/** A PNG whose header says 50000 × 50000 (2.5 gigapixels) in 300 bytes: a decompression bomb. */
function bombPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(50_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadImage(headers: Headers, bytes?: Buffer, name = 'photo.jpg') {
  const res = await req('POST', '/content-images', headers, upload(name, bytes ?? (await photo())));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; thumbUrl: string; width: number; height: number };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'content-'));
  ctx = await createTestContext({ DATA_DIR: dataDir }, { clock });
  org = await ctx.newOrganisation();
  other = await ctx.newOrganisation();
  [centerA, centerB] = org.centers.map((c) => c.id) as [string, string];
  await ctx.database.db.update(centers).set({ timeZone: 'America/Sao_Paulo' }).where(eq(centers.id, centerB));
  manager = await org.signIn('manager');
  otherManager = await other.signIn('manager');
});
afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('image uploads', () => {
  it('keep a resized display copy and a thumbnail, served with their type and a long cache', async () => {
    const image = await uploadImage(manager, await photo(3000, 2000));
    expect([image.width, image.height]).toEqual([1600, 1067]);
    const display = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(display.headers['cache-control']).toContain('immutable');
    expect(display.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await ctx.app.inject({ method: 'GET', url: image.thumbUrl });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 267]);
    expect(readdirSync(join(dataDir, 'files', org.id))).toEqual(
      expect.arrayContaining([image.id, `${image.id}.thumb`]),
    );
  });

  it('refuse a file that is not an image, whatever its name says', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    // JPEG's first bytes and nothing that decodes after them.
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    for (const [name, bytes] of [
      ['holiday.jpg', exe],
      ['banner.png', html],
      ['team.jpeg', forged],
    ] as const) {
      const res = await req('POST', '/content-images', manager, upload(name, bytes));
      expect(res.statusCode, name).toBe(422);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'content', code: 'not_an_image' })]);
    }
    expect(readdirSync(join(dataDir, 'files', org.id))).toHaveLength(2);
  });

  it('refuse a file over 10 MB with 413, and an image of too many pixels (a decompression bomb)', async () => {
    const huge = await req(
      'POST',
      '/content-images',
      manager,
      upload('big.jpg', Buffer.alloc(IMAGE_MAX_BYTES + 1024, 1)),
    );
    expect(huge.statusCode).toBe(413);
    const bomb = await req('POST', '/content-images', manager, upload('small.png', bombPng()));
    expect(bomb.statusCode, bomb.body).toBe(422);
    expect(bomb.json().fields[0]).toMatchObject({ path: 'content', code: 'image_too_large' });
  });

  it('are not found under another organisation’s address', async () => {
    const image = await uploadImage(manager);
    const elsewhere = image.url.replace(`/${org.initial.toLowerCase()}/`, `/${other.initial.toLowerCase()}/`);
    expect((await ctx.app.inject({ method: 'GET', url: elsewhere })).statusCode).toBe(404);
    const res = await req('POST', '/news', otherManager, { title: 'Stolen', body: '<p>x</p>', imageId: image.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0].path).toBe('imageId');
  });
});

describe('news', () => {
  it('keeps its rich text without scripts or event handlers', async () => {
    const res = await req('POST', '/news', manager, {
      title: 'Summer timetable',
      body: '<p onclick="steal()">New <strong>classes</strong><script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)"><a href="javascript:alert(3)">here</a><iframe src="https://evil.test"></iframe></p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { body } = res.json();
    expect(body).toBe(
      '<p>New <strong>classes</strong><img src="https://x.test/a.png" /><a target="_blank" rel="noopener noreferrer">here</a></p>',
    );
    expect(body).not.toMatch(/script|onerror|onclick|javascript|iframe/);
  });

  it('refuses bad input beside the field', async () => {
    const empty = await req('POST', '/news', manager, { title: ' ', body: '<p></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.map((f: { path: string }) => f.path)).toContain('title');
    const onlyScript = await req('POST', '/news', manager, { title: 'T', body: '<script>x</script>' });
    expect(onlyScript.statusCode).toBe(422);
    expect(onlyScript.json().fields[0].path).toBe('body');
    const window = await req('POST', '/news', manager, {
      title: 'T',
      body: 'x',
      publishFrom: '2026-06-02T10:00',
      publishUntil: '2026-06-02T09:00',
    });
    expect(window.statusCode).toBe(400);
    expect(window.json().fields[0]).toMatchObject({ path: 'publishUntil' });
    const centre = await req('POST', '/news', manager, { title: 'T', body: 'x', centerIds: [other.centers[0]!.id] });
    expect(centre.statusCode).toBe(404);
    expect(centre.json().fields[0].path).toBe('centerIds.0');
  });

  it('lists with search, filters, sort and pages, and exports', async () => {
    await req('POST', '/news', manager, {
      title: 'Yoga week',
      body: '<p>Yoga</p>',
      centerIds: [centerB],
      languages: ['de'],
    });
    const search = await req('GET', '/news?keyword=yoga', manager);
    expect(search.json().items.map((n: { title: string }) => n.title)).toEqual(['Yoga week']);
    const atA = await req('GET', `/news?centerId=${centerA}&sort=title`, manager);
    expect(atA.json().items.map((n: { title: string }) => n.title)).not.toContain('Yoga week');
    const english = await req('GET', '/news?language=en', manager);
    expect(english.json().items.map((n: { title: string }) => n.title)).not.toContain('Yoga week');
    const paged = await req('GET', '/news?pageSize=1&page=2&sort=title', manager);
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1 });
    const csv = await req('GET', '/news/export?format=csv&keyword=yoga', manager);
    expect(csv.statusCode).toBe(200);
    expect(csvLines(csv)[1]).toContain('Yoga week');
  });

  it('of another organisation answer 404', async () => {
    const mine = (await req('POST', '/news', manager, { title: 'Ours', body: 'x' })).json();
    expect((await req('GET', `/news/${mine.id}`, otherManager)).statusCode).toBe(404);
    expect((await req('PATCH', `/news/${mine.id}`, otherManager, { title: 'Theirs' })).statusCode).toBe(404);
    expect((await req('DELETE', `/news/${mine.id}`, otherManager)).statusCode).toBe(404);
    expect((await req('GET', `/news/${mine.id}`, manager)).json().title).toBe('Ours');
  });

  it('replaced or deleted takes its image along when nothing else shows it', async () => {
    const gone = (image: { thumbUrl: string }) =>
      ctx.app.inject({ method: 'GET', url: image.thumbUrl }).then((r) => r.statusCode === 404);
    const first = await uploadImage(manager);
    const item = (await req('POST', '/news', manager, { title: 'Gone soon', body: 'x', imageId: first.id })).json();
    expect(await gone(first)).toBe(false);
    const second = await uploadImage(manager);
    const changed = await req('PATCH', `/news/${item.id}`, manager, { imageId: second.id });
    expect(changed.json().image.id).toBe(second.id);
    expect(await gone(first)).toBe(true);
    expect((await req('DELETE', `/news/${item.id}`, manager)).statusCode).toBe(204);
    expect(await gone(second)).toBe(true);
    expect(readdirSync(join(dataDir, 'files', org.id))).not.toContain(`${second.id}.thumb`);
  });

  it('an upload nothing used within a day is swept with its files; one in use is kept', async () => {
    const storage = createFileStorage(ctx.deps.config);
    const left = await uploadImage(manager);
    const used = await uploadImage(manager);
    const slide = (
      await req('POST', '/slides', manager, { title: 'Kept', imageId: used.id, linkUrl: 'https://gym.test/x' })
    ).json();
    // Not yet a day: nothing goes (a form may still be open).
    expect(await sweepImages(ctx.deps, storage)).toBe(0);
    const start = clock.now();
    clock.set(new Date(start.getTime() + UNUSED_IMAGE_AFTER_MS + 60_000));
    try {
      expect(await sweepImages(ctx.deps, storage)).toBeGreaterThanOrEqual(1);
      const files = readdirSync(join(dataDir, 'files', org.id));
      expect(files).not.toContain(left.id);
      expect(files).not.toContain(`${left.id}.thumb`);
      expect(files).toContain(`${used.id}.thumb`);
      expect((await ctx.app.inject({ method: 'GET', url: left.thumbUrl })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: used.thumbUrl })).statusCode).toBe(200);
      // Swept once: a second sweep finds nothing of it.
      expect(await sweepImages(ctx.deps, storage)).toBe(0);
    } finally {
      clock.set(start);
      await req('DELETE', `/slides/${slide.id}`, manager);
    }
  });
});

describe('public feeds', () => {
  it('show what is published now in each centre’s time zone, in the language asked for, with cache headers', async () => {
    // 09:00 has passed in Hong Kong (09:30) but not in São Paulo (22:30 the evening before).
    const morning = (
      await req('POST', '/news', manager, { title: 'Opens at nine', body: 'x', publishFrom: '2026-06-01T09:00' })
    ).json();
    await req('POST', '/news', manager, { title: 'Ended', body: 'x', publishUntil: '2026-06-01T09:15' });
    await req('POST', '/news', manager, { title: 'Draft', body: 'x', published: false });
    await req('POST', '/news', manager, { title: 'Auf Deutsch', body: 'x', languages: ['de'] });
    const titles = async (query: string) => {
      const res = await publicGet(`/${org.initial.toLowerCase()}/news?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      return res.json().items.map((n: { title: string }) => n.title) as string[];
    };
    const atA = await titles('center=A');
    expect(atA).toContain('Opens at nine');
    expect(atA).not.toContain('Ended');
    expect(atA).not.toContain('Draft');
    expect(atA).not.toContain('Auf Deutsch');
    const atB = await titles('center=B');
    expect(atB).not.toContain('Opens at nine');
    expect(atB).toContain('Ended');
    expect(await titles('center=A&lang=de')).toContain('Auf Deutsch');
    expect(morning.publishFrom).toBe('2026-06-01T09:00');
  });

  it('show the slides in the slider’s order, and a centre’s only there', async () => {
    const image = await uploadImage(manager);
    const slide = async (title: string, extra: Record<string, unknown> = {}) => {
      const res = await req('POST', '/slides', manager, {
        title,
        imageId: image.id,
        linkUrl: 'https://gym.test/offer',
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const first = await slide('First');
    const second = await slide('Second');
    const onlyB = await slide('Only at B', { centerIds: [centerB] });
    const order = await req('PUT', '/slide-order', manager, { ids: [second, onlyB, first] });
    expect(order.statusCode, order.body).toBe(200);
    const feed = await publicGet(`/${org.initial}/slides?center=A`);
    expect(feed.headers['cache-control']).toMatch(/public/);
    expect(feed.json().items.map((s: { title: string }) => s.title)).toEqual(['Second', 'First']);
    expect(feed.json().items[0].image.url).toMatch(new RegExp(`/files/${image.id}/display$`));
    const stale = await req('PUT', '/slide-order', manager, { ids: [second, first] });
    expect(stale.statusCode).toBe(409);
    expect((await req('PATCH', `/slides/${first}`, otherManager, { title: 'x' })).statusCode).toBe(404);
    expect((await publicGet('/NOSUCH/slides')).statusCode).toBe(404);
  });
});

describe('albums', () => {
  it('hold photos in order, reordered and removed, another organisation’s answer 404', async () => {
    const album = (await req('POST', '/albums', manager, { title: 'Open day' })).json();
    const photos = [];
    for (let i = 0; i < 3; i++) {
      const image = await uploadImage(manager);
      const res = await req('POST', `/albums/${album.id}/photos`, manager, { imageId: image.id });
      expect(res.statusCode, res.body).toBe(201);
      photos.push(res.json().id as string);
    }
    const reversed = [...photos].reverse();
    const reordered = await req('PUT', `/albums/${album.id}/photo-order`, manager, { ids: reversed });
    expect(reordered.json().photos.map((p: { id: string }) => p.id)).toEqual(reversed);
    const removedImage = reordered.json().photos[0].image;
    expect((await req('DELETE', `/albums/${album.id}/photos/${reversed[0]}`, manager)).statusCode).toBe(204);
    const after = (await req('GET', `/albums/${album.id}`, manager)).json();
    expect(after.photoCount).toBe(2);
    expect((await ctx.app.inject({ method: 'GET', url: removedImage.url })).statusCode).toBe(404);
    const list = (await req('GET', '/albums?keyword=open', manager)).json();
    expect(list.items[0]).toMatchObject({ title: 'Open day', photoCount: 2 });
    expect((await req('GET', `/albums/${album.id}`, otherManager)).statusCode).toBe(404);
    expect((await req('DELETE', `/albums/${album.id}/photos/${reversed[1]}`, otherManager)).statusCode).toBe(404);
    expect((await req('DELETE', `/albums/${album.id}`, manager)).statusCode).toBe(204);
  });
});
