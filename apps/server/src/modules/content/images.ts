/**
 * Uploaded images: what a file is comes from its bytes, decoded by `sharp` (libvips), never from its
 * name or the type the browser declared. A file sharp cannot decode as JPEG, PNG, WebP, GIF or AVIF is
 * refused; so is one larger than `IMAGE_MAX_BYTES` (413) or than `IMAGE_MAX_PIXELS` once decoded (a
 * decompression bomb: a few kilobytes that open to gigabytes), read from its header before any pixel
 * is decoded. An accepted image is turned upright (EXIF orientation), stripped of its metadata (a
 * phone's GPS position) and written again as WebP twice: a display copy and a thumbnail.
 */
import {
  IMAGE_DISPLAY_SIZE,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_THUMB_SIZE,
  type ImageUpload,
} from '@gym/contract/content';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors.ts';

/** The formats accepted, as sharp names them once it has read the header. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const refusal = (status: number, code: string, message: string) =>
  new AppError(status, status === 413 ? 'payload_too_large' : 'business_rule', message, [
    { path: 'content', code, message },
  ]);

export interface ProcessedImage {
  fileName: string;
  width: number;
  height: number;
  bytes: number;
  display: Buffer;
  thumb: Buffer;
}

/** The upload's name, as a label only: no folders, no control characters. */
function cleanName(fileName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return fileName.replace(/[\\/\u0000-\u001f\u007f]/g, '_').slice(0, 200);
}

/** Checks an upload by its content and makes its display copy and thumbnail; refuses what is not an image. */
export async function processImage(upload: ImageUpload): Promise<ProcessedImage> {
  const input = Buffer.from(upload.content, 'base64');
  if (input.length > IMAGE_MAX_BYTES) throw refusal(413, 'file_too_large', 'The image is larger than 10 MB');
  if (input.length === 0) throw refusal(422, 'not_an_image', 'The file is empty');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refusal(422, 'not_an_image', 'This file is not an image');
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) {
    throw refusal(422, 'not_an_image', 'This file is not an image');
  }
  if (
    meta.width * meta.height > IMAGE_MAX_PIXELS ||
    (meta.pages ?? 1) * meta.width * meta.height > IMAGE_MAX_PIXELS * 2
  ) {
    throw refusal(422, 'image_too_large', 'The image has too many pixels (at most 40 megapixels)');
  }
  const resized = (size: number, quality: number) =>
    sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  try {
    const [display, thumb] = [await resized(IMAGE_DISPLAY_SIZE, 82), await resized(IMAGE_THUMB_SIZE, 75)];
    return {
      fileName: cleanName(upload.fileName),
      width: display.info.width,
      height: display.info.height,
      bytes: display.data.length,
      display: display.data,
      thumb: thumb.data,
    };
  } catch {
    // A header that promised an image whose pixels then do not decode (a truncated or forged file).
    throw refusal(422, 'not_an_image', 'This file is not an image');
  }
}
