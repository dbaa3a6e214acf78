/**
 * Member photos as JPEG data URLs no larger than 600 px on their long side: about 50–120 kB, well
 * under the contract's limit, whatever a phone camera or a webcam delivers.
 */
export const PHOTO_MAX_SIDE = 600;
const QUALITY = 0.85;

export function scaledSize(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function drawToJpeg(source: CanvasImageSource, width: number, height: number): string {
  const size = scaledSize(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas_unavailable');
  // A transparent PNG would turn black in a JPEG: paint white below it.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', QUALITY);
}

export async function fileToPhoto(file: File): Promise<string> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) throw new Error('photo_format');
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return drawToJpeg(image, image.naturalWidth, image.naturalHeight);
  } finally {
    URL.revokeObjectURL(url);
  }
}
