/**
 * Tenant rows of the content and e-signature modules, for `tenant-data.ts`: what the isolation and
 * bad-input suites find of an organisation's images, news, albums, slides and signed agreements.
 */
import { albumPhotos, albums, contentImages, news, slides } from '../db/schema/index.ts';
import { runCommand, systemCaller } from '../lib/use-case.ts';
import { installDefaultTemplates } from '../modules/signatures/index.ts';
import type { TestContext, TestOrganisation } from './harness.ts';

/** Content rows: an image (its row only: no file), news, an album with the image, a slide. */
export async function fillContent(ctx: TestContext, organisationId: string) {
  const { db } = ctx.database;
  const [image] = await db
    .insert(contentImages)
    .values({ organisationId, fileName: 'a.jpg', contentType: 'image/webp', width: 10, height: 10, bytes: 10 })
    .returning();
  const [item] = await db
    .insert(news)
    .values({ organisationId, title: 'Theirs', body: '<p>x</p>', imageId: image!.id })
    .returning();
  const [album] = await db.insert(albums).values({ organisationId, title: 'Theirs' }).returning();
  const [photo] = await db
    .insert(albumPhotos)
    .values({ organisationId, albumId: album!.id, imageId: image!.id, position: 0 })
    .returning();
  const [slide] = await db
    .insert(slides)
    .values({ organisationId, title: 'Theirs', imageId: image!.id, position: 0 })
    .returning();
  return { image: image!.id, news: item!.id, album: album!.id, albumPhoto: photo!.id, slide: slide!.id };
}

/** A 1 × 1 PNG (a drawn signature). */
const SIGNATURE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * E-signature rows: the starting templates, a waiver sent by link and signed (its events, the
 * signed document, and the sealing certificate made at that first signing).
 */
export async function fillSignatures(ctx: TestContext, org: TestOrganisation, memberId: string) {
  await runCommand(ctx.deps, systemCaller(org.id, 'test data'), installDefaultTemplates, {});
  const manager = await org.signIn('manager');
  const templates = (await ctx.pro('GET', '/agreement-templates?kind=waiver&language=en', manager)).json().items;
  const sent = await ctx.pro('POST', '/signature-requests', manager, {
    memberId,
    templateId: templates[0].id,
    channel: 'link',
  });
  const signed = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/signatures/${sent.json().token}`,
    payload: { consent: true, signerName: 'Seeded Signer', signaturePng: SIGNATURE_PNG },
  });
  if (signed.statusCode !== 201) throw new Error(`signing failed: ${signed.statusCode} ${signed.body}`);
}
